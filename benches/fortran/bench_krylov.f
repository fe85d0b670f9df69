C     Krylov benchmark: a 2-D Brusselator reaction-diffusion system
C       u' = A - (B+1) u + u**2 v + D (u_xx + u_yy)
C       v' = B u - u**2 v         + D (v_xx + v_yy)
C     on the unit square with zero-flux boundaries, MX x MY mesh,
C     NEQ = 2*MX*MY = 45000, integrated with DDASKR's Krylov method
C     (INFO(12)=1) preconditioned by the reaction-based block-diagonal
C     preconditioner DMSET2/DRBDJA/DRBDPS, called from the user's JAC
C     and PSOL as a legacy program does.  Arrays are sized by DASKR's
C     minimum formulas:
C       LENWP = NS*NS*MX*MY, LENIWP = NS*MX*MY,
C       LRW = 101 + 18*NEQ + LENWP, LIW = 40 + LENIWP.
C     Prints the time per integration (SYSTEM_CLOCK) and the counters
C     NST, NRE, NNI, NLI, NPS, NJE, so the same program linked against
C     the original DASKR gives the comparison.
C     Usage: bench_krylov [reps]   (default 3 repetitions)
      PROGRAM BKRYL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX = 150, MY = 150, NS = 2, NEQ = NS*MX*MY)
      PARAMETER (LENWP = NS*NS*MX*MY, LENIWP = NS*MX*MY)
      PARAMETER (LRW = 101 + 18*NEQ + LENWP, LIW = 40 + LENIWP)
      EXTERNAL RESBR, JACBR, PSOLBR, RTDUM
      DIMENSION U(NEQ), UP(NEQ), RWORK(LRW), IWORK(LIW), INFO(20)
      DIMENSION RPAR(NEQ), IPAR(1), JROOT(1), TIMES(20)
      INTEGER*8 IC0, IC1, IRATE
      CHARACTER*16 ARG
      NREPS = 3
      IF (COMMAND_ARGUMENT_COUNT() .GE. 1) THEN
        CALL GET_COMMAND_ARGUMENT(1, ARG)
        READ (ARG, *) NREPS
      ENDIF
      NREPS = MAX(1, MIN(NREPS, 20))
      WRITE (6,'(A,I3,A,I3,A,I6)') ' KRYLOV BENCHMARK: BRUSSELATOR ',
     *   MX, ' X', MY, ', NEQ =', NEQ
      DO 100 IREP = 1, NREPS
        DO 10 I = 1, 20
          INFO(I) = 0
   10   CONTINUE
        INFO(12) = 1
        INFO(15) = 1
        CALL DMSET2(MX, MY, NS, NS, 0, IWORK)
        CALL UINIT(U, UP, RPAR)
        T = 0.0D0
        RTOL = 1.0D-5
        ATOL = 1.0D-5
        CALL SYSTEM_CLOCK(IC0, IRATE)
        DO 20 IOUT = 1, 30
          TOUT = 0.1D0*IOUT
          CALL DDASKR(RESBR, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL,
     *       IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JACBR, PSOLBR,
     *       RTDUM, 0, JROOT)
          IF (IDID .LT. 0) THEN
            WRITE (6,*) 'FAILED: IDID =', IDID, ' AT T =', T
            STOP 1
          ENDIF
   20   CONTINUE
        CALL SYSTEM_CLOCK(IC1)
        TIMES(IREP) = DBLE(IC1 - IC0)/DBLE(IRATE)
  100 CONTINUE
C     Median of the repetitions.
      DO 120 I = 2, NREPS
        X = TIMES(I)
        J = I - 1
  110   IF (J .GE. 1) THEN
          IF (TIMES(J) .GT. X) THEN
            TIMES(J+1) = TIMES(J)
            J = J - 1
            GO TO 110
          ENDIF
        ENDIF
        TIMES(J+1) = X
  120 CONTINUE
      WRITE (6,'(A,F10.4,A,F10.4,A,F10.4)') ' SECONDS: MIN', TIMES(1),
     *   '  MEDIAN', TIMES((NREPS+1)/2), '  MAX', TIMES(NREPS)
      WRITE (6,'(A,6I8)') ' NST NRE NNI NLI NPS NJE:', IWORK(11),
     *   IWORK(12), IWORK(19), IWORK(20), IWORK(21), IWORK(13)
      WRITE (6,'(A,2F14.8)') ' U, V AT THE CENTRE:',
     *   U(NS*((MY/2)*MX + MX/2) + 1), U(NS*((MY/2)*MX + MX/2) + 2)
      END

      SUBROUTINE UINIT(U, UP, R)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX = 150, MY = 150, NS = 2, NEQ = NS*MX*MY)
      DIMENSION U(NEQ), UP(NEQ), R(NEQ)
      PI = 4.0D0*ATAN(1.0D0)
      DO 20 JY = 1, MY
        Y = DBLE(JY-1)/DBLE(MY-1)
        DO 10 JX = 1, MX
          X = DBLE(JX-1)/DBLE(MX-1)
          I = NS*((JY-1)*MX + JX - 1)
          U(I+1) = 1.0D0 + 0.5D0*COS(PI*X)*COS(2.0D0*PI*Y)
          U(I+2) = 3.4D0 + 0.25D0*SIN(PI*X*Y)
   10   CONTINUE
   20 CONTINUE
C     Consistent derivatives: UP = f(U).
      DO 30 I = 1, NEQ
        UP(I) = 0.0D0
   30 CONTINUE
      CALL RESBR(0.0D0, U, UP, 0.0D0, R, IRES, R, IDUM)
      DO 40 I = 1, NEQ
        UP(I) = -R(I)
   40 CONTINUE
      END

C     Reaction terms at one mesh point.
      SUBROUTINE RBLKBR(T, JX, JY, UXY, RXY)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION UXY(2), RXY(2)
      PARAMETER (A = 1.0D0, B = 3.4D0)
      UU = UXY(1)
      VV = UXY(2)
      RXY(1) = A - (B + 1.0D0)*UU + UU*UU*VV
      RXY(2) = B*UU - UU*UU*VV
      END

C     G = U' - R(U) - D*Laplacian(U); the reaction terms are also kept
C     in RPAR for the preconditioner (the R0 argument of DRBDJA).
      SUBROUTINE RESBR(T, U, UP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MX = 150, MY = 150, NS = 2, NEQ = NS*MX*MY)
      PARAMETER (DIFF = 2.0D-3)
      DIMENSION U(NEQ), UP(NEQ), DELTA(NEQ), RPAR(NEQ)
      DX = 1.0D0/DBLE(MX-1)
      DY = 1.0D0/DBLE(MY-1)
      CX = DIFF/(DX*DX)
      CY = DIFF/(DY*DY)
      DO 30 JY = 1, MY
        JYM = JY - 1
        IF (JY .EQ. 1) JYM = 2
        JYP = JY + 1
        IF (JY .EQ. MY) JYP = MY - 1
        DO 20 JX = 1, MX
          JXM = JX - 1
          IF (JX .EQ. 1) JXM = 2
          JXP = JX + 1
          IF (JX .EQ. MX) JXP = MX - 1
          I = NS*((JY-1)*MX + JX - 1)
          CALL RBLKBR(T, JX, JY, U(I+1), RPAR(I+1))
          IXM = NS*((JY-1)*MX + JXM - 1)
          IXP = NS*((JY-1)*MX + JXP - 1)
          IYM = NS*((JYM-1)*MX + JX - 1)
          IYP = NS*((JYP-1)*MX + JX - 1)
          DO 10 IS = 1, NS
            DLAP = CX*(U(IXM+IS) - 2.0D0*U(I+IS) + U(IXP+IS))
     *           + CY*(U(IYM+IS) - 2.0D0*U(I+IS) + U(IYP+IS))
            DELTA(I+IS) = UP(I+IS) - RPAR(I+IS) - DLAP
   10     CONTINUE
   20   CONTINUE
   30 CONTINUE
      END

      SUBROUTINE JACBR(RES, IRES, NEQ, T, U, UP, REWT, SAVR, WK,
     *   H, CJ, WP, IWP, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, RBLKBR
      DIMENSION U(*), UP(*), REWT(*), SAVR(*), WK(*), WP(*), IWP(*)
      DIMENSION RPAR(*), IPAR(*)
      CALL DRBDJA(T, U, RPAR, RBLKBR, WK, REWT, CJ, WP, IWP, IER)
      END

      SUBROUTINE PSOLBR(NEQ, T, U, UP, SAVR, WK, CJ, WGHT, WP, IWP,
     *   B, EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(*), UP(*), SAVR(*), WK(*), WGHT(*), WP(*), IWP(*)
      DIMENSION B(*), RPAR(*), IPAR(*)
      CALL DRBDPS(B, WP, IWP)
      IER = 0
      END

      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*)
      END
