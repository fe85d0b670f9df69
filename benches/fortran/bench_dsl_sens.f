C-----------------------------------------------------------------------
C     BENCH_DSL_SENS -- the cost of DSL48E's parametric sensitivities on a
C     large sparse problem, against the plain integration and against
C     what a user does without them (the same problem run NP+1 times
C     with perturbed parameters, for forward differences).
C
C     Model: 2-D heat with sources on the unit square, M x M interior
C     points (M = 100: NEQ = 10000), zero boundary values, 5-point
C     stencil:  U' = P1*LAPLACE(U) + SUM(K=2..16) P(K)*PHI(K),
C     PHI(K) the indicator of the (K-1)-th cell of a 4 x 4 partition of
C     the square; P1 = 1, P(K) = 1 + 0.1*K; U(0) = 16 X(1-X) Y(1-Y).
C     JDTYPE = 1 (JAC), SENRHS for dF/dP (dF/dP1 = -LAPLACE(U), dF/dPK
C     = -PHI(K)), RTOL = ATOL = 1D-5, T = 0 .. 0.5, NC = 0.
C     Sensitivities to P1..PNP for NP = 1, 4, 16, with them in the
C     error test (INFO(13) = 0) and out of it (INFO(13) = 1).
C
C     Each case runs REPS times (argument REPS=n, default 3); the
C     processor time printed is the smallest (processor time, not wall
C     time: the machine may be shared).  Printed: NP, INFO(13), time
C     (ms), the ratio to the plain run, NST, NRE, NJE, the sensitivity
C     corrector iterations, and the time of NP+1 plain runs with
C     P(K) perturbed by 1D-4*P(K), K = 0..NP (K = 0: none), and its
C     ratio to the plain run.
C     Build: gfortran -O2 benches/fortran/bench_dsl_sens.f
C            target/release/libdaskr.a $DASKR_STATIC_LIBS
C-----------------------------------------------------------------------
      PROGRAM BSENS
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100, NEQ=M*M, NPMAX=16, MAXO=5)
      PARAMETER (NEJAC=5*M*M-4*M)
      PARAMETER (LRW=60+(MAXO+4)*NEQ+NEJAC+NPMAX*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NPMAX+5+NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=MAXO+5*NEQ+40)
      DIMENSION NPS(3)
      COMMON /PAT/ JROW(NEJAC), JCOL(NEJAC), JYDOT(NEQ)
      COMMON /WORK/ Z(NEQ*(NPMAX+1)), ZDOT(NEQ*(NPMAX+1)), RWORK(LRW),
     1              REVWK(LREVWK), IWORK(LIW), IEVWK(LIEVWK)
      COMMON /PARS/ RPAR(NPMAX)
      COMMON /RES1/ NST, NRE, NJE, NSNI
      CHARACTER*32 ARG
      DATA NPS / 1, 4, 16 /
C
      NREPS = 3
      DO 5 I = 1,COMMAND_ARGUMENT_COUNT()
         CALL GET_COMMAND_ARGUMENT(I, ARG)
         IF (ARG(1:5) .EQ. 'REPS=') READ(ARG(6:), *) NREPS
 5    CONTINUE
C     The 5-point pattern, row by row.
      K = 0
      DO 11 J = 1,M
         DO 10 I = 1,M
            IR = I + (J-1)*M
            IF (J .GT. 1) CALL PUT(K, IR, IR-M)
            IF (I .GT. 1) CALL PUT(K, IR, IR-1)
            CALL PUT(K, IR, IR)
            IF (I .LT. M) CALL PUT(K, IR, IR+1)
            IF (J .LT. M) CALL PUT(K, IR, IR+M)
 10      CONTINUE
 11   CONTINUE
      IF (K .NE. NEJAC) STOP 'PATTERN'
      DO 12 I = 1,NEQ
         JYDOT(I) = I
 12   CONTINUE
      WRITE(6,100) NEQ, NEJAC
 100  FORMAT(' DSL48E SENSITIVITY COST: 2-D HEAT WITH SOURCES, NEQ =',
     1       I6,', NEJAC =',I6/' JDTYPE = 1, SENRHS,',
     2       ' RTOL = ATOL = 1D-5, TIME 0 .. 0.5; CPU TIME, FASTEST',
     3       ' OF THE REPETITIONS'/
     4       '    NP INFO(13)  TIME(MS)  RATIO   NST   NRE   NJE',
     5       ' SENS-ITER   NP+1 RUNS(MS)  RATIO')
C     The plain run (after one to warm the caches and touch the
C     arrays).
      CALL RUNIT(0, 0, 0, T)
      T0 = 1.0D30
      DO 20 IR = 1,NREPS
         CALL RUNIT(0, 0, 0, T)
         T0 = MIN(T0, T)
 20   CONTINUE
      WRITE(6,110) 0, 0, 1.0D3*T0, 1.0D0, NST, NRE, NJE, 0
 110  FORMAT(I6,I9,F10.1,F7.2,3I6,I10,F15.1,F7.2)
      DO 50 INF13 = 0,1
         DO 40 IC = 1,3
            NP = NPS(IC)
            TS = 1.0D30
            DO 30 IR = 1,NREPS
               CALL RUNIT(NP, INF13, 0, T)
               TS = MIN(TS, T)
 30         CONTINUE
            NST1 = NST
            NRE1 = NRE
            NJE1 = NJE
            NSNI1 = NSNI
C           NP+1 plain runs with perturbed parameters (once, as a user
C           would; the fastest repetition of each).
            TP = 0.0D0
            IF (INF13 .EQ. 0) THEN
               DO 35 KP = 0,NP
                  TK = 1.0D30
                  DO 33 IR = 1,NREPS
                     CALL RUNIT(0, 0, KP, T)
                     TK = MIN(TK, T)
 33               CONTINUE
                  TP = TP + TK
 35            CONTINUE
            ENDIF
            WRITE(6,110) NP, INF13, 1.0D3*TS, TS/T0, NST1, NRE1, NJE1,
     1           NSNI1, 1.0D3*TP, TP/T0
 40      CONTINUE
 50   CONTINUE
      END
C
      SUBROUTINE PUT(K, IR, IC)
      PARAMETER (M=100, NEQ=M*M, NEJAC=5*M*M-4*M)
      COMMON /PAT/ JROW(NEJAC), JCOL(NEJAC), JYDOT(NEQ)
      K = K + 1
      JROW(K) = IR
      JCOL(K) = IC
      RETURN
      END
C
      SUBROUTINE RUNIT(NP, INF13, KPERT, SECS)
C     One integration to T = 0.5 with NP sensitivities (P(KPERT)
C     perturbed when KPERT > 0); SECS its processor time.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100, NEQ=M*M, NPMAX=16, MAXO=5)
      PARAMETER (NEJAC=5*M*M-4*M)
      PARAMETER (LRW=60+(MAXO+4)*NEQ+NEJAC+NPMAX*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NPMAX+5+NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=MAXO+5*NEQ+40)
      DIMENSION INFO(20), ISC(1), BDUM(2), IPAR(1)
      COMMON /PAT/ JROW(NEJAC), JCOL(NEJAC), JYDOT(NEQ)
      COMMON /WORK/ Z(NEQ*(NPMAX+1)), ZDOT(NEQ*(NPMAX+1)), RWORK(LRW),
     1              REVWK(LREVWK), IWORK(LIW), IEVWK(LIEVWK)
      COMMON /PARS/ RPAR(NPMAX)
      COMMON /RES1/ NST, NRE, NJE, NSNI
      EXTERNAL RES, JAC, SENRHS, STCH, EVTD
      H = 1.0D0/DBLE(M+1)
      RPAR(1) = 1.0D0
      DO 5 K = 2,NPMAX
         RPAR(K) = 1.0D0 + 0.1D0*DBLE(K)
 5    CONTINUE
      IF (KPERT .GT. 0) RPAR(KPERT) = RPAR(KPERT)*(1.0D0 + 1.0D-4)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 1
      INFO(12) = NP
      INFO(13) = INF13
      DO 20 J = 1,M
         DO 20 I = 1,M
            X = DBLE(I)*H
            Y = DBLE(J)*H
            Z(I + (J-1)*M) = 16.0D0*X*(1.0D0 - X)*Y*(1.0D0 - Y)
 20   CONTINUE
      DO 25 I = NEQ+1,NEQ*(NP+1)
         Z(I) = 0.0D0
 25   CONTINUE
      DO 30 I = 1,NEQ*(NP+1)
         ZDOT(I) = 0.0D0
 30   CONTINUE
      DO 35 I = 1,NP
         IWORK(40+I) = I
         RWORK(60+I) = 0.0D0
 35   CONTINUE
C     Every variable differential: INFO(11) = 1 computes Z' and S'.
      NJYDOT = NEQ
      TIME = 0.0D0
      TOUT = 0.5D0
      RTOL = 1.0D-5
      ATOL = 1.0D-5
      CALL CPU_TIME(C0)
 40   CONTINUE
      CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUT, INFO, RTOL,
     1     ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JAC, NEJAC,
     2     JROW, JCOL, JYDOT, NJYDOT, 1, BDUM, IEVENT, IDISCON, 0, 0,
     3     ISC, TEVT, LIEVWK, IEVWK(1), LREVWK, REVWK, STCH, EVTD)
      IF (IDID .EQ. -1) THEN
         INFO(1) = 1
         GO TO 40
      ENDIF
      CALL CPU_TIME(C1)
      IF (IDID .NE. 3) THEN
         WRITE(6,*) 'IDID =', IDID
         STOP 'RUN FAILED'
      ENDIF
      SECS = C1 - C0
      NST = IWORK(11)
      NRE = IWORK(12)
      NJE = IWORK(13)
      NSNI = 0
      IF (NP .GT. 0) NSNI = IWORK(40+NP+5)
      RETURN
      END
C
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      H2 = DBLE(M+1)**2
      DO 10 J = 1,M
         DO 10 I = 1,M
            K = I + (J-1)*M
            A = -4.0D0*Z(K)
            IF (I .GT. 1) A = A + Z(K-1)
            IF (I .LT. M) A = A + Z(K+1)
            IF (J .GT. 1) A = A + Z(K-M)
            IF (J .LT. M) A = A + Z(K+M)
            S = 0.0D0
            IC = ICELL(I,J)
            IF (IC .GT. 0) S = RPAR(IC)
            DELTA(K) = ZDOT(K) - RPAR(1)*H2*A - S
 10   CONTINUE
      RETURN
      END
C
      INTEGER FUNCTION ICELL(I, J)
C     The parameter of the source cell of point (I, J): cells 1..15 of a
C     4 x 4 partition carry P(2)..P(16); the last cell has none (0).
      PARAMETER (M=100)
      IC = (I-1)*4/M + 4*((J-1)*4/M)
      ICELL = IC + 2
      IF (IC .EQ. 15) ICELL = 0
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      H2 = DBLE(M+1)**2
      DO 10 K = 1,NEJAC
         IF (JROW(K) .EQ. JCOL(K)) THEN
            PD(K) = CJ + 4.0D0*RPAR(1)*H2
         ELSE
            PD(K) = -RPAR(1)*H2
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     dF/dP1 = -LAPLACE(U); dF/dPK = -PHI(K).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=100)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      H2 = DBLE(M+1)**2
      DO 10 J = 1,M
         DO 10 I = 1,M
            K = I + (J-1)*M
            IF (IP .EQ. 1) THEN
               A = -4.0D0*Z(K)
               IF (I .GT. 1) A = A + Z(K-1)
               IF (I .LT. M) A = A + Z(K+1)
               IF (J .GT. 1) A = A + Z(K-M)
               IF (J .LT. M) A = A + Z(K+M)
               DFDP(K) = -H2*A
            ELSE IF (ICELL(I,J) .EQ. IP) THEN
               DFDP(K) = -1.0D0
            ELSE
               DFDP(K) = 0.0D0
            ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
      ICHANGE = 0
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
      ICODE = 0
      RETURN
      END
