C-----------------------------------------------------------------------
C     BENCH_DSL48E -- timing benchmark for DSL48E, written like a user's
C     FORTRAN 77 program.  It links against this project's libdaskr.a
C     only (the original DSL48E is not available); the same problems
C     through DDASKR are in bench_dsl_ddaskr.f, which links against
C     libdaskr.a or the original DASKR, so DSL48E can be timed against
C     the original DDASKR on identical problems:
C
C        gfortran -O2 bench_dsl48e.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (full run)
C        ./a.out quick      (smoke run: one repetition per case)
C        ./a.out HEAT       (only the cases whose name contains HEAT;
C                            may be combined with quick or REPS=n)
C        ./a.out REPS=n     (n repetitions of every selected case)
C     scripts/bench_fortran.sh builds and runs it (README, Performance).
C
C     HEAT100-DSL  2-D reaction-diffusion DAE on an M x M grid, M = 100,
C     HEAT224-DSL    M = 224 (NEQ = M*M = 10000, 50176), the problem of
C                  fortran-tests/dsl_heat2d.f on a larger grid:
C                  H = 1/(M-1), U(I,J) at Z(K), K = I + (J-1)*M,
C                    interior: U' = D*(5-point Laplacian of U)/H**2
C                                   + U*(1-U),  D = 0.1,
C                    bottom row J = 1: algebraic, U = GB(T) =
C                                   0.25 + 0.2*SIN(2*PI*T),
C                    top row J = M: algebraic, U = 0,
C                    side columns I = 1, M: algebraic zero flux,
C                                   U(1,J) = U(2,J), U(M,J) = U(M-1,J);
C                  JYDOT = the (M-2)**2 interior unknowns, the pattern
C                  JROW/JCOL the 5-point stencil (NEJAC = 5*(M-2)**2 +
C                  2*M + 4*(M-2)), NC = ND = 0, JDTYPE = 0 (difference
C                  quotients on the pattern, column colouring),
C                  RTOL = ATOL = 1D-5, outputs T = 0.1, 0.2, ..., 1.0.
C                  After the timings of HEAT100-DSL, the same problem is
C                  integrated once by this library's DDASKR with the
C                  banded difference-quotient Jacobian (ML = MU = M, as
C                  HEAT100-BAND in bench_dsl_ddaskr.f) and the largest
C                  difference of the two final solutions is printed.
C     HEAT32-DSL   the same with M = 32 (NEQ = 1024).
C     HT32P-DSL    HEAT32-DSL and HEAT100-DSL as a simulator may write
C     HT32C-DSL      them: P, the equations permuted within blocks of
C     HT32PC-DSL     six (row K of F goes to row IPERM(K), a pseudo-
C     HT100P-DSL     random permutation of its block: equations near
C     HT100C-DSL     their unknowns, in an order of their own); C, every
C     HT100PC-DSL    unknown in units of its own (Z(K) = S(K)*U(K),
C                  S(K) = 10**E, E pseudo-random in -6..6, and ATOL(K)
C                  = 1D-5*S(K), so that the error test is the same);
C                  PC both. Same steps as the model as written; the
C                  final U = Z/S is summarised as for HEAT100-DSL.
C     HT100L-DSL   HEAT100-DSL over a long interval: outputs T = 1, 2,
C                  ..., 10 (hundreds of steps, few Jacobians: the
C                  solves dominate).
C     BAND20-DSL   the BAND20-DQ problem of bench_daskr.f (2-D
C                  Fisher-KPP on a 20 x 500 grid, mirror boundaries,
C                  RTOL = ATOL = 1D-5, outputs T = 1, ..., 10) through
C                  DSL48E, JDTYPE = 0, all unknowns differential.
C     EVENTS-DSL   Example 1 of Mao & Petzold (fortran-tests/dsl_ex1.f)
C                  run to T = 100.025, i.e. 2000 events:
C                    Y' = Y while SIN(20*PI*T) >= 0, Y' = 0 otherwise,
C                  Z = (Y, D), F2 = D - SIN(20*PI*T), NC = ND = 1;
C                  after every event the mode is switched and DSL48E
C                  restarted (INFO(1) = 0, INFO(11) = 1) at TEVT.
C                  RTOL = ATOL = 1D-5, JDTYPE = 0, interval mode.
C                  The counters are summed over the restarts.  Printed:
C                  the events returned, the distinct crossings K/20
C                  they are at (the table's NEV column), time, steps and
C                  residual calls per crossing, and the relative error
C                  of Y at the end.
C     EVCOST-NC0   a smooth problem without any event, to price the
C     EVCOST-NC1     event detection done after every step:
C                    Y1' = Y2, Y2' = -(2*PI)**2*Y1,  0 = D - (2 + Y1),
C                  Y(0) = (1, 0), T to 100 (outputs at 1, 2, ...),
C                  RTOL = ATOL = 1D-6, JDTYPE = 0.  NC0: NC = ND = 0
C                  (D a plain algebraic variable); NC1: NC = ND = 1,
C                  D the discontinuity variable (it stays in [1, 3],
C                  so it never crosses).  Same equations, same steps;
C                  the two are run alternately and the difference of
C                  their median time per step is printed.
C     EVCOST1S-NC0 the same driven one step per call, as a simulator
C     EVCOST1S-NC1   drives DSL48E (INFO(3) = 1, called again until
C                  IDID = 3 at each output): MED/STEP(US) is then about
C                  the time of a call, and the difference from the
C                  EVCOST cases' time per step is the price of a call.
C
C     Arrays have the SPEC's ceiling lengths: LRW = 60+10*NEQ+NEJAC+
C     3*ND, LIW = 40+2*NEQ+ND; LIEVWK = NEQ, LREVWK = 6*ND+5*NEQ+45.
C     One line per case: the number of repetitions, the first,
C     minimum, median and maximum wall time of one integration
C     (SYSTEM_CLOCK), the median processor time of one integration
C     (CPU_TIME: on a shared machine less disturbed by other processes
C     than the wall time), the median wall time per step, and the
C     counters NST, NRE, NJE, NETF, NCFN, NNI (IWORK(11..15), (19);
C     summed over restarts) and the number of events (distinct
C     crossings).  FIRST(MS) is the first repetition: the only one that
C     analyses the pattern (the analysis is cached per thread and
C     reused by later integrations on the same pattern).
C-----------------------------------------------------------------------
      PROGRAM BDSL48
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG
      INTEGER IARGC
      LOGICAL QUICK, WANTED
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
 100  FORMAT(' DSL48E BENCHMARK (FORTRAN 77 CALLER)'/
     1  ' CASE           NEQ  REPS   FIRST(MS)     MIN(MS)     MED(MS)',
     2  '     MAX(MS)  MEDCPU(MS)  MED/STEP(US)     NST     NRE',
     3  '     NJE  NETF  NCFN     NNI   NEV')
      IF (WANTED('HEAT100-DSL '))
     1   CALL HTDSL('HEAT100-DSL ', 100, NREP(NREPS, 1 + NQ*6),
     2              1D0, 0, 0)
      IF (WANTED('HEAT224-DSL '))
     1   CALL HTDSL('HEAT224-DSL ', 224, NREP(NREPS, 1 + NQ*2),
     2              1D0, 0, 0)
      IF (WANTED('HEAT32-DSL  '))
     1   CALL HTDSL('HEAT32-DSL  ', 32, NREP(NREPS, 1 + NQ*10),
     2              1D0, 0, 0)
      IF (WANTED('HT32P-DSL   '))
     1   CALL HTDSL('HT32P-DSL   ', 32, NREP(NREPS, 1 + NQ*10),
     2              1D0, 6, 0)
      IF (WANTED('HT32C-DSL   '))
     1   CALL HTDSL('HT32C-DSL   ', 32, NREP(NREPS, 1 + NQ*10),
     2              1D0, 0, 1)
      IF (WANTED('HT32PC-DSL  '))
     1   CALL HTDSL('HT32PC-DSL  ', 32, NREP(NREPS, 1 + NQ*10),
     2              1D0, 6, 1)
      IF (WANTED('HT100P-DSL  '))
     1   CALL HTDSL('HT100P-DSL  ', 100, NREP(NREPS, 1 + NQ*6),
     2              1D0, 6, 0)
      IF (WANTED('HT100C-DSL  '))
     1   CALL HTDSL('HT100C-DSL  ', 100, NREP(NREPS, 1 + NQ*6),
     2              1D0, 0, 1)
      IF (WANTED('HT100PC-DSL '))
     1   CALL HTDSL('HT100PC-DSL ', 100, NREP(NREPS, 1 + NQ*6),
     2              1D0, 6, 1)
      IF (WANTED('HT100L-DSL  '))
     1   CALL HTDSL('HT100L-DSL  ', 100, NREP(NREPS, 1 + NQ*4),
     2              10D0, 0, 0)
      IF (WANTED('BAND20-DSL  '))
     1   CALL KPDSL('BAND20-DSL  ', NREP(NREPS, 1 + NQ*10))
      IF (WANTED('EVENTS-DSL  '))
     1   CALL EVDSL('EVENTS-DSL  ', NREP(NREPS, 1 + NQ*10))
      IF (WANTED('EVCOST-NC0  ') .OR. WANTED('EVCOST-NC1  '))
     1   CALL ECDSL(NREP(NREPS, 1 + NQ*10), 0)
      IF (WANTED('EVCOST1S-NC0') .OR. WANTED('EVCOST1S-NC1'))
     1   CALL ECDSL(NREP(NREPS, 1 + NQ*10), 1)
      END
C
C-----------------------------------------------------------------------
C     HTDSL -- the M x M heat DAE through DSL48E, JDTYPE = 0, NC = 0,
C     outputs at TEND/10, ..., TEND; NBLK > 0: equations permuted in
C     blocks of NBLK; ISCAL = 1: unknowns in units of their own (HTWRIT).
C-----------------------------------------------------------------------
      SUBROUTINE HTDSL(NAME, MM, NREP, TEND, NBLK, ISCAL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (MMAX=224, NMAX=MMAX*MMAX, NXMAX=(MMAX-2)**2)
      PARAMETER (NJMAX=5*NXMAX+2*MMAX+4*(MMAX-2))
      PARAMETER (LRWMAX=60+10*NMAX+NJMAX, LIWMAX=40+2*NMAX)
      PARAMETER (LRVMAX=5+5*NMAX+40, MAXREP=50)
      DIMENSION Z(NMAX), ZDOT(NMAX), INFO(20), RWORK(LRWMAX)
      DIMENSION IWORK(LIWMAX), JROW(NJMAX), JCOL(NJMAX), JYDOT(NXMAX)
      DIMENSION ISC(1), BDUM(2), IEVWK(NMAX), REVWK(LRVMAX)
      DIMENSION RPAR(1), IPAR(1), TIM(MAXREP), CPUT(MAXREP), KSUM(6)
      DIMENSION RTOLV(NMAX), ATOLV(NMAX)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /HTPAR/ D, H, PI, M
      COMMON /HTWRT/ S(NMAX), IPERM(NMAX), KWRIT
      EXTERNAL HTRESD, DUMJAC, DUMSEN, DUMSTC, DUMEVD
      SAVE Z, ZDOT, RWORK, IWORK, JROW, JCOL, JYDOT, IEVWK, REVWK
      SAVE RTOLV, ATOLV
      CALL HTSET(MM)
      CALL HTWRIT(NBLK, ISCAL)
      NEQ = M*M
      CALL HTPAT(JROW, JCOL, NEJAC, JYDOT, NJYDOT)
      DO 5 K = 1, NEQ
         RTOLV(K) = 1.0D-5
         ATOLV(K) = 1.0D-5*S(K)
 5    CONTINUE
      LRW = 60 + 10*NEQ + NEJAC
      LIW = 40 + 2*NEQ
      LIEVWK = NEQ
      LREVWK = 5 + 5*NEQ + 40
      NC = 0
      ND = 0
      ISC(1) = 0
      JDTYPE = 0
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
C        Tolerances per unknown (the same for all unless ISCAL = 1),
C        passed by their first element (sequence association).
         INFO(2) = 1
         TIME = 0.0D0
         CALL HTINIT(Z, ZDOT)
         DO 20 K = 1, NEQ
            Z(K) = S(K)*Z(K)
            ZDOT(K) = S(K)*ZDOT(K)
 20      CONTINUE
         CALL SYSTEM_CLOCK(IC0, IRATE)
         CALL CPU_TIME(C0)
         DO 50 IOUT = 1, 10
            TOUT = 0.1D0*TEND*DBLE(IOUT)
            CALL DSL48E(HTRESD, DUMSEN, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOLV(1), ATOLV(1), IDID, RWORK, LRW, IWORK, LIW, RPAR,
     2           IPAR, DUMJAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE,
     3           BDUM, IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK,
     4           IEVWK, LREVWK, REVWK, DUMSTC, DUMEVD)
            IF (IDID .NE. 3) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', TIME
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
      WRITE(6,110) NAME, NEJAC, DBLE(KSUM(2))/DBLE(MAX(KSUM(3),1)),
     1   DBLE(KSUM(2) - KSUM(6))/DBLE(MAX(KSUM(3),1))
 110  FORMAT(4X,A12,' NEJAC =',I7,'  NRE/NJE =',F8.2,
     1   '  (NRE-NNI)/NJE =',F8.2)
C     The unknowns in the model's own units.
      DO 95 K = 1, NEQ
         Z(K) = Z(K)/S(K)
 95   CONTINUE
      CALL HTSHOW(NAME, Z)
C     The banded DDASKR reference (this library), M <= 100 only.
      IF (M .LE. 100) CALL HTREF(Z, TEND)
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
C     Integrate the heat DAE once with DDASKR, banded DQ Jacobian,
C     ML = MU = M, and print max |U - Z| at T = 1.
      SUBROUTINE HTREF(Z, TEND)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MMAX=100, NMAX=MMAX*MMAX)
      PARAMETER (LRWMAX=60+9*NMAX+(3*MMAX+1)*NMAX+2*(NMAX/(2*MMAX+1)+1))
      DIMENSION Z(*), U(NMAX), UP(NMAX), INFO(20), RWORK(LRWMAX)
      DIMENSION IWORK(40+NMAX), RPAR(1), IPAR(1), JROOT(1)
      COMMON /HTPAR/ D, H, PI, M
      EXTERNAL HTRESK, DUMJAC, DUMPSL, DUMRT
      SAVE U, UP, RWORK, IWORK
      NEQ = M*M
      ML = M
      MU = M
      LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1)
      LIW = 40 + NEQ
      DO 10 I = 1, 20
         INFO(I) = 0
 10   CONTINUE
      INFO(6) = 1
      IWORK(1) = ML
      IWORK(2) = MU
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      T = 0.0D0
      CALL HTINIT(U, UP)
      DO 50 IOUT = 1, 10
         TOUT = 0.1D0*TEND*DBLE(IOUT)
         CALL DDASKR(HTRESK, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC, DUMPSL,
     2        DUMRT, 0, JROOT)
         IF (IDID .NE. 3) THEN
            WRITE(6,*) 'HTREF: DDASKR FAILED, IDID =', IDID
            STOP 1
         ENDIF
 50   CONTINUE
      DIF = 0.0D0
      DO 60 K = 1, NEQ
         DIF = MAX(DIF, ABS(U(K) - Z(K)))
 60   CONTINUE
      WRITE(6,100) IWORK(11), IWORK(12), IWORK(13), DIF
 100  FORMAT(4X,'DDASKR BANDED REFERENCE (THIS LIBRARY): NST =',I6,
     1   ' NRE =',I7,' NJE =',I5/4X,'MAX |U(DSL48E) - U(DDASKR)| AT ',
     2   'THE END:',1P,E10.2)
      CALL HTSHOW('HEAT100-BAND', U)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     The heat DAE: parameters, pattern, initial values, residual.
C-----------------------------------------------------------------------
      SUBROUTINE HTSET(MM)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=224*224)
      COMMON /HTPAR/ D, H, PI, M
      COMMON /HTWRT/ S(NMAX), IPERM(NMAX), KWRIT
      M = MM
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
      D = 0.1D0
      CALL HTWRIT(0, 0)
      RETURN
      END
C
C     How the model is written: NBLK > 0, row K of the residual goes to
C     row IPERM(K), a pseudo-random permutation of its block of NBLK
C     rows; ISCAL = 1, unknown K is Z(K) = S(K)*U(K), S(K) = 10**E with
C     E pseudo-random in -6..6 (otherwise IPERM(K) = K, S(K) = 1).
C     KWRIT = 1 when either applies.
      SUBROUTINE HTWRIT(NBLK, ISCAL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=224*224)
      INTEGER*8 ISEED
      COMMON /HTPAR/ D, H, PI, M
      COMMON /HTWRT/ S(NMAX), IPERM(NMAX), KWRIT
      NEQ = M*M
      ISEED = 12345
      DO 10 K = 1, NEQ
         IPERM(K) = K
         S(K) = 1.0D0
         IF (ISCAL .NE. 0) S(K) = 10.0D0**(MOD(IRANPM(ISEED), 13) - 6)
 10   CONTINUE
      IF (NBLK .GT. 1) THEN
         DO 30 K0 = 1, NEQ, NBLK
            NB = MIN(NBLK, NEQ - K0 + 1)
C           Fisher-Yates within the block.
            DO 20 I = NB, 2, -1
               J = MOD(IRANPM(ISEED), I) + 1
               ITMP = IPERM(K0+I-1)
               IPERM(K0+I-1) = IPERM(K0+J-1)
               IPERM(K0+J-1) = ITMP
 20         CONTINUE
 30      CONTINUE
      ENDIF
      KWRIT = 0
      IF (NBLK .GT. 1 .OR. ISCAL .NE. 0) KWRIT = 1
      RETURN
      END
C
C     A pseudo-random positive integer (Park and Miller's minimal
C     standard generator; the products fit in 64 bits).
      INTEGER FUNCTION IRANPM(ISEED)
      INTEGER*8 ISEED
      ISEED = MOD(16807_8*ISEED, 2147483647_8)
      IRANPM = INT(ISEED)
      RETURN
      END
C
C     Coordinate pattern of dF/dZ + CJ*dF/dZDOT, row by row, and JYDOT.
      SUBROUTINE HTPAT(JROW, JCOL, NNZ, JYDOT, NJYDOT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=224*224)
      DIMENSION JROW(*), JCOL(*), JYDOT(*)
      COMMON /HTPAR/ D, H, PI, M
      COMMON /HTWRT/ S(NMAX), IPERM(NMAX), KWRIT
      NNZ = 0
      NJYDOT = 0
      DO 20 J = 1, M
         DO 10 I = 1, M
            K = I + (J-1)*M
            NNZ = NNZ + 1
            JROW(NNZ) = K
            JCOL(NNZ) = K
            IF (J .EQ. 1 .OR. J .EQ. M) GO TO 10
            IF (I .EQ. 1) THEN
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + 1
            ELSE IF (I .EQ. M) THEN
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K - 1
            ELSE
               NJYDOT = NJYDOT + 1
               JYDOT(NJYDOT) = K
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K - 1
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + 1
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K - M
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + M
            ENDIF
 10      CONTINUE
 20   CONTINUE
      DO 30 L = 1, NNZ
         JROW(L) = IPERM(JROW(L))
 30   CONTINUE
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
C     Consistent initial values at T = 0: U0 = 0.25*(1-Y) +
C     0.3*X*(1-X)*SIN(PI*Y) inside, the boundary values from the
C     algebraic equations, U' inside from the ODE, U' on the boundary
C     the derivative of its algebraic equation.
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
C     The residual, shared by the DSL48E and DDASKR interfaces.
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
C     DSL48E residual, in the model's writing (HTWRIT).
      SUBROUTINE HTRESD(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                  IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=224*224)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DIMENSION U(NMAX), UP(NMAX), W(NMAX)
      COMMON /HTWRT/ S(NMAX), IPERM(NMAX), KWRIT
      SAVE U, UP, W
      IF (KWRIT .EQ. 0) THEN
         CALL HTRES(T, Z, ZDOT, DELTA)
         RETURN
      ENDIF
      DO 10 K = 1, NEQ
         U(K) = Z(K)/S(K)
         UP(K) = ZDOT(K)/S(K)
 10   CONTINUE
      CALL HTRES(T, U, UP, W)
      DO 20 K = 1, NEQ
         DELTA(IPERM(K)) = W(K)
 20   CONTINUE
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
C     KPDSL -- the BAND20-DQ problem of bench_daskr.f through DSL48E.
C-----------------------------------------------------------------------
      SUBROUTINE KPDSL(NAME, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (MX=20, MY=500, N=MX*MY, NEJAC=5*N, MAXREP=50)
      PARAMETER (LRW=60+10*N+NEJAC, LIW=40+2*N, LREVWK=5+5*N+40)
      DIMENSION U(N), UPRIME(N), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(N), ISC(1), BDUM(2)
      DIMENSION IEVWK(N), REVWK(LREVWK), RPAR(1), IPAR(1)
      DIMENSION TIM(MAXREP), CPUT(MAXREP), KSUM(6)
      INTEGER*8 IC0, IC1, IRATE
      INTEGER MIRROR
      COMMON /BD2COM/ DIFF, REAC, H
      EXTERNAL KPRESD, DUMJAC, DUMSEN, DUMSTC, DUMEVD
      SAVE U, UPRIME, RWORK, IWORK, JROW, JCOL, JYDOT, IEVWK, REVWK
      DIFF = 0.04D0
      REAC = 1.0D0
      H = 1.0D0/DBLE(MX)
C     Pattern: row K couples K with its four mirrored neighbours (a
C     mirrored neighbour may be K's other neighbour or K itself: keep
C     each column once).
      NNZ = 0
      DO 20 J = 1, MY
         DO 10 I = 1, MX
            K = I + (J-1)*MX
            JYDOT(K) = K
            CALL KPADD(JROW, JCOL, NNZ, K, K)
            CALL KPADD(JROW, JCOL, NNZ, K, MIRROR(I-1,MX) + (J-1)*MX)
            CALL KPADD(JROW, JCOL, NNZ, K, MIRROR(I+1,MX) + (J-1)*MX)
            CALL KPADD(JROW, JCOL, NNZ, K, I + (MIRROR(J-1,MY)-1)*MX)
            CALL KPADD(JROW, JCOL, NNZ, K, I + (MIRROR(J+1,MY)-1)*MX)
 10      CONTINUE
 20   CONTINUE
      NC = 0
      ND = 0
      ISC(1) = 0
      JDTYPE = 0
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 30 I = 1, 20
            INFO(I) = 0
 30      CONTINUE
         TIME = 0.0D0
         CALL KPINIT(U, UPRIME)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         CALL CPU_TIME(C0)
         DO 50 IOUT = 1, 10
            TOUT = DBLE(IOUT)
            CALL DSL48E(KPRESD, DUMSEN, N, TIME, U, UPRIME, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           DUMJAC, NNZ, JROW, JCOL, JYDOT, N, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, N, IEVWK,
     4           LREVWK, REVWK, DUMSTC, DUMEVD)
            IF (IDID .NE. 3) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', TIME
               STOP 1
            ENDIF
 50      CONTINUE
         CALL CPU_TIME(C1)
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
         CPUT(IREP) = C1 - C0
 90   CONTINUE
      CALL KCOPY(IWORK, KSUM)
      CALL REPORT(NAME, N, NR, TIM, CPUT, KSUM, 0)
      WRITE(6,110) NAME, NNZ, DBLE(KSUM(2))/DBLE(MAX(KSUM(3),1)),
     1   DBLE(KSUM(2) - KSUM(6))/DBLE(MAX(KSUM(3),1))
 110  FORMAT(4X,A12,' NEJAC =',I7,'  NRE/NJE =',F8.2,
     1   '  (NRE-NNI)/NJE =',F8.2)
      RETURN
      END
C
C     Add (K, L) to the pattern unless row K already has column L (rows
C     are added one after the other, so only this row's tail is seen).
      SUBROUTINE KPADD(JROW, JCOL, NNZ, K, L)
      DIMENSION JROW(*), JCOL(*)
      DO 10 I = NNZ, MAX(1, NNZ-4), -1
         IF (JROW(I) .EQ. K .AND. JCOL(I) .EQ. L) RETURN
 10   CONTINUE
      NNZ = NNZ + 1
      JROW(NNZ) = K
      JCOL(NNZ) = L
      RETURN
      END
C
C     Mirror index of the zero-flux boundary: 0 -> 1, N+1 -> N.
      INTEGER FUNCTION MIRROR(M, N)
      IF (M .LT. 1) THEN
         MIRROR = 1 - M
      ELSE IF (M .GT. N) THEN
         MIRROR = 2*N + 1 - M
      ELSE
         MIRROR = M
      ENDIF
      RETURN
      END
C
C     The initial front of bench_daskr.f (BD2INI).
      SUBROUTINE KPINIT(U, UPRIME)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX=20, MY=500, N=MX*MY)
      DIMENSION U(MX,MY), UPRIME(MX,MY), W(MX,MY), RPAR(1), IPAR(1)
      COMMON /BD2COM/ DIFF, REAC, H
      SAVE W
      PI = 4.0D0*ATAN(1.0D0)
      DO 20 J = 1, MY
         Y = (DBLE(J) - 0.5D0)*H
         DO 10 I = 1, MX
            X = (DBLE(I) - 0.5D0)*H
            U(I,J) = 1.0D0/(1.0D0 + EXP((Y - 2.0D0
     1               - 0.5D0*SIN(PI*X))/0.1D0))
            UPRIME(I,J) = 0.0D0
 10      CONTINUE
 20   CONTINUE
      CALL KPRESD(N, 0.0D0, U, UPRIME, W, IRES, 0, RPAR, IPAR)
      DO 40 J = 1, MY
         DO 30 I = 1, MX
            UPRIME(I,J) = -W(I,J)
 30      CONTINUE
 40   CONTINUE
      RETURN
      END
C
C     G = U' - DIFF*(UW + UE + US + UN - 4U)/H**2 - REAC*U*(1-U)
C     (BD2RES of bench_daskr.f with DSL48E's argument list).
      SUBROUTINE KPRESD(NEQ, T, U, UPRIME, DELTA, IRES, ICHVAR, RPAR,
     1                  IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX=20, MY=500)
      DIMENSION U(MX,MY), UPRIME(MX,MY), DELTA(MX,MY)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /BD2COM/ DIFF, REAC, H
      INTEGER MIRROR
      C = DIFF/(H*H)
      DO 20 J = 1, MY
         JS = MIRROR(J-1, MY)
         JN = MIRROR(J+1, MY)
         DO 10 I = 1, MX
            IW = MIRROR(I-1, MX)
            IE = MIRROR(I+1, MX)
            ALAP = ((U(IW,J) + U(IE,J)) + (U(I,JS) + U(I,JN))
     1             - 4.0D0*U(I,J))*C
            DELTA(I,J) = UPRIME(I,J) - ALAP
     1                   - REAC*U(I,J)*(1.0D0 - U(I,J))
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     EVDSL -- Example 1 of Mao & Petzold to T = 100.025 (2000 events),
C     one DSL48E restart per event.
C-----------------------------------------------------------------------
      SUBROUTINE EVDSL(NAME, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NEQ=2, NEJAC=2, NC=1, ND=1, MAXREP=50)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3*ND, LIW=40+2*NEQ+ND)
      PARAMETER (LIEVWK=NEQ, LREVWK=6*ND+5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(1), ISC(NC), BDUM(2)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), RPAR(1), IPAR(1)
      DIMENSION TIM(MAXREP), CPUT(MAXREP), KSUM(6)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL EXRES, DUMJAC, DUMSEN, EXSTC, EXEVD
      DATA JROW / 1, 2 /
      DATA JCOL / 1, 2 /
      DATA JYDOT / 1 /
      DATA ISC / 1 /
      PI = 4.0D0*ATAN(1.0D0)
      TEND = 100.025D0
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      JDTYPE = 0
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         DO 15 I = 1, 6
            KSUM(I) = 0
 15      CONTINUE
         TIME = 0.0D0
         Z(1) = 0.1D0
         Z(2) = 0.0D0
         ZDOT(1) = 0.1D0
         ZDOT(2) = 20.0D0*PI
         IPAR(1) = 1
         NEVT = 0
         NEV = 0
         KLAST = 0
         NOFF = 0
         CALL SYSTEM_CLOCK(IC0, IRATE)
         CALL CPU_TIME(C0)
 20      CONTINUE
         CALL DSL48E(EXRES, DUMSEN, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        DUMJAC, NEJAC, JROW, JCOL, JYDOT, 1, JDTYPE, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, EXSTC, EXEVD)
         IF (IDID .LT. 0) THEN
            WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', TIME
            STOP 1
         ENDIF
         IF (IEVENT .NE. 0) THEN
C           An event: count it (and the crossing K/20 it is at, once),
C           switch the mode and restart at TEVT.
            NEVT = NEVT + 1
            K = NINT(20.0D0*TIME)
            IF (K .NE. KLAST) NEV = NEV + 1
            KLAST = K
            IF (ABS(TIME - DBLE(K)/20.0D0) .GT. 1.0D-4) NOFF = NOFF + 1
            CALL KADD(IWORK, KSUM)
            IPAR(1) = 1 - IPAR(1)
            INFO(1) = 0
            INFO(11) = 1
            GO TO 20
         ENDIF
         CALL CPU_TIME(C1)
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
         CPUT(IREP) = C1 - C0
         CALL KADD(IWORK, KSUM)
 90   CONTINUE
      CALL REPORT(NAME, NEQ, NR, TIM, CPUT, KSUM, NEV)
      CALL EXSHOW(NAME, TIME, Z(1), NEVT, NEV, NOFF, TIM, NR, KSUM)
      RETURN
      END
C
C     Events returned, distinct crossings K/20 they are at, events away
C     from every K/20, time, steps and residual calls per crossing
C     found, and the relative error of Y at the end (TIM sorted by
C     REPORT).
      SUBROUTINE EXSHOW(NAME, T, Y, NEVT, NEV, NOFF, TIM, NR, KSUM)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      DIMENSION TIM(NR), KSUM(6)
      TMED = TMEDN(TIM, NR)
      YEX = YEXACT(T)
      WRITE(6,100) NAME, NEVT, NEV, NOFF, 1.0D6*TMED/DBLE(MAX(NEV,1)),
     1   DBLE(KSUM(1))/DBLE(MAX(NEV,1)), DBLE(KSUM(2))/DBLE(MAX(NEV,1)),
     2   T, ABS(Y - YEX)/YEX
 100  FORMAT(4X,A12,' EVENTS =',I5,' AT',I6,' OF THE 2000 CROSSINGS (',
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
C     The locked model: MODE = IPAR(1).
      SUBROUTINE EXRES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                 IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      PARAMETER (PI20=20.0D0*3.14159265358979323846D0)
      DELTA(1) = ZDOT(1) - DBLE(IPAR(1))*Z(1)
      DELTA(2) = Z(2) - SIN(PI20*T)
      RETURN
      END
C
C     The condition SIN(20*PI*T) >= 0 differs from the locked mode.
      SUBROUTINE EXSTC(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                 RPAR, IPAR, NDI, IG)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      ICHANGE = 0
      IF (IG(1) .NE. IPAR(1)) ICHANGE = 1
      RETURN
      END
C
C     D = dF/dT, ALPHA = dg/dT.
      SUBROUTINE EXEVD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                 Z, ZDOT, RPAR, IPAR, D, ALPHA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      PARAMETER (PI20=20.0D0*3.14159265358979323846D0)
      ICODE = 0
      D(1) = 0.0D0
      D(2) = -PI20*COS(PI20*TIME)
      ALPHA = PI20*COS(PI20*TIME)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     ECDSL -- the price of event detection: the oscillator with a
C     discontinuity variable that never crosses (NC = 1) against the
C     same equations without events (NC = 0), run alternately; with
C     IONE = 1 one step per call (INFO(3) = 1).
C-----------------------------------------------------------------------
      SUBROUTINE ECDSL(NREP, IONE)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*8 LABEL
      PARAMETER (NEQ=3, NEJAC=6, MAXREP=50)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3, LIW=40+2*NEQ+1)
      PARAMETER (LIEVWK=NEQ, LREVWK=6+5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(2), ISC(1), BDUM(2)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), RPAR(1), IPAR(1)
      DIMENSION TIM(MAXREP,0:1), CPUT(MAXREP,0:1), KSUM(6,0:1)
      DIMENSION TMED(0:1), CMED(0:1), NSTS(0:1)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL OSRES, DUMJAC, DUMSEN, DUMSTC, DUMEVD
      DATA JROW / 1, 1, 2, 2, 3, 3 /
      DATA JCOL / 1, 2, 1, 2, 1, 3 /
      DATA JYDOT / 1, 2 /
      DATA ISC / 1 /
      PI = 4.0D0*ATAN(1.0D0)
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      JDTYPE = 0
      NR = MIN(NREP, MAXREP)
      DO 90 IREP = 1, NR
         DO 80 NC = 0, 1
            ND = NC
            DO 10 I = 1, 20
               INFO(I) = 0
 10         CONTINUE
            INFO(3) = IONE
            TIME = 0.0D0
            Z(1) = 1.0D0
            Z(2) = 0.0D0
            Z(3) = 3.0D0
            ZDOT(1) = 0.0D0
            ZDOT(2) = -4.0D0*PI*PI
            ZDOT(3) = 0.0D0
            CALL SYSTEM_CLOCK(IC0, IRATE)
            CALL CPU_TIME(C0)
            DO 50 IOUT = 1, 100
               TOUT = DBLE(IOUT)
 40            CALL DSL48E(OSRES, DUMSEN, NEQ, TIME, Z, ZDOT, TOUT,
     1              INFO, RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW,
     2              RPAR, IPAR, DUMJAC, NEJAC, JROW, JCOL, JYDOT, 2,
     3              JDTYPE, BDUM, IEVENT, IDISCON, NC, ND, ISC, TEVT,
     4              LIEVWK, IEVWK, LREVWK, REVWK, DUMSTC, DUMEVD)
               IF (IDID .EQ. 1) GO TO 40
               IF (IDID .NE. 3) THEN
                  WRITE(6,*) 'EVCOST NC =', NC, ' FAILED, IDID =',
     1                       IDID, ' T =', TIME
                  STOP 1
               ENDIF
 50         CONTINUE
            CALL CPU_TIME(C1)
            CALL SYSTEM_CLOCK(IC1)
            TIM(IREP,NC) = DBLE(IC1 - IC0)/DBLE(IRATE)
            CPUT(IREP,NC) = C1 - C0
            CALL KCOPY(IWORK, KSUM(1,NC))
 80      CONTINUE
 90   CONTINUE
      IF (IONE .EQ. 0) THEN
         CALL REPORT('EVCOST-NC0  ', NEQ, NR, TIM(1,0),
     1      CPUT(1,0), KSUM(1,0), 0)
         CALL REPORT('EVCOST-NC1  ', NEQ, NR, TIM(1,1),
     1      CPUT(1,1), KSUM(1,1), 0)
      ELSE
         CALL REPORT('EVCOST1S-NC0', NEQ, NR, TIM(1,0),
     1      CPUT(1,0), KSUM(1,0), 0)
         CALL REPORT('EVCOST1S-NC1', NEQ, NR, TIM(1,1),
     1      CPUT(1,1), KSUM(1,1), 0)
      ENDIF
      DO 95 NC = 0, 1
         TMED(NC) = TMEDN(TIM(1,NC), NR)
         CMED(NC) = TMEDN(CPUT(1,NC), NR)
         NSTS(NC) = KSUM(1,NC)
 95   CONTINUE
      P0 = TMED(0)/DBLE(MAX(NSTS(0),1))
      P1 = TMED(1)/DBLE(MAX(NSTS(1),1))
      Q0 = CMED(0)/DBLE(MAX(NSTS(0),1))
      Q1 = CMED(1)/DBLE(MAX(NSTS(1),1))
      LABEL = 'EVCOST  '
      IF (IONE .NE. 0) LABEL = 'EVCOST1S'
      WRITE(6,100) LABEL, 1.0D6*(P1 - P0), 100.0D0*(P1 - P0)/P0,
     1   1.0D6*(Q1 - Q0), 100.0D0*(Q1 - Q0)/Q0, Z(1) - 1.0D0
 100  FORMAT(4X,A8,5X,'EVENT DETECTION: ',F8.3,' US PER STEP =',
     1   F7.2,' % OF NC0''S TIME PER STEP (WALL);',F8.3,' US =',F7.2,
     2   ' % (CPU)'/16X,' (Y1(100) - 1 =',1P,E9.2,')')
      IF (NSTS(0) .NE. NSTS(1))
     1   WRITE(6,*) '   (NOTE: DIFFERENT STEP COUNTS)'
      RETURN
      END
C
C     Y1' = Y2, Y2' = -(2 PI)**2 Y1, 0 = D - (2 + Y1).
      SUBROUTINE OSRES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                 IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      PARAMETER (W2=4.0D0*3.14159265358979323846D0**2)
      DELTA(1) = ZDOT(1) - Z(2)
      DELTA(2) = ZDOT(2) + W2*Z(1)
      DELTA(3) = Z(3) - (2.0D0 + Z(1))
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Dummy routines: never called.
C-----------------------------------------------------------------------
      SUBROUTINE DUMJAC
      WRITE(6,'(A)') 'BENCH_DSL48E: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMSEN
      WRITE(6,'(A)') 'BENCH_DSL48E: SENRHS WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMPSL
      WRITE(6,'(A)') 'BENCH_DSL48E: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMRT
      WRITE(6,'(A)') 'BENCH_DSL48E: DUMMY RT WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMSTC
      WRITE(6,'(A)') 'BENCH_DSL48E: STCHANGE WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE DUMEVD
      WRITE(6,'(A)') 'BENCH_DSL48E: EVTDERIV WAS CALLED'
      STOP 1
      END
C
C-----------------------------------------------------------------------
C     REPORT -- sort the NREP timings (seconds), print one table line.
C     KSUM = NST, NRE, NJE, NETF, NCFN, NNI; NEV the number of events.
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
