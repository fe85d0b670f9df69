C-----------------------------------------------------------------------
C     DSB_PENDULUM -- the pendulum of the SLICOT nonlinear-systems
C     standard (Appendix H: PENDF = ODEDER, PENDG = ODEOUT) simulated
C     by DSBSIM, written as a user of the standard writes it:
C
C        X1' = X2
C        X2' = (U - D*X2)/(M*L*L) - (G/L)*SIN(X1),   U(T) = SIN(T)
C        Y   = (L*SIN(X1), -L*COS(X1))
C
C     P = (M, L, D, G) = (5, 1, 0.5, 9.81) as in Appendix I, X(0) =
C     (1, 0), outputs at T = 0, 0.5, 1, ..., 10 (TOUT(1) = T0).
C     The reference is the same model integrated by the classical
C     Runge-Kutta method with the fixed step 1D-4 (subroutine REFSOL;
C     its error is below 1D-12 here).
C
C     Runs, RTOL = ATOL = 1D-8:
C       1  dense matrix, difference quotients (JACFX not called);
C       2  dense, JACFX (PENDJ, FX(2,2) dense storage);
C       3  band ML = MU = 1, JACFX in LSODE's band storage (PENDJB);
C       4  sparse, pattern (1,2), (2,1), (2,2) (the diagonal entry
C          (1,1) of the ODE's iteration matrix is added by DSBSIM),
C          JACFX in pattern order (PENDJS);
C       5  the DAE form: DAEDER F = XDOT - f (PENDDF), DAEOUT (PENDDG),
C          JACFX = CJ*I - df/dX (PENDDJ), XDOT computed (IOPT(7) = 1).
C     Each run prints the largest output error against the reference
C     and the counters IOPT(11..15); all must be within 2D-6.
C     Then: a model that reports IERR = 1 after T = 5 (INFO = 1,
C     IOPT(17) = 1, IOPT(18) = 1, IOPT(19) = 11 outputs reached), and
C     illegal arguments (INFO = -1, -2, -15, -17, -20, -21).
C     The last line printed is PASS DSB_PENDULUM or FAIL ...
C-----------------------------------------------------------------------
      PROGRAM DSBPEN
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NX=2, NU=1, NP=4, NY=2, NT=21, NNZ=3)
      DIMENSION P(NP), X(NX), XDOT(NX), TOUT(NT), Y(NY,NT)
      DIMENSION YREF(NY,NT), IOPT(20), IROW(NNZ), ICOL(NNZ)
      DIMENSION RTOL(1), ATOL(1)
      LOGICAL OK
      COMMON /FAILT/ TFAIL
      EXTERNAL PENDF, PENDG, PENDJ, PENDJB, PENDJS, PENDU
      EXTERNAL PENDDF, PENDDG, PENDDJ
      DATA P / 5.0D0, 1.0D0, 0.5D0, 9.81D0 /
      DATA IROW / 1, 2, 2 /, ICOL / 2, 1, 2 /
C
      OK = .TRUE.
      TFAIL = 1.0D30
      DO 10 K = 1, NT
         TOUT(K) = 0.5D0*(K-1)
   10 CONTINUE
      CALL REFSOL(P, TOUT, NT, YREF)
      RTOL(1) = 1.0D-8
      ATOL(1) = 1.0D-8
C
      DO 100 IRUN = 1, 5
         DO 20 K = 1, 20
            IOPT(K) = 0
   20    CONTINUE
         ITYPE = 0
         IF (IRUN .EQ. 2) IOPT(4) = 1
         IF (IRUN .EQ. 3) THEN
            IOPT(1) = 1
            IOPT(2) = 1
            IOPT(3) = 1
            IOPT(4) = 1
         ENDIF
         IF (IRUN .EQ. 4) THEN
            IOPT(1) = 2
            IOPT(4) = 1
            IOPT(5) = NNZ
         ENDIF
         IF (IRUN .EQ. 5) THEN
            ITYPE = 1
            IOPT(4) = 1
            IOPT(7) = 1
         ENDIF
         T = 0.0D0
         X(1) = 1.0D0
         X(2) = 0.0D0
         XDOT(1) = 0.0D0
         XDOT(2) = 0.0D0
         IF (IRUN .EQ. 1) CALL DSBSIM(ITYPE, NX, NU, NP, NY, PENDF,
     1      PENDG, PENDJ, PENDU, P, T, X, XDOT, NT, TOUT, Y, NY,
     2      RTOL, ATOL, IOPT, IROW, ICOL, INFO)
         IF (IRUN .EQ. 2) CALL DSBSIM(ITYPE, NX, NU, NP, NY, PENDF,
     1      PENDG, PENDJ, PENDU, P, T, X, XDOT, NT, TOUT, Y, NY,
     2      RTOL, ATOL, IOPT, IROW, ICOL, INFO)
         IF (IRUN .EQ. 3) CALL DSBSIM(ITYPE, NX, NU, NP, NY, PENDF,
     1      PENDG, PENDJB, PENDU, P, T, X, XDOT, NT, TOUT, Y, NY,
     2      RTOL, ATOL, IOPT, IROW, ICOL, INFO)
         IF (IRUN .EQ. 4) CALL DSBSIM(ITYPE, NX, NU, NP, NY, PENDF,
     1      PENDG, PENDJS, PENDU, P, T, X, XDOT, NT, TOUT, Y, NY,
     2      RTOL, ATOL, IOPT, IROW, ICOL, INFO)
         IF (IRUN .EQ. 5) CALL DSBSIM(ITYPE, NX, NU, NP, NY, PENDDF,
     1      PENDDG, PENDDJ, PENDU, P, T, X, XDOT, NT, TOUT, Y, NY,
     2      RTOL, ATOL, IOPT, IROW, ICOL, INFO)
         ERR = 0.0D0
         DO 40 K = 1, NT
            DO 30 I = 1, NY
               ERR = MAX(ERR, ABS(Y(I,K) - YREF(I,K)))
   30       CONTINUE
   40    CONTINUE
         WRITE (6,90) IRUN, INFO, ERR, (IOPT(K), K = 11, 15)
   90    FORMAT (' RUN', I2, '  INFO =', I3, '  MAX ERROR =', 1PE10.2,
     1      '  NST NRE NJE NETF NCFN =', 5I6)
         IF (INFO .NE. 0 .OR. ERR .GT. 2.0D-6 .OR. IOPT(19) .NE. NT
     1       .OR. T .NE. TOUT(NT)) THEN
            WRITE (6,*) 'FAIL: RUN', IRUN, ' INFO', INFO, ' T', T,
     1         ' REACHED', IOPT(19)
            OK = .FALSE.
         ENDIF
         IF (IRUN .EQ. 2 .AND. IOPT(13) .EQ. 0) THEN
            WRITE (6,*) 'FAIL: RUN 2 FORMED NO JACOBIAN'
            OK = .FALSE.
         ENDIF
  100 CONTINUE
C
C     A model routine that fails after T = 5: INFO = 1, the outputs
C     up to T = 5 are there.
      DO 110 K = 1, 20
         IOPT(K) = 0
  110 CONTINUE
      TFAIL = 5.0D0
      T = 0.0D0
      X(1) = 1.0D0
      X(2) = 0.0D0
      CALL DSBSIM(0, NX, NU, NP, NY, PENDF, PENDG, PENDJ, PENDU, P,
     1   T, X, XDOT, NT, TOUT, Y, NY, RTOL, ATOL, IOPT, IROW, ICOL,
     2   INFO)
      WRITE (6,120) INFO, IOPT(17), IOPT(18), IOPT(19), T
  120 FORMAT (' IERR AFTER T = 5: INFO =', I3, '  ROUTINE =', I2,
     1   '  IERR =', I2, '  OUTPUTS =', I3, '  T =', F8.4)
      IF (INFO .NE. 1 .OR. IOPT(17) .NE. 1 .OR. IOPT(18) .NE. 1
     1    .OR. IOPT(19) .LT. 10 .OR. IOPT(19) .GT. 11
     2    .OR. T .GT. 5.5D0) THEN
         WRITE (6,*) 'FAIL: MODEL ERROR NOT REPORTED'
         OK = .FALSE.
      ENDIF
      ERR = 0.0D0
      DO 130 K = 1, IOPT(19)
         ERR = MAX(ERR, ABS(Y(1,K) - YREF(1,K)))
  130 CONTINUE
      IF (ERR .GT. 2.0D-6) THEN
         WRITE (6,*) 'FAIL: OUTPUTS BEFORE THE ERROR', ERR
         OK = .FALSE.
      ENDIF
      TFAIL = 1.0D30
C
C     Illegal arguments: INFO = -(position), nothing integrated.
      CALL BADARG(2, NX, NY, NT, 0, 0, 0, -1, OK)
      CALL BADARG(0, 0, NY, NT, 0, 0, 0, -2, OK)
      CALL BADARG(0, NX, NY, -1, 0, 0, 0, -14, OK)
      CALL BADARG(0, NX, NY, NT, 0, 0, 1, -15, OK)
      CALL BADARG(0, NX, NY, NT, 0, 1, 0, -17, OK)
      CALL BADARG(0, NX, NY, NT, 3, 0, 0, -20, OK)
      CALL BADARG(0, NX, NY, NT, 2, 0, 0, -21, OK)
C
      IF (OK) THEN
         WRITE (6,*) 'PASS DSB_PENDULUM'
      ELSE
         WRITE (6,*) 'FAIL DSB_PENDULUM'
      ENDIF
      END
C
C     One call with an illegal argument: ITYPE, NX, NT as given, IOPT(1)
C     = MAT (2: a sparse pattern with row 3 > NX), LDY = NY - LESS,
C     TOUT decreasing when IBACK = 1. Expects INFO = IEXP, T, X
C     unchanged.
      SUBROUTINE BADARG(ITYPE, NX, NY, NT, MAT, LESS, IBACK, IEXP, OK)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      LOGICAL OK
      DIMENSION P(4), X(2), XDOT(2), TOUT(21), Y(2,21), IOPT(20)
      DIMENSION IROW(3), ICOL(3), RTOL(1), ATOL(1)
      EXTERNAL PENDF, PENDG, PENDJ, PENDU
      DATA P / 5.0D0, 1.0D0, 0.5D0, 9.81D0 /
      DATA IROW / 1, 3, 2 /, ICOL / 2, 1, 2 /
      DO 10 K = 1, 20
         IOPT(K) = 0
   10 CONTINUE
      DO 20 K = 1, 21
         TOUT(K) = 0.5D0*(K-1)
   20 CONTINUE
      IF (IBACK .EQ. 1) TOUT(5) = 0.1D0
      IOPT(1) = MAT
      IF (MAT .EQ. 2) IOPT(5) = 3
      RTOL(1) = 1.0D-6
      ATOL(1) = 1.0D-6
      T = 0.0D0
      X(1) = 1.0D0
      X(2) = 0.0D0
      LDY = NY - LESS
      INFO = 99
      CALL DSBSIM(ITYPE, NX, 1, 4, NY, PENDF, PENDG, PENDJ, PENDU, P,
     1   T, X, XDOT, NT, TOUT, Y, LDY, RTOL, ATOL, IOPT, IROW, ICOL,
     2   INFO)
      WRITE (6,30) IEXP, INFO
   30 FORMAT (' ILLEGAL ARGUMENT', I4, ':  INFO =', I4)
      IF (INFO .NE. IEXP .OR. T .NE. 0.0D0 .OR. X(1) .NE. 1.0D0) THEN
         WRITE (6,*) 'FAIL: EXPECTED INFO', IEXP
         OK = .FALSE.
      ENDIF
      RETURN
      END
C
C     ODEDER of the pendulum (Appendix H), failing with IERR = 1 after
C     T = TFAIL.
      SUBROUTINE PENDF (T, X, U, P, F, IERR)
      DOUBLE PRECISION  T, X(*), U(*), P(*), F(*)
      INTEGER           IERR
      DOUBLE PRECISION  M, L, D, G, TFAIL
      COMMON /FAILT/ TFAIL
      IERR = 0
      IF (T .GT. TFAIL) THEN
         IERR = 1
         RETURN
      ENDIF
      M = P(1)
      L = P(2)
      D = P(3)
      G = P(4)
      F(1) = X(2)
      F(2) = (U(1) - D*X(2))/(M*L*L) - (G/L)*SIN(X(1))
      RETURN
      END
C
C     ODEOUT of the pendulum (Appendix H).
      SUBROUTINE PENDG (T, X, U, P, Y, IERR)
      DOUBLE PRECISION  T, X(*), U(*), P(*), Y(*)
      INTEGER           IERR
      DOUBLE PRECISION  L
      IERR = 0
      L = P(2)
      Y(1) = L*SIN(X(1))
      Y(2) = -L*COS(X(1))
      RETURN
      END
C
C     The input signal of Appendix I.
      SUBROUTINE PENDU (T, U, IERR)
      DOUBLE PRECISION T, U(*)
      INTEGER IERR
      IERR = 0
      U(1) = SIN(T)
      RETURN
      END
C
C     JACFX, dense: FX(I,J) = df(I)/dX(J).
      SUBROUTINE PENDJ (T, X, U, P, FX, LDFX, IERR)
      INTEGER LDFX, IERR
      DOUBLE PRECISION T, X(*), U(*), P(*), FX(LDFX,*)
      IERR = 0
      FX(1,2) = 1.0D0
      FX(2,1) = -(P(4)/P(2))*COS(X(1))
      FX(2,2) = -P(3)/(P(1)*P(2)*P(2))
      RETURN
      END
C
C     JACFX, band ML = MU = 1: df(I)/dX(J) in FX(I-J+MU+1, J).
      SUBROUTINE PENDJB (T, X, U, P, FX, LDFX, IERR)
      INTEGER LDFX, IERR
      DOUBLE PRECISION T, X(*), U(*), P(*), FX(LDFX,*)
      IERR = 0
      FX(1,2) = 1.0D0
      FX(3,1) = -(P(4)/P(2))*COS(X(1))
      FX(2,2) = -P(3)/(P(1)*P(2)*P(2))
      RETURN
      END
C
C     JACFX, sparse: the pattern (1,2), (2,1), (2,2) in this order.
      SUBROUTINE PENDJS (T, X, U, P, FX, LDFX, IERR)
      INTEGER LDFX, IERR
      DOUBLE PRECISION T, X(*), U(*), P(*), FX(*)
      IERR = 0
      FX(1) = 1.0D0
      FX(2) = -(P(4)/P(2))*COS(X(1))
      FX(3) = -P(3)/(P(1)*P(2)*P(2))
      RETURN
      END
C
C     DAEDER: the pendulum as 0 = XDOT - f(T, X, U, P).
      SUBROUTINE PENDDF (T, XDOT, X, U, P, F, IERR)
      DOUBLE PRECISION T, XDOT(*), X(*), U(*), P(*), F(*)
      INTEGER IERR
      CALL PENDF(T, X, U, P, F, IERR)
      F(1) = XDOT(1) - F(1)
      F(2) = XDOT(2) - F(2)
      RETURN
      END
C
C     DAEOUT.
      SUBROUTINE PENDDG (T, XDOT, X, U, P, Y, IERR)
      DOUBLE PRECISION T, XDOT(*), X(*), U(*), P(*), Y(*)
      INTEGER IERR
      CALL PENDG(T, X, U, P, Y, IERR)
      RETURN
      END
C
C     JACFX of the DAE form: dF/dX + CJ*dF/dXDOT = CJ*I - df/dX.
      SUBROUTINE PENDDJ (T, XDOT, X, U, P, CJ, FX, LDFX, IERR)
      INTEGER LDFX, IERR
      DOUBLE PRECISION T, XDOT(*), X(*), U(*), P(*), CJ, FX(LDFX,*)
      CALL PENDJ(T, X, U, P, FX, LDFX, IERR)
      FX(1,1) = CJ - FX(1,1)
      FX(1,2) = -FX(1,2)
      FX(2,1) = -FX(2,1)
      FX(2,2) = CJ - FX(2,2)
      RETURN
      END
C
C     The reference: classical Runge-Kutta, fixed step 1D-4, outputs
C     PENDG at TOUT(1..NT) (multiples of the step).
      SUBROUTINE REFSOL (P, TOUT, NT, YREF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION P(*), TOUT(NT), YREF(2,NT)
      DIMENSION X(2), XS(2), U(1), F1(2), F2(2), F3(2), F4(2)
      H = 1.0D-4
      T = 0.0D0
      X(1) = 1.0D0
      X(2) = 0.0D0
      DO 50 K = 1, NT
         NSTEP = NINT((TOUT(K) - T)/H)
         DO 40 N = 1, NSTEP
            U(1) = SIN(T)
            CALL PENDF(T, X, U, P, F1, IERR)
            U(1) = SIN(T + H/2)
            DO 10 I = 1, 2
               XS(I) = X(I) + H/2*F1(I)
   10       CONTINUE
            CALL PENDF(T + H/2, XS, U, P, F2, IERR)
            DO 20 I = 1, 2
               XS(I) = X(I) + H/2*F2(I)
   20       CONTINUE
            CALL PENDF(T + H/2, XS, U, P, F3, IERR)
            U(1) = SIN(T + H)
            DO 25 I = 1, 2
               XS(I) = X(I) + H*F3(I)
   25       CONTINUE
            CALL PENDF(T + H, XS, U, P, F4, IERR)
            DO 30 I = 1, 2
               X(I) = X(I) + H/6*(F1(I) + 2*F2(I) + 2*F3(I) + F4(I))
   30       CONTINUE
            T = T + H
   40    CONTINUE
         T = TOUT(K)
         CALL PENDG(T, X, U, P, YREF(1,K), IERR)
   50 CONTINUE
      RETURN
      END
