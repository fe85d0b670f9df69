C-----------------------------------------------------------------------
C     CONTINUATION -- inputs re-checked on continuation calls, HMAX =
C     +Inf, damaged work arrays, and user routines that return NaN.
C
C     Problem: Y1' = -Y1 - Y2, Y2' = Y1 - Y2, Y(0) = (1,0), exact
C     solution Y1 = EXP(-T)*COS(T), Y2 = EXP(-T)*SIN(T); root function
C     R = Y1 (roots at PI/2, 3*PI/2, 5*PI/2); vector tolerances
C     RTOL = ATOL = 1.0D-8 (INFO(2) = 1); output every 0.1 up to T = 10;
C     every root return (IDID = 5) is continued.
C
C     Every array passed to DDASKR (RWORK, IWORK, Y, YPRIME, RTOL,
C     ATOL, INFO, JROOT) is the middle of a larger array: NG guard
C     words before and after it hold a sentinel that must survive
C     every call.  LRW and LIW are DASKR's minimum formulas.  After
C     every call with IDID > 0, T, Y and YPRIME must be finite.
C
C     A. HMAX = +Inf (RWORK(2), INFO(7) = 1, the bit pattern of +Inf
C        set at run time) integrates exactly like INFO(7) = 0: every
C        return (IDID, T, Y, YPRIME, JROOT, H, HOLD, K, KOLD, the
C        counters IWORK(11..21) and IWORK(36)) identical bit for bit.
C        HMAX = NaN, 0, -0.0 and -1 on a first call give IDID = -33
C        (under XSETF(0): nothing printed between the SILENT markers)
C        with T, Y, YPRIME unchanged; HMAX = NaN once more between
C        LOUD markers to show the message.
C     B. One run with HMAX = +Inf in which, at 53 of the 100 output
C        points, one input is changed before the next continuation
C        call: NEQ raised and lowered, NRT raised and lowered,
C        IWORK(3) (MAXORD), INFO(5), INFO(6), INFO(12), INFO(16)
C        switched, LRW/LIW one below LENRW/LENIW, TOUT behind T,
C        TOUT = T, TOUT = NaN, TSTOP behind T, behind TOUT, NaN,
C        RTOL < 0, RTOL = NaN, ATOL < 0, ATOL = +Inf, RTOL = ATOL = 0,
C        INFO(1..3,10,11,18) out of range, HMAX = NaN, 0, -0.0, -1,
C        T = NaN, a second call with INFO(1) still -1, and (C) the
C        damaged work arrays below.  Each call must give IDID = -33
C        and INFO(1) = -1, leave T and every guard word alone, write
C        nothing into RWORK, IWORK, Y, YPRIME (but IWORK(10), NSTL),
C        and print a message with the expected text (the messages go
C        to unit 21 with XSETUN(21) and are read back; the loop runs
C        between SILENT markers).  Exception, as in DASKR: a bad TOUT
C        or TSTOP is found after the root check of the continuation
C        call (DRCHEK(2)), which may call RT and leave Y, YPRIME at
C        its last point and its own state changed (counted as ROOT
C        STATE).  Then the changed input is restored (only the words
C        the change touched), INFO(1) = 1, and the run continues.  At
C        T = 10 the answer must match the exact solution, and the run
C        must equal part A's reference run bit for bit (NRTE apart).
C        Two accepted changes are mixed in: Y and YPRIME set to
C        NaN/Inf before a continuation call (they are outputs only).
C     C. Damaged work arrays: KOLD = IWORK(8) = 99, K = IWORK(7) = 0
C        and 6, H = RWORK(3) = NaN and 0, TN = RWORK(4) = +Inf,
C        IWORK(18) (LENRW), the pointers IWORK(22), IWORK(30),
C        IWORK(38), pivots of the dense LU (IWORK(41) = 99, IWORK(42)
C        = -1), the unit roundoff RWORK(9) (negative: HMIN and the root
C        finder's tolerance would be negative and their loops would not
C        end; NaN), PSI(1) = RWORK(39) = NaN, and the run record
C        RWORK(16), RWORK(19): IDID =
C        -33 "RWORK/IWORK are inconsistent" (or the changed input
C        named), never NaN output.
C     D. User routines returning NaN or Inf: RES with a NaN in DELTA on
C        one chosen call (and an Inf on another) recovers, the answer
C        at T = 10 is right and the counters NCFN/NRE show the retry;
C        RES returning NaN for every T > 1.3 ends with IDID = -10, T
C        the last good step (Y right there) and a message naming RES
C        and DELTA(2); a user JAC (INFO(5) = 1) with a NaN in PD once
C        recovers, always (T > 1.3) gives IDID = -10 naming JAC at the
C        step before its first NaN (JAC is called rarely here); RT
C        returning NaN for T > 2.0 gives IDID = -10 naming RT, with Y
C        and YPRIME at the T returned also when R is first evaluated
C        at a TOUT inside the failing step (R NaN for T > 2.1999, output
C        every 0.2), on the continuation call after a root (T, Y,
C        YPRIME unchanged bit for bit) and on the first call.  Each
C        failing case runs twice: messages to unit 21 (text checked),
C        then to standard output between LOUD markers.
C     The last line printed is PASS CONTINUATION, or FAIL CONTINUATION:
C     reason (and STOP 1).
C-----------------------------------------------------------------------
      PROGRAM CONTIN
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NFAIL, NQUIET
      COMMON /VERDCW/ WHY
      COMMON /SPEC/ RINF, RNAN, RNZ
C
      OK = .TRUE.
      NFAIL = 0
      NQUIET = 0
      WHY = ' '
      CALL SPECL(RINF, RNAN, RNZ)
C
      CALL PARTA
      CALL PARTB
      CALL PARTD
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS CONTINUATION'
      ELSE
         WRITE(6,'(A,I4,A)') ' ', NFAIL, ' CHECK(S) FAILED'
         WRITE(6,'(2A)') 'FAIL CONTINUATION: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
C     Part A: HMAX = +Inf against INFO(7) = 0; illegal HMAX on a first
C     call.
      SUBROUTINE PARTA
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (MAXREC=200)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /SPEC/ RINF, RNAN, RNZ
      COMMON /TRACE/ TRR(7,MAXREC,2), ITR(16,MAXREC,2), NTR(2), ISEL
      COMMON /REFRUN/ REFY(NEQ), REFYP(NEQ), REFT, IREF(16)
      DIMENSION HBAD(4), IDBAD(4)
      CHARACTER*8 HNAME(4)
      DATA HNAME /'NAN', '0', '-0.0', '-1'/
C
      WRITE(6,'(A)') ' PART A: HMAX = +INF AGAINST INFO(7) = 0'
C     Reference run (also the reference of part B).
      CALL INIT(0)
      ISEL = 1
      CALL RUNALL('REFERENCE RUN')
      REFT = TS(1)
      DO 10 I = 1,NEQ
         REFY(I) = YA(NG+I)
         REFYP(I) = YPA(NG+I)
 10   CONTINUE
      DO 20 I = 1,16
         IREF(I) = ITR(I,NTR(1),1)
 20   CONTINUE
      CALL PRCNT('INFO(7) = 0   ', 1)
C     The same with HMAX = +Inf.
      CALL INIT(0)
      INFA(NG+7) = 1
      RW(NG+2) = RINF
      ISEL = 2
      CALL RUNALL('HMAX = +INF')
      ISEL = 0
      CALL PRCNT('HMAX = +INF   ', 2)
      CALL CMPTRC(NDIFF)
      WRITE(6,100) NTR(1), NTR(2), NDIFF
 100  FORMAT('   RETURNS:',I4,' AND',I4,'; WORDS THAT DIFFER:',I4)
      IF (NTR(1) .NE. NTR(2) .OR. NDIFF .NE. 0)
     1   CALL FAILED('HMAX = +INF DOES NOT INTEGRATE AS INFO(7) = 0')
C
C     Illegal HMAX on a first call, messages off.
      HBAD(1) = RNAN
      HBAD(2) = 0.0D0
      HBAD(3) = RNZ
      HBAD(4) = -1.0D0
      CALL XSETF(0)
      CALL QUIET(1)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      DO 30 K = 1,4
         CALL INIT(0)
         INFA(NG+7) = 1
         RW(NG+2) = HBAD(K)
         TS(2) = 0.2D0
         CALL DCALL(IDID)
         IDBAD(K) = IDID
         CALL FIRSTX('HMAX ILLEGAL ON A FIRST CALL', IDID)
 30   CONTINUE
      WRITE(6,'(A)') 'SILENT-END'
      CALL QUIET(0)
      CALL XSETF(1)
      DO 40 K = 1,4
         WRITE(6,110) HNAME(K), IDBAD(K)
 110     FORMAT('   FIRST CALL, HMAX = ',A4,': IDID =',I4)
 40   CONTINUE
C     Once more with the message shown.
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL INIT(0)
      INFA(NG+7) = 1
      RW(NG+2) = RNAN
      TS(2) = 0.2D0
      CALL DCALL(IDID)
      WRITE(6,'(A)') 'LOUD-END'
      CALL FIRSTX('HMAX = NAN ON A FIRST CALL (LOUD)', IDID)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Part B (with part C): changes between continuation calls.
      SUBROUTINE PARTB
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (NR=LRT+4*LYT+2, NI=LIT+LNT+LJT+4)
      PARAMETER (NOUT=100, NCASE=53)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /SPEC/ RINF, RNAN, RNZ
      COMMON /REFRUN/ REFY(NEQ), REFYP(NEQ), REFT, IREF(16)
      INTEGER*8 KR0(NR), KR1(NR), KR2(NR)
      DIMENSION KI0(NI), KI1(NI), KI2(NI)
      DIMENSION IDREC(NCASE), INFREC(NCASE), NSIDE(NCASE)
      DIMENSION NMSG(NCASE), NTOUCH(NCASE)
      LOGICAL MSGOK(NCASE), EXPECT, FOUND, SKIP, ROOTS(NCASE)
      LOGICAL ROOTST
      DIMENSION NROOTW(NCASE)
      CHARACTER*44 CNAME, CNAMES(NCASE)
      CHARACTER*40 PAT
      INTEGER*8 KY(2*NEQ+1), KY2(2*NEQ+1)
C
      WRITE(6,'(A)') ' PART B: INPUTS CHANGED BETWEEN CONTINUATIONS'
      CALL INIT(0)
      INFA(NG+7) = 1
      RW(NG+2) = RINF
      CALL QUIET(1)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      SKIP = .FALSE.
      DO 50 K = 1,NOUT
         IF (.NOT. SKIP) CALL ADVANC(0.1D0*DBLE(K), 'PART B RUN')
         SKIP = .FALSE.
         IF (K .GT. NCASE) GO TO 50
         TS(2) = 0.1D0*DBLE(K+1)
         CALL SNAP(KR0, KI0)
         CALL PERTRB(K, CNAME, PAT, EXPECT, ROOTS(K))
         CNAMES(K) = CNAME
         CALL SNAP(KR1, KI1)
         CALL TYPSNP(KY)
         CALL CAPON
         CALL DCALL(IDID)
         IF (K .EQ. 41) THEN
C           A second call with INFO(1) still -1 (inputs restored).
            CALL BACK(KR0, KI0, KR1, KI1, NTOUCH(K), 1)
            INFA(NG+1) = -1
            CALL SNAP(KR1, KI1)
            CALL DCALL(IDID)
         ENDIF
         CALL CAPOFF(PAT, NMSG(K), FOUND, IVAL)
         MSGOK(K) = FOUND
         IDREC(K) = IDID
         INFREC(K) = INFA(NG+1)
         CALL SNAP(KR2, KI2)
         CALL TYPSNP(KY2)
         IF (EXPECT) THEN
            IF (IDID .NE. -33)
     1         CALL FAILED('CHANGED INPUT: IDID IS NOT -33')
            IF (INFA(NG+1) .NE. -1)
     1         CALL FAILED('CHANGED INPUT: INFO(1) IS NOT -1')
            IF (.NOT. FOUND)
     1         CALL FAILED('CHANGED INPUT: MESSAGE TEXT NOT FOUND')
            NBAD = 0
            DO 10 I = 1,2*NEQ+1
               IF (KY(I) .NE. KY2(I)) NBAD = NBAD + 1
               IF (I .GT. 1 .AND. ROOTS(K)) NBAD = 0
 10         CONTINUE
            IF (NBAD .GT. 0)
     1         CALL FAILED('CHANGED INPUT: T, Y OR YPRIME CHANGED')
C           Words the rejected call wrote: INFO(1) and IWORK(10) (NSTL,
C           set at the start of every call) apart, none; where the
C           change is found after the root check, also the root
C           finder's state and Y, YPRIME (counted in NROOTW).
            NSIDE(K) = 0
            NROOTW(K) = 0
            DO 20 I = 1,NR
               IF (KR1(I) .EQ. KR2(I)) GO TO 20
               IF (ROOTST(I, 1)) THEN
                  NROOTW(K) = NROOTW(K) + 1
               ELSE
                  NSIDE(K) = NSIDE(K) + 1
               ENDIF
 20         CONTINUE
            DO 30 I = 1,NI
               IF (I .EQ. LIT+NG+1 .OR. I .EQ. NG+10) GO TO 30
               IF (KI1(I) .EQ. KI2(I)) GO TO 30
               IF (ROOTST(I, 2)) THEN
                  NROOTW(K) = NROOTW(K) + 1
               ELSE
                  NSIDE(K) = NSIDE(K) + 1
               ENDIF
 30         CONTINUE
            IF (.NOT. ROOTS(K)) NSIDE(K) = NSIDE(K) + NROOTW(K)
            IF (.NOT. ROOTS(K)) NROOTW(K) = 0
            IF (NSIDE(K) .NE. 0)
     1         CALL FAILED('CHANGED INPUT: THE REJECTED CALL WROTE')
C           Restore what the change touched, and go on.
            CALL BACK(KR0, KI0, KR1, KI1, NTOUCH(K), 1)
            INFA(NG+1) = 1
         ELSE
C           An accepted change: the call must have reached TOUT (the
C           next output point, so the next ADVANC is skipped), after
C           a root return if there is a root on the way.
            NSIDE(K) = 0
            NROOTW(K) = 0
            CALL BACK(KR0, KI0, KR1, KI1, NTOUCH(K), 0)
            IF (IDID .EQ. 5) CALL DCALL(IDID)
            IF (IDID .NE. 3 .OR. TS(1) .NE. TS(2))
     1         CALL FAILED('ACCEPTED CHANGE: IDID IS NOT 3')
            SKIP = .TRUE.
            MSGOK(K) = NMSG(K) .EQ. 0
            IF (NMSG(K) .NE. 0)
     1         CALL FAILED('ACCEPTED CHANGE: A MESSAGE WAS PRINTED')
         ENDIF
 50   CONTINUE
      WRITE(6,'(A)') 'SILENT-END'
      CALL QUIET(0)
C
      DO 60 K = 1,NCASE
         WRITE(6,100) K, CNAMES(K), IDREC(K), INFREC(K), NTOUCH(K),
     1        NSIDE(K), NROOTW(K), NMSG(K), MSGOK(K)
 100     FORMAT(1X,I2,1X,A40,' IDID',I4,' INFO(1)',I3,
     1          ' CHANGED',I2,' WROTE',I2,' ROOT STATE',I2,
     2          ' MSG LINES',I2,1X,L1)
 60   CONTINUE
C
C     The end of the run: exact solution, and the reference run.
      CALL PRCNT('AFTER PART B  ', 0)
      CALL EXACT(TS(1), YA(NG+1), YPA(NG+1), 1.0D-6, ERR)
      WRITE(6,110) TS(1), ERR
 110  FORMAT('   PART B ENDS AT T =',F6.2,', MAX ERROR',D10.3)
      IF (TS(1) .NE. 0.1D0*DBLE(NOUT))
     1   CALL FAILED('PART B DID NOT REACH THE END')
      IF (ERR .GT. 1.0D-6) CALL FAILED('PART B: WRONG ANSWER AT END')
      NBAD = 0
      IF (TS(1) .NE. REFT) NBAD = NBAD + 1
      DO 70 I = 1,NEQ
         IF (YA(NG+I) .NE. REFY(I)) NBAD = NBAD + 1
         IF (YPA(NG+I) .NE. REFYP(I)) NBAD = NBAD + 1
 70   CONTINUE
C     (NRTE, IWORK(36), apart: the rejected calls may have called RT.)
      DO 80 I = 1,15
         IF (I .LE. 2) GO TO 80
         IF (ITRVAL(I) .NE. IREF(I)) NBAD = NBAD + 1
 80   CONTINUE
      WRITE(6,120) NBAD, IW(NG+36), IREF(16)
 120  FORMAT('   DIFFERENCES FROM THE REFERENCE RUN:',I3,' (NRTE',I5,
     1       ', REFERENCE',I5,')')
      IF (NBAD .NE. 0)
     1   CALL FAILED('PART B DIFFERS FROM THE UNDISTURBED RUN')
C
C     One rejected change and one damaged array with the message shown.
      WRITE(6,'(A)') ' NEQ RAISED ON A CONTINUATION (MESSAGE SHOWN)'
      CALL SNAP(KR0, KI0)
      ISC(1) = NEQ + 1
      CALL SNAP(KR1, KI1)
      TS(2) = TS(1) + 0.5D0
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL DCALL(IDID)
      WRITE(6,'(A)') 'LOUD-END'
      IF (IDID .NE. -33) CALL FAILED('NEQ RAISED: IDID IS NOT -33')
      CALL BACK(KR0, KI0, KR1, KI1, NT, 1)
      INFA(NG+1) = 1
      WRITE(6,'(A)') ' KOLD = IWORK(8) = 99 (MESSAGE SHOWN)'
      CALL SNAP(KR0, KI0)
      IW(NG+8) = 99
      CALL SNAP(KR1, KI1)
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL DCALL(IDID)
      WRITE(6,'(A)') 'LOUD-END'
      IF (IDID .NE. -33) CALL FAILED('KOLD = 99: IDID IS NOT -33')
      CALL BACK(KR0, KI0, KR1, KI1, NT, 1)
      INFA(NG+1) = 1
      CALL ADVANC(TS(2), 'AFTER THE LOUD CASES')
      CALL EXACT(TS(1), YA(NG+1), YPA(NG+1), 1.0D-6, ERR)
      IF (ERR .GT. 1.0D-6)
     1   CALL FAILED('AFTER THE LOUD CASES: WRONG ANSWER')
      RETURN
      END
C
C-----------------------------------------------------------------------
      LOGICAL FUNCTION ROOTST(I, KIND)
C     Word I of the flat real (KIND 1) or integer (KIND 2) state
C     belongs to the root finder's state (T0 = RWORK(51), TLAST =
C     RWORK(52), R0, R1, RX = RWORK(61+9*NEQ...), NRTE = IWORK(36),
C     IRFND = IWORK(37)) or is Y or YPRIME.
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG)
      PARAMETER (LR0=61+9*NEQ)
      IF (KIND .EQ. 1) THEN
         J = I - NG
         ROOTST = J .EQ. 51 .OR. J .EQ. 52 .OR.
     1            (J .GE. LR0 .AND. J .LT. LR0+3*NRT)
         J = I - LRT - NG
         IF (J .GE. 1 .AND. J .LE. NEQ) ROOTST = .TRUE.
         J = I - LRT - LYT - NG
         IF (J .GE. 1 .AND. J .LE. NEQ) ROOTST = .TRUE.
      ELSE
         J = I - NG
         ROOTST = J .EQ. 36 .OR. J .EQ. 37
      ENDIF
      RETURN
      END
C
C-----------------------------------------------------------------------
      INTEGER FUNCTION ITRVAL(I)
C     Entry I of a trace record (as stored by ADVANC) for the current
C     state: IDID (not known here: 0), JROOT(1), K, KOLD,
C     IWORK(11..21), IWORK(36).
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LIW=40+NEQ)
      PARAMETER (LIT=LIW+2*NG, LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      IF (I .EQ. 1) THEN
         ITRVAL = 0
      ELSE IF (I .EQ. 2) THEN
         ITRVAL = JRA(NG+1)
      ELSE IF (I .LE. 4) THEN
         ITRVAL = IW(NG+4+I)
      ELSE IF (I .LE. 15) THEN
         ITRVAL = IW(NG+6+I)
      ELSE
         ITRVAL = IW(NG+36)
      ENDIF
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE PERTRB(K, CNAME, PAT, EXPECT, ROOTS)
C     Change number K of part B/C; PAT is a piece of the expected
C     message; EXPECT is false for the changes that must be accepted.
C     ROOTS is true when the change is found only after the root
C     check of the continuation call (TOUT, TSTOP: DASKR's DRCHEK(2)
C     comes first), which may evaluate RT and interpolate Y, YPRIME.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /SPEC/ RINF, RNAN, RNZ
      CHARACTER*(*) CNAME, PAT
      LOGICAL EXPECT, ROOTS
      CHARACTER*40 CHG, BAD
      PARAMETER (CHG='differs from its value when the integ',
     1           BAD='RWORK/IWORK are inconsistent')
C
      T = TS(1)
      EXPECT = .TRUE.
      ROOTS = K .EQ. 12 .OR. K .EQ. 13 .OR. K .EQ. 15 .OR. K .EQ. 16
     1        .OR. K .EQ. 41
      PAT = CHG
      GO TO (1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,
     1       21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,
     2       39,40,41,42,43,44,45,46,47,48,49,50,51,52,53), K
 1    CNAME = 'NEQ RAISED (3)'
      ISC(1) = NEQ + 1
      PAT = 'NEQ (=I1) differs'
      RETURN
 2    CNAME = 'NEQ LOWERED (1)'
      ISC(1) = NEQ - 1
      PAT = 'NEQ (=I1) differs'
      RETURN
 3    CNAME = 'NRT RAISED (2)'
      ISC(2) = NRT + 1
      PAT = 'NRT (=I1) differs'
      RETURN
 4    CNAME = 'NRT LOWERED (0)'
      ISC(2) = 0
      PAT = 'NRT (=I1) differs'
      RETURN
 5    CNAME = 'IWORK(3) = MAXORD 5 -> 3'
      IW(NG+3) = 3
      PAT = 'MAXORD, IWORK(3) (=I1) differs'
      RETURN
 6    CNAME = 'INFO(5) 0 -> 1 (USER JACOBIAN)'
      INFA(NG+5) = 1
      PAT = 'INFO(5) (=I1) differs'
      RETURN
 7    CNAME = 'INFO(6) 0 -> 1 (BAND, ML = MU = 1)'
      INFA(NG+6) = 1
      IW(NG+1) = 1
      IW(NG+2) = 1
      PAT = 'INFO(6) (=I1) differs'
      RETURN
 8    CNAME = 'INFO(12) 0 -> 1 (KRYLOV)'
      INFA(NG+12) = 1
      PAT = 'INFO(12) (=I1) differs'
      RETURN
 9    CNAME = 'INFO(16) 0 -> 1 (ALGEBRAIC OUT OF TEST)'
      INFA(NG+16) = 1
      PAT = 'INFO(16) (=I1) differs'
      RETURN
 10   CNAME = 'LRW = LENRW - 1'
      ISC(3) = LRW - 1
      PAT = 'RWORK needs LENRW (=I1) elements'
      RETURN
 11   CNAME = 'LIW = LENIW - 1'
      ISC(4) = LIW - 1
      PAT = 'IWORK needs LENIW (=I1) elements'
      RETURN
 12   CNAME = 'TOUT BEHIND T'
      TS(2) = T - 0.1D0
      PAT = 'TOUT (=R1) lies behind T'
      RETURN
 13   CNAME = 'TOUT = T'
      TS(2) = T
      PAT = 'TOUT (=R1) is equal to T'
      RETURN
 14   CNAME = 'TOUT = NAN'
      TS(2) = RNAN
      PAT = 'TOUT (=R1) is not a finite number'
      RETURN
 15   CNAME = 'INFO(4) = 1, TSTOP BEHIND T'
      INFA(NG+4) = 1
      RW(NG+1) = T - 0.1D0
      PAT = 'TSTOP (=R1) lies behind T (=R2)'
      RETURN
 16   CNAME = 'INFO(4) = 1, TSTOP BETWEEN T AND TOUT'
      INFA(NG+4) = 1
      RW(NG+1) = T + 0.05D0
      PAT = 'TSTOP (=R1) lies behind T'
      RETURN
 17   CNAME = 'INFO(4) = 1, TSTOP = NAN'
      INFA(NG+4) = 1
      RW(NG+1) = RNAN
      PAT = 'TSTOP (=R1) is not a finite number'
      RETURN
 18   CNAME = 'RTOL(1) < 0'
      RTA(NG+1) = -1.0D-8
      PAT = 'some element of RTOL is negative'
      RETURN
 19   CNAME = 'RTOL(2) = NAN'
      RTA(NG+2) = RNAN
      PAT = 'some element of RTOL or ATOL is not fi'
      RETURN
 20   CNAME = 'ATOL(2) < 0'
      ATA(NG+2) = -1.0D-8
      PAT = 'some element of ATOL is negative'
      RETURN
 21   CNAME = 'ATOL(1) = +INF'
      ATA(NG+1) = RINF
      PAT = 'some element of RTOL or ATOL is not fi'
      RETURN
 22   CNAME = 'RTOL = ATOL = 0'
      DO 220 I = 1,NEQ
         RTA(NG+I) = 0.0D0
         ATA(NG+I) = 0.0D0
 220  CONTINUE
      PAT = 'all elements of RTOL and ATOL are zero'
      RETURN
 23   CNAME = 'INFO(3) = 2'
      INFA(NG+3) = 2
      PAT = 'INFO(I1) has a value that is not valid'
      RETURN
 24   CNAME = 'INFO(2) = 2'
      INFA(NG+2) = 2
      PAT = 'INFO(I1) has a value that is not valid'
      RETURN
 25   CNAME = 'INFO(10) = 4'
      INFA(NG+10) = 4
      PAT = 'INFO(I1) has a value that is not valid'
      RETURN
 26   CNAME = 'INFO(11) = 3'
      INFA(NG+11) = 3
      PAT = 'INFO(I1) has a value that is not valid'
      RETURN
 27   CNAME = 'INFO(18) = 3'
      INFA(NG+18) = 3
      PAT = 'INFO(I1) has a value that is not valid'
      RETURN
 28   CNAME = 'INFO(1) = 2'
      INFA(NG+1) = 2
      PAT = 'INFO(I1) has a value that is not valid'
      RETURN
 29   CNAME = 'HMAX = NAN'
      RW(NG+2) = RNAN
      PAT = 'HMAX (=R1) must be positive'
      RETURN
 30   CNAME = 'HMAX = 0'
      RW(NG+2) = 0.0D0
      PAT = 'HMAX (=R1) must be positive'
      RETURN
 31   CNAME = 'HMAX = -0.0'
      RW(NG+2) = RNZ
      PAT = 'HMAX (=R1) must be positive'
      RETURN
 32   CNAME = 'HMAX = -1'
      RW(NG+2) = -1.0D0
      PAT = 'HMAX (=R1) must be positive'
      RETURN
 33   CNAME = 'T = NAN'
      TS(1) = RNAN
      PAT = 'T (=R1) is not a finite number'
      RETURN
 34   CNAME = 'KOLD = IWORK(8) = 99'
      IW(NG+8) = 99
      PAT = BAD
      RETURN
 35   CNAME = 'K = IWORK(7) = 0'
      IW(NG+7) = 0
      PAT = BAD
      RETURN
 36   CNAME = 'K = IWORK(7) = 6'
      IW(NG+7) = 6
      PAT = BAD
      RETURN
 37   CNAME = 'H = RWORK(3) = NAN'
      RW(NG+3) = RNAN
      PAT = BAD
      RETURN
 38   CNAME = 'H = RWORK(3) = 0'
      RW(NG+3) = 0.0D0
      PAT = BAD
      RETURN
 39   CNAME = 'TN = RWORK(4) = +INF'
      RW(NG+4) = RINF
      PAT = BAD
      RETURN
 40   CNAME = 'LENRW = IWORK(18) + 1'
      IW(NG+18) = IW(NG+18) + 1
      PAT = BAD
      RETURN
 41   CNAME = 'TOUT = T, THEN AGAIN WITH INFO(1) = -1'
      TS(2) = T
      PAT = 'INFO(1) was not reset to 1'
      RETURN
 42   CNAME = 'POINTER IWORK(22) + 1'
      IW(NG+22) = IW(NG+22) + 1
      PAT = BAD
      RETURN
 43   CNAME = 'POINTER IWORK(30) + 1'
      IW(NG+30) = IW(NG+30) + 1
      PAT = BAD
      RETURN
 44   CNAME = 'POINTER IWORK(38) + 1'
      IW(NG+38) = IW(NG+38) + 1
      PAT = BAD
      RETURN
 45   CNAME = 'RUN RECORD RWORK(16) = NAN'
      RW(NG+16) = RNAN
      PAT = BAD
      RETURN
 46   CNAME = 'RUN RECORD RWORK(19) = 5'
      RW(NG+19) = 5.0D0
      PAT = CHG
      RETURN
 47   CNAME = 'Y = NAN BEFORE THE CALL (ACCEPTED)'
      YA(NG+1) = RNAN
      YA(NG+2) = RNAN
      EXPECT = .FALSE.
      RETURN
 48   CNAME = 'YPRIME = +INF BEFORE THE CALL (ACCEPTED)'
      YPA(NG+1) = RINF
      YPA(NG+2) = -RINF
      EXPECT = .FALSE.
      RETURN
 49   CNAME = 'PIVOT IWORK(41) = 99'
      IW(NG+41) = 99
      PAT = BAD
      RETURN
 50   CNAME = 'PIVOT IWORK(42) = -1'
      IW(NG+42) = -1
      PAT = BAD
      RETURN
 51   CNAME = 'UNIT ROUNDOFF RWORK(9) < 0'
      RW(NG+9) = -RW(NG+9)
      PAT = BAD
      RETURN
 52   CNAME = 'UNIT ROUNDOFF RWORK(9) = NAN'
      RW(NG+9) = RNAN
      PAT = BAD
      RETURN
 53   CNAME = 'PSI(1) = RWORK(39) = NAN'
      RW(NG+39) = RNAN
      PAT = BAD
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Part D: user routines that return NaN or Inf.
      SUBROUTINE PARTD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (MAXREC=200)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /RESCTL/ TBAD, NCALL, NBAD, MODE, IBAD
      COMMON /JACCTL/ TJBAD, NJCALL, NJBAD, JMODE
      COMMON /RTCTL/ TRBAD, MODERT
      COMMON /TRACE/ TRR(7,MAXREC,2), ITR(16,MAXREC,2), NTR(2), ISEL
C
      WRITE(6,'(A)') ' PART D: RES, JAC, RT RETURNING NAN OR INF'
      NCFNR = ITR(9,NTR(1),1)
      NRER = ITR(6,NTR(1),1)
C
C     RES with a NaN in DELTA(1) on its 40th call, an Inf in DELTA(2)
C     on its 150th: the run must recover.
      DO 10 KASE = 1,2
         CALL INIT(0)
         MODE = 1 + 2*(KASE-1)
         NBAD = 40 + 110*(KASE-1)
         IBAD = KASE
         CALL RUNALL('RES NAN/INF ONCE')
         IF (KASE .EQ. 1) CALL PRCNT('RES NAN ONCE  ', 0)
         IF (KASE .EQ. 2) CALL PRCNT('RES INF ONCE  ', 0)
         CALL EXACT(TS(1), YA(NG+1), YPA(NG+1), 1.0D-6, ERR)
         WRITE(6,100) TS(1), ERR, IW(NG+15), NCFNR, IW(NG+12), NRER
 100     FORMAT('     T =',F6.2,' MAX ERROR',D10.3,' NCFN',I3,
     1          ' (REFERENCE',I3,') NRE',I5,' (REFERENCE',I5,')')
         IF (NCALL .LT. NBAD) CALL FAILED('RES NAN ONCE: NOT REACHED')
         IF (ERR .GT. 1.0D-6)
     1      CALL FAILED('RES NAN ONCE: WRONG ANSWER AT THE END')
         IF (IW(NG+15) .LT. NCFNR + 1)
     1      CALL FAILED('RES NAN ONCE: NCFN DOES NOT SHOW THE RETRY')
         IF (IW(NG+12) .EQ. NRER)
     1      CALL FAILED('RES NAN ONCE: NRE UNCHANGED')
 10   CONTINUE
      MODE = 0
C
C     A user JAC with a NaN in PD once (its 5th call): recovers.
      CALL INIT(1)
      JMODE = 1
      NJBAD = 5
      CALL RUNALL('JAC NAN ONCE')
      CALL PRCNT('JAC NAN ONCE  ', 0)
      CALL EXACT(TS(1), YA(NG+1), YPA(NG+1), 1.0D-6, ERR)
      WRITE(6,110) TS(1), ERR, NJCALL
 110  FORMAT('     T =',F6.2,' MAX ERROR',D10.3,' JAC CALLS',I4)
      IF (NJCALL .LT. NJBAD) CALL FAILED('JAC NAN ONCE: NOT REACHED')
      IF (ERR .GT. 1.0D-6)
     1   CALL FAILED('JAC NAN ONCE: WRONG ANSWER AT THE END')
      IF (IW(NG+15) .LT. 1)
     1   CALL FAILED('JAC NAN ONCE: NCFN DOES NOT SHOW THE RETRY')
      JMODE = 0
C
C     Failures for good: first with the messages in a file, then shown.
      DO 20 LOUD = 0,1
         CALL FAILD(1, LOUD, 'RES ALWAYS NAN AFTER T = 1.3',
     1        'RES returned a non-finite value in DEL', 2, 1.3D0, 5.0D0)
         CALL FAILD(2, LOUD, 'JAC ALWAYS NAN AFTER T = 1.3',
     1        'JAC returned a non-finite value in PD(', 1, 1.3D0, 5.0D0)
         CALL FAILD(3, LOUD, 'RT ALWAYS NAN AFTER T = 2.0',
     1        'RT returned a non-finite value in RVAL', 1, 2.0D0, 5.0D0)
 20   CONTINUE
C     RT again with output every 0.2, NaN just before TOUT = 2.2: the
C     failing step passes TOUT, and R is first evaluated at TOUT.
      DO 30 LOUD = 0,1
         CALL FAILD(3, LOUD, 'RT ALWAYS NAN AFTER T = 2.1999, DT = 0.2',
     1        'RT returned a non-finite value in RVAL', 1, 2.1999D0,
     2        0.2D0)
 30   CONTINUE
      CALL RTSTOP
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE RTSTOP
C     RT returning NaN where the call has not taken a step: on the
C     continuation call after a root (R is evaluated at the root
C     first) and on the first call.  IDID = -10 with T unchanged and Y
C     (YPRIME) as they were: bit for bit after the root, to rounding at
C     the start (they are recomputed from the history there).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /RTCTL/ TRBAD, MODERT
      INTEGER*8 KY(2*NEQ+1), KY2(2*NEQ+1)
      LOGICAL FOUND
C
      WRITE(6,'(A)') '   RT NAN ON THE CONTINUATION CALL AFTER A ROOT'
      CALL INIT(0)
      TS(2) = 5.0D0
      CALL DCALL(IDID)
      IF (IDID .NE. 5) CALL FAILED('RT AFTER A ROOT: NO ROOT FOUND')
      CALL TYPSNP(KY)
      MODERT = 2
      CALL CAPON
      CALL DCALL(IDID)
      CALL CAPOFF('RT returned a non-finite value in RVAL', NMSG,
     1     FOUND, IVAL)
      CALL TYPSNP(KY2)
      NBAD = 0
      DO 10 I = 1,2*NEQ+1
         IF (KY(I) .NE. KY2(I)) NBAD = NBAD + 1
 10   CONTINUE
      WRITE(6,100) IDID, TS(1), NBAD, FOUND
 100  FORMAT('     IDID =',I4,' T =',F10.6,' WORDS OF T, Y, YPRIME ',
     1       'CHANGED',I2,', MESSAGE FOUND ',L1)
      IF (IDID .NE. -10) CALL FAILED('RT AFTER A ROOT: IDID IS NOT -10')
      IF (NBAD .NE. 0) CALL FAILED('RT AFTER A ROOT: T OR Y CHANGED')
      IF (.NOT. FOUND) CALL FAILED('RT AFTER A ROOT: NO MESSAGE')
C
      WRITE(6,'(A)') '   RT NAN ON THE FIRST CALL'
      CALL INIT(0)
      MODERT = 2
      TS(2) = 1.0D0
      CALL CAPON
      CALL DCALL(IDID)
      CALL CAPOFF('RT returned a non-finite value in RVAL', NMSG,
     1     FOUND, IVAL)
      ERR = MAX(ABS(YA(NG+1) - 1.0D0), ABS(YA(NG+2)),
     1          ABS(YPA(NG+1) + 1.0D0), ABS(YPA(NG+2) - 1.0D0))
      WRITE(6,110) IDID, TS(1), ERR, FOUND
 110  FORMAT('     IDID =',I4,' T =',F10.6,' Y, YPRIME CHANGED BY',
     1       D10.3,', MESSAGE FOUND ',L1)
      IF (IDID .NE. -10) CALL FAILED('RT AT THE START: IDID NOT -10')
      IF (TS(1) .NE. 0.0D0 .OR. ERR .GT. 1.0D-15)
     1   CALL FAILED('RT AT THE START: T OR Y CHANGED')
      IF (.NOT. FOUND) CALL FAILED('RT AT THE START: NO MESSAGE')
      MODERT = 0
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE FAILD(KIND, LOUD, NAME, PAT, ICOMP, TB, DT)
C     A run (output every DT, roots continued) in which RES (KIND 1),
C     JAC (2) or RT (3) returns NaN for every T > TB: IDID = -10, the
C     message names the routine and component ICOMP, Y and YPRIME are
C     right at the T returned, which is the last good point (RES, JAC)
C     or the end of the first step past TB (RT, evaluated after the
C     step).  LOUD = 0: messages to unit 21 and checked; LOUD = 1: to
C     standard output.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      CHARACTER*(*) NAME, PAT
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /RESCTL/ TBAD, NCALL, NBAD, MODE, IBAD
      COMMON /JACCTL/ TJBAD, NJCALL, NJBAD, JMODE
      COMMON /RTCTL/ TRBAD, MODERT
      COMMON /JACNAN/ TJNAN
      LOGICAL FOUND
      CHARACTER*40 PCOPY
C
      CALL INIT(0)
      TJNAN = -1.0D0
      IF (KIND .EQ. 1) THEN
         MODE = 2
         TBAD = TB
         IBAD = ICOMP
      ELSE IF (KIND .EQ. 2) THEN
         INFA(NG+5) = 1
         JMODE = 2
         TJBAD = TB
      ELSE
         MODERT = 1
         TRBAD = TB
      ENDIF
      WRITE(6,'(2A)') '   ', NAME
      IF (LOUD .EQ. 1) THEN
         WRITE(6,'(A)') 'LOUD-BEGIN'
      ELSE
         CALL CAPON
      ENDIF
      TS(2) = DT
      NCALLS = 0
 10   CONTINUE
      CALL DCALL(IDID)
      NCALLS = NCALLS + 1
      IF (IDID .EQ. 3) TS(2) = TS(2) + DT
      IF (IDID .GT. 0 .AND. NCALLS .LT. 100) GO TO 10
      IF (LOUD .EQ. 1) THEN
         WRITE(6,'(A)') 'LOUD-END'
      ELSE
         PCOPY = PAT
         CALL CAPOFF(PCOPY, NMSG, FOUND, IVAL)
         WRITE(6,100) NMSG, FOUND, IVAL
 100     FORMAT('     MESSAGE LINES',I3,', TEXT FOUND ',L1,
     1          ', COMPONENT',I3)
         IF (.NOT. FOUND)
     1      CALL FAILED('NAN FOR GOOD: MESSAGE DOES NOT NAME IT')
         IF (IVAL .NE. ICOMP)
     1      CALL FAILED('NAN FOR GOOD: WRONG COMPONENT NAMED')
      ENDIF
      CALL EXACT(TS(1), YA(NG+1), YPA(NG+1), 1.0D-6, ERR)
      WRITE(6,110) IDID, TS(1), ERR, INFA(NG+1)
 110  FORMAT('     IDID =',I4,' T =',F10.6,' MAX ERROR',D10.3,
     1       ' INFO(1) =',I3)
      IF (IDID .NE. -10) CALL FAILED('NAN FOR GOOD: IDID IS NOT -10')
      IF (KIND .EQ. 1 .AND. (TS(1) .GT. TB .OR. TS(1) .LE. 0.0D0))
     1   CALL FAILED('RES NAN: T IS NOT THE LAST GOOD POINT')
      IF (KIND .EQ. 2 .AND. (TS(1) .GE. TJNAN .OR. TS(1) .LE. TB))
     1   CALL FAILED('JAC NAN: T IS NOT THE LAST GOOD POINT')
      IF (KIND .EQ. 3 .AND. (TS(1) .LE. TB .OR. TS(1) .GT. TB+1.0D0))
     1   CALL FAILED('RT NAN: T IS NOT THE FIRST STEP PAST TB')
      IF (ERR .GT. 1.0D-6)
     1   CALL FAILED('NAN FOR GOOD: Y IS WRONG AT T')
      MODE = 0
      JMODE = 0
      MODERT = 0
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE INIT(IJAC)
C     A new problem in the guarded arrays: INFO(2) = 1, INFO(5) = IJAC,
C     everything else default; the control flags of RES/JAC/RT off.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /GUARDV/ RGUARD, IGUARD
      COMMON /RESCTL/ TBAD, NCALL, NBAD, MODE, IBAD
      COMMON /JACCTL/ TJBAD, NJCALL, NJBAD, JMODE
      COMMON /RTCTL/ TRBAD, MODERT
      RGUARD = -7.5D77
      IGUARD = -7777777
      DO 10 I = 1,LRT
         RW(I) = RGUARD
         IF (I .GT. NG .AND. I .LE. NG+LRW) RW(I) = 0.0D0
 10   CONTINUE
      DO 20 I = 1,LIT
         IW(I) = IGUARD
         IF (I .GT. NG .AND. I .LE. NG+LIW) IW(I) = 0
 20   CONTINUE
      DO 30 I = 1,LYT
         YA(I) = RGUARD
         YPA(I) = RGUARD
         RTA(I) = RGUARD
         ATA(I) = RGUARD
 30   CONTINUE
      DO 40 I = 1,LNT
         INFA(I) = IGUARD
         IF (I .GT. NG .AND. I .LE. NG+20) INFA(I) = 0
 40   CONTINUE
      DO 50 I = 1,LJT
         JRA(I) = IGUARD
         IF (I .GT. NG .AND. I .LE. NG+NRT) JRA(I) = 0
 50   CONTINUE
      YA(NG+1) = 1.0D0
      YA(NG+2) = 0.0D0
      YPA(NG+1) = -1.0D0
      YPA(NG+2) = 1.0D0
      DO 60 I = 1,NEQ
         RTA(NG+I) = 1.0D-8
         ATA(NG+I) = 1.0D-8
 60   CONTINUE
      INFA(NG+2) = 1
      INFA(NG+5) = IJAC
      TS(1) = 0.0D0
      TS(2) = 0.0D0
      ISC(1) = NEQ
      ISC(2) = NRT
      ISC(3) = LRW
      ISC(4) = LIW
      NCALL = 0
      MODE = 0
      NJCALL = 0
      JMODE = 0
      MODERT = 0
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE DCALL(IDID)
C     One DDASKR call with the guarded arrays; the guards are checked
C     afterwards, and T, Y, YPRIME must be finite when IDID > 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      DIMENSION RPAR(1), IPAR(1)
      LOGICAL FINITE
      EXTERNAL RES, JAC, PSOLD, RT
      CALL DDASKR(RES, ISC(1), TS(1), YA(NG+1), YPA(NG+1), TS(2),
     1     INFA(NG+1), RTA(NG+1), ATA(NG+1), IDID, RW(NG+1), ISC(3),
     2     IW(NG+1), ISC(4), RPAR, IPAR, JAC, PSOLD, RT, ISC(2),
     3     JRA(NG+1))
      CALL GUARDS
      IF (IDID .GT. 0) THEN
         NBAD = 0
         IF (.NOT. FINITE(TS(1))) NBAD = 1
         DO 10 I = 1,NEQ
            IF (.NOT. FINITE(YA(NG+I))) NBAD = NBAD + 1
            IF (.NOT. FINITE(YPA(NG+I))) NBAD = NBAD + 1
 10      CONTINUE
         IF (NBAD .GT. 0)
     1      CALL FAILED('IDID > 0 WITH A NON-FINITE T, Y OR YPRIME')
      ENDIF
      RETURN
      END
C
      LOGICAL FUNCTION FINITE(X)
      DOUBLE PRECISION X, RINF, RNAN, RNZ
      COMMON /SPEC/ RINF, RNAN, RNZ
      FINITE = .FALSE.
      IF (X .NE. X) RETURN
      IF (X .EQ. RINF .OR. X .EQ. -RINF) RETURN
      FINITE = .TRUE.
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE GUARDS
C     No guard word of any array may have changed.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /GUARDV/ RGUARD, IGUARD
      NBAD = 0
      DO 10 I = 1,LRT
         IF (I .GT. NG .AND. I .LE. NG+LRW) GO TO 10
         IF (RW(I) .NE. RGUARD) NBAD = NBAD + 1
 10   CONTINUE
      DO 20 I = 1,LYT
         IF (I .GT. NG .AND. I .LE. NG+NEQ) GO TO 20
         IF (YA(I) .NE. RGUARD) NBAD = NBAD + 1
         IF (YPA(I) .NE. RGUARD) NBAD = NBAD + 1
         IF (RTA(I) .NE. RGUARD) NBAD = NBAD + 1
         IF (ATA(I) .NE. RGUARD) NBAD = NBAD + 1
 20   CONTINUE
      DO 30 I = 1,LIT
         IF (I .GT. NG .AND. I .LE. NG+LIW) GO TO 30
         IF (IW(I) .NE. IGUARD) NBAD = NBAD + 1
 30   CONTINUE
      DO 40 I = 1,LNT
         IF (I .GT. NG .AND. I .LE. NG+20) GO TO 40
         IF (INFA(I) .NE. IGUARD) NBAD = NBAD + 1
 40   CONTINUE
      DO 50 I = 1,LJT
         IF (I .GT. NG .AND. I .LE. NG+NRT) GO TO 50
         IF (JRA(I) .NE. IGUARD) NBAD = NBAD + 1
 50   CONTINUE
      IF (NBAD .GT. 0) THEN
         CALL FAILED('A GUARD WORD WAS OVERWRITTEN')
         CALL INITGD
      ENDIF
      RETURN
      END
C
      SUBROUTINE INITGD
C     Reset the guard words (after a failure has been recorded), so
C     that one overwrite is reported once.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /GUARDV/ RGUARD, IGUARD
      DO 10 I = 1,LRT
         IF (I .LE. NG .OR. I .GT. NG+LRW) RW(I) = RGUARD
 10   CONTINUE
      DO 20 I = 1,LYT
         IF (I .GT. NG .AND. I .LE. NG+NEQ) GO TO 20
         YA(I) = RGUARD
         YPA(I) = RGUARD
         RTA(I) = RGUARD
         ATA(I) = RGUARD
 20   CONTINUE
      DO 30 I = 1,LIT
         IF (I .LE. NG .OR. I .GT. NG+LIW) IW(I) = IGUARD
 30   CONTINUE
      DO 40 I = 1,LNT
         IF (I .LE. NG .OR. I .GT. NG+20) INFA(I) = IGUARD
 40   CONTINUE
      DO 50 I = 1,LJT
         IF (I .LE. NG .OR. I .GT. NG+NRT) JRA(I) = IGUARD
 50   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE ADVANC(TOUT, NAME)
C     Continue the current run to TOUT: IDID = 5 returns (roots of Y1)
C     are continued, IDID = 3 ends.  With ISEL = 1 or 2 every return
C     is recorded in trace ISEL.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (MAXREC=200)
      CHARACTER*(*) NAME
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /TRACE/ TRR(7,MAXREC,2), ITR(16,MAXREC,2), NTR(2), ISEL
      TS(2) = TOUT
      DO 30 NCALLS = 1,10
         CALL DCALL(IDID)
         IF (ISEL .GT. 0 .AND. NTR(ISEL) .LT. MAXREC) THEN
            N = NTR(ISEL) + 1
            NTR(ISEL) = N
            TRR(1,N,ISEL) = TS(1)
            TRR(2,N,ISEL) = YA(NG+1)
            TRR(3,N,ISEL) = YA(NG+2)
            TRR(4,N,ISEL) = YPA(NG+1)
            TRR(5,N,ISEL) = YPA(NG+2)
            TRR(6,N,ISEL) = RW(NG+3)
            TRR(7,N,ISEL) = RW(NG+7)
            ITR(1,N,ISEL) = IDID
            DO 10 I = 2,16
               ITR(I,N,ISEL) = ITRVAL(I)
 10         CONTINUE
         ENDIF
         IF (IDID .EQ. 3) THEN
            IF (TS(1) .NE. TOUT) CALL FAILED('IDID = 3, T NOT TOUT')
            RETURN
         ENDIF
         IF (IDID .NE. 5) THEN
            WRITE(6,100) NAME, IDID, TS(1)
 100        FORMAT('   ',A,': IDID =',I4,' AT T =',F10.6)
            CALL FAILED('A VALID RUN FAILED')
            INFA(NG+1) = 1
            RETURN
         ENDIF
C        A root of Y1: Y1 = 0 there, T near PI/2 + J*PI (the root of
C        the computed solution: Y1 is only 4.0D-4*(T - 7.85) near the
C        third root).
         PI = 4.0D0*ATAN(1.0D0)
         TR = PI/2.0D0 + PI*ANINT((TS(1) - PI/2.0D0)/PI)
         IF (ABS(TS(1) - TR) .GT. 1.0D-4 .OR. JRA(NG+1) .EQ. 0 .OR.
     1       ABS(YA(NG+1)) .GT. 1.0D-10)
     2      CALL FAILED('ROOT RETURN: WRONG T, Y1 OR JROOT')
 30   CONTINUE
      CALL FAILED('TOO MANY ROOT RETURNS')
      RETURN
      END
C
      SUBROUTINE RUNALL(NAME)
C     A whole run from T = 0 to 10, output every 0.1.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      PARAMETER (MAXREC=200)
      COMMON /TRACE/ TRR(7,MAXREC,2), ITR(16,MAXREC,2), NTR(2), ISEL
      IF (ISEL .GT. 0) NTR(ISEL) = 0
      DO 10 K = 1,100
         CALL ADVANC(0.1D0*DBLE(K), NAME)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE CMPTRC(NDIFF)
C     Bitwise comparison of the two traces.
      PARAMETER (MAXREC=200)
      DOUBLE PRECISION TRR
      COMMON /TRACE/ TRR(7,MAXREC,2), ITR(16,MAXREC,2), NTR(2), ISEL
      INTEGER*8 KTR(7,MAXREC,2)
      EQUIVALENCE (TRR(1,1,1), KTR(1,1,1))
      NDIFF = 0
      N = MIN(NTR(1), NTR(2))
      DO 20 J = 1,N
         DO 10 I = 1,7
            IF (KTR(I,J,1) .NE. KTR(I,J,2)) NDIFF = NDIFF + 1
 10      CONTINUE
         DO 15 I = 1,16
            IF (ITR(I,J,1) .NE. ITR(I,J,2)) NDIFF = NDIFF + 1
 15      CONTINUE
 20   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE SNAP(KR, KI)
C     A bitwise copy of the whole state (arrays with their guards, T,
C     TOUT, NEQ, NRT, LRW, LIW).
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (NR=LRT+4*LYT+2, NI=LIT+LNT+LJT+4)
      DOUBLE PRECISION RALL
      INTEGER*8 KALL, KR(NR)
      DIMENSION KI(NI)
      COMMON /RST/ RALL(NR)
      COMMON /IST/ IALL(NI)
      DIMENSION KALL(NR)
      EQUIVALENCE (RALL(1), KALL(1))
      DO 10 I = 1,NR
         KR(I) = KALL(I)
 10   CONTINUE
      DO 20 I = 1,NI
         KI(I) = IALL(I)
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE BACK(KR0, KI0, KR1, KI1, NTOUCH, IRST)
C     Undo a change: every word that differs between the copies taken
C     before (KR0, KI0) and after (KR1, KI1) the change gets its old
C     value back (only counted if IRST = 0); NTOUCH counts them.
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (NR=LRT+4*LYT+2, NI=LIT+LNT+LJT+4)
      DOUBLE PRECISION RALL
      INTEGER*8 KALL, KR0(NR), KR1(NR)
      DIMENSION KI0(NI), KI1(NI)
      COMMON /RST/ RALL(NR)
      COMMON /IST/ IALL(NI)
      DIMENSION KALL(NR)
      EQUIVALENCE (RALL(1), KALL(1))
      NTOUCH = 0
      DO 10 I = 1,NR
         IF (KR0(I) .NE. KR1(I)) THEN
            IF (IRST .EQ. 1) KALL(I) = KR0(I)
            NTOUCH = NTOUCH + 1
         ENDIF
 10   CONTINUE
      DO 20 I = 1,NI
         IF (KI0(I) .NE. KI1(I)) THEN
            IF (IRST .EQ. 1) IALL(I) = KI0(I)
            NTOUCH = NTOUCH + 1
         ENDIF
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE TYPSNP(KY)
C     Bits of T, Y and YPRIME.
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG)
      PARAMETER (NR=LRT+4*LYT+2)
      DOUBLE PRECISION RALL
      INTEGER*8 KALL, KY(2*NEQ+1)
      COMMON /RST/ RALL(NR)
      DIMENSION KALL(NR)
      EQUIVALENCE (RALL(1), KALL(1))
      KY(1) = KALL(NR-1)
      DO 10 I = 1,NEQ
         KY(1+I) = KALL(LRT+NG+I)
         KY(1+NEQ+I) = KALL(LRT+LYT+NG+I)
 10   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE FIRSTX(NAME, IDID)
C     After an illegal first call: IDID = -33, INFO(1) = -1, T, Y and
C     YPRIME unchanged.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      PARAMETER (LRT=LRW+2*NG, LYT=NEQ+2*NG, LIT=LIW+2*NG,
     1           LNT=20+2*NG, LJT=NRT+2*NG)
      COMMON /RST/ RW(LRT), YA(LYT), YPA(LYT), RTA(LYT), ATA(LYT),
     1             TS(2)
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      IF (IDID .NE. -33) CALL FAILED('ILLEGAL FIRST CALL: IDID NOT -33')
      IF (INFA(NG+1) .NE. -1)
     1   CALL FAILED('ILLEGAL FIRST CALL: INFO(1) NOT -1')
      IF (TS(1) .NE. 0.0D0 .OR. YA(NG+1) .NE. 1.0D0 .OR.
     1    YA(NG+2) .NE. 0.0D0 .OR. YPA(NG+1) .NE. -1.0D0 .OR.
     2    YPA(NG+2) .NE. 1.0D0)
     3   CALL FAILED('ILLEGAL FIRST CALL: T, Y OR YPRIME CHANGED')
      RETURN
      END
C
      SUBROUTINE EXACT(T, Y, YPRIME, TOL, ERR)
C     Largest error of Y and YPRIME against the exact solution at T
C     (YPRIME counted with weight TOL/1.0D-4, as it is less accurate).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2)
      E = EXP(-T)
      Y1 = E*COS(T)
      Y2 = E*SIN(T)
      ERR = MAX(ABS(Y(1) - Y1), ABS(Y(2) - Y2))
      ERRP = MAX(ABS(YPRIME(1) + Y1 + Y2), ABS(YPRIME(2) - Y1 + Y2))
      ERR = MAX(ERR, ERRP*TOL/1.0D-4)
      IF (ERR .NE. ERR) ERR = 1.0D99
      RETURN
      END
C
      SUBROUTINE PRCNT(NAME, ISEL)
C     Print the counters (of the trace's last record if ISEL > 0).
      PARAMETER (NEQ=2, NRT=1, NG=8)
      PARAMETER (LIW=40+NEQ)
      PARAMETER (LIT=LIW+2*NG, LNT=20+2*NG, LJT=NRT+2*NG)
      PARAMETER (MAXREC=200)
      CHARACTER*(*) NAME
      DOUBLE PRECISION TRR
      COMMON /IST/ IW(LIT), INFA(LNT), JRA(LJT), ISC(4)
      COMMON /TRACE/ TRR(7,MAXREC,2), ITR(16,MAXREC,2), NTR(2), ISEL0
      WRITE(6,100) NAME, (IW(NG+I),I=11,15), IW(NG+36)
 100  FORMAT(3X,A14,' NST',I5,' NRE',I5,' NJE',I4,' NETF',I3,
     1       ' NCFN',I3,' NRTE',I5)
      IF (ISEL .GT. 0) THEN
         IF (ITR(5,NTR(ISEL),ISEL) .NE. IW(NG+11))
     1      CALL FAILED('TRACE DOES NOT HOLD THE LAST RETURN')
      ENDIF
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Messages to unit 21 and back.
      SUBROUTINE CAPON
      OPEN(UNIT=21, FILE='continuation_unit21.txt', STATUS='UNKNOWN')
      CALL XSETUN(21)
      RETURN
      END
C
      SUBROUTINE CAPOFF(PAT, NLINES, FOUND, IVAL)
C     Stop capturing; NLINES lines were written, FOUND if one holds
C     PAT; IVAL is the integer I1 printed on the line after it (-999
C     if none).
      CHARACTER*(*) PAT
      CHARACTER*200 LINE
      LOGICAL FOUND, NEXT
      CALL XSETUN(6)
      CLOSE(21)
      OPEN(UNIT=21, FILE='continuation_unit21.txt', STATUS='OLD')
      NLINES = 0
      FOUND = .FALSE.
      NEXT = .FALSE.
      IVAL = -999
      LP = LEN(PAT)
 5    IF (LP .GT. 1 .AND. PAT(LP:LP) .EQ. ' ') THEN
         LP = LP - 1
         GO TO 5
      ENDIF
 10   CONTINUE
      READ(21, '(A)', END=20) LINE
      NLINES = NLINES + 1
      IF (NEXT) THEN
         NEXT = .FALSE.
         I = INDEX(LINE, 'I1 =')
         IF (I .GT. 0) READ(LINE(I+4:I+13), '(I10)') IVAL
      ENDIF
      IF (INDEX(LINE, PAT(1:LP)) .GT. 0) THEN
         FOUND = .TRUE.
         NEXT = .TRUE.
      ENDIF
      GO TO 10
 20   CONTINUE
      CLOSE(21, STATUS='DELETE')
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE SPECL(RINF, RNAN, RNZ)
C     +Inf, a quiet NaN and -0.0 from their bit patterns (no
C     floating-point exception is raised making them).
      DOUBLE PRECISION RINF, RNAN, RNZ, D(3)
      INTEGER*8 K(3)
      EQUIVALENCE (D, K)
      SAVE D
      DATA K /Z'7FF0000000000000', Z'7FF8000000000000',
     1        Z'8000000000000000'/
      RINF = D(1)
      RNAN = D(2)
      RNZ = D(3)
      RETURN
      END
C
      SUBROUTINE QUIET(N)
C     N = 1: failures are recorded but not printed (SILENT sections).
      LOGICAL OK
      COMMON /VERDCT/ OK, NFAIL, NQUIET
      NQUIET = N
      RETURN
      END
C
      SUBROUTINE FAILED(TEXT)
C     Record a failure (the first one is kept for the last line).
      CHARACTER*(*) TEXT
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NFAIL, NQUIET
      COMMON /VERDCW/ WHY
      IF (NQUIET .EQ. 0) WRITE(6,'(2A)') '   *** ', TEXT
      IF (OK) WHY = TEXT
      OK = .FALSE.
      NFAIL = NFAIL + 1
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     Y1' = -Y1 - Y2, Y2' = Y1 - Y2.  MODE 1: NaN in DELTA(IBAD) on
C     call NBAD; MODE 2: NaN in DELTA(IBAD) for T > TBAD; MODE 3: +Inf
C     in DELTA(IBAD) on call NBAD.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
      COMMON /RESCTL/ TBAD, NCALL, NBAD, MODE, IBAD
      COMMON /SPEC/ RINF, RNAN, RNZ
      NCALL = NCALL + 1
      DELTA(1) = YPRIME(1) + Y(1) + Y(2)
      DELTA(2) = YPRIME(2) - Y(1) + Y(2)
      IF (MODE .EQ. 1 .AND. NCALL .EQ. NBAD) DELTA(IBAD) = RNAN
      IF (MODE .EQ. 2 .AND. T .GT. TBAD) DELTA(IBAD) = RNAN
      IF (MODE .EQ. 3 .AND. NCALL .EQ. NBAD) DELTA(IBAD) = RINF
      RETURN
      END
C
      SUBROUTINE JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
C     dG/dY + CJ*dG/dYPRIME.  JMODE 1: NaN in PD(1,1) on call NJBAD;
C     JMODE 2: NaN in PD(1,1) for T > TJBAD.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), PD(2,2), RPAR(*), IPAR(*)
      COMMON /JACCTL/ TJBAD, NJCALL, NJBAD, JMODE
      COMMON /JACNAN/ TJNAN
      COMMON /SPEC/ RINF, RNAN, RNZ
      NJCALL = NJCALL + 1
      PD(1,1) = 1.0D0 + CJ
      PD(1,2) = 1.0D0
      PD(2,1) = -1.0D0
      PD(2,2) = 1.0D0 + CJ
      IF (JMODE .EQ. 1 .AND. NJCALL .EQ. NJBAD) PD(1,1) = RNAN
      IF (JMODE .EQ. 2 .AND. T .GT. TJBAD) THEN
         PD(1,1) = RNAN
         IF (TJNAN .LT. 0.0D0) TJNAN = T
      ENDIF
      RETURN
      END
C
      SUBROUTINE RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
C     R = Y1.  MODERT 1: NaN for T > TRBAD; MODERT 2: NaN always.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), RVAL(*), RPAR(*), IPAR(*)
      COMMON /RTCTL/ TRBAD, MODERT
      COMMON /SPEC/ RINF, RNAN, RNZ
      RVAL(1) = Y(1)
      IF (MODERT .EQ. 1 .AND. T .GT. TRBAD) RVAL(1) = RNAN
      IF (MODERT .EQ. 2) RVAL(1) = RNAN
      RETURN
      END
C
C     Never called: INFO(12) = 1 is always rejected here.
      SUBROUTINE PSOLD
      WRITE(6,'(A)') 'FAIL CONTINUATION: DUMMY PSOL WAS CALLED'
      STOP 1
      END
