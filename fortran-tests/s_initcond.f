C-----------------------------------------------------------------------
C     S_INITCOND -- consistent initial conditions (INFO(11)) in SDASKR
C     (single precision), written as a legacy REAL program, on the
C     nonlinear semi-explicit index-1 DAE
C        Y1' = -Y1*EXP(-Y2)*(1 + Y1**2)    (Y1 differential)
C         0  = EXP(Y2) - (1 + Y1**2)       (Y2 algebraic)
C     On the constraint EXP(-Y2)*(1 + Y1**2) = 1, so the exact
C     solution is  Y1 = Y1(0)*EXP(-T),  Y2 = LOG(1 + Y1**2).
C     With Y1(0) = 0.8 the consistent start is
C        Y = (0.8, LOG(1.64)),  Y' = (-0.8, -1.28/1.64).
C
C     Run 1: INFO(11) = 1 (given Y1, compute Y2 and Y1') from the
C            guesses Y2 = 0, Y' = 0 with the ID array in IWORK(41..42)
C            and INFO(14) = 1, so SDASKR returns IDID = 4 after the
C            calculation: Y1 must be unchanged, Y2 and Y1' consistent.
C            Then INFO(11) = 0, INFO(14) = 0 and the integration goes
C            on to T = 4.
C     Run 2: INFO(11) = 2 (given Y', compute Y) from the guess
C            Y = (0.6, 0.3): straight on to T = 4.
C     Run 3: INFO(11) = 1 with inequality constraints INFO(10) = 3
C            (ICNSTR in IWORK(41..42): Y1 > 0, Y2 >= 0; the ID array
C            follows it in IWORK(43..44)), the initial-condition
C            controls given (INFO(17) = 1: MXNIT, MXNJ, MXNH, LSOFF in
C            IWORK(32..35), STPTOL, EPINIT in RWORK(14..15)) and
C            minimal printing of the calculation (INFO(18) = 1, its
C            message lines between LOUD markers), from the far guess
C            Y2 = 1.5.
C     LRW = 60 + 9*NEQ + NEQ**2 = 82; LIW = 40 + NEQ = 42, plus NEQ
C     for the ID array with INFO(11) = 1 (44), plus NEQ for ICNSTR in
C     run 3 (46).  After IDID = 4 the next call is again a first call
C     (INFO(1) is left 0), so with INFO(11) = 0 the minimum LIW there
C     is 42 (IWORK(17) goes from 44 to 42).  RTOL = ATOL = 1.0E-5.
C
C     Checks: the consistent values within 1.0E-5, IDID = 4 with T
C     unchanged (run 1), IDID = 3 and T = TOUT at T = 1..4, the
C     solution within 5.0E-5 of the exact one, Y1 > 0 and Y2 >= 0
C     throughout run 3, IWORK(17..18) = LIW, LRW.
C     The last line printed is PASS S_INITCOND or FAIL S_INITCOND: ...
C
C     Counters printed by the original SDASKR are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SINITC
      PARAMETER (NEQ=2, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2)
      PARAMETER (LIW1=40+NEQ+NEQ, LIW2=40+NEQ, LIW3=40+NEQ+NEQ+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), RTOL(1), ATOL(1)
      DIMENSION RWORK(LRW), IWORK(LIW3)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      RTOL(1) = 1.0E-5
      ATOL(1) = 1.0E-5
      Y2C = LOG(1.64)
      YP1C = -0.8
C
      DO 90 IRUN = 1,3
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         LIW = LIW1
         T = 0.0
         Y(1) = 0.8
         Y(2) = 0.0
         YPRIME(1) = 0.0
         YPRIME(2) = 0.0
         IF (IRUN .EQ. 1) THEN
            INFO(11) = 1
            INFO(14) = 1
            IWORK(41) = 1
            IWORK(42) = -1
         ELSE IF (IRUN .EQ. 2) THEN
            LIW = LIW2
            INFO(11) = 2
            Y(1) = 0.6
            Y(2) = 0.3
            YPRIME(1) = -0.8
            YPRIME(2) = -1.28/1.64
         ELSE
            LIW = LIW3
            INFO(10) = 3
            INFO(11) = 1
            INFO(17) = 1
            INFO(18) = 1
            IWORK(41) = 2
            IWORK(42) = 1
            IWORK(43) = 1
            IWORK(44) = -1
            IWORK(32) = 20
            IWORK(33) = 4
            IWORK(34) = 5
            IWORK(35) = 0
            RWORK(14) = 1.0E-4
            RWORK(15) = 0.01
            Y(2) = 1.5
         ENDIF
         WRITE(6,100) IRUN, INFO(11), INFO(10), LRW, LIW, Y(1), Y(2)
 100     FORMAT(/' S_INITCOND RUN',I2,': INFO(11) =',I2,
     1          ' INFO(10) =',I2,' LRW =',I4,' LIW =',I4/
     2          '   GUESS Y =',2F12.7)
         TOUT = 1.0
         IF (IRUN .EQ. 3) WRITE(6,'(A)') 'LOUD-BEGIN'
         CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (IRUN .EQ. 3) WRITE(6,'(A)') 'LOUD-END'
         WRITE(6,110) IDID, T, Y(1), Y(2), YPRIME(1), YPRIME(2)
 110     FORMAT('   IDID =',I3,' T =',F5.2,' Y =',2F12.7,' YP =',
     1          2F12.7)
         IF (IRUN .EQ. 1) THEN
            WRITE(6,120) (IWORK(I),I=11,15), IWORK(19), IWORK(17),
     1           IWORK(18)
            IF (IDID .NE. 4) CALL FAILED('RUN 1: IDID IS NOT 4')
            IF (T .NE. 0.0) CALL FAILED('RUN 1: IDID=4 BUT T MOVED')
            IF (Y(1) .NE. 0.8)
     1         CALL FAILED('RUN 1: THE DIFFERENTIAL VARIABLE CHANGED')
            IF (ABS(Y(2) - Y2C) .GT. 1.0E-5 .OR.
     1          ABS(YPRIME(1) - YP1C) .GT. 1.0E-5)
     2         CALL FAILED('RUN 1: INCONSISTENT Y2 OR Y1''')
            IF (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)
     1         CALL FAILED('RUN 1: IWORK(17..18) ARE NOT LIW, LRW')
C           After IDID = 4 the next call is a first call again (INFO(1)
C           is still 0): with INFO(11) = 0 no ID array is needed.
            INFO(11) = 0
            INFO(14) = 0
            LIW = LIW2
         ELSE IF (IRUN .EQ. 2) THEN
            IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1         CALL FAILED('RUN 2: IDID NOT 3 AT THE FIRST TOUT')
         ELSE
            IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1         CALL FAILED('RUN 3: IDID NOT 3 AT THE FIRST TOUT')
         ENDIF
         DO 20 IOUT = 1,4
            TOUT = REAL(IOUT)
            IF (T .LT. TOUT) THEN
               CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2              JDUM, PDUM, RTDUM, NRT, JROOT)
               WRITE(6,110) IDID, T, Y(1), Y(2), YPRIME(1), YPRIME(2)
               IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
                  CALL FAILED('IDID NOT 3 OR T NOT TOUT')
                  GO TO 30
               ENDIF
            ENDIF
            CALL CHECK(T, Y, 'WRONG SOLUTION')
            IF (IRUN .EQ. 3 .AND. (Y(1) .LE. 0.0 .OR. Y(2) .LT. 0.0))
     1         CALL FAILED('RUN 3: A CONSTRAINT IS VIOLATED')
 20      CONTINUE
 30      CONTINUE
         WRITE(6,120) (IWORK(I),I=11,15), IWORK(19), IWORK(17),
     1        IWORK(18)
 120     FORMAT('   NST =',I5,' NRE =',I5,' NJE =',I4,' NETF =',I3,
     1          ' NCFN =',I3,' NNI =',I5,' LENIW =',I4,' LENRW =',I4)
         IF (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)
     1      CALL FAILED('IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW')
 90   CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_INITCOND'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_INITCOND: ', WHY
         STOP 1
      ENDIF
      END
C
      SUBROUTINE CHECK(T, Y, TEXT)
C     Y against the exact solution through Y1(0) = 0.8.
      DIMENSION Y(2)
      CHARACTER*(*) TEXT
      DOUBLE PRECISION Y1, Y2, ERR
      Y1 = 0.8D0*EXP(-DBLE(T))
      Y2 = LOG(1.0D0 + Y1**2)
      ERR = MAX(ABS(Y(1) - Y1), ABS(Y(2) - Y2))
      IF (ERR .GT. 5.0D-5) THEN
         WRITE(6,*) '  EXACT Y =', Y1, Y2, ' ERROR =', ERR
         CALL FAILED(TEXT)
      ENDIF
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
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
C     Keep EXP finite for wild Newton iterates: ask for a smaller step.
      IF (ABS(Y(2)) .GT. 50.0) THEN
         IRES = -1
         RETURN
      ENDIF
      DELTA(1) = YPRIME(1) + Y(1)*EXP(-Y(2))*(1.0 + Y(1)**2)
      DELTA(2) = EXP(Y(2)) - (1.0 + Y(1)**2)
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_INITCOND: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL S_INITCOND: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_INITCOND: DUMMY RT WAS CALLED'
      STOP 1
      END
