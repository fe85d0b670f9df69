C-----------------------------------------------------------------------
C     S_KRY_ILU -- SDASKR (single precision) with the Krylov method and
C     the sparse incomplete-LU preconditioner module in single
C     precision (SSPSETUP, SJACILU, SPSOLILU: silupre.f, ssparsk.f),
C     written as a legacy REAL program, with the IPAR/RPAR conventions
C     of silupre.f:
C        IPAR(1) = ML, IPAR(2) = MU (difference-quotient band, both MX)
C        IPAR(3) = LENPFAC = 5 (5-point stencil)
C        IPAR(4) = LENPLUFAC = 5, IPAR(5) = IPREMETH (1 ILUT, 2 ILUTP)
C        IPAR(6) = LFILILUT, IPAR(7) = IREORDER (1 = RCM)
C        IPAR(8) = ISRNORM, IPAR(9) = NORMTYPE, IPAR(10) = JACOUT
C        IPAR(11) = JSCALCOL, IPAR(29) = unit for JACOUT = 1,
C        IPAR(30) = RES calls made in SJACILU (output)
C        RPAR(1) = TOLILUT, RPAR(2) = PERMTOL.
C     SJACILU and SPSOLILU are passed to SDASKR directly as JAC and
C     PSOL (INFO(15) = 1).
C
C     Problem: convection-diffusion  U_t = U_xx + U_yy - V*U_x, V = 2,
C     on the unit square, MX x MY mesh (MX = 22, MY = 18, boundary
C     points included, DX = 1/(MX-1), DY = 1/(MY-1)), central
C     differences; boundary values are algebraic equations U = 0.
C     The x operator is the nonsymmetric tridiagonal matrix with
C     AW = 1/DX**2 + V/(2*DX) below and AE = 1/DX**2 - V/(2*DX) above
C     the diagonal, whose eigenvectors are RHO**((I-1)/2)*SIN(P*PI*X),
C     RHO = AW/AE, with eigenvalues
C        -2/DX**2 + 2*SQRT(AW*AE)*COS(P*PI*DX).
C     So with U(0) = sum of three such modes (times SIN(Q*PI*Y)) the
C     exact semi-discrete solution is known (DOUBLE PRECISION).
C     Root functions R1 = U(16,9) - 0.25 (time from a scan and
C     bisection on the exact solution) and R2 = T - 0.03.
C
C     Runs 1-3 (each with its own RWORK/IWORK of exactly DASKR's
C     minimum length, with the documented preconditioner lengths
C        LENWP  = 2*LENPFAC*NEQ + LENPLUFAC*NEQ + ISRNORM*NEQ + NEQ
C        LENIWP = 3*NEQ+1 + 3*LENPFAC*NEQ + 2*LENPLUFAC*NEQ
C                 + 2*IREORDER*NEQ + 2*(IPREMETH-1)*NEQ
C        LRW = 60 + 10*NEQ + 3*NRT + 8*NEQ + 41 + LENWP,
C        LIW = 40 + LENIWP):
C       1. ILUT, LFILILUT = 5, TOLILUT = 1.0E-3;
C       2. ILUTP with RCM reordering, PERMTOL = 0.01;
C       3. ILUTP with RCM, row-norm scaling (ISRNORM = 1, 1-norm) and
C          column scaling (JSCALCOL = 1), LFILILUT = 3.
C     Run 4: JACOUT = 1: SJACILU writes the first preconditioner matrix
C       and the scaled residual to unit 21 in Harwell-Boeing format and
C       stops the integration (IRES = -2, so SDASKR returns IDID < 0,
C       with messages between LOUD markers); the program reads the
C       header back: the title line must start ' SDASPK Test Matrix'
C       (' DDASPK ...' in the double-precision module), the key is
C       'SPARSKIT', the type 'RUA', NEQ rows and columns, at most
C       5*NEQ entries.  The file is deleted afterwards.
C     Tolerances RTOL = 5.0E-5, ATOL = 1.0E-6.
C
C     Checks: SSPSETUP accepts each setting with IERR = 0 and returns
C     exactly the documented minimum lengths, rejects an invalid
C     IPREMETH (IERR = 5) and a short WP (IERR = 30); in runs 1-3
C     IDID = 5 for R2 then R1 at the expected times (within 2.0E-4)
C     with the right JROOT, IDID = 3 at every output, max error
C     against the exact solution within 5.0E-4, IWORK(17..18) = LIW,
C     LRW, IPAR(30) = (2*MX+1) RES calls per preconditioner
C     evaluation, Krylov counters > 0.
C     The last line printed is PASS S_KRY_ILU or FAIL S_KRY_ILU: ...
C
C     Counters printed by the original SDASKR are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SKRYIL
      PARAMETER (MX=22, MY=18, NEQ=MX*MY, NRT=2, LPF=5, LPLUF=5)
      PARAMETER (LBASE=60 + 10*NEQ + 3*NRT + 8*NEQ + 41)
      PARAMETER (LWP0=2*LPF*NEQ + LPLUF*NEQ + NEQ)
      PARAMETER (LIWP0=3*NEQ+1 + 3*LPF*NEQ + 2*LPLUF*NEQ)
      PARAMETER (LWP1=LWP0, LIWP1=LIWP0)
      PARAMETER (LWP2=LWP0, LIWP2=LIWP0 + 2*NEQ + 2*NEQ)
      PARAMETER (LWP3=LWP0 + NEQ, LIWP3=LIWP0 + 2*NEQ + 2*NEQ)
      PARAMETER (LRW1=LBASE+LWP1, LRW2=LBASE+LWP2, LRW3=LBASE+LWP3)
      PARAMETER (LIW1=40+LIWP1, LIW2=40+LIWP2, LIW3=40+LIWP3)
      DIMENSION RWORK1(LRW1), RWORK2(LRW2), RWORK3(LRW3)
      DIMENSION IWORK1(LIW1), IWORK2(LIW2), IWORK3(LIW3)
      DIMENSION IPAR(30), RPAR(2)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
C
      OK = .TRUE.
      WHY = ' '
C
C     SSPSETUP rejects bad input.
      CALL SETPAR(IPAR, RPAR, 1, 0, 0, 0, 5)
      IPAR(5) = 3
      CALL SSPSETUP(NEQ, LWP1, LIWP1, RPAR, IPAR, IERR, LWPMIN,
     1              LIWPMN)
      WRITE(6,100) 'IPREMETH = 3', IERR
 100  FORMAT(' SSPSETUP WITH ',A,': IERR =',I4)
      IF (IERR .NE. 5) CALL FAILED('SSPSETUP ACCEPTED IPREMETH = 3')
      CALL SETPAR(IPAR, RPAR, 1, 0, 0, 0, 5)
      CALL SSPSETUP(NEQ, LWP1-1, LIWP1, RPAR, IPAR, IERR, LWPMIN,
     1              LIWPMN)
      WRITE(6,100) 'A SHORT WP', IERR
      IF (IERR .NE. 30) CALL FAILED('SSPSETUP ACCEPTED A SHORT WP')
C
      CALL CDRUN(1, 'ILUT', 1, 0, 0, 0, 5, RWORK1, LRW1, IWORK1,
     1           LIW1, LWP1, LIWP1, IPAR, RPAR)
      CALL CDRUN(2, 'ILUTP + RCM', 2, 1, 0, 0, 5, RWORK2, LRW2,
     1           IWORK2, LIW2, LWP2, LIWP2, IPAR, RPAR)
      CALL CDRUN(3, 'ILUTP + RCM + ROW/COLUMN SCALING', 2, 1, 1, 1, 3,
     1           RWORK3, LRW3, IWORK3, LIW3, LWP3, LIWP3, IPAR, RPAR)
      CALL JACRUN(RWORK1, LRW1, IWORK1, LIW1, LWP1, LIWP1, IPAR, RPAR)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_KRY_ILU'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_KRY_ILU: ', WHY
         STOP 1
      ENDIF
      END
C
      SUBROUTINE SETPAR(IPAR, RPAR, IPREM, IREORD, ISRN, JSCAL, LFIL)
C     IPAR/RPAR settings of the ILU module (silupre.f conventions).
      PARAMETER (MX=22)
      DIMENSION IPAR(30), RPAR(2)
      DO 10 I = 1,30
         IPAR(I) = 0
 10   CONTINUE
      IPAR(1) = MX
      IPAR(2) = MX
      IPAR(3) = 5
      IPAR(4) = 5
      IPAR(5) = IPREM
      IPAR(6) = LFIL
      IPAR(7) = IREORD
      IPAR(8) = ISRN
      IPAR(9) = 1
      IPAR(10) = 0
      IPAR(11) = JSCAL
      RPAR(1) = 1.0E-3
      RPAR(2) = 0.01
      RETURN
      END
C
      SUBROUTINE CDRUN(IRUN, LABEL, IPREM, IREORD, ISRN, JSCAL, LFIL,
     1                 RWORK, LRW, IWORK, LIW, LWP, LIWP, IPAR, RPAR)
C     One integration of the convection-diffusion DAE with the given
C     ILU settings.
      PARAMETER (MX=22, MY=18, NEQ=MX*MY, NRT=2)
      CHARACTER*(*) LABEL
      DIMENSION RWORK(LRW), IWORK(LIW), IPAR(30), RPAR(2)
      DIMENSION U(NEQ), UPRIME(NEQ), RTOL(1), ATOL(1)
      DIMENSION INFO(20), JROOT(NRT), JREX(2,2)
      DOUBLE PRECISION TRX(2), TPROBE, ERRNRM
      LOGICAL RUNOK
      COMMON /RUNOKC/ RUNOK
      EXTERNAL RESCD, SJACILU, SPSOLILU, RTCD
C
      RUNOK = .TRUE.
      TRX(1) = 0.03D0
      TRX(2) = TPROBE(0.25D0)
      JREX(1,1) = 0
      JREX(2,1) = 1
      JREX(1,2) = -1
      JREX(2,2) = 0
C
      CALL SETPAR(IPAR, RPAR, IPREM, IREORD, ISRN, JSCAL, LFIL)
      CALL SSPSETUP(NEQ, LWP, LIWP, RPAR, IPAR, IERR, LWPMIN, LIWPMN)
      WRITE(6,100) IRUN, LABEL, LRW, LIW, LWP, LIWP, IERR, LWPMIN,
     1             LIWPMN
 100  FORMAT(/' S_KRY_ILU RUN',I2,': ',A/' LRW =',I7,' LIW =',I7,
     1       ' LENWP =',I7,' LENIWP =',I7/' SSPSETUP: IERR =',I3,
     2       ' LWP_MIN =',I7,' LIWP_MIN =',I7/
     3       '      T        U(PROBE)       MAX U      MAX ERROR',
     4       '   NST   NLI')
      IF (IERR .NE. 0) THEN
         CALL FAILED('SSPSETUP REJECTED A VALID SETTING')
         RETURN
      ENDIF
      IF (LWPMIN .NE. LWP .OR. LIWPMN .NE. LIWP)
     1   CALL FAILED('SSPSETUP LENGTHS ARE NOT THE DOCUMENTED ONES')
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(12) = 1
      INFO(15) = 1
      IWORK(27) = LWP
      IWORK(28) = LIWP
      RTOL(1) = 5.0E-5
      ATOL(1) = 1.0E-6
      T = 0.0
      CALL EXACTS(T, U, UPRIME)
      ERRMAX = 0.0
      NROOT = 0
      TOUT = 0.01
      DO 50 IOUT = 1,6
 20      CONTINUE
         CALL SDASKR(RESCD, NEQ, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, SJACILU,
     2        SPSOLILU, RTCD, NRT, JROOT)
         IF (IDID .EQ. 5) THEN
            NROOT = NROOT + 1
            IF (NROOT .GT. 2) THEN
               CALL FAILED('MORE THAN TWO ROOTS REPORTED')
               GO TO 60
            ENDIF
            WRITE(6,110) T, JROOT(1), JROOT(2), TRX(NROOT)
 110        FORMAT(' ROOT AT T =',F12.8,'  JROOT =',2I3,
     1             '  EXPECTED T =',F12.8)
            IF (ABS(T - TRX(NROOT)) .GT. 2.0D-4)
     1         CALL FAILED('ROOT TIME WRONG')
            IF (JROOT(1) .NE. JREX(1,NROOT) .OR.
     1          JROOT(2) .NE. JREX(2,NROOT))
     2         CALL FAILED('JROOT WRONG')
            ERRMAX = MAX(ERRMAX, REAL(ERRNRM(T, U)))
            GO TO 20
         ENDIF
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            WRITE(6,*) 'IDID =', IDID, ' T =', T
            CALL FAILED('IDID NOT 3 OR T NOT TOUT AT AN OUTPUT')
            GO TO 60
         ENDIF
         ERR = REAL(ERRNRM(T, U))
         ERRMAX = MAX(ERRMAX, ERR)
         UMAX = 0.0
         DO 30 K = 1,NEQ
            UMAX = MAX(UMAX, U(K))
 30      CONTINUE
         WRITE(6,120) T, U(16 + 8*MX), UMAX, ERR, IWORK(11), IWORK(20)
 120     FORMAT(1X,F8.4,2E14.6,E12.3,2I6)
         TOUT = 2.0*TOUT
 50   CONTINUE
 60   CONTINUE
C
      WRITE(6,130) (IWORK(I),I=11,13), IWORK(19), IWORK(20),
     1     IWORK(21), IWORK(14), IWORK(15), IWORK(16), IWORK(36),
     2     IPAR(30)
 130  FORMAT(' NST =',I5,' NRE =',I6,' NJE =',I5,' NNI =',I6,
     1       ' NLI =',I6,' NPS =',I6/' NETF =',I4,' NCFN =',I4,
     2       ' NCFL =',I4,' NRTE =',I6,' RES CALLS IN SJACILU =',I6)
      WRITE(6,140) ERRMAX, IWORK(17), IWORK(18)
 140  FORMAT(' MAX ERROR =',E10.3,'  LENIW =',I7,'  LENRW =',I7)
C
      IF (NROOT .NE. 2) CALL FAILED('NOT EXACTLY TWO ROOTS FOUND')
      IF (ERRMAX .GT. 5.0E-4)
     1   CALL FAILED('ERROR AGAINST THE EXACT SOLUTION TOO LARGE')
      IF (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)
     1   CALL FAILED('IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW')
      IF (IWORK(13) .LE. 0 .OR. IWORK(19) .LE. 0 .OR.
     1    IWORK(20) .LE. 0 .OR. IWORK(21) .LE. 0)
     2   CALL FAILED('A KRYLOV COUNTER IS ZERO')
C     Each preconditioner evaluation costs ML+MU+1 = 2*MX+1 RES calls.
      IF (IPAR(30) .NE. (2*MX+1)*IWORK(13))
     1   CALL FAILED('IPAR(30) IS NOT 2*MX+1 RES CALLS PER JAC CALL')
      IF (IWORK(11) .LT. 10 .OR. IWORK(11) .GT. 2000)
     1   CALL FAILED('IMPLAUSIBLE STEP COUNT')
      IF (.NOT. RUNOK) WRITE(6,'(A,I2,A)') ' RUN', IRUN, ' FAILED'
      RETURN
      END
C
      SUBROUTINE JACRUN(RWORK, LRW, IWORK, LIW, LWP, LIWP, IPAR, RPAR)
C     JACOUT = 1: the matrix goes to unit 21 and the run is stopped.
      PARAMETER (MX=22, MY=18, NEQ=MX*MY, NRT=2)
      DIMENSION RWORK(LRW), IWORK(LIW), IPAR(30), RPAR(2)
      DIMENSION U(NEQ), UPRIME(NEQ), RTOL(1), ATOL(1)
      DIMENSION INFO(20), JROOT(NRT)
      CHARACTER*80 LINE1
      CHARACTER*3 TYPE
      EXTERNAL RESCD, SJACILU, SPSOLILU, RTCD
C
      CALL SETPAR(IPAR, RPAR, 1, 0, 0, 0, 5)
      IPAR(10) = 1
      IPAR(29) = 21
      CALL SSPSETUP(NEQ, LWP, LIWP, RPAR, IPAR, IERR, LWPMIN, LIWPMN)
      IF (IERR .NE. 0) CALL FAILED('SSPSETUP REJECTED JACOUT = 1')
      OPEN(UNIT=21, FILE='s_kry_ilu_matrix.txt', STATUS='UNKNOWN')
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(12) = 1
      INFO(15) = 1
      IWORK(27) = LWP
      IWORK(28) = LIWP
      RTOL(1) = 5.0E-5
      ATOL(1) = 1.0E-6
      T = 0.0
      TOUT = 0.01
      CALL EXACTS(T, U, UPRIME)
      WRITE(6,100)
 100  FORMAT(/' S_KRY_ILU RUN 4: JACOUT = 1, MATRIX TO UNIT 21')
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL SDASKR(RESCD, NEQ, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, SJACILU,
     2     SPSOLILU, RTCD, NRT, JROOT)
      WRITE(6,'(A)') 'LOUD-END'
      WRITE(6,110) IDID, T, (IWORK(I),I=11,13), IPAR(30)
 110  FORMAT(' IDID =',I4,' T =',E12.5,' NST =',I4,' NRE =',I5,
     1       ' NJE =',I3,' RES CALLS IN SJACILU =',I5)
      IF (IDID .GE. 0) CALL FAILED('JACOUT = 1 DID NOT STOP THE RUN')
      REWIND 21
      READ(21,'(A)') LINE1
      READ(21,'(5I14)') NTOT, NPTR, NIND, NVAL, NRHS
      READ(21,'(A3,11X,4I14)') TYPE, NROW, NCOL, NNZ, NELT
      CLOSE(21, STATUS='DELETE')
      WRITE(6,120) LINE1(1:20), LINE1(73:80), TYPE, NROW, NCOL, NNZ
 120  FORMAT(' HARWELL-BOEING HEADER: TITLE ''',A,''' KEY ''',A,
     1       ''' TYPE ''',A,''''/'   NROW =',I5,' NCOL =',I5,
     2       ' NNZ =',I6)
      IF (LINE1(1:20) .NE. ' SDASPK Test Matrix ')
     1   CALL FAILED('JACOUT FILE: WRONG TITLE')
      IF (LINE1(73:80) .NE. 'SPARSKIT' .OR. TYPE .NE. 'RUA')
     1   CALL FAILED('JACOUT FILE: WRONG KEY OR TYPE')
      IF (NROW .NE. NEQ .OR. NCOL .NE. NEQ .OR. NNZ .LT. NEQ .OR.
     1    NNZ .GT. 5*NEQ)
     2   CALL FAILED('JACOUT FILE: WRONG MATRIX SIZE')
      RETURN
      END
C
      SUBROUTINE MODES(IM, IP, IQ, AMP)
C     The three modes present initially: (P, Q) and amplitude.
      DOUBLE PRECISION AMP, A(3)
      INTEGER JP(3), JQ(3)
      DATA JP / 1, 2, 1 /, JQ / 1, 1, 2 /
      DATA A / 1.0D0, -0.3D0, 0.2D0 /
      IP = JP(IM)
      IQ = JQ(IM)
      AMP = A(IM)
      RETURN
      END
C
      SUBROUTINE EXACTD(T, U, UP)
C     Exact semi-discrete solution, in double precision.
      PARAMETER (MX=22, MY=18, NEQ=MX*MY)
      DOUBLE PRECISION T, U(NEQ), UP(NEQ), PI, DX, DY, V, AW, AE, RHO
      DOUBLE PRECISION X, Y, S, E, DL, AMP
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(MX-1)
      DY = 1.0D0/DBLE(MY-1)
      V = 2.0D0
      AW = 1.0D0/DX**2 + V/(2.0D0*DX)
      AE = 1.0D0/DX**2 - V/(2.0D0*DX)
      RHO = AW/AE
      DO 10 K = 1,NEQ
         U(K) = 0.0D0
         UP(K) = 0.0D0
 10   CONTINUE
      DO 40 M = 1,3
         CALL MODES(M, IP, IQ, AMP)
         DL = -2.0D0/DX**2 + 2.0D0*SQRT(AW*AE)*COS(IP*PI*DX)
     1        - (4.0D0/DY**2)*SIN(IQ*PI*DY/2.0D0)**2
         E = AMP*EXP(DL*T)
         DO 30 J = 2,MY-1
            Y = DBLE(J-1)*DY
            DO 20 I = 2,MX-1
               X = DBLE(I-1)*DX
               K = I + (J-1)*MX
               S = RHO**(0.5D0*DBLE(I-1))*SIN(IP*PI*X)*SIN(IQ*PI*Y)
               U(K) = U(K) + E*S
               UP(K) = UP(K) + DL*E*S
 20         CONTINUE
 30      CONTINUE
 40   CONTINUE
      RETURN
      END
C
      SUBROUTINE EXACTS(T, U, UP)
C     The exact solution rounded to REAL (initial values).
      PARAMETER (MX=22, MY=18, NEQ=MX*MY)
      DIMENSION U(NEQ), UP(NEQ)
      DOUBLE PRECISION UD(NEQ), UPD(NEQ)
      CALL EXACTD(DBLE(T), UD, UPD)
      DO 10 K = 1,NEQ
         U(K) = REAL(UD(K))
         UP(K) = REAL(UPD(K))
 10   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION ERRNRM(T, U)
C     Max-norm error against the exact semi-discrete solution.
      PARAMETER (MX=22, MY=18, NEQ=MX*MY)
      DIMENSION U(NEQ)
      DOUBLE PRECISION UD(NEQ), UPD(NEQ)
      CALL EXACTD(DBLE(T), UD, UPD)
      ERRNRM = 0.0D0
      DO 10 K = 1,NEQ
         ERRNRM = MAX(ERRNRM, ABS(U(K) - UD(K)))
 10   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION TPROBE(LEVEL)
C     First time at which the exact U(16,9) falls to LEVEL: a scan in
C     steps of 0.001, then bisection.
      PARAMETER (MX=22, MY=18, NEQ=MX*MY, KP=16+8*MX)
      DOUBLE PRECISION LEVEL, UD(NEQ), UPD(NEQ), TA, TB, TM
      TA = 0.0D0
      DO 10 ISCAN = 1,1000
         TB = 0.001D0*ISCAN
         CALL EXACTD(TB, UD, UPD)
         IF (UD(KP) .LE. LEVEL) GO TO 20
         TA = TB
 10   CONTINUE
 20   CONTINUE
      DO 30 ITER = 1,60
         TM = 0.5D0*(TA + TB)
         CALL EXACTD(TM, UD, UPD)
         IF (UD(KP) .GT. LEVEL) THEN
            TA = TM
         ELSE
            TB = TM
         ENDIF
 30   CONTINUE
      TPROBE = 0.5D0*(TA + TB)
      RETURN
      END
C
      SUBROUTINE FAILED(TEXT)
C     Record the first failure.
      CHARACTER*(*) TEXT
      CHARACTER*60 WHY
      LOGICAL OK, RUNOK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /RUNOKC/ RUNOK
      WRITE(6,'(2A)') '   *** ', TEXT
      IF (OK) WHY = TEXT
      OK = .FALSE.
      RUNOK = .FALSE.
      RETURN
      END
C
      SUBROUTINE RESCD(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     Residual of the convection-diffusion DAE (boundary algebraic).
      PARAMETER (MX=22, MY=18, NEQ=MX*MY)
      DIMENSION U(NEQ), UPRIME(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DX = 1.0/REAL(MX-1)
      DY = 1.0/REAL(MY-1)
      AW = 1.0/DX**2 + 2.0/(2.0*DX)
      AE = 1.0/DX**2 - 2.0/(2.0*DX)
      AC = 2.0/DX**2 + 2.0/DY**2
      AY = 1.0/DY**2
      DO 20 J = 1,MY
         DO 10 I = 1,MX
            K = I + (J-1)*MX
            IF (I.EQ.1 .OR. I.EQ.MX .OR. J.EQ.1 .OR. J.EQ.MY) THEN
               DELTA(K) = U(K)
            ELSE
               DELTA(K) = UPRIME(K) - (AW*U(K-1) + AE*U(K+1)
     1                    - AC*U(K) + AY*(U(K-MX) + U(K+MX)))
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE RTCD(NEQ, T, U, UP, NRT, RVAL, RPAR, IPAR)
C     R1 = U(16,9) - 0.25, R2 = T - 0.03.
      PARAMETER (MX=22)
      DIMENSION U(NEQ), UP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      RVAL(1) = U(16 + 8*MX) - 0.25
      RVAL(2) = T - 0.03
      RETURN
      END
