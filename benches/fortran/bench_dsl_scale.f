C-----------------------------------------------------------------------
C     BENCH_DSL_SCALE -- DSL48E on large heat problems (NEQ up to 10**6
C     on one machine), written like a user's FORTRAN 77 program:
C
C        gfortran -O2 bench_dsl_scale.f libdaskr.a -lm -lpthread -ldl
C        ./a.out                (only the small cases HEAT3D20-DSL and
C                                HEAT100S-DSL: a smoke run)
C        ./a.out HEAT1000       (the cases whose name contains HEAT1000;
C                                the large cases run only when named)
C        ./a.out REPS=n HEAT316 (n repetitions)
C     Peak memory: run one case per process under /usr/bin/time -v
C     (scripts/bench_scale.sh does, with DASKR_THREADS = 1 and 2).
C
C     HEATmS-DSL   the 2-D heat DAE of bench_dsl48e.f (HEAT100-DSL) on an
C                  m x m grid: HEAT100S (NEQ = 10^4, by default),
C                  HEAT316 (NEQ = 99856), HEAT1000 (NEQ = 10^6);
C                  5-point pattern, JDTYPE = 0, RTOL = ATOL = 1D-5,
C                  outputs T = 0.1, ..., 1.
C     HEAT3DmS-DSL the 3-D analogue on an m x m x m grid, 7-point
C                  pattern: U(I,J,L) at Z(K), K = I + (J-1)*M +
C                  (L-1)*M*M, H = 1/(M-1),
C                    interior: U' = D*(7-point Laplacian of U)/H**2
C                                   + U*(1-U),  D = 0.1,
C                    bottom face L = 1: algebraic, U = GB(T),
C                    top face L = M: algebraic, U = 0,
C                    side faces: algebraic zero flux, U equal to its
C                    neighbour inwards (I = 1, M first, then J = 1, M);
C                  HEAT3D20 (NEQ = 8000, by default), HEAT3D32 (NEQ =
C                  32768), HEAT3D47 (NEQ =
C                  103823), HEAT3D64 (NEQ = 262144); same tolerances and
C                  outputs.
C
C     One line per case as in bench_dsl48e.f (REPORT), then NEJAC and
C     the final solution's centre value, mean and maximum.
C-----------------------------------------------------------------------
      PROGRAM BSCALE
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG
      INTEGER IARGC
      LOGICAL WANTED
      CHARACTER*16 FILTER
      COMMON /BSEL/ FILTER, NFILT
      NREPS = 1
      DO 10 K = 1, IARGC()
         CALL GETARG(K, ARG)
         IF (ARG(1:5) .EQ. 'REPS=' .OR. ARG(1:5) .EQ. 'reps=') THEN
            READ(ARG(6:16), *) NREPS
         ELSE
            CALL SETFLT(ARG)
         ENDIF
 10   CONTINUE
      WRITE(6,100)
 100  FORMAT(' DSL48E SCALING BENCHMARK (FORTRAN 77 CALLER)'/
     1  ' CASE           NEQ  REPS   FIRST(MS)     MIN(MS)     MED(MS)',
     2  '     MAX(MS)  MEDCPU(MS)  MED/STEP(US)     NST     NRE',
     3  '     NJE  NETF  NCFN     NNI   NEV')
      IF (WANTED('HEAT100S-DSL'))
     1   CALL SCDSL('HEAT100S-DSL', 2, 100, NREPS)
      IF (WANTED('HEAT3D20-DSL'))
     1   CALL SCDSL('HEAT3D20-DSL', 3, 20, NREPS)
      IF (NFILT .GT. 0) THEN
         IF (WANTED('HEAT316-DSL ')) CALL SCDSL('HEAT316-DSL ', 2, 316,
     1      NREPS)
         IF (WANTED('HEAT1000-DSL')) CALL SCDSL('HEAT1000-DSL', 2, 1000,
     1      NREPS)
         IF (WANTED('HEAT3D32-DSL')) CALL SCDSL('HEAT3D32-DSL', 3, 32,
     1      NREPS)
         IF (WANTED('HEAT3D47-DSL')) CALL SCDSL('HEAT3D47-DSL', 3, 47,
     1      NREPS)
         IF (WANTED('HEAT3D64-DSL')) CALL SCDSL('HEAT3D64-DSL', 3, 64,
     1      NREPS)
      ENDIF
      END
C
C-----------------------------------------------------------------------
C     SCDSL -- the heat DAE in NDIM = 2 or 3 dimensions on MM points per
C     side through DSL48E, JDTYPE = 0, NC = 0, outputs at 0.1, ..., 1.
C-----------------------------------------------------------------------
      SUBROUTINE SCDSL(NAME, NDIM, MM, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NMAX=1000000, NJMAX=7*NMAX)
      PARAMETER (LRWMAX=60+10*NMAX+NJMAX, LIWMAX=40+2*NMAX)
      PARAMETER (LRVMAX=5+5*NMAX+40, MAXREP=50)
      DIMENSION Z(NMAX), ZDOT(NMAX), INFO(20), RWORK(LRWMAX)
      DIMENSION IWORK(LIWMAX), JROW(NJMAX), JCOL(NJMAX), JYDOT(NMAX)
      DIMENSION ISC(1), BDUM(2), IEVWK(NMAX), REVWK(LRVMAX)
      DIMENSION RPAR(1), IPAR(1), TIM(MAXREP), CPUT(MAXREP), KSUM(6)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /SCPAR/ D, H, PI, M, M2, NDIM0
      EXTERNAL SCRESD, DUMJAC, DUMSEN, DUMSTC, DUMEVD
      SAVE Z, ZDOT, RWORK, IWORK, JROW, JCOL, JYDOT, IEVWK, REVWK
      M = MM
      M2 = M*M
      NDIM0 = NDIM
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
      D = 0.1D0
      NEQ = M2
      IF (NDIM .EQ. 3) NEQ = M2*M
      CALL SCPAT(JROW, JCOL, NEJAC, JYDOT, NJYDOT)
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
         TIME = 0.0D0
         CALL SCINIT(Z, ZDOT)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         CALL CPU_TIME(C0)
         DO 50 IOUT = 1, 10
            TOUT = 0.1D0*DBLE(IOUT)
            CALL DSL48E(SCRESD, DUMSEN, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR,
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
      DO 95 I = 1, 5
         KSUM(I) = IWORK(10+I)
 95   CONTINUE
      KSUM(6) = IWORK(19)
      CALL REPORT(NAME, NEQ, NR, TIM, CPUT, KSUM, 0)
      S = 0.0D0
      UMAX = Z(1)
      DO 100 K = 1, NEQ
         S = S + Z(K)
         UMAX = MAX(UMAX, Z(K))
 100  CONTINUE
      KC = M/2 + (M/2 - 1)*M
      IF (NDIM .EQ. 3) KC = KC + (M/2 - 1)*M2
      WRITE(6,110) NAME, NEJAC, Z(KC), S/DBLE(NEQ), UMAX
 110  FORMAT(4X,A12,' NEJAC =',I8,'  U(END): CENTRE',1P,E23.15,
     1   '  MEAN',E23.15,'  MAX',E23.15)
      RETURN
      END
C
C     The kind of row K: 0 interior (an ODE), 1 bottom (U = GB),
C     2 top (U = 0), 3 (sides I = 1, M) and 4 (sides J = 1, M in 3-D):
C     the algebraic zero-flux row U(K) = U(K + NOFF) (the neighbour
C     inwards).
      INTEGER FUNCTION NKIND(K, NOFF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /SCPAR/ D, H, PI, M, M2, NDIM0
      NOFF = 0
      I = MOD(K-1, M) + 1
      J = MOD((K-1)/M, M) + 1
      L = (K-1)/M2 + 1
      IF (NDIM0 .EQ. 2) THEN
C        2-D: rows J = 1, M are the bottom and top.
         IF (J .EQ. 1) THEN
            NKIND = 1
         ELSE IF (J .EQ. M) THEN
            NKIND = 2
         ELSE IF (I .EQ. 1) THEN
            NKIND = 3
            NOFF = 1
         ELSE IF (I .EQ. M) THEN
            NKIND = 3
            NOFF = -1
         ELSE
            NKIND = 0
         ENDIF
         RETURN
      ENDIF
      IF (L .EQ. 1) THEN
         NKIND = 1
      ELSE IF (L .EQ. M) THEN
         NKIND = 2
      ELSE IF (I .EQ. 1) THEN
         NKIND = 3
         NOFF = 1
      ELSE IF (I .EQ. M) THEN
         NKIND = 3
         NOFF = -1
      ELSE IF (J .EQ. 1) THEN
         NKIND = 4
         NOFF = M
      ELSE IF (J .EQ. M) THEN
         NKIND = 4
         NOFF = -M
      ELSE
         NKIND = 0
      ENDIF
      RETURN
      END
C
C     Coordinate pattern, row by row, and JYDOT (the interior).
      SUBROUTINE SCPAT(JROW, JCOL, NNZ, JYDOT, NJYDOT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION JROW(*), JCOL(*), JYDOT(*), KOFF(6)
      COMMON /SCPAR/ D, H, PI, M, M2, NDIM0
      NEQ = M2
      IF (NDIM0 .EQ. 3) NEQ = M2*M
      KOFF(1) = -1
      KOFF(2) = 1
      KOFF(3) = -M
      KOFF(4) = M
      KOFF(5) = -M2
      KOFF(6) = M2
      NNZ = 0
      NJYDOT = 0
      DO 20 K = 1, NEQ
         NNZ = NNZ + 1
         JROW(NNZ) = K
         JCOL(NNZ) = K
         KK = NKIND(K, NOFF)
         IF (KK .GE. 3) THEN
            NNZ = NNZ + 1
            JROW(NNZ) = K
            JCOL(NNZ) = K + NOFF
         ELSE IF (KK .EQ. 0) THEN
            NJYDOT = NJYDOT + 1
            JYDOT(NJYDOT) = K
            DO 10 IO = 1, 2*NDIM0
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + KOFF(IO)
 10         CONTINUE
         ENDIF
 20   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION GBS(T)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /SCPAR/ D, H, PI, M, M2, NDIM0
      GBS = 0.25D0 + 0.2D0*SIN(2.0D0*PI*T)
      RETURN
      END
C
C     The residual of every row (no IPERM, no scaling).
      SUBROUTINE SCRES(T, U, UP, DEL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(*), UP(*), DEL(*)
      COMMON /SCPAR/ D, H, PI, M, M2, NDIM0
      C = D/H**2
      G = GBS(T)
      NEQ = M2
      IF (NDIM0 .EQ. 3) NEQ = M2*M
      IF (NDIM0 .EQ. 2) THEN
         DO 10 K = 1, NEQ
            KK = NKIND(K, NOFF)
            IF (KK .EQ. 0) THEN
               DEL(K) = UP(K) - C*(U(K-1) + U(K+1) + U(K-M) + U(K+M)
     1                  - 4.0D0*U(K)) - U(K)*(1.0D0 - U(K))
            ELSE IF (KK .EQ. 1) THEN
               DEL(K) = U(K) - G
            ELSE IF (KK .EQ. 2) THEN
               DEL(K) = U(K)
            ELSE
               DEL(K) = U(K) - U(K + NOFF)
            ENDIF
 10      CONTINUE
      ELSE
         DO 20 K = 1, NEQ
            KK = NKIND(K, NOFF)
            IF (KK .EQ. 0) THEN
               DEL(K) = UP(K) - C*(U(K-1) + U(K+1) + U(K-M) + U(K+M)
     1                  + U(K-M2) + U(K+M2) - 6.0D0*U(K))
     2                  - U(K)*(1.0D0 - U(K))
            ELSE IF (KK .EQ. 1) THEN
               DEL(K) = U(K) - G
            ELSE IF (KK .EQ. 2) THEN
               DEL(K) = U(K)
            ELSE
               DEL(K) = U(K) - U(K + NOFF)
            ENDIF
 20      CONTINUE
      ENDIF
      RETURN
      END
C
      SUBROUTINE SCRESD(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                  IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      CALL SCRES(T, Z, ZDOT, DELTA)
      RETURN
      END
C
C     Consistent initial values at T = 0: U0 = 0.25*(1-Y) + 0.3*X*(1-X)*
C     SIN(PI*Y) (2-D; in 3-D Y is the vertical Z coordinate and the
C     bump is multiplied by 4*W*(1-W), W the second horizontal
C     coordinate), boundary values from the algebraic rows, U' inside
C     from the ODE, U' on the boundary from the algebraic rows.
      SUBROUTINE SCINIT(U, UP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=1000000)
      DIMENSION U(*), UP(*), W(NMAX)
      COMMON /SCPAR/ D, H, PI, M, M2, NDIM0
      SAVE W
      NEQ = M2
      IF (NDIM0 .EQ. 3) NEQ = M2*M
      DO 10 K = 1, NEQ
         I = MOD(K-1, M) + 1
         J = MOD((K-1)/M, M) + 1
         L = (K-1)/M2 + 1
         X = DBLE(I-1)*H
         IF (NDIM0 .EQ. 2) THEN
            Y = DBLE(J-1)*H
            B = 1.0D0
         ELSE
            Y = DBLE(L-1)*H
            WW = DBLE(J-1)*H
            B = 4.0D0*WW*(1.0D0 - WW)
         ENDIF
         U(K) = 0.25D0*(1.0D0-Y) + 0.3D0*X*(1.0D0-X)*B*SIN(PI*Y)
         UP(K) = 0.0D0
 10   CONTINUE
C     Dirichlet rows, then the zero-flux rows whose neighbour is inside
C     (kind 4, in 3-D), then those whose neighbour may be one of them
C     (kind 3): the neighbour is always set first.
      DO 40 IPASS = 1, 3
         DO 30 K = 1, NEQ
            KK = NKIND(K, NOFF)
            IF (IPASS .EQ. 1) THEN
               IF (KK .EQ. 1) THEN
                  U(K) = GBS(0.0D0)
                  UP(K) = 0.4D0*PI*COS(0.0D0)
               ELSE IF (KK .EQ. 2) THEN
                  U(K) = 0.0D0
               ENDIF
            ELSE IF (IPASS .EQ. 2) THEN
               IF (KK .EQ. 4) U(K) = U(K + NOFF)
            ELSE
               IF (KK .EQ. 3) U(K) = U(K + NOFF)
            ENDIF
 30      CONTINUE
 40   CONTINUE
      CALL SCRES(0.0D0, U, UP, W)
      DO 50 K = 1, NEQ
         IF (NKIND(K, NOFF) .EQ. 0) UP(K) = -W(K)
 50   CONTINUE
      DO 70 IPASS = 2, 3
         DO 60 K = 1, NEQ
            KK = NKIND(K, NOFF)
            IF (KK .EQ. 6 - IPASS) UP(K) = UP(K + NOFF)
 60      CONTINUE
 70   CONTINUE
      RETURN
      END
C
      SUBROUTINE DUMJAC
      RETURN
      END
      SUBROUTINE DUMSEN
      RETURN
      END
      SUBROUTINE DUMSTC
      RETURN
      END
      SUBROUTINE DUMEVD
      RETURN
      END
C
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
 100  FORMAT(1X,A12,I8,I4,5F12.1,F14.1,3I8,2I6,I8,I6)
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
