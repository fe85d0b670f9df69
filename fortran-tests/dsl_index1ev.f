C-----------------------------------------------------------------------
C     DSL_INDEX1EV -- DSL48E events of an index-1 DAE triggered by an
C     ALGEBRAIC variable and by a DERIVATIVE: a tank with an outflow
C     Q, an overflow valve and an inflow that is cut when the level
C     has nearly settled.
C
C        L' = QIN - Q                       (level L, differential)
C        Q  = L + 3*IV*(L - 1.5)            (outflow, algebraic)
C        QIN = 2*IQ
C     Condition 1, "valve open" (IV): Q >= 1.5, on the algebraic Q;
C     condition 2, "inflow on"  (IQ): L' >= 0.05, on the derivative.
C     Z = (L, Q, D1, D2), JYDOT = (1), NC = 2, ISC = (1,1), ND = 2:
C        F1 = L' - (2*IQ - Q),  F2 = Q - L - 3*IV*(L - 1.5),
C        F3 = D1 - (Q - 1.5),   F4 = D2 - (L' - 0.05).
C     dF/d(L', Q, D1, D2) is nonsingular (index 1); D2 depends on
C     ZDOT(1).  The mode (IV, IQ) = the locked truth values of the
C     two conditions, kept in IPAR(1), IPAR(2); STCHANGE reports a
C     change when IG(1) differs from it; the program flips it after
C     each event and restarts with INFO(1) = 0, INFO(11) = 1 (new Q,
C     D1, D2 and L').  No explicit time dependence: D = 0, ALPHA = 0.
C
C     From L = 0, IV = 0, IQ = 1 (exact solution piecewise):
C       L = 2*(1 - EXP(-T)) until Q = L = 1.5:
C         E1 at T1 = LN 4 = 1.386294361120, condition 1 (valve
C         opens), dD1/dT = 0.5;
C       L = 1.625 - 0.125*EXP(-4(T-T1)), L' = 0.5*EXP(-4(T-T1)):
C         E2 at T2 = T1 + LN(10)/4 = 1.961940634368 (L' = 0.05,
C         L = 1.6125), condition 2 (inflow off), dD2/dT = -0.2;
C       L = 1.125 + 0.4875*EXP(-4(T-T2)), Q = 4L - 4.5:
C         E3 at T3 = T2 + LN(1.3)/4 = 2.027531700485 (Q = 1.5),
C         condition 1 (valve closes), dD1/dT = -6;
C       L = 1.5*EXP(-(T-T3)): no more events; L(4) = 0.208669589094.
C     At every restart the new mode keeps the triggering function on
C     its new side (no sticking).
C
C     Runs: RTOL = ATOL = 1D-8, JDTYPE = 1, interval mode; RTOL =
C     ATOL = 1D-6, JDTYPE = 0, one-step mode (INFO(3) = 1); TEND = 4.
C     Checks (EW = 2*RTOL + ATOL, the error weight of O(1) values;
C     CDG = 10 weights allowed for |Delta g*|):
C       - events E1, E2, E3 in this order with (IEVENT, IDISCON) =
C         (1,1), (2,1), (1,1), IDID = 1, TIME = TEVT, nothing else;
C       - event K within K*(CDG + 100)*EW/|dD/dT| of its exact time
C         (polishing offset plus a global error of 100 weights, times
C         inherited by the later events);
C       - the triggering D on its new side (D1 >= 0 at E1, D2 < 0 at
C         E2, D1 < 0 at E3) with |D| <= CDG*EW;
C       - the old-mode residual within 10*(RTOL*(|Z| + |ZDOT|) + ATOL);
C       - L at each event and L(4) within 100*(RTOL*|L| + ATOL) + the
C         time tolerance times |L'|.
C     The last line printed is PASS DSL_INDEX1EV or FAIL DSL_INDEX1EV:..
C-----------------------------------------------------------------------
      PROGRAM DSLI1E
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NX=1, NEJAC=8, NC=2, ND=2, NEVX=3)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3*ND, LIW=40+2*NEQ+ND)
      PARAMETER (LIEVWK=4, LREVWK=6*ND+5+5*NEQ+40)
      PARAMETER (CDG=10.0D0, CRES=10.0D0)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), DEL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(NC)
      DIMENSION BDUM(2,NEQ), RPAR(1), IPAR(2)
      DIMENSION TEX(NEVX), GP(NEVX), KEV(NEVX), LEX(NEVX)
      DOUBLE PRECISION LEX
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /TKCNT/ NSTC, NEVD, NJACD
      EXTERNAL RES, JAC, STCH, EVTD, SENDUM
      DATA JROW / 1, 1, 2, 2, 3, 3, 4, 4 /
      DATA JCOL / 1, 2, 1, 2, 2, 3, 1, 4 /
      DATA JYDOT / 1 /
      DATA ISC / 1, 1 /
      DATA KEV / 1, 2, 1 /
      DATA GP / 0.5D0, 0.2D0, 6.0D0 /
C
      OK = .TRUE.
      WHY = ' '
      TEX(1) = LOG(4.0D0)
      TEX(2) = TEX(1) + LOG(10.0D0)/4.0D0
      TEX(3) = TEX(2) + LOG(1.3D0)/4.0D0
      LEX(1) = 1.5D0
      LEX(2) = 1.6125D0
      LEX(3) = 1.5D0
      TEND = 4.0D0
      XLEND = 1.5D0*EXP(-(TEND - TEX(3)))
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
         EW = 2.0D0*RTOL + ATOL
         DO 110 I = 1,20
            INFO(I) = 0
 110     CONTINUE
         IF (IRUN .EQ. 2) INFO(3) = 1
         WRITE(6,100) RTOL, JDTYPE, INFO(3)
 100     FORMAT(/' RUN: RTOL = ATOL =',1P,E8.1,0P,' JDTYPE =',I2,
     1          ' INFO(3) =',I2,', TO T = 4')
         NSTC = 0
         NEVD = 0
         NJACD = 0
         IPAR(1) = 0
         IPAR(2) = 1
         TIME = 0.0D0
         Z(1) = 0.0D0
         Z(2) = 0.0D0
         Z(3) = -1.5D0
         Z(4) = 1.95D0
         ZDOT(1) = 2.0D0
         ZDOT(2) = 2.0D0
         ZDOT(3) = 2.0D0
         ZDOT(4) = -2.0D0
         NEV = 0
         NCALL = 0
         TLAST = 0.0D0
 200     CONTINUE
         CALL DSL48E(RES, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         NCALL = NCALL + 1
         IF (IDID .LT. 0 .OR. NCALL .GT. 20000) THEN
            WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
            CALL FAILED('INTEGRATION FAILED')
            GO TO 400
         ENDIF
         IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW)
     1      CALL FAILED('IWORK(17..18) ABOVE THE CEILINGS')
         IF (TIME .LT. TLAST) CALL FAILED('TIME WENT BACKWARDS')
         TLAST = TIME
         IF (IEVENT .EQ. 0) THEN
            IF (IDID .EQ. 3 .AND. TIME .EQ. TEND) GO TO 400
            IF (INFO(3) .EQ. 1 .AND. IDID .EQ. 1 .AND. TIME .LT. TEND)
     1         GO TO 200
            WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
            CALL FAILED('NO EVENT AND NOT IDID = 3 AT TOUT')
            GO TO 400
         ENDIF
C        ---- An event ----
         NEV = NEV + 1
         IF (NEV .GT. NEVX) THEN
            WRITE(6,*) '  EXTRA EVENT', IEVENT, ' AT', TIME
            CALL FAILED('EXTRA EVENT')
            GO TO 400
         ENDIF
         K = KEV(NEV)
         TOLT = DBLE(NEV)*(CDG + 100.0D0)*EW/GP(NEV)
         DG = Z(2+K)
         WRITE(6,210) NEV, IEVENT, IDISCON, TIME, TEX(NEV), TOLT,
     1        Z(1), Z(2), ZDOT(1), DG
 210     FORMAT('   EVENT',I2,' (',I1,',',I1,') T =',F16.12,' (',
     1          F16.12,' TOL',1P,E8.1,')'/0P,'      L =',F14.10,
     2          ' Q =',F14.10,' L'' =',F14.10,' D =',1P,E10.2)
         IF (IDID .NE. 1 .OR. IEVENT .NE. K .OR. IDISCON .NE. 1)
     1      CALL FAILED('EVENT RETURN: IDID, IEVENT OR IDISCON WRONG')
         IF (TEVT .NE. TIME) CALL FAILED('TEVT IS NOT TIME')
         IF (ABS(TIME - TEX(NEV)) .GT. TOLT) THEN
            CALL FAILED('EVENT TIME WRONG')
            GO TO 400
         ENDIF
C        New side: condition K was IPAR(K) (1 = true) before.
         IF ((IPAR(K) .EQ. 1 .AND. DG .GE. 0.0D0) .OR.
     1       (IPAR(K) .EQ. 0 .AND. DG .LT. 0.0D0))
     2      CALL FAILED('DISCONTINUITY VARIABLE NOT ON ITS NEW SIDE')
         IF (ABS(DG) .GT. CDG*EW)
     1      CALL FAILED('|DELTA G*| ABOVE 10 ERROR WEIGHTS')
         IF (ABS(Z(1) - LEX(NEV)) .GT. 100.0D0*(RTOL*LEX(NEV) + ATOL)
     1       + 2.0D0*TOLT) CALL FAILED('LEVEL WRONG AT AN EVENT')
         IRES = 0
         CALL RES(NEQ, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
         DO 220 I = 1,NEQ
            IF (ABS(DEL(I)) .GT. CRES*(RTOL*(ABS(Z(I)) + ABS(ZDOT(I)))
     1          + ATOL)) THEN
               WRITE(6,*) '  RESIDUAL', I, ' =', DEL(I)
               CALL FAILED('Z, ZDOT NOT CONSISTENT AT AN EVENT')
            ENDIF
 220     CONTINUE
C        The condition flips: new mode, restart.
         IPAR(K) = 1 - IPAR(K)
         INFO(1) = 0
         INFO(11) = 1
         GO TO 200
C
 400     CONTINUE
         TOLL = 100.0D0*(RTOL*XLEND + ATOL)
     1        + XLEND*3.0D0*(CDG + 100.0D0)*EW/GP(3)
         WRITE(6,230) NEV, IDID, TIME, Z(1), XLEND, TOLL, Z(2),
     1        NSTC, NEVD, NJACD
 230     FORMAT('   END: EVENTS =',I2,' IDID =',I2,' T =',F5.2,' L =',
     1          F14.11,' (',F14.11,' TOL',1P,E8.1,')'/0P,'      Q =',
     2          F14.11,' STCHANGE CALLS =',I3,' EVTDERIV CALLS =',I3,
     3          ' JAC CALLS =',I5)
         IF (NEV .NE. NEVX) CALL FAILED('NOT 3 EVENTS')
         IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1      CALL FAILED('DID NOT END WITH IDID = 3 AT T = 4')
         IF (ABS(Z(1) - XLEND) .GT. TOLL) CALL FAILED('L(4) WRONG')
         IF (ABS(Z(2) - Z(1)) .GT. 100.0D0*(RTOL*XLEND + ATOL))
     1      CALL FAILED('Q(4) IS NOT L(4)')
         IF (NEVD .LT. NEV)
     1      CALL FAILED('EVTDERIV NOT CALLED FOR EVERY EVENT')
         IF (JDTYPE .EQ. 0 .AND. NJACD .NE. 0)
     1      CALL FAILED('JAC CALLED WITH JDTYPE = 0')
         IF (JDTYPE .EQ. 1 .AND. NJACD .EQ. 0)
     1      CALL FAILED('JAC NEVER CALLED WITH JDTYPE = 1')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_INDEX1EV'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_INDEX1EV: ', WHY
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
C     Locked in the mode IV = IPAR(1), IQ = IPAR(2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) - (2.0D0*DBLE(IPAR(2)) - Z(2))
      DELTA(2) = Z(2) - Z(1) - 3.0D0*DBLE(IPAR(1))*(Z(1) - 1.5D0)
      DELTA(3) = Z(3) - (Z(2) - 1.5D0)
      DELTA(4) = Z(4) - (ZDOT(1) - 0.05D0)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /TKCNT/ NSTC, NEVD, NJACD
      NJACD = NJACD + 1
      DO 10 K = 1,NEJAC
         I = JROW(K)
         J = JCOL(K)
         P = 0.0D0
         IF (I .EQ. 1 .AND. J .EQ. 1) P = CJ
         IF (I .EQ. 1 .AND. J .EQ. 2) P = 1.0D0
         IF (I .EQ. 2 .AND. J .EQ. 1) P = -1.0D0 - 3.0D0*DBLE(IPAR(1))
         IF (I .EQ. 2 .AND. J .EQ. 2) P = 1.0D0
         IF (I .EQ. 3 .AND. J .EQ. 2) P = -1.0D0
         IF (I .EQ. 3 .AND. J .EQ. 3) P = 1.0D0
         IF (I .EQ. 4 .AND. J .EQ. 1) P = -CJ
         IF (I .EQ. 4 .AND. J .EQ. 4) P = 1.0D0
         PD(K) = P
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Condition ISTATE changes when its truth value differs from the
C     locked one, IPAR(ISTATE).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /TKCNT/ NSTC, NEVD, NJACD
      NSTC = NSTC + 1
      IF (ISTATE .LT. 1 .OR. ISTATE .GT. 2 .OR. NDI .NE. 1) THEN
         WRITE(6,'(A)') 'FAIL DSL_INDEX1EV: STCHANGE WITH BAD ISTATE'
         STOP 1
      ENDIF
      ICHANGE = 0
      IF (IG(1) .NE. IPAR(ISTATE)) ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     No explicit time dependence.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /TKCNT/ NSTC, NEVD, NJACD
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
      WRITE(6,'(A)') 'FAIL DSL_INDEX1EV: SENRHS WAS CALLED'
      STOP 1
      END
