C-----------------------------------------------------------------------
C     DSL_WRITTEN -- DSL48E on sparse DAEs written as simulators write
C     them: equations in an order of their own (the structural diagonal
C     of the pattern pairs an equation with an unknown it hardly
C     depends on), unknowns in units of their own (1D-6 .. 1D6).
C
C     Problem A, a flowsheet: K = 50 stirred tanks in series draining
C     from full, block lower triangular (tank k takes tank k-1's
C     outflow).  Per tank the unknowns (in this order) are the volume
C     V (m**3, differential), the outflow F (L/s, algebraic) and the
C     temperature T (K, differential):
C        mass     V' - (F(k-1) - F)/1000 = 0
C        outflow  F - 1000*C*V = 0
C        energy   V*T' + F(k-1)/1000*(T - T(k-1)) = 0
C     (F(0) = 0).  From V(0) = 1, T(0) = 350 the exact solution is
C        V(k,t) = exp(-C*t) * sum(j=0..k-1) (C*t)**j/j!,
C        F = 1000*C*V, T = 350;  C = 0.5.
C     A1  rows (mass, outflow, energy) per tank: the diagonal pairs
C         each equation with its unknown.
C     A2  rows (energy, outflow, mass) per tank: the energy row takes
C         the diagonal of V, where its entry dF/dV = T' is zero, and
C         the mass row the diagonal of T, where it has no entry at all.
C     A3  as A2 with the Jacobian from JAC (JDTYPE = 1).
C     RTOL = 1D-8, ATOL = 1D-8 times each unknown's unit (1, 1000,
C     350); outputs T = 1, ..., 10.  Checks: IDID = 3 at each TOUT;
C     V, F, T within 1D-6 of the exact solution (relative to their
C     units) at every output, for each run.
C
C     Problem B, the heat DAE of fortran-tests/dsl_heat2d.f (M = 14,
C     NEQ = 196, 5-point stencil inside, algebraic boundary rows):
C     B1  as written;
C     B2  its equations permuted within blocks of six rows;
C     B3  every unknown in units of its own, Z(K) = S(K)*U(K),
C         S(K) = 10**E with E in -6..6, ATOL(K) = 1D-8*S(K);
C     B4  both.
C     RTOL = 1D-8, outputs T = 0.1, ..., 1.0.  Checks: IDID = 3 at
C     each TOUT; B2..B4 within 1D-9 of B1 (in U) at every output and
C     with the same number of steps.
C     The last line printed is PASS DSL_WRITTEN or FAIL DSL_WRITTEN.
C-----------------------------------------------------------------------
      PROGRAM DSLWRT
      LOGICAL OK
      OK = .TRUE.
      CALL TANKS(OK)
      CALL GRID(OK)
      IF (OK) THEN
         WRITE(6,'(A)') ' PASS DSL_WRITTEN'
      ELSE
         WRITE(6,'(A)') ' FAIL DSL_WRITTEN'
      ENDIF
      END
C
C-----------------------------------------------------------------------
C     Problem A: the tanks.
C-----------------------------------------------------------------------
      SUBROUTINE TANKS(OK)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      LOGICAL OK
      PARAMETER (K=50, NEQ=3*K, NEJAC=9*K-3)
      PARAMETER (LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(2*K), ISC(1)
      DIMENSION BDUM(2), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(1), RTOL(NEQ), ATOL(NEQ), UNIT(3)
      COMMON /TKWRT/ IORD
      EXTERNAL TKRES, TKJAC, DUMSEN, DUMSTC, DUMEVD
      DATA UNIT / 1.0D0, 1000.0D0, 350.0D0 /
      C = 0.5D0
      DO 5 I = 1, K
         JYDOT(2*I-1) = 3*I - 2
         JYDOT(2*I) = 3*I
 5    CONTINUE
      DO 6 I = 1, NEQ
         RTOL(I) = 1.0D-8
         ATOL(I) = 1.0D-8*UNIT(MOD(I-1, 3) + 1)
 6    CONTINUE
      DO 500 IRUN = 1, 3
         IORD = 0
         IF (IRUN .GE. 2) IORD = 1
         CALL TKPAT(JROW, JCOL, NNZ)
         IF (NNZ .NE. NEJAC) THEN
            WRITE(6,*) 'A: PATTERN LENGTH', NNZ, ' NOT', NEJAC
            OK = .FALSE.
            RETURN
         ENDIF
         NDIAG = 0
         DO 8 L = 1, NNZ
            IF (JROW(L) .EQ. JCOL(L)) NDIAG = NDIAG + 1
 8       CONTINUE
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(2) = 1
         JDTYPE = 0
         IF (IRUN .EQ. 3) JDTYPE = 1
         TIME = 0.0D0
         DO 20 I = 1, K
            Z(3*I-2) = 1.0D0
            Z(3*I-1) = 1000.0D0*C
            Z(3*I) = 350.0D0
            ZDOT(3*I-2) = 0.0D0
            ZDOT(3*I-1) = 0.0D0
            ZDOT(3*I) = 0.0D0
 20      CONTINUE
         ZDOT(1) = -C
         ERRMAX = 0.0D0
         DO 400 IOUT = 1, 10
            TOUT = DBLE(IOUT)
            CALL DSL48E(TKRES, DUMSEN, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           TKJAC, NEJAC, JROW, JCOL, JYDOT, 2*K, JDTYPE, BDUM,
     3           IEVENT, IDISCON, 0, 0, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, DUMSTC, DUMEVD)
            IF (IDID .NE. 3) THEN
               WRITE(6,*) 'A', IRUN, ': IDID =', IDID, ' AT T =', TIME
               OK = .FALSE.
               GO TO 500
            ENDIF
            DO 300 I = 1, K
               V = VEXACT(I, C, TIME)
               E1 = ABS(Z(3*I-2) - V)
               E2 = ABS(Z(3*I-1) - 1000.0D0*C*V)/1000.0D0
               E3 = ABS(Z(3*I) - 350.0D0)/350.0D0
               ERRMAX = MAX(ERRMAX, E1, E2, E3)
 300        CONTINUE
 400     CONTINUE
         WRITE(6,100) IRUN, NDIAG, IWORK(11), IWORK(13), ERRMAX
 100     FORMAT(' TANKS A',I1,': DIAGONAL ENTRIES',I4,'  NST',I5,
     1          '  NJE',I4,'  MAX ERR',1P,E9.2)
         IF (ERRMAX .GT. 1.0D-6) THEN
            WRITE(6,*) 'A', IRUN, ': ERROR TOO LARGE'
            OK = .FALSE.
         ENDIF
 500  CONTINUE
      RETURN
      END
C
C     V(k,t) = exp(-C t) sum(j=0..k-1) (C t)**j/j!
      DOUBLE PRECISION FUNCTION VEXACT(KK, C, T)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      TERM = 1.0D0
      S = 1.0D0
      DO 10 J = 1, KK-1
         TERM = TERM*C*T/DBLE(J)
         S = S + TERM
 10   CONTINUE
      VEXACT = EXP(-C*T)*S
      RETURN
      END
C
C     The row of equation IEQ (1 mass, 2 outflow, 3 energy) of tank I.
      INTEGER FUNCTION ITKROW(I, IEQ)
      COMMON /TKWRT/ IORD
      IF (IORD .EQ. 0) THEN
         ITKROW = 3*(I-1) + IEQ
      ELSE
         ITKROW = 3*(I-1) + 4 - IEQ
      ENDIF
      RETURN
      END
C
C     The pattern, equation by equation (unknowns V, F, T of tank I at
C     3I-2, 3I-1, 3I).
      SUBROUTINE TKPAT(JROW, JCOL, NNZ)
      PARAMETER (K=50)
      DIMENSION JROW(*), JCOL(*)
      NNZ = 0
      DO 10 I = 1, K
         IV = 3*I - 2
         CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 1), IV)
         CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 1), IV + 1)
         IF (I .GT. 1) CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 1), IV - 2)
         CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 2), IV)
         CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 2), IV + 1)
         CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 3), IV)
         CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 3), IV + 2)
         IF (I .GT. 1) THEN
            CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 3), IV - 2)
            CALL ADDE(JROW, JCOL, NNZ, ITKROW(I, 3), IV - 1)
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE ADDE(JROW, JCOL, NNZ, IR, IC)
      DIMENSION JROW(*), JCOL(*)
      NNZ = NNZ + 1
      JROW(NNZ) = IR
      JCOL(NNZ) = IC
      RETURN
      END
C
      SUBROUTINE TKRES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                 IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (K=50)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      C = 0.5D0
      DO 10 I = 1, K
         IV = 3*I - 2
         CALL TKIN(Z, I, FIN, TIN)
         DELTA(ITKROW(I, 1)) = ZDOT(IV) - (FIN - Z(IV+1))/1000.0D0
         DELTA(ITKROW(I, 2)) = Z(IV+1) - 1000.0D0*C*Z(IV)
         DELTA(ITKROW(I, 3)) = Z(IV)*ZDOT(IV+2)
     1                        + FIN/1000.0D0*(Z(IV+2) - TIN)
 10   CONTINUE
      RETURN
      END
C
C     The inflow of tank I: tank I-1's outflow F and temperature T
C     (nothing for the first tank).
      SUBROUTINE TKIN(Z, I, FIN, TIN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(*)
      FIN = 0.0D0
      TIN = 0.0D0
      IF (I .GT. 1) THEN
         FIN = Z(3*I - 4)
         TIN = Z(3*I - 3)
      ENDIF
      RETURN
      END
C
C     PD(L) = dF/dZ + CJ*dF/dZDOT at (JROW(L), JCOL(L)), in the order of
C     TKPAT (tank I-1's F and T, the inflow, are columns IV-2 and IV-1).
      SUBROUTINE TKJAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD,
     1                 IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (K=50)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(*), JCOL(*)
      DIMENSION RPAR(*), IPAR(*)
      C = 0.5D0
      L = 0
      DO 10 I = 1, K
         IV = 3*I - 2
         CALL TKIN(Z, I, FIN, TIN)
C        mass: dV', dF, dFIN
         PD(L+1) = CJ
         PD(L+2) = 1.0D0/1000.0D0
         L = L + 2
         IF (I .GT. 1) THEN
            L = L + 1
            PD(L) = -1.0D0/1000.0D0
         ENDIF
C        outflow: dV, dF
         PD(L+1) = -1000.0D0*C
         PD(L+2) = 1.0D0
C        energy: dV, dT (+ CJ*V), then dFIN, dTIN
         PD(L+3) = ZDOT(IV+2)
         PD(L+4) = CJ*Z(IV) + FIN/1000.0D0
         L = L + 4
         IF (I .GT. 1) THEN
            PD(L+1) = (Z(IV+2) - TIN)/1000.0D0
            PD(L+2) = -FIN/1000.0D0
            L = L + 2
         ENDIF
 10   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Problem B: the heat DAE as written, permuted, in other units.
C-----------------------------------------------------------------------
      SUBROUTINE GRID(OK)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      LOGICAL OK
      PARAMETER (M=14, NEQ=M*M, NX=(M-2)**2)
      PARAMETER (NEJAC=5*NX+2*M+4*(M-2))
      PARAMETER (LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(1)
      DIMENSION BDUM(2), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(1), RTOL(NEQ), ATOL(NEQ)
      DIMENSION UREF(NEQ, 10)
      INTEGER NSTREF
      COMMON /GRWRT/ S(NEQ), IPERM(NEQ), KWRIT
      EXTERNAL GRRES, DUMJAC, DUMSEN, DUMSTC, DUMEVD
      DO 500 IRUN = 1, 4
         NBLK = 0
         ISCAL = 0
         IF (IRUN .EQ. 2 .OR. IRUN .EQ. 4) NBLK = 6
         IF (IRUN .GE. 3) ISCAL = 1
         CALL GRWRIT(NBLK, ISCAL)
         CALL GRPAT(JROW, JCOL, NNZ, JYDOT, NJYDOT)
         DO 5 I = 1, NEQ
            RTOL(I) = 1.0D-8
            ATOL(I) = 1.0D-8*S(I)
 5       CONTINUE
         DO 10 I = 1, 20
            INFO(I) = 0
 10      CONTINUE
         INFO(2) = 1
         TIME = 0.0D0
         CALL GRINIT(Z, ZDOT)
         DO 15 I = 1, NEQ
            Z(I) = S(I)*Z(I)
            ZDOT(I) = S(I)*ZDOT(I)
 15      CONTINUE
         DIFMAX = 0.0D0
         DO 400 IOUT = 1, 10
            TOUT = 0.1D0*DBLE(IOUT)
            CALL DSL48E(GRRES, DUMSEN, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           DUMJAC, NNZ, JROW, JCOL, JYDOT, NJYDOT, 0, BDUM,
     3           IEVENT, IDISCON, 0, 0, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, DUMSTC, DUMEVD)
            IF (IDID .NE. 3) THEN
               WRITE(6,*) 'B', IRUN, ': IDID =', IDID, ' AT T =', TIME
               OK = .FALSE.
               GO TO 500
            ENDIF
            DO 300 I = 1, NEQ
               U = Z(I)/S(I)
               IF (IRUN .EQ. 1) THEN
                  UREF(I, IOUT) = U
               ELSE
                  DIFMAX = MAX(DIFMAX, ABS(U - UREF(I, IOUT)))
               ENDIF
 300        CONTINUE
 400     CONTINUE
         IF (IRUN .EQ. 1) NSTREF = IWORK(11)
         WRITE(6,100) IRUN, NBLK, ISCAL, IWORK(11), IWORK(13), DIFMAX
 100     FORMAT(' GRID B',I1,': BLOCKS',I2,'  UNITS',I2,'  NST',I5,
     1          '  NJE',I4,'  MAX DIFF TO B1',1P,E9.2)
         IF (DIFMAX .GT. 1.0D-9 .OR. IWORK(11) .NE. NSTREF) THEN
            WRITE(6,*) 'B', IRUN, ': DIFFERS FROM THE MODEL AS WRITTEN'
            OK = .FALSE.
         ENDIF
 500  CONTINUE
      RETURN
      END
C
C     How the model is written: NBLK > 1, row K of the residual goes to
C     row IPERM(K), a pseudo-random permutation of its block of NBLK
C     rows; ISCAL = 1, Z(K) = S(K)*U(K), S(K) = 10**E, E in -6..6.
      SUBROUTINE GRWRIT(NBLK, ISCAL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M)
      INTEGER*8 ISEED
      COMMON /GRWRT/ S(NEQ), IPERM(NEQ), KWRIT
      ISEED = 4711
      DO 10 K = 1, NEQ
         IPERM(K) = K
         S(K) = 1.0D0
         IF (ISCAL .NE. 0) S(K) = 10.0D0**(MOD(IRANPM(ISEED), 13) - 6)
 10   CONTINUE
      IF (NBLK .GT. 1) THEN
         DO 30 K0 = 1, NEQ, NBLK
            NB = MIN(NBLK, NEQ - K0 + 1)
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
C     Park and Miller's minimal standard generator.
      INTEGER FUNCTION IRANPM(ISEED)
      INTEGER*8 ISEED
      ISEED = MOD(16807_8*ISEED, 2147483647_8)
      IRANPM = INT(ISEED)
      RETURN
      END
C
C     The 5-point pattern row by row (rows through IPERM), and JYDOT.
      SUBROUTINE GRPAT(JROW, JCOL, NNZ, JYDOT, NJYDOT)
      PARAMETER (M=14, NEQ=M*M)
      DIMENSION JROW(*), JCOL(*), JYDOT(*)
      DOUBLE PRECISION S
      COMMON /GRWRT/ S(NEQ), IPERM(NEQ), KWRIT
      NNZ = 0
      NJYDOT = 0
      DO 20 J = 1, M
         DO 10 I = 1, M
            K = I + (J-1)*M
            CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K)
            IF (J .EQ. 1 .OR. J .EQ. M) GO TO 10
            IF (I .EQ. 1) THEN
               CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K + 1)
            ELSE IF (I .EQ. M) THEN
               CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K - 1)
            ELSE
               NJYDOT = NJYDOT + 1
               JYDOT(NJYDOT) = K
               CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K - 1)
               CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K + 1)
               CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K - M)
               CALL ADDE(JROW, JCOL, NNZ, IPERM(K), K + M)
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
C     Consistent initial values (as fortran-tests/dsl_heat2d.f).
      SUBROUTINE GRINIT(U, UP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ), W(NEQ)
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
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
         U(I) = 0.25D0
         U(I+(M-1)*M) = 0.0D0
 30   CONTINUE
      DO 40 J = 2, M-1
         U(1+(J-1)*M) = U(2+(J-1)*M)
         U(M+(J-1)*M) = U(M-1+(J-1)*M)
 40   CONTINUE
      CALL HTRES(0.0D0, U, UP, W)
      DO 60 J = 2, M-1
         DO 50 I = 2, M-1
            UP(I+(J-1)*M) = -W(I+(J-1)*M)
 50      CONTINUE
 60   CONTINUE
      DO 70 I = 1, M
         UP(I) = 0.4D0*PI
         UP(I+(M-1)*M) = 0.0D0
 70   CONTINUE
      DO 80 J = 2, M-1
         UP(1+(J-1)*M) = UP(2+(J-1)*M)
         UP(M+(J-1)*M) = UP(M-1+(J-1)*M)
 80   CONTINUE
      RETURN
      END
C
C     The residual in the model's own units and order.
      SUBROUTINE HTRES(T, U, UP, DEL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14)
      DIMENSION U(*), UP(*), DEL(*)
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
      C = 0.1D0/H**2
      G = 0.25D0 + 0.2D0*SIN(2.0D0*PI*T)
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
C     DSL48E's residual in the model's writing (GRWRIT).
      SUBROUTINE GRRES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                 IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQM=M*M)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DIMENSION U(NEQM), UP(NEQM), W(NEQM)
      COMMON /GRWRT/ S(NEQM), IPERM(NEQM), KWRIT
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
C     Callbacks never called (NC = 0, JDTYPE = 0 for problem B).
      SUBROUTINE DUMJAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD,
     1                  IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      STOP 'DUMJAC CALLED'
      END
C
      SUBROUTINE DUMSEN
      STOP 'SENRHS CALLED'
      END
C
      SUBROUTINE DUMSTC
      STOP 'STCHANGE CALLED'
      END
C
      SUBROUTINE DUMEVD
      STOP 'EVTDERIV CALLED'
      END
