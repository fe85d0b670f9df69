C-----------------------------------------------------------------------
C     ERRORS -- run-time error returns of DDASKR and what a user does
C     next.  Problem: Y' = -Y (NEQ = 4, Y(0) = (1,2,3,4), exact
C     solution Y(I) = I*EXP(-T)) unless stated otherwise.
C
C     1. IDID = -1: with HMAX = 1.0D-3 the interval to TOUT = 1.2 needs
C        more than 1000 steps.  Each call stops after exactly 500 steps
C        with IDID = -1, T = RWORK(4) < TOUT and an accurate Y; the user
C        sets INFO(1) = 1 and calls again until IDID = 3.
C     2. IDID = -2: after a first leg to T = 0.5 the user asks for
C        RTOL = ATOL = 1.0D-20, too stringent: the call returns
C        IDID = -2 at once with RTOL and ATOL increased; with
C        INFO(1) = 1 the integration then reaches TOUT (IDID = -1 is
C        continued too).
C     3. IDID = -11: RES sets IRES = -2 for T > 0.5; DDASKR returns
C        with T <= 0.5 and Y accurate at T.
C     4. IDID = -10: RES sets IRES = -1 for every T > 0.5.
C     5. IDID = -8: the second equation is 0 = 0*Y2, so the iteration
C        matrix (dense difference quotients) is singular.
C     6. After an error return with IDID = -33 a new problem is
C        started (INFO(1) = 0) with the same arrays and runs normally.
C     The last line printed is PASS ERRORS or FAIL ERRORS: reason.
C-----------------------------------------------------------------------
      PROGRAM ERRTST
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /RESCTL/ TBAD, MODE
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
C
C     ---------- 1. IDID = -1 and continuation ----------
      CALL START(T, Y, YPRIME, INFO, RTOL, ATOL, 1.0D-6, 0)
      INFO(7) = 1
      RWORK(2) = 1.0D-3
      TOUT = 1.2D0
      NM1 = 0
 10   CONTINUE
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) IDID, T, IWORK(11)
 100  FORMAT(' 1. IDID =',I4,' T =',F10.6,' NST =',I6)
      IF (IDID .EQ. -1) THEN
         NM1 = NM1 + 1
         IF (IWORK(11) .NE. 500*NM1)
     1      CALL FAILED('IDID=-1 NOT AFTER EXACTLY 500 STEPS PER CALL')
         IF (T .GE. TOUT .OR. T .NE. RWORK(4))
     1      CALL FAILED('IDID=-1: T IS NOT THE LAST STEP BEFORE TOUT')
         CALL CHECK(T, Y, 1.0D-4, 'IDID=-1: WRONG Y AT T')
         IF (NM1 .LT. 5) THEN
            INFO(1) = 1
            GO TO 10
         ENDIF
      ENDIF
      IF (NM1 .NE. 2) CALL FAILED('EXPECTED TWO IDID=-1 RETURNS')
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('IDID=-1 CONTINUATION DID NOT REACH TOUT')
      CALL CHECK(T, Y, 1.0D-4, 'IDID=-1 CONTINUATION: WRONG Y')
      CALL PRCNT(IWORK)
C
C     ---------- 2. IDID = -2: tolerances too small ----------
C     Integrate to T = 0.5, then ask for RTOL = ATOL = 1.0D-20 (a
C     user may change the tolerances between calls).
      CALL START(T, Y, YPRIME, INFO, RTOL, ATOL, 1.0D-6, 0)
      TOUT = 0.5D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      IF (IDID .NE. 3) CALL FAILED('IDID=-2 TEST: FIRST LEG FAILED')
      NST0 = IWORK(11)
      RTOL = 1.0D-20
      ATOL = 1.0D-20
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,110) IDID, T, RTOL, ATOL
 110  FORMAT(' 2. IDID =',I4,' T =',F10.6,' NEW RTOL =',D10.3,
     1       ' NEW ATOL =',D10.3)
      IF (IDID .NE. -2) CALL FAILED('RTOL=ATOL=1D-20: IDID IS NOT -2')
      IF (RTOL .LE. 1.0D-20 .OR. ATOL .LE. 1.0D-20)
     1   CALL FAILED('IDID=-2 BUT TOLERANCES NOT INCREASED')
      IF (RTOL .GT. 1.0D-8 .OR. ATOL .GT. 1.0D-8)
     1   CALL FAILED('IDID=-2: TOLERANCES INCREASED TOO MUCH')
      IF (IWORK(11) .NE. NST0)
     1   CALL FAILED('IDID=-2: A STEP WAS TAKEN')
      IF (T .LT. 0.5D0 .OR. T .GE. TOUT)
     1   CALL FAILED('IDID=-2: T IS NOT THE LAST STEP POINT')
C     (DASKR leaves Y as it was on this early return: not checked.)
      NCONT = 0
 20   CONTINUE
      INFO(1) = 1
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,110) IDID, T, RTOL, ATOL
      NCONT = NCONT + 1
      IF ((IDID .EQ. -1 .OR. IDID .EQ. -2) .AND. NCONT .LT. 10) GO TO 20
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('AFTER IDID=-2 THE RUN DID NOT REACH TOUT')
      CALL CHECK(T, Y, 1.0D-5, 'AFTER IDID=-2: WRONG Y')
      CALL PRCNT(IWORK)
C
C     ---------- 3. IDID = -11: IRES = -2 from RES ----------
      CALL START(T, Y, YPRIME, INFO, RTOL, ATOL, 1.0D-6, 0)
      TBAD = 0.5D0
      MODE = 2
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,120) 3, IDID, T
 120  FORMAT(1X,I1,'. IDID =',I4,' T =',F10.6)
      IF (IDID .NE. -11) CALL FAILED('IRES=-2: IDID IS NOT -11')
      IF (T .GT. TBAD .OR. T .LE. 0.0D0)
     1   CALL FAILED('IDID=-11: T NOT THE LAST GOOD POINT')
      CALL CHECK(T, Y, 1.0D-4, 'IDID=-11: WRONG Y AT T')
      CALL PRCNT(IWORK)
C
C     ---------- 4. IDID = -10: IRES = -1 from RES ----------
      CALL START(T, Y, YPRIME, INFO, RTOL, ATOL, 1.0D-6, 0)
      TBAD = 0.5D0
      MODE = 1
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,120) 4, IDID, T
      IF (IDID .NE. -10) CALL FAILED('IRES=-1 ALWAYS: IDID IS NOT -10')
      IF (T .GT. TBAD .OR. T .LE. 0.0D0)
     1   CALL FAILED('IDID=-10: T NOT THE LAST GOOD POINT')
      CALL CHECK(T, Y, 1.0D-4, 'IDID=-10: WRONG Y AT T')
      CALL PRCNT(IWORK)
C
C     ---------- 5. IDID = -8: singular iteration matrix ----------
      CALL START(T, Y, YPRIME, INFO, RTOL, ATOL, 1.0D-6, 3)
      Y(2) = 0.0D0
      YPRIME(2) = 0.0D0
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,120) 5, IDID, T
      IF (IDID .NE. -8) CALL FAILED('0 = 0*Y2: IDID IS NOT -8')
      CALL PRCNT(IWORK)
C
C     ---------- 6. A fresh start after IDID = -33 ----------
      CALL START(T, Y, YPRIME, INFO, RTOL, ATOL, 1.0D-6, 0)
      TOUT = T
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,120) 6, IDID, T
      IF (IDID .NE. -33) CALL FAILED('TOUT = T: IDID IS NOT -33')
      INFO(1) = 0
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,120) 6, IDID, T
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('RESTART AFTER IDID=-33 DID NOT WORK')
      CALL CHECK(T, Y, 1.0D-4, 'RESTART AFTER IDID=-33: WRONG Y')
      CALL PRCNT(IWORK)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS ERRORS'
      ELSE
         WRITE(6,'(2A)') 'FAIL ERRORS: ', WHY
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE START(T, Y, YPRIME, INFO, RTOL, ATOL, TOL, MODEIN)
C     Initial values and options for a new problem.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4), INFO(20)
      COMMON /RESCTL/ TBAD, MODE
      MODE = MODEIN
      TBAD = 1.0D30
      T = 0.0D0
      DO 10 I = 1,4
         Y(I) = DBLE(I)
         YPRIME(I) = -DBLE(I)
 10   CONTINUE
      DO 20 I = 1,20
         INFO(I) = 0
 20   CONTINUE
      RTOL = TOL
      ATOL = TOL
      RETURN
      END
C
      SUBROUTINE CHECK(T, Y, TOL, TEXT)
C     Y(I) must be I*EXP(-T) within TOL (Y(2) is not checked in the
C     singular problem, which is never checked here).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4)
      CHARACTER*(*) TEXT
      ERR = 0.0D0
      DO 10 I = 1,4
         ERR = MAX(ERR, ABS(Y(I) - DBLE(I)*EXP(-T)))
 10   CONTINUE
      IF (ERR .GT. TOL) THEN
         WRITE(6,*) '   MAX ERROR =', ERR, ' AT T =', T
         CALL FAILED(TEXT)
      ENDIF
      RETURN
      END
C
      SUBROUTINE PRCNT(IWORK)
C     Print the counters.
      DIMENSION IWORK(*)
      WRITE(6,100) (IWORK(I),I=11,15)
 100  FORMAT('    NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4)
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
C     MODE 0: Y' = -Y.  MODE 1: IRES = -1 beyond TBAD.  MODE 2:
C     IRES = -2 beyond TBAD.  MODE 3: second equation 0 = 0*Y2.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4), DELTA(4), RPAR(*), IPAR(*)
      COMMON /RESCTL/ TBAD, MODE
      DO 10 I = 1,4
         DELTA(I) = YPRIME(I) + Y(I)
 10   CONTINUE
      IF (MODE .EQ. 3) DELTA(2) = 0.0D0*Y(2)
      IF (T .GT. TBAD) THEN
         IF (MODE .EQ. 1) IRES = -1
         IF (MODE .EQ. 2) IRES = -2
      ENDIF
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL ERRORS: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL ERRORS: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL ERRORS: DUMMY RT WAS CALLED'
      STOP
      END
