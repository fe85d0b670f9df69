C-----------------------------------------------------------------------
C     BENCH_DSL_DDASKR -- the problems of bench_dsl48e.f through DDASKR,
C     written like a user's FORTRAN 77 program.  It calls DDASKR only,
C     so the same source links against this project's libdaskr.a or
C     against the original DASKR (ddaskr.f daux.f dlinpk.f), and DSL48E
C     (bench_dsl48e.f) can be timed against either on identical
C     problems:
C
C        gfortran -O2 bench_dsl_ddaskr.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (full run)
C        ./a.out quick      (smoke run: one repetition per case)
C        ./a.out EVENTS     (only the cases whose name contains EVENTS;
C                            may be combined with quick or REPS=n)
C        ./a.out REPS=n     (n repetitions of every selected case)
C     scripts/bench_fortran.sh builds and runs it (README, Performance).
C
C     HEAT100-BAND the heat DAE of bench_dsl48e.f (HEAT100-DSL),
C                  M = 100, NEQ = 10000, with DDASKR's banded
C                  difference-quotient Jacobian, ML = MU = M (INFO(6) =
C                  1), RTOL = ATOL = 1D-5, outputs T = 0.1, ..., 1.0.
C                  The final solution is summarised as in bench_dsl48e.f
C                  (centre value, mean, maximum) so the two programs can
C                  be compared.
C     HEAT224-BAND the same with M = 224 (NEQ = 50176, ML = MU = 224,
C                  274 MB of RWORK): run only when asked for by name
C                  (./a.out HEAT224), never in the full run.
C     HEAT32-BAND  the same with M = 32 (NEQ = 1024, ML = MU = 32).
C     HT100L-BAND  HEAT100-BAND over a long interval: outputs T = 1,
C                  2, ..., 10 (hundreds of steps, few Jacobians: the
C                  solves dominate).
C     EVENTS-RT    Example 1 of Mao & Petzold to T = 100.025 (2000 sign
C                  changes of SIN(20*PI*T)) the DDASKR way: NEQ = 1,
C                    G = Y' - MODE*Y,
C                  NRT = 1 root function R = SIN(20*PI*T); at each root
C                  (IDID = 5) MODE is set from the crossing direction
C                  (JROOT(1) = 1: 1, -1: 0), Y' = MODE*Y, and DDASKR
C                  restarted (INFO(1) = 0).  RTOL = ATOL = 1D-5.
C     EVENTS-RT2   the same on bench_dsl48e.f's augmented model,
C                  NEQ = 2, Y = (Y, D), G2 = D - SIN(20*PI*T), root
C                  function R = D, restart with INFO(11) = 1 (ID =
C                  (1, -1)), as DSL48E restarts.  Dense difference-
C                  quotient Jacobian.
C                  The counters of the event cases are summed over the
C                  restarts.  Printed: the number of roots returned, the
C                  number of distinct crossings K/20 they are at (the
C                  table's NEV column; a sign test between mesh points
C                  misses both roots of a step that covers a whole half
C                  period, and a restart on the old side of a crossing
C                  returns it twice), time, steps and residual calls per
C                  crossing found, and the relative error of Y at the
C                  end.
C     EVCOST-RT0   the oscillator of bench_dsl48e.f's EVCOST cases,
C     EVCOST-RT1     Y1' = Y2, Y2' = -(2*PI)**2*Y1, 0 = D - (2 + Y1),
C                  dense DQ Jacobian, RTOL = ATOL = 1D-6, T to 100
C                  (outputs at 1, 2, ...), without (RT0) and with (RT1)
C                  the root function R = D, which never vanishes; run
C                  alternately, the difference of their median time per
C                  step is printed (DDASKR's price of root finding).
C     EVCOST1S-RT0 the same driven one step per call (INFO(3) = 1,
C     EVCOST1S-RT1   called again until IDID = 3 at each output), as
C                  bench_dsl48e.f's EVCOST1S cases drive DSL48E:
C                  MED/STEP(US) is then about the time of a call.
C
C     Every case uses RWORK/IWORK of DASKR's documented minimum length.
C     The table has the columns of bench_dsl48e.f: the number of
C     repetitions, the first, minimum, median and maximum wall time of
C     one integration (SYSTEM_CLOCK), the median processor time of one
C     integration (CPU_TIME), the median wall time per step, and the
C     counters NST, NRE, NJE, NETF, NCFN, NNI (IWORK(11..15), (19);
C     summed over restarts) and the number of crossings found.
C-----------------------------------------------------------------------
      PROGRAM BDSLDK
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG, FILTER
      INTEGER IARGC
      LOGICAL QUICK, WANTED
      COMMON /BSEL/ FILTER, NFILT
      QUICK = .FALSE.
      NREPS = 0
      DO 10 K = 1, IARGC()
         CALL GETARG(K, ARG)
         IF (ARG(1:5) .EQ. 'quick' .OR. ARG(1:5) .EQ. 'QUICK') THEN
            QUICK = .TRUE.
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
 100  FORMAT(' DDASKR ON THE DSL48E BENCHMARK PROBLEMS (FORTRAN 77',
     1  ' CALLER)'/
     2  ' CASE           NEQ  REPS   FIRST(MS)     MIN(MS)     MED(MS)',
     3  '     MAX(MS)  MEDCPU(MS)  MED/STEP(US)     NST     NRE',
     4  '     NJE  NETF  NCFN     NNI   NEV')
      IF (WANTED('HEAT100-BAND'))
     1   CALL HTBAND('HEAT100-BAND', 100, NREP(NREPS, 1 + NQ*2), 1D0)
      IF (WANTED('HEAT32-BAND '))
     1   CALL HTBAND('HEAT32-BAND ', 32, NREP(NREPS, 1 + NQ*10), 1D0)
      IF (WANTED('HT100L-BAND '))
     1   CALL HTBAND('HT100L-BAND ', 100, NREP(NREPS, 1 + NQ*2), 10D0)
      IF (NFILT .GE. 7 .AND. INDEX('HEAT224-BAND',
     1    FILTER(1:MAX(NFILT,1))) .GT. 0)
     2   CALL HTBAND('HEAT224-BAND', 224, NREP(NREPS, 1), 1D0)
      IF (WANTED('EVENTS-RT   '))
     1   CALL EVRT('EVENTS-RT   ', 1, NREP(NREPS, 1 + NQ*10))
      IF (WANTED('EVENTS-RT2  '))
     1   CALL EVRT('EVENTS-RT2  ', 2, NREP(NREPS, 1 + NQ*10))
      IF (WANTED('EVCOST-RT0  ') .OR. WANTED('EVCOST-RT1  '))
     1   CALL ECRT(NREP(NREPS, 1 + NQ*10), 0)
      IF (WANTED('EVCOST1S-RT0') .OR. WANTED('EVCOST1S-RT1'))
     1   CALL ECRT(NREP(NREPS, 1 + NQ*10), 1)
      END
C
C-----------------------------------------------------------------------
C     HTBAND -- the M x M heat DAE, banded DQ Jacobian, ML = MU = M.
C-----------------------------------------------------------------------
C     TEND: the last output time (outputs at TEND/10, ..., TEND).
      SUBROUTINE HTBAND(NAME, MM, NREP, TEND)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (MMAX=224, NMAX=MMAX*MMAX, MAXREP=50)
      PARAMETER (LRWMAX=60+9*NMAX+(3*MMAX+1)*NMAX+2*(NMAX/MMAX+1))
      DIMENSION U(NMAX), UP(NMAX), INFO(20), IWORK(40+NMAX)
      DIMENSION RPAR(1), IPAR(1), JROOT(1), TIM(MAXREP), CPUT(MAXREP)
      DIMENSION KSUM(6)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /HTPAR/ D, H, PI, M
      COMMON /HTWORK/ RWORK(LRWMAX)
      EXTERNAL HTRESK, DUMJAC, DUMPSL, DUMRT
      SAVE U, UP, IWORK
      CALL HTSET(MM)
      NEQ = M*M
      ML = M
      MU = M
      LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1)
      LIW = 40 + NEQ
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(6) = 1
         IWORK(1) = ML
         IWORK(2) = MU
         T = 0.0D0
         CALL HTINIT(U, UP)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         CALL CPU_TIME(C0)
         DO 50 IOUT = 1, 10
            TOUT = 0.1D0*TEND*DBLE(IOUT)
            CALL DDASKR(HTRESK, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL,
     1           IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC,
     2           DUMPSL, DUMRT, 0, JROOT)
            IF (IDID .NE. 3) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP 1
            ENDIF
 50      CONTINUE
         CALL CPU_TIME(C1)
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
         CPUT(IREP) = C1 - C0
 90   CONTINUE
      CALL KCOPY(IWORK, KSUM)
      CALL REPORT(NAME, NEQ, NR, TIM, CPUT, KSUM, 0)
      WRITE(6,110) NAME, DBLE(KSUM(2))/DBLE(MAX(KSUM(3),1)),
     1   DBLE(KSUM(2) - KSUM(6))/DBLE(MAX(KSUM(3),1))
 110  FORMAT(4X,A12,' NRE/NJE =',F8.2,'  (NRE-NNI)/NJE =',F8.2)
      CALL HTSHOW(NAME, U)
      RETURN
      END
C
C     KSUM(1..6) = NST, NRE, NJE, NETF, NCFN, NNI of the last run.
      SUBROUTINE KCOPY(IWORK, KSUM)
      DIMENSION IWORK(*), KSUM(6)
      DO 10 I = 1, 5
         KSUM(I) = IWORK(10+I)
 10   CONTINUE
      KSUM(6) = IWORK(19)
      RETURN
      END
C
C     KSUM(1..6) += the counters of the run that just stopped.
      SUBROUTINE KADD(IWORK, KSUM)
      DIMENSION IWORK(*), KSUM(6)
      DO 10 I = 1, 5
         KSUM(I) = KSUM(I) + IWORK(10+I)
 10   CONTINUE
      KSUM(6) = KSUM(6) + IWORK(19)
      RETURN
      END
C
C     The final solution at the centre, its mean and its maximum.
      SUBROUTINE HTSHOW(NAME, U)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      DIMENSION U(*)
      COMMON /HTPAR/ D, H, PI, M
      S = 0.0D0
      UMAX = U(1)
      DO 10 K = 1, M*M
         S = S + U(K)
         UMAX = MAX(UMAX, U(K))
 10   CONTINUE
      KC = M/2 + (M/2 - 1)*M
      WRITE(6,100) NAME, U(KC), S/DBLE(M*M), UMAX
 100  FORMAT(4X,A12,' U(END): CENTRE',1P,E23.15,'  MEAN',E23.15,
     1   '  MAX',E23.15)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     The heat DAE (as in bench_dsl48e.f).
C-----------------------------------------------------------------------
      SUBROUTINE HTSET(MM)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /HTPAR/ D, H, PI, M
      M = MM
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
      D = 0.1D0
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION GB(T)
C     Dirichlet value on the bottom row.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /HTPAR/ D, H, PI, M
      GB = 0.25D0 + 0.2D0*SIN(2.0D0*PI*T)
      RETURN
      END
C
C     Consistent initial values at T = 0.
      SUBROUTINE HTINIT(U, UP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=224*224)
      DIMENSION U(*), UP(*), W(NMAX)
      COMMON /HTPAR/ D, H, PI, M
      SAVE W
      DO 20 J = 1, M
         DO 10 I = 1, M
            X = DBLE(I-1)*H
            Y = DBLE(J-1)*H
            U(I+(J-1)*M) = 0.25D0*(1.0D0-Y)
     1                   + 0.3D0*X*(1.0D0-X)*SIN(PI*Y)
            UP(I+(J-1)*M) = 0.0D0
 10      CONTINUE
 20   CONTINUE
      DO 30 I = 1, M
         U(I) = GB(0.0D0)
         U(I+(M-1)*M) = 0.0D0
 30   CONTINUE
      DO 40 J = 2, M-1
         U(1+(J-1)*M) = U(2+(J-1)*M)
         U(M+(J-1)*M) = U(M-1+(J-1)*M)
 40   CONTINUE
C     U' inside: the residual at U' = 0 is -RHS.
      CALL HTRES(0.0D0, U, UP, W)
      DO 60 J = 2, M-1
         DO 50 I = 2, M-1
            UP(I+(J-1)*M) = -W(I+(J-1)*M)
 50      CONTINUE
 60   CONTINUE
      DO 70 I = 1, M
         UP(I) = 0.4D0*PI*COS(0.0D0)
         UP(I+(M-1)*M) = 0.0D0
 70   CONTINUE
      DO 80 J = 2, M-1
         UP(1+(J-1)*M) = UP(2+(J-1)*M)
         UP(M+(J-1)*M) = UP(M-1+(J-1)*M)
 80   CONTINUE
      RETURN
      END
C
C     The residual (as in bench_dsl48e.f).
      SUBROUTINE HTRES(T, U, UP, DEL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(*), UP(*), DEL(*)
      COMMON /HTPAR/ D, H, PI, M
      C = D/H**2
      G = GB(T)
      DO 10 I = 1, M
         DEL(I) = U(I) - G
 10   CONTINUE
      DO 30 J = 2, M-1
         K = 1 + (J-1)*M
         DEL(K) = U(K) - U(K+1)
         DO 20 I = 2, M-1
            K = I + (J-1)*M
            DEL(K) = UP(K) - C*(U(K-1) + U(K+1) + U(K-M) + U(K+M)
     1               - 4.0D0*U(K)) - U(K)*(1.0D0 - U(K))
 20      CONTINUE
         K = M + (J-1)*M
         DEL(K) = U(K) - U(K-1)
 30   CONTINUE
      DO 40 I = 1, M
         K = I + (M-1)*M
         DEL(K) = U(K)
 40   CONTINUE
      RETURN
      END
C
C     DDASKR residual.
      SUBROUTINE HTRESK(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      CALL HTRES(T, Y, YP, DELTA)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     EVRT -- Example 1 to T = 100.025 with a root function; KIND 1:
C     NEQ = 1, R = SIN(20*PI*T); KIND 2: NEQ = 2 (Y, D), R = D.
C-----------------------------------------------------------------------
      SUBROUTINE EVRT(NAME, KIND, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NRT=1, MAXREP=50)
      PARAMETER (LRW=60+9*2+3*NRT+2**2, LIW=40+2*2)
      DIMENSION Y(2), YP(2), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(NRT), TIM(MAXREP), CPUT(MAXREP)
      DIMENSION KSUM(6)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL EXRES1, EXRES2, EXRT1, EXRT2, DUMJAC, DUMPSL
      PI = 4.0D0*ATAN(1.0D0)
      TEND = 100.025D0
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      NEQ = KIND
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         DO 15 I = 1, 6
            KSUM(I) = 0
 15      CONTINUE
         T = 0.0D0
         Y(1) = 0.1D0
         Y(2) = 0.0D0
         YP(1) = 0.1D0
         YP(2) = 20.0D0*PI
         IPAR(1) = 1
         NROOT = 0
         NEV = 0
         KLAST = 0
         NOFF = 0
         CALL SYSTEM_CLOCK(IC0, IRATE)
         CALL CPU_TIME(C0)
 20      CONTINUE
         IF (KIND .EQ. 1) THEN
            CALL DDASKR(EXRES1, NEQ, T, Y, YP, TEND, INFO, RTOL, ATOL,
     1           IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC,
     2           DUMPSL, EXRT1, NRT, JROOT)
         ELSE
            CALL DDASKR(EXRES2, NEQ, T, Y, YP, TEND, INFO, RTOL, ATOL,
     1           IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC,
     2           DUMPSL, EXRT2, NRT, JROOT)
         ENDIF
         IF (IDID .EQ. -1) THEN
            INFO(1) = 1
            GO TO 20
         ENDIF
         IF (IDID .LT. 0) THEN
            WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
            STOP 1
         ENDIF
         IF (IDID .EQ. 5) THEN
C           A root: count it (and the crossing K/20 it is at, once),
C           set the mode from the direction of the crossing and restart.
            NROOT = NROOT + 1
            K = NINT(20.0D0*T)
            IF (K .NE. KLAST) NEV = NEV + 1
            KLAST = K
            IF (ABS(T - DBLE(K)/20.0D0) .GT. 1.0D-4) NOFF = NOFF + 1
            CALL KADD(IWORK, KSUM)
            IF (JROOT(1) .GT. 0) IPAR(1) = 1
            IF (JROOT(1) .LT. 0) IPAR(1) = 0
            INFO(1) = 0
            IF (KIND .EQ. 1) THEN
               YP(1) = DBLE(IPAR(1))*Y(1)
            ELSE
C              INFO(11) = 1 with ID = (1, -1) in IWORK(41..42) (the
C              first call, without ID, had pivots there).
               YP(1) = DBLE(IPAR(1))*Y(1)
               INFO(11) = 1
               IWORK(41) = 1
               IWORK(42) = -1
            ENDIF
            GO TO 20
         ENDIF
         CALL CPU_TIME(C1)
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
         CPUT(IREP) = C1 - C0
         CALL KADD(IWORK, KSUM)
 90   CONTINUE
      CALL REPORT(NAME, NEQ, NR, TIM, CPUT, KSUM, NEV)
      CALL EXSHOW(NAME, T, Y(1), NROOT, NEV, NOFF, TIM, NR, KSUM)
      RETURN
      END
C
C     Roots (restarts), distinct crossings found, roots away from every
C     K/20, time, steps and residuals per crossing found, and the
C     relative error of Y at the end (TIM sorted by REPORT).
      SUBROUTINE EXSHOW(NAME, T, Y, NROOT, NEV, NOFF, TIM, NR, KSUM)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      DIMENSION TIM(NR), KSUM(6)
      TMED = TMEDN(TIM, NR)
      YEX = YEXACT(T)
      WRITE(6,100) NAME, NROOT, NEV, NOFF, 1.0D6*TMED/DBLE(MAX(NEV,1)),
     1   DBLE(KSUM(1))/DBLE(MAX(NEV,1)), DBLE(KSUM(2))/DBLE(MAX(NEV,1)),
     2   T, ABS(Y - YEX)/YEX
 100  FORMAT(4X,A12,' ROOTS =',I6,' AT',I6,' OF THE 2000 CROSSINGS (',
     1   I4,' NOT AT A K/20)'/16X,' PER CROSSING FOUND: US =',F9.2,
     2   '  STEPS =',F7.2,'  RES =',F7.2,'   Y(',F8.3,') REL. ERROR =',
     3   1P,E9.2)
      RETURN
      END
C
C     Y = 0.1*EXP(time spent in the growing intervals [K/10, K/10+0.05]
C     up to T).
      DOUBLE PRECISION FUNCTION YEXACT(T)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      G = 0.0D0
      DO 10 K = 0, INT(10.0D0*T) + 1
         A = DBLE(K)/10.0D0
         B = A + 0.05D0
         IF (T .GT. A) G = G + MIN(T, B) - A
 10   CONTINUE
      YEXACT = 0.1D0*EXP(G)
      RETURN
      END
C
C     NEQ = 1: G = Y' - MODE*Y.
      SUBROUTINE EXRES1(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      DELTA(1) = YP(1) - DBLE(IPAR(1))*Y(1)
      RETURN
      END
C
C     NEQ = 2: the augmented model of bench_dsl48e.f.
      SUBROUTINE EXRES2(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      PARAMETER (PI20=20.0D0*3.14159265358979323846D0)
      DELTA(1) = YP(1) - DBLE(IPAR(1))*Y(1)
      DELTA(2) = Y(2) - SIN(PI20*T)
      RETURN
      END
C
      SUBROUTINE EXRT1(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*), RPAR(*), IPAR(*)
      PARAMETER (PI20=20.0D0*3.14159265358979323846D0)
      RVAL(1) = SIN(PI20*T)
      RETURN
      END
C
      SUBROUTINE EXRT2(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*), RPAR(*), IPAR(*)
      RVAL(1) = Y(2)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     ECRT -- DDASKR's price of root finding: the oscillator with a root
C     function that never vanishes (NRT = 1) against NRT = 0, run
C     alternately; with IONE = 1 one step per call (INFO(3) = 1).
C-----------------------------------------------------------------------
      SUBROUTINE ECRT(NREP, IONE)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*8 LABEL
      PARAMETER (NEQ=3, MAXREP=50)
      PARAMETER (LRW=60+9*NEQ+3+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YP(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      DIMENSION TIM(MAXREP,0:1), CPUT(MAXREP,0:1), KSUM(6,0:1)
      DIMENSION TMED(0:1), CMED(0:1), NSTS(0:1)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL OSRES, OSRT, DUMJAC, DUMPSL
      PI = 4.0D0*ATAN(1.0D0)
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 80 NRT = 0, 1
            DO 10 I = 1, 20
               INFO(I) = 0
 10         CONTINUE
            INFO(3) = IONE
            T = 0.0D0
            Y(1) = 1.0D0
            Y(2) = 0.0D0
            Y(3) = 3.0D0
            YP(1) = 0.0D0
            YP(2) = -4.0D0*PI*PI
            YP(3) = 0.0D0
            LRWN = 60 + 9*NEQ + 3*NRT + NEQ**2
            CALL SYSTEM_CLOCK(IC0, IRATE)
            CALL CPU_TIME(C0)
            DO 50 IOUT = 1, 100
               TOUT = DBLE(IOUT)
 40            CALL DDASKR(OSRES, NEQ, T, Y, YP, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK, LRWN, IWORK, LIW, RPAR, IPAR,
     2              DUMJAC, DUMPSL, OSRT, NRT, JROOT)
               IF (IDID .EQ. 1) GO TO 40
               IF (IDID .NE. 3) THEN
                  WRITE(6,*) 'EVCOST NRT =', NRT, ' FAILED, IDID =',
     1                       IDID, ' T =', T
                  STOP 1
               ENDIF
 50         CONTINUE
            CALL CPU_TIME(C1)
            CALL SYSTEM_CLOCK(IC1)
            TIM(IREP,NRT) = DBLE(IC1 - IC0)/DBLE(IRATE)
            CPUT(IREP,NRT) = C1 - C0
            CALL KCOPY(IWORK, KSUM(1,NRT))
 80      CONTINUE
 90   CONTINUE
      IF (IONE .EQ. 0) THEN
         CALL REPORT('EVCOST-RT0  ', NEQ, NR, TIM(1,0),
     1      CPUT(1,0), KSUM(1,0), 0)
         CALL REPORT('EVCOST-RT1  ', NEQ, NR, TIM(1,1),
     1      CPUT(1,1), KSUM(1,1), 0)
      ELSE
         CALL REPORT('EVCOST1S-RT0', NEQ, NR, TIM(1,0),
     1      CPUT(1,0), KSUM(1,0), 0)
         CALL REPORT('EVCOST1S-RT1', NEQ, NR, TIM(1,1),
     1      CPUT(1,1), KSUM(1,1), 0)
      ENDIF
      DO 95 NRT = 0, 1
         TMED(NRT) = TMEDN(TIM(1,NRT), NR)
         CMED(NRT) = TMEDN(CPUT(1,NRT), NR)
         NSTS(NRT) = KSUM(1,NRT)
 95   CONTINUE
      P0 = TMED(0)/DBLE(MAX(NSTS(0),1))
      P1 = TMED(1)/DBLE(MAX(NSTS(1),1))
      Q0 = CMED(0)/DBLE(MAX(NSTS(0),1))
      Q1 = CMED(1)/DBLE(MAX(NSTS(1),1))
      LABEL = 'EVCOST  '
      IF (IONE .NE. 0) LABEL = 'EVCOST1S'
      WRITE(6,100) LABEL, 1.0D6*(P1 - P0), 100.0D0*(P1 - P0)/P0,
     1   1.0D6*(Q1 - Q0), 100.0D0*(Q1 - Q0)/Q0, Y(1) - 1.0D0
 100  FORMAT(4X,A8,5X,'ROOT FINDING:    ',F8.3,' US PER STEP =',
     1   F7.2,' % OF RT0''S TIME PER STEP (WALL);',F8.3,' US =',F7.2,
     2   ' % (CPU)'/16X,' (Y1(100) - 1 =',1P,E9.2,')')
      IF (NSTS(0) .NE. NSTS(1))
     1   WRITE(6,*) '   (NOTE: DIFFERENT STEP COUNTS)'
      RETURN
      END
C
C     Y1' = Y2, Y2' = -(2 PI)**2 Y1, 0 = D - (2 + Y1).
      SUBROUTINE OSRES(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      PARAMETER (W2=4.0D0*3.14159265358979323846D0**2)
      DELTA(1) = YP(1) - Y(2)
      DELTA(2) = YP(2) + W2*Y(1)
      DELTA(3) = Y(3) - (2.0D0 + Y(1))
      RETURN
      END
C
      SUBROUTINE OSRT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*), RPAR(*), IPAR(*)
      RVAL(1) = Y(3)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Dummy routines: never called.
C-----------------------------------------------------------------------
      SUBROUTINE DUMJAC
      WRITE(6,'(A)') 'BENCH_DSL_DDASKR: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMPSL
      WRITE(6,'(A)') 'BENCH_DSL_DDASKR: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMRT
      WRITE(6,'(A)') 'BENCH_DSL_DDASKR: DUMMY RT WAS CALLED'
      STOP 1
      END
C
C-----------------------------------------------------------------------
C     REPORT -- sort the NREP timings (seconds), print one table line.
C     KSUM = NST, NRE, NJE, NETF, NCFN, NNI; NEV the number of roots.
C-----------------------------------------------------------------------
      SUBROUTINE REPORT(NAME, NEQ, NREP, TIM, CPUT, KSUM, NEV)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      DIMENSION TIM(NREP), CPUT(NREP), KSUM(6)
      TFIRST = TIM(1)
      TMED = TMEDN(TIM, NREP)
      CMED = TMEDN(CPUT, NREP)
      NST = KSUM(1)
      WRITE(6,100) NAME, NEQ, NREP, 1.0D3*TFIRST, 1.0D3*TIM(1),
     1   1.0D3*TMED, 1.0D3*TIM(NREP), 1.0D3*CMED,
     2   1.0D6*TMED/DBLE(MAX(NST,1)), NST, KSUM(2), KSUM(3), KSUM(4),
     3   KSUM(5), KSUM(6), NEV
 100  FORMAT(1X,A12,I6,I6,5F12.3,F14.3,3I8,2I6,I8,I6)
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
