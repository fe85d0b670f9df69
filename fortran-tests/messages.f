C-----------------------------------------------------------------------
C     MESSAGES -- message control with XSETF and XSETUN, as in DASKR's
C     daux.f: XSETF(0) silences all messages, XSETF(1) turns them back
C     on, XSETUN(LUN) sends them to Fortran unit LUN.
C
C     The program triggers IDID = -33 (NEQ = -5) and IDID = -11 (RES
C     returns IRES = -2) in four settings:
C       1. default (messages on standard output): lines between the
C          markers LOUD-BEGIN and LOUD-END must include messages;
C       2. XSETF(0): nothing may be printed between SILENT-BEGIN and
C          SILENT-END;
C       3. XSETF(1) again: messages again (LOUD markers);
C       4. XSETUN(21) with unit 21 opened on a file: standard output
C          stays quiet (SILENT markers) and the file receives the
C          messages, including the offending value -5 of NEQ.
C     The markers are checked by the test harness, which reads this
C     program's standard output; the program checks IDID and the file.
C     The last line printed is PASS MESSAGES or FAIL MESSAGES: reason.
C-----------------------------------------------------------------------
      PROGRAM MSGTST
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*60 WHY
      CHARACTER*200 LINE
      LOGICAL OK, FOUND
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /COUNTS/ NCOUNT(5)
C
      OK = .TRUE.
      WHY = ' '
C
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL TRIGGR
      WRITE(6,'(A)') 'LOUD-END'
C
      CALL XSETF(0)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      CALL TRIGGR
      WRITE(6,'(A)') 'SILENT-END'
C
      CALL XSETF(1)
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL TRIGGR
      WRITE(6,'(A)') 'LOUD-END'
C
      OPEN(UNIT=21, FILE='messages_unit21.txt', STATUS='UNKNOWN')
      CALL XSETUN(21)
      WRITE(6,'(A)') 'SILENT-BEGIN'
      CALL TRIGGR
      WRITE(6,'(A)') 'SILENT-END'
      CALL XSETUN(6)
      CLOSE(21)
C
      OPEN(UNIT=21, FILE='messages_unit21.txt', STATUS='OLD')
      NLINES = 0
      FOUND = .FALSE.
 10   CONTINUE
      READ(21, '(A)', END=20) LINE
      NLINES = NLINES + 1
      WRITE(6,'(2A)') ' UNIT 21: ', LINE(1:LENTRM(LINE))
      IF (INDEX(LINE, '-5') .GT. 0) FOUND = .TRUE.
      GO TO 10
 20   CONTINUE
      CLOSE(21, STATUS='DELETE')
      WRITE(6,'(A,I4)') ' LINES WRITTEN TO UNIT 21:', NLINES
      IF (NLINES .EQ. 0) CALL FAILED('XSETUN(21): NO MESSAGE IN FILE')
      IF (NLINES .GT. 0 .AND. .NOT. FOUND)
     1   CALL FAILED('XSETUN(21): MESSAGE DOES NOT SHOW NEQ = -5')
C
C     Counters of the last IDID = -11 run (printed out here, not in the
C     marked sections).
      WRITE(6,100) NCOUNT
 100  FORMAT(' LAST RUN: NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS MESSAGES'
      ELSE
         WRITE(6,'(2A)') 'FAIL MESSAGES: ', WHY
      ENDIF
      END
C
      INTEGER FUNCTION LENTRM(S)
C     Length of S without trailing blanks (at least 1).
      CHARACTER*(*) S
      DO 10 I = LEN(S),2,-1
         IF (S(I:I) .NE. ' ') GO TO 20
 10   CONTINUE
      I = 1
 20   LENTRM = I
      RETURN
      END
C
      SUBROUTINE TRIGGR
C     One IDID = -33 (NEQ = -5) and one IDID = -11 (IRES = -2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      COMMON /COUNTS/ NCOUNT(5)
      EXTERNAL RES, JDUM, PDUM, RTDUM
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      T = 0.0D0
      TOUT = 1.0D0
      Y(1) = 1.0D0
      Y(2) = 2.0D0
      YPRIME(1) = -1.0D0
      YPRIME(2) = -2.0D0
      NEQBAD = -5
      CALL DDASKR(RES, NEQBAD, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      IF (IDID .NE. -33) CALL FAILED('NEQ = -5: IDID IS NOT -33')
      INFO(1) = 0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      IF (IDID .NE. -11) CALL FAILED('IRES = -2: IDID IS NOT -11')
      DO 20 I = 1,5
         NCOUNT(I) = IWORK(10+I)
 20   CONTINUE
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
C     Y' = -Y, and IRES = -2 once T passes 0.25.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) + Y(1)
      DELTA(2) = YPRIME(2) + Y(2)
      IF (T .GT. 0.25D0) IRES = -2
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL MESSAGES: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL MESSAGES: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL MESSAGES: DUMMY RT WAS CALLED'
      STOP
      END
