C-----------------------------------------------------------------------
C     BENCH_CALL_SINGLE -- the fixed cost of one SDASKR call, written
C     like a user's FORTRAN 77 program in REAL: bench_call.f's three
C     cases in single precision.  The same source links against the
C     original single-precision DASKR (sdaskr.f saux.f slinpk.f) or
C     against this project's libdaskr.a:
C
C        gfortran -O2 bench_call_single.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (full run)
C        ./a.out quick      (smoke run: fewer calls, one repetition)
C        ./a.out STEP       (only the cases whose name contains STEP;
C                            may be combined with quick)
C
C     The problem is bench_call.f's harmonic oscillator
C        G1 = Y1' - Y2,   G2 = Y2' + Y1,
C     Y(0) = (1, 0), Y'(0) = (0, -1), with its 2 x 2 user Jacobian
C     (INFO(5) = 1) and scalar tolerances, here on T = 0 .. 50: single
C     precision allows tolerances no finer than about 1E-5 (SDASKR
C     returns IDID = -2 below that), so the interval is longer than
C     bench_call.f's for a comparable number of steps.
C
C     INTERP     RTOL = ATOL = 1E-4, output at T = I*50/NOUT,
C                I = 1..NOUT, NOUT = 200000 (quick: 20000) in interval
C                mode: every call but a few hundred returns by
C                interpolation in the last step.  NS/CALL is the cost
C                of a call that takes no step.
C     ONESTEP    RTOL = ATOL = 1E-5, one step per call (INFO(3) = 1,
C                INFO(4) = 1 with TSTOP = 50), called until T = 50.
C                NS/CALL: one call, one step.
C     INTERVAL   the same integration in one call (TOUT = 50, the same
C                TSTOP): the same steps.  NS/CALL is then per step.
C
C     ONESTEP minus INTERVAL, per step, is what a call costs beyond its
C     step; the line after the table prints it.  Every case checks its
C     answer against Y1(50) = COS(50) and prints Y1(50) in full, so
C     the two libraries' answers can be compared digit for digit.
C
C     One line per case, as bench_call.f prints it: the number of
C     repetitions, the minimum and median wall time of one integration
C     (SYSTEM_CLOCK), the minimum and median time per call in
C     nanoseconds, the number of calls, and the counters NST, NRE, NJE
C     (IWORK(11), (12), (13)).
C-----------------------------------------------------------------------
      PROGRAM BENCHS
      DOUBLE PRECISION PERCAL
      CHARACTER*16 ARG
      INTEGER IARGC
      LOGICAL QUICK, WANTED
      COMMON /BPER/ PERCAL(3)
      QUICK = .FALSE.
      DO 10 K = 1, IARGC()
         CALL GETARG(K, ARG)
         IF (ARG(1:5) .EQ. 'quick' .OR. ARG(1:5) .EQ. 'QUICK') THEN
            QUICK = .TRUE.
         ELSE
            CALL SETFLT(ARG)
         ENDIF
 10   CONTINUE
      NQ = 1
      IF (QUICK) NQ = 0
      DO 20 K = 1, 3
         PERCAL(K) = -1.0D0
 20   CONTINUE
      WRITE(6,100)
 100  FORMAT(' SDASKR CALL BENCHMARK (FORTRAN 77 CALLER)'/
     1  ' CASE          REPS     MIN(MS)     MED(MS)  MIN(NS/CALL)',
     2  '  MED(NS/CALL)     CALLS     NST     NRE     NJE',
     3  '         Y1(50)')
      IF (WANTED('INTERP      '))
     1   CALL OSCBNS('INTERP      ', 0, 1 + NQ*6, 20000 + NQ*180000)
      IF (WANTED('ONESTEP     '))
     1   CALL OSCBNS('ONESTEP     ', 1, 1 + NQ*300, 0)
      IF (WANTED('INTERVAL    '))
     1   CALL OSCBNS('INTERVAL    ', 2, 1 + NQ*300, 0)
      IF (PERCAL(2) .GE. 0.0D0 .AND. PERCAL(3) .GE. 0.0D0) THEN
         WRITE(6,110) PERCAL(2) - PERCAL(3)
 110     FORMAT('    A CALL BEYOND ITS STEP (ONESTEP - INTERVAL,',
     1      ' MEDIAN NS PER STEP):',F10.1)
      ENDIF
      END
C
C-----------------------------------------------------------------------
C     OSCBNS -- the oscillator in REAL: MODE 0 NOUT outputs in interval
C     mode, 1 one step per call, 2 one call to the end.  NREP
C     repetitions.  The times are kept in DOUBLE PRECISION.
C-----------------------------------------------------------------------
      SUBROUTINE OSCBNS(NAME, MODE, NREP, NOUT)
      CHARACTER*12 NAME
      PARAMETER (NEQ=2, MAXREP=1000)
      PARAMETER (LRW=60+9*NEQ+NEQ**2, LIW=40+NEQ)
      REAL T, TOUT, TEND, TOL, Y, YPRIME, RTOL, ATOL, RWORK, RPAR
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      DOUBLE PRECISION TIM(MAXREP), TMED, PER, PERCAL, TMEDN
      INTEGER*8 IC0, IC1, IRATE
      COMMON /BPER/ PERCAL(3)
      EXTERNAL OSCRS, OSCJS, OSCDS
      TEND = 50.0E0
      TOL = 1.0E-5
      IF (MODE .EQ. 0) TOL = 1.0E-4
      NREPS = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NREPS
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(5) = 1
         IF (MODE .NE. 0) THEN
            INFO(4) = 1
            RWORK(1) = TEND
         ENDIF
         IF (MODE .EQ. 1) INFO(3) = 1
         RTOL(1) = TOL
         ATOL(1) = TOL
         T = 0.0E0
         Y(1) = 1.0E0
         Y(2) = 0.0E0
         YPRIME(1) = 0.0E0
         YPRIME(2) = -1.0E0
         NCALL = 0
         CALL SYSTEM_CLOCK(IC0, IRATE)
         IF (MODE .EQ. 0) THEN
            DO 20 IOUT = 1, NOUT
               TOUT = TEND*REAL(IOUT)/REAL(NOUT)
               CALL SDASKR(OSCRS, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2              OSCJS, OSCDS, OSCDS, 0, JROOT)
               IF (IDID .LT. 0) GO TO 95
 20         CONTINUE
            NCALL = NOUT
         ELSE
 30         CONTINUE
            CALL SDASKR(OSCRS, NEQ, T, Y, YPRIME, TEND, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           OSCJS, OSCDS, OSCDS, 0, JROOT)
            NCALL = NCALL + 1
            IF (IDID .LT. 0) GO TO 95
            IF (IDID .EQ. 1) GO TO 30
         ENDIF
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
         IF (ABS(Y(1) - COS(TEND)) .GT. 1.0E3*TOL) THEN
            WRITE(6,*) NAME, ' WRONG ANSWER: Y1 =', Y(1), ' COS(50) =',
     1         COS(TEND)
            STOP
         ENDIF
 90   CONTINUE
      TMED = TMEDN(TIM, NREPS)
      PER = 1.0D9/DBLE(NCALL)
      IF (MODE .EQ. 2) PER = 1.0D9/DBLE(IWORK(11))
      PERCAL(MODE+1) = PER*TMED
      WRITE(6,200) NAME, NREPS, 1.0D3*TIM(1), 1.0D3*TMED, PER*TIM(1),
     1   PER*TMED, NCALL, IWORK(11), IWORK(12), IWORK(13), Y(1)
 200  FORMAT(1X,A12,I6,2F12.4,2F14.1,I10,3I8,ES15.7)
      RETURN
 95   WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
      STOP
      END
C
      SUBROUTINE OSCRS(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      REAL T, Y, YPRIME, CJ, DELTA, RPAR
      DIMENSION Y(2), YPRIME(2), DELTA(2)
      DELTA(1) = YPRIME(1) - Y(2)
      DELTA(2) = YPRIME(2) + Y(1)
      RETURN
      END
C
      SUBROUTINE OSCJS(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      REAL T, Y, YPRIME, PD, CJ, RPAR
      DIMENSION PD(2,2)
      PD(1,1) = CJ
      PD(2,1) = 1.0E0
      PD(1,2) = -1.0E0
      PD(2,2) = CJ
      RETURN
      END
C
C     PSOL and RT are never called (INFO(12) = 0, NRT = 0).
      SUBROUTINE OSCDS
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
