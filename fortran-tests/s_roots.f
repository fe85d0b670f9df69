C-----------------------------------------------------------------------
C     S_ROOTS -- root finding in SDASKR (single precision; RT, NRT,
C     JROOT, IDID = 5), written as a legacy REAL program.
C
C     Part 1, intermediate output and a stop time: the oscillator
C        Y1' = Y2, Y2' = -4*Y1, Y(0) = (1,0)  (Y1 = COS 2T,
C        Y2 = -2 SIN 2T)
C     with R1 = Y1 + 0.5 and R2 = T - 2, INFO(3) = 1 (return after
C     every step, IDID = 1) and INFO(4) = 1 with TSTOP = TOUT = 5 in
C     RWORK(1).  The four roots in (0,5) are known:
C        PI/3   R1 falling (JROOT = (-1,0))
C        2      R2 rising  (JROOT = (0,+1))
C        2PI/3  R1 rising  (JROOT = (+1,0))
C        4PI/3  R1 falling (JROOT = (-1,0)); then IDID = 2 (TSTOP
C               reached; TOUT = TSTOP) at T = 5.
C     The current time RWORK(4) must never pass TSTOP.
C
C     Part 2, restart at each event: a thermostat
C        TH' = -K*(TH - TA) + P     (temperature, differential)
C         0  = P - U*P0             (heater power, algebraic)
C        E'  = P                    (energy used, differential)
C     K = 0.5, TA = 10, P0 = 10, U = 1 (heating) or 0 (cooling);
C     one root function R1 = TH - 22 while heating, TH - 18 while
C     cooling.  At each event the mode flips and SDASKR is restarted
C     (INFO(1) = 0) with consistent Y' from the current state.  The
C     event ending each phase is computed in DOUBLE PRECISION from the
C     closed form through the state the phase starts from (T0, TH0):
C        TH(t) = TEQ + (TH0 - TEQ)*EXP(-K*(t - T0)), TEQ = TA + U*P0/K,
C     and the energy must grow by exactly P0*(t - T0) while heating.
C     Started at TH = 15 (heating), integrated to T = 8: nine events.
C
C     Tolerances: part 1 RTOL = ATOL = 1.0E-5; part 2 RTOL = 2.0E-5,
C     ATOL = 1.0E-5 (with |Y| >> ATOL a relative tolerance below
C     100*UROUND = 1.19E-5 is refused with IDID = -2 in single
C     precision: RTOL = 1.0E-5 fails at T = 0.18 here).  Single
C     precision limits the root location to about 100*UROUND*(|T|+|H|)
C     (1.0E-4 at T = 8), so root times are checked to 1.0E-4 in part 1
C     (T < 5) and to 1.0E-3 in part 2.
C     The global error of the undamped oscillator grows with time: Y
C     is checked to 1.0E-3 in part 1.
C
C     Checks: IDID = 5 with the expected JROOT, root times, Y at each
C     root (R = 0 to the local accuracy), IWORK(36) > 0, the number of
C     roots, the final values; part 2 also the energy used.
C     The last line printed is PASS S_ROOTS or FAIL S_ROOTS: reason.
C
C     Counters printed by the original SDASKR are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SROOTS
      PARAMETER (NEQ=3, NRT=2)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), JROOT(NRT)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION RTOL(1), ATOL(1), JEXP(2,4)
      DOUBLE PRECISION PI, TEXP(4), TEV, TS, THS, TEQ, ETOT, DK
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /PROB/ IPROB, MODE, THK, THA, P0
      EXTERNAL RES, RT, JDUM, PDUM
      DATA JEXP / -1,0,  0,1,  1,0,  -1,0 /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      TEXP(1) = PI/3.0D0
      TEXP(2) = 2.0D0
      TEXP(3) = 2.0D0*PI/3.0D0
      TEXP(4) = 4.0D0*PI/3.0D0
      RTOL(1) = 1.0E-5
      ATOL(1) = 1.0E-5
C
C     ---------------- Part 1 ----------------
C     NEQ = 3 throughout; here Y3' = 0 is a passive component.
      IPROB = 1
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(3) = 1
      INFO(4) = 1
      TOUT = 5.0
      RWORK(1) = TOUT
      T = 0.0
      Y(1) = 1.0
      Y(2) = 0.0
      Y(3) = 1.0
      YPRIME(1) = 0.0
      YPRIME(2) = -4.0
      YPRIME(3) = 0.0
      NROOT = 0
      NSTEP = 0
      TPREV = 0.0
      WRITE(6,'(/A)') ' S_ROOTS PART 1: Y1 = COS 2T, R1 = Y1 + 0.5,'//
     1   ' R2 = T - 2, INFO(3) = 1, TSTOP = 5'
      DO 30 ICALL = 1,5000
         CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RT, NRT, JROOT)
         IF (T .LT. TPREV) CALL FAILED('PART 1: T DECREASED')
         TPREV = T
         IF (RWORK(4) .GT. TOUT)
     1      CALL FAILED('PART 1: RWORK(4) = TN PASSED TSTOP')
         IF (IDID .EQ. 1) THEN
            NSTEP = NSTEP + 1
            GO TO 30
         ENDIF
         IF (IDID .NE. 5) GO TO 40
         NROOT = NROOT + 1
         WRITE(6,100) T, JROOT(1), JROOT(2), Y(1), Y(2)
 100     FORMAT('   IDID=5 AT T =',F12.7,'  JROOT =',2I3,
     1          '  Y =',2F12.7)
         IF (NROOT .GT. 4) THEN
            CALL FAILED('PART 1: MORE THAN 4 ROOTS')
            GO TO 40
         ENDIF
         IF (ABS(T - TEXP(NROOT)) .GT. 1.0D-4) THEN
            WRITE(6,*) '  EXPECTED T =', TEXP(NROOT)
            CALL FAILED('PART 1: ROOT TIME WRONG')
         ENDIF
         IF (JROOT(1) .NE. JEXP(1,NROOT) .OR.
     1       JROOT(2) .NE. JEXP(2,NROOT))
     2      CALL FAILED('PART 1: WRONG JROOT')
         IF (ABS(Y(1) - COS(2.0*T)) .GT. 1.0E-3 .OR.
     1       ABS(Y(2) + 2.0*SIN(2.0*T)) .GT. 1.0E-3)
     2      CALL FAILED('PART 1: WRONG Y AT A ROOT')
         IF (JROOT(1) .NE. 0 .AND. ABS(Y(1) + 0.5) .GT. 1.0E-4)
     1      CALL FAILED('PART 1: R1 NOT ZERO AT ITS ROOT')
 30   CONTINUE
 40   CONTINUE
      WRITE(6,110) IDID, T, Y(1), Y(2), NSTEP, IWORK(36)
 110  FORMAT('   FINAL IDID =',I3,' T =',F8.4,' Y =',2F12.7,
     1       '  IDID=1 RETURNS =',I4,'  RT CALLS =',I5)
      WRITE(6,120) (IWORK(I),I=11,15), IWORK(19)
 120  FORMAT('   NST =',I5,' NRE =',I5,' NJE =',I4,' NETF =',I3,
     1       ' NCFN =',I3,' NNI =',I5)
      IF (IDID .NE. 2 .OR. T .NE. TOUT)
     1   CALL FAILED('PART 1: DID NOT END WITH IDID=2 AT TSTOP')
      IF (NROOT .NE. 4) CALL FAILED('PART 1: NOT EXACTLY 4 ROOTS')
      IF (ABS(Y(1) - COS(2.0*T)) .GT. 1.0E-3 .OR.
     1    ABS(Y(2) + 2.0*SIN(2.0*T)) .GT. 1.0E-3)
     2   CALL FAILED('PART 1: WRONG FINAL SOLUTION')
      IF (IWORK(36) .LE. 0)
     1   CALL FAILED('PART 1: IWORK(36) (RT CALLS) NOT POSITIVE')
C     Every step ends in IDID = 1, except the last (IDID = 2).
      IF (NSTEP .LT. 20 .OR. NSTEP + 1 .NE. IWORK(11))
     1   CALL FAILED('PART 1: IDID=1 RETURNS ARE NOT THE STEPS')
C
C     ---------------- Part 2 ----------------
      IPROB = 2
      THK = 0.5
      THA = 10.0
      P0 = 10.0
      DK = DBLE(THK)
      MODE = 1
      T = 0.0
      Y(1) = 15.0
      Y(2) = P0
      Y(3) = 0.0
      TOUT = 8.0
      RTOL(1) = 2.0E-5
C     State at the start of the current phase: time, temperature and
C     energy (as computed).
      TS = 0.0D0
      THS = 15.0D0
      ETOT = 0.0D0
      NEV = 0
      NRTE = 0
      NSTT = 0
      WRITE(6,'(/A)') ' S_ROOTS PART 2: THERMOSTAT 18..22, RESTART'//
     1   ' AT EACH EVENT'
 50   CONTINUE
      DO 55 I = 1,20
         INFO(I) = 0
 55   CONTINUE
      YPRIME(1) = -THK*(Y(1) - THA) + Y(2)
      YPRIME(2) = 0.0
      YPRIME(3) = Y(2)
C     Next analytic event of this phase.
      IF (MODE .EQ. 1) THEN
         TEQ = DBLE(THA) + DBLE(P0)/DK
         TEV = TS + LOG((THS - TEQ)/(22.0D0 - TEQ))/DK
      ELSE
         TEQ = DBLE(THA)
         TEV = TS + LOG((THS - TEQ)/(18.0D0 - TEQ))/DK
      ENDIF
      CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RT, NRT, JROOT)
      NRTE = NRTE + IWORK(36)
      NSTT = NSTT + IWORK(11)
      IF (IDID .EQ. 5) THEN
         NEV = NEV + 1
         IF (MODE .EQ. 1) ETOT = ETOT + DBLE(P0)*(DBLE(T) - TS)
         WRITE(6,200) NEV, MODE, T, TEV, Y(1), Y(3), JROOT(1),
     1        IWORK(11)
 200     FORMAT('   EVENT',I3,' MODE',I2,' T =',F11.6,' EXACT',F11.6,
     1          ' TH =',F9.5,' E =',F10.5,' JROOT =',I3,' NST =',I4)
         IF (TEV .GE. DBLE(TOUT)) THEN
            CALL FAILED('PART 2: AN EVENT AFTER TOUT')
            GO TO 60
         ENDIF
         IF (ABS(T - TEV) .GT. 1.0D-3)
     1      CALL FAILED('PART 2: EVENT TIME WRONG')
         IF ((MODE .EQ. 1 .AND. JROOT(1) .NE. 1) .OR.
     1       (MODE .EQ. 0 .AND. JROOT(1) .NE. -1))
     2      CALL FAILED('PART 2: WRONG JROOT')
         IF (JROOT(2) .NE. 0)
     1      CALL FAILED('PART 2: R2 REPORTED A ROOT')
         IF (ABS(Y(3) - ETOT) .GT. 1.0D-3)
     1      CALL FAILED('PART 2: WRONG ENERGY AT AN EVENT')
         IF (NEV .GT. 20) THEN
            CALL FAILED('PART 2: TOO MANY EVENTS')
            GO TO 60
         ENDIF
C        Flip the mode and restart from the computed state.
         TS = DBLE(T)
         THS = DBLE(Y(1))
         ETOT = DBLE(Y(3))
         IF (MODE .EQ. 1) THEN
            MODE = 0
            Y(2) = 0.0
         ELSE
            MODE = 1
            Y(2) = P0
         ENDIF
         GO TO 50
      ENDIF
 60   CONTINUE
      IF (MODE .EQ. 1) ETOT = ETOT + DBLE(P0)*(DBLE(T) - TS)
      TEQ = DBLE(THA) + MODE*DBLE(P0)/DK
      WRITE(6,210) IDID, T, Y(1), TEQ + (THS - TEQ)*EXP(-DK*(T - TS)),
     1     Y(3), ETOT, NEV, NSTT, NRTE
 210  FORMAT('   FINAL IDID =',I3,' T =',F7.3,' TH =',F10.6,
     1       ' EXACT',F10.6,' E =',F10.5,' EXACT',F10.5/
     2       '   EVENTS =',I3,'  STEPS IN ALL =',I5,
     3       '  RT CALLS IN ALL =',I6)
      WRITE(6,120) (IWORK(I),I=11,15), IWORK(19)
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('PART 2: DID NOT END WITH IDID=3 AT TOUT')
      IF (NEV .NE. 9) CALL FAILED('PART 2: NOT EXACTLY 9 EVENTS')
      IF (ABS(Y(1) - (TEQ + (THS - TEQ)*EXP(-DK*(T - TS)))) .GT.
     1    2.0D-3) CALL FAILED('PART 2: WRONG FINAL TEMPERATURE')
      IF (ABS(Y(3) - ETOT) .GT. 1.0D-3)
     1   CALL FAILED('PART 2: WRONG FINAL ENERGY')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_ROOTS'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_ROOTS: ', WHY
         STOP 1
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
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      COMMON /PROB/ IPROB, MODE, THK, THA, P0
      IF (IPROB .EQ. 1) THEN
         DELTA(1) = YPRIME(1) - Y(2)
         DELTA(2) = YPRIME(2) + 4.0*Y(1)
         DELTA(3) = YPRIME(3)
      ELSE
         DELTA(1) = YPRIME(1) + THK*(Y(1) - THA) - Y(2)
         DELTA(2) = Y(2) - REAL(MODE)*P0
         DELTA(3) = YPRIME(3) - Y(2)
      ENDIF
      RETURN
      END
C
      SUBROUTINE RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      DIMENSION Y(NEQ), YP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      COMMON /PROB/ IPROB, MODE, THK, THA, P0
      IF (IPROB .EQ. 1) THEN
         RVAL(1) = Y(1) + 0.5
         RVAL(2) = T - 2.0
      ELSE
         IF (MODE .EQ. 1) THEN
            RVAL(1) = Y(1) - 22.0
         ELSE
            RVAL(1) = Y(1) - 18.0
         ENDIF
C        A function that never vanishes in part 2.
         RVAL(2) = 1.0
      ENDIF
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_ROOTS: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL S_ROOTS: DUMMY PSOL WAS CALLED'
      STOP 1
      END
