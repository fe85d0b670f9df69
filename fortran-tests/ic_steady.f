C-----------------------------------------------------------------------
C     IC_STEADY -- initial-condition option 2 (INFO(11) = 2: given
C     Y', compute Y) on two small nonlinear reaction networks whose
C     answers are known in closed form.  No ID array is needed, so
C     LIW = 40 + NEQ.
C
C     Network 1 (IPAR(1) = 1), a Brusselator written as a DAE with the
C     trimolecular rate X*Y kept in an algebraic variable Z:
C        X' = A - (B+1)*X + X*Z
C        Y' = B*X - X*Z
C         0 = Z - X*Y
C     A = 1, B = 1.5 (stable, B < 1 + A**2); steady state
C     X = A, Y = B/A, Z = B.
C     Network 2 (IPAR(1) = 2), dimerisation 2 M <-> D with the mass
C     balance as the algebraic equation:
C        M' = -2*KF*M**2 + 2*KB*D
C         0 = M + 2*D - TOTAL
C     KF = 1, KB = 0.5, TOTAL = 3; steady state M = 0.75, D = 1.125.
C     On the slow manifold M' = -2*(M - 0.75)*(M + 1), which gives
C     M(T) in closed form (see EXACTM).
C
C     Case 1: network 1, Y' = 0 given, guess (1.3, 1.2, 2.0),
C             INFO(14) = 1: IDID = 4 with Y at the steady state and
C             Y' still 0; then INFO(11) = 0 and the integration to
C             T = 10 must stay there.
C     Case 2: network 2, Y' = 0 given, guess (2.0, 0.5), INFO(14) = 0:
C             straight on to T = 1..5, staying at the steady state.
C     Case 3: network 2 off the steady state: M' = -0.5 given (and
C             D' = 0.25, consistent), guess (2.0, 0.5), INFO(14) = 1:
C             M = (SQRT(16.25) - 0.5)/4 (the positive root of
C             2*M**2 + M/2 - 2 = 0), D = (3 - M)/2; then the
C             integration to T = 1..5 follows the exact M(T).
C     The last line printed is PASS IC_STEADY or FAIL IC_STEADY: reason.
C-----------------------------------------------------------------------
      PROGRAM ICSTDY
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ1=3, NEQ2=2, NRT=0)
      PARAMETER (LRW1=60+9*NEQ1+3*NRT+NEQ1**2, LIW1=40+NEQ1)
      PARAMETER (LRW2=60+9*NEQ2+3*NRT+NEQ2**2, LIW2=40+NEQ2)
      DIMENSION Y(NEQ1), YPRIME(NEQ1), INFO(20)
      DIMENSION RWORK1(LRW1), IWORK1(LIW1)
      DIMENSION RWORK2(LRW2), IWORK2(LIW2)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      RTOL = 1.0D-8
      ATOL = 1.0D-8
C
C     ---------- Case 1: Brusselator DAE, steady state ----------
      IPAR(1) = 1
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 2
      INFO(14) = 1
      T = 0.0D0
      Y(1) = 1.3D0
      Y(2) = 1.2D0
      Y(3) = 2.0D0
      YPRIME(1) = 0.0D0
      YPRIME(2) = 0.0D0
      YPRIME(3) = 0.0D0
      TOUT = 10.0D0
      CALL DDASKR(RES, NEQ1, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK1, LRW1, IWORK1, LIW1, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) 1, IDID, T, (Y(I),I=1,3)
 100  FORMAT(' CASE',I2,': IDID =',I3,' T =',F6.2,' Y =',3F16.12)
      CALL COUNTS(IWORK1)
      IF (IDID .NE. 4) CALL FAILED('CASE 1: IDID IS NOT 4')
      IF (T .NE. 0.0D0) CALL FAILED('CASE 1: IDID=4 BUT T MOVED')
      IF (YPRIME(1) .NE. 0.0D0 .OR. YPRIME(2) .NE. 0.0D0 .OR.
     1    YPRIME(3) .NE. 0.0D0)
     2   CALL FAILED('CASE 1: INFO(11)=2 CHANGED THE GIVEN YPRIME')
      ERR = MAX(ABS(Y(1) - 1.0D0), ABS(Y(2) - 1.5D0),
     1          ABS(Y(3) - 1.5D0))
      WRITE(6,110) 1, ERR
 110  FORMAT('   CASE',I2,': MAX ERROR OF Y =',1P,E10.2)
      IF (ERR .GT. 1.0D-7) CALL FAILED('CASE 1: WRONG STEADY STATE')
      IF (IDID .EQ. 4) THEN
         INFO(11) = 0
         CALL DDASKR(RES, NEQ1, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK1, LRW1, IWORK1, LIW1, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         WRITE(6,100) 1, IDID, T, (Y(I),I=1,3)
         CALL COUNTS(IWORK1)
         ERR = MAX(ABS(Y(1) - 1.0D0), ABS(Y(2) - 1.5D0),
     1             ABS(Y(3) - 1.5D0))
         IF (IDID .NE. 3 .OR. ERR .GT. 1.0D-6)
     1      CALL FAILED('CASE 1: LEFT THE STEADY STATE')
      ENDIF
C
C     ---------- Case 2: dimerisation, steady state, INFO(14) = 0 --
      IPAR(1) = 2
      DO 20 I = 1,20
         INFO(I) = 0
 20   CONTINUE
      INFO(11) = 2
      T = 0.0D0
      Y(1) = 2.0D0
      Y(2) = 0.5D0
      YPRIME(1) = 0.0D0
      YPRIME(2) = 0.0D0
      DO 30 IOUT = 1,5
         TOUT = DBLE(IOUT)
         CALL DDASKR(RES, NEQ2, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK2, LRW2, IWORK2, LIW2, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         WRITE(6,100) 2, IDID, T, Y(1), Y(2)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL FAILED('CASE 2: IDID NOT 3 AT TOUT')
            GO TO 35
         ENDIF
         ERR = MAX(ABS(Y(1) - 0.75D0), ABS(Y(2) - 1.125D0))
         IF (ERR .GT. 1.0D-7) CALL FAILED('CASE 2: NOT AT STEADY STATE')
 30   CONTINUE
 35   CONTINUE
      CALL COUNTS(IWORK2)
C
C     ---------- Case 3: dimerisation, M' = -0.5 given ----------
      DO 40 I = 1,20
         INFO(I) = 0
 40   CONTINUE
      INFO(11) = 2
      INFO(14) = 1
      T = 0.0D0
      Y(1) = 2.0D0
      Y(2) = 0.5D0
      YPRIME(1) = -0.5D0
      YPRIME(2) = 0.25D0
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ2, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK2, LRW2, IWORK2, LIW2, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) 3, IDID, T, Y(1), Y(2)
      CALL COUNTS(IWORK2)
      EM0 = (SQRT(16.25D0) - 0.5D0)/4.0D0
      ERR = MAX(ABS(Y(1) - EM0), ABS(Y(2) - (3.0D0 - EM0)/2.0D0))
      WRITE(6,110) 3, ERR
      IF (IDID .NE. 4) CALL FAILED('CASE 3: IDID IS NOT 4')
      IF (YPRIME(1) .NE. -0.5D0 .OR. YPRIME(2) .NE. 0.25D0)
     1   CALL FAILED('CASE 3: INFO(11)=2 CHANGED THE GIVEN YPRIME')
      IF (ERR .GT. 1.0D-7) CALL FAILED('CASE 3: WRONG Y')
      INFO(11) = 0
      DO 50 IOUT = 1,5
         TOUT = DBLE(IOUT)
         CALL DDASKR(RES, NEQ2, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK2, LRW2, IWORK2, LIW2, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         WRITE(6,100) 3, IDID, T, Y(1), Y(2)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL FAILED('CASE 3: IDID NOT 3 AT TOUT')
            GO TO 55
         ENDIF
         EM = EXACTM(EM0, T)
         ERR = MAX(ABS(Y(1) - EM), ABS(Y(2) - (3.0D0 - EM)/2.0D0))
         IF (ERR .GT. 1.0D-6) THEN
            WRITE(6,*) '  EXACT M =', EM, ' ERROR =', ERR
            CALL FAILED('CASE 3: WRONG SOLUTION')
         ENDIF
 50   CONTINUE
 55   CONTINUE
      CALL COUNTS(IWORK2)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS IC_STEADY'
      ELSE
         WRITE(6,'(2A)') 'FAIL IC_STEADY: ', WHY
      ENDIF
      END
C
      DOUBLE PRECISION FUNCTION EXACTM(EM0, T)
C     M(T) for M' = -2*(M - R1)*(M - R2), R1 = 0.75, R2 = -1:
C     (M - R1)/(M - R2) = C*EXP(-2*(R1 - R2)*T).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      R1 = 0.75D0
      R2 = -1.0D0
      C = (EM0 - R1)/(EM0 - R2)
      E = C*EXP(-2.0D0*(R1 - R2)*T)
      EXACTM = (R1 - R2*E)/(1.0D0 - E)
      RETURN
      END
C
      SUBROUTINE COUNTS(IWORK)
C     NST, NRE, NJE, NETF, NCFN and NNI.
      DIMENSION IWORK(*)
      WRITE(6,110) (IWORK(I),I=11,15), IWORK(19)
 110  FORMAT('   NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4,' NNI =',I6)
      RETURN
      END
C
      SUBROUTINE FAILED(TEXT)
C     Record the first failure.
      CHARACTER*(*) TEXT
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      WRITE(6,'(2A)') '   *** ', TEXT
      IF (OK) WHY = TEXT
      OK = .FALSE.
      RETURN
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     IPAR(1) = 1: Brusselator DAE; IPAR(1) = 2: dimerisation.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), DELTA(*), RPAR(*), IPAR(*)
      IF (IPAR(1) .EQ. 1) THEN
         A = 1.0D0
         B = 1.5D0
         DELTA(1) = YPRIME(1) - (A - (B + 1.0D0)*Y(1) + Y(1)*Y(3))
         DELTA(2) = YPRIME(2) - (B*Y(1) - Y(1)*Y(3))
         DELTA(3) = Y(3) - Y(1)*Y(2)
      ELSE
         FKF = 1.0D0
         FKB = 0.5D0
         TOTAL = 3.0D0
         DELTA(1) = YPRIME(1) - (-2.0D0*FKF*Y(1)**2 + 2.0D0*FKB*Y(2))
         DELTA(2) = Y(1) + 2.0D0*Y(2) - TOTAL
      ENDIF
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_STEADY: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL IC_STEADY: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_STEADY: DUMMY RT WAS CALLED'
      STOP
      END
