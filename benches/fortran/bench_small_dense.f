C-----------------------------------------------------------------------
C     BENCH_SMALL_DENSE -- timing benchmark for DDASKR's dense direct
C     solver on a small, stiff, oscillatory circuit, written like a
C     user's FORTRAN 77 program.  The same source links against the
C     original DASKR (ddaskr.f daux.f dlinpk.f) or against this
C     project's libdaskr.a:
C
C        gfortran -O2 bench_small_dense.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (full run: T = 0 .. 1E-3, 5 repetitions)
C        ./a.out quick      (smoke run: T = 0 .. 1E-4, one repetition)
C        ./a.out RING-UJ    (only the cases whose name contains the
C                            argument; may be combined with quick)
C        ./a.out REPS=n     (n repetitions of every selected case)
C        ./a.out ONESTEP    (one step per call, as a simulator drives
C                            the solver: INFO(3) = 1, INFO(4) = 1 with
C                            TSTOP = RWORK(1) the next output time,
C                            called again until it returns IDID = 2
C                            or 3; the case name gets /1S and MED/STEP
C                            is then the time per call)
C
C     RING-DQ    the ring modulator of the Bari IVP test set (Horneber
C     RING-UJ      1976; Kampowsky, Rentrop and Schmidt 1992), the
C                ODE variant with the stray capacitance CS = 2E-12:
C                15 unknowns, the node voltages U1..U7 and the branch
C                currents I8..I15 of a diode ring (four diodes with
C                Q(U) = GAMMA*(EXP(DELTA*U) - 1)) between two
C                transformers, driven by UIN1 = 0.5 SIN(2000 PI T) and
C                the carrier UIN2 = 2 SIN(20000 PI T).  Written for
C                DDASKR as the DAE  G = K Y' - F(T, Y)  with K the
C                diagonal of capacitances (C, CS, CP) and inductances
C                (LH, LS1, LS2, LS3) and F the currents into the nodes
C                and the voltages across the inductors:
C                  F1  = I8 - I10/2 + I11/2 + I14 - U1/R      (K = C)
C                  F2  = I9 - I12/2 + I13/2 + I15 - U2/R      (K = C)
C                  F3  = I10 - Q(UD1) + Q(UD4)                (K = CS)
C                  F4  = -I11 + Q(UD2) - Q(UD3)               (K = CS)
C                  F5  = I12 + Q(UD1) - Q(UD3)                (K = CS)
C                  F6  = -I13 - Q(UD2) + Q(UD4)               (K = CS)
C                  F7  = -U7/RP + Q(UD1) + Q(UD2) - Q(UD3) - Q(UD4)
C                                                             (K = CP)
C                  F8  = -U1,  F9 = -U2                       (K = LH)
C                  F10 = U1/2 - U3 - RG2 I10                  (K = LS2)
C                  F11 = -U1/2 + U4 - RG3 I11                 (K = LS3)
C                  F12 = U2/2 - U5 - RG2 I12                  (K = LS2)
C                  F13 = -U2/2 + U6 - RG3 I13                 (K = LS3)
C                  F14 = -U1 + UIN1 - (RI + RG1) I14          (K = LS1)
C                  F15 = -U2 - (RC + RG1) I15                 (K = LS1)
C                with the diode voltages
C                  UD1 =  U3 - U5 - U7 - UIN2,
C                  UD2 = -U4 + U6 - U7 - UIN2,
C                  UD3 =  U4 + U5 + U7 + UIN2,
C                  UD4 = -U3 - U6 + U7 + UIN2
C                and the element values of the test set (block data
C                RNGDAT).  Y(0) = Y'(0) = 0 (consistent).  The iteration
C                matrix CJ*K - dF/dY has 55 non-zeros of 225: kept in
C                dense storage (INFO(6) = 0), as the test set declares
C                it (MLJAC = MUJAC = NEQ).  RTOL = ATOL = 1E-8 (scalar),
C                output every 1E-5 (ten points per carrier period),
C                end T = 1E-3 (the test set's interval); the solution
C                there is compared with the test set's reference
C                solution (RADAU5, RTOL = ATOL = 1E-12).  Dense
C                difference-quotient (DQ: INFO(5) = 0, 16 RES calls per
C                Jacobian) or user (UJ: INFO(5) = 1) Jacobian.  About
C                360 000 steps, each with a 15 x 15 dense LU or
C                solve: the per-step cost of the small dense kernels.
C                At RTOL = 1E-8 DDASKR ends within about 5E-4 (relative)
C                of the reference (U3..U6 shifted alike); the error
C                falls with the tolerance (1E-10: about 1E-5).
C
C     Every case uses RWORK/IWORK of DASKR's documented minimum length
C     (LRW = 60 + 9*NEQ + NEQ**2, LIW = 40 + NEQ).  One line per case:
C     the number of repetitions, the minimum, median and maximum wall
C     time of one integration (SYSTEM_CLOCK), the median per step, and
C     the counters NST, NRE, NJE, NNI of the last repetition
C     (IWORK(11), (12), (13), (19)); then, indented, the solution at the
C     end in full precision (to be compared between libraries) and, for
C     the full interval, the largest relative error against the
C     reference solution.
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
 100  FORMAT(' DDASKR SMALL DENSE BENCHMARK (FORTRAN 77 CALLER)'/
     1  ' CASE           NEQ  REPS     MIN(MS)     MED(MS)',
     2  '     MAX(MS)  MED/STEP(US)     NST     NRE     NJE     NNI')
      IF (WANTED('RING-DQ     '))
     1   CALL RNGBEN('RING-DQ     ', 0, NREP(NREPS, 1 + NQ*4),
     2               10 + NQ*90)
      IF (WANTED('RING-UJ     '))
     1   CALL RNGBEN('RING-UJ     ', 1, NREP(NREPS, 1 + NQ*4),
     2               10 + NQ*90)
      END
C
C-----------------------------------------------------------------------
C     RNGBEN -- the ring modulator, NOUT output intervals of 1E-5,
C     MODE 0: dense DQ Jacobian, 1: dense user Jacobian; one step per
C     call with TSTOP at each output when ONESTP.
C-----------------------------------------------------------------------
      SUBROUTINE RNGBEN(NAME, MODE, NREP, NOUT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME, CNAME
      LOGICAL ONESTP
      COMMON /SMODE/ ONESTP
      PARAMETER (NEQ=15, MAXREP=50)
      PARAMETER (LRW=60+9*NEQ+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), YREF(NEQ), INFO(20)
      DIMENSION RTOL(1), ATOL(1), RWORK(LRW), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL RNGRES, RNGJAC, PDUM, RTDUM
      NR = MIN(NREP, MAXREP)
      NRT = 0
      CNAME = NAME
      IF (ONESTP) CNAME(INDEX(NAME, ' '):) = '/1S'
C     Silence the 500-steps-per-call messages (IDID = -1 is handled
C     below by continuing); failures are reported by this program.
      CALL XSETF(0)
      DO 90 IREP = 1, NR
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(5) = MODE
         IF (ONESTP) THEN
            INFO(3) = 1
            INFO(4) = 1
         ENDIF
         NCALL = 0
         RTOL(1) = 1.0D-8
         ATOL(1) = 1.0D-8
         T = 0.0D0
         DO 20 I = 1, NEQ
            Y(I) = 0.0D0
            YPRIME(I) = 0.0D0
 20      CONTINUE
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, NOUT
            TOUT = 1.0D-5*DBLE(IOUT)
            IF (ONESTP) RWORK(1) = TOUT
 45         CONTINUE
            CALL DDASKR(RNGRES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           RNGJAC, PDUM, RTDUM, NRT, JROOT)
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
      CALL REPORT(CNAME, NEQ, NR, TIM, IWORK)
      IF (ONESTP) WRITE(6,105) CNAME, NCALL
 105  FORMAT(4X,A12,I9,' CALLS (MED/STEP IS ABOUT THE TIME PER CALL)')
      WRITE(6,110) NAME, T, (Y(I), I = 1, NEQ)
 110  FORMAT(4X,A12,' Y(1:15) AT T =',1PE10.3,':'/
     1       3(4X,5(1PE24.16)/))
      IF (NOUT .EQ. 100) THEN
C        Largest relative error over the components (none of the
C        reference values is zero).
         CALL RNGREF(YREF)
         ERR = 0.0D0
         IMAX = 1
         DO 60 I = 1, NEQ
            E = ABS(Y(I) - YREF(I))/ABS(YREF(I))
            IF (E .GT. ERR) THEN
               ERR = E
               IMAX = I
            ENDIF
 60      CONTINUE
         WRITE(6,120) NAME, ERR, IMAX
 120     FORMAT(4X,A12,' MAX REL. ERROR AGAINST THE TEST SET''S',
     1      ' REFERENCE AT T = 1E-3:',1PE10.2,' (COMPONENT',I3,')')
      ENDIF
      RETURN
      END
C
C     The ring modulator of the test set: element values, residual,
C     Jacobian, reference solution.
      INCLUDE 'ring_model.inc'
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'BENCH_SMALL_DENSE: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'BENCH_SMALL_DENSE: DUMMY RT WAS CALLED'
      STOP
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
 100  FORMAT(1X,A12,I5,I6,3F12.4,F14.3,4I8)
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
