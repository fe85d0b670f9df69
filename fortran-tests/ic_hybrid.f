C-----------------------------------------------------------------------
C     IC_HYBRID -- the hybrid-simulator loop: integrate to a root
C     (IDID = 5), switch a discrete mode kept in IPAR, restart with
C     INFO(1) = 0 and INFO(11) = 1 (new consistent algebraic variable
C     and derivatives), continue; 300 events.
C
C     A thermostat with hysteresis.  Y = (X, U, E):
C        X' = -X + U                  temperature (differential)
C         0 = U + SIN(U)/5 - C(MODE)  heater output (algebraic,
C                                     strictly monotone in U),
C                                     C = 2 + SIN(2)/5 when on
C                                     (U = 2), C = 0 when off (U = 0)
C        E' = U**2                    energy used (differential)
C     Root function: X - 1.5 when on (switch off, JROOT = +1),
C     X - 0.5 when off (switch on, JROOT = -1).  From X(0) = 0.5, on,
C     X relaxes towards U, so every heating and every cooling phase
C     lasts LOG(3) exactly: event K comes at T = K*LOG(3), and after
C     the 300th event (the end of a cooling phase) X = 0.5 and
C     E = 4*150*LOG(3).
C
C     At every restart the algebraic U still holds the old mode's
C     value and X' the old slope (inconsistent); INFO(11) = 1 with
C     ID = (+1,-1,+1) computes the new ones.  Every 10th restart also
C     sets INFO(14) = 1 and checks U and X' after IDID = 4 before
C     continuing with INFO(11) = 0.
C
C     Checks: each phase lasts LOG(3) (to 1.0D-6; the event times
C     themselves drift by the accumulated integration error, so event
C     K must be within K*1.0D-6 of K*LOG(3)), with the right JROOT
C     and X on the threshold; U, X' and E' consistent with the new
C     mode after each IDID = 4 (T and X unchanged); the final X and E;
C     LENIW/LENRW in IWORK(17..18) equal to the documented minimum
C     after every call (LENIW counts the ID array only when the
C     initial call has INFO(11) = 1: after IDID = 4 the next call is
C     itself an initial call, with INFO(11) = 0, and then DDASKR keeps
C     its pivots in IWORK(41..43), so the ID array is set again before
C     every restart); the per-restart counters NST, NRE and the
C     root-function calls IWORK(36) bounded and not growing (the last
C     50 restarts use no more than the first 50 plus 10 %).  The CPU
C     time per restart over the first and the last 30 restarts is
C     printed (not checked).
C     The last line printed is PASS IC_HYBRID or FAIL IC_HYBRID: reason.
C-----------------------------------------------------------------------
      PROGRAM ICHYB
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NRT=1, NEVENT=300)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), JROOT(NRT)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION NSTK(NEVENT), NREK(NEVENT), NRTK(NEVENT)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      EXTERNAL RES, RT, JDUM, PDUM
C
      OK = .TRUE.
      WHY = ' '
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      PERIOD = LOG(3.0D0)
      TEND = 400.0D0
C
C     Start: on, X = 0.5, U guessed 0, E = 0.
      IPAR(1) = 1
      T = 0.0D0
      Y(1) = 0.5D0
      Y(2) = 0.0D0
      Y(3) = 0.0D0
      YPRIME(1) = 0.0D0
      YPRIME(2) = 0.0D0
      YPRIME(3) = 0.0D0
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      ERRTMX = 0.0D0
      ERRPMX = 0.0D0
      TEV = T
      XEV = Y(1)
      NEV = 0
      NCALL = 0
      CALL CPU_TIME(CPU0)
C
C     ---------- The event loop ----------
 20   CONTINUE
C     (Re)start with INFO(1) = 0 and INFO(11) = 1.  The ID array is
C     set again every time: a run started with INFO(11) = 0 (after
C     IDID = 4) keeps its pivots in IWORK(41..43).
      IWORK(41) = 1
      IWORK(42) = -1
      IWORK(43) = 1
      INFO(1) = 0
      INFO(11) = 1
      INFO(14) = 0
      IF (MOD(NEV,10) .EQ. 0) INFO(14) = 1
 30   CONTINUE
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TEND, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RT, NRT, JROOT)
      NCALL = NCALL + 1
      IF (NCALL .GT. 20*NEVENT) THEN
         CALL FAILED('TOO MANY CALLS')
         GO TO 90
      ENDIF
C     LENIW counts the ID array when the initial call had
C     INFO(11) = 1 (after IDID = 4 the next call is a new initial
C     call, with INFO(11) = 0).
      LENIWX = 40 + NEQ + NEQ*INFO(11)
      IF (IWORK(17) .NE. LENIWX .OR. IWORK(18) .NE. LRW) THEN
         WRITE(6,*) '  LENIW, LENRW =', IWORK(17), IWORK(18),
     1              ' EXPECTED', LENIWX, LRW
         CALL FAILED('IWORK(17..18) NOT THE MINIMUM LENGTHS')
         GO TO 90
      ENDIF
      IF (IDID .EQ. 4) THEN
C        The calculation alone: check the new U and X', continue.
         UEXP = 0.0D0
         IF (IPAR(1) .EQ. 1) UEXP = 2.0D0
         IF (T .NE. TEV .OR. Y(1) .NE. XEV)
     1      CALL FAILED('IDID=4 BUT T OR X MOVED')
         IF (ABS(Y(2) - UEXP) .GT. 1.0D-7 .OR.
     1       ABS(YPRIME(1) - (UEXP - Y(1))) .GT. 1.0D-7 .OR.
     2       ABS(YPRIME(3) - UEXP**2) .GT. 1.0D-7) THEN
            WRITE(6,*) '  AFTER EVENT', NEV, ' U, X'', E'' =', Y(2),
     1                 YPRIME(1), YPRIME(3)
            CALL FAILED('INCONSISTENT U, X'' OR E'' AFTER IDID=4')
         ENDIF
         INFO(11) = 0
         GO TO 30
      ENDIF
      IF (IDID .NE. 5) THEN
         WRITE(6,*) '  IDID =', IDID, ' AT T =', T, ' AFTER', NEV,
     1              ' EVENTS'
         CALL FAILED('EXPECTED IDID=5 (A ROOT)')
         GO TO 90
      ENDIF
C
C     A root: check it, record the counters, switch the mode.
      NEV = NEV + 1
      TEXP = DBLE(NEV)*PERIOD
      ERRT = ABS(T - TEXP)
      ERRTMX = MAX(ERRTMX, ERRT)
      ERRP = ABS((T - TEV) - PERIOD)
      ERRPMX = MAX(ERRPMX, ERRP)
      NSTK(NEV) = IWORK(11)
      NREK(NEV) = IWORK(12)
      NRTK(NEV) = IWORK(36)
      IF (IPAR(1) .EQ. 1) THEN
         JEXP = 1
         XEXP = 1.5D0
      ELSE
         JEXP = -1
         XEXP = 0.5D0
      ENDIF
      IF (NEV .LE. 3 .OR. MOD(NEV,50) .EQ. 0) THEN
         WRITE(6,100) NEV, T, TEXP, JROOT(1), Y(1), Y(3)
 100     FORMAT(' EVENT',I4,' T =',F14.9,' EXACT',F14.9,' JROOT =',I3,
     1          ' X =',F12.9,' E =',F14.9)
         WRITE(6,110) (IWORK(I),I=11,15), IWORK(19), IWORK(36)
 110     FORMAT('   THIS RESTART: NST =',I5,' NRE =',I5,' NJE =',I4,
     1          ' NETF =',I3,' NCFN =',I3,' NNI =',I5,' NRT =',I5)
      ENDIF
      IF (ERRP .GT. 1.0D-6 .OR. ERRT .GT. 1.0D-6*DBLE(NEV)) THEN
         WRITE(6,*) '  EVENT', NEV, ' T =', T, ' EXACT', TEXP,
     1              ' PHASE LENGTH ERROR', ERRP
         CALL FAILED('EVENT TIME WRONG')
         GO TO 90
      ENDIF
      IF (JROOT(1) .NE. JEXP) THEN
         WRITE(6,*) '  EVENT', NEV, ' JROOT =', JROOT(1)
         CALL FAILED('WRONG JROOT')
         GO TO 90
      ENDIF
      IF (ABS(Y(1) - XEXP) .GT. 1.0D-7) THEN
         WRITE(6,*) '  EVENT', NEV, ' X =', Y(1)
         CALL FAILED('X NOT ON THE THRESHOLD AT THE ROOT')
         GO TO 90
      ENDIF
      IF (NEV .EQ. 30) THEN
         CALL CPU_TIME(CPU1)
         WRITE(6,120) 'FIRST', (CPU1 - CPU0)/30.0D0
 120     FORMAT(' CPU TIME PER RESTART, ',A5,' 30 RESTARTS:',1P,E10.2,
     1          ' S')
      ENDIF
      IF (NEV .EQ. NEVENT - 30) CALL CPU_TIME(CPU2)
      IF (NEV .LT. NEVENT) THEN
         TEV = T
         XEV = Y(1)
         IPAR(1) = 1 - IPAR(1)
         GO TO 20
      ENDIF
      CALL CPU_TIME(CPU3)
      WRITE(6,120) 'LAST ', (CPU3 - CPU2)/30.0D0
C
C     ---------- Final state and counters ----------
      EEXP = 4.0D0*150.0D0*PERIOD
      WRITE(6,130) NEV, T, Y(1), Y(3), EEXP, ERRPMX, ERRTMX
 130  FORMAT(' AFTER',I4,' EVENTS: T =',F14.9,' X =',F12.9,' E =',
     1       F14.9,' (EXACT',F14.9,')'/'   LARGEST ERROR OF A PHASE ',
     2       'LENGTH =',1P,E10.2,', OF AN EVENT TIME =',E10.2)
      IF (ABS(Y(1) - 0.5D0) .GT. 1.0D-7 .OR.
     1    ABS(Y(3) - EEXP) .GT. 1.0D-6*EEXP)
     2   CALL FAILED('WRONG FINAL STATE')
      MXST1 = 0
      MXRE1 = 0
      MXRT1 = 0
      MXST2 = 0
      MXRE2 = 0
      MXRT2 = 0
      DO 40 K = 1,50
         MXST1 = MAX(MXST1, NSTK(K))
         MXRE1 = MAX(MXRE1, NREK(K))
         MXRT1 = MAX(MXRT1, NRTK(K))
         MXST2 = MAX(MXST2, NSTK(NEVENT+1-K))
         MXRE2 = MAX(MXRE2, NREK(NEVENT+1-K))
         MXRT2 = MAX(MXRT2, NRTK(NEVENT+1-K))
 40   CONTINUE
      WRITE(6,140) 'FIRST', MXST1, MXRE1, MXRT1
      WRITE(6,140) 'LAST ', MXST2, MXRE2, MXRT2
 140  FORMAT(' MOST PER RESTART, ',A5,' 50 RESTARTS: NST =',I5,
     1       ' NRE =',I5,' NRT =',I5)
      IF (MXST1 .GT. 300 .OR. MXRE1 .GT. 600)
     1   CALL FAILED('TOO MANY STEPS PER RESTART')
      IF (10*MXST2 .GT. 11*MXST1 .OR. 10*MXRE2 .GT. 11*MXRE1 .OR.
     1    10*MXRT2 .GT. 11*MXRT1)
     2   CALL FAILED('PER-RESTART COUNTERS GROW')
C
 90   CONTINUE
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS IC_HYBRID'
      ELSE
         WRITE(6,'(2A)') 'FAIL IC_HYBRID: ', WHY
      ENDIF
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
C     IPAR(1) = 1: heater on, 0: off.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      C = 0.0D0
      IF (IPAR(1) .EQ. 1) C = 2.0D0 + 0.2D0*SIN(2.0D0)
      DELTA(1) = YPRIME(1) + Y(1) - Y(2)
      DELTA(2) = Y(2) + 0.2D0*SIN(Y(2)) - C
      DELTA(3) = YPRIME(3) - Y(2)**2
      RETURN
      END
C
      SUBROUTINE RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
C     The switching surface of the current mode.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(NEQ), YP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      IF (IPAR(1) .EQ. 1) THEN
         RVAL(1) = Y(1) - 1.5D0
      ELSE
         RVAL(1) = Y(1) - 0.5D0
      ENDIF
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_HYBRID: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL IC_HYBRID: DUMMY PSOL WAS CALLED'
      STOP
      END
