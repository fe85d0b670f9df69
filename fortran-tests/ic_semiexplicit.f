C-----------------------------------------------------------------------
C     IC_SEMIEXPLICIT -- consistent initial conditions (INFO(11) = 1)
C     for a semi-explicit index-1 DAE whose algebraic equations are
C     nonlinear in the algebraic variables:
C        Y1' = Z2                          (Y1, Y2 differential)
C        Y2' = -Z1
C         0  = Z1 + Z1**3 - Y1 - Y1**3     (Z1, Z2 algebraic)
C         0  = SINH(Z2) - SINH(Y2)
C     with Y = (Y1, Y2, Z1, Z2).  Both algebraic equations are
C     strictly monotone in their unknown, so Z1 = Y1 and Z2 = Y2, and
C     the system is an oscillator in disguise:
C        Y1 = C1*COS(T) + C2*SIN(T),  Y2 = -C1*SIN(T) + C2*COS(T).
C     Every run starts from the inconsistent guesses Z1 = 3, Z2 = 2,
C     Y' = 0, with the ID array (+1,+1,-1,-1) in IWORK(LID+1..LID+4).
C
C     Run 1: T0 = 0, Y1 = 1, Y2 = 0, dense difference-quotient
C            Jacobian, INFO(14) = 1: IDID = 4, T and Y_d unchanged,
C            Z = (1, 0) and Y_d' = (0, -1); then INFO(11) = 0 and the
C            integration to T = 1..10 is checked against the exact
C            solution.
C     Run 2: the same start with a user Jacobian (INFO(5) = 1) and
C            INFO(16) = 1 (algebraic variables out of the error test;
C            the ID array is shared, LIW counts it once, LRW + NEQ),
C            INFO(14) = 0: straight on to T = 1..10.
C     Run 3: T0 = 2 with Y_d on the exact trajectory through (1, 0),
C            integrated backwards (TOUT = 1.5, 1, 0.5, 0), banded
C            difference-quotient Jacobian (INFO(6) = 1, ML = 2,
C            MU = 3): IC at T0 checked with INFO(14) = 1, then the
C            backward integration.
C     The last line printed is PASS IC_SEMIEXPLICIT or
C     FAIL IC_SEMIEXPLICIT: reason.
C-----------------------------------------------------------------------
      PROGRAM ICSEMI
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0, ML=2, MU=3)
C     Run 1: dense.  Run 2: dense + INFO(16) = 1.  Run 3: banded.
      PARAMETER (LRW1=60+9*NEQ+3*NRT+NEQ**2)
      PARAMETER (LRW2=60+9*NEQ+3*NRT+NEQ**2+NEQ)
      PARAMETER (LRW3=60+9*NEQ+3*NRT+(2*ML+MU+1)*NEQ
     1                +2*(NEQ/(ML+MU+1)+1))
C     LIW: 40 + NEQ, plus NEQ for the ID array (INFO(11) = 1 and/or
C     INFO(16) = 1).
      PARAMETER (LIW=40+NEQ+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK1(LRW1), RWORK2(LRW2), RWORK3(LRW3)
      DIMENSION IWORK1(LIW), IWORK2(LIW), IWORK3(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      EXTERNAL RES, JAC, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      RTOL = 1.0D-8
      ATOL = 1.0D-8
C
C     ---------- Run 1: dense DQ Jacobian, INFO(14) = 1 ----------
      T0 = 0.0D0
      CALL SETUP(INFO, IWORK1, T0, T, Y, YPRIME)
      INFO(14) = 1
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK1, LRW1, IWORK1, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL SHOW(1, IDID, T, Y, YPRIME)
      CALL COUNTS(IWORK1)
      IF (IDID .NE. 4) CALL FAILED('RUN 1: IDID IS NOT 4')
      CALL CHKIC(1, T0, T, Y, YPRIME)
      INFO(11) = 0
      DO 20 IOUT = 1,10
         TOUT = DBLE(IOUT)
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK1, LRW1, IWORK1, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (MOD(IOUT,5) .EQ. 0) CALL SHOW(1, IDID, T, Y, YPRIME)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL SHOW(1, IDID, T, Y, YPRIME)
            CALL FAILED('RUN 1: IDID NOT 3 AT TOUT')
            GO TO 25
         ENDIF
         CALL CHECK(T, Y, 'RUN 1: WRONG SOLUTION')
 20   CONTINUE
 25   CONTINUE
      CALL COUNTS(IWORK1)
C
C     ---------- Run 2: user JAC, INFO(16) = 1, INFO(14) = 0 ------
      CALL SETUP(INFO, IWORK2, T0, T, Y, YPRIME)
      INFO(5) = 1
      INFO(16) = 1
      DO 30 IOUT = 1,10
         TOUT = DBLE(IOUT)
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK2, LRW2, IWORK2, LIW, RPAR, IPAR, JAC, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (MOD(IOUT,5) .EQ. 0) CALL SHOW(2, IDID, T, Y, YPRIME)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL SHOW(2, IDID, T, Y, YPRIME)
            CALL FAILED('RUN 2: IDID NOT 3 AT TOUT')
            GO TO 35
         ENDIF
         CALL CHECK(T, Y, 'RUN 2: WRONG SOLUTION')
 30   CONTINUE
 35   CONTINUE
      CALL COUNTS(IWORK2)
C
C     ---------- Run 3: banded, backwards from T0 = 2 ----------
      T0 = 2.0D0
      CALL SETUP(INFO, IWORK3, T0, T, Y, YPRIME)
      INFO(6) = 1
      IWORK3(1) = ML
      IWORK3(2) = MU
      INFO(14) = 1
      TOUT = 1.5D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK3, LRW3, IWORK3, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL SHOW(3, IDID, T, Y, YPRIME)
      CALL COUNTS(IWORK3)
      IF (IDID .NE. 4) CALL FAILED('RUN 3: IDID IS NOT 4')
      CALL CHKIC(3, T0, T, Y, YPRIME)
      INFO(11) = 0
      DO 40 IOUT = 1,4
         TOUT = T0 - 0.5D0*DBLE(IOUT)
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK3, LRW3, IWORK3, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL SHOW(3, IDID, T, Y, YPRIME)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL FAILED('RUN 3: IDID NOT 3 AT TOUT')
            GO TO 45
         ENDIF
         CALL CHECK(T, Y, 'RUN 3: WRONG SOLUTION')
 40   CONTINUE
 45   CONTINUE
      CALL COUNTS(IWORK3)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS IC_SEMIEXPLICIT'
      ELSE
         WRITE(6,'(2A)') 'FAIL IC_SEMIEXPLICIT: ', WHY
      ENDIF
      END
C
      SUBROUTINE EXACT(T, Y1, Y2)
C     The trajectory through Y1 = 1, Y2 = 0 at T = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      Y1 = COS(T)
      Y2 = -SIN(T)
      RETURN
      END
C
      SUBROUTINE SETUP(INFO, IWORK, T0, T, Y, YPRIME)
C     INFO(11) = 1, the ID array, exact Y_d at T0 and bad guesses.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION INFO(20), IWORK(*), Y(4), YPRIME(4)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 1
      IWORK(41) = 1
      IWORK(42) = 1
      IWORK(43) = -1
      IWORK(44) = -1
      T = T0
      CALL EXACT(T0, Y(1), Y(2))
      Y(3) = 3.0D0
      Y(4) = 2.0D0
      DO 20 I = 1,4
         YPRIME(I) = 0.0D0
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE CHKIC(IRUN, T0, T, Y, YPRIME)
C     After IDID = 4: T and Y_d untouched, Y_a and Y_d' consistent.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4)
      CALL EXACT(T0, Y1, Y2)
      IF (T .NE. T0) CALL FAILED('IDID=4 BUT T MOVED')
      IF (Y(1) .NE. Y1 .OR. Y(2) .NE. Y2)
     1   CALL FAILED('INFO(11)=1 CHANGED A DIFFERENTIAL VARIABLE')
      ERR = MAX(ABS(Y(3) - Y1), ABS(Y(4) - Y2),
     1          ABS(YPRIME(1) - Y2), ABS(YPRIME(2) + Y1))
      WRITE(6,100) IRUN, ERR
 100  FORMAT('   RUN',I2,': MAX ERROR OF Z1, Z2, Y1'', Y2'' =',1P,E10.2)
      IF (ERR .GT. 1.0D-7) CALL FAILED('INCONSISTENT Y_A OR Y_D''')
      RETURN
      END
C
      SUBROUTINE CHECK(T, Y, TEXT)
C     Y against the exact solution (Z = Y_d as well).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4)
      CHARACTER*(*) TEXT
      CALL EXACT(T, Y1, Y2)
      ERR = MAX(ABS(Y(1) - Y1), ABS(Y(2) - Y2))
      ERRA = MAX(ABS(Y(3) - Y1), ABS(Y(4) - Y2))
      IF (ERR .GT. 1.0D-5 .OR. ERRA .GT. 1.0D-5) THEN
         WRITE(6,*) '  T =', T, ' EXACT Y_D =', Y1, Y2,
     1              ' ERRORS =', ERR, ERRA
         CALL FAILED(TEXT)
      ENDIF
      RETURN
      END
C
      SUBROUTINE SHOW(IRUN, IDID, T, Y, YPRIME)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4)
      WRITE(6,100) IRUN, IDID, T, (Y(I),I=1,4), YPRIME(1), YPRIME(2)
 100  FORMAT(' RUN',I2,': IDID =',I3,' T =',F6.2,' Y =',4F13.9,
     1       ' YD'' =',2F13.9)
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
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4), DELTA(4), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) - Y(4)
      DELTA(2) = YPRIME(2) + Y(3)
      DELTA(3) = Y(3) + Y(3)**3 - Y(1) - Y(1)**3
      DELTA(4) = SINH(Y(4)) - SINH(Y(2))
      RETURN
      END
C
      SUBROUTINE JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
C     PD = dG/dY + CJ*dG/dY' (DDASKR has zeroed PD).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4), PD(4,4), RPAR(*), IPAR(*)
      PD(1,1) = CJ
      PD(1,4) = -1.0D0
      PD(2,2) = CJ
      PD(2,3) = 1.0D0
      PD(3,1) = -(1.0D0 + 3.0D0*Y(1)**2)
      PD(3,3) = 1.0D0 + 3.0D0*Y(3)**2
      PD(4,2) = -COSH(Y(2))
      PD(4,4) = COSH(Y(4))
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_SEMIEXPLICIT: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL IC_SEMIEXPLICIT: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_SEMIEXPLICIT: DUMMY RT WAS CALLED'
      STOP
      END
