C-----------------------------------------------------------------------
C     KRY_HEAT_BAND -- 2-D heat equation with the Krylov method
C     (INFO(12) = 1) and the banded preconditioner DBANJA/DBANPS.
C
C     Problem: U_t = U_xx + U_yy on the unit square, U = 0 on the
C     boundary, on an M x M mesh (M = 20, boundary points included,
C     DX = 1/(M-1)).  Unknown K = I + (J-1)*M is U at (X(I),Y(J)).
C     Interior points: G(K) = U(K)' - (4-point Laplacian)/DX**2.
C     Boundary points: G(K) = U(K), an algebraic equation, so the
C     system is a DAE of index 1.
C
C     With U(x,y,0) = SIN(PI*X)*SIN(PI*Y) + 0.2*SIN(3*PI*X)*SIN(2*PI*Y)
C     the exact solution of the semi-discrete system is
C        U = SUM C(P,Q)*SIN(P*PI*X)*SIN(Q*PI*Y)*EXP(-LAMBDA(P,Q)*T),
C        LAMBDA(P,Q) = (4/DX**2)*(SIN(P*PI*DX/2)**2+SIN(Q*PI*DX/2)**2),
C     so the check measures the time integration only.
C
C     Preconditioner: the user's JAC calls DBANJA and the user's PSOL
C     calls DBANPS, with IPAR(1) = ML = M, IPAR(2) = MU = M (the
C     documented usage: the iteration matrix has half-bandwidths M).
C     INFO(15) = 1.  Work arrays have exactly DASKR's minimum length:
C        LENWP  = (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1) + 1)
C        LENIWP = NEQ
C        LRW = 60 + (MAXORD+5)*NEQ + 3*NRT + LENPD,
C        LENPD = (MAXL+3+MIN(1,MAXL-KMP))*NEQ + (MAXL+3)*MAXL + 1
C                + LENWP   (MAXORD = 5, MAXL = KMP = 5)
C        LIW = 40 + LENIWP.
C
C     Root functions (NRT = 2):
C        R1 = MAX(U) - 0.1   (the peak decays through 0.1; the
C                             expected time is found by bisection
C                             on the exact solution)
C        R2 = T - 0.07       (a time-based root).
C
C     Checks: IDID = 5 twice (R2 first with JROOT = (0,+1), then R1
C     with JROOT = (-1,0)) at the expected times within 1.0D-5, IDID
C     = 3 at every output time, max error against the exact solution
C     within 2.0D-6, the user JAC/PSOL call counts equal to IWORK(13)
C     and IWORK(21), NLI, NPS, NNI > 0, IWORK(17..18) = LIW, LRW.
C     The last line printed is PASS KRY_HEAT_BAND or
C     FAIL KRY_HEAT_BAND: reason.
C-----------------------------------------------------------------------
      PROGRAM KRYHB
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=20, NEQ=M*M, NRT=2, ML=M, MU=M)
      PARAMETER (MAXORD=5, MAXL=5, KMP=5)
      PARAMETER (LENWP=(2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LENIWP=NEQ)
      PARAMETER (LENPD=(MAXL+3+MIN(1,MAXL-KMP))*NEQ
     1                 + (MAXL+3)*MAXL + 1 + LENWP)
      PARAMETER (LRW=60 + (MAXORD+5)*NEQ + 3*NRT + LENPD)
      PARAMETER (LIW=40 + LENIWP)
      DIMENSION U(NEQ), UPRIME(NEQ), UEX(NEQ), UPEX(NEQ)
      DIMENSION INFO(20), RWORK(LRW), IWORK(LIW), JROOT(NRT)
      DIMENSION RPAR(1), IPAR(2)
      DIMENSION TRX(2), JREX(2,2)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /HEATC/ DX, PI, COEF, TROOT2
      COMMON /CNT/ NJAC, NPSOL
      EXTERNAL RESH, JACBAN, PSOBAN, RTH
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(M-1)
      COEF = 1.0D0/DX**2
      TROOT2 = 0.07D0
C     Expected roots: R2 at T = 0.07 rising, then R1 falling.
      TRX(1) = TROOT2
      TRX(2) = TPEAK(0.1D0)
      JREX(1,1) = 0
      JREX(2,1) = 1
      JREX(1,2) = -1
      JREX(2,2) = 0
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(12) = 1
      INFO(15) = 1
      IWORK(27) = LENWP
      IWORK(28) = LENIWP
      IPAR(1) = ML
      IPAR(2) = MU
      RTOL = 1.0D-6
      ATOL = 1.0D-8
      NJAC = 0
      NPSOL = 0
      T = 0.0D0
      CALL EXACT(T, U, UPRIME)
C
      WRITE(6,100) M, NEQ, LRW, LIW, LENWP
 100  FORMAT(' KRY_HEAT_BAND: 2-D HEAT, KRYLOV + DBANJA/DBANPS'/
     1       ' M =',I3,' NEQ =',I5,' LRW =',I7,' LIW =',I6,
     2       ' LENWP =',I7/
     3       '      T        U(CENTRE)      MAX U      MAX ERROR',
     4       '   NST   NLI')
      ERRMAX = 0.0D0
      NROOT = 0
      TOUT = 0.01D0
      DO 50 IOUT = 1,7
 20      CONTINUE
         CALL DDASKR(RESH, NEQ, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JACBAN, PSOBAN,
     2        RTH, NRT, JROOT)
         IF (IDID .EQ. 5) THEN
            NROOT = NROOT + 1
            IF (NROOT .GT. 2) THEN
               IF (OK) WHY = 'MORE THAN TWO ROOTS REPORTED'
               OK = .FALSE.
               GO TO 60
            ENDIF
            WRITE(6,110) T, JROOT(1), JROOT(2), TRX(NROOT)
 110        FORMAT(' ROOT AT T =',F13.9,'  JROOT =',2I3,
     1             '  EXPECTED T =',F13.9)
            IF (ABS(T - TRX(NROOT)) .GT. 1.0D-5) THEN
               IF (OK) WHY = 'ROOT TIME WRONG'
               OK = .FALSE.
            ENDIF
            IF (JROOT(1) .NE. JREX(1,NROOT) .OR.
     1          JROOT(2) .NE. JREX(2,NROOT)) THEN
               IF (OK) WHY = 'JROOT WRONG'
               OK = .FALSE.
            ENDIF
            ERR = ERRNRM(T, U, UEX, UPEX)
            ERRMAX = MAX(ERRMAX, ERR)
            GO TO 20
         ENDIF
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            WRITE(6,*) 'IDID =', IDID, ' T =', T
            IF (OK) WHY = 'IDID NOT 3 OR T NOT TOUT AT AN OUTPUT'
            OK = .FALSE.
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
     2     IWORK(36)
 130  FORMAT(' NST =',I5,' NRE =',I6,' NJE =',I5,' NNI =',I6,
     1       ' NLI =',I6,' NPS =',I6/' NETF =',I4,' NCFN =',I4,
     2       ' NCFL =',I4,' NRTE =',I6)
      WRITE(6,140) ERRMAX, NJAC, NPSOL, IWORK(17), IWORK(18)
 140  FORMAT(' MAX ERROR =',D10.3,'  JAC CALLS =',I5,
     1       '  PSOL CALLS =',I6,'  LENIW =',I6,'  LENRW =',I7)
C
      IF (OK .AND. NROOT .NE. 2) THEN
         WHY = 'NOT EXACTLY TWO ROOTS FOUND'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. ERRMAX .GT. 2.0D-6) THEN
         WHY = 'ERROR AGAINST THE EXACT SOLUTION TOO LARGE'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)) THEN
         WHY = 'IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. NJAC .NE. IWORK(13)) THEN
         WHY = 'USER JAC CALLS DIFFER FROM IWORK(13)'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. NPSOL .NE. IWORK(21)) THEN
         WHY = 'USER PSOL CALLS DIFFER FROM IWORK(21)'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. (IWORK(19) .LE. 0 .OR. IWORK(20) .LE. 0 .OR.
     1    IWORK(21) .LE. 0 .OR. NJAC .LE. 0)) THEN
         WHY = 'A KRYLOV COUNTER IS ZERO'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. (IWORK(11) .LT. 10 .OR. IWORK(11) .GT. 2000)) THEN
         WHY = 'IMPLAUSIBLE STEP COUNT'
         OK = .FALSE.
      ENDIF
C     A preconditioner covering the whole band makes GMRES nearly
C     exact: few linear iterations per Newton iteration.
      IF (OK .AND. IWORK(20) .GT. 3*IWORK(19)) THEN
         WHY = 'TOO MANY LINEAR ITERATIONS FOR AN EXACT PRECONDITIONER'
         OK = .FALSE.
      ENDIF
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS KRY_HEAT_BAND'
      ELSE
         WRITE(6,'(2A)') 'FAIL KRY_HEAT_BAND: ', WHY
      ENDIF
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
C     Time at which MAX(U) of the exact solution falls to LEVEL,
C     by bisection (MAX(U) decreases monotonically here).
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
      SUBROUTINE JACBAN(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK,
     1                  H, CJ, WP, IWP, IER, RPAR, IPAR)
C     Krylov JAC: banded difference-quotient preconditioner, factored.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(*), YPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NJAC = NJAC + 1
      CALL DBANJA(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H, CJ,
     1            WP, IWP, IER, RPAR, IPAR)
      RETURN
      END
C
      SUBROUTINE PSOBAN(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP,
     1                  IWP, B, EPLIN, IER, RPAR, IPAR)
C     Krylov PSOL: solve P*X = B with the factors left by DBANJA.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NPSOL = NPSOL + 1
      CALL DBANPS(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP, B,
     1            EPLIN, IER, RPAR, IPAR)
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
