C-----------------------------------------------------------------------
C     HYGIENE -- symbol hygiene: a program that links its own copies of
C     D1MACH, XERRWD, XSETF, XSETUN and IXSAV (mydaux.f, as ODEPACK or
C     SLATEC users have) together with libdaskr.  The link must succeed
C     whether mydaux.o comes before or after the library on the
C     command line, the program's own routines must be the ones it
C     calls (their call counters in COMMON /MYDCNT/ move), and DDASKR
C     must keep working: a small problem Y' = -Y is integrated and
C     checked, and an invalid call still returns IDID = -33.
C     The last line printed is PASS HYGIENE or FAIL HYGIENE: reason.
C-----------------------------------------------------------------------
      PROGRAM HYGIEN
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /MYDCNT/ NCALL(5)
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      DO 10 I = 1,5
         NCALL(I) = 0
 10   CONTINUE
C
C     The program's own message package and machine constants.
      CALL XSETUN(6)
      CALL XSETF(1)
      EPS = D1MACH(4)
      CALL XERRWD('HYGIENE: THE PROGRAM''S OWN XERRWD', 34, 1, 0,
     1     1, 42, 0, 1, EPS, 0.0D0)
      WRITE(6,100) (NCALL(I),I=1,5)
 100  FORMAT(' OWN D1MACH, XERRWD, XSETF, XSETUN, IXSAV CALLS:',5I5)
      IF (NCALL(1) .LT. 1 .OR. NCALL(2) .LT. 1 .OR. NCALL(3) .LT. 1
     1    .OR. NCALL(4) .LT. 1 .OR. NCALL(5) .LT. 4) THEN
         OK = .FALSE.
         WHY = 'THE PROGRAM''S OWN AUXILIARY ROUTINES WERE NOT CALLED'
      ENDIF
      IF (EPS .NE. 2.2204460492503131D-16) THEN
         IF (OK) WHY = 'D1MACH(4) IS NOT THE PROGRAM''S VALUE'
         OK = .FALSE.
      ENDIF
C
C     DDASKR on Y' = -Y, Y(0) = (1,2,3).
      DO 20 I = 1,20
         INFO(I) = 0
 20   CONTINUE
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      T = 0.0D0
      DO 30 I = 1,NEQ
         Y(I) = DBLE(I)
         YPRIME(I) = -DBLE(I)
 30   CONTINUE
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      ERR = 0.0D0
      DO 40 I = 1,NEQ
         ERR = MAX(ERR, ABS(Y(I) - DBLE(I)*EXP(-T)))
 40   CONTINUE
      WRITE(6,110) IDID, T, ERR, (IWORK(I),I=11,15)
 110  FORMAT(' DDASKR: IDID =',I3,' T =',F6.3,' MAX ERROR =',D10.3/
     1  ' NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,' NCFN =',I4)
      IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
         IF (OK) WHY = 'DDASKR DID NOT REACH TOUT'
         OK = .FALSE.
      ENDIF
      IF (ERR .GT. 1.0D-6) THEN
         IF (OK) WHY = 'DDASKR ANSWER WRONG'
         OK = .FALSE.
      ENDIF
C
C     An invalid call (NEQ = 0) still gives IDID = -33.
      INFO(1) = 0
      NEQBAD = 0
      CALL DDASKR(RES, NEQBAD, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,'(A,I4)') ' INVALID CALL: IDID =', IDID
      IF (IDID .NE. -33) THEN
         IF (OK) WHY = 'NEQ = 0 DID NOT GIVE IDID = -33'
         OK = .FALSE.
      ENDIF
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS HYGIENE'
      ELSE
         WRITE(6,'(2A)') 'FAIL HYGIENE: ', WHY
      ENDIF
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      DO 10 I = 1,3
         DELTA(I) = YPRIME(I) + Y(I)
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL HYGIENE: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL HYGIENE: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL HYGIENE: DUMMY RT WAS CALLED'
      STOP
      END
