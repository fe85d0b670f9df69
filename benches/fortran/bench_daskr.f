C-----------------------------------------------------------------------
C     BENCH_DASKR -- timing benchmark for DDASKR, written like a user's
C     FORTRAN 77 program.  The same source links against the original
C     DASKR (ddaskr.f daux.f dlinpk.f) or against this project's
C     libdaskr.a, so the two can be timed on identical problems:
C
C        gfortran -O2 bench_daskr.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (full run)
C        ./a.out quick      (smoke run: one or a few repetitions)
C        ./a.out BAND       (only the cases whose name contains BAND;
C                            may be combined with quick)
C
C     The cases are those of benches/solver_bench.rs (cargo bench), with
C     the same definitions and the same table format:
C
C     ROBER      Robertson kinetics as an index-1 DAE,
C                  Y1' = -.04 Y1 + 1E4 Y2 Y3
C                  Y2' =  .04 Y1 - 1E4 Y2 Y3 - 3E7 Y2**2
C                   0  =  Y1 + Y2 + Y3 - 1,
C                RTOL = 1E-4, ATOL = (1E-6, 1E-10, 1E-6) (INFO(2)=1),
C                dense difference-quotient Jacobian, output at
C                T = 0.4*10**K, K = 0..11 (to 4E10).
C     ROBER-UJ   the same with the dense user Jacobian (INFO(5)=1).
C     ROBER-RT   ROBER with NRT = 2 root functions
C                  R1 = Y1 - 1E-4,  R2 = Y3 - 0.5.
C     DENSE400   G = Y' + A Y - F(T), A = D + (0.5/N) C, dense,
C     DENSE1000    D(I) = 10**(4(I-1)/(N-1)), C(I,J) = SIN(.37 I J + I),
C                F(I) = (1 + I/N) COS(T), Y(0) = 0; dense user Jacobian
C                PD = A + CJ*I (INFO(5)=1); RTOL = ATOL = 1E-6 (scalar),
C                output at T = 1, 2, ..., 10.
C     BAND2-DQ   1-D Fisher-KPP  U' = DIFF*U_XX + REAC*U*(1-U) on (0,1),
C     BAND2-UJ     N = 10000 cells, fourth-order 5-point U_XX, zero-flux
C                (mirror) boundaries, so ML = MU = 2; DIFF = 1E-4,
C                REAC = 100, U(X,0) = 1/(1+EXP((X-0.2)/0.005));
C                RTOL = ATOL = 1E-5, output at T = 0.1, ..., 1.0;
C                banded difference-quotient (DQ) or user (UJ) Jacobian.
C     BAND20-DQ  2-D Fisher-KPP on a 20 x 500 grid (H = 1/20, X index
C     BAND20-UJ    fastest), 5-point Laplacian, mirror boundaries, so
C                ML = MU = 20, N = 10000; DIFF = 0.04, REAC = 1,
C                U(X,Y,0) = 1/(1+EXP((Y-2-0.5 SIN(PI X))/0.1));
C                RTOL = ATOL = 1E-5, output at T = 1, ..., 10.
C
C     Every case uses RWORK/IWORK of DASKR's documented minimum length.
C     One line per case: the number of repetitions, the minimum, median
C     and maximum wall time of one integration (SYSTEM_CLOCK), the
C     median per step, and the counters NST, NRE, NJE, NNI of the last
C     repetition (IWORK(11), (12), (13), (19)).
C-----------------------------------------------------------------------
      PROGRAM BENCHD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*16 ARG
      INTEGER IARGC
      LOGICAL QUICK, WANTED
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
      WRITE(6,100)
 100  FORMAT(' DDASKR BENCHMARK (FORTRAN 77 CALLER)'/
     1  ' CASE           NEQ  REPS     MIN(MS)     MED(MS)',
     2  '     MAX(MS)  MED/STEP(US)     NST     NRE     NJE     NNI')
      IF (WANTED('ROBER       '))
     1   CALL ROBBEN('ROBER       ', 0, 20 + NQ*1980)
      IF (WANTED('ROBER-UJ    '))
     1   CALL ROBBEN('ROBER-UJ    ', 1, 20 + NQ*1980)
      IF (WANTED('ROBER-RT    '))
     1   CALL ROBBEN('ROBER-RT    ', 2, 20 + NQ*1980)
      IF (WANTED('DENSE400    '))
     1   CALL DNSBEN('DENSE400    ', 400, 1 + NQ*14)
      IF (WANTED('DENSE1000   '))
     1   CALL DNSBEN('DENSE1000   ', 1000, 1 + NQ*4)
      IF (WANTED('BAND2-DQ    '))
     1   CALL BD1BEN('BAND2-DQ    ', 0, 1 + NQ*10)
      IF (WANTED('BAND2-UJ    '))
     1   CALL BD1BEN('BAND2-UJ    ', 1, 1 + NQ*10)
      IF (WANTED('BAND20-DQ   '))
     1   CALL BD2BEN('BAND20-DQ   ', 0, 1 + NQ*10)
      IF (WANTED('BAND20-UJ   '))
     1   CALL BD2BEN('BAND20-UJ   ', 1, 1 + NQ*10)
      END
C
C-----------------------------------------------------------------------
C     ROBBEN -- Robertson: MODE 0 dense DQ Jacobian, 1 user Jacobian,
C     2 DQ Jacobian with two root functions.
C-----------------------------------------------------------------------
      SUBROUTINE ROBBEN(NAME, MODE, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NEQ=3, MAXREP=5000)
      PARAMETER (LRW=60+9*NEQ+3*2+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), RTOL(NEQ), ATOL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(2)
      DIMENSION TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL ROBRES, ROBJAC, PDUM, ROBRT
      NRT = 0
      IF (MODE .EQ. 2) NRT = 2
      LRWMIN = 60 + 9*NEQ + 3*NRT + NEQ**2
      DO 90 IREP = 1, MIN(NREP, MAXREP)
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(2) = 1
         IF (MODE .EQ. 1) INFO(5) = 1
         RTOL(1) = 1.0D-4
         RTOL(2) = 1.0D-4
         RTOL(3) = 1.0D-4
         ATOL(1) = 1.0D-6
         ATOL(2) = 1.0D-10
         ATOL(3) = 1.0D-6
         T = 0.0D0
         Y(1) = 1.0D0
         Y(2) = 0.0D0
         Y(3) = 0.0D0
         YPRIME(1) = -0.04D0
         YPRIME(2) = 0.04D0
         YPRIME(3) = 0.0D0
         NROOT = 0
         CALL SYSTEM_CLOCK(IC0, IRATE)
         TOUT = 0.4D0
         DO 50 IOUT = 1, 12
 20         CONTINUE
            CALL DDASKR(ROBRES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRWMIN, IWORK, LIW, RPAR, IPAR,
     2           ROBJAC, PDUM, ROBRT, NRT, JROOT)
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 20
            ENDIF
            IF (IDID .EQ. 5) THEN
               NROOT = NROOT + 1
               GO TO 20
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP
            ENDIF
            TOUT = 10.0D0*TOUT
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
         IF (NROOT .NE. NRT) THEN
            WRITE(6,*) NAME, ' FOUND', NROOT, ' ROOTS, EXPECTED', NRT
            STOP
         ENDIF
 90   CONTINUE
      CALL REPORT(NAME, NEQ, MIN(NREP, MAXREP), TIM, IWORK)
      RETURN
      END
C
      SUBROUTINE ROBRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      DELTA(1) = -0.04D0*Y(1) + 1.0D4*Y(2)*Y(3) - YPRIME(1)
      DELTA(2) = 0.04D0*Y(1) - 1.0D4*Y(2)*Y(3) - 3.0D7*Y(2)*Y(2)
     1           - YPRIME(2)
      DELTA(3) = Y(1) + Y(2) + Y(3) - 1.0D0
      RETURN
      END
C
C     PD = dG/dY + CJ*dG/dYPRIME for ROBRES (column-major 3 x 3).
      SUBROUTINE ROBJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), PD(3,3), RPAR(*), IPAR(*)
      PD(1,1) = -0.04D0 - CJ
      PD(1,2) = 1.0D4*Y(3)
      PD(1,3) = 1.0D4*Y(2)
      PD(2,1) = 0.04D0
      PD(2,2) = -1.0D4*Y(3) - 6.0D7*Y(2) - CJ
      PD(2,3) = -1.0D4*Y(2)
      PD(3,1) = 1.0D0
      PD(3,2) = 1.0D0
      PD(3,3) = 1.0D0
      RETURN
      END
C
      SUBROUTINE ROBRT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*), RPAR(*), IPAR(*)
      RVAL(1) = Y(1) - 1.0D-4
      RVAL(2) = Y(3) - 0.5D0
      RETURN
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'BENCH_DASKR: DUMMY PSOL WAS CALLED'
      STOP
      END
C
C-----------------------------------------------------------------------
C     DNSBEN -- dense linear stiff system of order N (400 or 1000) with
C     a dense user Jacobian.  A is kept in COMMON with leading dimension
C     N (stored as a 1-D array).
C-----------------------------------------------------------------------
      SUBROUTINE DNSBEN(NAME, N, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NMAX=1000, MAXREP=50)
      PARAMETER (LRWMAX=60+9*NMAX+NMAX**2, LIWMAX=40+NMAX)
      DIMENSION Y(NMAX), YPRIME(NMAX), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRWMAX), IWORK(LIWMAX), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /DNSCOM/ A(NMAX*NMAX), ND
      EXTERNAL DNSRES, DNSJAC, PDUM, RTDUM
      SAVE Y, YPRIME, RWORK, IWORK, TIM
      ND = N
      DO 20 J = 1, N
         DO 10 I = 1, N
            A(I + (J-1)*N) = (0.5D0/DBLE(N))*SIN(0.37D0*DBLE(I*J)
     1                       + DBLE(I))
 10      CONTINUE
         A(J + (J-1)*N) = A(J + (J-1)*N)
     1                    + 10.0D0**(4.0D0*DBLE(J-1)/DBLE(N-1))
 20   CONTINUE
      LRW = 60 + 9*N + N**2
      LIW = 40 + N
      NRT = 0
      DO 90 IREP = 1, MIN(NREP, MAXREP)
         DO 30 I = 1, 20
            INFO(I) = 0
 30      CONTINUE
         INFO(5) = 1
         RTOL(1) = 1.0D-6
         ATOL(1) = 1.0D-6
         T = 0.0D0
         DO 40 I = 1, N
            Y(I) = 0.0D0
            YPRIME(I) = 1.0D0 + DBLE(I)/DBLE(N)
 40      CONTINUE
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, 10
            TOUT = DBLE(IOUT)
 45         CONTINUE
            CALL DDASKR(DNSRES, N, T, Y, YPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           DNSJAC, PDUM, RTDUM, NRT, JROOT)
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 45
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP
            ENDIF
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
 90   CONTINUE
      CALL REPORT(NAME, N, MIN(NREP, MAXREP), TIM, IWORK)
      RETURN
      END
C
C     DELTA = YPRIME + A*Y - F(T), A*Y accumulated column by column.
      SUBROUTINE DNSRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=1000)
      DIMENSION Y(*), YPRIME(*), DELTA(*), RPAR(*), IPAR(*)
      COMMON /DNSCOM/ A(NMAX*NMAX), N
      C = COS(T)
      DO 10 I = 1, N
         DELTA(I) = YPRIME(I) - (1.0D0 + DBLE(I)/DBLE(N))*C
 10   CONTINUE
      DO 30 J = 1, N
         YJ = Y(J)
         K = (J-1)*N
         DO 20 I = 1, N
            DELTA(I) = DELTA(I) + A(K+I)*YJ
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
C     PD = A + CJ*I (PD is N x N, leading dimension N).
      SUBROUTINE DNSJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=1000)
      DIMENSION Y(*), YPRIME(*), PD(*), RPAR(*), IPAR(*)
      COMMON /DNSCOM/ A(NMAX*NMAX), N
      DO 10 K = 1, N*N
         PD(K) = A(K)
 10   CONTINUE
      DO 20 J = 1, N
         K = J + (J-1)*N
         PD(K) = PD(K) + CJ
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'BENCH_DASKR: DUMMY RT WAS CALLED'
      STOP
      END
C
C-----------------------------------------------------------------------
C     BD1BEN -- 1-D Fisher-KPP, N = 10000, fourth-order diffusion
C     stencil, ML = MU = 2.  MODE 0: banded DQ Jacobian, 1: user.
C-----------------------------------------------------------------------
      SUBROUTINE BD1BEN(NAME, MODE, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (N=10000, ML=2, MU=2, MAXREP=50)
      PARAMETER (LRWMAX=60+9*N+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
      PARAMETER (LIW=40+N)
      DIMENSION U(N), UPRIME(N), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRWMAX), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /BD1COM/ DIFF, REAC, DX
      EXTERNAL BD1RES, BD1JAC, PDUM, RTDUM
      SAVE U, UPRIME, RWORK, IWORK, TIM
      DIFF = 1.0D-4
      REAC = 100.0D0
      DX = 1.0D0/DBLE(N)
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
         RTOL(1) = 1.0D-5
         ATOL(1) = 1.0D-5
         T = 0.0D0
         CALL BD1INI(N, U, UPRIME, RPAR, IPAR)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, 10
            TOUT = 0.1D0*DBLE(IOUT)
 45         CONTINUE
            CALL DDASKR(BD1RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           BD1JAC, PDUM, RTDUM, NRT, JROOT)
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 45
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP
            ENDIF
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
 90   CONTINUE
      CALL REPORT(NAME, N, MIN(NREP, MAXREP), TIM, IWORK)
      RETURN
      END
C
C     Initial front and consistent UPRIME = -G(0, U, 0).
      SUBROUTINE BD1INI(N, U, UPRIME, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(N), UPRIME(N), RPAR(*), IPAR(*), W(10000)
      COMMON /BD1COM/ DIFF, REAC, DX
      SAVE W
      DO 10 I = 1, N
         X = (DBLE(I) - 0.5D0)*DX
         U(I) = 1.0D0/(1.0D0 + EXP((X - 0.2D0)/0.005D0))
         UPRIME(I) = 0.0D0
 10   CONTINUE
      T = 0.0D0
      CJ = 0.0D0
      CALL BD1RES(T, U, UPRIME, CJ, W, IRES, RPAR, IPAR)
      DO 20 I = 1, N
         UPRIME(I) = -W(I)
 20   CONTINUE
      RETURN
      END
C
C     Mirror index of the zero-flux boundary: 0 -> 1, -1 -> 2,
C     N+1 -> N, N+2 -> N-1.
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
C     G(I) = U'(I) - DIFF*(-U(I-2)+16U(I-1)-30U(I)+16U(I+1)-U(I+2))
C            /(12 DX**2) - REAC*U(I)*(1-U(I)).
      SUBROUTINE BD1RES(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=10000)
      DIMENSION U(N), UPRIME(N), DELTA(N), RPAR(*), IPAR(*)
      COMMON /BD1COM/ DIFF, REAC, DX
      INTEGER MIRROR
      C = DIFF/(12.0D0*DX*DX)
      DO 10 I = 1, N
         IF (I .GT. 2 .AND. I .LT. N-1) THEN
            UM2 = U(I-2)
            UM1 = U(I-1)
            UP1 = U(I+1)
            UP2 = U(I+2)
         ELSE
            UM2 = U(MIRROR(I-2, N))
            UM1 = U(MIRROR(I-1, N))
            UP1 = U(MIRROR(I+1, N))
            UP2 = U(MIRROR(I+2, N))
         ENDIF
         ALAP = ((16.0D0*(UM1 + UP1) - 30.0D0*U(I)) - (UM2 + UP2))*C
         DELTA(I) = UPRIME(I) - ALAP - REAC*U(I)*(1.0D0 - U(I))
 10   CONTINUE
      RETURN
      END
C
C     Banded PD(I-J+ML+MU+1, J) = dG(I)/dU(J) + CJ*dG(I)/dU'(J),
C     leading dimension 2*ML+MU+1 = 7 (stored 1-D).
      SUBROUTINE BD1JAC(T, U, UPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=10000, ML=2, MU=2, LDA=2*ML+MU+1)
      DIMENSION U(N), UPRIME(N), PD(*), RPAR(*), IPAR(*), CF(-2:2)
      COMMON /BD1COM/ DIFF, REAC, DX
      INTEGER MIRROR
      C = DIFF/(12.0D0*DX*DX)
      CF(-2) = -C
      CF(-1) = 16.0D0*C
      CF(0) = -30.0D0*C
      CF(1) = 16.0D0*C
      CF(2) = -C
      DO 20 I = 1, N
         DO 10 K = -2, 2
            J = MIRROR(I+K, N)
            L = I - J + ML + MU + 1 + (J-1)*LDA
            PD(L) = PD(L) - CF(K)
 10      CONTINUE
         L = ML + MU + 1 + (I-1)*LDA
         PD(L) = PD(L) + CJ - REAC*(1.0D0 - 2.0D0*U(I))
 20   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     BD2BEN -- 2-D Fisher-KPP on an MX x MY = 20 x 500 grid, 5-point
C     Laplacian, ML = MU = MX = 20. MODE 0: banded DQ Jacobian, 1: user.
C-----------------------------------------------------------------------
      SUBROUTINE BD2BEN(NAME, MODE, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (MX=20, MY=500, N=MX*MY, ML=MX, MU=MX, MAXREP=50)
      PARAMETER (LRWMAX=60+9*N+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
      PARAMETER (LIW=40+N)
      DIMENSION U(N), UPRIME(N), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRWMAX), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      COMMON /BD2COM/ DIFF, REAC, H
      EXTERNAL BD2RES, BD2JAC, PDUM, RTDUM
      SAVE U, UPRIME, RWORK, IWORK, TIM
      DIFF = 0.04D0
      REAC = 1.0D0
      H = 1.0D0/DBLE(MX)
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
         RTOL(1) = 1.0D-5
         ATOL(1) = 1.0D-5
         T = 0.0D0
         CALL BD2INI(U, UPRIME, RPAR, IPAR)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, 10
            TOUT = DBLE(IOUT)
 45         CONTINUE
            CALL DDASKR(BD2RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           BD2JAC, PDUM, RTDUM, NRT, JROOT)
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 45
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) NAME, ' FAILED, IDID =', IDID, ' T =', T
               STOP
            ENDIF
 50      CONTINUE
         CALL SYSTEM_CLOCK(IC1)
         TIM(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
 90   CONTINUE
      CALL REPORT(NAME, N, MIN(NREP, MAXREP), TIM, IWORK)
      RETURN
      END
C
      SUBROUTINE BD2INI(U, UPRIME, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX=20, MY=500, N=MX*MY)
      DIMENSION U(MX,MY), UPRIME(MX,MY), RPAR(*), IPAR(*), W(MX,MY)
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
      T = 0.0D0
      CJ = 0.0D0
      CALL BD2RES(T, U, UPRIME, CJ, W, IRES, RPAR, IPAR)
      DO 40 J = 1, MY
         DO 30 I = 1, MX
            UPRIME(I,J) = -W(I,J)
 30      CONTINUE
 40   CONTINUE
      RETURN
      END
C
C     G = U' - DIFF*(UW + UE + US + UN - 4U)/H**2 - REAC*U*(1-U),
C     mirror (zero-flux) boundaries.
      SUBROUTINE BD2RES(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
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
C     Banded PD(K-L+ML+MU+1, L) for the unknowns K = I+(J-1)*MX,
C     leading dimension 2*ML+MU+1 = 61 (stored 1-D).
      SUBROUTINE BD2JAC(T, U, UPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX=20, MY=500, N=MX*MY, ML=MX, MU=MX)
      PARAMETER (LDA=2*ML+MU+1)
      DIMENSION U(N), UPRIME(N), PD(*), RPAR(*), IPAR(*)
      COMMON /BD2COM/ DIFF, REAC, H
      INTEGER MIRROR
      C = DIFF/(H*H)
      DO 20 J = 1, MY
         JS = MIRROR(J-1, MY)
         JN = MIRROR(J+1, MY)
         DO 10 I = 1, MX
            K = I + (J-1)*MX
            IW = MIRROR(I-1, MX)
            IE = MIRROR(I+1, MX)
            L = IW + (J-1)*MX
            M = K - L + ML + MU + 1 + (L-1)*LDA
            PD(M) = PD(M) - C
            L = IE + (J-1)*MX
            M = K - L + ML + MU + 1 + (L-1)*LDA
            PD(M) = PD(M) - C
            L = I + (JS-1)*MX
            M = K - L + ML + MU + 1 + (L-1)*LDA
            PD(M) = PD(M) - C
            L = I + (JN-1)*MX
            M = K - L + ML + MU + 1 + (L-1)*LDA
            PD(M) = PD(M) - C
            M = ML + MU + 1 + (K-1)*LDA
            PD(M) = PD(M) + 4.0D0*C + CJ
     1              - REAC*(1.0D0 - 2.0D0*U(K))
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
 100  FORMAT(1X,A12,I5,I6,3F12.4,F14.3,4I8)
      RETURN
      END
C
      INCLUDE 'bench_util.inc'
