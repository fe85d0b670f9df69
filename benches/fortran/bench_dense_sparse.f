C-----------------------------------------------------------------------
C     BENCH_DENSE_SPARSE -- timing benchmark for DDASKR on a
C     structurally sparse problem kept in DENSE storage (INFO(6) = 0),
C     as legacy circuit simulators do: the matrix has about 2.6 %
C     non-zeros, so LINPACK's DGEFA skips most of its column updates
C     (DAXPY returns on a zero factor) and a dense LU must exploit the
C     zeros to compete.
C     Written like a user's FORTRAN 77 program; the same source links
C     against the original DASKR or against this project's libdaskr.a:
C
C        gfortran -O2 bench_dense_sparse.f libdaskr.a -lm -lpthread -ldl
C        ./a.out            (11 repetitions per case)
C        ./a.out quick      (smoke run: 1 repetition)
C        ./a.out UJ         (only the cases whose name contains UJ)
C
C     CKT  A nodal model of a gate-level circuit: NG = 35 gates of 10
C          nodes each plus one supply rail, N = 351 unknowns (node
C          voltages).  Inside a gate every node is tied to the nodes
C          1, 2 and 4 places away (mod 10) by resistors (a 7-point
C          dense-ish block per gate); every node leaks to the rail;
C          the output node (10) of gate G drives the input node 1 of
C          gate G+1 and node 6 of gate G+7 (mod NG) through saturating
C          transconductances GM*TANH(V); every node has a cubic load
C          0.1*V**3 and a capacitor to ground between 1E-4 and 1; the
C          rail is held near VDD(T) = 1 + 0.1*SIN(T) by a stiff source;
C          node 1 is driven by 2*SIN(3T).  Residual of node I:
C            C(I)*V'(I) + SUM G(I,J)*(V(I)-V(J)) + GR(I)*(V(I)-V(R))
C              + 0.1*V(I)**3 - (couplings into I) - (source into I).
C          V(0) = 0 (rail 1), V'(0) consistent; RTOL = ATOL = 1E-6,
C          output at T = 1, 2, ..., 10.
C     CKT-UJ     dense user Jacobian (INFO(5) = 1), only the non-zeros
C                set (DDASKR zeroes the matrix before calling JAC).
C     CKT-DQ     dense difference-quotient Jacobian (INFO(5) = 0).
C
C     Every case uses RWORK/IWORK of DASKR's documented minimum length.
C     One line per case: the number of repetitions, the minimum, median
C     and maximum wall time of one integration (SYSTEM_CLOCK), the
C     median per step, and the counters NST, NRE, NJE, NNI of the last
C     repetition (IWORK(11), (12), (13), (19)); then three solution
C     values at T = 10 (they agree bit for bit between a DASKR and a
C     library whose LU performs DGEFA's operations).
C-----------------------------------------------------------------------
      PROGRAM BENCHS
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
      CALL CKTSET
      WRITE(6,100)
 100  FORMAT(' DDASKR DENSE-STORAGE SPARSE BENCHMARK (FORTRAN 77)'/
     1  ' CASE           NEQ  REPS     MIN(MS)     MED(MS)',
     2  '     MAX(MS)  MED/STEP(US)     NST     NRE     NJE     NNI')
      IF (WANTED('CKT-UJ      '))
     1   CALL CKTBEN('CKT-UJ      ', 1, 1 + NQ*10)
      IF (WANTED('CKT-DQ      '))
     1   CALL CKTBEN('CKT-DQ      ', 0, 1 + NQ*10)
      END
C
C-----------------------------------------------------------------------
C     CKTSET -- the circuit's element values, in COMMON /CKT/:
C       NBR(K,I), GNB(K,I)  the 6 resistor neighbours of node I and
C                           their conductances (symmetric);
C       GR(I)               conductance from node I to the rail;
C       CAP(I)              capacitance of node I (rail: CAP(NR));
C       ITO(K), IFR(K), GM(K)  coupling K: current GM*TANH(V(IFR))
C                           into node ITO.
C-----------------------------------------------------------------------
      SUBROUTINE CKTSET
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=35, NPG=10, NN=NG*NPG, NR=NN+1, NCP=2*NG)
      COMMON /CKT/ GNB(6,NN), GR(NN), CAP(NR), GM(NCP), GS,
     1   NBR(6,NN), ITO(NCP), IFR(NCP)
      DIMENSION IOFF(6)
      DATA IOFF /1, 2, 4, 6, 8, 9/
      DO 20 IG = 1, NG
         DO 10 IP = 1, NPG
            I = (IG-1)*NPG + IP
            DO 5 K = 1, 6
               JP = MOD(IP - 1 + IOFF(K), NPG) + 1
               NBR(K,I) = (IG-1)*NPG + JP
C              Symmetric in the pair (IP, JP).
               GNB(K,I) = 1.0D0 + 0.5D0*SIN(DBLE(IG)
     1            + 0.7D0*DBLE(MIN(IP,JP)) + 0.3D0*DBLE(MAX(IP,JP)))
 5          CONTINUE
            GR(I) = 0.01D0*DBLE(1 + MOD(I, 7))
            CAP(I) = 10.0D0**(-4.0D0 + 0.4D0*DBLE(MOD(7*I, 11)))
 10      CONTINUE
 20   CONTINUE
      CAP(NR) = 1.0D-2
      GS = 1.0D2
      DO 30 IG = 1, NG
         IFR(2*IG-1) = IG*NPG
         ITO(2*IG-1) = MOD(IG, NG)*NPG + 1
         GM(2*IG-1) = 2.0D0
         IFR(2*IG) = IG*NPG
         ITO(2*IG) = MOD(IG + 6, NG)*NPG + 6
         GM(2*IG) = 1.5D0
 30   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     CKTBEN -- integrate the circuit NREP times; MODE 1: user
C     Jacobian, 0: difference quotients.
C-----------------------------------------------------------------------
      SUBROUTINE CKTBEN(NAME, MODE, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*12 NAME
      PARAMETER (NG=35, NPG=10, NN=NG*NPG, NR=NN+1, N=NR, MAXREP=50)
      PARAMETER (LRW=60+9*N+N**2, LIW=40+N)
      DIMENSION Y(N), YPRIME(N), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), TIM(MAXREP)
      INTEGER*8 IC0, IC1, IRATE
      EXTERNAL CKTRES, CKTJAC, PDUM, RTDUM
      SAVE RWORK, IWORK, TIM
      NRT = 0
      DO 90 IREP = 1, MIN(NREP, MAXREP)
         DO 30 I = 1, 20
            INFO(I) = 0
 30      CONTINUE
         INFO(5) = MODE
         RTOL(1) = 1.0D-6
         ATOL(1) = 1.0D-6
         T = 0.0D0
         CALL CKTINI(N, Y, YPRIME, RPAR, IPAR)
         CALL SYSTEM_CLOCK(IC0, IRATE)
         DO 50 IOUT = 1, 10
            TOUT = DBLE(IOUT)
 45         CONTINUE
            CALL DDASKR(CKTRES, N, T, Y, YPRIME, TOUT, INFO, RTOL,
     1           ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           CKTJAC, PDUM, RTDUM, NRT, JROOT)
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
      WRITE(6,110) Y(1), Y(NN/2), Y(NR)
 110  FORMAT(14X,'Y(1), Y(175), Y(351) AT T = 10:',3E23.15)
      RETURN
      END
C
C     V = 0, rail at VDD(0); consistent VPRIME = -G(0, V, 0)/CAP.
      SUBROUTINE CKTINI(N, Y, YPRIME, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=35, NPG=10, NN=NG*NPG, NR=NN+1, NCP=2*NG)
      DIMENSION Y(N), YPRIME(N), RPAR(*), IPAR(*), W(NR)
      COMMON /CKT/ GNB(6,NN), GR(NN), CAP(NR), GM(NCP), GS,
     1   NBR(6,NN), ITO(NCP), IFR(NCP)
      DO 10 I = 1, N
         Y(I) = 0.0D0
         YPRIME(I) = 0.0D0
 10   CONTINUE
      Y(NR) = 1.0D0
      T = 0.0D0
      CJ = 0.0D0
      CALL CKTRES(T, Y, YPRIME, CJ, W, IRES, RPAR, IPAR)
      DO 20 I = 1, N
         YPRIME(I) = -W(I)/CAP(I)
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE CKTRES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=35, NPG=10, NN=NG*NPG, NR=NN+1, NCP=2*NG)
      DIMENSION Y(*), YPRIME(*), DELTA(*), RPAR(*), IPAR(*)
      COMMON /CKT/ GNB(6,NN), GR(NN), CAP(NR), GM(NCP), GS,
     1   NBR(6,NN), ITO(NCP), IFR(NCP)
      SR = 0.0D0
      DO 20 I = 1, NN
         S = CAP(I)*YPRIME(I) + GR(I)*(Y(I) - Y(NR))
     1       + 0.1D0*Y(I)**3
         DO 10 K = 1, 6
            S = S + GNB(K,I)*(Y(I) - Y(NBR(K,I)))
 10      CONTINUE
         DELTA(I) = S
         SR = SR + GR(I)*(Y(NR) - Y(I))
 20   CONTINUE
      DO 30 K = 1, NCP
         DELTA(ITO(K)) = DELTA(ITO(K)) - GM(K)*TANH(Y(IFR(K)))
 30   CONTINUE
      DELTA(1) = DELTA(1) - 2.0D0*SIN(3.0D0*T)
      DELTA(NR) = CAP(NR)*YPRIME(NR) + SR
     1            + GS*(Y(NR) - (1.0D0 + 0.1D0*SIN(T)))
      RETURN
      END
C
C     PD = dG/dY + CJ*dG/dYPRIME, N x N, leading dimension N (stored
C     1-D); DDASKR has zeroed it.
      SUBROUTINE CKTJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=35, NPG=10, NN=NG*NPG, NR=NN+1, N=NR, NCP=2*NG)
      DIMENSION Y(*), YPRIME(*), PD(*), RPAR(*), IPAR(*)
      COMMON /CKT/ GNB(6,NN), GR(NN), CAP(NR), GM(NCP), GS,
     1   NBR(6,NN), ITO(NCP), IFR(NCP)
      SR = 0.0D0
      DO 20 I = 1, NN
         D = CJ*CAP(I) + GR(I) + 0.3D0*Y(I)**2
         DO 10 K = 1, 6
            D = D + GNB(K,I)
            J = NBR(K,I)
            PD(I + (J-1)*N) = PD(I + (J-1)*N) - GNB(K,I)
 10      CONTINUE
         PD(I + (I-1)*N) = PD(I + (I-1)*N) + D
         PD(I + (NR-1)*N) = PD(I + (NR-1)*N) - GR(I)
         PD(NR + (I-1)*N) = PD(NR + (I-1)*N) - GR(I)
         SR = SR + GR(I)
 20   CONTINUE
      DO 30 K = 1, NCP
         TH = TANH(Y(IFR(K)))
         L = ITO(K) + (IFR(K)-1)*N
         PD(L) = PD(L) - GM(K)*(1.0D0 - TH*TH)
 30   CONTINUE
      PD(NR + (NR-1)*N) = CJ*CAP(NR) + SR + GS
      RETURN
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'BENCH_DENSE_SPARSE: DUMMY RT WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'BENCH_DENSE_SPARSE: DUMMY PSOL WAS CALLED'
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
