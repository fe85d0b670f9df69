C-----------------------------------------------------------------------
C     BAD_INPUT -- invalid input on the first call must give IDID = -33
C     (with a message), never a crash, and must not write outside
C     RWORK(1..LRW), IWORK(1..LIW).
C
C     RWORK and IWORK are the middle parts of larger arrays RW and IW:
C     NG guard elements before them and everything after the LRW (LIW)
C     elements passed hold a guard value that must survive every call.
C     Y, YPRIME and T must be unchanged after an IDID = -33 return.
C
C     Cases: NEQ = 0, NEQ < 0, LRW one short of the documented minimum
C     (IWORK(17) = LENIW, IWORK(18) = LENRW must then be set), LIW one
C     short, TOUT = T, INFO(2) = 5, INFO(6) = 2, INFO(3) = -1,
C     RTOL < 0, ATOL < 0, RTOL = ATOL = 0, MAXORD = 7 and 0 with
C     INFO(9) = 1, NRT < 0, HMAX = 0 and HMAX < 0 with INFO(7) = 1,
C     ML >= NEQ and MU < 0 for a band matrix, TSTOP behind TOUT,
C     H0 = 0 with INFO(8) = 1, an ID array entry that is neither +1
C     nor -1 with INFO(16) = 1.  Finally a valid run in the same
C     guarded arrays (exact minimum LRW and LIW) must work.
C     The last line printed is PASS BAD_INPUT or FAIL BAD_INPUT: ...
C-----------------------------------------------------------------------
      PROGRAM BADINP
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT0=0, NG=25)
      PARAMETER (LRWMIN=60+9*NEQ+3*NRT0+NEQ**2, LIWMIN=40+NEQ)
C     Room for the INFO(16) = 1 case, which needs NEQ more of each.
      PARAMETER (LRWBIG=LRWMIN+NEQ, LIWBIG=LIWMIN+NEQ)
      PARAMETER (LRWTOT=LRWBIG+2*NG, LIWTOT=LIWBIG+2*NG)
      DIMENSION RW(LRWTOT), IW(LIWTOT)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), RPAR(1), IPAR(1)
      DIMENSION JROOT(2)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NCASE
      COMMON /VERDCW/ WHY
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      NCASE = 0
C
C     1. NEQ = 0 and NEQ < 0.
      DO 10 K = 1,2
         CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
         NEQX = 1 - K
         CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2        PDUM, RTDUM, NRT, JROOT)
         IF (K .EQ. 1) CALL VERIFY('NEQ = 0', IDID, T, Y, YPRIME,
     1        RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
         IF (K .EQ. 2) CALL VERIFY('NEQ < 0', IDID, T, Y, YPRIME,
     1        RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
 10   CONTINUE
C
C     2. LRW one short of the minimum: IWORK(17..18) must be set.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN-1, LRW, IW, LIWTOT, LIWMIN, LIW,
     2     NRT, NG)
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('LRW TOO SMALL', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
      WRITE(6,100) IW(NG+17), IW(NG+18), LIWMIN, LRWMIN
 100  FORMAT('      IWORK(17) =',I6,'  IWORK(18) =',I6,
     1       '  (EXPECTED',I6,',',I6,')')
      IF (IW(NG+17) .NE. LIWMIN .OR. IW(NG+18) .NE. LRWMIN)
     1   CALL FAILED('LRW TOO SMALL: IWORK(17..18) NOT LENIW/LENRW')
C
C     3. LIW one short of the minimum.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN-1, LIW,
     2     NRT, NG)
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('LIW TOO SMALL', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
      WRITE(6,100) IW(NG+17), IW(NG+18), LIWMIN, LRWMIN
      IF (IW(NG+17) .NE. LIWMIN .OR. IW(NG+18) .NE. LRWMIN)
     1   CALL FAILED('LIW TOO SMALL: IWORK(17..18) NOT LENIW/LENRW')
C
C     4. TOUT = T.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      TOUT = T
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('TOUT = T', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     5. INFO entries out of range.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(2) = 5
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('INFO(2) = 5', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(6) = 2
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('INFO(6) = 2', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(3) = -1
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('INFO(3) = -1', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     6. Negative or all-zero tolerances.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      RTOL = -1.0D-6
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('RTOL < 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      ATOL = -1.0D-6
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('ATOL < 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      RTOL = 0.0D0
      ATOL = 0.0D0
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('RTOL = ATOL = 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     7. MAXORD out of range.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(9) = 1
      IW(NG+3) = 7
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('MAXORD = 7', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(9) = 1
      IW(NG+3) = 0
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('MAXORD = 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     8. NRT < 0.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      NRT = -1
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('NRT < 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     9. HMAX = 0 and HMAX < 0.
      DO 20 K = 1,2
         CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
         INFO(7) = 1
         RW(NG+2) = DBLE(1-K)
         CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2        PDUM, RTDUM, NRT, JROOT)
         IF (K .EQ. 1) CALL VERIFY('HMAX = 0', IDID, T, Y, YPRIME,
     1        RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
         IF (K .EQ. 2) CALL VERIFY('HMAX < 0', IDID, T, Y, YPRIME,
     1        RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
 20   CONTINUE
C
C     10. Band half-widths out of range (LRW is ample for the band).
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(6) = 1
      IW(NG+1) = NEQ
      IW(NG+2) = 0
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('ML = NEQ', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(6) = 1
      IW(NG+1) = 0
      IW(NG+2) = -1
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('MU < 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     11. TSTOP behind TOUT.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(4) = 1
      RW(NG+1) = 0.5D0*TOUT
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('TSTOP BEHIND TOUT', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     12. H0 = 0.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      INFO(8) = 1
      RW(NG+3) = 0.0D0
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('H0 = 0', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     13. INFO(16) = 1 with an ID entry that is neither +1 nor -1.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN+NEQ, LRW, IW, LIWTOT, LIWMIN+NEQ, LIW,
     2     NRT, NG)
      INFO(16) = 1
      IW(NG+41) = 1
      IW(NG+42) = 1
      IW(NG+43) = 0
      IW(NG+44) = 1
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL VERIFY('ID ENTRY 0 WITH INFO(16)=1', IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C
C     14. A valid run in the same guarded arrays.
      CALL PREP(NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWMIN, LRW, IW, LIWTOT, LIWMIN, LIW, NRT, NG)
      TOUT = 2.0D0
      CALL DDASKR(RES, NEQX, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM,
     2     PDUM, RTDUM, NRT, JROOT)
      CALL GUARDS('VALID RUN', RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
      E = EXP(-T)
      ERR = 0.0D0
      DO 30 I = 1,NEQ
         ERR = MAX(ERR, ABS(Y(I) - DBLE(I)*E))
 30   CONTINUE
      WRITE(6,110) IDID, T, ERR, (IW(NG+I),I=11,15)
 110  FORMAT(' VALID RUN: IDID =',I3,' T =',F6.2,' MAX ERROR =',D10.3/
     1  ' NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,' NCFN =',I4)
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('VALID RUN DID NOT RETURN IDID=3 AT TOUT')
      IF (ERR .GT. 1.0D-4) CALL FAILED('VALID RUN: WRONG SOLUTION')
C
      WRITE(6,120) NCASE
 120  FORMAT(1X,I3,' INVALID-INPUT CASES CHECKED')
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS BAD_INPUT'
      ELSE
         WRITE(6,'(2A)') 'FAIL BAD_INPUT: ', WHY
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE PREP(NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     RW, LRWTOT, LRWIN, LRW, IW, LIWTOT, LIWIN, LIW, NRT, NG)
C     A valid problem (Y' = -Y, Y(0) = (1,2,3,4), scalar tolerances,
C     dense DQ Jacobian) with RWORK = RW(NG+1..NG+LRW) and
C     IWORK = IW(NG+1..NG+LIW); everything else in RW and IW is
C     filled with guard values.  LRW = LRWIN and LIW = LIWIN.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), INFO(20), RW(LRWTOT), IW(LIWTOT)
      COMMON /GUARDV/ RGUARD, IGUARD
      LRW = LRWIN
      LIW = LIWIN
      RGUARD = -7.5D77
      IGUARD = -7777777
      NEQ = 4
      NRT = 0
      T = 0.0D0
      TOUT = 1.0D0
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      DO 20 I = 1,NEQ
         Y(I) = DBLE(I)
         YPRIME(I) = -DBLE(I)
 20   CONTINUE
      DO 30 I = 1,LRWTOT
         RW(I) = RGUARD
         IF (I .GT. NG .AND. I .LE. NG+LRW) RW(I) = 0.0D0
 30   CONTINUE
      DO 40 I = 1,LIWTOT
         IW(I) = IGUARD
         IF (I .GT. NG .AND. I .LE. NG+LIW) IW(I) = 0
 40   CONTINUE
      RETURN
      END
C
      SUBROUTINE GUARDS(NAME, RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C     Check that no guard element was written.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      DIMENSION RW(LRWTOT), IW(LIWTOT)
      COMMON /GUARDV/ RGUARD, IGUARD
      NBAD = 0
      DO 10 I = 1,LRWTOT
         IF (I .GT. NG .AND. I .LE. NG+LRW) GO TO 10
         IF (RW(I) .NE. RGUARD) NBAD = NBAD + 1
 10   CONTINUE
      DO 20 I = 1,LIWTOT
         IF (I .GT. NG .AND. I .LE. NG+LIW) GO TO 20
         IF (IW(I) .NE. IGUARD) NBAD = NBAD + 1
 20   CONTINUE
      IF (NBAD .GT. 0) THEN
         WRITE(6,*) '  ', NAME, ': GUARD ELEMENTS OVERWRITTEN:', NBAD
         CALL FAILED('WRITE OUTSIDE RWORK(1..LRW) OR IWORK(1..LIW)')
      ENDIF
      RETURN
      END
C
      SUBROUTINE VERIFY(NAME, IDID, T, Y, YPRIME,
     1     RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
C     After an invalid call: IDID = -33, guards intact, T, Y and
C     YPRIME unchanged.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      DIMENSION Y(*), YPRIME(*), RW(LRWTOT), IW(LIWTOT)
      LOGICAL OK
      COMMON /VERDCT/ OK, NCASE
      NCASE = NCASE + 1
      WRITE(6,100) NAME, IDID
 100  FORMAT(' CASE ',A,': IDID =',I4)
      IF (IDID .NE. -33) THEN
         CALL FAILED('IDID IS NOT -33 FOR INVALID INPUT')
      ENDIF
      CALL GUARDS(NAME, RW, LRWTOT, LRW, IW, LIWTOT, LIW, NG)
      NBAD = 0
      IF (T .NE. 0.0D0) NBAD = NBAD + 1
      DO 10 I = 1,4
         IF (Y(I) .NE. DBLE(I)) NBAD = NBAD + 1
         IF (YPRIME(I) .NE. -DBLE(I)) NBAD = NBAD + 1
 10   CONTINUE
      IF (NBAD .GT. 0) CALL FAILED('T, Y OR YPRIME CHANGED BY -33 CALL')
      RETURN
      END
C
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
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YPRIME(4), DELTA(4), RPAR(*), IPAR(*)
      DO 10 I = 1,4
         DELTA(I) = YPRIME(I) + Y(I)
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL BAD_INPUT: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL BAD_INPUT: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL BAD_INPUT: DUMMY RT WAS CALLED'
      STOP
      END
