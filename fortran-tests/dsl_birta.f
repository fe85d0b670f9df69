C-----------------------------------------------------------------------
C     DSL_BIRTA -- DSL48E state events: Examples 2 and 3 of Mao &
C     Petzold (2002, seed 002), both from Birta & Oren (1985).
C
C     Part A, Example 2:
C        Y1' = A1*Y1, Y2' = A2*Y2, Y3' = Y1 + Y2,
C        Y(0) = (0.5, -0.5, 0), (A1, A2) = (2, -1) at first;
C     events (a) Y1 reaches 1 while rising, (b) Y2 reaches -1 while
C     falling; at either event A1 and A2 are swapped.  Discontinuity
C     functions (the paper's) G1 = 1 - Y1 (condition 1) and G2 = 1 +
C     Y2 (condition 2), ISC = (1,1): Z = (Y1, Y2, Y3, D1, D2), NEQ = 5,
C     JYDOT = (1,2,3).  The phase (1: A = (2,-1), 2: A = (-1,2)) is
C     kept in IPAR(1).  STCHANGE: condition 1 changes when G1 becomes
C     false in phase 1, condition 2 when G2 becomes false in phase 2;
C     the crossings back (G1 true again when Y1 falls below 1 just
C     after the swap, the "deflection" that the paper says DSL48E
C     cannot express without mode-aware STCHANGE) return ICHANGE = 0:
C     no event, the search goes on.  No explicit time dependence:
C     EVTDERIV returns D = 0, ALPHA = 0.
C     Exact event times (phase lengths halve: a Zeno point at 2 LN 2):
C        T(0) = LN(2)/2 = 0.346573590280 (a),
C        T(N) = 2 LN 2 - 1.5 LN(2)/2**N: 0.866433975700 (b),
C        1.126364168410 (a), 1.256329264765 (b), 1.321311812942 (a),
C        1.353803087031 (b), 1.370048724076 (a), 1.378171542598 (b);
C     8 events before TEND = 1.38, where Y = (0.995544053602,
C     -0.998173213208, 0.165381662673) (closed-form exponentials,
C     also computed here).
C
C     Part B, Example 3:
C        Y1' = PI*Y2, Y2' = -PI*Y1, Y3' = U**3, Y = (0, 1, 0), U = 1,
C     one function G = Y1 - A*T (Z = (Y1, Y2, Y3, D), NEQ = 4); at
C     each crossing U is replaced by -Y1(T*) (the paper's text reads
C     "-U(T*)*Y1(T*)", but its Table 2 values of Y3(3) are those of
C     U = -Y1(T*): 0.393337 for A = 0.35, 0.743234 for A = 0.45,
C     against the paper's DASPKE 0.393366 and 0.7432421).  G(0) = 0
C     exactly: true, no event at the start.  EVTDERIV: D(4) = dF4/dT
C     = A, ALPHA = dG/dT = -A.  The roots of SIN(PI*T) = A*T are
C     computed here by bisection; Y3(3) from them in closed form.
C
C     Runs: Part A with RTOL = ATOL = 1D-8 and 1D-5 (the paper's);
C     Part B with A = 0.35 and 0.45, RTOL = ATOL = 1D-8 and 1D-5.
C     Tolerances (CDG = 10: |Delta g*| up to 10 error weights):
C       event times: TOLT = (CDG + 100)*(RTOL + ATOL)/|dG/dT| (the
C         polishing offset plus a global error of 100 tolerances);
C         in Part A each phase adds its own global error to all later
C         event times, so event N has (CDG + 100*N) in place of
C         (CDG + 100) (the exact times are >= 0.008 apart);
C       Part A states: at every event and at TEND, |Z - exact| <=
C         4*TOLT(8) + 100*(RTOL*|V| + ATOL) (rates are at most 2, so
C         a time offset TOLT moves Y by at most 2*TOLT);
C       Part B Y3(3): |dY3/dT(K)| <= 4, so 4*NEV*TOLT + 100*(RTOL +
C         ATOL);
C       at every event: IEVENT/IDISCON as expected, TIME = TEVT, the
C         triggering D strictly on its new side with |D| <=
C         CDG*(RTOL*SCALE + ATOL), RES in the old mode within
C         10*(RTOL*(|Z| + |ZDOT|) + ATOL), no extra or missing event.
C     The last line printed is PASS DSL_BIRTA or FAIL DSL_BIRTA: ...
C-----------------------------------------------------------------------
      PROGRAM DSLBRT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQA=5, NEJA=9, NCA=2, NDA=2)
      PARAMETER (LRWA=60+10*NEQA+NEJA+3*NDA, LIWA=40+2*NEQA+NDA)
      PARAMETER (LIEVA=5, LREVA=6*NDA+5+5*NEQA+40)
      PARAMETER (NEQB=4, NEJB=7, NCB=1, NDB=1)
      PARAMETER (LRWB=60+10*NEQB+NEJB+3*NDB, LIWB=40+2*NEQB+NDB)
      PARAMETER (LIEVB=4, LREVB=6*NDB+5+5*NEQB+40)
      PARAMETER (CDG=10.0D0, CRES=10.0D0, NEVAX=8, MAXR=10)
      DIMENSION Z(NEQA), ZDOT(NEQA), INFO(20), DEL(NEQA), ZEX(NEQA)
      DIMENSION RWA(LRWA), IWA(LIWA), IEVWK(LIEVA), REVWK(LREVA)
      DIMENSION RWB(LRWB), IWB(LIWB)
      DIMENSION JROWA(NEJA), JCOLA(NEJA), JYA(3), ISCA(NCA)
      DIMENSION JROWB(NEJB), JCOLB(NEJB), JYB(3), ISCB(NCB)
      DIMENSION BDUM(2,NEQA), RPAR(2), IPAR(2)
      DIMENSION TEXA(NEVAX), ROOTS(MAXR), AVAL(2), Y3PAP(2)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /BRCNT/ NSTC, NSTC0, NEVD
      EXTERNAL RESA, STCHA, EVTDA, RESB, STCHB, EVTDB, SENDUM, JDUM
C     Part A pattern: F1..F3 on Y1..Y3, F4 = D1 - (1-Y1), F5.
      DATA JROWA / 1, 2, 3, 3, 3, 4, 4, 5, 5 /
      DATA JCOLA / 1, 2, 1, 2, 3, 1, 4, 2, 5 /
      DATA JYA / 1, 2, 3 /
      DATA ISCA / 1, 1 /
C     Part B pattern.
      DATA JROWB / 1, 1, 2, 2, 3, 4, 4 /
      DATA JCOLB / 1, 2, 1, 2, 3, 1, 4 /
      DATA JYB / 1, 2, 3 /
      DATA ISCB / 1 /
      DATA AVAL / 0.35D0, 0.45D0 /
      DATA Y3PAP / 0.393366D0, 0.7432421D0 /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      XLN2 = LOG(2.0D0)
      TEXA(1) = 0.5D0*XLN2
      DO 5 N = 1,NEVAX-1
         TEXA(N+1) = 2.0D0*XLN2 - 1.5D0*XLN2/2.0D0**N
 5    CONTINUE
C
C     ================ Part A: Example 2 ================
      TENDA = 1.38D0
      DO 300 IRUN = 1,2
         IF (IRUN .EQ. 1) THEN
            RTOL = 1.0D-8
         ELSE
            RTOL = 1.0D-5
         ENDIF
         ATOL = RTOL
C        Each phase adds its own global error to the later event
C        times: event N within (CDG + 100*N)*(RTOL+ATOL)/|dG/dT|,
C        |dG/dT| = 2 at every event.
         TOLZ = 4.0D0*(CDG + 100.0D0*DBLE(NEVAX))*(RTOL + ATOL)/2.0D0
         WRITE(6,100) RTOL
 100     FORMAT(/' EXAMPLE 2, RTOL = ATOL =',1P,E8.1,', TO T = 1.38')
         DO 110 I = 1,20
            INFO(I) = 0
 110     CONTINUE
         NSTC = 0
         NSTC0 = 0
         NEVD = 0
         TIME = 0.0D0
         Z(1) = 0.5D0
         Z(2) = -0.5D0
         Z(3) = 0.0D0
         Z(4) = 0.5D0
         Z(5) = 0.5D0
         ZDOT(1) = 1.0D0
         ZDOT(2) = 0.5D0
         ZDOT(3) = 0.0D0
         ZDOT(4) = -1.0D0
         ZDOT(5) = 0.5D0
         IPAR(1) = 1
         NEV = 0
         NCALL = 0
 200     CONTINUE
         CALL DSL48E(RESA, SENDUM, NEQA, TIME, Z, ZDOT, TENDA, INFO,
     1        RTOL, ATOL, IDID, RWA, LRWA, IWA, LIWA, RPAR, IPAR,
     2        JDUM, NEJA, JROWA, JCOLA, JYA, 3, 0, BDUM,
     3        IEVENT, IDISCON, NCA, NDA, ISCA, TEVT, LIEVA, IEVWK,
     4        LREVA, REVWK, STCHA, EVTDA)
         NCALL = NCALL + 1
         IF (IDID .LT. 0 .OR. NCALL .GT. 100) THEN
            WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
            CALL FAILED('EXAMPLE 2: INTEGRATION FAILED')
            GO TO 290
         ENDIF
         IF (IWA(17) .GT. LIWA .OR. IWA(18) .GT. LRWA)
     1      CALL FAILED('IWORK(17..18) ABOVE THE CEILINGS')
         IF (IEVENT .EQ. 0) THEN
            IF (IDID .NE. 3 .OR. TIME .NE. TENDA)
     1         CALL FAILED('EXAMPLE 2: NO EVENT, NOT AT TOUT')
            GO TO 290
         ENDIF
         NEV = NEV + 1
         IF (NEV .GT. NEVAX) THEN
            WRITE(6,*) '  EXTRA EVENT AT', TIME, ' IEVENT', IEVENT
            CALL FAILED('EXAMPLE 2: MORE THAN 8 EVENTS')
            GO TO 290
         ENDIF
C        Expected: odd-numbered events (a) = condition 1 in phase 1,
C        even-numbered (b) = condition 2 in phase 2.
         KEXP = 2 - MOD(NEV,2)
         TOLT = (CDG + 100.0D0*DBLE(NEV))*(RTOL + ATOL)/2.0D0
         CALL EXACTA(TEXA(NEV), ZEX)
         WRITE(6,210) NEV, IEVENT, TIME, TEXA(NEV), Z(3+KEXP),
     1        (Z(I),I=1,3)
 210     FORMAT('   EVENT',I2,' IEVENT =',I2,' T =',F15.11,' (',
     1          F15.11,') D =',1P,E10.2,0P/'     Y =',3F15.11)
         CALL EVCHK(NEV, IEVENT, IDISCON, KEXP, 1, TIME, TEVT,
     1        TEXA(NEV), TOLT, Z(3+KEXP), .TRUE.,
     2        CDG*(RTOL + ATOL))
         DO 220 I = 1,3
            IF (ABS(Z(I) - ZEX(I)) .GT. TOLZ + 100.0D0*(RTOL*ABS(ZEX(I))
     1          + ATOL)) THEN
               WRITE(6,*) '  Y', I, ' =', Z(I), ' EXACT', ZEX(I)
               CALL FAILED('EXAMPLE 2: STATE WRONG AT AN EVENT')
            ENDIF
 220     CONTINUE
         IRES = 0
         CALL RESA(NEQA, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
         CALL RESCHK(NEQA, Z, ZDOT, DEL, RTOL, ATOL, CRES)
C        Swap the rates and restart.
         IPAR(1) = 3 - IPAR(1)
         INFO(1) = 0
         INFO(11) = 1
         GO TO 200
 290     CONTINUE
         CALL EXACTA(TIME, ZEX)
         WRITE(6,230) NEV, TIME, (Z(I),I=1,3), (ZEX(I),I=1,3),
     1        NSTC, NSTC0, NEVD
 230     FORMAT('   END: EVENTS =',I3,' T =',F6.3,' Y =',3F15.11/
     1          '                        EXACT',3F15.11/
     2          '   STCHANGE CALLS =',I4,' (',I3,' ANSWERED 0),',
     3          ' EVTDERIV CALLS =',I4)
         IF (NEV .NE. NEVAX) CALL FAILED('EXAMPLE 2: NOT 8 EVENTS')
         DO 240 I = 1,3
            IF (ABS(Z(I) - ZEX(I)) .GT. TOLZ + 100.0D0*(RTOL*ABS(ZEX(I))
     1          + ATOL)) CALL FAILED('EXAMPLE 2: FINAL STATE WRONG')
 240     CONTINUE
C        Every swap is followed by a crossing back of the function
C        that triggered it (answered 0), except after the last one.
         IF (NSTC0 .LT. NEVAX - 1)
     1      CALL FAILED('EXAMPLE 2: CROSSINGS BACK NOT REPORTED')
         IF (NEVD .LT. NEV)
     1      CALL FAILED('EVTDERIV NOT CALLED FOR EVERY EVENT')
 300  CONTINUE
C
C     ================ Part B: Example 3 ================
      TENDB = 3.0D0
      DO 600 IA = 1,2
         A = AVAL(IA)
         CALL SROOTS(A, TENDB, ROOTS, NR, MAXR)
         Y3EX = Y3EXAC(A, TENDB, ROOTS, NR)
         GMIN = 1.0D30
         DO 410 K = 1,NR
            GMIN = MIN(GMIN, ABS(PI*COS(PI*ROOTS(K)) - A))
 410     CONTINUE
         DO 590 IRUN = 1,2
            IF (IRUN .EQ. 1) THEN
               RTOL = 1.0D-8
            ELSE
               RTOL = 1.0D-5
            ENDIF
            ATOL = RTOL
            TOLT = (CDG + 100.0D0)*(RTOL + ATOL)/GMIN
            TOLY3 = 4.0D0*DBLE(NR)*TOLT + 100.0D0*(RTOL + ATOL)
            WRITE(6,400) A, RTOL, NR, (ROOTS(K),K=1,NR)
 400        FORMAT(/' EXAMPLE 3, A =',F6.3,', RTOL = ATOL =',1P,E8.1,
     1             0P,':',I2,' ROOTS',3F15.11)
            DO 420 I = 1,20
               INFO(I) = 0
 420        CONTINUE
            NSTC = 0
            NSTC0 = 0
            NEVD = 0
            RPAR(1) = A
            RPAR(2) = 1.0D0
            IPAR(1) = 1
            TIME = 0.0D0
            Z(1) = 0.0D0
            Z(2) = 1.0D0
            Z(3) = 0.0D0
            Z(4) = 0.0D0
            ZDOT(1) = PI
            ZDOT(2) = 0.0D0
            ZDOT(3) = 1.0D0
            ZDOT(4) = PI - A
            NEV = 0
            NCALL = 0
 500        CONTINUE
            CALL DSL48E(RESB, SENDUM, NEQB, TIME, Z, ZDOT, TENDB, INFO,
     1           RTOL, ATOL, IDID, RWB, LRWB, IWB, LIWB, RPAR, IPAR,
     2           JDUM, NEJB, JROWB, JCOLB, JYB, 3, 0, BDUM,
     3           IEVENT, IDISCON, NCB, NDB, ISCB, TEVT, LIEVB, IEVWK,
     4           LREVB, REVWK, STCHB, EVTDB)
            NCALL = NCALL + 1
            IF (IDID .LT. 0 .OR. NCALL .GT. 100) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('EXAMPLE 3: INTEGRATION FAILED')
               GO TO 580
            ENDIF
            IF (IWB(17) .GT. LIWB .OR. IWB(18) .GT. LRWB)
     1         CALL FAILED('IWORK(17..18) ABOVE THE CEILINGS')
            IF (IEVENT .EQ. 0) THEN
               IF (IDID .NE. 3 .OR. TIME .NE. TENDB) CALL
     1            FAILED('EXAMPLE 3: NO EVENT, NOT AT TOUT')
               GO TO 580
            ENDIF
            NEV = NEV + 1
            IF (NEV .GT. NR) THEN
               WRITE(6,*) '  EXTRA EVENT AT', TIME
               CALL FAILED('EXAMPLE 3: EXTRA EVENT')
               GO TO 580
            ENDIF
            WRITE(6,510) NEV, TIME, ROOTS(NEV), Z(4), Z(3)
 510        FORMAT('   EVENT',I2,' T =',F15.11,' (',F15.11,') D =',1P,
     1             E10.2,0P,' Y3 =',F13.9)
            CALL EVCHK(NEV, IEVENT, IDISCON, 1, 1, TIME, TEVT,
     1           ROOTS(NEV), TOLT, Z(4), IPAR(1) .EQ. 1,
     2           CDG*(RTOL*1.0D0 + ATOL))
            IRES = 0
            CALL RESB(NEQB, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
            CALL RESCHK(NEQB, Z, ZDOT, DEL, RTOL, ATOL, CRES)
C           U = -Y1(T*), the locked truth value flips; restart.
            RPAR(2) = -Z(1)
            IPAR(1) = 1 - IPAR(1)
            INFO(1) = 0
            INFO(11) = 1
            GO TO 500
 580        CONTINUE
            WRITE(6,520) NEV, TIME, Z(3), Y3EX, Y3PAP(IA), TOLY3,
     1           NSTC, NEVD
 520        FORMAT('   END: EVENTS =',I2,' T =',F6.3,' Y3 =',F13.9,
     1             ' EXACT',F13.9,' (PAPER''S DASPKE',F10.7,')'/
     2             '   TOLERANCE ON Y3 =',1P,E9.2,0P,
     3             '  STCHANGE CALLS =',I3,' EVTDERIV CALLS =',I3)
            IF (NEV .NE. NR) CALL FAILED('EXAMPLE 3: MISSED AN EVENT')
            IF (ABS(Z(3) - Y3EX) .GT. TOLY3)
     1         CALL FAILED('EXAMPLE 3: Y3(3) WRONG')
            IF (ABS(Z(1) - SIN(PI*TIME)) .GT. 100.0D0*(RTOL + ATOL))
     1         CALL FAILED('EXAMPLE 3: Y1(3) WRONG')
            IF (NEVD .LT. NEV)
     1         CALL FAILED('EVTDERIV NOT CALLED FOR EVERY EVENT')
 590     CONTINUE
 600  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_BIRTA'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_BIRTA: ', WHY
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
      SUBROUTINE EVCHK(NEV, IEVENT, IDISCON, KEXP, JEXP, TIME, TEVT,
     1                 TEX, TOLT, D, WASTRU, DGMAX)
C     Checks common to every event: the condition and function
C     expected, TIME = TEVT, the time, the new side of D (false if it
C     was true, WASTRU, and >= 0 otherwise) and |D| <= DGMAX.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      LOGICAL WASTRU
      IF (IEVENT .NE. KEXP .OR. IDISCON .NE. JEXP) THEN
         WRITE(6,*) '  EVENT', NEV, ' IEVENT, IDISCON =', IEVENT,
     1              IDISCON, ' EXPECTED', KEXP, JEXP
         CALL FAILED('WRONG IEVENT OR IDISCON')
      ENDIF
      IF (TEVT .NE. TIME) CALL FAILED('TEVT IS NOT TIME')
      IF (ABS(TIME - TEX) .GT. TOLT) THEN
         WRITE(6,*) '  EVENT', NEV, ' AT', TIME, ' EXPECTED', TEX,
     1              ' TOLERANCE', TOLT
         CALL FAILED('EVENT TIME WRONG')
      ENDIF
      IF ((WASTRU .AND. D .GE. 0.0D0) .OR.
     1    (.NOT. WASTRU .AND. D .LT. 0.0D0)) THEN
         WRITE(6,*) '  EVENT', NEV, ' D =', D
         CALL FAILED('DISCONTINUITY VARIABLE NOT ON ITS NEW SIDE')
      ENDIF
      IF (ABS(D) .GT. DGMAX) THEN
         WRITE(6,*) '  EVENT', NEV, ' D =', D, ' LIMIT', DGMAX
         CALL FAILED('|DELTA G*| ABOVE 10 ERROR WEIGHTS')
      ENDIF
      RETURN
      END
C
      SUBROUTINE RESCHK(NEQ, Z, ZDOT, DEL, RTOL, ATOL, CRES)
C     The residual of the old mode at the event is small.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DEL(NEQ)
      DO 10 I = 1,NEQ
         IF (ABS(DEL(I)) .GT. CRES*(RTOL*(ABS(Z(I)) + ABS(ZDOT(I)))
     1       + ATOL)) THEN
            WRITE(6,*) '  RESIDUAL', I, ' =', DEL(I)
            CALL FAILED('Z, ZDOT NOT CONSISTENT AT AN EVENT')
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE EXACTA(T, Z)
C     Example 2, exact (Y1, Y2, Y3) at T <= 1.38, phase by phase.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(*)
      Y1 = 0.5D0
      Y2 = -0.5D0
      Y3 = 0.0D0
      A1 = 2.0D0
      A2 = -1.0D0
      TS = 0.0D0
 10   CONTINUE
      IF (A1 .GT. 0.0D0) THEN
         TAU = LOG(1.0D0/Y1)/A1
      ELSE
         TAU = LOG(-1.0D0/Y2)/A2
      ENDIF
      IF (TS + TAU .GE. T) TAU = T - TS
      Y3 = Y3 + Y1*(EXP(A1*TAU) - 1.0D0)/A1
     1        + Y2*(EXP(A2*TAU) - 1.0D0)/A2
      Y1 = Y1*EXP(A1*TAU)
      Y2 = Y2*EXP(A2*TAU)
      TS = TS + TAU
      IF (TS .LT. T) THEN
         A = A1
         A1 = A2
         A2 = A
         GO TO 10
      ENDIF
      Z(1) = Y1
      Z(2) = Y2
      Z(3) = Y3
      RETURN
      END
C
      SUBROUTINE SROOTS(A, TEND, ROOTS, NR, MAXR)
C     The roots of SIN(PI*T) - A*T in (0, TEND]: sign changes on a
C     fine grid, refined by bisection to full precision.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ROOTS(MAXR)
      PI = 4.0D0*ATAN(1.0D0)
      NR = 0
      NGRID = 30000
      TL = 1.0D-9
      FL = SIN(PI*TL) - A*TL
      DO 20 I = 1,NGRID
         TR = TEND*DBLE(I)/DBLE(NGRID) + 1.0D-9
         FR = SIN(PI*TR) - A*TR
         IF ((FL .GE. 0.0D0) .NEQV. (FR .GE. 0.0D0)) THEN
            X0 = TL
            X1 = TR
            F0 = FL
            DO 10 K = 1,200
               XM = 0.5D0*(X0 + X1)
               FM = SIN(PI*XM) - A*XM
               IF ((FM .GE. 0.0D0) .EQV. (F0 .GE. 0.0D0)) THEN
                  X0 = XM
                  F0 = FM
               ELSE
                  X1 = XM
               ENDIF
 10         CONTINUE
            IF (NR .LT. MAXR) NR = NR + 1
            ROOTS(NR) = 0.5D0*(X0 + X1)
         ENDIF
         TL = TR
         FL = FR
 20   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION Y3EXAC(A, TEND, ROOTS, NR)
C     Y3(TEND) = sum of U**3 times the interval lengths, U = 1 and
C     then -SIN(PI*T*) after each crossing T*.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ROOTS(*)
      PI = 4.0D0*ATAN(1.0D0)
      U = 1.0D0
      TP = 0.0D0
      Y3 = 0.0D0
      DO 10 K = 1,NR
         Y3 = Y3 + U**3*(ROOTS(K) - TP)
         TP = ROOTS(K)
         U = -SIN(PI*TP)
 10   CONTINUE
      Y3EXAC = Y3 + U**3*(TEND - TP)
      RETURN
      END
C
      SUBROUTINE RESA(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     Example 2, locked in phase IPAR(1).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      IF (IPAR(1) .EQ. 1) THEN
         A1 = 2.0D0
         A2 = -1.0D0
      ELSE
         A1 = -1.0D0
         A2 = 2.0D0
      ENDIF
      DELTA(1) = ZDOT(1) - A1*Z(1)
      DELTA(2) = ZDOT(2) - A2*Z(2)
      DELTA(3) = ZDOT(3) - Z(1) - Z(2)
      DELTA(4) = Z(4) - (1.0D0 - Z(1))
      DELTA(5) = Z(5) - (1.0D0 + Z(2))
      RETURN
      END
C
      SUBROUTINE STCHA(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                 RPAR, IPAR, NDI, IG)
C     Example 2: condition K changes only when its function becomes
C     false in phase K.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /BRCNT/ NSTC, NSTC0, NEVD
      NSTC = NSTC + 1
      ICHANGE = 0
      IF (IG(1) .EQ. 0 .AND. IPAR(1) .EQ. ISTATE) ICHANGE = 1
      IF (ICHANGE .EQ. 0) NSTC0 = NSTC0 + 1
      RETURN
      END
C
      SUBROUTINE EVTDA(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                 Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     Example 2: no explicit time dependence.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /BRCNT/ NSTC, NSTC0, NEVD
      NEVD = NEVD + 1
      ICODE = 0
      DO 10 I = 1,NEQ
         D(I) = 0.0D0
 10   CONTINUE
      ALPHA = 0.0D0
      RETURN
      END
C
      SUBROUTINE RESB(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     Example 3: A = RPAR(1), U = RPAR(2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      PI = 4.0D0*ATAN(1.0D0)
      DELTA(1) = ZDOT(1) - PI*Z(2)
      DELTA(2) = ZDOT(2) + PI*Z(1)
      DELTA(3) = ZDOT(3) - RPAR(2)**3
      DELTA(4) = Z(4) - (Z(1) - RPAR(1)*T)
      RETURN
      END
C
      SUBROUTINE STCHB(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                 RPAR, IPAR, NDI, IG)
C     Example 3: every crossing changes the condition (locked truth
C     value in IPAR(1)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /BRCNT/ NSTC, NSTC0, NEVD
      NSTC = NSTC + 1
      ICHANGE = 0
      IF (IG(1) .NE. IPAR(1)) ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTDB(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                 Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     Example 3: F4 = D - Y1 + A*T, G = Y1 - A*T.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /BRCNT/ NSTC, NSTC0, NEVD
      NEVD = NEVD + 1
      ICODE = 0
      D(1) = 0.0D0
      D(2) = 0.0D0
      D(3) = 0.0D0
      D(4) = RPAR(1)
      ALPHA = -RPAR(1)
      RETURN
      END
C
      SUBROUTINE JDUM(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1                RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_BIRTA: JAC CALLED WITH JDTYPE = 0'
      STOP 1
      END
C
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_BIRTA: SENRHS WAS CALLED'
      STOP 1
      END
