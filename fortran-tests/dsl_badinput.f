C-----------------------------------------------------------------------
C     DSL_BADINPUT -- every illegal DSL48E argument must give IDID =
C     -33 (with a message) without calling RES, JAC, STCHANGE or
C     EVTDERIV, without changing TIME, Z, ZDOT, any input array or
C     RPAR/IPAR, and without writing outside RWORK(1..LRW),
C     IWORK(1..LIW), REVWK(1..LREVWK), IEVWK(1..LIEVWK), INFO(1..20).
C
C     Every real array argument (Z, ZDOT, RWORK, REVWK, RTOL, ATOL,
C     BOUNDS, RPAR) is a slice of one array RBIG and every integer
C     array argument (IWORK, IEVWK, JROW, JCOL, JYDOT, ISC, INFO, IPAR)
C     a slice of IBIG, with 16 guard words around each slice and
C     guards in the unused tail of each reserved slice.  Before each
C     call both arrays are copied; afterwards every element outside
C     the writable ranges above must be unchanged, bit for bit.
C
C     Valid baseline (NEQ = 4, NX = 2, NC = 2, ISC = (1,1), ND = 2):
C        F1 = X1' + X1,  F2 = X2' - X1 + X2,
C        F3 = D1 - (X1 - 0.5),  F4 = D2 - (X2 - 0.5),
C     Z = (X1, X2, D1, D2) = (1, 0, 0.5, -0.5), JYDOT = (1,2),
C     NEJAC = 7, JDTYPE = 0, TOUT = 1, RTOL = ATOL = 1D-6, generous
C     LRW = 200, LIW = 80, LIEVWK = 10, LREVWK = 120.
C     Each case changes one thing:
C       NEQ = 0, NEQ = -1; NC = -1; NC = 0 with ND = 2; ND = 3 /= SUM
C       ISC; ISC(1) = 0 (ND = 2 = SUM); ISC(2) = -1 (ND = 0 = SUM);
C       ND > NEQ (ISC = (3,3), ND = 6); NJYDOT = -1; NJYDOT = 3 >
C       NEQ-ND; JYDOT(2) = 0; JYDOT(2) = 3 (a discontinuity
C       variable); JYDOT = (1,1); NEJAC = -1; JROW(3) = 0, = 5;
C       JCOL(3) = 0, = 5; a duplicated (JROW,JCOL) pair; JDTYPE = 2,
C       = -1; INFO(2), (3), (4), (7), (9), (14), (16), (17) = 2,
C       INFO(8) = -1, INFO(10) = -1, INFO(11) = 3, INFO(11) = -1,
C       INFO(18) = 3; INFO(11) = INFO(17) = 1 with MXNIT = 0 and
C       with STPTOL = 0; INFO(12) = -1, INFO(12) = 1 with INFO(15) =
C       3 (sensitivity options are checked; dsl_sens_bad.f has the
C       rest of them); RTOL < 0,
C       ATOL < 0, RTOL = ATOL = 0, vector ATOL with ATOL(3) < 0, RTOL
C       = NaN; TOUT = TIME, TOUT = NaN; TSTOP behind TOUT, TSTOP =
C       NaN; MAXORD = 0, 6; HMAX = 0, < 0; H0 = 0; BOUNDS(1,3) >
C       BOUNDS(2,3); LRW = LENRW-1, LIW = LENIW-1 (LENRW, LENIW from
C       IWORK(18), IWORK(17) of a valid call; they must not exceed
C       the SPEC's ceilings 60+10*NEQ+NEJAC+3*ND, 40+2*NEQ+ND);
C       LIEVWK = MAX(NX + MAX ISC, NEQ) - 1; LREVWK = (Q+1)*ND + Q +
C       5*NEQ + 40 - 1 with Q = 5, and with Q = 2 (INFO(9) = 1,
C       MAXORD = 2); a call with literal constants for every scalar
C       input (NEQ = -1).  The exact minimum lengths must work.
C     Then XSETF(0): a -33 call prints nothing (SILENT markers);
C     XSETF(1): a -33 call prints its message (LOUD markers; this
C     program prints nothing itself inside either section).
C     Finally a valid run with literal constants for all scalar
C     inputs (they must never be written), INFO(5), (6), (13), (15),
C     (19), (20) set to garbage (not read by DSL48E) and every array
C     still guarded: IDID = 3 at TOUT = 0.5 with X1 = EXP(-T), X2 =
C     T*EXP(-T) within 100*(RTOL*|V| + ATOL); then a continuation
C     call with the first two (JROW,JCOL) pairs swapped (the same
C     entries in another order, so PD(K) would be read for the wrong
C     entry: -33), the pairs put back with INFO(1) = 1, a -33 call
C     again and a fresh start (INFO(1) = 0) in the same arrays works.
C     (INFO(1) = 1 after an event return is checked by the event
C     programs, not here.)
C     The last line printed is PASS DSL_BADINPUT or FAIL DSL_BADINPUT:..
C-----------------------------------------------------------------------
      PROGRAM DSLBAD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16)
      PARAMETER (KZ=NG, KZP=KZ+4+NG, KRW=KZP+4+NG, KREV=KRW+200+NG)
      PARAMETER (KRT=KREV+120+NG, KAT=KRT+4+NG, KBND=KAT+4+NG)
      PARAMETER (KRP=KBND+8+NG, LRBIG=KRP+2+NG)
      PARAMETER (KIW=NG, KIEV=KIW+80+NG, KJR=KIEV+10+NG, KJC=KJR+10+NG)
      PARAMETER (KJY=KJC+10+NG, KIS=KJY+4+NG, KINF=KIS+4+NG)
      PARAMETER (KIP=KINF+20+NG, LIBIG=KIP+2+NG)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NCASE
      COMMON /VERDCW/ WHY
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, NEQ, NEJAC, NJYDOT, JDTYPE, NC,
     1              ND, LRW, LIW, LIEVWK, LREVWK, IDID, IEVENT, IDISCON
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
      EXTERNAL RES, SENDUM, JAC, STCH, EVTD
C
      OK = .TRUE.
      WHY = ' '
      NCASE = 0
      ZERO = 0.0D0
      CALL NANDIV(ZERO, XNAN)
C
C     ---------- The minimum lengths, from a valid one-step call ----
      CALL PREP
      IBIG(KINF+3) = 1
      CALL SNAP
      CALL DOCALL
      LENIW = IBIG(KIW+17)
      LENRW = IBIG(KIW+18)
      WRITE(6,100) IDID, TIME, LENIW, LENRW, 40+2*4+2, 60+10*4+7+3*2
 100  FORMAT(' VALID ONE-STEP CALL: IDID =',I3,' TIME =',1P,E10.3,0P,
     1       ' LENIW =',I4,' LENRW =',I4/
     2       '   (SPEC CEILINGS: LIW',I4,', LRW',I4,')')
      IF (IDID .NE. 1) CALL FAILED('VALID BASELINE CALL FAILED')
      CALL GUARDS('VALID BASELINE CALL', .FALSE.)
      IF (LENIW .LE. 0 .OR. LENIW .GT. 40+2*4+2)
     1   CALL FAILED('IWORK(17) (LENIW) ABOVE 40+2*NEQ+ND OR UNSET')
      IF (LENRW .LE. 0 .OR. LENRW .GT. 60+10*4+7+3*2)
     1   CALL FAILED('IWORK(18) (LENRW) ABOVE 60+10*NEQ+NEJAC+3*ND')
      IF (LENIW .LE. 0 .OR. LENIW .GT. 80) LENIW = 80
      IF (LENRW .LE. 0 .OR. LENRW .GT. 200) LENRW = 200
C
C     ---------- Dimensions and counts ----------
      CALL PREP
      NEQ = 0
      CALL CASE('NEQ = 0')
      CALL PREP
      NEQ = -1
      CALL CASE('NEQ = -1')
      CALL PREP
      NC = -1
      CALL CASE('NC = -1')
      CALL PREP
      NC = 0
      CALL CASE('NC = 0 WITH ND = 2')
      CALL PREP
      ND = 3
      CALL CASE('ND = 3 /= ISC(1)+ISC(2) = 2')
      CALL PREP
      IBIG(KIS+1) = 0
      IBIG(KIS+2) = 2
      CALL CASE('ISC(1) = 0 (SUM = ND = 2)')
      CALL PREP
      IBIG(KIS+2) = -1
      ND = 0
      CALL CASE('ISC(2) = -1 (SUM = ND = 0)')
      CALL PREP
      IBIG(KIS+1) = 3
      IBIG(KIS+2) = 3
      ND = 6
      CALL CASE('ND = 6 > NEQ = 4')
C
C     ---------- JYDOT ----------
      CALL PREP
      NJYDOT = -1
      CALL CASE('NJYDOT = -1')
      CALL PREP
      NJYDOT = 3
      IBIG(KJY+3) = 3
      CALL CASE('NJYDOT = 3 > NEQ-ND = 2')
      CALL PREP
      IBIG(KJY+2) = 0
      CALL CASE('JYDOT(2) = 0')
      CALL PREP
      IBIG(KJY+2) = 3
      CALL CASE('JYDOT(2) = 3, A DISCONTINUITY VARIABLE')
      CALL PREP
      IBIG(KJY+2) = 1
      CALL CASE('JYDOT = (1,1) REPEATED')
C
C     ---------- Pattern and JDTYPE ----------
      CALL PREP
      NEJAC = -1
      CALL CASE('NEJAC = -1')
      CALL PREP
      IBIG(KJR+3) = 0
      CALL CASE('JROW(3) = 0')
      CALL PREP
      IBIG(KJR+3) = 5
      CALL CASE('JROW(3) = 5 > NEQ')
      CALL PREP
      IBIG(KJC+3) = 0
      CALL CASE('JCOL(3) = 0')
      CALL PREP
      IBIG(KJC+3) = 5
      CALL CASE('JCOL(3) = 5 > NEQ')
      CALL PREP
      IBIG(KJR+7) = IBIG(KJR+1)
      IBIG(KJC+7) = IBIG(KJC+1)
      CALL CASE('(JROW(7),JCOL(7)) = (JROW(1),JCOL(1))')
      CALL PREP
      JDTYPE = 2
      CALL CASE('JDTYPE = 2')
      CALL PREP
      JDTYPE = -1
      CALL CASE('JDTYPE = -1')
C
C     ---------- INFO ----------
      CALL PREP
      IBIG(KINF+2) = 2
      CALL CASE('INFO(2) = 2')
      CALL PREP
      IBIG(KINF+3) = 2
      CALL CASE('INFO(3) = 2')
      CALL PREP
      IBIG(KINF+4) = 2
      RBIG(KRW+1) = 2.0D0
      CALL CASE('INFO(4) = 2')
      CALL PREP
      IBIG(KINF+7) = 2
      RBIG(KRW+2) = 0.1D0
      CALL CASE('INFO(7) = 2')
      CALL PREP
      IBIG(KINF+8) = -1
      RBIG(KRW+3) = 1.0D-3
      CALL CASE('INFO(8) = -1')
      CALL PREP
      IBIG(KINF+9) = 2
      IBIG(KIW+3) = 3
      CALL CASE('INFO(9) = 2')
      CALL PREP
      IBIG(KINF+10) = -1
      CALL CASE('INFO(10) = -1')
      CALL PREP
      IBIG(KINF+11) = 3
      CALL CASE('INFO(11) = 3')
      CALL PREP
      IBIG(KINF+11) = -1
      CALL CASE('INFO(11) = -1')
      CALL PREP
      IBIG(KINF+12) = 1
      IBIG(KINF+15) = 3
      CALL CASE('INFO(12) = 1, INFO(15) = 3')
      CALL PREP
      IBIG(KINF+12) = -1
      CALL CASE('INFO(12) = -1')
      CALL PREP
      IBIG(KINF+14) = 2
      CALL CASE('INFO(14) = 2')
      CALL PREP
      IBIG(KINF+16) = 2
      CALL CASE('INFO(16) = 2')
      CALL PREP
      IBIG(KINF+17) = 2
      CALL CASE('INFO(17) = 2')
      CALL PREP
      IBIG(KINF+18) = 3
      CALL CASE('INFO(18) = 3')
C     INFO(11) = 1 with INFO(17) = 1: the IC controls as DDASKR checks
C     them (MXNIT = IWORK(32) = 0; STPTOL = RWORK(14) = 0).
      CALL PREP
      IBIG(KINF+11) = 1
      IBIG(KINF+17) = 1
      IBIG(KIW+32) = 0
      IBIG(KIW+33) = 6
      IBIG(KIW+34) = 5
      IBIG(KIW+35) = 0
      RBIG(KRW+14) = 1.0D-10
      RBIG(KRW+15) = 1.0D-2
      CALL CASE('INFO(17) = 1, MXNIT = 0')
      CALL PREP
      IBIG(KINF+11) = 1
      IBIG(KINF+17) = 1
      IBIG(KIW+32) = 5
      IBIG(KIW+33) = 6
      IBIG(KIW+34) = 5
      IBIG(KIW+35) = 0
      RBIG(KRW+14) = 0.0D0
      RBIG(KRW+15) = 1.0D-2
      CALL CASE('INFO(17) = 1, STPTOL = 0')
C
C     ---------- Tolerances, TOUT, TSTOP ----------
      CALL PREP
      RBIG(KRT+1) = -1.0D-6
      CALL CASE('RTOL < 0')
      CALL PREP
      RBIG(KAT+1) = -1.0D-6
      CALL CASE('ATOL < 0')
      CALL PREP
      RBIG(KRT+1) = 0.0D0
      RBIG(KAT+1) = 0.0D0
      CALL CASE('RTOL = ATOL = 0')
      CALL PREP
      IBIG(KINF+2) = 1
      RBIG(KAT+3) = -1.0D-6
      CALL CASE('INFO(2) = 1, ATOL(3) < 0')
      CALL PREP
      RBIG(KRT+1) = XNAN
      CALL CASE('RTOL = NAN')
      CALL PREP
      TOUT = TIME
      CALL CASE('TOUT = TIME')
      CALL PREP
      TOUT = XNAN
      CALL CASE('TOUT = NAN')
      CALL PREP
      IBIG(KINF+4) = 1
      RBIG(KRW+1) = 0.5D0*TOUT
      CALL CASE('TSTOP BEHIND TOUT')
      CALL PREP
      IBIG(KINF+4) = 1
      RBIG(KRW+1) = XNAN
      CALL CASE('TSTOP = NAN')
C
C     ---------- MAXORD, HMAX, H0, BOUNDS ----------
      CALL PREP
      IBIG(KINF+9) = 1
      IBIG(KIW+3) = 0
      CALL CASE('MAXORD = 0')
      CALL PREP
      IBIG(KINF+9) = 1
      IBIG(KIW+3) = 6
      CALL CASE('MAXORD = 6')
      CALL PREP
      IBIG(KINF+7) = 1
      RBIG(KRW+2) = 0.0D0
      CALL CASE('HMAX = 0')
      CALL PREP
      IBIG(KINF+7) = 1
      RBIG(KRW+2) = -1.0D0
      CALL CASE('HMAX < 0')
      CALL PREP
      IBIG(KINF+8) = 1
      RBIG(KRW+3) = 0.0D0
      CALL CASE('H0 = 0')
      CALL PREP
      IBIG(KINF+10) = 1
      RBIG(KBND+5) = 1.0D0
      RBIG(KBND+6) = 0.0D0
      CALL CASE('BOUNDS(1,3) > BOUNDS(2,3)')
C
C     ---------- Work array lengths ----------
      CALL PREP
      LRW = LENRW - 1
      CALL CASE('LRW = LENRW - 1')
      WRITE(6,110) IBIG(KIW+17), IBIG(KIW+18)
 110  FORMAT('      (IWORK(17) =',I5,', IWORK(18) =',I5,')')
      CALL PREP
      LIW = LENIW - 1
      CALL CASE('LIW = LENIW - 1')
      CALL PREP
      LIEVWK = 3
      CALL CASE('LIEVWK = MAX(NX+MAX ISC, NEQ) - 1 = 3')
      CALL PREP
      LREVWK = 6*2 + 5 + 5*4 + 40 - 1
      CALL CASE('LREVWK = 6*ND+5+5*NEQ+40 - 1 = 76')
      CALL PREP
      IBIG(KINF+9) = 1
      IBIG(KIW+3) = 2
      LREVWK = 3*2 + 2 + 5*4 + 40 - 1
      CALL CASE('MAXORD = 2, LREVWK = 3*ND+2+5*NEQ+40 - 1 = 67')
C     The exact minimum lengths work (one step each).
      DO 150 K = 1,5
         CALL PREP
         IBIG(KINF+3) = 1
         IF (K .EQ. 1) LRW = LENRW
         IF (K .EQ. 2) LIW = LENIW
         IF (K .EQ. 3) LIEVWK = 4
         IF (K .EQ. 4) LREVWK = 6*2 + 5 + 5*4 + 40
         IF (K .EQ. 5) THEN
            IBIG(KINF+9) = 1
            IBIG(KIW+3) = 2
            LREVWK = 3*2 + 2 + 5*4 + 40
         ENDIF
         CALL SNAP
         CALL DOCALL
         WRITE(6,120) K, LRW, LIW, LIEVWK, LREVWK, IDID
 120     FORMAT(' EXACT MINIMUM',I2,': LRW =',I4,' LIW =',I3,
     1          ' LIEVWK =',I3,' LREVWK =',I4,'  IDID =',I4)
         IF (IDID .NE. 1) CALL FAILED('EXACT MINIMUM LENGTH REJECTED')
         CALL GUARDS('EXACT MINIMUM LENGTH', .FALSE.)
 150  CONTINUE
C
C     ---------- Literal constants in an invalid call ----------
      CALL PREP
      CALL SNAP
      CALL DSL48E(RES, SENDUM, -1, TIME, RBIG(KZ+1), RBIG(KZP+1),
     1     1.0D0, IBIG(KINF+1), 1.0D-6, 1.0D-6, IDID, RBIG(KRW+1),
     2     200, IBIG(KIW+1), 80, RBIG(KRP+1), IBIG(KIP+1), JAC, 7,
     3     IBIG(KJR+1), IBIG(KJC+1), IBIG(KJY+1), 2, 0, RBIG(KBND+1),
     4     IEVENT, IDISCON, 2, 2, IBIG(KIS+1), TEVT, 10, IBIG(KIEV+1),
     5     120, RBIG(KREV+1), STCH, EVTD)
      CALL VERIFY('LITERAL CONSTANTS, NEQ = -1')
C
C     ---------- Message control ----------
      CALL PREP
      NEQ = -5
      CALL SNAP
      CALL XSETF(0)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      CALL DOCALL
      WRITE(6,'(A)') 'SILENT-END'
      CALL XSETF(1)
      CALL VERIFY('NEQ = -5 WITH XSETF(0)')
      CALL PREP
      NEQ = -5
      CALL SNAP
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL DOCALL
      WRITE(6,'(A)') 'LOUD-END'
      CALL VERIFY('NEQ = -5 WITH XSETF(1)')
C
C     ---------- A valid run with literal constants ----------
      CALL PREP
      IBIG(KINF+5) = 7
      IBIG(KINF+6) = -3
      IBIG(KINF+13) = 99
      IBIG(KINF+15) = -1
      IBIG(KINF+19) = 12345
      IBIG(KINF+20) = 2
      CALL SNAP
      CALL DSL48E(RES, SENDUM, 4, TIME, RBIG(KZ+1), RBIG(KZP+1),
     1     0.5D0, IBIG(KINF+1), 1.0D-6, 1.0D-6, IDID, RBIG(KRW+1),
     2     200, IBIG(KIW+1), 80, RBIG(KRP+1), IBIG(KIP+1), JAC, 7,
     3     IBIG(KJR+1), IBIG(KJC+1), IBIG(KJY+1), 2, 0, RBIG(KBND+1),
     4     IEVENT, IDISCON, 2, 2, IBIG(KIS+1), TEVT, 10, IBIG(KIEV+1),
     5     120, RBIG(KREV+1), STCH, EVTD)
      T = TIME
      X1 = EXP(-T)
      X2 = T*EXP(-T)
      E1 = ABS(RBIG(KZ+1) - X1)/(1.0D-6*X1 + 1.0D-6)
      E2 = ABS(RBIG(KZ+2) - X2)/(1.0D-6*X2 + 1.0D-6)
      WRITE(6,130) IDID, IEVENT, TIME, RBIG(KZ+1), RBIG(KZ+2), E1, E2,
     1     NRES
 130  FORMAT(' VALID RUN WITH LITERALS: IDID =',I3,' IEVENT =',I2,
     1       ' TIME =',F6.3,' X =',2F12.8/'   ERRORS / (RTOL*|V|+ATOL)',
     2       ' =',1P,2E10.2,'  RES CALLS =',0P,I5)
      IF (IDID .NE. 3 .OR. TIME .NE. 0.5D0 .OR. IEVENT .NE. 0)
     1   CALL FAILED('VALID RUN: NOT IDID = 3 AT TOUT')
      IF (E1 .GT. 100.0D0 .OR. E2 .GT. 100.0D0)
     1   CALL FAILED('VALID RUN: WRONG SOLUTION')
      IF (NRES .EQ. 0) CALL FAILED('VALID RUN: RES NEVER CALLED')
      CALL GUARDS('VALID RUN', .FALSE.)
C     The pattern reordered on continuation: -33 before any work.
      CALL SWAP12
      TOUT = 1.0D0
      NRES = 0
      NJAC = 0
      NSTC = 0
      NEVD = 0
      CALL CASE('CONTINUATION WITH JROW/JCOL REORDERED')
      CALL SWAP12
      IBIG(KINF+1) = 1
C     A -33 on continuation (TOUT = TIME), then a fresh start.
      TOUT = TIME
      NRES = 0
      NJAC = 0
      NSTC = 0
      NEVD = 0
      CALL SNAP
      CALL DOCALL
      CALL VERIFY('CONTINUATION WITH TOUT = TIME')
      CALL PREP
      TOUT = 0.5D0
      CALL SNAP
      CALL DOCALL
      WRITE(6,140) IDID, TIME
 140  FORMAT(' FRESH START AFTER -33: IDID =',I3,' TIME =',F6.3)
      IF (IDID .NE. 3 .OR. TIME .NE. TOUT)
     1   CALL FAILED('FRESH START AFTER -33 FAILED')
      CALL GUARDS('FRESH START', .FALSE.)
C
      WRITE(6,160) NCASE
 160  FORMAT(1X,I3,' INVALID-INPUT CASES CHECKED')
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_BADINPUT'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_BADINPUT: ', WHY
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
      COMMON /VERDCT/ OK, NCASE
      COMMON /VERDCW/ WHY
      WRITE(6,'(2A)') '   *** ', TEXT
      IF (OK) WHY = TEXT
      OK = .FALSE.
      RETURN
      END
C
      SUBROUTINE NANDIV(ZERO, XNAN)
C     A quiet NaN from its bit pattern (no floating-point exception is
C     raised making it, so the program also runs with -ffpe-trap);
C     ZERO is not used.
      DOUBLE PRECISION ZERO, XNAN, D
      INTEGER*8 K
      EQUIVALENCE (D, K)
      SAVE D
      DATA K /Z'7FF8000000000000'/
      XNAN = D
      RETURN
      END
C
      SUBROUTINE PREP
C     The valid baseline: scalars in /ARGS/, array slices in /BIG/,
C     guard values everywhere else, counters zero.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16)
      PARAMETER (KZ=NG, KZP=KZ+4+NG, KRW=KZP+4+NG, KREV=KRW+200+NG)
      PARAMETER (KRT=KREV+120+NG, KAT=KRT+4+NG, KBND=KAT+4+NG)
      PARAMETER (KRP=KBND+8+NG, LRBIG=KRP+2+NG)
      PARAMETER (KIW=NG, KIEV=KIW+80+NG, KJR=KIEV+10+NG, KJC=KJR+10+NG)
      PARAMETER (KJY=KJC+10+NG, KIS=KJY+4+NG, KINF=KIS+4+NG)
      PARAMETER (KIP=KINF+20+NG, LIBIG=KIP+2+NG)
      PARAMETER (RG=-7.77D77, IG=-7777777)
      DIMENSION JR(7), JC(7)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, NEQ, NEJAC, NJYDOT, JDTYPE, NC,
     1              ND, LRW, LIW, LIEVWK, LREVWK, IDID, IEVENT, IDISCON
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
      DATA JR / 1, 2, 2, 3, 3, 4, 4 /
      DATA JC / 1, 1, 2, 1, 3, 2, 4 /
      NEQ = 4
      NEJAC = 7
      NJYDOT = 2
      JDTYPE = 0
      NC = 2
      ND = 2
      LRW = 200
      LIW = 80
      LIEVWK = 10
      LREVWK = 120
      TIME = 0.0D0
      TOUT = 1.0D0
      IDID = 0
      NRES = 0
      NJAC = 0
      NSTC = 0
      NEVD = 0
      DO 10 I = 1,LRBIG
         RBIG(I) = RG
 10   CONTINUE
      DO 20 I = 1,LIBIG
         IBIG(I) = IG
 20   CONTINUE
      RBIG(KZ+1) = 1.0D0
      RBIG(KZ+2) = 0.0D0
      RBIG(KZ+3) = 0.5D0
      RBIG(KZ+4) = -0.5D0
      RBIG(KZP+1) = -1.0D0
      RBIG(KZP+2) = 1.0D0
      RBIG(KZP+3) = -1.0D0
      RBIG(KZP+4) = 1.0D0
      DO 30 I = 1,200
         RBIG(KRW+I) = 0.0D0
 30   CONTINUE
      DO 40 I = 1,120
         RBIG(KREV+I) = 0.0D0
 40   CONTINUE
      DO 50 I = 1,4
         RBIG(KRT+I) = 1.0D-6
         RBIG(KAT+I) = 1.0D-6
         RBIG(KBND+2*I-1) = -10.0D0
         RBIG(KBND+2*I) = 10.0D0
 50   CONTINUE
      RBIG(KRP+1) = 3.25D0
      RBIG(KRP+2) = 4.5D0
      DO 60 I = 1,80
         IBIG(KIW+I) = 0
 60   CONTINUE
      DO 70 I = 1,10
         IBIG(KIEV+I) = 0
 70   CONTINUE
      DO 80 I = 1,7
         IBIG(KJR+I) = JR(I)
         IBIG(KJC+I) = JC(I)
 80   CONTINUE
      IBIG(KJY+1) = 1
      IBIG(KJY+2) = 2
      IBIG(KIS+1) = 1
      IBIG(KIS+2) = 1
      DO 90 I = 1,20
         IBIG(KINF+I) = 0
 90   CONTINUE
      IBIG(KIP+1) = 11
      IBIG(KIP+2) = 12
      RETURN
      END
C
      SUBROUTINE SNAP
C     Guards in the tails of the work arrays beyond the lengths
C     passed, then a copy of everything.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16)
      PARAMETER (KZ=NG, KZP=KZ+4+NG, KRW=KZP+4+NG, KREV=KRW+200+NG)
      PARAMETER (KRT=KREV+120+NG, KAT=KRT+4+NG, KBND=KAT+4+NG)
      PARAMETER (KRP=KBND+8+NG, LRBIG=KRP+2+NG)
      PARAMETER (KIW=NG, KIEV=KIW+80+NG, KJR=KIEV+10+NG, KJC=KJR+10+NG)
      PARAMETER (KJY=KJC+10+NG, KIS=KJY+4+NG, KINF=KIS+4+NG)
      PARAMETER (KIP=KINF+20+NG, LIBIG=KIP+2+NG)
      PARAMETER (RG=-7.77D77, IG=-7777777)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, NEQ, NEJAC, NJYDOT, JDTYPE, NC,
     1              ND, LRW, LIW, LIEVWK, LREVWK, IDID, IEVENT, IDISCON
      DO 10 I = MAX(LRW,0)+1,200
         RBIG(KRW+I) = RG
 10   CONTINUE
      DO 20 I = MAX(LREVWK,0)+1,120
         RBIG(KREV+I) = RG
 20   CONTINUE
      DO 30 I = MAX(LIW,0)+1,80
         IBIG(KIW+I) = IG
 30   CONTINUE
      DO 40 I = MAX(LIEVWK,0)+1,10
         IBIG(KIEV+I) = IG
 40   CONTINUE
      DO 50 I = 1,LRBIG
         RSNAP(I) = RBIG(I)
 50   CONTINUE
      DO 60 I = 1,LIBIG
         ISNAP(I) = IBIG(I)
 60   CONTINUE
      TSNAP = TIME
      RETURN
      END
C
      SUBROUTINE DOCALL
C     DSL48E with the current arguments.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16)
      PARAMETER (KZ=NG, KZP=KZ+4+NG, KRW=KZP+4+NG, KREV=KRW+200+NG)
      PARAMETER (KRT=KREV+120+NG, KAT=KRT+4+NG, KBND=KAT+4+NG)
      PARAMETER (KRP=KBND+8+NG, LRBIG=KRP+2+NG)
      PARAMETER (KIW=NG, KIEV=KIW+80+NG, KJR=KIEV+10+NG, KJC=KJR+10+NG)
      PARAMETER (KJY=KJC+10+NG, KIS=KJY+4+NG, KINF=KIS+4+NG)
      PARAMETER (KIP=KINF+20+NG, LIBIG=KIP+2+NG)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, NEQ, NEJAC, NJYDOT, JDTYPE, NC,
     1              ND, LRW, LIW, LIEVWK, LREVWK, IDID, IEVENT, IDISCON
      EXTERNAL RES, SENDUM, JAC, STCH, EVTD
      CALL DSL48E(RES, SENDUM, NEQ, TIME, RBIG(KZ+1), RBIG(KZP+1),
     1     TOUT, IBIG(KINF+1), RBIG(KRT+1), RBIG(KAT+1), IDID,
     2     RBIG(KRW+1), LRW, IBIG(KIW+1), LIW, RBIG(KRP+1),
     3     IBIG(KIP+1), JAC, NEJAC, IBIG(KJR+1), IBIG(KJC+1),
     4     IBIG(KJY+1), NJYDOT, JDTYPE, RBIG(KBND+1), IEVENT, IDISCON,
     5     NC, ND, IBIG(KIS+1), TEVT, LIEVWK, IBIG(KIEV+1), LREVWK,
     6     RBIG(KREV+1), STCH, EVTD)
      RETURN
      END
C
      SUBROUTINE SWAP12
C     Swap the first two (JROW, JCOL) pairs of the pattern.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16)
      PARAMETER (KZ=NG, KZP=KZ+4+NG, KRW=KZP+4+NG, KREV=KRW+200+NG)
      PARAMETER (KRT=KREV+120+NG, KAT=KRT+4+NG, KBND=KAT+4+NG)
      PARAMETER (KRP=KBND+8+NG, LRBIG=KRP+2+NG)
      PARAMETER (KIW=NG, KIEV=KIW+80+NG, KJR=KIEV+10+NG, KJC=KJR+10+NG)
      PARAMETER (KJY=KJC+10+NG, KIS=KJY+4+NG, KINF=KIS+4+NG)
      PARAMETER (KIP=KINF+20+NG, LIBIG=KIP+2+NG)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      ITMP = IBIG(KJR+1)
      IBIG(KJR+1) = IBIG(KJR+2)
      IBIG(KJR+2) = ITMP
      ITMP = IBIG(KJC+1)
      IBIG(KJC+1) = IBIG(KJC+2)
      IBIG(KJC+2) = ITMP
      RETURN
      END
C
      SUBROUTINE CASE(NAME)
C     One invalid case: guards, call, verdict.
      CHARACTER*(*) NAME
      CALL SNAP
      CALL DOCALL
      CALL VERIFY(NAME)
      RETURN
      END
C
      SUBROUTINE VERIFY(NAME)
C     After an invalid call: IDID = -33, no callback called, nothing
C     outside the writable ranges changed, TIME unchanged.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      LOGICAL OK, SAME
      COMMON /VERDCT/ OK, NCASE
      COMMON /ARGS/ TIME, TOUT, TSNAP, NEQ, NEJAC, NJYDOT, JDTYPE, NC,
     1              ND, LRW, LIW, LIEVWK, LREVWK, IDID, IEVENT, IDISCON
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
      NCASE = NCASE + 1
      WRITE(6,100) NAME, IDID
 100  FORMAT(' CASE ',A,': IDID =',I4)
      IF (IDID .NE. -33) CALL FAILED('IDID IS NOT -33')
      IF (NRES + NJAC + NSTC + NEVD .NE. 0) THEN
         WRITE(6,*) '  CALLS: RES', NRES, ' JAC', NJAC, ' STCHANGE',
     1              NSTC, ' EVTDERIV', NEVD
         CALL FAILED('A USER ROUTINE WAS CALLED BEFORE IDID = -33')
      ENDIF
      IF (.NOT. SAME(TIME, TSNAP)) CALL FAILED('TIME CHANGED BY -33')
      CALL GUARDS(NAME, .TRUE.)
      RETURN
      END
C
      LOGICAL FUNCTION SAME(A, B)
C     Equal, or both NaN.
      DOUBLE PRECISION A, B
      SAME = (A .EQ. B) .OR. (A .NE. A .AND. B .NE. B)
      RETURN
      END
C
      SUBROUTINE GUARDS(NAME, INVAL)
C     Compare with the copy: outside RWORK(1..LRW), IWORK(1..LIW),
C     REVWK(1..LREVWK), IEVWK(1..LIEVWK) and INFO nothing may change
C     (with INVAL = .FALSE., a valid call, Z and ZDOT may change too).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16)
      PARAMETER (KZ=NG, KZP=KZ+4+NG, KRW=KZP+4+NG, KREV=KRW+200+NG)
      PARAMETER (KRT=KREV+120+NG, KAT=KRT+4+NG, KBND=KAT+4+NG)
      PARAMETER (KRP=KBND+8+NG, LRBIG=KRP+2+NG)
      PARAMETER (KIW=NG, KIEV=KIW+80+NG, KJR=KIEV+10+NG, KJC=KJR+10+NG)
      PARAMETER (KJY=KJC+10+NG, KIS=KJY+4+NG, KINF=KIS+4+NG)
      PARAMETER (KIP=KINF+20+NG, LIBIG=KIP+2+NG)
      CHARACTER*(*) NAME
      LOGICAL INVAL, SAME
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, NEQ, NEJAC, NJYDOT, JDTYPE, NC,
     1              ND, LRW, LIW, LIEVWK, LREVWK, IDID, IEVENT, IDISCON
      NBAD = 0
      NGRD = 0
      DO 10 I = 1,LRBIG
         IF (I .GT. KRW .AND. I .LE. KRW+LRW) GO TO 10
         IF (I .GT. KREV .AND. I .LE. KREV+LREVWK) GO TO 10
         IF (.NOT. INVAL .AND. I .GT. KZ .AND. I .LE. KZ+4) GO TO 10
         IF (.NOT. INVAL .AND. I .GT. KZP .AND. I .LE. KZP+4) GO TO 10
         IF (.NOT. SAME(RBIG(I), RSNAP(I))) THEN
            NBAD = NBAD + 1
            IF (NBAD .LE. 3) WRITE(6,100) 'RBIG', I, RSNAP(I), RBIG(I)
 100        FORMAT('   ',A,'(',I4,') CHANGED FROM ',1P,E12.4,' TO ',
     1             E12.4)
            IF (I .LE. KZP+4) NGRD = NGRD + 1
         ENDIF
 10   CONTINUE
      DO 20 I = 1,LIBIG
         IF (I .GT. KIW .AND. I .LE. KIW+LIW) GO TO 20
         IF (I .GT. KIEV .AND. I .LE. KIEV+LIEVWK) GO TO 20
         IF (I .GT. KINF .AND. I .LE. KINF+20) GO TO 20
         IF (IBIG(I) .NE. ISNAP(I)) THEN
            NBAD = NBAD + 1
            IF (NBAD .LE. 3) WRITE(6,110) 'IBIG', I, ISNAP(I), IBIG(I)
 110        FORMAT('   ',A,'(',I4,') CHANGED FROM ',I12,' TO ',I12)
         ENDIF
 20   CONTINUE
      IF (NBAD .GT. 0) THEN
         WRITE(6,*) '  ', NAME, ':', NBAD, ' PROTECTED WORDS CHANGED'
         IF (NGRD .GT. 0 .AND. INVAL) THEN
            CALL FAILED('Z OR ZDOT CHANGED BY A -33 CALL')
         ELSE
            CALL FAILED('INPUT ARRAY OR GUARD WORD OVERWRITTEN')
         ENDIF
      ENDIF
      RETURN
      END
C
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     The baseline residual; counts its calls.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
      NRES = NRES + 1
      DELTA(1) = ZDOT(1) + Z(1)
      DELTA(2) = ZDOT(2) - Z(1) + Z(2)
      DELTA(3) = Z(3) - (Z(1) - 0.5D0)
      DELTA(4) = Z(4) - (Z(2) - 0.5D0)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     Never called (JDTYPE = 0 or invalid input); counted.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
      NJAC = NJAC + 1
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Each condition is one function; it changes when its truth
C     value does (locked truth values: D1 true, D2 false).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION IG(NDI)
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
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
      COMMON /CNT/ NRES, NJAC, NSTC, NEVD
      NEVD = NEVD + 1
      ICODE = 0
      DO 10 I = 1,NEQ
         D(I) = 0.0D0
 10   CONTINUE
      ALPHA = 0.0D0
      RETURN
      END
C
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_BADINPUT: SENRHS WAS CALLED'
      STOP 1
      END
