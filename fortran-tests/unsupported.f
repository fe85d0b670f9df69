C-----------------------------------------------------------------------
C     UNSUPPORTED -- a feature that this library does not provide yet
C     must be refused cleanly: IDID = -33 (with a message), no crash,
C     T and Y untouched.  The feature: INFO(12) = 1 (Krylov method)
C     with a PSOL routine and IWORK(27) = IWORK(28) = 0 (no WP, IWP).
C     This program checks a temporary state of the library: delete it
C     (and its entry in tests/legacy.rs) when the Krylov method lands.
C     The original DASKR supports the option, so it fails this program.
C     The last line printed is PASS UNSUPPORTED or FAIL UNSUPPORTED: ...
C-----------------------------------------------------------------------
      PROGRAM UNSUPP
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=5, NRT=0)
C     Krylov method with default MAXL = MIN(5,NEQ) = 5 and KMP = MAXL,
C     LENWP = LENIWP = 0: LRW = 101+18*NEQ+3*NRT, LIW = 40.
      PARAMETER (LRW=101+18*NEQ+3*NRT, LIW=40)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      EXTERNAL RES, JDUM, PSOL, RTDUM
C
      OK = .TRUE.
      WHY = ' '
C
C     INFO(12) = 1.
      CALL INIT(T, Y, YPRIME, INFO, RTOL, ATOL)
      TOUT = 1.0D0
      INFO(12) = 1
      IWORK(27) = 0
      IWORK(28) = 0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PSOL,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) 'INFO(12) = 1', IDID, T
 100  FORMAT(1X,A,': IDID =',I4,' T =',F8.4)
      IF (IDID .NE. -33) THEN
         OK = .FALSE.
         WHY = 'INFO(12)=1 NOT REFUSED WITH IDID=-33'
      ENDIF
      IF (T .NE. 0.0D0 .OR. Y(1) .NE. 1.0D0) THEN
         IF (OK) WHY = 'INFO(12)=1 REFUSED BUT T OR Y CHANGED'
         OK = .FALSE.
      ENDIF
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS UNSUPPORTED'
      ELSE
         WRITE(6,'(2A)') 'FAIL UNSUPPORTED: ', WHY
      ENDIF
      END
C
      SUBROUTINE INIT(T, Y, YPRIME, INFO, RTOL, ATOL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(5), YPRIME(5), INFO(20)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      DO 20 I = 1,5
         Y(I) = 1.0D0
         YPRIME(I) = -DBLE(I)
 20   CONTINUE
      T = 0.0D0
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      RETURN
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     Y(I)' = -I*Y(I).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(5), YPRIME(5), DELTA(5), RPAR(*), IPAR(*)
      DO 10 I = 1,5
         DELTA(I) = YPRIME(I) + DBLE(I)*Y(I)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE PSOL(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP,
     1     B, EPLIN, IER, RPAR, IPAR)
C     Diagonal preconditioner P = DIAG(CJ + I).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION B(*)
      DO 10 I = 1,NEQ
         B(I) = B(I)/(CJ + DBLE(I))
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL UNSUPPORTED: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL UNSUPPORTED: DUMMY RT WAS CALLED'
      STOP
      END
