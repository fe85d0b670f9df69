C-----------------------------------------------------------------------
C     S_HEAT_BAND -- SDASKR (single precision) with the banded direct
C     method, written as a legacy REAL program.
C
C     Problem: the 1-D reaction-diffusion equation
C        U_t = D*U_xx - K*U,  0 < x < 1,  D = 0.5, K = 1,
C     by the method of lines on N = 60 grid points including both
C     ends (DX = 1/(N-1)); the end values are algebraic equations
C     U(1) = 0, U(N) = 0, so the system is an index-1 DAE:
C        G(1) = U(1),  G(N) = U(N),
C        G(I) = U(I)' - D*(U(I-1) - 2*U(I) + U(I+1))/DX**2 + K*U(I).
C     The iteration matrix is tridiagonal (ML = MU = 1).
C     With U(x,0) = SIN(PI*x) + 0.3*SIN(2*PI*x) - 0.2*SIN(5*PI*x) the
C     semi-discrete system has the exact solution
C        U(I,t) = SUM C(M)*SIN(M*PI*X(I))*EXP(-LAMBDA(M)*t),
C        LAMBDA(M) = D*(4/DX**2)*SIN(M*PI*DX/2)**2 + K,
C     evaluated in DOUBLE PRECISION, so the check measures the time
C     integration only.
C
C     Three integrations, each with RWORK/IWORK of exactly DASKR's
C     documented minimum length for its options (the same numbers of
C     words as for DDASKR, counted in REAL words):
C       run 1: banded difference-quotient Jacobian (INFO(6) = 1),
C              LRW = 60 + 9*N + (2*ML+MU+1)*N + 2*(N/(ML+MU+1)+1),
C              LIW = 40 + N;
C       run 2: banded user Jacobian PD(I-J+ML+MU+1,J) (INFO(5) = 1)
C              and the algebraic end values left out of the error
C              test (INFO(16) = 1, ID array in IWORK(41..40+N)),
C              LRW = 60 + 9*N + (2*ML+MU+1)*N + N, LIW = 40 + 2*N;
C       run 3: banded DQ Jacobian with MAXORD = 3 (INFO(9) = 1,
C              IWORK(3)), HMAX = 0.02 (INFO(7) = 1, RWORK(2)) and
C              H0 = 1.0E-4 (INFO(8) = 1, RWORK(3)):
C              LRW = 60 + 7*N + (2*ML+MU+1)*N + 2*(N/(ML+MU+1)+1).
C     Tolerances RTOL = ATOL = 1.0E-5 (scalars).  Outputs at
C     T = 0.01*2**(K-1), K = 1..9.
C
C     Checks: IDID = 3 and T = TOUT at each output, max error against
C     the exact solution within 1.0E-4, IWORK(17..18) = LIW, LRW, the
C     user JAC called IWORK(13) times (run 2), banded difference
C     quotients far cheaper than dense ones (run 1), run 3: the order
C     used IWORK(8) <= 3 at every output, the last step RWORK(7) <=
C     HMAX and the current time RWORK(4) >= T.
C     The last line printed is PASS S_HEAT_BAND or FAIL S_HEAT_BAND: ...
C
C     Counters printed by the original SDASKR are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SHEATB
      PARAMETER (N=60, ML=1, MU=1, NRT=0)
      PARAMETER (LRW1=60+9*N+3*NRT+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
      PARAMETER (LRW2=60+9*N+3*NRT+(2*ML+MU+1)*N+N)
      PARAMETER (LRW3=60+7*N+3*NRT+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
      PARAMETER (LIW1=40+N, LIW2=40+2*N, LIW3=40+N)
      DIMENSION U(N), UPRIME(N), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK1(LRW1), RWORK2(LRW2), RWORK3(LRW3)
      DIMENSION IWORK1(LIW1), IWORK2(LIW2), IWORK3(LIW3)
      DIMENSION RPAR(1), IPAR(1), JROOT(1), IW(19)
      DIMENSION LRWR(3), LIWR(3)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /HEATC/ D, RK, DX
      COMMON /JCOUNT/ NJAC
      EXTERNAL RES, BJAC, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      D = 0.5
      RK = 1.0
      DX = 1.0/REAL(N-1)
      RTOL(1) = 1.0E-5
      ATOL(1) = 1.0E-5
      HMAX = 0.02
      LRWR(1) = LRW1
      LRWR(2) = LRW2
      LRWR(3) = LRW3
      LIWR(1) = LIW1
      LIWR(2) = LIW2
      LIWR(3) = LIW3
C
      DO 80 IRUN = 1,3
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(6) = 1
         NJAC = 0
         IF (IRUN .EQ. 1) THEN
            IWORK1(1) = ML
            IWORK1(2) = MU
         ELSE IF (IRUN .EQ. 2) THEN
            INFO(5) = 1
            INFO(16) = 1
            IWORK2(1) = ML
            IWORK2(2) = MU
            DO 15 I = 1,N
               IWORK2(40+I) = 1
 15         CONTINUE
            IWORK2(41) = -1
            IWORK2(40+N) = -1
         ELSE
            INFO(7) = 1
            INFO(8) = 1
            INFO(9) = 1
            IWORK3(1) = ML
            IWORK3(2) = MU
            IWORK3(3) = 3
            RWORK3(2) = HMAX
            RWORK3(3) = 1.0E-4
         ENDIF
         T = 0.0
         CALL EXACTS(N, T, U, UPRIME)
         WRITE(6,100) IRUN, LRWR(IRUN), LIWR(IRUN)
 100     FORMAT(/' S_HEAT_BAND RUN',I2,': LRW =',I5,' LIW =',I5/
     1          '      T          U(N/4)        U(N/2)    MAX ERROR',
     2          '  KOLD')
         ERRMAX = 0.0
         TOUT = 0.01
         DO 50 IOUT = 1,9
            IF (IRUN .EQ. 1) THEN
               CALL SDASKR(RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK1, LRW1, IWORK1, LIW1, RPAR, IPAR,
     2              BJAC, PDUM, RTDUM, NRT, JROOT)
               KOLD = IWORK1(8)
            ELSE IF (IRUN .EQ. 2) THEN
               CALL SDASKR(RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK2, LRW2, IWORK2, LIW2, RPAR, IPAR,
     2              BJAC, PDUM, RTDUM, NRT, JROOT)
               KOLD = IWORK2(8)
            ELSE
               CALL SDASKR(RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK3, LRW3, IWORK3, LIW3, RPAR, IPAR,
     2              BJAC, PDUM, RTDUM, NRT, JROOT)
               KOLD = IWORK3(8)
               IF (KOLD .GT. 3)
     1            CALL FAILED('RUN 3: ORDER ABOVE MAXORD = 3 USED')
               IF (RWORK3(7) .GT. HMAX)
     1            CALL FAILED('RUN 3: A STEP LONGER THAN HMAX')
               IF (RWORK3(4) .LT. T)
     1            CALL FAILED('RUN 3: RWORK(4) = TN IS BEHIND T')
            ENDIF
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', T
               CALL FAILED('IDID NOT 3 OR T NOT TOUT AT AN OUTPUT')
               GO TO 60
            ENDIF
            ERR = ERRNRM(N, T, U)
            ERRMAX = MAX(ERRMAX, ERR)
            WRITE(6,110) T, U(N/4), U(N/2), ERR, KOLD
 110        FORMAT(1X,F8.4,2E14.6,E11.3,I5)
            TOUT = 2.0*TOUT
 50      CONTINUE
 60      CONTINUE
         DO 70 I = 1,19
            IF (IRUN .EQ. 1) IW(I) = IWORK1(I)
            IF (IRUN .EQ. 2) IW(I) = IWORK2(I)
            IF (IRUN .EQ. 3) IW(I) = IWORK3(I)
 70      CONTINUE
         WRITE(6,120) (IW(I),I=11,15), IW(19), IW(17), IW(18)
 120     FORMAT(' NST =',I5,' NRE =',I5,' NJE =',I4,' NETF =',I3,
     1          ' NCFN =',I3,' NNI =',I5,' LENIW =',I5,' LENRW =',I5)
         WRITE(6,130) ERRMAX, NJAC
 130     FORMAT(' MAX ERROR =',E10.3,'  USER JAC CALLS =',I5)
         IF (IW(17) .NE. LIWR(IRUN) .OR. IW(18) .NE. LRWR(IRUN))
     1      CALL FAILED('IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW')
         IF (ERRMAX .GT. 1.0E-4)
     1      CALL FAILED('ERROR AGAINST THE FOURIER SOLUTION TOO LARGE')
         IF (IW(11) .LT. 10 .OR. IW(11) .GT. 3000)
     1      CALL FAILED('IMPLAUSIBLE STEP COUNT')
         IF (IRUN .NE. 2 .AND. NJAC .NE. 0)
     1      CALL FAILED('USER JAC CALLED WITH INFO(5) = 0')
         IF (IRUN .EQ. 2 .AND. (NJAC .NE. IW(13) .OR. NJAC .LT. 1))
     1      CALL FAILED('USER JAC CALLS DIFFER FROM IWORK(13)')
C        Banded difference quotients need ML+MU+1 = 3 residual calls
C        per Jacobian, a dense one would need N = 60.
         IF (IRUN .NE. 2 .AND. IW(12) .GT. IW(19) + 3*IW(13)) 
     1      CALL FAILED('TOO MANY RES CALLS FOR A BANDED DQ JACOBIAN')
 80   CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_HEAT_BAND'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_HEAT_BAND: ', WHY
         STOP 1
      ENDIF
      END
C
      SUBROUTINE EXACTD(N, T, U, UP)
C     The exact semi-discrete solution, in double precision.
      DOUBLE PRECISION T, U(N), UP(N), PI, H, X, E, S, CM(3), DL
      INTEGER MODE(3)
      REAL D, RK, DX
      COMMON /HEATC/ D, RK, DX
      DATA MODE / 1, 2, 5 /, CM / 1.0D0, 0.3D0, -0.2D0 /
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(N-1)
      DO 10 I = 1,N
         U(I) = 0.0D0
         UP(I) = 0.0D0
 10   CONTINUE
      DO 30 K = 1,3
         DL = DBLE(D)*(4.0D0/H**2)*SIN(MODE(K)*PI*H/2.0D0)**2
     1        + DBLE(RK)
         E = CM(K)*EXP(-DL*T)
         DO 20 I = 2,N-1
            X = DBLE(I-1)*H
            S = SIN(MODE(K)*PI*X)
            U(I) = U(I) + E*S
            UP(I) = UP(I) - DL*E*S
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
      SUBROUTINE EXACTS(N, T, U, UP)
C     The exact solution rounded to REAL (initial values).
      PARAMETER (NMAX=60)
      DIMENSION U(N), UP(N)
      DOUBLE PRECISION UD(NMAX), UPD(NMAX)
      CALL EXACTD(N, DBLE(T), UD, UPD)
      DO 10 I = 1,N
         U(I) = REAL(UD(I))
         UP(I) = REAL(UPD(I))
 10   CONTINUE
      RETURN
      END
C
      REAL FUNCTION ERRNRM(N, T, U)
C     Max-norm error against the exact semi-discrete solution.
      PARAMETER (NMAX=60)
      DIMENSION U(N)
      DOUBLE PRECISION UD(NMAX), UPD(NMAX), E
      CALL EXACTD(N, DBLE(T), UD, UPD)
      E = 0.0D0
      DO 10 I = 1,N
         E = MAX(E, ABS(U(I) - UD(I)))
 10   CONTINUE
      ERRNRM = REAL(E)
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
      SUBROUTINE RES(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      PARAMETER (N=60)
      DIMENSION U(N), UPRIME(N), DELTA(N), RPAR(*), IPAR(*)
      COMMON /HEATC/ D, RK, DX
      C = D/DX**2
      DELTA(1) = U(1)
      DELTA(N) = U(N)
      DO 10 I = 2,N-1
         DELTA(I) = UPRIME(I) - C*(U(I-1) - 2.0*U(I) + U(I+1))
     1              + RK*U(I)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE BJAC(T, U, UPRIME, PD, CJ, RPAR, IPAR)
C     Banded iteration matrix in DASKR band storage: leading dimension
C     2*ML+MU+1 = 4, element (I,J) at PD(I-J+ML+MU+1,J).
      PARAMETER (N=60, ML=1, MU=1, MBAND=ML+MU+1)
      DIMENSION U(N), UPRIME(N), PD(2*ML+MU+1,N), RPAR(*), IPAR(*)
      COMMON /HEATC/ D, RK, DX
      COMMON /JCOUNT/ NJAC
      NJAC = NJAC + 1
      C = D/DX**2
      DO 10 J = 1,N
         PD(1,J) = 0.0
         PD(2,J) = 0.0
         PD(3,J) = 0.0
         PD(4,J) = 0.0
 10   CONTINUE
      PD(MBAND,1) = 1.0
      PD(MBAND,N) = 1.0
      DO 20 I = 2,N-1
         PD(I-I+MBAND,I) = CJ + 2.0*C + RK
         PD(I-(I-1)+MBAND,I-1) = -C
         PD(I-(I+1)+MBAND,I+1) = -C
 20   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL S_HEAT_BAND: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_HEAT_BAND: DUMMY RT WAS CALLED'
      STOP 1
      END
