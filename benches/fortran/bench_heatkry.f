C-----------------------------------------------------------------------
C     BENCH_HEATKRY -- Krylov timing benchmark for DDASKR, written like a
C     user's FORTRAN 77 program: DASKR's heat-equation demo problem on a
C     200 x 200 interior mesh ("heatkry200"), where the long vectors
C     dominate.  The same source links against the original DASKR
C     (ddaskr.f daux.f dlinpk.f) or against this project's libdaskr.a:
C
C        gfortran -O2 bench_heatkry.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (3 integrations of each case)
C        ./a.out 5          (5 integrations)
C        ./a.out 3 RT       (only the cases whose name contains RT)
C
C     Problem:  u_t = u_xx + u_yy on the unit square, u = 0 on the
C     boundary, u(x,y,0) = 16 x (1-x) y (1-y); central differences on
C     an (M+2) x (M+2) mesh, M = 200, DX = 1/(M+1), boundary values
C     kept as algebraic equations u = 0: NEQ = (M+2)**2 = 40804.
C     DDASKR's Krylov method (INFO(12) = 1), default MAXL = 5, with a
C     diagonal preconditioner: the user's JAC (INFO(15) = 1) stores
C     1/(CJ + 4/DX**2) for the interior points (1 on the boundary) in
C     WP, PSOL multiplies by it.  (The demo's banded ML = MU = 1
C     approximation, through DBANJA/DBANPS, needs MAXL > 10 at this
C     size and then takes minutes.)  RTOL = 0, ATOL = 1E-5; output at
C     T = 0.01*2**K, K = 0..10 (to 10.24), as in the demo.  Work arrays
C     of DASKR's minimum length (LENWP = NEQ, LENIWP = 0).
C
C     HEATKRY     as above, no root functions.
C     HEATKRY-RT  with the demo's two root functions R1 = max|u| - 0.1
C                 and R2 = max|u| - 0.01 (both found on the way).
C
C     One result block per case: the minimum, median and maximum wall
C     time of one integration (SYSTEM_CLOCK), the counters NST, NRE,
C     NNI, NLI, NPS, NJE and the roots found, and the final u at two
C     mesh points and max|u| in full precision (so two builds can be
C     checked to compute the same numbers).
C-----------------------------------------------------------------------
      PROGRAM BHEATK
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG
      INTEGER IARGC
      LOGICAL WANTED
      NREPS = 3
      IF (IARGC() .GE. 1) THEN
         CALL GETARG(1, ARG)
         READ (ARG, *) NREPS
      ENDIF
      NREPS = MAX(1, MIN(NREPS, 20))
      IF (IARGC() .GE. 2) THEN
         CALL GETARG(2, ARG)
         CALL SETFLT(ARG)
      ENDIF
      IF (WANTED('HEATKRY     ')) CALL HEATB('HEATKRY     ', 0, NREPS)
      IF (WANTED('HEATKRY-RT  ')) CALL HEATB('HEATKRY-RT  ', 2, NREPS)
      END
C
C-----------------------------------------------------------------------
C     HEATB -- NREPS integrations of the heat problem with NRT root
C     functions; prints the timing and the results.
C-----------------------------------------------------------------------
      SUBROUTINE HEATB(NAME, NRT, NREPS)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (M = 200, M2 = M + 2, NEQ = M2*M2)
      PARAMETER (LENWP = NEQ, LENIWP = 0)
      PARAMETER (LRW = 107 + 18*NEQ + LENWP, LIW = 40 + LENIWP)
      EXTERNAL RESHT, RTHT, JACDG, PSOLDG
      DIMENSION U(NEQ), UPRIME(NEQ), RWORK(LRW), IWORK(LIW)
      DIMENSION INFO(20), JROOT(2), RPAR(2), IPAR(1), TIMES(20)
      INTEGER*8 IC0, IC1, IRATE
      DX = 1.0D0/DBLE(M + 1)
      RPAR(1) = DX
      RPAR(2) = 1.0D0/(DX*DX)
      DO 100 IREP = 1, NREPS
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(12) = 1
         INFO(15) = 1
         IWORK(27) = LENWP
         IWORK(28) = LENIWP
         RTOL = 0.0D0
         ATOL = 1.0D-5
         CALL UINIT(U, UPRIME, RPAR)
         NROOTS = 0
         T = 0.0D0
         TOUT = 0.01D0
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, 11
 20         CALL DDASKR(RESHT, NEQ, T, U, UPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JACDG, PSOLDG, RTHT, NRT, JROOT)
            IF (IDID .EQ. 5) THEN
               NROOTS = NROOTS + 1
               GO TO 20
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE (6,*) NAME, ' FAILED: IDID =', IDID, ' AT T =', T
               STOP 1
            ENDIF
            TOUT = 2.0D0*TOUT
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIMES(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
 100  CONTINUE
C     Sort the times (insertion sort) for the median.
      DO 120 I = 2, NREPS
         X = TIMES(I)
         J = I - 1
 110     IF (J .GE. 1) THEN
            IF (TIMES(J) .GT. X) THEN
               TIMES(J+1) = TIMES(J)
               J = J - 1
               GO TO 110
            ENDIF
         ENDIF
         TIMES(J+1) = X
 120  CONTINUE
      UMAX = 0.0D0
      DO 130 I = 1, NEQ
         UMAX = MAX(UMAX, ABS(U(I)))
 130  CONTINUE
      WRITE (6,'(1X,A,A,I6,A,I3)') NAME, ' NEQ =', NEQ, '  REPS =',
     1   NREPS
      WRITE (6,'(A,F10.4,A,F10.4,A,F10.4)') ' SECONDS: MIN', TIMES(1),
     1   '  MEDIAN', TIMES((NREPS+1)/2), '  MAX', TIMES(NREPS)
      WRITE (6,'(A,6I8,I4)') ' NST NRE NNI NLI NPS NJE ROOTS:',
     1   IWORK(11), IWORK(12), IWORK(19), IWORK(20), IWORK(21),
     2   IWORK(13), NROOTS
      WRITE (6,'(A,3ES25.16)') ' U(MID), U(QUARTER), MAX|U|:',
     1   U((M2/2)*M2 + M2/2 + 1), U((M2/4)*M2 + M2/4 + 1), UMAX
      RETURN
      END
C
C     Initial values: u = 16 x (1-x) y (1-y) inside, 0 on the boundary;
C     u' = the discrete Laplacian of u inside, 0 on the boundary (a
C     consistent start).
      SUBROUTINE UINIT(U, UPRIME, RPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M = 200, M2 = M + 2, NEQ = M2*M2)
      DIMENSION U(NEQ), UPRIME(NEQ), RPAR(2)
      DX = RPAR(1)
      DO 20 J = 0, M + 1
         Y = J*DX
         DO 10 I = 0, M + 1
            X = I*DX
            K = J*M2 + I + 1
            IF (I .EQ. 0 .OR. I .EQ. M + 1 .OR. J .EQ. 0 .OR.
     1          J .EQ. M + 1) THEN
               U(K) = 0.0D0
            ELSE
               U(K) = 16.0D0*X*(1.0D0 - X)*Y*(1.0D0 - Y)
            ENDIF
 10      CONTINUE
 20   CONTINUE
      COEFF = RPAR(2)
      DO 30 K = 1, NEQ
         UPRIME(K) = 0.0D0
 30   CONTINUE
      DO 50 J = 1, M
         DO 40 I = 1, M
            K = J*M2 + I + 1
            TEMX = U(K-1) + U(K+1)
            TEMY = U(K-M2) + U(K+M2)
            UPRIME(K) = (TEMX + TEMY - 4.0D0*U(K))*COEFF
 40      CONTINUE
 50   CONTINUE
      RETURN
      END
C
C     The residual: u' - (u_xx + u_yy) inside, u on the boundary.
      SUBROUTINE RESHT(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M = 200, M2 = M + 2, NEQ = M2*M2)
      DIMENSION U(NEQ), UPRIME(NEQ), DELTA(NEQ), RPAR(2), IPAR(*)
      COEFF = RPAR(2)
      DO 10 K = 1, NEQ
         DELTA(K) = U(K)
 10   CONTINUE
      DO 30 J = 1, M
         DO 20 I = 1, M
            K = J*M2 + I + 1
            TEMX = U(K-1) + U(K+1)
            TEMY = U(K-M2) + U(K+M2)
            DELTA(K) = UPRIME(K) - (TEMX + TEMY - 4.0D0*U(K))*COEFF
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
C     Root functions: max|u| - 0.1 and max|u| - 0.01.
      SUBROUTINE RTHT(NEQ, T, U, UP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(NEQ), UP(NEQ), RVAL(2), RPAR(*), IPAR(*)
      UMAX = 0.0D0
      DO 10 I = 1, NEQ
         UMAX = MAX(UMAX, ABS(U(I)))
 10   CONTINUE
      RVAL(1) = UMAX - 0.1D0
      RVAL(2) = UMAX - 0.01D0
      RETURN
      END
C
C     Preconditioner setup (DASKR's Krylov JAC): WP = the inverse of the
C     diagonal of dG/du + CJ*dG/du'.
      SUBROUTINE JACDG(RES, IRES, NEQ, T, U, UP, REWT, SAVR, WK, H, CJ,
     1   WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M = 200, M2 = M + 2)
      EXTERNAL RES
      DIMENSION U(*), UP(*), REWT(*), SAVR(*), WK(*), WP(*), IWP(*)
      DIMENSION RPAR(*), IPAR(*)
      D = 1.0D0/(CJ + 4.0D0*RPAR(2))
      DO 10 K = 1, NEQ
         WP(K) = 1.0D0
 10   CONTINUE
      DO 30 J = 1, M
         DO 20 I = 1, M
            WP(J*M2 + I + 1) = D
 20      CONTINUE
 30   CONTINUE
      IER = 0
      RETURN
      END
C
C     Preconditioner solve (DASKR's PSOL): B = WP * B.
      SUBROUTINE PSOLDG(NEQ, T, U, UP, SAVR, WK, CJ, WGHT, WP, IWP, B,
     1   EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(*), UP(*), SAVR(*), WK(*), WGHT(*), WP(*), IWP(*)
      DIMENSION B(*), RPAR(*), IPAR(*)
      DO 10 K = 1, NEQ
         B(K) = B(K)*WP(K)
 10   CONTINUE
      IER = 0
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
