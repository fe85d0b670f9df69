C-----------------------------------------------------------------------
C     DSL_SCRAMBLED -- DSL48E on a sparse index-1 DAE whose equations
C     are written in a scrambled order, as a process simulator assembles
C     them (the equation for an unknown is rarely in that unknown's row):
C     most diagonal entries of the Jacobian pattern are structurally zero.
C
C     Method of lines for u_t = D u_xx - u/2 on (0,1), u = 0 at both
C     ends, N = 100 interior points, h = 1/(N+1), written as a DAE with
C     the reaction term as an algebraic unknown:
C        E(i):  U(i)' - D*(U(i-1) - 2 U(i) + U(i+1))/h**2 + V(i) = 0
C        A(i):  V(i) - U(i)/2 = 0
C     Unknowns Z = (U(1), V(1), U(2), V(2), ...), NEQ = 2N = 200, the
C     U's differential (JYDOT), the V's algebraic.  With U(x,0) =
C     sin(pi x) the semi-discrete solution is exactly
C        U(i,t) = exp(-LAMBDA t) sin(pi x(i)),
C        LAMBDA = 4 D sin(pi h/2)**2/h**2 + 1/2.
C     Equation K (the K-th of E(1), A(1), E(2), A(2), ...) is written
C     into DELTA(IP(K)), IP a fixed pseudo-random permutation, and the
C     pattern rows are IP(K) accordingly.
C
C     Runs (RTOL = ATOL = 1D-8, outputs T = 0.1, ..., 1.0):
C       R1  natural order (IP = identity), JDTYPE = 0
C       R2  scrambled, JDTYPE = 0 (difference quotients on the pattern)
C       R3  scrambled, JDTYPE = 1 (JAC fills PD in pattern order)
C       R4  scrambled, JDTYPE = 0, one-step mode INFO(3) = 1
C     Checks: IDID = 3 at each TOUT (R1..R3), TIME reaches each TOUT
C     (R4); |U - exact| <= 1D-6 at every output; R2, R3 within 1D-6 of
C     R1 at T = 1; the algebraic rows hold to 1D-12 at T = 1.
C     The last line printed is PASS DSL_SCRAMBLED or FAIL DSL_SCRAMBLED.
C-----------------------------------------------------------------------
      PROGRAM DSLSCR
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, NEQ=2*N, NEJAC=6*N-2, NOUT=10)
      PARAMETER (LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(N), ISC(1)
      DIMENSION BDUM(2), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(1), ZREF(NEQ)
      LOGICAL OK
      COMMON /SCRPRM/ IP(NEQ)
      COMMON /SCRPAR/ D, H, PI, ALAM
      EXTERNAL SCRRES, SCRJAC, SCRSEN, SCRSTC, SCREVT
C
      OK = .TRUE.
      PI = 4.0D0*ATAN(1.0D0)
      D = 0.1D0
      H = 1.0D0/DBLE(N+1)
      ALAM = 4.0D0*D*SIN(0.5D0*PI*H)**2/H**2 + 0.5D0
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      DO 5 I = 1,N
         JYDOT(I) = 2*I - 1
 5    CONTINUE
      DO 500 IRUN = 1,4
         CALL PERM(IRUN .GT. 1)
         CALL PATTRN(JROW, JCOL, NNZ)
         IF (NNZ .NE. NEJAC) THEN
            WRITE(6,*) 'PATTERN LENGTH', NNZ, ' NOT', NEJAC
            OK = .FALSE.
         ENDIF
         NZDIAG = 0
         DO 8 K = 1,NEJAC
            IF (JROW(K) .EQ. JCOL(K)) NZDIAG = NZDIAG + 1
 8       CONTINUE
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         IF (IRUN .EQ. 4) INFO(3) = 1
         JDTYPE = 0
         IF (IRUN .EQ. 3) JDTYPE = 1
         NC = 0
         ND = 0
         ISC(1) = 0
         TIME = 0.0D0
         CALL INIT(Z, ZDOT)
         ERRMAX = 0.0D0
         DO 400 IOUT = 1,NOUT
            TOUT = 0.1D0*DBLE(IOUT)
 300        CONTINUE
            CALL DSL48E(SCRRES, SCRSEN, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           SCRJAC, NEJAC, JROW, JCOL, JYDOT, N, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, SCRSTC, SCREVT)
            IF (IDID .LT. 0) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' AT', TIME
               OK = .FALSE.
               GO TO 450
            ENDIF
            IF (INFO(3) .EQ. 1 .AND. TIME .LT. TOUT) GO TO 300
            IF (INFO(3) .EQ. 0 .AND. (IDID .NE. 3 .OR.
     1          TIME .NE. TOUT)) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', TIME
               OK = .FALSE.
            ENDIF
            CALL ERREX(TIME, Z, E)
            ERRMAX = MAX(ERRMAX, E)
 400     CONTINUE
 450     CONTINUE
         IF (ERRMAX .GT. 1.0D-6) OK = .FALSE.
C        The algebraic rows V - U/2 hold at the end (linear rows).
         ALG = 0.0D0
         DO 460 I = 1,N
            ALG = MAX(ALG, ABS(Z(2*I) - 0.5D0*Z(2*I-1)))
 460     CONTINUE
         IF (ALG .GT. 1.0D-12) OK = .FALSE.
         IF (IRUN .EQ. 1) THEN
            DO 470 K = 1,NEQ
               ZREF(K) = Z(K)
 470        CONTINUE
            DIFF = 0.0D0
         ELSE
            DIFF = 0.0D0
            DO 480 K = 1,NEQ
               DIFF = MAX(DIFF, ABS(Z(K) - ZREF(K)))
 480        CONTINUE
            IF (DIFF .GT. 1.0D-6) OK = .FALSE.
         ENDIF
         WRITE(6,90) IRUN, NZDIAG, TIME, ERRMAX, DIFF, ALG,
     1        IWORK(11), IWORK(12), IWORK(13), IWORK(19)
 90      FORMAT(' RUN',I2,': DIAGONAL ENTRIES',I4,'  T =',F5.2,
     1          '  MAX ERR',1P,E9.2,'  VS NATURAL',E9.2,'  ALG',E9.2,
     2          /'        NST',I5,'  NRE',I6,'  NJE',I4,'  NNI',I6)
 500  CONTINUE
      IF (OK) THEN
         WRITE(6,*) 'PASS DSL_SCRAMBLED'
      ELSE
         WRITE(6,*) 'FAIL DSL_SCRAMBLED'
      ENDIF
      END
C
      SUBROUTINE PERM(SCRAMB)
C     IP = identity, or a permutation from a linear congruential
C     generator (Fisher-Yates).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, NEQ=2*N)
      LOGICAL SCRAMB
      COMMON /SCRPRM/ IP(NEQ)
      DO 10 K = 1,NEQ
         IP(K) = K
 10   CONTINUE
      IF (.NOT. SCRAMB) RETURN
      ISEED = 12345
      DO 20 K = NEQ,2,-1
         ISEED = MOD(ISEED*1103 + 12345, 65536)
         J = 1 + MOD(ISEED, K)
         ITMP = IP(K)
         IP(K) = IP(J)
         IP(J) = ITMP
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE PATTRN(JROW, JCOL, NNZ)
C     Equation K = 2I-1 (E(I)): U(I-1), U(I), U(I+1), V(I); equation
C     K = 2I (A(I)): U(I), V(I).  Row IP(K).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, NEQ=2*N)
      DIMENSION JROW(*), JCOL(*)
      COMMON /SCRPRM/ IP(NEQ)
      NNZ = 0
      DO 10 I = 1,N
         KE = IP(2*I-1)
         IF (I .GT. 1) CALL ADD(JROW, JCOL, NNZ, KE, 2*I-3)
         CALL ADD(JROW, JCOL, NNZ, KE, 2*I-1)
         IF (I .LT. N) CALL ADD(JROW, JCOL, NNZ, KE, 2*I+1)
         CALL ADD(JROW, JCOL, NNZ, KE, 2*I)
         KA = IP(2*I)
         CALL ADD(JROW, JCOL, NNZ, KA, 2*I-1)
         CALL ADD(JROW, JCOL, NNZ, KA, 2*I)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE ADD(JROW, JCOL, NNZ, IR, IC)
      DIMENSION JROW(*), JCOL(*)
      NNZ = NNZ + 1
      JROW(NNZ) = IR
      JCOL(NNZ) = IC
      RETURN
      END
C
      SUBROUTINE INIT(Z, ZDOT)
C     Consistent initial values: U = sin(pi x), V = U/2, U' from E(I),
C     V' = U'/2.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, NEQ=2*N)
      DIMENSION Z(NEQ), ZDOT(NEQ)
      COMMON /SCRPAR/ D, H, PI, ALAM
      DO 10 I = 1,N
         Z(2*I-1) = SIN(PI*H*DBLE(I))
         Z(2*I) = 0.5D0*Z(2*I-1)
         ZDOT(2*I-1) = -ALAM*Z(2*I-1)
         ZDOT(2*I) = 0.5D0*ZDOT(2*I-1)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE ERREX(T, Z, E)
C     Largest error of the U's against the exact semi-discrete solution.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, NEQ=2*N)
      DIMENSION Z(NEQ)
      COMMON /SCRPAR/ D, H, PI, ALAM
      E = 0.0D0
      DO 10 I = 1,N
         E = MAX(E, ABS(Z(2*I-1) - EXP(-ALAM*T)*SIN(PI*H*DBLE(I))))
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE SCRRES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR,
     1                  IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /SCRPRM/ IP(2*N)
      COMMON /SCRPAR/ D, H, PI, ALAM
      C = D/H**2
      DO 10 I = 1,N
         UL = 0.0D0
         UR = 0.0D0
         IF (I .GT. 1) UL = Z(2*I-3)
         IF (I .LT. N) UR = Z(2*I+1)
         DELTA(IP(2*I-1)) = ZDOT(2*I-1) - C*(UL - 2.0D0*Z(2*I-1) + UR)
     1                      + Z(2*I)
         DELTA(IP(2*I)) = Z(2*I) - 0.5D0*Z(2*I-1)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE SCRJAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD,
     1                  IRES, RPAR, IPAR)
C     PD(L) = dF(JROW(L))/dZ(JCOL(L)) + CJ*dF(JROW(L))/dZDOT(JCOL(L)):
C     the equation in row JROW(L) found through the inverse of IP.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*), IQ(2*N)
      COMMON /SCRPRM/ IP(2*N)
      COMMON /SCRPAR/ D, H, PI, ALAM
      C = D/H**2
      DO 5 K = 1,NEQ
         IQ(IP(K)) = K
 5    CONTINUE
      DO 10 L = 1,NEJAC
         K = IQ(JROW(L))
         KC = JCOL(L)
         I = (K+1)/2
         IF (MOD(K,2) .EQ. 1) THEN
C           E(I): U(I-1), U(I), U(I+1), V(I).
            IF (KC .EQ. 2*I-1) THEN
               PD(L) = CJ + 2.0D0*C
            ELSE IF (KC .EQ. 2*I) THEN
               PD(L) = 1.0D0
            ELSE
               PD(L) = -C
            ENDIF
         ELSE
C           A(I): U(I), V(I).
            IF (KC .EQ. 2*I) THEN
               PD(L) = 1.0D0
            ELSE
               PD(L) = -0.5D0
            ENDIF
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE SCRSEN
      RETURN
      END
C
      SUBROUTINE SCRSTC(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                  RPAR, IPAR)
      RETURN
      END
C
      SUBROUTINE SCREVT(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                  Z, ZDOT, RPAR, IPAR)
      RETURN
      END
