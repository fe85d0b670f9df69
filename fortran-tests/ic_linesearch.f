C-----------------------------------------------------------------------
C     IC_LINESEARCH -- the line search of the initial-condition
C     calculation (INFO(11) = 1), the INFO(17) controls in
C     IWORK(32..35) and RWORK(14..15), and the INFO(18) printing.
C
C     Problem (Y1 differential, Y2 algebraic):
C        Y1' = -Y1
C         0  = ATAN(Y2 - Y1)
C     exact solution Y1 = Y2 = EXP(-T) from Y1(0) = 1, so the
C     consistent start is Y2 = 1, Y1' = -1.  The guess Y2 = 4 is far
C     outside the region (|Y2 - Y1| < 1.39) where Newton's method
C     converges for ATAN: every full Newton step overshoots to the
C     other side with a larger residual, so the iteration cannot
C     converge without the line search, and the artificial step H
C     (MXNH tries) does not help because Y2 is algebraic.
C
C     Part A: INFO(17) = 1 with MXNIT = 5, MXNJ = 6, MXNH = 5,
C             LSOFF = 1 (line search off), STPTOL = 1.0D-10,
C             EPINIT = 0.01: must fail with IDID = -12, T unchanged.
C     Part B: default controls (line search on), INFO(14) = 1 and
C             INFO(18) = 2 (full printing of the calculation, between
C             LOUD-BEGIN and LOUD-END): IDID = 4, Y1 unchanged,
C             Y2 and Y1' consistent; then INFO(11) = 0 and the
C             integration to T = 1, 2, 3 matches EXP(-T).
C     Part C: INFO(17) = 1 again but LSOFF = 0 (the same controls as
C             Part A otherwise) and INFO(18) = 1 (minimal printing),
C             INFO(14) = 0: the calculation succeeds and the
C             integration proceeds directly to T = 1, 2, 3.
C     Part D: Part A again with INFO(18) = 2 after CALL XSETF(0):
C             IDID = -12 and nothing printed (between SILENT-BEGIN
C             and SILENT-END), neither the INFO(18) trace nor the
C             IDID = -12 message.
C     The last line printed is PASS IC_LINESEARCH or
C     FAIL IC_LINESEARCH: reason.
C-----------------------------------------------------------------------
      PROGRAM ICLS
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2)
C     LIW: 40 + NEQ, plus NEQ for the ID array (INFO(11) = 1).
      PARAMETER (LIW=40+NEQ+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW)
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
C     ---------- Part A: line search off, must fail ----------
      CALL SETUP(INFO, IWORK, Y, YPRIME, T)
      INFO(17) = 1
      IWORK(32) = 5
      IWORK(33) = 6
      IWORK(34) = 5
      IWORK(35) = 1
      RWORK(14) = 1.0D-10
      RWORK(15) = 0.01D0
      TOUT = 1.0D0
      WRITE(6,'(A)') ' PART A: INFO(17) = 1, LSOFF = 1'
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) 'A', IDID, T, Y(1), Y(2), YPRIME(1)
 100  FORMAT(' PART ',A1,': IDID =',I4,' T =',F5.2,' Y =',2F16.12,
     1       ' Y1'' =',F16.12)
      CALL COUNTS(IWORK)
      IF (IDID .NE. -12) CALL FAILED('LSOFF=1: IDID IS NOT -12')
      IF (T .NE. 0.0D0) CALL FAILED('LSOFF=1: T MOVED')
      IF (Y(1) .NE. 1.0D0) CALL FAILED('LSOFF=1: Y1 CHANGED')
C
C     ---------- Part B: default line search, INFO(18) = 2 ----------
      CALL SETUP(INFO, IWORK, Y, YPRIME, T)
      INFO(14) = 1
      INFO(18) = 2
      WRITE(6,'(A)') ' PART B: DEFAULT CONTROLS, INFO(18) = 2'
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,'(A)') 'LOUD-END'
      WRITE(6,100) 'B', IDID, T, Y(1), Y(2), YPRIME(1)
      CALL COUNTS(IWORK)
      IF (IDID .NE. 4) CALL FAILED('LINE SEARCH ON: IDID IS NOT 4')
      IF (T .NE. 0.0D0) CALL FAILED('IDID=4 BUT T MOVED')
      IF (Y(1) .NE. 1.0D0) CALL FAILED('INFO(11)=1 CHANGED Y1')
      IF (ABS(Y(2) - 1.0D0) .GT. 1.0D-7 .OR.
     1    ABS(YPRIME(1) + 1.0D0) .GT. 1.0D-7)
     2   CALL FAILED('LINE SEARCH ON: INCONSISTENT Y2 OR Y1''')
      IF (IDID .EQ. 4) THEN
         INFO(11) = 0
         INFO(18) = 0
         CALL INTEG('B', RES, INFO, T, Y, YPRIME, RTOL, ATOL,
     1        RWORK, LRW, IWORK, LIW)
      ENDIF
C
C     ---------- Part C: INFO(17) = 1, LSOFF = 0, INFO(18) = 1 ------
      CALL SETUP(INFO, IWORK, Y, YPRIME, T)
      INFO(17) = 1
      IWORK(32) = 5
      IWORK(33) = 6
      IWORK(34) = 5
      IWORK(35) = 0
      RWORK(14) = 1.0D-10
      RWORK(15) = 0.01D0
      INFO(18) = 1
      WRITE(6,'(A)') ' PART C: INFO(17) = 1, LSOFF = 0, INFO(18) = 1'
      CALL INTEG('C', RES, INFO, T, Y, YPRIME, RTOL, ATOL,
     1     RWORK, LRW, IWORK, LIW)
C
C     ---------- Part D: as Part A with INFO(18) = 2 after XSETF(0) --
      CALL SETUP(INFO, IWORK, Y, YPRIME, T)
      INFO(17) = 1
      IWORK(32) = 5
      IWORK(33) = 6
      IWORK(34) = 5
      IWORK(35) = 1
      RWORK(14) = 1.0D-10
      RWORK(15) = 0.01D0
      INFO(18) = 2
      WRITE(6,'(A)') ' PART D: LSOFF = 1, INFO(18) = 2, XSETF(0)'
      CALL XSETF(0)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,'(A)') 'SILENT-END'
      CALL XSETF(1)
      WRITE(6,100) 'D', IDID, T, Y(1), Y(2), YPRIME(1)
      CALL COUNTS(IWORK)
      IF (IDID .NE. -12) CALL FAILED('PART D: IDID IS NOT -12')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS IC_LINESEARCH'
      ELSE
         WRITE(6,'(2A)') 'FAIL IC_LINESEARCH: ', WHY
      ENDIF
      END
C
      SUBROUTINE SETUP(INFO, IWORK, Y, YPRIME, T)
C     A fresh start from the inconsistent guess.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION INFO(20), IWORK(*), Y(2), YPRIME(2)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 1
      IWORK(41) = 1
      IWORK(42) = -1
      T = 0.0D0
      Y(1) = 1.0D0
      Y(2) = 4.0D0
      YPRIME(1) = 0.0D0
      YPRIME(2) = 0.0D0
      RETURN
      END
C
      SUBROUTINE INTEG(PART, RES, INFO, T, Y, YPRIME, RTOL, ATOL,
     1                 RWORK, LRW, IWORK, LIW)
C     Integrate to T = 1, 2, 3 and check against EXP(-T).  The first
C     call messages (INFO(18) = 1 in Part C) go between the markers.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*1 PART
      DIMENSION INFO(20), Y(2), YPRIME(2), RWORK(LRW), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      EXTERNAL RES, JDUM, PDUM, RTDUM
      DO 20 IOUT = 1,3
         TOUT = DBLE(IOUT)
         IF (INFO(18) .NE. 0) WRITE(6,'(A)') 'LOUD-BEGIN'
         CALL DDASKR(RES, 2, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, 0, JROOT)
         IF (INFO(18) .NE. 0) THEN
            WRITE(6,'(A)') 'LOUD-END'
            INFO(18) = 0
         ENDIF
         WRITE(6,100) PART, IDID, T, Y(1), Y(2), YPRIME(1)
 100     FORMAT(' PART ',A1,': IDID =',I4,' T =',F5.2,' Y =',2F16.12,
     1          ' Y1'' =',F16.12)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            CALL FAILED('INTEGRATION: IDID NOT 3 AT TOUT')
            GO TO 30
         ENDIF
         E = EXP(-T)
         IF (ABS(Y(1) - E) .GT. 1.0D-6 .OR. ABS(Y(2) - E) .GT. 1.0D-6)
     1      THEN
            WRITE(6,*) '  EXACT Y1 = Y2 =', E
            CALL FAILED('INTEGRATION: WRONG SOLUTION')
         ENDIF
 20   CONTINUE
 30   CONTINUE
      CALL COUNTS(IWORK)
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
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) + Y(1)
      DELTA(2) = ATAN(Y(2) - Y(1))
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_LINESEARCH: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL IC_LINESEARCH: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_LINESEARCH: DUMMY RT WAS CALLED'
      STOP
      END
