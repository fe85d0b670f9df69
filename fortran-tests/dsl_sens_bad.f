C-----------------------------------------------------------------------
C     DSL_SENS_BAD -- illegal sensitivity input to DSL48E must give IDID
C     = -33 with one DSL48E-- message, before RES, JAC or SENRHS is
C     called, without changing TIME, Z or ZDOT (states and
C     sensitivities), RPAR, and without writing outside RWORK(1..LRW),
C     IWORK(1..LIW), INFO(1..20).
C
C     Every real array argument (Z, ZDOT, RWORK, RTOL, ATOL, RPAR,
C     REVWK) is a slice of RBIG and every integer array argument
C     (IWORK, INFO, JROW, JCOL, JYDOT, IPAR, IEVWK, ISC) a slice of
C     IBIG, each with 16 guard words behind it (and guards in the
C     unused tails of RWORK and IWORK beyond LRW, LIW); everything
C     outside the writable ranges is compared bit for bit.
C
C     Valid baseline: X1' = -P1*X1, X2' = P1*X1 - P2*X2, X(0) = (1, 0),
C     P = (0.5, 0.25) in RPAR, NP = INFO(12) = 2, SENRHS, JDTYPE = 1,
C     S(0) = 0, S'(0) = -dF/dP = (-1, 1; 0, 0), IWORK(41..42) = (1, 2),
C     RWORK(61..62) = 0 (PBAR from RPAR); LENRW = 60 + 9*NEQ + NEJAC +
C     NP*(9*NEQ + 2) + NEQ = 123, LENIW = 40 + NP + 5 + NEQ = 49.
C     First-call cases: INFO(13) = 2; INFO(15) = 3; INFO(20) = 3, -1;
C     IWORK(41) = -1 (an RPAR index); RWORK(62) = -1 and RWORK(61) =
C     NaN (PBAR); Z(NEQ+2) = NaN, ZDOT(2*NEQ+1) = Inf (initial
C     sensitivities, INFO(11) = 0); LRW = LENRW-1, LIW = LENIW-1.  The
C     exact minimum lengths work.  Continuation cases (after a valid
C     call to T = 0.5): INFO(12) = 1, INFO(13) = 1, INFO(15) = 1 (they
C     are fixed for a run), IWORK(42) = -3, RWORK(61) = -2 (re-checked
C     on every call); after each, INFO(1) = 1 with the inputs restored
C     continues the run.  Then XSETF(0): a -33 prints nothing (SILENT
C     markers).  The last line is PASS DSL_SENS_BAD or FAIL ...
C-----------------------------------------------------------------------
      PROGRAM DSLSBD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16, NEQ=2, NP=2, NZ=NEQ*(NP+1))
      PARAMETER (KZ=NG, KZP=KZ+NZ+NG, KRW=KZP+NZ+NG, KRT=KRW+150+NG)
      PARAMETER (KAT=KRT+2+NG, KRP=KAT+2+NG, KREV=KRP+2+NG)
      PARAMETER (LRBIG=KREV+60+NG)
      PARAMETER (KIW=NG, KINF=KIW+60+NG, KJR=KINF+20+NG, KJC=KJR+3+NG)
      PARAMETER (KJY=KJC+3+NG, KIP=KJY+2+NG, KIEV=KIP+1+NG)
      PARAMETER (KIS=KIEV+10+NG, LIBIG=KIS+1+NG)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, LRW, LIW, IDID
      COMMON /CNT/ NRES, NJAC, NSEN
C
      OK = .TRUE.
      WHY = ' '
      ZERO = 0.0D0
      CALL NANDIV(ZERO, XNAN, XINF)
C     A valid first call at the exact minimum lengths.
      CALL PREP
      LRW = 123
      LIW = 49
      CALL SNAP
      CALL DOCALL
      WRITE(6,'(A,I4,A,2I5)') ' VALID BASELINE: IDID =', IDID,
     1   '  LENRW, LENIW =', IBIG(KIW+18), IBIG(KIW+17)
      IF (IDID .NE. 3) CALL FAILED('VALID BASELINE FAILED')
      IF (IBIG(KIW+18) .NE. 123 .OR. IBIG(KIW+17) .NE. 49)
     1   CALL FAILED('LENRW, LENIW ARE NOT THE DOCUMENTED FORMULAS')
      CALL GUARDS('VALID BASELINE', .FALSE.)
C
      CALL PREP
      IBIG(KINF+13) = 2
      CALL CASE('INFO(13) = 2')
      CALL PREP
      IBIG(KINF+15) = 3
      CALL CASE('INFO(15) = 3')
      CALL PREP
      IBIG(KINF+20) = 3
      CALL CASE('INFO(20) = 3')
      CALL PREP
      IBIG(KINF+20) = -1
      CALL CASE('INFO(20) = -1')
      CALL PREP
      IBIG(KIW+41) = -1
      CALL CASE('IWORK(41) = -1 (RPAR INDEX)')
      CALL PREP
      RBIG(KRW+62) = -1.0D0
      CALL CASE('RWORK(62) = -1 (PBAR)')
      CALL PREP
      RBIG(KRW+61) = XNAN
      CALL CASE('RWORK(61) = NAN (PBAR)')
      CALL PREP
      RBIG(KZ+NEQ+2) = XNAN
      CALL CASE('Z(NEQ+2) = NAN')
      CALL PREP
      RBIG(KZP+2*NEQ+1) = XINF
      CALL CASE('ZDOT(2*NEQ+1) = INF')
      CALL PREP
      LRW = 122
      CALL CASE('LRW = LENRW - 1')
      CALL PREP
      LIW = 48
      CALL CASE('LIW = LENIW - 1')
C
C     Continuation calls: the run's NP and options are fixed, the
C     RPAR indices and PBAR re-checked.
      CALL PREP
      CALL SNAP
      CALL DOCALL
      IF (IDID .NE. 3) CALL FAILED('VALID FIRST CALL FAILED')
      DO 100 ICASE = 1,5
         TOUT = TOUT + 0.5D0
         IF (ICASE .EQ. 1) IBIG(KINF+12) = 1
         IF (ICASE .EQ. 2) IBIG(KINF+13) = 1
         IF (ICASE .EQ. 3) IBIG(KINF+15) = 1
         IF (ICASE .EQ. 4) IBIG(KIW+42) = -3
         IF (ICASE .EQ. 5) RBIG(KRW+61) = -2.0D0
         NRES = 0
         NJAC = 0
         NSEN = 0
         CALL SNAP
         CALL DOCALL
         IF (ICASE .EQ. 1) CALL VERIFY('CONTINUATION, INFO(12) = 1')
         IF (ICASE .EQ. 2) CALL VERIFY('CONTINUATION, INFO(13) = 1')
         IF (ICASE .EQ. 3) CALL VERIFY('CONTINUATION, INFO(15) = 1')
         IF (ICASE .EQ. 4) CALL VERIFY('CONTINUATION, IWORK(42) = -3')
         IF (ICASE .EQ. 5) CALL VERIFY('CONTINUATION, RWORK(61) = -2')
C        Restore and go on.
         IBIG(KINF+1) = 1
         IBIG(KINF+12) = NP
         IBIG(KINF+13) = 0
         IBIG(KINF+15) = 0
         IBIG(KIW+42) = 2
         RBIG(KRW+61) = 0.0D0
         CALL SNAP
         CALL DOCALL
         IF (IDID .NE. 3) CALL FAILED('CONTINUATION AFTER -33 FAILED')
         CALL GUARDS('CONTINUATION', .FALSE.)
 100  CONTINUE
      WRITE(6,'(A,F5.2,A,2F14.10)') ' AFTER THE CONTINUATIONS: T =',
     1   TIME, ' DX1/DP1, DX2/DP2 =', RBIG(KZ+NEQ+1), RBIG(KZ+2*NEQ+2)
C
C     XSETF(0): silence.
      CALL XSETF(0)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      CALL PREP
      IBIG(KINF+15) = 3
      CALL SNAP
      CALL DOCALL
      WRITE(6,'(A)') 'SILENT-END'
      CALL XSETF(1)
      IF (IDID .NE. -33) CALL FAILED('SILENT CASE NOT -33')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SENS_BAD'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SENS_BAD: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE NANDIV(ZERO, XNAN, XINF)
C     NaN and Inf without a floating-point exception.
      DOUBLE PRECISION ZERO, XNAN, XINF
      INTEGER*8 INAN, IINF
      DATA INAN / Z'7FF8000000000000' /
      DATA IINF / Z'7FF0000000000000' /
      XNAN = TRANSFER(INAN, ZERO)
      XINF = TRANSFER(IINF, ZERO)
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
      SUBROUTINE PREP
C     The valid baseline, guard values everywhere else.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16, NEQ=2, NP=2, NZ=NEQ*(NP+1))
      PARAMETER (KZ=NG, KZP=KZ+NZ+NG, KRW=KZP+NZ+NG, KRT=KRW+150+NG)
      PARAMETER (KAT=KRT+2+NG, KRP=KAT+2+NG, KREV=KRP+2+NG)
      PARAMETER (LRBIG=KREV+60+NG)
      PARAMETER (KIW=NG, KINF=KIW+60+NG, KJR=KINF+20+NG, KJC=KJR+3+NG)
      PARAMETER (KJY=KJC+3+NG, KIP=KJY+2+NG, KIEV=KIP+1+NG)
      PARAMETER (KIS=KIEV+10+NG, LIBIG=KIS+1+NG)
      PARAMETER (RG=-7.77D77, IG=-7777777)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, LRW, LIW, IDID
      COMMON /CNT/ NRES, NJAC, NSEN
      DO 10 I = 1,LRBIG
         RBIG(I) = RG
 10   CONTINUE
      DO 20 I = 1,LIBIG
         IBIG(I) = IG
 20   CONTINUE
      TIME = 0.0D0
      TOUT = 0.5D0
      LRW = 150
      LIW = 60
      IDID = 0
      NRES = 0
      NJAC = 0
      NSEN = 0
      DO 30 I = 1,NZ
         RBIG(KZ+I) = 0.0D0
         RBIG(KZP+I) = 0.0D0
 30   CONTINUE
      RBIG(KRP+1) = 0.5D0
      RBIG(KRP+2) = 0.25D0
      RBIG(KZ+1) = 1.0D0
      RBIG(KZP+1) = -0.5D0
      RBIG(KZP+2) = 0.5D0
      RBIG(KZP+NEQ+1) = -1.0D0
      RBIG(KZP+NEQ+2) = 1.0D0
      DO 40 I = 1,150
         RBIG(KRW+I) = 0.0D0
 40   CONTINUE
      DO 50 I = 1,60
         RBIG(KREV+I) = 0.0D0
 50   CONTINUE
      DO 60 I = 1,2
         RBIG(KRT+I) = 1.0D-6
         RBIG(KAT+I) = 1.0D-6
 60   CONTINUE
      DO 70 I = 1,60
         IBIG(KIW+I) = 0
 70   CONTINUE
      DO 80 I = 1,20
         IBIG(KINF+I) = 0
 80   CONTINUE
      IBIG(KINF+12) = NP
      IBIG(KIW+41) = 1
      IBIG(KIW+42) = 2
      IBIG(KJR+1) = 1
      IBIG(KJR+2) = 2
      IBIG(KJR+3) = 2
      IBIG(KJC+1) = 1
      IBIG(KJC+2) = 1
      IBIG(KJC+3) = 2
      IBIG(KJY+1) = 1
      IBIG(KJY+2) = 2
      IBIG(KIP+1) = 0
      DO 90 I = 1,10
         IBIG(KIEV+I) = 0
 90   CONTINUE
      IBIG(KIS+1) = 0
      RETURN
      END
C
      SUBROUTINE SNAP
C     Guards in the tails of RWORK and IWORK beyond LRW, LIW; a copy of
C     everything.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16, NEQ=2, NP=2, NZ=NEQ*(NP+1))
      PARAMETER (KZ=NG, KZP=KZ+NZ+NG, KRW=KZP+NZ+NG, KRT=KRW+150+NG)
      PARAMETER (KAT=KRT+2+NG, KRP=KAT+2+NG, KREV=KRP+2+NG)
      PARAMETER (LRBIG=KREV+60+NG)
      PARAMETER (KIW=NG, KINF=KIW+60+NG, KJR=KINF+20+NG, KJC=KJR+3+NG)
      PARAMETER (KJY=KJC+3+NG, KIP=KJY+2+NG, KIEV=KIP+1+NG)
      PARAMETER (KIS=KIEV+10+NG, LIBIG=KIS+1+NG)
      PARAMETER (RG=-7.77D77, IG=-7777777)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, LRW, LIW, IDID
      DO 10 I = LRW+1,150
         RBIG(KRW+I) = RG
 10   CONTINUE
      DO 20 I = LIW+1,60
         IBIG(KIW+I) = IG
 20   CONTINUE
      DO 30 I = 1,LRBIG
         RSNAP(I) = RBIG(I)
 30   CONTINUE
      DO 40 I = 1,LIBIG
         ISNAP(I) = IBIG(I)
 40   CONTINUE
      TSNAP = TIME
      RETURN
      END
C
      SUBROUTINE DOCALL
C     DSL48E with the current arguments.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16, NEQ=2, NP=2, NZ=NEQ*(NP+1))
      PARAMETER (KZ=NG, KZP=KZ+NZ+NG, KRW=KZP+NZ+NG, KRT=KRW+150+NG)
      PARAMETER (KAT=KRT+2+NG, KRP=KAT+2+NG, KREV=KRP+2+NG)
      PARAMETER (LRBIG=KREV+60+NG)
      PARAMETER (KIW=NG, KINF=KIW+60+NG, KJR=KINF+20+NG, KJC=KJR+3+NG)
      PARAMETER (KJY=KJC+3+NG, KIP=KJY+2+NG, KIEV=KIP+1+NG)
      PARAMETER (KIS=KIEV+10+NG, LIBIG=KIS+1+NG)
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, LRW, LIW, IDID
      EXTERNAL RES, SENRHS, JAC, STCH, EVTD
      CALL DSL48E(RES, SENRHS, NEQ, TIME, RBIG(KZ+1), RBIG(KZP+1),
     1     TOUT, IBIG(KINF+1), RBIG(KRT+1), RBIG(KAT+1), IDID,
     2     RBIG(KRW+1), LRW, IBIG(KIW+1), LIW, RBIG(KRP+1),
     3     IBIG(KIP+1), JAC, 3, IBIG(KJR+1), IBIG(KJC+1),
     4     IBIG(KJY+1), 2, 1, RBIG(KRT+1), IEVENT, IDISCON,
     5     0, 0, IBIG(KIS+1), TEVT, 10, IBIG(KIEV+1), 60,
     6     RBIG(KREV+1), STCH, EVTD)
      RETURN
      END
C
      SUBROUTINE CASE(NAME)
C     One invalid first call: guards, call, verdict.
      CHARACTER*(*) NAME
      CALL SNAP
      CALL DOCALL
      CALL VERIFY(NAME)
      RETURN
      END
C
      SUBROUTINE VERIFY(NAME)
C     IDID = -33, no user routine called, TIME and the protected words
C     unchanged.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      COMMON /ARGS/ TIME, TOUT, TSNAP, LRW, LIW, IDID
      COMMON /CNT/ NRES, NJAC, NSEN
      WRITE(6,100) NAME, IDID
 100  FORMAT(' CASE ',A,': IDID =',I4)
      IF (IDID .NE. -33) CALL FAILED('IDID IS NOT -33')
      IF (NRES + NJAC + NSEN .NE. 0)
     1   CALL FAILED('A USER ROUTINE WAS CALLED BEFORE IDID = -33')
      IF (TIME .NE. TSNAP) CALL FAILED('TIME CHANGED BY -33')
      CALL GUARDS(NAME, .TRUE.)
      RETURN
      END
C
      SUBROUTINE GUARDS(NAME, INVAL)
C     Outside RWORK(1..LRW), IWORK(1..LIW), INFO (and Z, ZDOT for a
C     valid call) nothing may change, NaN compared as NaN.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NG=16, NEQ=2, NP=2, NZ=NEQ*(NP+1))
      PARAMETER (KZ=NG, KZP=KZ+NZ+NG, KRW=KZP+NZ+NG, KRT=KRW+150+NG)
      PARAMETER (KAT=KRT+2+NG, KRP=KAT+2+NG, KREV=KRP+2+NG)
      PARAMETER (LRBIG=KREV+60+NG)
      PARAMETER (KIW=NG, KINF=KIW+60+NG, KJR=KINF+20+NG, KJC=KJR+3+NG)
      PARAMETER (KJY=KJC+3+NG, KIP=KJY+2+NG, KIEV=KIP+1+NG)
      PARAMETER (KIS=KIEV+10+NG, LIBIG=KIS+1+NG)
      CHARACTER*(*) NAME
      LOGICAL INVAL, SAME
      COMMON /BIG/ RBIG(LRBIG), RSNAP(LRBIG), IBIG(LIBIG),
     1             ISNAP(LIBIG)
      COMMON /ARGS/ TIME, TOUT, TSNAP, LRW, LIW, IDID
      NBAD = 0
      DO 10 I = 1,LRBIG
         IF (I .GT. KRW .AND. I .LE. KRW+LRW) GO TO 10
         IF (I .GT. KREV .AND. I .LE. KREV+60) GO TO 10
         IF (.NOT. INVAL .AND. I .GT. KZ .AND. I .LE. KZ+NZ) GO TO 10
         IF (.NOT. INVAL .AND. I .GT. KZP .AND. I .LE. KZP+NZ) GO TO 10
         SAME = (RBIG(I) .EQ. RSNAP(I)) .OR.
     1          (RBIG(I) .NE. RBIG(I) .AND. RSNAP(I) .NE. RSNAP(I))
         IF (.NOT. SAME) THEN
            NBAD = NBAD + 1
            IF (NBAD .LE. 3) WRITE(6,100) 'RBIG', I, RSNAP(I), RBIG(I)
 100        FORMAT('   ',A,'(',I4,') CHANGED FROM ',1P,E12.4,' TO ',
     1             E12.4)
         ENDIF
 10   CONTINUE
      DO 20 I = 1,LIBIG
         IF (I .GT. KIW .AND. I .LE. KIW+LIW) GO TO 20
         IF (I .GT. KINF .AND. I .LE. KINF+20) GO TO 20
         IF (I .GT. KIEV .AND. I .LE. KIEV+10) GO TO 20
         IF (IBIG(I) .NE. ISNAP(I)) THEN
            NBAD = NBAD + 1
            IF (NBAD .LE. 3) WRITE(6,110) 'IBIG', I, ISNAP(I), IBIG(I)
 110        FORMAT('   ',A,'(',I4,') CHANGED FROM ',I12,' TO ',I12)
         ENDIF
 20   CONTINUE
      IF (NBAD .GT. 0) THEN
         WRITE(6,*) '  ', NAME, ':', NBAD, ' PROTECTED WORDS CHANGED'
         CALL FAILED('A PROTECTED WORD CHANGED')
      ENDIF
      RETURN
      END
C
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /CNT/ NRES, NJAC, NSEN
      NRES = NRES + 1
      DELTA(1) = ZDOT(1) + RPAR(1)*Z(1)
      DELTA(2) = ZDOT(2) - RPAR(1)*Z(1) + RPAR(2)*Z(2)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /CNT/ NRES, NJAC, NSEN
      NJAC = NJAC + 1
      PD(1) = CJ + RPAR(1)
      PD(2) = -RPAR(1)
      PD(3) = CJ + RPAR(2)
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      COMMON /CNT/ NRES, NJAC, NSEN
      NSEN = NSEN + 1
      IF (IP .EQ. 1) THEN
         DFDP(1) = Z(1)
         DFDP(2) = -Z(1)
      ELSE
         DFDP(1) = 0.0D0
         DFDP(2) = Z(2)
      ENDIF
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
      WRITE(6,'(A)') 'FAIL DSL_SENS_BAD: STCHANGE WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
      WRITE(6,'(A)') 'FAIL DSL_SENS_BAD: EVTDERIV WAS CALLED'
      STOP 1
      END
