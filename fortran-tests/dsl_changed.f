C-----------------------------------------------------------------------
C     DSL_CHANGED -- DSL48E continuation calls (INFO(1) = 1) after one
C     of the structural inputs recorded by the first call was changed.
C
C     Problem (NEQ = 4, NX = 2, NC = 2, ISC = (1,1), ND = 2):
C        F1 = X1' + X1,  F2 = X2' - X1 + X2,
C        F3 = D1 - (X1 + 0.5),  F4 = D2 - (X2 - 0.5),
C     Z = (X1, X2, D1, D2), Z(0) = (1, 0, 1.5, -0.5), exact solution
C     X1 = EXP(-T), X2 = T*EXP(-T); D1 stays > 0 and D2 < 0, so no
C     event happens.  JYDOT = (1,2), NEJAC = 7, JDTYPE = 0, RTOL =
C     ATOL = 1D-6, INFO(9) = 1 with MAXORD = IWORK(3) = 4, all other
C     INFO zero; output every 0.1 up to T = 2 (IDID = 3 each time).
C
C     A reference run, then the same run in which, after each of the
C     first 15 output points, one input is changed before the next
C     continuation call:
C        NEQ raised 4 -> 5 and lowered 4 -> 3 (the arrays are large
C        enough for both); NEJAC raised 7 -> 8 (an eighth entry (1,2))
C        and lowered 7 -> 6; NC lowered 2 -> 1 with ISC(1) = 2 (ISC
C        still consistent with ND); ND raised 2 -> 3 with ISC(2) = 2;
C        NJYDOT lowered 2 -> 1; IWORK(3) = MAXORD 4 -> 3 and 4 -> 5;
C        INFO(9) = 0 (MAXORD then 5, not the run's 4); INFO(10) 0 -> 1
C        (BOUNDS wide); INFO(16) 0 -> 1; NP = INFO(12) 0 -> 1 (INFO(15)
C        = 0, a SENRHS given, Z and ZDOT long enough); the first two
C        (JROW,JCOL) pairs swapped (as in dsl_badinput.f); JCOL(7)
C        4 -> 3 (another pattern, same NEJAC).  Each changed input is
C        otherwise legal (ISC kept consistent with NC and ND).
C     Each such call must return IDID = -33 and INFO(1) = -1 without
C     calling any user routine and without writing any word of TIME,
C     Z, ZDOT, RWORK, IWORK, the other input arrays, the scalars or
C     RPAR/IPAR: a bitwise copy of all of them taken just before the
C     call must equal them just after it (INFO(1) apart).  Found by
C     experiment: a rejected call of this kind writes nothing at all,
C     not even LENIW/LENRW in IWORK(17..18), so no word is exempt;
C     only the scratch arrays IEVWK and REVWK are not compared.  The
C     messages go to unit 21 (XSETUN(21)) and are read back: the
C     message must name the changed input -- for the recorded sizes
C     and options the two lines
C        DSL48E--  NC (=I1) differs from its value when the integration
C        DSL48E--  started (=I1); set INFO(1) = 0 to restart with ...
C     with I1 the new value on the first and the run's value on the
C     second; for the pattern a line naming JROW/JCOL (now "DSL48E--
C     RWORK/IWORK are inconsistent: JROW/JCOL differ from the pattern
C     the run started with").  Then the
C     changed words get their old values back, INFO(1) = 1, and the
C     run continues.  Every continuation call in between (nothing
C     changed, the common case) must return IDID = 3 at TOUT and
C     print nothing.  The loop runs between SILENT markers (messages
C     redirected; the program prints its findings afterwards).
C     Once more NC changed with XSETF(0) (nothing written to unit 21)
C     and with messages on standard output (LOUD markers).
C     At T = 2 the disturbed run must equal the reference run bit for
C     bit: T, Z, ZDOT, NST, NRE, NJE, NETF, NCFN (IWORK(11..15)) and
C     NNI (IWORK(19)); and X1, X2, D1, D2 must match the exact
C     solution within 100*(RTOL*|V| + ATOL).
C     The last line printed is PASS DSL_CHANGED or FAIL DSL_CHANGED:..
C-----------------------------------------------------------------------
      PROGRAM DSLCHG
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NOUT=20, NCASE=15, NR=238, NI=135)
      CHARACTER*60 WHY
      CHARACTER*40 CNAME, CNAMES(NCASE)
      CHARACTER*24 PAT
      CHARACTER*100 MSG1(NCASE), MSG2(NCASE)
      LOGICAL OK
      INTEGER*8 KR0(NR), KR1(NR), KR2(NR), KREF(9), KRUN(9)
      DIMENSION KI0(NI), KI1(NI), KI2(NI), IREF(6)
      DIMENSION IDREC(NCASE), INFREC(NCASE), NCHG(NCASE), NUSER(NCASE)
      DIMENSION NMSG(NCASE), INOW(NCASE), IWAS(NCASE), IFRST(NCASE)
      DIMENSION IRUN(6), NOWS(NCASE-2), NWASS(NCASE-2)
      COMMON /VERDCT/ OK, NQUIET
      COMMON /VERDCW/ WHY
      COMMON /RST/ RWORK(200), Z(8), ZDOT(8), BNDS(2,8), RTOL, ATOL,
     1             TIME, TOUT, RPAR(2)
      COMMON /IST/ IWORK(80), INFO(20), JROW(10), JCOL(10), JYDOT(4),
     1             ISC(4), IPAR(2), NEQ, NEJAC, NC, ND, NJYDOT
      COMMON /OUT/ IDID, IEVENT, IDISCON
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
C     The values a size/option case's message must print: new, run's.
      DATA NOWS  / 5, 3, 8, 6, 1, 3, 1, 3, 5, 5, 1, 1, 1 /
      DATA NWASS / 4, 4, 7, 7, 2, 2, 2, 4, 4, 4, 0, 0, 0 /
C
      OK = .TRUE.
      NQUIET = 0
      WHY = ' '
C
C     ---------- Reference run ----------
      CALL INIT
      DO 10 K = 1,NOUT
         CALL ADVANC(0.1D0*DBLE(K), 'REFERENCE RUN', 0)
 10   CONTINUE
      CALL FINAL(KREF, IREF)
      WRITE(6,100) 'REFERENCE', TIME, (IWORK(I), I = 11,15), IWORK(19)
 100  FORMAT(1X,A,' RUN: T =',F5.2,'  NST, NRE, NJE, NETF, NCFN, NNI ='
     1       ,6I5)
C
C     ---------- The disturbed run ----------
      CALL INIT
      NQUIET = 1
      WRITE(6,'(A)') 'SILENT-BEGIN'
      DO 20 K = 1,NOUT
         CALL ADVANC(0.1D0*DBLE(K), 'DISTURBED RUN', 1)
         IF (K .GT. NCASE) GO TO 20
         TOUT = 0.1D0*DBLE(K+1)
         CALL SNAP(KR0, KI0)
         CALL PERTRB(K, CNAME, PAT)
         CNAMES(K) = CNAME
         CALL SNAP(KR1, KI1)
         NUSER(K) = NRES + NJAC + NSTC + NEVD + NSEN
         CALL CAPON
         CALL DOCALL
         CALL CAPOFF(PAT, NMSG(K), MSG1(K), MSG2(K), INOW(K), IWAS(K))
         NUSER(K) = NRES + NJAC + NSTC + NEVD + NSEN - NUSER(K)
         IDREC(K) = IDID
         INFREC(K) = INFO(1)
         INFO(1) = 1
         CALL SNAP(KR2, KI2)
         CALL DIFFS(KR1, KI1, KR2, KI2, NCHG(K), IFRST(K))
C        Undo the change: the words it touched get their old values.
         CALL BACK(KR0, KI0, KR1, KI1)
 20   CONTINUE
      WRITE(6,'(A)') 'SILENT-END'
      NQUIET = 0
      CALL FINAL(KRUN, IRUN)
      WRITE(6,100) 'DISTURBED', TIME, (IWORK(I), I = 11,15), IWORK(19)
C
C     ---------- Verdicts of the cases ----------
      DO 30 K = 1,NCASE
         WRITE(6,110) K, CNAMES(K)(1:LNB(CNAMES(K))), IDREC(K),
     1                INFREC(K), NCHG(K), NMSG(K)
 110     FORMAT(' CASE',I3,': ',A/'   IDID =',I4,'  INFO(1) =',I3,
     1          '  WORDS WRITTEN =',I3,'  MESSAGE LINES =',I2)
         WRITE(6,'(4X,A)') MSG1(K)(1:LNB(MSG1(K)))
         IF (MSG2(K) .NE. ' ') WRITE(6,'(4X,A)') MSG2(K)(1:LNB(MSG2(K)))
         IF (INOW(K) .NE. -999) WRITE(6,115) INOW(K), IWAS(K)
 115     FORMAT('    (I1 =',I3,' ON THE FIRST LINE,',I3,
     1          ' ON THE SECOND)')
         IF (IDREC(K) .NE. -33) CALL FAILED('CHANGED INPUT: NOT -33')
         IF (INFREC(K) .NE. -1)
     1      CALL FAILED('CHANGED INPUT: INFO(1) IS NOT -1')
         IF (NCHG(K) .NE. 0) THEN
            WRITE(6,'(A,I5)') '   FIRST WORD WRITTEN (<0: /IST/):',
     1                        IFRST(K)
            CALL FAILED('A REJECTED CALL WROTE A PROTECTED WORD')
         ENDIF
         IF (NUSER(K) .NE. 0)
     1      CALL FAILED('A REJECTED CALL CALLED A USER ROUTINE')
         IF (MSG1(K) .EQ. ' ')
     1      CALL FAILED('THE MESSAGE DOES NOT NAME THE CHANGED INPUT')
         IF (K .LE. NCASE-2) THEN
C           A changed size or option: the values in the message.
            IF (INOW(K) .NE. NOWS(K) .OR. IWAS(K) .NE. NWASS(K)) THEN
               WRITE(6,120) INOW(K), IWAS(K), NOWS(K), NWASS(K)
 120           FORMAT('   MESSAGE VALUES',2I6,', EXPECTED',2I6)
               CALL FAILED('WRONG VALUES IN THE MESSAGE')
            ENDIF
            IF (MSG2(K) .EQ. ' ')
     1         CALL FAILED('NO LINE "STARTED (=I1)" IN THE MESSAGE')
         ENDIF
 30   CONTINUE
C
C     ---------- The end: the reference run, and the exact solution --
      NDIFF = 0
      DO 40 I = 1,9
         IF (KRUN(I) .NE. KREF(I)) NDIFF = NDIFF + 1
 40   CONTINUE
      DO 50 I = 1,6
         IF (IRUN(I) .NE. IREF(I)) NDIFF = NDIFF + 1
 50   CONTINUE
      WRITE(6,130) NDIFF
 130  FORMAT(' WORDS IN WHICH THE TWO RUNS DIFFER AT T = 2:',I3)
      IF (NDIFF .NE. 0)
     1   CALL FAILED('THE DISTURBED RUN DIFFERS FROM THE REFERENCE')
      T = TIME
      EMAX = 0.0D0
      DO 60 I = 1,4
         IF (I .EQ. 1) V = EXP(-T)
         IF (I .EQ. 2) V = T*EXP(-T)
         IF (I .EQ. 3) V = EXP(-T) + 0.5D0
         IF (I .EQ. 4) V = T*EXP(-T) - 0.5D0
         EMAX = MAX(EMAX, ABS(Z(I) - V)/(RTOL*ABS(V) + ATOL))
 60   CONTINUE
      WRITE(6,140) T, (Z(I), I = 1,4), EMAX
 140  FORMAT(' T =',F5.2,'  Z =',4F12.8/
     1       '   LARGEST ERROR / (RTOL*|V|+ATOL) =',1P,E10.2)
      IF (T .NE. 2.0D0) CALL FAILED('THE RUN DID NOT END AT T = 2')
      IF (EMAX .GT. 100.0D0) CALL FAILED('WRONG SOLUTION AT T = 2')
C
C     ---------- NC changed with XSETF(0), and printed ----------
      TOUT = 2.1D0
      NC = 1
      ISC(1) = 2
      CALL XSETF(0)
      CALL CAPON
      CALL DOCALL
      CALL CAPOFF('--  NC (=', N, MSG1(1), MSG2(1), I1, I2)
      CALL XSETF(1)
      WRITE(6,150) IDID, N
 150  FORMAT(' NC CHANGED UNDER XSETF(0): IDID =',I4,
     1       ' MESSAGE LINES =',I3)
      IF (IDID .NE. -33 .OR. N .NE. 0)
     1   CALL FAILED('XSETF(0): NOT A SILENT -33')
      INFO(1) = 1
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL DOCALL
      WRITE(6,'(A)') 'LOUD-END'
      IF (IDID .NE. -33) CALL FAILED('NC CHANGED (LOUD): NOT -33')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_CHANGED'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_CHANGED: ', WHY(1:LNB(WHY))
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE PERTRB(K, CNAME, PAT)
C     Change input K; CNAME describes it, PAT is the text the message
C     must contain.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) CNAME, PAT
      COMMON /RST/ RWORK(200), Z(8), ZDOT(8), BNDS(2,8), RTOL, ATOL,
     1             TIME, TOUT, RPAR(2)
      COMMON /IST/ IWORK(80), INFO(20), JROW(10), JCOL(10), JYDOT(4),
     1             ISC(4), IPAR(2), NEQ, NEJAC, NC, ND, NJYDOT
      GO TO (1,2,3,4,5,6,7,8,9,10,11,12,13,14,15), K
 1    NEQ = 5
      CNAME = 'NEQ RAISED 4 -> 5'
      PAT = '--  NEQ (='
      RETURN
 2    NEQ = 3
      CNAME = 'NEQ LOWERED 4 -> 3'
      PAT = '--  NEQ (='
      RETURN
 3    NEJAC = 8
      JROW(8) = 1
      JCOL(8) = 2
      CNAME = 'NEJAC RAISED 7 -> 8'
      PAT = '--  NEJAC (='
      RETURN
 4    NEJAC = 6
      CNAME = 'NEJAC LOWERED 7 -> 6'
      PAT = '--  NEJAC (='
      RETURN
 5    NC = 1
      ISC(1) = 2
      CNAME = 'NC LOWERED 2 -> 1, ISC(1) = 2'
      PAT = '--  NC (='
      RETURN
 6    ND = 3
      ISC(2) = 2
      CNAME = 'ND RAISED 2 -> 3, ISC(2) = 2'
      PAT = '--  ND (='
      RETURN
 7    NJYDOT = 1
      CNAME = 'NJYDOT LOWERED 2 -> 1'
      PAT = '--  NJYDOT (='
      RETURN
 8    IWORK(3) = 3
      CNAME = 'IWORK(3) = MAXORD 4 -> 3'
      PAT = '--  MAXORD, IWORK(3) (='
      RETURN
 9    IWORK(3) = 5
      CNAME = 'IWORK(3) = MAXORD 4 -> 5'
      PAT = '--  MAXORD, IWORK(3) (='
      RETURN
 10   INFO(9) = 0
      CNAME = 'INFO(9) 1 -> 0 (MAXORD 5)'
      PAT = '--  MAXORD, IWORK(3) (='
      RETURN
 11   INFO(10) = 1
      CNAME = 'INFO(10) 0 -> 1'
      PAT = '--  INFO(10) (='
      RETURN
 12   INFO(16) = 1
      CNAME = 'INFO(16) 0 -> 1'
      PAT = '--  INFO(16) (='
      RETURN
 13   INFO(12) = 1
      CNAME = 'INFO(12) = NP 0 -> 1'
      PAT = '--  NP = INFO(12) (='
      RETURN
 14   JROW(1) = 2
      JROW(2) = 1
C     (JCOL(1) = JCOL(2) = 1: the pairs (1,1), (2,1) are swapped.)
      CNAME = '(JROW,JCOL) PAIRS 1, 2 SWAPPED'
      PAT = 'JROW/JCOL'
      RETURN
 15   JCOL(7) = 3
      CNAME = 'JCOL(7) 4 -> 3'
      PAT = 'JROW/JCOL'
      RETURN
      END
C
      INTEGER FUNCTION LNB(S)
C     Position of the last non-blank character of S (1 if none).
      CHARACTER*(*) S
      DO 10 I = LEN(S),2,-1
         IF (S(I:I) .NE. ' ') GO TO 20
 10   CONTINUE
      I = 1
 20   LNB = I
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE INIT
C     The start of a run: every array and scalar set, INFO(1) = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NR=238, NI=135)
      DIMENSION RALL(NR), IALL(NI), JR(7), JC(7)
      COMMON /RST/ RWORK(200), Z(8), ZDOT(8), BNDS(2,8), RTOL, ATOL,
     1             TIME, TOUT, RPAR(2)
      COMMON /IST/ IWORK(80), INFO(20), JROW(10), JCOL(10), JYDOT(4),
     1             ISC(4), IPAR(2), NEQ, NEJAC, NC, ND, NJYDOT
      COMMON /SCR/ REVWK(120), IEVWK(10)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
      EQUIVALENCE (RALL(1), RWORK(1)), (IALL(1), IWORK(1))
      DATA JR / 1, 2, 2, 3, 3, 4, 4 /
      DATA JC / 1, 1, 2, 1, 3, 2, 4 /
      DO 10 I = 1,NR
         RALL(I) = 0.0D0
 10   CONTINUE
      DO 20 I = 1,NI
         IALL(I) = 0
 20   CONTINUE
      DO 30 I = 1,120
         REVWK(I) = 0.0D0
         IF (I .LE. 10) IEVWK(I) = 0
         IF (I .LE. 8) BNDS(1,I) = -10.0D0
         IF (I .LE. 8) BNDS(2,I) = 10.0D0
         IF (I .GT. 7) GO TO 30
         JROW(I) = JR(I)
         JCOL(I) = JC(I)
 30   CONTINUE
      Z(1) = 1.0D0
      Z(3) = 1.5D0
      Z(4) = -0.5D0
      ZDOT(1) = -1.0D0
      ZDOT(2) = 1.0D0
      ZDOT(3) = -1.0D0
      ZDOT(4) = 1.0D0
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      TOUT = 0.1D0
      RPAR(1) = 3.25D0
      RPAR(2) = 4.5D0
      IPAR(1) = 11
      IPAR(2) = 12
      INFO(9) = 1
      IWORK(3) = 4
      JYDOT(1) = 1
      JYDOT(2) = 2
      ISC(1) = 1
      ISC(2) = 1
      NEQ = 4
      NEJAC = 7
      NC = 2
      ND = 2
      NJYDOT = 2
      NRES = 0
      NJAC = 0
      NSTC = 0
      NEVD = 0
      NSEN = 0
      RETURN
      END
C
      SUBROUTINE DOCALL
C     DSL48E with the current arguments (JDTYPE = 0, LRW = 200, LIW =
C     80, LIEVWK = 10, LREVWK = 120).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /RST/ RWORK(200), Z(8), ZDOT(8), BNDS(2,8), RTOL, ATOL,
     1             TIME, TOUT, RPAR(2)
      COMMON /IST/ IWORK(80), INFO(20), JROW(10), JCOL(10), JYDOT(4),
     1             ISC(4), IPAR(2), NEQ, NEJAC, NC, ND, NJYDOT
      COMMON /SCR/ REVWK(120), IEVWK(10)
      COMMON /OUT/ IDID, IEVENT, IDISCON
      EXTERNAL RES, SENRHS, JAC, STCH, EVTD
      CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUT, INFO, RTOL,
     1     ATOL, IDID, RWORK, 200, IWORK, 80, RPAR, IPAR, JAC, NEJAC,
     2     JROW, JCOL, JYDOT, NJYDOT, 0, BNDS, IEVENT, IDISCON, NC, ND,
     3     ISC, TEVT, 10, IEVWK, 120, REVWK, STCH, EVTD)
      RETURN
      END
C
      SUBROUTINE ADVANC(T, NAME, ICAP)
C     A call that must return IDID = 3 at TOUT = T (ICAP = 1: messages
C     captured; there must be none).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      CHARACTER*100 L1, L2
      COMMON /RST/ RWORK(200), Z(8), ZDOT(8), BNDS(2,8), RTOL, ATOL,
     1             TIME, TOUT, RPAR(2)
      COMMON /OUT/ IDID, IEVENT, IDISCON
      TOUT = T
      IF (ICAP .EQ. 1) CALL CAPON
      CALL DOCALL
      N = 0
      IF (ICAP .EQ. 1) CALL CAPOFF('DSL48E--', N, L1, L2, I1, I2)
      IF (IDID .NE. 3 .OR. TIME .NE. T .OR. IEVENT .NE. 0)
     1   CALL FAILED(NAME//': NOT IDID = 3 AT TOUT')
      IF (N .NE. 0) CALL FAILED(NAME//': A MESSAGE WAS PRINTED')
      RETURN
      END
C
      SUBROUTINE FINAL(KR, IC)
C     T, Z(1..4), ZDOT(1..4) bitwise, IWORK(11..15), IWORK(19).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NR=238)
      INTEGER*8 KR(9), KALL(NR)
      DIMENSION IC(6)
      COMMON /RST/ RALL(NR)
      COMMON /IST/ IWORK(80), IREST(55)
      EQUIVALENCE (RALL(1), KALL(1))
      KR(1) = KALL(200+8+8+16+3)
      DO 10 I = 1,4
         KR(1+I) = KALL(200+I)
         KR(5+I) = KALL(208+I)
 10   CONTINUE
      DO 20 I = 1,5
         IC(I) = IWORK(10+I)
 20   CONTINUE
      IC(6) = IWORK(19)
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE SNAP(KR, KI)
C     A bitwise copy of /RST/ and /IST/ (the state, every input array,
C     the scalars, TIME, TOUT, RPAR, IPAR).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NR=238, NI=135)
      INTEGER*8 KALL(NR), KR(NR)
      DIMENSION KI(NI)
      COMMON /RST/ RALL(NR)
      COMMON /IST/ IALL(NI)
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
      SUBROUTINE DIFFS(KR1, KI1, KR2, KI2, NCHG, IFIRST)
C     NCHG words differ between the copies; IFIRST is the first of
C     them (/RST/ word IFIRST, or /IST/ word -IFIRST if negative; 0 if
C     none).  /RST/ word I is RWORK(I) for I <= 200, then Z, ZDOT,
C     BOUNDS, ...; /IST/ word I is IWORK(I) for I <= 80, then INFO,
C     JROW, ...  Nothing is printed (called in the SILENT section).
      PARAMETER (NR=238, NI=135)
      INTEGER*8 KR1(NR), KR2(NR)
      DIMENSION KI1(NI), KI2(NI)
      NCHG = 0
      IFIRST = 0
      DO 10 I = 1,NR
         IF (KR1(I) .NE. KR2(I)) THEN
            NCHG = NCHG + 1
            IF (IFIRST .EQ. 0) IFIRST = I
         ENDIF
 10   CONTINUE
      DO 20 I = 1,NI
         IF (KI1(I) .NE. KI2(I)) THEN
            NCHG = NCHG + 1
            IF (IFIRST .EQ. 0) IFIRST = -I
         ENDIF
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE BACK(KR0, KI0, KR1, KI1)
C     Undo a change: the words that differ between the copies taken
C     before (KR0, KI0) and after (KR1, KI1) it get their old values.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NR=238, NI=135)
      INTEGER*8 KALL(NR), KR0(NR), KR1(NR)
      DIMENSION KI0(NI), KI1(NI)
      COMMON /RST/ RALL(NR)
      COMMON /IST/ IALL(NI)
      EQUIVALENCE (RALL(1), KALL(1))
      DO 10 I = 1,NR
         IF (KR1(I) .NE. KR0(I)) KALL(I) = KR0(I)
 10   CONTINUE
      DO 20 I = 1,NI
         IF (KI1(I) .NE. KI0(I)) IALL(I) = KI0(I)
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE CAPON
      OPEN(UNIT=21, FILE='dsl_changed_unit21.txt', STATUS='UNKNOWN')
      CALL XSETUN(21)
      RETURN
      END
C
      SUBROUTINE CAPOFF(PAT, NLINES, L1, L2, INOW, IWAS)
C     Stop capturing.  NLINES lines were written; L1 is the first line
C     holding both 'DSL48E--' and PAT, INOW the I1 printed after it;
C     L2 the first line after L1 holding 'DSL48E--  started (=I1)',
C     IWAS its I1 (blank and -999 when missing).
      CHARACTER*(*) PAT, L1, L2
      CHARACTER*200 LINE
      CALL XSETUN(6)
      CLOSE(21)
      OPEN(UNIT=21, FILE='dsl_changed_unit21.txt', STATUS='OLD')
      LP = LEN(PAT)
 5    IF (LP .GT. 1 .AND. PAT(LP:LP) .EQ. ' ') THEN
         LP = LP - 1
         GO TO 5
      ENDIF
      NLINES = 0
      L1 = ' '
      L2 = ' '
      INOW = -999
      IWAS = -999
      NEXT = 0
 10   CONTINUE
      READ(21, '(A)', END=20) LINE
      NLINES = NLINES + 1
      I = INDEX(LINE, 'I1 =')
      IF (NEXT .EQ. 1 .AND. I .GT. 0)
     1   READ(LINE(I+4:I+13), '(I10)') INOW
      IF (NEXT .EQ. 2 .AND. I .GT. 0)
     1   READ(LINE(I+4:I+13), '(I10)') IWAS
      NEXT = 0
      IF (INDEX(LINE, 'DSL48E--') .EQ. 0) GO TO 10
      IF (L1 .EQ. ' ' .AND. INDEX(LINE, PAT(1:LP)) .GT. 0) THEN
         L1 = LINE
         NEXT = 1
      ELSE IF (L2 .EQ. ' ' .AND. L1 .NE. ' ' .AND.
     1         INDEX(LINE, 'DSL48E--  started (=I1)') .GT. 0) THEN
         L2 = LINE
         NEXT = 2
      ENDIF
      GO TO 10
 20   CONTINUE
      CLOSE(21, STATUS='DELETE')
      RETURN
      END
C
      SUBROUTINE FAILED(TEXT)
C     Record a failure (the first one is kept for the last line; not
C     printed inside the SILENT section).
      CHARACTER*(*) TEXT
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NQUIET
      COMMON /VERDCW/ WHY
      IF (NQUIET .EQ. 0) WRITE(6,'(2A)') '   *** ', TEXT
      IF (OK) WHY = TEXT
      OK = .FALSE.
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
      NRES = NRES + 1
      DELTA(1) = ZDOT(1) + Z(1)
      DELTA(2) = ZDOT(2) - Z(1) + Z(2)
      DELTA(3) = Z(3) - (Z(1) + 0.5D0)
      DELTA(4) = Z(4) - (Z(2) - 0.5D0)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     Never called (JDTYPE = 0); counted.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
      NJAC = NJAC + 1
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     Never called (INFO(12) = 0 in the run); counted.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION DFDP(NEQ)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
      NSEN = NSEN + 1
      DO 10 I = 1,NEQ
         DFDP(I) = 0.0D0
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Locked truth values: D1 true, D2 false (no crossing happens).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION IG(NDI)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
      NSTC = NSTC + 1
      LOCKED = 0
      IF (ISTATE .EQ. 1) LOCKED = 1
      ICHANGE = 0
      IF (IG(1) .NE. LOCKED) ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     No explicit time dependence: D = 0, ALPHA = 0; counted.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION D(NEQ)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD, NSEN
      NEVD = NEVD + 1
      ICODE = 0
      DO 10 I = 1,NEQ
         D(I) = 0.0D0
 10   CONTINUE
      ALPHA = 0.0D0
      RETURN
      END
