C-----------------------------------------------------------------------
C     KRY_ILU -- the 2-D heat DAE of KRY_HEAT_BAND with the Krylov
C     method and DASKR's sparse incomplete-LU preconditioner module
C     (DSPSETUP, DJACILU, DPSOLILU), with the IPAR/RPAR conventions of
C     dilupre.f:
C        IPAR(1) = ML, IPAR(2) = MU (difference-quotient band, both M)
C        IPAR(3) = LENPFAC = 5 (5-point stencil)
C        IPAR(4) = LENPLUFAC = 5, IPAR(5) = IPREMETH (1 ILUT, 2 ILUTP)
C        IPAR(6) = LFILILUT = 5, IPAR(7) = IREORDER (1 = RCM)
C        IPAR(8) = ISRNORM, IPAR(9) = NORMTYPE, IPAR(10) = JACOUT = 0
C        IPAR(11) = JSCALCOL, IPAR(30) = RES calls in DJACILU (output)
C        RPAR(1) = TOLILUT = 1.0D-3, RPAR(2) = PERMTOL = 0.01.
C     DJACILU and DPSOLILU are passed to DDASKR directly as JAC and
C     PSOL (INFO(15) = 1).
C
C     Problem: U_t = U_xx + U_yy on the unit square, M x M mesh
C     (M = 20) with the boundary values as algebraic equations U = 0;
C     U(0) = SIN(PI*X)*SIN(PI*Y) + 0.2*SIN(3*PI*X)*SIN(2*PI*Y), whose
C     semi-discrete solution is known exactly.  Root functions
C     R1 = MAX(U) - 0.1 and R2 = T - 0.07, as in KRY_HEAT_BAND.
C
C     Runs: 1 ILUT, 2 ILUT + RCM, 3 ILUTP, 4 ILUTP + RCM, 5 ILUTP + RCM
C     with row-norm scaling (ISRNORM = 1, 2-norm) and column scaling
C     (JSCALCOL = 1).  Each run has its own RWORK/IWORK of exactly
C     DASKR's minimum length with the documented lengths
C        LENWP  = 2*LENPFAC*NEQ + LENPLUFAC*NEQ + ISRNORM*NEQ + NEQ
C        LENIWP = 3*NEQ+1 + 3*LENPFAC*NEQ + 2*LENPLUFAC*NEQ
C                 + 2*IREORDER*NEQ + 2*(IPREMETH-1)*NEQ
C        LRW = 60 + 10*NEQ + 3*NRT + 8*NEQ + 41 + LENWP,
C        LIW = 40 + LENIWP.
C
C     Checks: DSPSETUP accepts each setting with IERR = 0 and returns
C     exactly the documented LENWP/LENIWP, and rejects an invalid
C     IPREMETH (IERR = 5) and a short WP (IERR = 30); in every run
C     IDID = 5 for R2 then R1 at the expected times (within 1.0D-5)
C     with the right JROOT, IDID = 3 at every output, max error
C     against the exact solution within 2.0D-6, IWORK(17..18) = LIW,
C     LRW, IPAR(30) > 0, Krylov counters > 0.
C     The last line printed is PASS KRY_ILU or FAIL KRY_ILU: reason.
C-----------------------------------------------------------------------
      PROGRAM KRYILU
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M, NRT=2, LPF=5, LPLUF=5)
      PARAMETER (LBASE=60 + 10*NEQ + 3*NRT + 8*NEQ + 41)
      PARAMETER (LWP0=2*LPF*NEQ + LPLUF*NEQ + NEQ)
      PARAMETER (LIWP0=3*NEQ+1 + 3*LPF*NEQ + 2*LPLUF*NEQ)
C     Run 1: ILUT.  Run 2: ILUT + RCM.  Run 3: ILUTP.
C     Run 4: ILUTP + RCM.  Run 5: ILUTP + RCM + row/column scaling.
      PARAMETER (LWP1=LWP0, LIWP1=LIWP0)
      PARAMETER (LWP2=LWP0, LIWP2=LIWP0 + 2*NEQ)
      PARAMETER (LWP3=LWP0, LIWP3=LIWP0 + 2*NEQ)
      PARAMETER (LWP4=LWP0, LIWP4=LIWP0 + 4*NEQ)
      PARAMETER (LWP5=LWP0 + NEQ, LIWP5=LIWP0 + 4*NEQ)
      PARAMETER (LRW1=LBASE+LWP1, LRW2=LBASE+LWP2, LRW3=LBASE+LWP3)
      PARAMETER (LRW4=LBASE+LWP4, LRW5=LBASE+LWP5)
      PARAMETER (LIW1=40+LIWP1, LIW2=40+LIWP2, LIW3=40+LIWP3)
      PARAMETER (LIW4=40+LIWP4, LIW5=40+LIWP5)
      DIMENSION RWORK1(LRW1), RWORK2(LRW2), RWORK3(LRW3)
      DIMENSION RWORK4(LRW4), RWORK5(LRW5)
      DIMENSION IWORK1(LIW1), IWORK2(LIW2), IWORK3(LIW3)
      DIMENSION IWORK4(LIW4), IWORK5(LIW5)
      DIMENSION IPAR(30), RPAR(2)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /HEATC/ DX, PI, COEF, TROOT2
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(M-1)
      COEF = 1.0D0/DX**2
      TROOT2 = 0.07D0
C
C     DSPSETUP rejects bad input.
      CALL SETPAR(IPAR, RPAR, 1, 0, 0, 0)
      IPAR(5) = 3
      CALL DSPSETUP(NEQ, LWP1, LIWP1, RPAR, IPAR, IERR, LWPMIN,
     1              LIWPMN)
      WRITE(6,100) 'IPREMETH = 3', IERR
 100  FORMAT(' DSPSETUP WITH ',A,': IERR =',I4)
      IF (IERR .NE. 5) THEN
         WHY = 'DSPSETUP ACCEPTED IPREMETH = 3'
         OK = .FALSE.
      ENDIF
      CALL SETPAR(IPAR, RPAR, 1, 0, 0, 0)
      CALL DSPSETUP(NEQ, LWP1-1, LIWP1, RPAR, IPAR, IERR, LWPMIN,
     1              LIWPMN)
      WRITE(6,100) 'A SHORT WP', IERR
      IF (OK .AND. IERR .NE. 30) THEN
         WHY = 'DSPSETUP ACCEPTED A SHORT WP'
         OK = .FALSE.
      ENDIF
C
      CALL HEATRN(1, 'ILUT', 1, 0, 0, 0, RWORK1, LRW1, IWORK1, LIW1,
     1            LWP1, LIWP1, IPAR, RPAR, OK, WHY)
      CALL HEATRN(2, 'ILUT + RCM', 1, 1, 0, 0, RWORK2, LRW2, IWORK2,
     1            LIW2, LWP2, LIWP2, IPAR, RPAR, OK, WHY)
      CALL HEATRN(3, 'ILUTP', 2, 0, 0, 0, RWORK3, LRW3, IWORK3, LIW3,
     1            LWP3, LIWP3, IPAR, RPAR, OK, WHY)
      CALL HEATRN(4, 'ILUTP + RCM', 2, 1, 0, 0, RWORK4, LRW4, IWORK4,
     1            LIW4, LWP4, LIWP4, IPAR, RPAR, OK, WHY)
      CALL HEATRN(5, 'ILUTP + RCM + SCALING', 2, 1, 1, 1, RWORK5, LRW5,
     1            IWORK5, LIW5, LWP5, LIWP5, IPAR, RPAR, OK, WHY)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS KRY_ILU'
      ELSE
         WRITE(6,'(2A)') 'FAIL KRY_ILU: ', WHY
      ENDIF
      END
C
      SUBROUTINE SETPAR(IPAR, RPAR, IPREM, IREORD, ISRN, JSCAL)
C     IPAR/RPAR settings of the ILU module (dilupre.f conventions).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20)
      DIMENSION IPAR(30), RPAR(2)
      DO 10 I = 1,30
         IPAR(I) = 0
 10   CONTINUE
      IPAR(1) = M
      IPAR(2) = M
      IPAR(3) = 5
      IPAR(4) = 5
      IPAR(5) = IPREM
      IPAR(6) = 5
      IPAR(7) = IREORD
      IPAR(8) = ISRN
      IPAR(9) = 2
      IPAR(10) = 0
      IPAR(11) = JSCAL
      RPAR(1) = 1.0D-3
      RPAR(2) = 0.01D0
      RETURN
      END
C
      SUBROUTINE HEATRN(IRUN, LABEL, IPREM, IREORD, ISRN, JSCAL,
     1                  RWORK, LRW, IWORK, LIW, LWP, LIWP, IPAR, RPAR,
     2                  OK, WHY)
C     One integration of the heat DAE with the given ILU settings.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M, NRT=2)
      CHARACTER*(*) LABEL
      CHARACTER*60 WHY
      LOGICAL OK, RUNOK
      DIMENSION RWORK(LRW), IWORK(LIW), IPAR(30), RPAR(2)
      DIMENSION U(NEQ), UPRIME(NEQ), UEX(NEQ), UPEX(NEQ)
      DIMENSION INFO(20), JROOT(NRT), TRX(2), JREX(2,2)
      COMMON /HEATC/ DX, PI, COEF, TROOT2
      EXTERNAL RESH, DJACILU, DPSOLILU, RTH
C
      RUNOK = .TRUE.
      TRX(1) = TROOT2
      TRX(2) = TPEAK(0.1D0)
      JREX(1,1) = 0
      JREX(2,1) = 1
      JREX(1,2) = -1
      JREX(2,2) = 0
C
      CALL SETPAR(IPAR, RPAR, IPREM, IREORD, ISRN, JSCAL)
      CALL DSPSETUP(NEQ, LWP, LIWP, RPAR, IPAR, IERR, LWPMIN, LIWPMN)
      WRITE(6,100) IRUN, LABEL, LRW, LIW, LWP, LIWP, IERR, LWPMIN,
     1             LIWPMN
 100  FORMAT(/' KRY_ILU RUN',I2,': ',A/' LRW =',I7,' LIW =',I7,
     1       ' LENWP =',I7,' LENIWP =',I7/' DSPSETUP: IERR =',I3,
     2       ' LWP_MIN =',I7,' LIWP_MIN =',I7/
     3       '      T        U(CENTRE)      MAX U      MAX ERROR',
     4       '   NST   NLI')
      IF (IERR .NE. 0) THEN
         IF (OK) WHY = 'DSPSETUP REJECTED A VALID SETTING'
         OK = .FALSE.
         RETURN
      ENDIF
      IF (LWPMIN .NE. LWP .OR. LIWPMN .NE. LIWP) THEN
         IF (OK) WHY = 'DSPSETUP LENGTHS ARE NOT THE DOCUMENTED ONES'
         OK = .FALSE.
      ENDIF
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(12) = 1
      INFO(15) = 1
      IWORK(27) = LWP
      IWORK(28) = LIWP
      RTOL = 1.0D-6
      ATOL = 1.0D-8
      T = 0.0D0
      CALL EXACT(T, U, UPRIME)
      ERRMAX = 0.0D0
      NROOT = 0
      TOUT = 0.01D0
      DO 50 IOUT = 1,7
 20      CONTINUE
         CALL DDASKR(RESH, NEQ, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DJACILU,
     2        DPSOLILU, RTH, NRT, JROOT)
         IF (IDID .EQ. 5) THEN
            NROOT = NROOT + 1
            IF (NROOT .GT. 2) THEN
               IF (OK) WHY = 'MORE THAN TWO ROOTS REPORTED'
               RUNOK = .FALSE.
               GO TO 60
            ENDIF
            WRITE(6,110) T, JROOT(1), JROOT(2), TRX(NROOT)
 110        FORMAT(' ROOT AT T =',F13.9,'  JROOT =',2I3,
     1             '  EXPECTED T =',F13.9)
            IF (ABS(T - TRX(NROOT)) .GT. 1.0D-5) THEN
               IF (OK .AND. RUNOK) WHY = 'ROOT TIME WRONG'
               RUNOK = .FALSE.
            ENDIF
            IF (JROOT(1) .NE. JREX(1,NROOT) .OR.
     1          JROOT(2) .NE. JREX(2,NROOT)) THEN
               IF (OK .AND. RUNOK) WHY = 'JROOT WRONG'
               RUNOK = .FALSE.
            ENDIF
            ERR = ERRNRM(T, U, UEX, UPEX)
            ERRMAX = MAX(ERRMAX, ERR)
            GO TO 20
         ENDIF
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            WRITE(6,*) 'IDID =', IDID, ' T =', T
            IF (OK .AND. RUNOK)
     1         WHY = 'IDID NOT 3 OR T NOT TOUT AT AN OUTPUT'
            RUNOK = .FALSE.
            GO TO 60
         ENDIF
         ERR = ERRNRM(T, U, UEX, UPEX)
         ERRMAX = MAX(ERRMAX, ERR)
         UMAX = 0.0D0
         DO 30 K = 1,NEQ
            UMAX = MAX(UMAX, U(K))
 30      CONTINUE
         KC = (M/2) + (M/2 - 1)*M
         WRITE(6,120) T, U(KC), UMAX, ERR, IWORK(11), IWORK(20)
 120     FORMAT(1X,F8.4,2D14.6,D12.3,2I6)
         TOUT = 2.0D0*TOUT
 50   CONTINUE
 60   CONTINUE
C
      WRITE(6,130) IWORK(11), IWORK(12), IWORK(13), IWORK(19),
     1     IWORK(20), IWORK(21), IWORK(14), IWORK(15), IWORK(16),
     2     IWORK(36), IPAR(30)
 130  FORMAT(' NST =',I5,' NRE =',I6,' NJE =',I5,' NNI =',I6,
     1       ' NLI =',I6,' NPS =',I6/' NETF =',I4,' NCFN =',I4,
     2       ' NCFL =',I4,' NRTE =',I6,' RES CALLS IN DJACILU =',I6)
      WRITE(6,140) ERRMAX, IWORK(17), IWORK(18)
 140  FORMAT(' MAX ERROR =',D10.3,'  LENIW =',I7,'  LENRW =',I7)
C
      IF (RUNOK .AND. NROOT .NE. 2) THEN
         IF (OK) WHY = 'NOT EXACTLY TWO ROOTS FOUND'
         RUNOK = .FALSE.
      ENDIF
      IF (RUNOK .AND. ERRMAX .GT. 2.0D-6) THEN
         IF (OK) WHY = 'ERROR AGAINST THE EXACT SOLUTION TOO LARGE'
         RUNOK = .FALSE.
      ENDIF
      IF (RUNOK .AND. (IWORK(17).NE.LIW .OR. IWORK(18).NE.LRW)) THEN
         IF (OK) WHY = 'IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW'
         RUNOK = .FALSE.
      ENDIF
      IF (RUNOK .AND. (IWORK(13) .LE. 0 .OR. IWORK(19) .LE. 0 .OR.
     1    IWORK(20) .LE. 0 .OR. IWORK(21) .LE. 0)) THEN
         IF (OK) WHY = 'A KRYLOV COUNTER IS ZERO'
         RUNOK = .FALSE.
      ENDIF
C     Each preconditioner evaluation costs ML+MU+1 = 41 RES calls.
      IF (RUNOK .AND. IPAR(30) .NE. (2*M+1)*IWORK(13)) THEN
         IF (OK) WHY = 'IPAR(30) IS NOT 41 RES CALLS PER JAC CALL'
         RUNOK = .FALSE.
      ENDIF
      IF (RUNOK .AND. (IWORK(11) .LT. 10 .OR. IWORK(11) .GT. 2000))
     1   THEN
         IF (OK) WHY = 'IMPLAUSIBLE STEP COUNT'
         RUNOK = .FALSE.
      ENDIF
      IF (.NOT. RUNOK) THEN
         WRITE(6,'(A,I2,2A)') ' RUN', IRUN, ' FAILED: ', WHY
         OK = .FALSE.
      ENDIF
      RETURN
      END
C
      SUBROUTINE EXACT(T, U, UP)
C     Exact semi-discrete solution: modes (1,1) and (3,2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ)
      COMMON /HEATC/ DX, PI, COEF, TROOT2
      H2 = 0.5D0*PI*DX
      E11 = 4.0D0*COEF*(SIN(H2)**2 + SIN(H2)**2)
      E32 = 4.0D0*COEF*(SIN(3.0D0*H2)**2 + SIN(2.0D0*H2)**2)
      A11 = EXP(-E11*T)
      A32 = 0.2D0*EXP(-E32*T)
      DO 20 J = 1,M
         Y = DBLE(J-1)*DX
         DO 10 I = 1,M
            X = DBLE(I-1)*DX
            K = I + (J-1)*M
            IF (I.EQ.1 .OR. I.EQ.M .OR. J.EQ.1 .OR. J.EQ.M) THEN
               U(K) = 0.0D0
               UP(K) = 0.0D0
            ELSE
               S11 = SIN(PI*X)*SIN(PI*Y)
               S32 = SIN(3.0D0*PI*X)*SIN(2.0D0*PI*Y)
               U(K) = A11*S11 + A32*S32
               UP(K) = -E11*A11*S11 - E32*A32*S32
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION ERRNRM(T, U, UEX, UPEX)
C     Max-norm error against the exact semi-discrete solution.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M)
      DIMENSION U(NEQ), UEX(NEQ), UPEX(NEQ)
      CALL EXACT(T, UEX, UPEX)
      ERRNRM = 0.0D0
      DO 10 K = 1,NEQ
         ERRNRM = MAX(ERRNRM, ABS(U(K) - UEX(K)))
 10   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION TPEAK(LEVEL)
C     Time at which MAX(U) of the exact solution falls to LEVEL.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M)
      DOUBLE PRECISION LEVEL
      DIMENSION UEX(NEQ), UPEX(NEQ)
      TA = 0.0D0
      TB = 1.0D0
      DO 20 ITER = 1,200
         TM = 0.5D0*(TA + TB)
         CALL EXACT(TM, UEX, UPEX)
         UMAX = UEX(1)
         DO 10 K = 2,NEQ
            UMAX = MAX(UMAX, UEX(K))
 10      CONTINUE
         IF (UMAX .GT. LEVEL) THEN
            TA = TM
         ELSE
            TB = TM
         ENDIF
         IF (TB - TA .LT. 1.0D-14) GO TO 30
 20   CONTINUE
 30   TPEAK = 0.5D0*(TA + TB)
      RETURN
      END
C
      SUBROUTINE RESH(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     Residual of the 2-D heat DAE (boundary values algebraic).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M)
      DIMENSION U(NEQ), UPRIME(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI, COEF, TROOT2
      DO 20 J = 1,M
         DO 10 I = 1,M
            K = I + (J-1)*M
            IF (I.EQ.1 .OR. I.EQ.M .OR. J.EQ.1 .OR. J.EQ.M) THEN
               DELTA(K) = U(K)
            ELSE
               DELTA(K) = UPRIME(K) - COEF*(U(K-1) + U(K+1)
     1                    + U(K-M) + U(K+M) - 4.0D0*U(K))
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE RTH(NEQ, T, U, UP, NRT, RVAL, RPAR, IPAR)
C     R1 = MAX(U) - 0.1, R2 = T - TROOT2.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(NEQ), UP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI, COEF, TROOT2
      UMAX = U(1)
      DO 10 K = 2,NEQ
         UMAX = MAX(UMAX, U(K))
 10   CONTINUE
      RVAL(1) = UMAX - 0.1D0
      RVAL(2) = T - TROOT2
      RETURN
      END
