C-----------------------------------------------------------------------
C     BENCH_TESTSET -- problems of the Bari IVP Test Set (Mazzia and
C     Iavernaro, https://archimede.uniba.it/~testset/) integrated
C     through DDASKR one step per call, as a simulator drives the
C     solver, at several tolerances; written like a user's FORTRAN 77
C     program.  The same source links against the original DASKR
C     (ddaskr.f daux.f dlinpk.f) or against this project's libdaskr.a:
C
C        gfortran -O2 bench_testset.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (every case, 5 repetitions each)
C        ./a.out quick      (every case once, nothing else: a smoke
C                            run, or a run under valgrind)
C        ./a.out HIRES      (only the cases whose name contains the
C                            argument: HIRES, -T7, POLLU-T10, ...;
C                            may be combined with quick)
C        ./a.out REPS=n     (n repetitions of every selected case)
C        ./a.out INTERVAL   (the same integrations in interval mode:
C                            INFO(3) = 0, one call to TEND, continued
C                            after IDID = -1; the steps are the same,
C                            so the difference between the two modes
C                            is the cost of the calls)
C
C     Every case starts at T = 0 from the test set's initial values
C     (Y' consistent: INFO(11) = 0) with scalar RTOL = ATOL = TOL and
C     integrates to the test set's end time TEND with INFO(3) = 1 (one
C     step per call), INFO(4) = 1 and TSTOP = RWORK(1) = TOUT = TEND,
C     calling DDASKR again while it returns IDID = 1; it stops at
C     IDID = 2 or 3 (T = TEND).  User Jacobians (INFO(5) = 1), dense
C     (INFO(6) = 0) except the transistor amplifier (banded).  The
C     case names are PROBLEM-Tk for TOL = 1E-k:
C
C     HIRES   High Irradiance RESponse (Schaefer 1975), ODE of 8
C             linear plus one bilinear reaction terms, T = 0 ..
C             321.8122, TOL = 1E-4, 1E-7, 1E-10.
C     AKZO    Chemical Akzo Nobel problem, index-1 DAE of 6 (five
C             species, the sixth the algebraic equilibrium
C             Y6 = KS Y1 Y4), T = 0 .. 180, TOL = 1E-4, 1E-7, 1E-10.
C             RES returns IRES = -1 where Y2 < 0 (SQRT(Y2)).
C     ROBER   Robertson's reaction written as an index-1 DAE of 3
C             (Y1 + Y2 + Y3 = 1 for the third equation), T = 0 ..
C             1E11 (the reference of Hairer's test set),
C             TOL = 1E-4, 1E-7 (at 1E-10 DDASKR gives up, IDID = -6,
C             near T = 3E-4: only when named, ./a.out ROBER-T10).
C     POLLU   Pollution problem (Verwer 1994), ODE of 20 species and
C             25 reactions, T = 0 .. 60, TOL = 1E-4, 1E-7, 1E-10; the
C             right-hand side and Jacobian from a reaction table.
C     RING    Ring modulator (Horneber 1976), ODE of 15 with
C             CS = 2E-12, T = 0 .. 1E-3, written as K Y' - F(T, Y)
C             (the formulation of bench_small_dense.f), TOL = 1E-4,
C             1E-7 (1E-10 takes about a million steps: only when
C             named, ./a.out RING-T10).
C     TRAMP   Transistor amplifier (Hairer, Lubich and Roche), index-1
C             DAE of 8 in the test set's linearly implicit form
C             M U' = F(T, U) (the formulation of bench_small_band.f),
C             banded ML = 2, MU = 1, T = 0 .. 0.2, TOL = 1E-4, 1E-7
C             (1E-10 takes 2.4 million steps, half of them rejected by
C             the error test: only when named, ./a.out TRAMP-T10).
C     VDPOL   Van der Pol's equation of the test set (EPS = 1E-6 in
C             Y2' = ((1 - Y1**2) Y2 - Y1)/EPS), ODE of 2, T = 0 .. 2,
C             TOL = 1E-4, 1E-7, 1E-10.
C
C     RWORK/IWORK of DASKR's documented minimum length.  A first,
C     untimed integration (not with quick) sets the number NIN of
C     integrations in one timed repetition (at least 20 ms of them, at
C     most 1000).  One line per case: NEQ, the number of repetitions,
C     the minimum, median and maximum wall time of one integration
C     (SYSTEM_CLOCK; a repetition's time divided by NIN) and the
C     median processor time (CPU_TIME), the counters NST, NRE, NJE,
C     NETF, NCFN, NNI of the last repetition (IWORK(11)..(15), (19)),
C     the largest relative error at TEND against the test set's
C     reference solution, over the components whose reference is not
C     zero, and that component.  Then, indented, the solution at TEND
C     in full precision (to be compared between libraries).
C-----------------------------------------------------------------------
      PROGRAM BENCHT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG
      LOGICAL QUICK
      INTEGER IARGC
      LOGICAL INTV
      COMMON /SREP/ NREPS, QUICK
      COMMON /SMODE/ INTV
      EXTERNAL HIRRES, HIRJAC, AKZRES, AKZJAC, ROBRES, ROBJAC
      EXTERNAL POLRES, POLJAC, RNGRES, RNGJAC, TRARES, TRAJAC
      EXTERNAL VDPRES, VDPJAC
      QUICK = .FALSE.
      INTV = .FALSE.
      NREPS = 0
      DO 10 K = 1, IARGC()
         CALL GETARG(K, ARG)
         IF (ARG(1:5) .EQ. 'quick' .OR. ARG(1:5) .EQ. 'QUICK') THEN
            QUICK = .TRUE.
         ELSE IF (ARG(1:5) .EQ. 'REPS=' .OR. ARG(1:5) .EQ. 'reps=')
     1      THEN
            READ(ARG(6:16), *) NREPS
         ELSE IF (ARG .EQ. 'INTERVAL' .OR. ARG .EQ. 'interval') THEN
            INTV = .TRUE.
         ELSE
            CALL SETFLT(ARG)
         ENDIF
 10   CONTINUE
      IF (NREPS .LE. 0) THEN
         NREPS = 5
         IF (QUICK) NREPS = 1
      ENDIF
      IF (INTV) THEN
         WRITE(6,101)
      ELSE
         WRITE(6,100)
      ENDIF
 100  FORMAT(' DDASKR IVP TEST SET BENCHMARK, ONE STEP PER CALL',
     1  ' (FORTRAN 77 CALLER)'/
     2  ' CASE         NEQ REPS    MIN(MS)    MED(MS)    MAX(MS)',
     3  '    CPU(MS)      NST       NRE      NJE    NETF  NCFN',
     4  '       NNI  MAXRELERR COMP')
 101  FORMAT(' DDASKR IVP TEST SET BENCHMARK, INTERVAL MODE',
     1  ' (FORTRAN 77 CALLER)'/
     2  ' CASE         NEQ REPS    MIN(MS)    MED(MS)    MAX(MS)',
     3  '    CPU(MS)      NST       NRE      NJE    NETF  NCFN',
     4  '       NNI  MAXRELERR COMP')
C     Problem number, name, NEQ, ML (-1: dense), MU, TEND, the
C     tolerances 1E-4, 1E-7, 1E-10 run by default (NTOL of them).
      CALL TSCASE(1, 'HIRES', 8, -1, 0, 321.8122D0, 3, HIRRES, HIRJAC)
      CALL TSCASE(2, 'AKZO', 6, -1, 0, 180.0D0, 3, AKZRES, AKZJAC)
      CALL TSCASE(3, 'ROBER', 3, -1, 0, 1.0D11, 2, ROBRES, ROBJAC)
      CALL TSCASE(4, 'POLLU', 20, -1, 0, 60.0D0, 3, POLRES, POLJAC)
      CALL TSCASE(5, 'RING', 15, -1, 0, 1.0D-3, 2, RNGRES, RNGJAC)
      CALL TSCASE(6, 'TRAMP', 8, 2, 1, 0.2D0, 2, TRARES, TRAJAC)
      CALL TSCASE(7, 'VDPOL', 2, -1, 0, 2.0D0, 3, VDPRES, VDPJAC)
      END
C
C-----------------------------------------------------------------------
C     TSCASE -- the cases PROB-T4, PROB-T7, PROB-T10 of one problem:
C     the first NTOL of them by default, a later one only when the
C     filter names it (PROB-T10).
C-----------------------------------------------------------------------
      SUBROUTINE TSCASE(IP, PROB, NEQ, ML, MU, TEND, NTOL, RES, JAC)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) PROB
      CHARACTER*12 NAME
      CHARACTER*3 SUFFIX(3)
      CHARACTER*16 FILTER
      LOGICAL WANTED
      DIMENSION KTOL(3)
      LOGICAL QUICK
      COMMON /BSEL/ FILTER, NFILT
      COMMON /SREP/ NREPS, QUICK
      EXTERNAL RES, JAC
      DATA SUFFIX / 'T4 ', 'T7 ', 'T10' /
      DATA KTOL / 4, 7, 10 /
      DO 10 K = 1, 3
         NAME = PROB // '-' // SUFFIX(K)
         IF (.NOT. WANTED(NAME)) GO TO 10
         IF (K .GT. NTOL) THEN
            IF (NFILT .EQ. 0) GO TO 10
            IF (INDEX(FILTER(1:NFILT), SUFFIX(K)) .EQ. 0) GO TO 10
         ENDIF
         TOL = 10.0D0**(-KTOL(K))
         CALL TSBEN(IP, NAME, NEQ, ML, MU, TEND, TOL, NREPS, RES, JAC)
 10   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     TSBEN -- one case: NREP integrations from 0 to TEND, one step per
C     call; one table line and the solution at TEND.
C-----------------------------------------------------------------------
      SUBROUTINE TSBEN(IP, NAME, NEQ, ML, MU, TEND, TOL, NREP, RES,
     1                 JAC)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NMAX=20, MAXREP=50)
      PARAMETER (LRWMAX=60+9*NMAX+NMAX**2, LIW=40+NMAX)
      DIMENSION Y(NMAX), YPRIME(NMAX), YREF(NMAX), INFO(20)
      DIMENSION RTOL(1), ATOL(1), RWORK(LRWMAX), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1), TIM(MAXREP), TCPU(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      LOGICAL QUICK, INTV
      COMMON /SREP/ NREPS, QUICK
      COMMON /SMODE/ INTV
      EXTERNAL RES, JAC, PDUM, RTDUM
      NR = MIN(NREP, MAXREP)
      NRT = 0
      IF (ML .LT. 0) THEN
         LRW = 60 + 9*NEQ + NEQ**2
      ELSE
         LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ
      ENDIF
      LIWU = 40 + NEQ
C     Failures are reported by this program.
      CALL XSETF(0)
C     Repetition 0, untimed unless quick, sets NIN: each timed
C     repetition runs NIN integrations, at least 20 ms of them
C     (at most 1000), and the times are those of one integration.
      NIN = 1
      IREP0 = 0
      IF (QUICK) IREP0 = 1
      DO 90 IREP = IREP0, NR
      DO 80 IIN = 1, NIN
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         IF (.NOT. INTV) INFO(3) = 1
         INFO(4) = 1
         INFO(5) = 1
         IF (ML .GE. 0) THEN
            INFO(6) = 1
            IWORK(1) = ML
            IWORK(2) = MU
         ENDIF
         RTOL(1) = TOL
         ATOL(1) = TOL
         T = 0.0D0
         CALL TSINI(IP, NEQ, Y, YPRIME)
         TOUT = TEND
         RWORK(1) = TEND
         IF (IIN .EQ. 1) THEN
            CALL CPU_TIME(C0)
            CALL SYSTEM_CLOCK(IC0, IRATE)
         ENDIF
 45      CONTINUE
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1        ATOL, IDID, RWORK, LRW, IWORK, LIWU, RPAR, IPAR,
     2        JAC, PDUM, RTDUM, NRT, JROOT)
         IF (IDID .EQ. 1) GO TO 45
C        Interval mode: 500 steps without reaching TOUT, go on.
         IF (IDID .EQ. -1) THEN
            INFO(1) = 1
            GO TO 45
         ENDIF
         IF (IDID .LT. 0) THEN
            WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
            CALL XSETF(1)
            RETURN
         ENDIF
 80   CONTINUE
      CALL SYSTEM_CLOCK(IC1)
      CALL CPU_TIME(C1)
      IF (IREP .EQ. 0) THEN
         NIN = INT(MIN(1.0D3,
     1         2.0D-2*DBLE(IRATE)/DBLE(MAX(IC1 - IC0, 1_8))))
         NIN = MAX(NIN, 1)
      ELSE
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)/DBLE(NIN)
         TCPU(IREP) = (C1 - C0)/DBLE(NIN)
      ENDIF
 90   CONTINUE
      CALL XSETF(1)
C     Largest relative error over the components whose reference
C     value is not zero.
      CALL TSREF(IP, NEQ, YREF)
      ERR = 0.0D0
      IMAX = 0
      DO 60 I = 1, NEQ
         IF (YREF(I) .NE. 0.0D0) THEN
            E = ABS(Y(I) - YREF(I))/ABS(YREF(I))
            IF (E .GT. ERR .OR. IMAX .EQ. 0) THEN
               ERR = E
               IMAX = I
            ENDIF
         ENDIF
 60   CONTINUE
      TMW = TMEDN(TIM, NR)
      TMC = TMEDN(TCPU, NR)
      WRITE(6,100) NAME, NEQ, NR, 1.0D3*TIM(1), 1.0D3*TMW,
     1   1.0D3*TIM(NR), 1.0D3*TMC, IWORK(11), IWORK(12),
     2   IWORK(13), IWORK(14), IWORK(15), IWORK(19), ERR, IMAX
 100  FORMAT(1X,A10,I5,I5,4F11.4,I9,I10,I9,I8,I6,I10,1PE11.2,I5)
      WRITE(6,110) NAME, T, (Y(I), I = 1, NEQ)
 110  FORMAT(4X,A10,' Y AT T =',1PE11.4,':'/(4X,4(1PE24.16)))
      RETURN
      END
C
C     Initial values Y(0), Y'(0) of problem IP.
      SUBROUTINE TSINI(IP, NEQ, Y, YPRIME)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(NEQ), YPRIME(NEQ)
      DO 10 I = 1, NEQ
         Y(I) = 0.0D0
         YPRIME(I) = 0.0D0
 10   CONTINUE
      IF (IP .EQ. 1) THEN
         Y(1) = 1.0D0
         Y(8) = 0.0057D0
         CALL HIRF(Y, YPRIME)
      ELSE IF (IP .EQ. 2) THEN
         CALL AKZINI(Y, YPRIME)
      ELSE IF (IP .EQ. 3) THEN
         Y(1) = 1.0D0
         YPRIME(1) = -0.04D0
         YPRIME(2) = 0.04D0
      ELSE IF (IP .EQ. 4) THEN
         Y(2) = 0.2D0
         Y(4) = 0.04D0
         Y(7) = 0.1D0
         Y(8) = 0.3D0
         Y(9) = 0.01D0
         Y(17) = 0.007D0
         CALL POLF(Y, YPRIME)
      ELSE IF (IP .EQ. 6) THEN
         CALL TRAINI(Y, YPRIME)
      ELSE IF (IP .EQ. 7) THEN
         Y(1) = 2.0D0
         YPRIME(2) = -2.0D0/1.0D-6
      ENDIF
C     IP = 5 (ring modulator): Y(0) = Y'(0) = 0.
      RETURN
      END
C
C     Reference solution of problem IP at its end time, published with
C     the test set (ROBER: with Hairer's test set).
      SUBROUTINE TSREF(IP, NEQ, YREF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION YREF(NEQ)
      IF (IP .EQ. 1) THEN
         CALL HIRREF(YREF)
      ELSE IF (IP .EQ. 2) THEN
         CALL AKZREF(YREF)
      ELSE IF (IP .EQ. 3) THEN
         YREF(1) = 0.2083340149701255D-07
         YREF(2) = 0.8333360770334713D-13
         YREF(3) = 0.9999999791665050D+00
      ELSE IF (IP .EQ. 4) THEN
         CALL POLREF(YREF)
      ELSE IF (IP .EQ. 5) THEN
         CALL RNGREF(YREF)
      ELSE IF (IP .EQ. 6) THEN
         CALL TRAREF(YREF)
      ELSE IF (IP .EQ. 7) THEN
         YREF(1) = 0.1706167732170483D+01
         YREF(2) = -0.8928097010247975D+00
      ENDIF
      RETURN
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'BENCH_TESTSET: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'BENCH_TESTSET: DUMMY RT WAS CALLED'
      STOP
      END
C
C-----------------------------------------------------------------------
C     HIRES: Y' = F(Y), G = Y' - F(Y).
C-----------------------------------------------------------------------
      SUBROUTINE HIRF(Y, F)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(8), F(8)
      F(1) = -1.71D0*Y(1) + 0.43D0*Y(2) + 8.32D0*Y(3) + 0.0007D0
      F(2) = 1.71D0*Y(1) - 8.75D0*Y(2)
      F(3) = -10.03D0*Y(3) + 0.43D0*Y(4) + 0.035D0*Y(5)
      F(4) = 8.32D0*Y(2) + 1.71D0*Y(3) - 1.12D0*Y(4)
      F(5) = -1.745D0*Y(5) + 0.43D0*Y(6) + 0.43D0*Y(7)
      F(6) = -280.0D0*Y(6)*Y(8) + 0.69D0*Y(4) + 1.71D0*Y(5)
     1       - 0.43D0*Y(6) + 0.69D0*Y(7)
      F(7) = 280.0D0*Y(6)*Y(8) - 1.81D0*Y(7)
      F(8) = -F(7)
      RETURN
      END
C
      SUBROUTINE HIRRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(8), YPRIME(8), DELTA(8), RPAR(*), IPAR(*)
      CALL HIRF(Y, DELTA)
      DO 10 I = 1, 8
         DELTA(I) = YPRIME(I) - DELTA(I)
 10   CONTINUE
      RETURN
      END
C
C     PD = CJ*I - DF/DY (dense, zeroed by DDASKR).
      SUBROUTINE HIRJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(8), YPRIME(8), PD(8,8), RPAR(*), IPAR(*)
      PD(1,1) = 1.71D0
      PD(1,2) = -0.43D0
      PD(1,3) = -8.32D0
      PD(2,1) = -1.71D0
      PD(2,2) = 8.75D0
      PD(3,3) = 10.03D0
      PD(3,4) = -0.43D0
      PD(3,5) = -0.035D0
      PD(4,2) = -8.32D0
      PD(4,3) = -1.71D0
      PD(4,4) = 1.12D0
      PD(5,5) = 1.745D0
      PD(5,6) = -0.43D0
      PD(5,7) = -0.43D0
      PD(6,4) = -0.69D0
      PD(6,5) = -1.71D0
      PD(6,6) = 280.0D0*Y(8) + 0.43D0
      PD(6,7) = -0.69D0
      PD(6,8) = 280.0D0*Y(6)
      PD(7,6) = -280.0D0*Y(8)
      PD(7,7) = 1.81D0
      PD(7,8) = -280.0D0*Y(6)
      PD(8,6) = 280.0D0*Y(8)
      PD(8,7) = -1.81D0
      PD(8,8) = 280.0D0*Y(6)
      DO 10 I = 1, 8
         PD(I,I) = PD(I,I) + CJ
 10   CONTINUE
      RETURN
      END
C
C     Reference at T = 321.8122 (RADAU5, RTOL = ATOL = 1.1E-18).
      SUBROUTINE HIRREF(YREF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION YREF(8)
      YREF(1) = 0.7371312573325668D-3
      YREF(2) = 0.1442485726316185D-3
      YREF(3) = 0.5888729740967575D-4
      YREF(4) = 0.1175651343283149D-2
      YREF(5) = 0.2386356198831331D-2
      YREF(6) = 0.6238968252742796D-2
      YREF(7) = 0.2849998395185769D-2
      YREF(8) = 0.2850001604814231D-2
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Chemical Akzo Nobel: M Y' = F(Y), M = DIAG(1,1,1,1,1,0).
C     Reactions R1..R5 and the inflow of oxygen FIN; the sixth
C     equation is the equilibrium 0 = KS Y1 Y4 - Y6.
C-----------------------------------------------------------------------
      BLOCK DATA AKZDAT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /AKZCOM/ RK1, RK2, RK3, RK4, RKBIG, RKLA, RKS, PO2, HEN
      DATA RK1, RK2, RK3, RK4 / 18.7D0, 0.58D0, 0.09D0, 0.42D0 /
      DATA RKBIG, RKLA, RKS / 34.4D0, 3.3D0, 115.83D0 /
      DATA PO2, HEN / 0.9D0, 737.0D0 /
      END
C
C     F(Y); .FALSE. where Y2 < 0.
      LOGICAL FUNCTION AKZF(Y, F)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(6), F(6)
      COMMON /AKZCOM/ RK1, RK2, RK3, RK4, RKBIG, RKLA, RKS, PO2, HEN
      AKZF = Y(2) .GE. 0.0D0
      IF (.NOT. AKZF) RETURN
      SQY2 = SQRT(Y(2))
      R1 = RK1*Y(1)**4*SQY2
      R2 = RK2*Y(3)*Y(4)
      R3 = RK2/RKBIG*Y(1)*Y(5)
      R4 = RK3*Y(1)*Y(4)**2
      R5 = RK4*Y(6)**2*SQY2
      FIN = RKLA*(PO2/HEN - Y(2))
      F(1) = -2.0D0*R1 + R2 - R3 - R4
      F(2) = -0.5D0*R1 - R4 - 0.5D0*R5 + FIN
      F(3) = R1 - R2 + R3
      F(4) = -R2 + R3 - 2.0D0*R4
      F(5) = R2 - R3 + R5
      F(6) = RKS*Y(1)*Y(4) - Y(6)
      RETURN
      END
C
      SUBROUTINE AKZINI(Y, YPRIME)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(6), YPRIME(6)
      LOGICAL AKZF, OK
      COMMON /AKZCOM/ RK1, RK2, RK3, RK4, RKBIG, RKLA, RKS, PO2, HEN
      Y(1) = 0.444D0
      Y(2) = 0.00123D0
      Y(3) = 0.0D0
      Y(4) = 0.007D0
      Y(5) = 0.0D0
      Y(6) = RKS*Y(1)*Y(4)
C     Y' = F(Y) for the five species; F(6) = 0 (Y6 is consistent).
      OK = AKZF(Y, YPRIME)
      YPRIME(6) = 0.0D0
      RETURN
      END
C
C     G = M Y' - F(Y); IRES = -1 where Y2 < 0.
      SUBROUTINE AKZRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(6), YPRIME(6), DELTA(6), RPAR(*), IPAR(*)
      LOGICAL AKZF
      IF (.NOT. AKZF(Y, DELTA)) THEN
         IRES = -1
         RETURN
      ENDIF
      DO 10 I = 1, 5
         DELTA(I) = YPRIME(I) - DELTA(I)
 10   CONTINUE
      DELTA(6) = -DELTA(6)
      RETURN
      END
C
C     PD = CJ*M - DF/DY.  RES succeeded at this Y, so Y2 >= 0 (and
C     Y2 > 0 on the whole solution).
      SUBROUTINE AKZJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(6), YPRIME(6), PD(6,6), RPAR(*), IPAR(*)
      COMMON /AKZCOM/ RK1, RK2, RK3, RK4, RKBIG, RKLA, RKS, PO2, HEN
      SQY2 = SQRT(Y(2))
C     Partial derivatives of the reaction rates: DRIJ = DRI/DYJ.
      DR11 = 4.0D0*RK1*Y(1)**3*SQY2
      DR12 = 0.5D0*RK1*Y(1)**4/SQY2
      DR23 = RK2*Y(4)
      DR24 = RK2*Y(3)
      DR31 = RK2/RKBIG*Y(5)
      DR35 = RK2/RKBIG*Y(1)
      DR41 = RK3*Y(4)**2
      DR44 = 2.0D0*RK3*Y(1)*Y(4)
      DR52 = 0.5D0*RK4*Y(6)**2/SQY2
      DR56 = 2.0D0*RK4*Y(6)*SQY2
C     F1 = -2 R1 + R2 - R3 - R4
      PD(1,1) = -(-2.0D0*DR11 - DR31 - DR41)
      PD(1,2) = 2.0D0*DR12
      PD(1,3) = -DR23
      PD(1,4) = -(DR24 - DR44)
      PD(1,5) = DR35
C     F2 = -R1/2 - R4 - R5/2 + FIN
      PD(2,1) = 0.5D0*DR11 + DR41
      PD(2,2) = 0.5D0*DR12 + 0.5D0*DR52 + RKLA
      PD(2,4) = DR44
      PD(2,6) = 0.5D0*DR56
C     F3 = R1 - R2 + R3
      PD(3,1) = -(DR11 + DR31)
      PD(3,2) = -DR12
      PD(3,3) = DR23
      PD(3,4) = DR24
      PD(3,5) = -DR35
C     F4 = -R2 + R3 - 2 R4
      PD(4,1) = -(DR31 - 2.0D0*DR41)
      PD(4,3) = DR23
      PD(4,4) = DR24 + 2.0D0*DR44
      PD(4,5) = -DR35
C     F5 = R2 - R3 + R5
      PD(5,1) = DR31
      PD(5,2) = -DR52
      PD(5,3) = -DR23
      PD(5,4) = -DR24
      PD(5,5) = DR35
      PD(5,6) = -DR56
C     G6 = Y6 - KS Y1 Y4
      PD(6,1) = -RKS*Y(4)
      PD(6,4) = -RKS*Y(1)
      PD(6,6) = 1.0D0
      DO 10 I = 1, 5
         PD(I,I) = PD(I,I) + CJ
 10   CONTINUE
      RETURN
      END
C
C     Reference at T = 180 (PSIDE, RTOL = ATOL = 1E-19).
      SUBROUTINE AKZREF(YREF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION YREF(6)
      YREF(1) = 0.1150794920661702D0
      YREF(2) = 0.1203831471567715D-2
      YREF(3) = 0.1611562887407974D0
      YREF(4) = 0.3656156421249283D-3
      YREF(5) = 0.1708010885264404D-1
      YREF(6) = 0.4873531310307455D-2
      RETURN
      END
C
C-----------------------------------------------------------------------
C     ROBER as a DAE: Y1' = -0.04 Y1 + 1E4 Y2 Y3,
C     Y2' = 0.04 Y1 - 1E4 Y2 Y3 - 3E7 Y2**2, 0 = Y1 + Y2 + Y3 - 1.
C-----------------------------------------------------------------------
      SUBROUTINE ROBRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) + 0.04D0*Y(1) - 1.0D4*Y(2)*Y(3)
      DELTA(2) = YPRIME(2) - 0.04D0*Y(1) + 1.0D4*Y(2)*Y(3)
     1           + 3.0D7*Y(2)*Y(2)
      DELTA(3) = Y(1) + Y(2) + Y(3) - 1.0D0
      RETURN
      END
C
      SUBROUTINE ROBJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), PD(3,3), RPAR(*), IPAR(*)
      PD(1,1) = CJ + 0.04D0
      PD(1,2) = -1.0D4*Y(3)
      PD(1,3) = -1.0D4*Y(2)
      PD(2,1) = -0.04D0
      PD(2,2) = CJ + 1.0D4*Y(3) + 6.0D7*Y(2)
      PD(2,3) = 1.0D4*Y(2)
      PD(3,1) = 1.0D0
      PD(3,2) = 1.0D0
      PD(3,3) = 1.0D0
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Pollution: 25 reactions R(K) = RK(K)*Y(IA)[*Y(IB)] of the table
C     IREAC(1..13, K): IA, IB (0: first order), the number NP of
C     species it changes, then NP pairs (species, change per unit
C     of rate).  Y' = F(Y) = SUM over K of the changes times R(K).
C-----------------------------------------------------------------------
      BLOCK DATA POLDAT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /POLCOM/ RK(25), IREAC(13,25)
      DATA RK / 0.35D0, 26.6D0, 1.23D4, 8.6D-4, 8.2D-4,
     1          1.5D4, 1.3D-4, 2.4D4, 1.65D4, 9.0D3,
     2          0.022D0, 1.2D4, 1.88D0, 1.63D4, 4.8D6,
     3          3.5D-4, 0.0175D0, 1.0D8, 4.44D11, 1240.0D0,
     4          2.1D0, 5.78D0, 0.0474D0, 1780.0D0, 3.12D0 /
C     NO2 -> NO + O3P
      DATA (IREAC(I,1),I=1,13) / 1,0,3, 1,-1, 2,1, 3,1, 4*0 /
C     NO + O3 -> NO2
      DATA (IREAC(I,2),I=1,13) / 2,4,3, 2,-1, 4,-1, 1,1, 4*0 /
C     HO2 + NO -> NO2 + OH
      DATA (IREAC(I,3),I=1,13) / 5,2,4, 5,-1, 2,-1, 1,1, 6,1, 2*0 /
C     HCHO -> 2 HO2 + CO
      DATA (IREAC(I,4),I=1,13) / 7,0,3, 7,-1, 5,2, 8,1, 4*0 /
C     HCHO -> CO
      DATA (IREAC(I,5),I=1,13) / 7,0,2, 7,-1, 8,1, 6*0 /
C     HCHO + OH -> HO2 + CO
      DATA (IREAC(I,6),I=1,13) / 7,6,4, 7,-1, 6,-1, 5,1, 8,1, 2*0 /
C     ALD -> MEO2 + HO2 + CO
      DATA (IREAC(I,7),I=1,13) / 9,0,4, 9,-1, 10,1, 5,1, 8,1, 2*0 /
C     ALD + OH -> C2O3
      DATA (IREAC(I,8),I=1,13) / 9,6,3, 9,-1, 6,-1, 11,1, 4*0 /
C     C2O3 + NO -> NO2 + MEO2 + CO2
      DATA (IREAC(I,9),I=1,13) / 11,2,5, 11,-1, 2,-1, 1,1, 10,1,
     1                           12,1 /
C     C2O3 + NO2 -> PAN
      DATA (IREAC(I,10),I=1,13) / 11,1,3, 11,-1, 1,-1, 13,1, 4*0 /
C     PAN -> C2O3 + NO2
      DATA (IREAC(I,11),I=1,13) / 13,0,3, 13,-1, 11,1, 1,1, 4*0 /
C     MEO2 + NO -> CH3O + NO2
      DATA (IREAC(I,12),I=1,13) / 10,2,4, 10,-1, 2,-1, 14,1, 1,1,
     1                            2*0 /
C     CH3O -> HCHO + HO2
      DATA (IREAC(I,13),I=1,13) / 14,0,3, 14,-1, 7,1, 5,1, 4*0 /
C     NO2 + OH -> HNO3
      DATA (IREAC(I,14),I=1,13) / 1,6,3, 1,-1, 6,-1, 15,1, 4*0 /
C     O3P -> O3
      DATA (IREAC(I,15),I=1,13) / 3,0,2, 3,-1, 4,1, 6*0 /
C     O3 -> O1D
      DATA (IREAC(I,16),I=1,13) / 4,0,2, 4,-1, 16,1, 6*0 /
C     O3 -> O3P
      DATA (IREAC(I,17),I=1,13) / 4,0,2, 4,-1, 3,1, 6*0 /
C     O1D -> 2 OH
      DATA (IREAC(I,18),I=1,13) / 16,0,2, 16,-1, 6,2, 6*0 /
C     O1D -> O3P
      DATA (IREAC(I,19),I=1,13) / 16,0,2, 16,-1, 3,1, 6*0 /
C     SO2 + OH -> SO4 + HO2
      DATA (IREAC(I,20),I=1,13) / 17,6,4, 17,-1, 6,-1, 18,1, 5,1,
     1                            2*0 /
C     NO3 -> NO
      DATA (IREAC(I,21),I=1,13) / 19,0,2, 19,-1, 2,1, 6*0 /
C     NO3 -> NO2 + O3P
      DATA (IREAC(I,22),I=1,13) / 19,0,3, 19,-1, 1,1, 3,1, 4*0 /
C     NO2 + O3 -> NO3
      DATA (IREAC(I,23),I=1,13) / 1,4,3, 1,-1, 4,-1, 19,1, 4*0 /
C     NO3 + NO2 -> N2O5
      DATA (IREAC(I,24),I=1,13) / 19,1,3, 19,-1, 1,-1, 20,1, 4*0 /
C     N2O5 -> NO3 + NO2
      DATA (IREAC(I,25),I=1,13) / 20,0,3, 20,-1, 19,1, 1,1, 4*0 /
      END
C
      SUBROUTINE POLF(Y, F)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(20), F(20)
      COMMON /POLCOM/ RK(25), IREAC(13,25)
      DO 10 I = 1, 20
         F(I) = 0.0D0
 10   CONTINUE
      DO 30 K = 1, 25
         R = RK(K)*Y(IREAC(1,K))
         IF (IREAC(2,K) .GT. 0) R = R*Y(IREAC(2,K))
         DO 20 L = 1, IREAC(3,K)
            I = IREAC(2+2*L,K)
            F(I) = F(I) + DBLE(IREAC(3+2*L,K))*R
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
      SUBROUTINE POLRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(20), YPRIME(20), DELTA(20), RPAR(*), IPAR(*)
      CALL POLF(Y, DELTA)
      DO 10 I = 1, 20
         DELTA(I) = YPRIME(I) - DELTA(I)
 10   CONTINUE
      RETURN
      END
C
C     PD = CJ*I - DF/DY: each reaction adds its change times its
C     rate's derivatives DR/DY(IA), DR/DY(IB).
      SUBROUTINE POLJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(20), YPRIME(20), PD(20,20), RPAR(*), IPAR(*)
      COMMON /POLCOM/ RK(25), IREAC(13,25)
      DO 30 K = 1, 25
         IA = IREAC(1,K)
         IB = IREAC(2,K)
         IF (IB .GT. 0) THEN
            DRA = RK(K)*Y(IB)
            DRB = RK(K)*Y(IA)
         ELSE
            DRA = RK(K)
         ENDIF
         DO 20 L = 1, IREAC(3,K)
            I = IREAC(2+2*L,K)
            C = DBLE(IREAC(3+2*L,K))
            PD(I,IA) = PD(I,IA) - C*DRA
            IF (IB .GT. 0) PD(I,IB) = PD(I,IB) - C*DRB
 20      CONTINUE
 30   CONTINUE
      DO 40 I = 1, 20
         PD(I,I) = PD(I,I) + CJ
 40   CONTINUE
      RETURN
      END
C
C     Reference at T = 60 (RADAU5, RTOL = ATOL = 1.1E-18).
      SUBROUTINE POLREF(YREF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION YREF(20)
      YREF( 1) = 0.5646255480022769D-01
      YREF( 2) = 0.1342484130422339D+00
      YREF( 3) = 0.4139734331099427D-08
      YREF( 4) = 0.5523140207484359D-02
      YREF( 5) = 0.2018977262302196D-06
      YREF( 6) = 0.1464541863493966D-06
      YREF( 7) = 0.7784249118997964D-01
      YREF( 8) = 0.3245075353396018D+00
      YREF( 9) = 0.7494013383880406D-02
      YREF(10) = 0.1622293157301561D-07
      YREF(11) = 0.1135863833257075D-07
      YREF(12) = 0.2230505975721359D-02
      YREF(13) = 0.2087162882798630D-03
      YREF(14) = 0.1396921016840158D-04
      YREF(15) = 0.8964884856898295D-02
      YREF(16) = 0.4352846369330103D-17
      YREF(17) = 0.6899219696263405D-02
      YREF(18) = 0.1007803037365946D-03
      YREF(19) = 0.1772146513969984D-05
      YREF(20) = 0.5682943292316392D-04
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Van der Pol, EPS = 1E-6: Y1' = Y2, Y2' = ((1-Y1**2) Y2 - Y1)/EPS.
C-----------------------------------------------------------------------
      SUBROUTINE VDPRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) - Y(2)
      DELTA(2) = YPRIME(2) - ((1.0D0 - Y(1)**2)*Y(2) - Y(1))/1.0D-6
      RETURN
      END
C
      SUBROUTINE VDPJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), PD(2,2), RPAR(*), IPAR(*)
      PD(1,1) = CJ
      PD(1,2) = -1.0D0
      PD(2,1) = -(-2.0D0*Y(1)*Y(2) - 1.0D0)/1.0D-6
      PD(2,2) = CJ - (1.0D0 - Y(1)**2)/1.0D-6
      RETURN
      END
C
C     The ring modulator of the test set: element values, residual,
C     Jacobian, reference solution.
      INCLUDE 'ring_model.inc'
C
C     The transistor amplifier of the test set: parameters, initial
C     values, residual, banded Jacobian.
      INCLUDE 'tramp_model.inc'
C
C     Reference at T = 0.2 published with the test set (PSIDE,
C     RTOL = ATOL = 1E-14).
      SUBROUTINE TRAREF(YREF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION YREF(8)
      YREF(1) = -0.5562145012262709D-02
      YREF(2) = 0.3006522471903042D+01
      YREF(3) = 0.2849958788608128D+01
      YREF(4) = 0.2926422536206241D+01
      YREF(5) = 0.2704617865010554D+01
      YREF(6) = 0.2761837778393145D+01
      YREF(7) = 0.4770927631616772D+01
      YREF(8) = 0.1236995868091548D+01
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
