C-----------------------------------------------------------------------
C     DSL_BALL -- DSL48E state events with an AND condition: a ball
C     dropped from H = 10 (V = 0), G = 9.81, restitution E = 0.9.
C
C        H' = V,  V' = -G;   impact when  H <= 0 AND V < 0.
C
C     The condition is written as two discontinuity functions of ONE
C     state condition (NC = 1, ISC(1) = 2, ND = 2): G1 = -H (H <= 0)
C     and G2 = -V (V < 0, as -V >= 0), Z = (H, V, D1, D2), JYDOT =
C     (1,2), F3 = D1 + H, F4 = D2 + V.  STCHANGE: the condition is
C     IG(1) AND IG(2); it changes when that differs from the locked
C     value kept in IPAR(1).  At an impact the program sets V = -E*V
C     (H as returned), locks the condition at its value at the new
C     start point (false: V > 0) and restarts with INFO(1) = 0,
C     INFO(11) = 1.  Between impacts both functions cross zero
C     without changing the condition: D1 when the ball leaves the
C     ground, D2 at the apex; STCHANGE answers 0 (no event).  At T =
C     0, D2 = -0 is exactly zero, i.e. true, and raises no event.
C     EVTDERIV: no explicit time dependence, D = 0, ALPHA = 0.
C
C     Exact impact times: T1 = SQRT(2*H0/G), T(K+1) = T(K) +
C     2*E**K*T1: 1.427843122927, 3.997960744196, 6.311066603338,
C     8.392861876565, 10.266477622470, 11.952731793785,
C     13.470360547968, 14.836226426732, 16.065505717620,
C     17.171857079420, 18.167573305039, 19.063717908097,
C     19.870248050848 (13 impacts before TEND = 20), impact speed
C     E**(K-1)*G*T1 (>= 3.956), and at T = 20: H = 0.379393921403,
C     V = 2.287560694001.
C
C     Runs: RTOL = ATOL = 1D-8 with JDTYPE = 1, RTOL = ATOL = 1D-6 with
C     JDTYPE = 0, interval mode to TOUT = 20.  Checks (CDG = 10 error
C     weights allowed for |Delta g*|; EWH = RTOL*H0 + ATOL):
C       - each event: IDID = 1, IEVENT = 1, IDISCON = 1 (D1 triggers:
C         D2 is already true), TIME = TEVT, D1 >= 0 (new side: true)
C         with |D1| <= CDG*EWH, D2 > 0; the old-mode residual within
C         10*(RTOL*(|Z| + |ZDOT|) + ATOL);
C       - impact K at the exact time within TOLT(K) = K*(CDG + 10)*
C         EWH/VMIN: the polishing offset (<= CDG weights) plus the
C         integration error (<= 10 weights: BDF of order >= 2 is exact
C         on a parabola, only the order-1 start-up steps after each
C         restart contribute), turned into time by the smallest
C         impact speed VMIN = 3.956, and inherited by every later
C         bounce; the velocity before the bounce within G*TOLT(K) +
C         100*EWH of the exact impact speed;
C       - no event sticks: exactly 13 events, the K-th at impact K;
C       - STCHANGE answered 0 at least 2*13 - 1 times (lift-off and
C         apex crossings, reported but not events);
C       - H(20), V(20) within 15*TOLT(13) of the exact values.
C     The last line printed is PASS DSL_BALL or FAIL DSL_BALL: reason.
C-----------------------------------------------------------------------
      PROGRAM DSLBAL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NX=2, NEJAC=7, NC=1, ND=2)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3*ND, LIW=40+2*NEQ+ND)
      PARAMETER (LIEVWK=4, LREVWK=6*ND+5+5*NEQ+40)
      PARAMETER (CDG=10.0D0, CRES=10.0D0, NIMP=13)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), DEL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(NC)
      DIMENSION BDUM(2,NEQ), RPAR(3), IPAR(2), TIMP(NIMP)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /BLCNT/ NSTC, NSTC0, NEVD, NJACD
      EXTERNAL RES, JAC, STCH, EVTD, SENDUM
      DATA JROW / 1, 1, 2, 3, 3, 4, 4 /
      DATA JCOL / 1, 2, 2, 1, 3, 2, 4 /
      DATA JYDOT / 1, 2 /
      DATA ISC / 2 /
C
      OK = .TRUE.
      WHY = ' '
      G = 9.81D0
      E = 0.9D0
      H0 = 10.0D0
      TEND = 20.0D0
      RPAR(1) = G
      T1 = SQRT(2.0D0*H0/G)
      TIMP(1) = T1
      DO 5 K = 1,NIMP-1
         TIMP(K+1) = TIMP(K) + 2.0D0*E**K*T1
 5    CONTINUE
      VMIN = E**(NIMP-1)*G*T1
      TL = TEND - TIMP(NIMP)
      S = E**NIMP*G*T1
      HEND = S*TL - 0.5D0*G*TL**2
      VEND = S - G*TL
      NJYDOT = NX
C
      DO 500 IRUN = 1,2
         IF (IRUN .EQ. 1) THEN
            RTOL = 1.0D-8
            JDTYPE = 1
         ELSE
            RTOL = 1.0D-6
            JDTYPE = 0
         ENDIF
         ATOL = RTOL
         EWH = RTOL*H0 + ATOL
         WRITE(6,100) RTOL, JDTYPE
 100     FORMAT(/' RUN: RTOL = ATOL =',1P,E8.1,0P,' JDTYPE =',I2,
     1          ', INTERVAL MODE TO T = 20')
         DO 110 I = 1,20
            INFO(I) = 0
 110     CONTINUE
         NSTC = 0
         NSTC0 = 0
         NEVD = 0
         NJACD = 0
         TIME = 0.0D0
         Z(1) = H0
         Z(2) = 0.0D0
         Z(3) = -Z(1)
         Z(4) = -Z(2)
         ZDOT(1) = 0.0D0
         ZDOT(2) = -G
         ZDOT(3) = 0.0D0
         ZDOT(4) = G
         IPAR(1) = 0
         NEV = 0
         NCALL = 0
 200     CONTINUE
         CALL DSL48E(RES, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         NCALL = NCALL + 1
         IF (IDID .LT. 0 .OR. NCALL .GT. 200) THEN
            WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
            CALL FAILED('INTEGRATION FAILED')
            GO TO 400
         ENDIF
         IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW)
     1      CALL FAILED('IWORK(17..18) ABOVE THE CEILINGS')
         IF (IEVENT .EQ. 0) THEN
            IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1         CALL FAILED('NO EVENT AND NOT IDID = 3 AT TOUT')
            GO TO 400
         ENDIF
C        ---- An impact ----
         NEV = NEV + 1
         IF (NEV .GT. NIMP) THEN
            WRITE(6,*) '  EXTRA EVENT AT', TIME, ' H =', Z(1), ' V =',
     1                 Z(2)
            CALL FAILED('EXTRA EVENT (A STICKING OR FALSE IMPACT)')
            GO TO 400
         ENDIF
         TOLT = DBLE(NEV)*(CDG + 10.0D0)*EWH/VMIN
         VEX = -E**(NEV-1)*G*T1
         IF (NEV .LE. 3 .OR. NEV .EQ. NIMP)
     1      WRITE(6,210) NEV, TIME, TIMP(NEV), TOLT, Z(1), Z(2), VEX
 210     FORMAT('   IMPACT',I3,' T =',F16.12,' (',F16.12,' TOL',1P,
     1          E8.1,')'/'      H =',E10.2,' V =',0P,F14.10,' (',
     2          F14.10,')')
         IF (IDID .NE. 1 .OR. IEVENT .NE. 1 .OR. IDISCON .NE. 1) THEN
            WRITE(6,*) '  IDID, IEVENT, IDISCON =', IDID, IEVENT,
     1                 IDISCON
            CALL FAILED('EVENT RETURN: IDID, IEVENT OR IDISCON WRONG')
         ENDIF
         IF (TEVT .NE. TIME) CALL FAILED('TEVT IS NOT TIME')
         IF (ABS(TIME - TIMP(NEV)) .GT. TOLT) THEN
            WRITE(6,*) '  IMPACT', NEV, ' AT', TIME, ' EXPECTED',
     1                 TIMP(NEV)
            CALL FAILED('IMPACT TIME WRONG')
            GO TO 400
         ENDIF
         IF (Z(3) .LT. 0.0D0 .OR. Z(4) .LE. 0.0D0) THEN
            WRITE(6,*) '  D1, D2 =', Z(3), Z(4)
            CALL FAILED('D1 NOT ON ITS NEW SIDE OR D2 NOT TRUE')
         ENDIF
         IF (ABS(Z(3)) .GT. CDG*EWH)
     1      CALL FAILED('|DELTA G*| ABOVE 10 ERROR WEIGHTS')
         IF (ABS(Z(2) - VEX) .GT. G*TOLT + 100.0D0*EWH)
     1      CALL FAILED('IMPACT SPEED WRONG')
         IRES = 0
         CALL RES(NEQ, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
         DO 220 I = 1,NEQ
            IF (ABS(DEL(I)) .GT. CRES*(RTOL*(ABS(Z(I)) + ABS(ZDOT(I)))
     1          + ATOL)) THEN
               WRITE(6,*) '  RESIDUAL', I, ' =', DEL(I)
               CALL FAILED('Z, ZDOT NOT CONSISTENT AT AN IMPACT')
            ENDIF
 220     CONTINUE
C        Bounce: V = -E*V; the condition is false at the new start.
         Z(2) = -E*Z(2)
         ZDOT(1) = Z(2)
         IPAR(1) = 0
         IF (-Z(1) .GE. 0.0D0 .AND. -Z(2) .GE. 0.0D0) IPAR(1) = 1
         INFO(1) = 0
         INFO(11) = 1
         GO TO 200
C
 400     CONTINUE
         TOLF = 15.0D0*DBLE(NIMP)*(CDG + 10.0D0)*EWH/VMIN
         WRITE(6,230) NEV, TIME, Z(1), HEND, Z(2), VEND, TOLF, NSTC,
     1        NSTC0, NEVD, NJACD
 230     FORMAT('   END: IMPACTS =',I3,' T =',F6.2,' H =',F14.10,' (',
     1          F14.10,')'/'                      V =',F14.10,' (',
     2          F14.10,')  TOL',1P,E9.2/0P,'   STCHANGE CALLS =',I4,
     3          ' (',I3,' ANSWERED 0), EVTDERIV CALLS =',I4,
     4          ', JAC CALLS =',I5)
         IF (NEV .NE. NIMP) CALL FAILED('NOT 13 IMPACTS')
         IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1      CALL FAILED('DID NOT END WITH IDID = 3 AT T = 20')
         IF (ABS(Z(1) - HEND) .GT. TOLF .OR. ABS(Z(2) - VEND) .GT. TOLF)
     1      CALL FAILED('FINAL STATE WRONG')
         IF (NSTC0 .LT. 2*NIMP - 1)
     1      CALL FAILED('LIFT-OFF/APEX CROSSINGS NOT GIVEN TO STCHANGE')
         IF (NEVD .LT. NEV)
     1      CALL FAILED('EVTDERIV NOT CALLED FOR EVERY EVENT')
         IF (JDTYPE .EQ. 0 .AND. NJACD .NE. 0)
     1      CALL FAILED('JAC CALLED WITH JDTYPE = 0')
         IF (JDTYPE .EQ. 1 .AND. NJACD .EQ. 0)
     1      CALL FAILED('JAC NEVER CALLED WITH JDTYPE = 1')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_BALL'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_BALL: ', WHY
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
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     Free flight (the same in every mode); G = RPAR(1).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) - Z(2)
      DELTA(2) = ZDOT(2) + RPAR(1)
      DELTA(3) = Z(3) + Z(1)
      DELTA(4) = Z(4) + Z(2)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /BLCNT/ NSTC, NSTC0, NEVD, NJACD
      NJACD = NJACD + 1
      DO 10 K = 1,NEJAC
         I = JROW(K)
         J = JCOL(K)
         IF (I .EQ. J .AND. I .LE. 2) THEN
            PD(K) = CJ
         ELSE IF (I .EQ. 1 .AND. J .EQ. 2) THEN
            PD(K) = -1.0D0
         ELSE
            PD(K) = 1.0D0
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Impact condition: (H <= 0) AND (V < 0), i.e. IG(1) AND IG(2),
C     against the locked value IPAR(1).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /BLCNT/ NSTC, NSTC0, NEVD, NJACD
      NSTC = NSTC + 1
      IF (ISTATE .NE. 1 .OR. NDI .NE. 2) THEN
         WRITE(6,'(A)') 'FAIL DSL_BALL: STCHANGE WITH WRONG ISTATE/NDI'
         STOP 1
      ENDIF
      ICOND = IG(1)*IG(2)
      ICHANGE = 0
      IF (ICOND .NE. IPAR(1)) ICHANGE = 1
      IF (ICHANGE .EQ. 0) NSTC0 = NSTC0 + 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     No explicit time dependence.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /BLCNT/ NSTC, NSTC0, NEVD, NJACD
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
      WRITE(6,'(A)') 'FAIL DSL_BALL: SENRHS WAS CALLED'
      STOP 1
      END
