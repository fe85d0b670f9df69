C-----------------------------------------------------------------------
C     S_KRY_HEAT_BAND -- SDASKR (single precision) with the Krylov
C     method (INFO(12) = 1) and the banded preconditioner module
C     SBANJA/SBANPS (sbanpre.f), written as a legacy REAL program.
C
C     Problem: anisotropic diffusion with decay on the unit square,
C        U_t = A*U_xx + B*U_yy - C*U,  A = 1, B = 0.5, C = 0.5,
C     on an MX x MY mesh (MX = 16, MY = 12, boundary points included,
C     DX = 1/(MX-1), DY = 1/(MY-1)); unknown K = I + (J-1)*MX is U at
C     (X(I),Y(J)).  Interior points: G(K) = U(K)' - (5-point operator)
C     + C*U(K); boundary points: G(K) = U(K), an algebraic equation
C     (an index-1 DAE of NEQ = 192 equations).
C     With U(x,y,0) = SIN(PI*x)SIN(PI*y) + 0.4*SIN(2*PI*x)SIN(PI*y)
C     - 0.25*SIN(PI*x)SIN(3*PI*y) the exact semi-discrete solution is
C        U = SUM AMP(P,Q)*SIN(P*PI*x)*SIN(Q*PI*y)*EXP(-LAMBDA(P,Q)*T),
C        LAMBDA = A*(4/DX**2)*SIN(P*PI*DX/2)**2
C               + B*(4/DY**2)*SIN(Q*PI*DY/2)**2 + C,
C     evaluated in DOUBLE PRECISION.
C
C     Root functions (NRT = 2):
C        R1 = U(I0,J0) - 0.2 at the probe I0 = 8, J0 = 6 (the time is
C             found by a scan and bisection on the exact solution),
C        R2 = T - 0.05.
C
C     Preconditioner: the user's JAC calls SBANJA and the user's PSOL
C     calls SBANPS, with the half-bandwidths in IPAR(1..2); INFO(15)=1.
C       run 1: ML = MU = MX (the whole band: GMRES nearly exact),
C              default Krylov controls (MAXL = KMP = 5);
C       run 2: ML = MU = 1 (a tridiagonal approximation only), and
C              the Krylov controls given (INFO(13) = 1): MAXL = 4
C              (IWORK(24)), KMP = 2 (IWORK(25)), NRMAX = 3 (IWORK(26)),
C              EPLI = 0.1 (RWORK(10)).
C     Work arrays of exactly the documented minimum lengths:
C        LENWP  = (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1) + 1), LENIWP = NEQ
C        LRW = 60 + 10*NEQ + 3*NRT + (MAXL+3+MIN(1,MAXL-KMP))*NEQ
C              + (MAXL+3)*MAXL + 1 + LENWP,  LIW = 40 + LENIWP.
C     Tolerances RTOL = 1.0E-4, ATOL = 1.0E-6.
C
C     Checks: IDID = 5 twice (R2 at T = 0.05 with JROOT = (0,+1), then
C     R1 with JROOT = (-1,0)) at the expected times within 2.0E-4,
C     IDID = 3 at every output time, max error against the exact
C     solution within 2.0E-4, user JAC and PSOL calls equal to IWORK(13)
C     and IWORK(21), Krylov counters > 0, IWORK(17..18) = LIW, LRW;
C     run 1: NLI <= 3*NNI.
C     The last line printed is PASS S_KRY_HEAT_BAND or
C     FAIL S_KRY_HEAT_BAND: reason.
C
C     Counters printed by the original SDASKR are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SKRYHB
      PARAMETER (MX=16, MY=12, NEQ=MX*MY, NRT=2)
      PARAMETER (ML1=MX, MU1=MX, ML2=1, MU2=1)
      PARAMETER (LWP1=(2*ML1+MU1+1)*NEQ + 2*(NEQ/(ML1+MU1+1)+1))
      PARAMETER (LWP2=(2*ML2+MU2+1)*NEQ + 2*(NEQ/(ML2+MU2+1)+1))
      PARAMETER (LRW1=60 + 10*NEQ + 3*NRT + (5+3)*NEQ + (5+3)*5 + 1
     1                + LWP1)
      PARAMETER (LRW2=60 + 10*NEQ + 3*NRT + (4+3+1)*NEQ + (4+3)*4 + 1
     1                + LWP2)
      PARAMETER (LIW=40 + NEQ)
      DIMENSION RWORK1(LRW1), RWORK2(LRW2), IWORK(LIW)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /HEATC/ PROBEL
      DOUBLE PRECISION TPROBE
C
      OK = .TRUE.
      WHY = ' '
      PROBEL = 0.2
      CALL RUNHB(1, ML1, MU1, 0, RWORK1, LRW1, IWORK, LIW, LWP1)
      CALL RUNHB(2, ML2, MU2, 1, RWORK2, LRW2, IWORK, LIW, LWP2)
      WRITE(6,100) TPROBE(DBLE(PROBEL))
 100  FORMAT(/' EXPECTED PROBE ROOT TIME =',F12.8)
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_KRY_HEAT_BAND'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_KRY_HEAT_BAND: ', WHY
         STOP 1
      ENDIF
      END
C
      SUBROUTINE RUNHB(IRUN, ML, MU, ICTRL, RWORK, LRW, IWORK, LIW,
     1                 LWP)
C     One integration with the band preconditioner (ML, MU); ICTRL = 1
C     gives the Krylov controls (INFO(13) = 1).
      PARAMETER (MX=16, MY=12, NEQ=MX*MY, NRT=2)
      DIMENSION RWORK(LRW), IWORK(LIW)
      DIMENSION U(NEQ), UPRIME(NEQ), INFO(20), JROOT(NRT)
      DIMENSION RTOL(1), ATOL(1), RPAR(1), IPAR(2), JREX(2,2)
      DOUBLE PRECISION TRX(2), TPROBE, ERRNRM
      COMMON /HEATC/ PROBEL
      COMMON /CNT/ NJAC, NPSOL
      EXTERNAL RESH, JACBAN, PSOBAN, RTH
C
      TRX(1) = 0.05D0
      TRX(2) = TPROBE(DBLE(PROBEL))
      JREX(1,1) = 0
      JREX(2,1) = 1
      JREX(1,2) = -1
      JREX(2,2) = 0
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(12) = 1
      INFO(15) = 1
      IWORK(27) = LWP
      IWORK(28) = NEQ
      IF (ICTRL .EQ. 1) THEN
         INFO(13) = 1
         IWORK(24) = 4
         IWORK(25) = 2
         IWORK(26) = 3
         RWORK(10) = 0.1
      ENDIF
      IPAR(1) = ML
      IPAR(2) = MU
      RTOL(1) = 1.0E-4
      ATOL(1) = 1.0E-6
      NJAC = 0
      NPSOL = 0
      T = 0.0
      CALL EXACTS(T, U, UPRIME)
C
      WRITE(6,100) IRUN, ML, MU, NEQ, LRW, LIW, LWP
 100  FORMAT(/' S_KRY_HEAT_BAND RUN',I2,': KRYLOV + SBANJA/SBANPS,',
     1       ' ML =',I3,' MU =',I3/' NEQ =',I5,' LRW =',I7,' LIW =',I6,
     2       ' LENWP =',I7/
     3       '      T        U(PROBE)       MAX U      MAX ERROR',
     4       '   NST   NLI')
      ERRMAX = 0.0
      NROOT = 0
      TOUT = 0.01
      DO 50 IOUT = 1,7
 20      CONTINUE
         CALL SDASKR(RESH, NEQ, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JACBAN, PSOBAN,
     2        RTH, NRT, JROOT)
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
         WRITE(6,120) T, U(8 + 5*MX), UMAX, ERR, IWORK(11), IWORK(20)
 120     FORMAT(1X,F8.4,2E14.6,E12.3,2I6)
         TOUT = 2.0*TOUT
 50   CONTINUE
 60   CONTINUE
C
      WRITE(6,130) (IWORK(I),I=11,13), IWORK(19), IWORK(20),
     1     IWORK(21), IWORK(14), IWORK(15), IWORK(16), IWORK(36)
 130  FORMAT(' NST =',I5,' NRE =',I6,' NJE =',I5,' NNI =',I6,
     1       ' NLI =',I6,' NPS =',I6/' NETF =',I4,' NCFN =',I4,
     2       ' NCFL =',I4,' NRTE =',I6)
      WRITE(6,140) ERRMAX, NJAC, NPSOL, IWORK(17), IWORK(18)
 140  FORMAT(' MAX ERROR =',E10.3,'  JAC CALLS =',I5,
     1       '  PSOL CALLS =',I6,'  LENIW =',I6,'  LENRW =',I7)
C
      IF (NROOT .NE. 2) CALL FAILED('NOT EXACTLY TWO ROOTS FOUND')
      IF (ERRMAX .GT. 2.0E-4)
     1   CALL FAILED('ERROR AGAINST THE EXACT SOLUTION TOO LARGE')
      IF (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)
     1   CALL FAILED('IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW')
      IF (NJAC .NE. IWORK(13))
     1   CALL FAILED('USER JAC CALLS DIFFER FROM IWORK(13)')
      IF (NPSOL .NE. IWORK(21))
     1   CALL FAILED('USER PSOL CALLS DIFFER FROM IWORK(21)')
      IF (IWORK(19) .LE. 0 .OR. IWORK(20) .LE. 0 .OR.
     1    IWORK(21) .LE. 0 .OR. NJAC .LE. 0)
     2   CALL FAILED('A KRYLOV COUNTER IS ZERO')
      IF (IWORK(11) .LT. 10 .OR. IWORK(11) .GT. 2000)
     1   CALL FAILED('IMPLAUSIBLE STEP COUNT')
      IF (IRUN .EQ. 1 .AND. IWORK(20) .GT. 3*IWORK(19))
     1   CALL FAILED('TOO MANY LINEAR ITERATIONS WITH THE FULL BAND')
      RETURN
      END
C
      SUBROUTINE EXACTD(T, U, UP)
C     Exact semi-discrete solution, in double precision.
      PARAMETER (MX=16, MY=12, NEQ=MX*MY)
      DOUBLE PRECISION T, U(NEQ), UP(NEQ), PI, DX, DY, X, Y, S, E, DL
      DOUBLE PRECISION AMP(3)
      INTEGER IP(3), IQ(3)
      DATA IP / 1, 2, 1 /, IQ / 1, 1, 3 /
      DATA AMP / 1.0D0, 0.4D0, -0.25D0 /
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(MX-1)
      DY = 1.0D0/DBLE(MY-1)
      DO 10 K = 1,NEQ
         U(K) = 0.0D0
         UP(K) = 0.0D0
 10   CONTINUE
      DO 40 M = 1,3
         DL = 1.0D0*(4.0D0/DX**2)*SIN(IP(M)*PI*DX/2.0D0)**2
     1      + 0.5D0*(4.0D0/DY**2)*SIN(IQ(M)*PI*DY/2.0D0)**2 + 0.5D0
         E = AMP(M)*EXP(-DL*T)
         DO 30 J = 2,MY-1
            Y = DBLE(J-1)*DY
            DO 20 I = 2,MX-1
               X = DBLE(I-1)*DX
               K = I + (J-1)*MX
               S = SIN(IP(M)*PI*X)*SIN(IQ(M)*PI*Y)
               U(K) = U(K) + E*S
               UP(K) = UP(K) - DL*E*S
 20         CONTINUE
 30      CONTINUE
 40   CONTINUE
      RETURN
      END
C
      SUBROUTINE EXACTS(T, U, UP)
C     The exact solution rounded to REAL (initial values).
      PARAMETER (MX=16, MY=12, NEQ=MX*MY)
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
      PARAMETER (MX=16, MY=12, NEQ=MX*MY)
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
C     First time at which the exact U(8,6) falls to LEVEL: a scan in
C     steps of 0.001, then bisection.
      PARAMETER (MX=16, MY=12, NEQ=MX*MY, KP=8+5*MX)
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
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      WRITE(6,'(2A)') '   *** ', TEXT
      IF (OK) WHY = TEXT
      OK = .FALSE.
      RETURN
      END
C
      SUBROUTINE RESH(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     Residual of the anisotropic heat DAE (boundary values algebraic).
      PARAMETER (MX=16, MY=12, NEQ=MX*MY)
      DIMENSION U(NEQ), UPRIME(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      CX = 1.0/(1.0/REAL(MX-1))**2
      CY = 0.5/(1.0/REAL(MY-1))**2
      DO 20 J = 1,MY
         DO 10 I = 1,MX
            K = I + (J-1)*MX
            IF (I.EQ.1 .OR. I.EQ.MX .OR. J.EQ.1 .OR. J.EQ.MY) THEN
               DELTA(K) = U(K)
            ELSE
               DELTA(K) = UPRIME(K) - CX*(U(K-1) - 2.0*U(K) + U(K+1))
     1                    - CY*(U(K-MX) - 2.0*U(K) + U(K+MX))
     2                    + 0.5*U(K)
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE JACBAN(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK,
     1                  H, CJ, WP, IWP, IER, RPAR, IPAR)
C     Krylov JAC: banded difference-quotient preconditioner, factored.
      EXTERNAL RES
      DIMENSION Y(*), YPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NJAC = NJAC + 1
      CALL SBANJA(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H, CJ,
     1            WP, IWP, IER, RPAR, IPAR)
      RETURN
      END
C
      SUBROUTINE PSOBAN(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP,
     1                  IWP, B, EPLIN, IER, RPAR, IPAR)
C     Krylov PSOL: solve P*X = B with the factors left by SBANJA.
      DIMENSION Y(*), YPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NPSOL = NPSOL + 1
      CALL SBANPS(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP, B,
     1            EPLIN, IER, RPAR, IPAR)
      RETURN
      END
C
      SUBROUTINE RTH(NEQ, T, U, UP, NRT, RVAL, RPAR, IPAR)
C     R1 = U(8,6) - PROBEL, R2 = T - 0.05.
      PARAMETER (MX=16)
      DIMENSION U(NEQ), UP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      COMMON /HEATC/ PROBEL
      RVAL(1) = U(8 + 5*MX) - PROBEL
      RVAL(2) = T - 0.05
      RETURN
      END
