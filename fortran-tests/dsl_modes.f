C-----------------------------------------------------------------------
C     DSL_MODES -- DSL48E options and state handling, NC = 0.
C
C     Problem A (NEQ = 3, JYDOT = (1,2), full 3x3 pattern including
C     structural zeros, JDTYPE = 0):
C        X1' = X2,  X2' = -X1,  Y = X1**2 + X2**2   (algebraic)
C        from (0, 1, 1): X1 = SIN T, X2 = COS T, Y = 1.
C     Problem B (NEQ = 2, Van der Pol, MU = 0.5, JDTYPE = 1):
C        U' = W,  W' = -U + MU*(1 - U**2)*W,  from (2, 0).
C     RTOL = ATOL = 1D-6.  Work arrays at the SPEC's ceilings
C     (LRW = 60+10*NEQ+NEJAC, LIW = 40+2*NEQ), LIEVWK = NEQ and
C     LREVWK = Q + 5*NEQ + 40 (ND = 0) with Q = 5, or Q = 2 where
C     MAXORD = 2 (the seed's minimum with q = IWORK(3)).
C
C     1. TSTOP (INFO(4) = 1, RWORK(1)), one-step mode, TOUT = TSTOP =
C        2.5: every return has TIME <= TSTOP, the last one TIME =
C        TSTOP exactly (IDID = 2 or 3); then TSTOP = TOUT = 4 on a
C        continuation call (INFO(1) = 1): the same up to 4.  The
C        solution at 2.5 and 4 is checked against SIN, COS, 1.
C     2. HMAX (INFO(7) = 1, RWORK(2) = 0.05), one-step mode to T = 2:
C        every step TIME - TPREV <= HMAX and the step used, RWORK(7),
C        <= HMAX (relative slack 1D-12), at least 40 steps (RWORK(3),
C        the step to be tried next, is cut to HMAX only at the next
C        call in DASKR, so it is not checked).  Then
C        HMAX = +Inf (no limit, as in DASKR): every return identical
C        bit for bit to a run without INFO(7).
C     3. H0 (INFO(8) = 1, RWORK(3) = 1D-4): the first one-step return
C        is at TIME = H0 exactly (a step of 1D-4 passes the error test
C        easily here) and RWORK(7) = H0.
C     4. MAXORD (INFO(9) = 1, IWORK(3) = 2, LREVWK with q = 2): in
C        one-step mode to T = 3, IWORK(7) and IWORK(8) <= 2 after every
C        return and order 2 is reached; solution checked against
C        1000*(RTOL*|V| + ATOL) (order 2 needs several hundred steps,
C        and the global error grows with the number of steps).
C     5. Checkpoint/restore: problem A, one-step mode; after 40 steps
C        RWORK, IWORK, Z, ZDOT, TIME and INFO are copied; 30 more
C        returns are recorded (IDID, TIME, Z, ZDOT, IWORK(7,8,11..15),
C        RWORK(3,4,7)); the copies are restored into the same arrays
C        (IEVWK/REVWK filled with garbage first: they are scratch)
C        and, separately, into a second set of arrays; both continue
C        30 returns: identical bit for bit.  Also TIME = RWORK(4) (TN)
C        at every IDID = 1 return.
C     6. Interleaving: A and B each run alone for 40 one-step returns
C        (traces recorded), then both again from the start with their
C        calls alternating A, B, A, B, ... in their own arrays:
C        identical bit for bit to the separate runs.
C     Solution checks use 100*(RTOL*|V| + ATOL) (global BDF error)
C     unless stated otherwise.  IEVWK and REVWK are shared by A and B
C     in part 6 (they are scratch: nothing in them survives a call).
C     The last line printed is PASS DSL_MODES or FAIL DSL_MODES: ...
C-----------------------------------------------------------------------
      PROGRAM DSLMOD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NA=3, NEJA=9, LRWA=60+10*NA+NEJA, LIWA=40+2*NA)
      PARAMETER (NB=2, NEJB=4, LRWB=60+10*NB+NEJB, LIWB=40+2*NB)
      PARAMETER (LIEV=NA, LREV5=5+5*NA+40, LREV2=2+5*NA+40)
      PARAMETER (NREC=30, NREC6=40)
      DIMENSION ZA(NA), ZPA(NA), INFOA(20), RWA(LRWA), IWA(LIWA)
      DIMENSION ZB(NB), ZPB(NB), INFOB(20), RWB(LRWB), IWB(LIWB)
      DIMENSION ZS(NA), ZPS(NA), INFOS(20), RWS(LRWA), IWS(LIWA)
      DIMENSION Z2(NA), ZP2(NA), INFO2(20), RW2(LRWA), IW2(LIWA)
      DIMENSION IEVWK(LIEV), REVWK(LREV5)
      DIMENSION TR1(10,NREC), TR2(10,NREC), TR3(10,NREC)
      DIMENSION ITR1(8,NREC), ITR2(8,NREC), ITR3(8,NREC)
      DIMENSION TRA(10,NREC6), TRB(10,NREC6), TRA2(10,NREC6)
      DIMENSION TRB2(10,NREC6), ITRA(8,NREC6), ITRB(8,NREC6)
      DIMENSION ITRA2(8,NREC6), ITRB2(8,NREC6)
      DIMENSION TH(500), ZH(NA,500), TD(500), ZD(NA,500)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
C
      OK = .TRUE.
      WHY = ' '
      ZERO = 0.0D0
      CALL INFDIV(ZERO, XINF)
C
C     ---------------- 1. TSTOP ----------------
      WRITE(6,'(/A)') ' 1. TSTOP'
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      INFOA(4) = 1
      DO 120 ISTOP = 1,2
         IF (ISTOP .EQ. 1) TSTOP = 2.5D0
         IF (ISTOP .EQ. 2) TSTOP = 4.0D0
         RWA(1) = TSTOP
         TOUT = TSTOP
         NRET = 0
 110     CONTINUE
         CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1        LREV5, REVWK, IDID)
         NRET = NRET + 1
         IF (IDID .LT. 0 .OR. NRET .GT. 2000) THEN
            WRITE(6,*) '  IDID =', IDID, ' TIME =', TIME
            CALL FAILED('TSTOP RUN FAILED')
            GO TO 190
         ENDIF
         IF (TIME .GT. TSTOP) THEN
            WRITE(6,*) '  TIME =', TIME, ' TSTOP =', TSTOP
            CALL FAILED('A RETURN BEYOND TSTOP')
         ENDIF
         IF (IDID .EQ. 1) GO TO 110
         WRITE(6,130) TSTOP, IDID, TIME, NRET, IWA(11), (ZA(I),I=1,3)
 130     FORMAT('   TSTOP =',F5.2,': LAST IDID =',I3,' AT TIME =',
     1          F20.16,','/'     RETURNS =',I5,' NST =',I5,' Z =',
     2          3F13.9)
         IF ((IDID .NE. 2 .AND. IDID .NE. 3) .OR. TIME .NE. TSTOP)
     1      CALL FAILED('TSTOP NOT REACHED EXACTLY WITH IDID 2 OR 3')
         CALL CHKA(TIME, ZA, 'TSTOP', 1.0D2)
         INFOA(1) = 1
 120  CONTINUE
 190  CONTINUE
C
C     ---------------- 2. HMAX ----------------
      WRITE(6,'(/A)') ' 2. HMAX'
      HMAX = 0.05D0
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      INFOA(7) = 1
      RWA(2) = HMAX
      TOUT = 2.0D0
      TPREV = TIME
      NST = 0
      HBIG = 0.0D0
 210  CONTINUE
      CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     LREV5, REVWK, IDID)
      IF (IDID .LT. 0 .OR. NST .GT. 2000) THEN
         WRITE(6,*) '  IDID =', IDID, ' TIME =', TIME
         CALL FAILED('HMAX RUN FAILED')
         GO TO 290
      ENDIF
      NST = NST + 1
      HBIG = MAX(HBIG, TIME - TPREV, ABS(RWA(7)))
      TPREV = TIME
      IF (IDID .EQ. 1) GO TO 210
      WRITE(6,220) HMAX, NST, IWA(11), HBIG
 220  FORMAT('   HMAX =',F6.3,': RETURNS =',I5,' NST =',I5,
     1       ' LARGEST STEP SEEN =',F10.6)
      IF (HBIG .GT. HMAX*(1.0D0 + 1.0D-12))
     1   CALL FAILED('A STEP LONGER THAN HMAX')
      IF (IWA(11) .LT. 40) CALL FAILED('FEWER STEPS THAN T/HMAX')
      CALL CHKA(TIME, ZA, 'HMAX', 1.0D2)
C     HMAX = +Inf against no HMAX, bit for bit.
      DO 260 IRUN = 1,2
         CALL STARTA(TIME, ZA, ZPA, INFOA)
         INFOA(3) = 1
         IF (IRUN .EQ. 2) THEN
            INFOA(7) = 1
            RWA(2) = XINF
         ENDIF
         TOUT = 6.0D0
         NH = 0
 230     CONTINUE
         CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1        LREV5, REVWK, IDID)
         IF (IDID .LT. 0 .OR. NH .GE. 500) THEN
            WRITE(6,*) '  IDID =', IDID, ' TIME =', TIME
            CALL FAILED('HMAX = +INF RUN FAILED')
            GO TO 290
         ENDIF
         NH = NH + 1
         IF (IRUN .EQ. 1) THEN
            TH(NH) = TIME
            DO 240 I = 1,NA
               ZH(I,NH) = ZA(I)
 240        CONTINUE
            NH1 = NH
         ELSE
            TD(NH) = TIME
            DO 250 I = 1,NA
               ZD(I,NH) = ZA(I)
 250        CONTINUE
         ENDIF
         IF (IDID .EQ. 1) GO TO 230
 260  CONTINUE
      NDIFF = 0
      IF (NH .NE. NH1) NDIFF = 1
      DO 280 K = 1,MIN(NH,NH1)
         IF (TH(K) .NE. TD(K)) NDIFF = NDIFF + 1
         DO 270 I = 1,NA
            IF (ZH(I,K) .NE. ZD(I,K)) NDIFF = NDIFF + 1
 270     CONTINUE
 280  CONTINUE
      WRITE(6,285) NH1, NH, NDIFF
 285  FORMAT('   NO HMAX:',I5,' RETURNS; HMAX = +INF:',I5,
     1       ' RETURNS; DIFFERENCES:',I5)
      IF (NDIFF .NE. 0)
     1   CALL FAILED('HMAX = +INF DIFFERS FROM NO HMAX')
 290  CONTINUE
C
C     ---------------- 3. H0 ----------------
      WRITE(6,'(/A)') ' 3. H0'
      H0 = 1.0D-4
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      INFOA(8) = 1
      RWA(3) = H0
      TOUT = 1.0D0
      CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     LREV5, REVWK, IDID)
      WRITE(6,310) H0, IDID, TIME, RWA(7), IWA(11)
 310  FORMAT('   H0 =',1P,E9.2,': FIRST RETURN IDID =',I3,' TIME =',
     1       E22.15,' HOLD =',E22.15,' NST =',I3)
      IF (IDID .NE. 1 .OR. TIME .NE. H0 .OR. RWA(7) .NE. H0)
     1   CALL FAILED('FIRST STEP IS NOT H0')
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     LREV5, REVWK, IDID)
      WRITE(6,320) TIME
 320  FORMAT('   WITHOUT H0 THE FIRST STEP ENDS AT',1P,E22.15)
C
C     ---------------- 4. MAXORD = 2 ----------------
      WRITE(6,'(/A)') ' 4. MAXORD = 2'
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      INFOA(9) = 1
      IWA(3) = 2
      TOUT = 3.0D0
      KMAX = 0
      NRET = 0
 410  CONTINUE
      CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     LREV2, REVWK, IDID)
      NRET = NRET + 1
      IF (IDID .LT. 0 .OR. NRET .GT. 5000) THEN
         WRITE(6,*) '  IDID =', IDID, ' TIME =', TIME
         CALL FAILED('MAXORD RUN FAILED')
         GO TO 490
      ENDIF
      KMAX = MAX(KMAX, IWA(7), IWA(8))
      IF (IDID .EQ. 1) GO TO 410
      WRITE(6,420) NRET, IWA(11), KMAX, LREV2
 420  FORMAT('   RETURNS =',I5,' NST =',I5,' HIGHEST ORDER SEEN =',I2,
     1       '  (LREVWK =',I4,')')
      IF (KMAX .NE. 2) CALL FAILED('ORDER NOT CAPPED AT OR NOT AT 2')
      CALL CHKA(TIME, ZA, 'MAXORD', 1.0D3)
 490  CONTINUE
C
C     ---------------- 5. Checkpoint / restore ----------------
      WRITE(6,'(/A)') ' 5. CHECKPOINT / RESTORE'
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      TOUT = 100.0D0
      DO 510 K = 1,40
         CALL DSLA(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1        LREV5, REVWK, IDID)
         IF (IDID .NE. 1) THEN
            CALL FAILED('CHECKPOINT RUN: IDID NOT 1')
            GO TO 590
         ENDIF
 510  CONTINUE
      CALL SAVEST(NA, LRWA, LIWA, TIME, ZA, ZPA, INFOA, RWA, IWA,
     1     TS, ZS, ZPS, INFOS, RWS, IWS)
      CALL RECRUN(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     REVWK, TR1, ITR1, NREC)
C     Restore into the same arrays, scratch filled with garbage.
      CALL SAVEST(NA, LRWA, LIWA, TS, ZS, ZPS, INFOS, RWS, IWS,
     1     TIME, ZA, ZPA, INFOA, RWA, IWA)
      DO 520 I = 1,LIEV
         IEVWK(I) = -987654321
 520  CONTINUE
      DO 530 I = 1,LREV5
         REVWK(I) = -1.2345D300
 530  CONTINUE
      CALL RECRUN(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     REVWK, TR2, ITR2, NREC)
C     Restore into a second set of arrays.
      CALL SAVEST(NA, LRWA, LIWA, TS, ZS, ZPS, INFOS, RWS, IWS,
     1     T2, Z2, ZP2, INFO2, RW2, IW2)
      CALL RECRUN(T2, Z2, ZP2, TOUT, INFO2, RW2, IW2, IEVWK,
     1     REVWK, TR3, ITR3, NREC)
      N12 = NDIFTR(TR1, ITR1, TR2, ITR2, NREC)
      N13 = NDIFTR(TR1, ITR1, TR3, ITR3, NREC)
      WRITE(6,540) NREC, TS, TR1(1,NREC), N12, N13
 540  FORMAT('  ',I3,' RETURNS RECORDED AFTER THE CHECKPOINT AT T =',
     1       F9.5,' UP TO T =',F9.5/
     2       '   DIFFERENCES: SAME ARRAYS',I4,', NEW ARRAYS',I4)
      IF (N12 .NE. 0) CALL FAILED('RESTORE INTO SAME ARRAYS DIFFERS')
      IF (N13 .NE. 0) CALL FAILED('RESTORE INTO NEW ARRAYS DIFFERS')
 590  CONTINUE
C
C     ---------------- 6. Interleaving A and B ----------------
      WRITE(6,'(/A)') ' 6. TWO PROBLEMS INTERLEAVED'
      TOUT = 100.0D0
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      CALL RECRUN(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1     REVWK, TRA, ITRA, NREC6)
      CALL STARTB(TIMEB, ZB, ZPB, INFOB)
      INFOB(3) = 1
      CALL RECRNB(TIMEB, ZB, ZPB, TOUT, INFOB, RWB, IWB, IEVWK,
     1     REVWK, TRB, ITRB, NREC6)
      CALL STARTA(TIME, ZA, ZPA, INFOA)
      INFOA(3) = 1
      CALL STARTB(TIMEB, ZB, ZPB, INFOB)
      INFOB(3) = 1
      DO 610 K = 1,NREC6
         CALL RECRUN(TIME, ZA, ZPA, TOUT, INFOA, RWA, IWA, IEVWK,
     1        REVWK, TRA2(1,K), ITRA2(1,K), 1)
         CALL RECRNB(TIMEB, ZB, ZPB, TOUT, INFOB, RWB, IWB, IEVWK,
     1        REVWK, TRB2(1,K), ITRB2(1,K), 1)
 610  CONTINUE
      NDA = NDIFTR(TRA, ITRA, TRA2, ITRA2, NREC6)
      NDB = NDIFTR(TRB, ITRB, TRB2, ITRB2, NREC6)
      WRITE(6,620) NREC6, TRA(1,NREC6), TRB(1,NREC6), NDA, NDB
 620  FORMAT('  ',I3,' RETURNS EACH (A TO T =',F8.4,', B TO T =',F8.4,
     1       ')'/'   DIFFERENCES INTERLEAVED AGAINST ALONE: A',I4,
     2       ', B',I4)
      IF (NDA .NE. 0 .OR. NDB .NE. 0)
     1   CALL FAILED('INTERLEAVED RUNS DIFFER FROM SEPARATE RUNS')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_MODES'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_MODES: ', WHY
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
      SUBROUTINE INFDIV(ZERO, XINF)
C     +Inf from its bit pattern (no floating-point exception is raised
C     making it, so the program also runs with -ffpe-trap); ZERO is not
C     used.
      DOUBLE PRECISION ZERO, XINF, D
      INTEGER*8 K
      EQUIVALENCE (D, K)
      SAVE D
      DATA K /Z'7FF0000000000000'/
      XINF = D
      RETURN
      END
C
      SUBROUTINE STARTA(TIME, Z, ZP, INFO)
C     Problem A at T = 0: consistent values, INFO = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(3), ZP(3), INFO(20)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      TIME = 0.0D0
      Z(1) = 0.0D0
      Z(2) = 1.0D0
      Z(3) = 1.0D0
      ZP(1) = 1.0D0
      ZP(2) = 0.0D0
      ZP(3) = 0.0D0
      RETURN
      END
C
      SUBROUTINE STARTB(TIME, Z, ZP, INFO)
C     Problem B at T = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(2), ZP(2), INFO(20)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      TIME = 0.0D0
      Z(1) = 2.0D0
      Z(2) = 0.0D0
      ZP(1) = 0.0D0
      ZP(2) = -2.0D0
      RETURN
      END
C
      SUBROUTINE CHKA(T, Z, NAME, FAC)
C     Problem A against SIN, COS, 1 within FAC*(RTOL*|V|+ATOL).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      DIMENSION Z(3), ZEX(3)
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      ZEX(1) = SIN(T)
      ZEX(2) = COS(T)
      ZEX(3) = 1.0D0
      E = 0.0D0
      DO 10 I = 1,3
         E = MAX(E, ABS(Z(I) - ZEX(I))/(RTOL*ABS(ZEX(I)) + ATOL))
 10   CONTINUE
      WRITE(6,100) NAME, T, E
 100  FORMAT('   ',A,': AT T =',F8.4,' ERROR / (RTOL*|V|+ATOL) =',
     1       1P,E10.2)
      IF (E .GT. FAC) CALL FAILED('PROBLEM A SOLUTION WRONG')
      RETURN
      END
C
      SUBROUTINE DSLA(TIME, Z, ZDOT, TOUT, INFO, RWORK, IWORK, IEVWK,
     1                LREVWK, REVWK, IDID)
C     One DSL48E call for problem A.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NEJAC=9, LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(2), ISC(1), BDUM(2,3)
      DIMENSION RPAR(1), IPAR(1)
      EXTERNAL RESA, SENDUM, JDUM, STCDUM, EVTDUM
      DATA JROW / 1, 2, 3, 1, 2, 3, 1, 2, 3 /
      DATA JCOL / 1, 1, 1, 2, 2, 2, 3, 3, 3 /
      DATA JYDOT / 1, 2 /
      DATA ISC / 0 /
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      CALL DSL48E(RESA, SENDUM, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1     RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2     JDUM, NEJAC, JROW, JCOL, JYDOT, 2, 0, BDUM,
     3     IEVENT, IDISCON, 0, 0, ISC, TEVT, LIEVWK, IEVWK,
     4     LREVWK, REVWK, STCDUM, EVTDUM)
      IF (IEVENT .NE. 0) CALL FAILED('IEVENT /= 0 WITH NC = 0')
      IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW)
     1   CALL FAILED('IWORK(17..18) ABOVE THE SPEC CEILINGS')
      RETURN
      END
C
      SUBROUTINE DSLB(TIME, Z, ZDOT, TOUT, INFO, RWORK, IWORK, IEVWK,
     1                LREVWK, REVWK, IDID)
C     One DSL48E call for problem B (user Jacobian).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NEJAC=4, LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(2), ISC(1), BDUM(2,2)
      DIMENSION RPAR(1), IPAR(1)
      EXTERNAL RESB, SENDUM, JACB, STCDUM, EVTDUM
      DATA JROW / 1, 2, 1, 2 /
      DATA JCOL / 1, 1, 2, 2 /
      DATA JYDOT / 2, 1 /
      DATA ISC / 0 /
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      RPAR(1) = 0.5D0
      CALL DSL48E(RESB, SENDUM, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1     RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2     JACB, NEJAC, JROW, JCOL, JYDOT, 2, 1, BDUM,
     3     IEVENT, IDISCON, 0, 0, ISC, TEVT, LIEVWK, IEVWK,
     4     LREVWK, REVWK, STCDUM, EVTDUM)
      IF (IEVENT .NE. 0) CALL FAILED('IEVENT /= 0 WITH NC = 0')
      RETURN
      END
C
      SUBROUTINE RECRUN(TIME, Z, ZDOT, TOUT, INFO, RWORK, IWORK,
     1                  IEVWK, REVWK, TR, ITR, NR)
C     NR one-step returns of problem A, recorded in TR/ITR.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NEJAC=9, LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LREV5=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION IEVWK(*), REVWK(*), TR(10,NR), ITR(8,NR)
      DO 20 K = 1,NR
         CALL DSLA(TIME, Z, ZDOT, TOUT, INFO, RWORK, IWORK, IEVWK,
     1        LREV5, REVWK, IDID)
         IF (IDID .NE. 1) CALL FAILED('RECORDED RUN A: IDID NOT 1')
         IF (IDID .EQ. 1 .AND. TIME .NE. RWORK(4))
     1      CALL FAILED('ONE-STEP RETURN: TIME IS NOT RWORK(4) (TN)')
         TR(1,K) = TIME
         DO 10 I = 1,NEQ
            TR(1+I,K) = Z(I)
            TR(4+I,K) = ZDOT(I)
 10      CONTINUE
         TR(8,K) = RWORK(3)
         TR(9,K) = RWORK(4)
         TR(10,K) = RWORK(7)
         ITR(1,K) = IDID
         ITR(2,K) = IWORK(7)
         ITR(3,K) = IWORK(8)
         ITR(4,K) = IWORK(11)
         ITR(5,K) = IWORK(12)
         ITR(6,K) = IWORK(13)
         ITR(7,K) = IWORK(14)
         ITR(8,K) = IWORK(15)
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE RECRNB(TIME, Z, ZDOT, TOUT, INFO, RWORK, IWORK,
     1                  IEVWK, REVWK, TR, ITR, NR)
C     NR one-step returns of problem B, recorded in TR/ITR.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NEJAC=4, LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LREV5=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION IEVWK(*), REVWK(*), TR(10,NR), ITR(8,NR)
      DO 20 K = 1,NR
         CALL DSLB(TIME, Z, ZDOT, TOUT, INFO, RWORK, IWORK, IEVWK,
     1        LREV5, REVWK, IDID)
         IF (IDID .NE. 1) CALL FAILED('RECORDED RUN B: IDID NOT 1')
         TR(1,K) = TIME
         DO 10 I = 1,NEQ
            TR(1+I,K) = Z(I)
            TR(4+I,K) = ZDOT(I)
 10      CONTINUE
         TR(4,K) = 0.0D0
         TR(7,K) = 0.0D0
         TR(8,K) = RWORK(3)
         TR(9,K) = RWORK(4)
         TR(10,K) = RWORK(7)
         ITR(1,K) = IDID
         ITR(2,K) = IWORK(7)
         ITR(3,K) = IWORK(8)
         ITR(4,K) = IWORK(11)
         ITR(5,K) = IWORK(12)
         ITR(6,K) = IWORK(13)
         ITR(7,K) = IWORK(14)
         ITR(8,K) = IWORK(15)
 20   CONTINUE
      RETURN
      END
C
      INTEGER FUNCTION NDIFTR(TA, ITA, TB, ITB, NR)
C     Number of entries in which two traces differ (bit for bit).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION TA(10,NR), TB(10,NR), ITA(8,NR), ITB(8,NR)
      NDIFTR = 0
      DO 30 K = 1,NR
         DO 10 I = 1,10
            IF (TA(I,K) .NE. TB(I,K)) NDIFTR = NDIFTR + 1
 10      CONTINUE
         DO 20 I = 1,8
            IF (ITA(I,K) .NE. ITB(I,K)) NDIFTR = NDIFTR + 1
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
      SUBROUTINE SAVEST(N, LRW, LIW, T, Z, ZP, INFO, RW, IW,
     1                  TC, ZC, ZPC, INFOC, RWC, IWC)
C     Copy an integration's state (T, Z, ZP, INFO, RW, IW) to TC, ...
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(N), ZP(N), INFO(20), RW(LRW), IW(LIW)
      DIMENSION ZC(N), ZPC(N), INFOC(20), RWC(LRW), IWC(LIW)
      TC = T
      DO 10 I = 1,N
         ZC(I) = Z(I)
         ZPC(I) = ZP(I)
 10   CONTINUE
      DO 20 I = 1,20
         INFOC(I) = INFO(I)
 20   CONTINUE
      DO 30 I = 1,LRW
         RWC(I) = RW(I)
 30   CONTINUE
      DO 40 I = 1,LIW
         IWC(I) = IW(I)
 40   CONTINUE
      RETURN
      END
C
      SUBROUTINE RESA(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     Problem A.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) - Z(2)
      DELTA(2) = ZDOT(2) + Z(1)
      DELTA(3) = Z(3) - Z(1)**2 - Z(2)**2
      RETURN
      END
C
      SUBROUTINE RESB(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     Problem B (Van der Pol, MU = RPAR(1)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) - Z(2)
      DELTA(2) = ZDOT(2) + Z(1) - RPAR(1)*(1.0D0 - Z(1)**2)*Z(2)
      RETURN
      END
C
      SUBROUTINE JACB(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1                RPAR, IPAR)
C     Problem B: PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      DO 10 K = 1,NEJAC
         I = JROW(K)
         J = JCOL(K)
         IF (I .EQ. 1 .AND. J .EQ. 1) PD(K) = CJ
         IF (I .EQ. 1 .AND. J .EQ. 2) PD(K) = -1.0D0
         IF (I .EQ. 2 .AND. J .EQ. 1)
     1      PD(K) = 1.0D0 + 2.0D0*RPAR(1)*Z(1)*Z(2)
         IF (I .EQ. 2 .AND. J .EQ. 2)
     1      PD(K) = CJ - RPAR(1)*(1.0D0 - Z(1)**2)
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called.
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_MODES: SENRHS WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE JDUM(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1                RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_MODES: JAC CALLED WITH JDTYPE = 0'
      STOP 1
      END
C
      SUBROUTINE STCDUM(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                  RPAR, IPAR, NDI, IG)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_MODES: STCHANGE CALLED WITH NC = 0'
      STOP 1
      END
C
      SUBROUTINE EVTDUM(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                  Z, ZDOT, RPAR, IPAR, D, ALPHA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_MODES: EVTDERIV CALLED WITH NC = 0'
      STOP 1
      END
