C-----------------------------------------------------------------------
C     INITCOND -- consistent initial conditions (INFO(11)) on the
C     semi-explicit index-1 DAE
C        Y1' = Y2 - Y1          (Y1 differential)
C         0  = Y2 + Y1**2 - 1   (Y2 algebraic)
C     i.e. Y1' = 1 - Y1 - Y1**2 = -(Y1-A)*(Y1-B), A = (SQRT(5)-1)/2,
C     B = -(SQRT(5)+1)/2, with the exact solution
C        Y1(T) = (A - B*C*EXP(-S*T))/(1 - C*EXP(-S*T)), S = A - B,
C        C = (Y1(0)-A)/(Y1(0)-B),  Y2 = 1 - Y1**2.
C     The consistent start is Y = (0.5, 0.75), Y' = (0.25, -0.25).
C
C     Run 1: INFO(11) = 1 (given Y1, compute Y2 and Y1') with the ID
C            array in IWORK(41..42) (LID = 40), INFO(14) = 1 so that
C            DDASKR returns IDID = 4 after the calculation; Y1 must be
C            unchanged, Y2 and Y1' consistent.  Then INFO(11) = 0 and
C            the integration proceeds (a new first call) to T = 5.
C     Run 2: INFO(11) = 2 (given Y', compute Y) from the guess
C            Y = (0.4, 0.8), INFO(14) = 0: straight on to T = 5.
C     Both runs are checked against the exact solution at T = 1..5.
C     The last line printed is PASS INITCOND or FAIL INITCOND: reason.
C-----------------------------------------------------------------------
      PROGRAM INITC
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2)
C     LIW: 40 + NEQ, plus NEQ for the ID array when INFO(11) = 1.
      PARAMETER (LIW1=40+NEQ+NEQ, LIW2=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK1(LIW1), IWORK2(LIW2)
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
C     ---------- Run 1: INFO(11) = 1, INFO(14) = 1 ----------
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 1
      INFO(14) = 1
      IWORK1(41) = 1
      IWORK1(42) = -1
      T = 0.0D0
      Y(1) = 0.5D0
      Y(2) = 0.0D0
      YPRIME(1) = 0.0D0
      YPRIME(2) = 0.0D0
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK1, LIW1, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) 1, IDID, T, Y(1), Y(2), YPRIME(1)
 100  FORMAT(' RUN',I2,': IDID =',I3,' T =',F5.2,' Y =',2F16.12,
     1       ' Y1'' =',F16.12)
      WRITE(6,110) (IWORK1(I),I=11,15)
 110  FORMAT('   NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4)
      IF (IDID .NE. 4) CALL FAILED('INFO(14)=1: IDID IS NOT 4')
      IF (T .NE. 0.0D0) CALL FAILED('IDID=4 BUT T MOVED')
      IF (Y(1) .NE. 0.5D0)
     1   CALL FAILED('INFO(11)=1 CHANGED THE DIFFERENTIAL VARIABLE')
      IF (ABS(Y(2) - 0.75D0) .GT. 1.0D-7 .OR.
     1    ABS(YPRIME(1) - 0.25D0) .GT. 1.0D-7)
     2   CALL FAILED('INFO(11)=1: INCONSISTENT Y2 OR Y1''')
      INFO(11) = 0
      DO 20 IOUT = 1,5
         TOUT = DBLE(IOUT)
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK1, LIW1, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         WRITE(6,100) 1, IDID, T, Y(1), Y(2), YPRIME(1)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL FAILED('RUN 1: IDID NOT 3 AT TOUT')
            GO TO 30
         ENDIF
         CALL CHECK(T, Y, 'RUN 1: WRONG SOLUTION')
 20   CONTINUE
 30   CONTINUE
      WRITE(6,110) (IWORK1(I),I=11,15)
C
C     ---------- Run 2: INFO(11) = 2, INFO(14) = 0 ----------
      DO 40 I = 1,20
         INFO(I) = 0
 40   CONTINUE
      INFO(11) = 2
      T = 0.0D0
      Y(1) = 0.4D0
      Y(2) = 0.8D0
      YPRIME(1) = 0.25D0
      YPRIME(2) = -0.25D0
      DO 50 IOUT = 1,5
         TOUT = DBLE(IOUT)
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK2, LIW2, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         WRITE(6,100) 2, IDID, T, Y(1), Y(2), YPRIME(1)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL FAILED('RUN 2: IDID NOT 3 AT TOUT')
            GO TO 60
         ENDIF
         CALL CHECK(T, Y, 'RUN 2: WRONG SOLUTION')
 50   CONTINUE
 60   CONTINUE
      WRITE(6,110) (IWORK2(I),I=11,15)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS INITCOND'
      ELSE
         WRITE(6,'(2A)') 'FAIL INITCOND: ', WHY
      ENDIF
      END
C
      SUBROUTINE CHECK(T, Y, TEXT)
C     Y against the exact solution through Y1(0) = 0.5.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2)
      CHARACTER*(*) TEXT
      A = (SQRT(5.0D0) - 1.0D0)/2.0D0
      B = -(SQRT(5.0D0) + 1.0D0)/2.0D0
      C = (0.5D0 - A)/(0.5D0 - B)
      E = C*EXP(-(A - B)*T)
      Y1 = (A - B*E)/(1.0D0 - E)
      Y2 = 1.0D0 - Y1**2
      ERR = MAX(ABS(Y(1) - Y1), ABS(Y(2) - Y2))
      IF (ERR .GT. 1.0D-6) THEN
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
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) - (Y(2) - Y(1))
      DELTA(2) = Y(2) + Y(1)**2 - 1.0D0
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL INITCOND: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL INITCOND: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL INITCOND: DUMMY RT WAS CALLED'
      STOP
      END
