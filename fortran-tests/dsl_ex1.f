C-----------------------------------------------------------------------
C     DSL_EX1 -- DSL48E state events: Example 1 of Mao & Petzold (2002,
C     seed 002), a switch thrown 69 times.
C
C        Y' = Y   while SIN(20*PI*T) >= 0,
C        Y' = 0   while SIN(20*PI*T) <  0,   Y(0) = 0.1, 0 <= T <= 3.5.
C
C     Augmented model (seed eqs. 10-11): Z = (Y, D), JYDOT = (1),
C        F1 = Y' - MODE*Y,   F2 = D - SIN(20*PI*T),
C     NC = 1 condition with ISC(1) = 1 function, ND = 1.  MODE (1 =
C     growing, 0 = held) is kept in IPAR(1); STCHANGE reports a
C     change when the function's truth value differs from MODE;
C     EVTDERIV returns D(1) = dF1/dT = 0, D(2) = dF2/dT =
C     -20*PI*COS(20*PI*T) and ALPHA = dg/dT = 20*PI*COS(20*PI*T).
C     At T = 0 the function is exactly 0, i.e. true: MODE = 1 and no
C     event there.  After each event the program switches MODE and
C     restarts with INFO(1) = 0, INFO(11) = 1 at TIME = TEVT.
C
C     Exact answers: the sign changes at T = K/20, K = 1..69, all of
C     them switch the mode (the one at 3.5 = 70/20 coincides with the
C     end); Y grows on 35 intervals of length 0.05, so
C        Y(3.5) = 0.1*EXP(1.75) = 0.575460267600573.
C     DASRT misses 16 of the events (the paper's Figure 5); the
C     discontinuity variable under error control and the interval
C     search of the seed's algorithm must find all 69.
C
C     Runs: RTOL = ATOL = 1D-5 (the paper's), JDTYPE = 0; RTOL = ATOL =
C     1D-8, JDTYPE = 1.  Interval mode, TOUT = 3.5.
C     Checks at every event (CDG = 10: |Delta g*| may be up to 10
C     error weights, "of the order of the error weight"):
C       - IDID = 1, IEVENT = 1, IDISCON = 1, TIME = TEVT;
C       - the K-th event at K/20: D = SIN(20*PI*T) exactly, so the
C         only offset is the polishing one, |TEVT - K/20| <=
C         CDG*(RTOL + ATOL)/(20*PI) (+1D-12);
C       - Z(2) strictly on its new side (< 0 when it became false,
C         >= 0 when true) and |Z(2)| <= CDG*(RTOL + ATOL);
C       - RES at (TIME, Z, ZDOT) in the OLD mode: |F(I)| <=
C         10*(RTOL*(|Z(I)| + |ZDOT(I)|) + ATOL);
C       - Y against the exact piecewise solution within 100*RTOL
C         relative (69 restarts of a BDF integration).
C     After the first event of the first run, a call with INFO(1) = 1
C     (continuing instead of restarting) must return IDID = -33 with
C     TIME and Z unchanged (the SPEC); then the normal restart.
C     At the end: IDID = 3 at TIME = 3.5, 69 events (a 70th is
C     accepted only within the time tolerance of 3.5), Y(3.5) within
C     100*RTOL relative, STCHANGE and EVTDERIV called at least once
C     per event, IWORK(17..18) within the SPEC's ceilings.
C     The last line printed is PASS DSL_EX1 or FAIL DSL_EX1: reason.
C-----------------------------------------------------------------------
      PROGRAM DSLEX1
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NX=1, NEJAC=2, NC=1, ND=1)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3*ND, LIW=40+2*NEQ+ND)
      PARAMETER (LIEVWK=2, LREVWK=6*ND+5+5*NEQ+40)
      PARAMETER (CDG=10.0D0, CRES=10.0D0)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(NC)
      DIMENSION BDUM(2,NEQ), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(2), DEL(NEQ)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /EXCNT/ NSTC, NEVD, NJACD
      EXTERNAL RES, JAC, SENDUM, STCH, EVTD
      DATA JROW / 1, 2 /
      DATA JCOL / 1, 2 /
      DATA JYDOT / 1 /
      DATA ISC / 1 /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      TEND = 3.5D0
      YEND = 0.1D0*EXP(1.75D0)
      NJYDOT = NX
C
      DO 500 IRUN = 1,2
         IF (IRUN .EQ. 1) THEN
            RTOL = 1.0D-5
            ATOL = 1.0D-5
            JDTYPE = 0
         ELSE
            RTOL = 1.0D-8
            ATOL = 1.0D-8
            JDTYPE = 1
         ENDIF
         TOLT = CDG*(RTOL + ATOL)/(20.0D0*PI) + 1.0D-12
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         NSTC = 0
         NEVD = 0
         NJACD = 0
         TIME = 0.0D0
         Z(1) = 0.1D0
         Z(2) = SIN(20.0D0*PI*TIME)
         ZDOT(1) = 0.1D0
         ZDOT(2) = 20.0D0*PI
         IPAR(1) = 1
         NEV = 0
         NCALL = 0
         ERRTMX = 0.0D0
         ERRYMX = 0.0D0
         WRITE(6,100) IRUN, RTOL, JDTYPE
 100     FORMAT(/' RUN',I2,': RTOL = ATOL =',1P,E8.1,0P,
     1          ' JDTYPE =',I2,', INTERVAL MODE TO T = 3.5')
C
 200     CONTINUE
         CALL DSL48E(RES, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         NCALL = NCALL + 1
         IF (IDID .LT. 0 .OR. NCALL .GT. 1000) THEN
            WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME, ' AFTER',
     1                 NEV, ' EVENTS'
            CALL FAILED('INTEGRATION FAILED')
            GO TO 400
         ENDIF
         IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW .OR.
     1       IWORK(17) .LE. 0 .OR. IWORK(18) .LE. 0)
     2      CALL FAILED('IWORK(17..18) UNSET OR ABOVE THE CEILINGS')
         IF (IEVENT .EQ. 0) THEN
            IF (IDID .NE. 3 .OR. TIME .NE. TEND) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('RETURN WITHOUT EVENT BEFORE TOUT')
            ENDIF
            GO TO 400
         ENDIF
C
C        ---- An event ----
         NEV = NEV + 1
         TEX = DBLE(NEV)/20.0D0
         ERRT = ABS(TIME - TEX)
         ERRTMX = MAX(ERRTMX, ERRT)
         YEX = YEXACT(TIME)
         ERRY = ABS(Z(1) - YEX)/YEX
         ERRYMX = MAX(ERRYMX, ERRY)
         IF (NEV .LE. 3 .OR. MOD(NEV,10) .EQ. 0 .OR. NEV .GE. 69)
     1      WRITE(6,110) NEV, TIME, TEX, Z(2), Z(1), YEX
 110     FORMAT('   EVENT',I3,' T =',F13.9,' (',F6.3,') D =',1P,E10.2,
     1          0P,' Y =',F11.8,' (',F11.8,')')
         IF (NEV .GT. 70 .OR. (NEV .EQ. 70 .AND. ERRT .GT. TOLT)) THEN
            CALL FAILED('MORE THAN 69 EVENTS BEFORE T = 3.5')
            GO TO 400
         ENDIF
         IF (IDID .NE. 1 .OR. IEVENT .NE. 1 .OR. IDISCON .NE. 1 .OR.
     1       TEVT .NE. TIME) THEN
            WRITE(6,*) '  IDID, IEVENT, IDISCON, TEVT =', IDID, IEVENT,
     1                 IDISCON, TEVT
            CALL FAILED('EVENT RETURN: IDID/IEVENT/IDISCON/TEVT WRONG')
         ENDIF
         IF (ERRT .GT. TOLT) THEN
            WRITE(6,*) '  EVENT', NEV, ' AT', TIME, ' EXPECTED', TEX
            CALL FAILED('EVENT TIME WRONG (MISSED OR EXTRA EVENT?)')
            GO TO 400
         ENDIF
C        New side: it was true (>= 0) in MODE 1, false in MODE 0.
         IF ((IPAR(1) .EQ. 1 .AND. Z(2) .GE. 0.0D0) .OR.
     1       (IPAR(1) .EQ. 0 .AND. Z(2) .LT. 0.0D0)) THEN
            WRITE(6,*) '  EVENT', NEV, ' MODE', IPAR(1), ' D =', Z(2)
            CALL FAILED('DISCONTINUITY VARIABLE NOT ON ITS NEW SIDE')
         ENDIF
         IF (ABS(Z(2)) .GT. CDG*(RTOL + ATOL)) THEN
            WRITE(6,*) '  EVENT', NEV, ' D =', Z(2)
            CALL FAILED('|DELTA G*| ABOVE 10 ERROR WEIGHTS')
         ENDIF
C        Consistency in the old mode.
         IRES = 0
         CALL RES(NEQ, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
         DO 210 I = 1,NEQ
            IF (ABS(DEL(I)) .GT. CRES*(RTOL*(ABS(Z(I)) + ABS(ZDOT(I)))
     1          + ATOL)) THEN
               WRITE(6,*) '  EVENT', NEV, ' RESIDUAL', I, DEL(I)
               CALL FAILED('Z, ZDOT NOT CONSISTENT AT THE EVENT')
            ENDIF
 210     CONTINUE
C        After the first event of run 1: continuing with INFO(1) = 1
C        instead of restarting is rejected (IDID = -33, nothing moved).
         IF (IRUN .EQ. 1 .AND. NEV .EQ. 1) THEN
            TSAVE = TIME
            ZS1 = Z(1)
            ZS2 = Z(2)
            INFO(1) = 1
            CALL DSL48E(RES, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCH, EVTD)
            WRITE(6,115) IDID
 115        FORMAT('   INFO(1) = 1 AFTER THE EVENT: IDID =',I4)
            IF (IDID .NE. -33)
     1         CALL FAILED('INFO(1) = 1 AFTER AN EVENT NOT REJECTED')
            IF (TIME .NE. TSAVE .OR. Z(1) .NE. ZS1 .OR. Z(2) .NE. ZS2)
     1         CALL FAILED('THE REJECTED CALL MOVED TIME OR Z')
         ENDIF
C        Switch the mode and restart.
         IPAR(1) = 1 - IPAR(1)
         INFO(1) = 0
         INFO(11) = 1
         IF (TEND - TIME .LE. 1.0D-12) GO TO 400
         GO TO 200
C
 400     CONTINUE
         ERRE = ABS(Z(1) - YEND)/YEND
         WRITE(6,120) IDID, TIME, NEV, Z(1), YEND, ERRE, ERRTMX,
     1        ERRYMX, NSTC, NEVD, NJACD, (IWORK(I),I=11,15),
     2        IWORK(17), IWORK(18)
 120     FORMAT(' END: IDID =',I3,' T =',F6.3,' EVENTS =',I3,' Y =',
     1          F14.11,' (',F14.11,')'/'   REL. ERROR OF Y(3.5) =',1P,
     2          E9.2,' LARGEST EVENT TIME ERROR =',E9.2,
     3          ' LARGEST REL. ERROR OF Y AT EVENTS =',E9.2/0P,
     4          '   STCHANGE CALLS =',I5,' EVTDERIV CALLS =',I5,
     5          ' JAC CALLS =',I5/'   LAST RESTART: NST =',I5,
     6          ' NRE =',I5,' NJE =',I4,' NETF =',I3,' NCFN =',I3,
     7          ' LENIW =',I4,' LENRW =',I4)
         IF (NEV .NE. 69 .AND. NEV .NE. 70)
     1      CALL FAILED('NOT 69 EVENTS')
         IF (ERRE .GT. 100.0D0*RTOL) CALL FAILED('Y(3.5) WRONG')
         IF (ERRYMX .GT. 100.0D0*RTOL) CALL FAILED('Y AT EVENTS WRONG')
         IF (NSTC .LT. NEV .OR. NEVD .LT. NEV)
     1      CALL FAILED('STCHANGE/EVTDERIV NOT CALLED FOR EVERY EVENT')
         IF (JDTYPE .EQ. 0 .AND. NJACD .NE. 0)
     1      CALL FAILED('JAC CALLED WITH JDTYPE = 0')
         IF (JDTYPE .EQ. 1 .AND. NJACD .EQ. 0)
     1      CALL FAILED('JAC NEVER CALLED WITH JDTYPE = 1')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_EX1'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_EX1: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
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
      DOUBLE PRECISION FUNCTION YEXACT(T)
C     0.1*EXP(time spent in the growing intervals [M/10, M/10+0.05]
C     up to T).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      G = 0.0D0
      DO 10 M = 0,40
         A = DBLE(M)/10.0D0
         B = A + 0.05D0
         IF (T .GT. A) G = G + MIN(T, B) - A
 10   CONTINUE
      YEXACT = 0.1D0*EXP(G)
      RETURN
      END
C
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     The locked model: MODE = IPAR(1).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      PI = 4.0D0*ATAN(1.0D0)
      DELTA(1) = ZDOT(1) - DBLE(IPAR(1))*Z(1)
      DELTA(2) = Z(2) - SIN(20.0D0*PI*T)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /EXCNT/ NSTC, NEVD, NJACD
      NJACD = NJACD + 1
      DO 10 K = 1,NEJAC
         IF (JROW(K) .EQ. 1) PD(K) = CJ - DBLE(IPAR(1))
         IF (JROW(K) .EQ. 2) PD(K) = 1.0D0
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     The condition SIN(20*PI*T) >= 0 differs from the locked mode.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /EXCNT/ NSTC, NEVD, NJACD
      NSTC = NSTC + 1
      IF (ISTATE .NE. 1 .OR. NDI .NE. 1) THEN
         WRITE(6,'(A)') 'FAIL DSL_EX1: STCHANGE WITH WRONG ISTATE/NDI'
         STOP 1
      ENDIF
      ICHANGE = 0
      IF (IG(1) .NE. IPAR(1)) ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     D = dF/dT (explicit), ALPHA = dg/dT (explicit).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /EXCNT/ NSTC, NEVD, NJACD
      NEVD = NEVD + 1
      PI = 4.0D0*ATAN(1.0D0)
      ICODE = 0
      D(1) = 0.0D0
      D(2) = -20.0D0*PI*COS(20.0D0*PI*TIME)
      ALPHA = 20.0D0*PI*COS(20.0D0*PI*TIME)
      RETURN
      END
C
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_EX1: SENRHS WAS CALLED'
      STOP 1
      END
