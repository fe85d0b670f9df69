C-----------------------------------------------------------------------
C     BENCH_SMALL_BAND -- timing benchmark for DDASKR's banded direct
C     solver at the two ends of the bandwidth range, written like a
C     user's FORTRAN 77 program.  The same source links against the
C     original DASKR (ddaskr.f daux.f dlinpk.f) or against this
C     project's libdaskr.a:
C
C        gfortran -O2 bench_small_band.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (full run)
C        ./a.out quick      (smoke run: a short interval, one repetition)
C        ./a.out TRAMP      (only the cases whose name contains TRAMP;
C                            may be combined with quick)
C        ./a.out REPS=n     (n repetitions of every selected case)
C        ./a.out ONESTEP    (TRAMP cases one step per call, as a
C                            simulator drives the solver: INFO(3) = 1,
C                            INFO(4) = 1 with TSTOP = RWORK(1) the next
C                            output time, called again until it returns
C                            IDID = 2 or 3; the case name gets /1S and
C                            MED/STEP is then the time per call)
C
C     TRAMP-DQ   the transistor amplifier of the Bari IVP test set
C     TRAMP-UJ     (Hairer, Lubich and Roche), an index-1 DAE of 8
C                node voltages, M U' = F(T, U), written for DDASKR as
C                G = M U' - F(T, U).  Two bipolar transistors,
C                  G(X) = BETA*(EXP(X/UF) - 1),
C                driven by UE(T) = 0.1 SIN(200 PI T) (100 Hz).  The
C                iteration matrix CJ*M - dF/dU is banded with ML = 2,
C                MU = 1.  RTOL = ATOL = 1E-10 (scalar), output at the
C                end of every period, integrated over NPER = 200
C                periods (T = 0 .. 2); banded difference-quotient (DQ)
C                or user (UJ) Jacobian.  About a million steps, each
C                with an 8 x 8 band solve: the per-step cost of the
C                small band kernels.
C     HEAT100-DQ 2-D heat equation U_T = U_XX + U_YY on the unit
C     HEAT100-UJ   square, U = 0 on the boundary, 5-point Laplacian on
C                the 100 x 100 interior points (DX = 1/101, X index
C                fastest), so N = 10000, ML = MU = 100;
C                U(X,Y,0) = 16 X(1-X) Y(1-Y), RTOL = ATOL = 1E-6,
C                output at T = 0.01*2**K, K = 0..10 (to 10.24).
C                Banded DQ or user Jacobian: wide band kernels and
C                201 residual calls per DQ Jacobian.
C
C     Every case uses RWORK/IWORK of DASKR's documented minimum length.
C     One line per case: the number of repetitions, the minimum, median
C     and maximum wall time of one integration (SYSTEM_CLOCK), the
C     median per step, and the counters NST, NRE, NJE, NNI of the last
C     repetition (IWORK(11), (12), (13), (19)); for TRAMP also the
C     solution at the end, to be compared between libraries.
C-----------------------------------------------------------------------
      PROGRAM BENCHS
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG
      INTEGER IARGC, NREP
      LOGICAL QUICK, WANTED, ONESTP
      COMMON /SMODE/ ONESTP
      QUICK = .FALSE.
      ONESTP = .FALSE.
      NREPS = 0
      DO 10 K = 1, IARGC()
         CALL GETARG(K, ARG)
         IF (ARG(1:5) .EQ. 'quick' .OR. ARG(1:5) .EQ. 'QUICK') THEN
            QUICK = .TRUE.
         ELSE IF (ARG(1:7) .EQ. 'ONESTEP' .OR. ARG(1:7) .EQ. 'onestep')
     1      THEN
            ONESTP = .TRUE.
         ELSE IF (ARG(1:5) .EQ. 'REPS=' .OR. ARG(1:5) .EQ. 'reps=')
     1      THEN
            READ(ARG(6:16), *) NREPS
         ELSE
            CALL SETFLT(ARG)
         ENDIF
 10   CONTINUE
      NQ = 1
      IF (QUICK) NQ = 0
      WRITE(6,100)
 100  FORMAT(' DDASKR SMALL/WIDE BAND BENCHMARK (FORTRAN 77 CALLER)'/
     1  ' CASE           NEQ  REPS     MIN(MS)     MED(MS)',
     2  '     MAX(MS)  MED/STEP(US)      NST      NRE     NJE',
     3  '      NNI')
      IF (WANTED('TRAMP-DQ    '))
     1   CALL TRABEN('TRAMP-DQ    ', 0, NREP(NREPS, 1 + NQ*4), 1 + NQ*9)
      IF (WANTED('TRAMP-UJ    '))
     1   CALL TRABEN('TRAMP-UJ    ', 1, NREP(NREPS, 1 + NQ*4), 1 + NQ*9)
      IF (WANTED('HEAT100-DQ  '))
     1   CALL HTBEN('HEAT100-DQ  ', 0, NREP(NREPS, 1 + NQ*4))
      IF (WANTED('HEAT100-UJ  '))
     1   CALL HTBEN('HEAT100-UJ  ', 1, NREP(NREPS, 1 + NQ*4))
      END
C
C-----------------------------------------------------------------------
C     TRABEN -- transistor amplifier over NPER periods of the input,
C     MODE 0: banded DQ Jacobian, 1: banded user Jacobian; one step
C     per call with TSTOP at each output when ONESTP.
C-----------------------------------------------------------------------
      SUBROUTINE TRABEN(NAME, MODE, NREP, NPER)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME, CNAME
      LOGICAL ONESTP
      COMMON /SMODE/ ONESTP
      PARAMETER (NEQ=8, ML=2, MU=1, MAXREP=50)
      PARAMETER (LRWMAX=60+9*NEQ+(2*ML+MU+1)*NEQ
     1                  +2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIW=40+NEQ)
      DIMENSION U(NEQ), UPRIME(NEQ), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRWMAX), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL TRARES, TRAJAC, PDUM, RTDUM
      IF (MODE .EQ. 0) THEN
         LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1)
      ELSE
         LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ
      ENDIF
      NRT = 0
      CNAME = NAME
      IF (ONESTP) CNAME(INDEX(NAME, ' '):) = '/1S'
C     Silence the 500-steps-per-call messages (IDID = -1 is handled
C     below by continuing); failures are reported by this program.
      CALL XSETF(0)
      DO 90 IREP = 1, MIN(NREP, MAXREP)
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(5) = MODE
         INFO(6) = 1
         IF (ONESTP) THEN
            INFO(3) = 1
            INFO(4) = 1
         ENDIF
         NCALL = 0
         IWORK(1) = ML
         IWORK(2) = MU
         RTOL(1) = 1.0D-10
         ATOL(1) = 1.0D-10
         T = 0.0D0
         CALL TRAINI(U, UPRIME)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, 100*NPER
            TOUT = 1.0D-4*DBLE(IOUT)
            IF (ONESTP) RWORK(1) = TOUT
 45         CONTINUE
            CALL DDASKR(TRARES, NEQ, T, U, UPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           TRAJAC, PDUM, RTDUM, NRT, JROOT)
            NCALL = NCALL + 1
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 45
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP
            ENDIF
            IF (IDID .EQ. 1) GO TO 45
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
 90   CONTINUE
      CALL XSETF(1)
      CALL REPORT(CNAME, NEQ, MIN(NREP, MAXREP), TIM, IWORK)
      IF (ONESTP) WRITE(6,105) CNAME, NCALL
 105  FORMAT(1X,A12,I9,' CALLS (MED/STEP IS ABOUT THE TIME PER CALL)')
      WRITE(6,110) NAME, T, (U(I), I = 1, NEQ)
 110  FORMAT(1X,A12,' U(',F5.2,') =',4(1PE24.16)/24X,4(1PE24.16))
      RETURN
      END
C
C     The transistor amplifier of the test set: parameters, initial
C     values, residual, banded Jacobian.
      INCLUDE 'tramp_model.inc'
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'BENCH_SMALL_BAND: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'BENCH_SMALL_BAND: DUMMY RT WAS CALLED'
      STOP
      END
C
C-----------------------------------------------------------------------
C     HTBEN -- 2-D heat equation on a 100 x 100 interior grid, banded
C     ML = MU = 100.  MODE 0: banded DQ Jacobian, 1: user.
C-----------------------------------------------------------------------
      SUBROUTINE HTBEN(NAME, MODE, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (M=100, N=M*M, ML=M, MU=M, MAXREP=50)
      PARAMETER (LRWMAX=60+9*N+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
      PARAMETER (LIW=40+N)
      DIMENSION U(N), UPRIME(N), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRWMAX), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /HTCOM/ DX
      EXTERNAL HTRES, HTJAC, PDUM, RTDUM
      SAVE U, UPRIME, RWORK, IWORK, TIM
      DX = 1.0D0/DBLE(M+1)
      IF (MODE .EQ. 0) THEN
         LRW = 60 + 9*N + (2*ML+MU+1)*N + 2*(N/(ML+MU+1)+1)
      ELSE
         LRW = 60 + 9*N + (2*ML+MU+1)*N
      ENDIF
      NRT = 0
      DO 90 IREP = 1, MIN(NREP, MAXREP)
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(5) = MODE
         INFO(6) = 1
         IWORK(1) = ML
         IWORK(2) = MU
         RTOL(1) = 1.0D-6
         ATOL(1) = 1.0D-6
         T = 0.0D0
         CALL HTINI(U, UPRIME, RPAR, IPAR)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         TOUT = 0.01D0
         DO 50 IOUT = 0, 10
 45         CONTINUE
            CALL DDASKR(HTRES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           HTJAC, PDUM, RTDUM, NRT, JROOT)
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 45
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP
            ENDIF
            TOUT = 2.0D0*TOUT
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
 90   CONTINUE
      CALL REPORT(NAME, N, MIN(NREP, MAXREP), TIM, IWORK)
      RETURN
      END
C
C     U = 16 X(1-X) Y(1-Y) and consistent UPRIME = -G(0, U, 0).
      SUBROUTINE HTINI(U, UPRIME, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100)
      DIMENSION U(M,M), UPRIME(M,M), RPAR(*), IPAR(*), W(M,M)
      COMMON /HTCOM/ DX
      SAVE W
      DO 20 J = 1, M
         Y = DBLE(J)*DX
         DO 10 I = 1, M
            X = DBLE(I)*DX
            U(I,J) = 16.0D0*X*(1.0D0 - X)*Y*(1.0D0 - Y)
            UPRIME(I,J) = 0.0D0
 10      CONTINUE
 20   CONTINUE
      T = 0.0D0
      CJ = 0.0D0
      CALL HTRES(T, U, UPRIME, CJ, W, IRES, RPAR, IPAR)
      DO 40 J = 1, M
         DO 30 I = 1, M
            UPRIME(I,J) = -W(I,J)
 30      CONTINUE
 40   CONTINUE
      RETURN
      END
C
C     G = U' - (UW + UE + US + UN - 4U)/DX**2, zero outside the grid.
      SUBROUTINE HTRES(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100)
      DIMENSION U(M,M), UPRIME(M,M), DELTA(M,M), RPAR(*), IPAR(*)
      COMMON /HTCOM/ DX
      C = 1.0D0/(DX*DX)
      DO 20 J = 1, M
         DO 10 I = 1, M
            UW = 0.0D0
            UE = 0.0D0
            US = 0.0D0
            UN = 0.0D0
            IF (I .GT. 1) UW = U(I-1,J)
            IF (I .LT. M) UE = U(I+1,J)
            IF (J .GT. 1) US = U(I,J-1)
            IF (J .LT. M) UN = U(I,J+1)
            DELTA(I,J) = UPRIME(I,J)
     1                   - ((UW + UE) + (US + UN) - 4.0D0*U(I,J))*C
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
C     Banded PD(K-L+ML+MU+1, L) for the unknowns K = I+(J-1)*M,
C     leading dimension 2*ML+MU+1 = 301 (stored 1-D).
      SUBROUTINE HTJAC(T, U, UPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100, ML=M, MU=M, LDA=2*ML+MU+1, MD=ML+MU+1)
      DIMENSION U(*), UPRIME(*), PD(*), RPAR(*), IPAR(*)
      COMMON /HTCOM/ DX
      C = 1.0D0/(DX*DX)
      DO 20 J = 1, M
         DO 10 I = 1, M
            K = I + (J-1)*M
            PD(MD + (K-1)*LDA) = CJ + 4.0D0*C
            IF (I .GT. 1) PD(1 + MD + (K-2)*LDA) = -C
            IF (I .LT. M) PD(-1 + MD + K*LDA) = -C
            IF (J .GT. 1) PD(M + MD + (K-M-1)*LDA) = -C
            IF (J .LT. M) PD(-M + MD + (K+M-1)*LDA) = -C
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     REPORT -- sort the NREP timings (seconds), print one table line.
C-----------------------------------------------------------------------
      SUBROUTINE REPORT(NAME, NEQ, NREP, TIM, IWORK)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      DIMENSION TIM(NREP), IWORK(*)
      TMED = TMEDN(TIM, NREP)
      NST = IWORK(11)
      WRITE(6,100) NAME, NEQ, NREP, 1.0D3*TIM(1), 1.0D3*TMED,
     1   1.0D3*TIM(NREP), 1.0D6*TMED/DBLE(MAX(NST,1)), NST,
     2   IWORK(12), IWORK(13), IWORK(19)
 100  FORMAT(1X,A12,I5,I6,3F12.4,F14.3,2I9,I8,I9)
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
