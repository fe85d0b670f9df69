C-----------------------------------------------------------------------
C     DSL_SINLINE -- DSL48E event location for the crossings of
C     SIN(PI*T) and the line A*T: Example 3 of Mao & Petzold (2002,
C     seed 002), Table 2, for A = 0.35, 0.40, 0.403, 0.45 and RTOL =
C     ATOL = 1D-5 and 1D-8.
C
C     Model (as in DSL_BIRTA part B): Z = (Y1, Y2, Y3, D), JYDOT =
C     (1,2,3), NC = 1, ISC = (1), ND = 1:
C        F1 = Y1' - PI*Y2,  F2 = Y2' + PI*Y1,  F3 = Y3' - U**3,
C        F4 = D - (Y1 - A*T),
C     Y(0) = (0, 1, 0), U = 1; at every crossing U = -Y1(T*) and the
C     locked truth value of D >= 0 flips (IPAR(1)); restart with
C     INFO(1) = 0, INFO(11) = 1.  D(0) = 0 exactly: true, no event.
C     Y1 = SIN(PI*T) exactly, so the event times are the roots of
C     SIN(PI*T) = A*T in (0,3], computed here by a sign scan on a
C     grid of 1D-4 refined by bisection to full precision:
C       A = 0.35:  0.898206038712  2.297334797756  2.628273186760
C       A = 0.40:  0.884842697405  2.418498767683  2.500000000000
C       A = 0.403: 0.884047891320  2.446754886248  2.471334130825
C       A = 0.45:  0.871692751396
C     (Table 2's "direct" column agrees to its 6 digits except for
C     A = 0.403: 2.446759 and 2.471331.)  For A = 0.403 the second and
C     third crossings are 0.0246 apart and D rises only 7.4D-4 above
C     zero between them (slopes +-0.12): the pair the paper's DSL48E
C     found but could not continue from.  Y3(3) = 0.3933374289,
C     0.2430558036, 0.2675511385, 0.7432344517.
C
C     RTOL = 1D-5 runs use one-step mode (INFO(3) = 1: IDID = 1 steps
C     with IEVENT = 0, event returns, IDID = 3 at TOUT = 3), RTOL =
C     1D-8 runs interval mode.  Checks:
C       - exactly as many events as roots, the K-th at the K-th root
C         within TOLT = (CDG*(RTOL + ATOL) + 100*(RTOL + ATOL))/|G'|,
C         G' = PI*COS(PI*T*) - A (the polishing offset, CDG = 10
C         error weights, plus a global error in Y1 of 100
C         tolerances, turned into time by the slope at that root);
C       - IEVENT = 1, IDISCON = 1, TIME = TEVT, D strictly on its new
C         side, |D| <= CDG*(RTOL + ATOL), the old-mode residual within
C         10*(RTOL*(|Z| + |ZDOT|) + ATOL);
C       - TIME never decreases; the run ends with IDID = 3 at T = 3;
C       - RTOL = 1D-8: Y3(3) within 4*NR*TOLT + 100*(RTOL + ATOL)
C         (|dY3/dT*| <= 4) and Y1(3) within 100*(RTOL + ATOL).
C     The last line printed is PASS DSL_SINLINE or FAIL DSL_SINLINE:..
C-----------------------------------------------------------------------
      PROGRAM DSLSIN
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NEJAC=7, NC=1, ND=1, NX=3)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3*ND, LIW=40+2*NEQ+ND)
      PARAMETER (LIEVWK=4, LREVWK=6*ND+5+5*NEQ+40)
      PARAMETER (CDG=10.0D0, CRES=10.0D0, MAXR=10)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), DEL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(NC)
      DIMENSION BDUM(2,NEQ), RPAR(2), IPAR(2)
      DIMENSION ROOTS(MAXR), AVAL(4)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /SLCNT/ NSTC, NEVD
      EXTERNAL RES, STCH, EVTD, SENDUM, JDUM
      DATA JROW / 1, 1, 2, 2, 3, 4, 4 /
      DATA JCOL / 1, 2, 1, 2, 3, 1, 4 /
      DATA JYDOT / 1, 2, 3 /
      DATA ISC / 1 /
      DATA AVAL / 0.35D0, 0.40D0, 0.403D0, 0.45D0 /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      TEND = 3.0D0
      NJYDOT = NX
      JDTYPE = 0
C
      DO 600 IA = 1,4
         A = AVAL(IA)
         CALL SROOTS(A, TEND, ROOTS, NR, MAXR)
         Y3EX = Y3EXAC(TEND, ROOTS, NR)
         WRITE(6,100) A, NR, (ROOTS(K),K=1,NR)
 100     FORMAT(/' A =',F6.3,':',I2,' ROOTS',3F16.12)
         DO 590 IRUN = 1,2
            IF (IRUN .EQ. 1) THEN
               RTOL = 1.0D-5
            ELSE
               RTOL = 1.0D-8
            ENDIF
            ATOL = RTOL
            DO 110 I = 1,20
               INFO(I) = 0
 110        CONTINUE
            IF (IRUN .EQ. 1) INFO(3) = 1
            NSTC = 0
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
            NSTEP = 0
            TLAST = TIME
            TOLTMX = 0.0D0
 200        CONTINUE
            CALL DSL48E(RES, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JDUM, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCH, EVTD)
            NCALL = NCALL + 1
            IF (IDID .LT. 0 .OR. NCALL .GT. 20000) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('INTEGRATION FAILED')
               GO TO 580
            ENDIF
            IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW)
     1         CALL FAILED('IWORK(17..18) ABOVE THE CEILINGS')
            IF (TIME .LT. TLAST) CALL FAILED('TIME WENT BACKWARDS')
            TLAST = TIME
            IF (IEVENT .EQ. 0) THEN
               IF (IDID .EQ. 3 .AND. TIME .EQ. TEND) GO TO 580
               IF (INFO(3) .EQ. 1 .AND. IDID .EQ. 1) THEN
                  NSTEP = NSTEP + 1
                  IF (TIME .LT. TEND) GO TO 200
                  GO TO 580
               ENDIF
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('NO EVENT AND NOT IDID = 3 AT TOUT')
               GO TO 580
            ENDIF
C           ---- An event ----
            NEV = NEV + 1
            IF (NEV .GT. NR) THEN
               WRITE(6,*) '  EXTRA EVENT AT', TIME
               CALL FAILED('EXTRA EVENT')
               GO TO 580
            ENDIF
            SLOPE = ABS(PI*COS(PI*ROOTS(NEV)) - A)
            TOLT = (CDG + 100.0D0)*(RTOL + ATOL)/SLOPE
            TOLTMX = MAX(TOLTMX, TOLT)
            WRITE(6,210) RTOL, NEV, TIME, TIME - ROOTS(NEV), TOLT, Z(4)
 210        FORMAT('   RTOL',1P,E8.1,0P,' EVENT',I2,' T =',F16.12,
     1             ' ERR',1P,E10.2,' (TOL',E9.2,') D =',E10.2)
            IF (IDID .NE. 1 .OR. IEVENT .NE. 1 .OR. IDISCON .NE. 1)
     1         CALL FAILED('EVENT RETURN: IDID, IEVENT OR IDISCON')
            IF (TEVT .NE. TIME) CALL FAILED('TEVT IS NOT TIME')
            IF (ABS(TIME - ROOTS(NEV)) .GT. TOLT) THEN
               CALL FAILED('EVENT TIME WRONG (MISSED OR EXTRA EVENT?)')
               GO TO 580
            ENDIF
            IF ((IPAR(1) .EQ. 1 .AND. Z(4) .GE. 0.0D0) .OR.
     1          (IPAR(1) .EQ. 0 .AND. Z(4) .LT. 0.0D0))
     2         CALL FAILED('DISCONTINUITY VARIABLE NOT ON ITS NEW SIDE')
            IF (ABS(Z(4)) .GT. CDG*(RTOL + ATOL))
     1         CALL FAILED('|DELTA G*| ABOVE 10 ERROR WEIGHTS')
            IRES = 0
            CALL RES(NEQ, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
            DO 220 I = 1,NEQ
               IF (ABS(DEL(I)) .GT. CRES*(RTOL*(ABS(Z(I))
     1             + ABS(ZDOT(I))) + ATOL)) THEN
                  WRITE(6,*) '  RESIDUAL', I, ' =', DEL(I)
                  CALL FAILED('Z, ZDOT NOT CONSISTENT AT AN EVENT')
               ENDIF
 220        CONTINUE
            RPAR(2) = -Z(1)
            IPAR(1) = 1 - IPAR(1)
            INFO(1) = 0
            INFO(11) = 1
            GO TO 200
 580        CONTINUE
            TOLY3 = 4.0D0*DBLE(NR)*TOLTMX + 100.0D0*(RTOL + ATOL)
            WRITE(6,230) RTOL, NEV, IDID, TIME, Z(3), Y3EX, NSTEP,
     1           NSTC, NEVD
 230        FORMAT('   RTOL',1P,E8.1,0P,': EVENTS =',I2,' LAST IDID =',
     1             I2,' AT T =',F6.3,' Y3 =',F13.10,' (EXACT',F13.10,
     2             ')'/'     ONE-STEP RETURNS =',I5,' STCHANGE CALLS ='
     3             ,I3,' EVTDERIV CALLS =',I3)
            IF (NEV .NE. NR) CALL FAILED('MISSED AN EVENT')
            IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1         CALL FAILED('DID NOT END WITH IDID = 3 AT T = 3')
            IF (IRUN .EQ. 2) THEN
               IF (ABS(Z(3) - Y3EX) .GT. TOLY3)
     1            CALL FAILED('Y3(3) WRONG')
               IF (ABS(Z(1) - SIN(PI*TIME)) .GT. 100.0D0*(RTOL+ATOL))
     1            CALL FAILED('Y1(3) WRONG')
            ENDIF
            IF (NEVD .LT. NEV)
     1         CALL FAILED('EVTDERIV NOT CALLED FOR EVERY EVENT')
 590     CONTINUE
 600  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SINLINE'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SINLINE: ', WHY
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
      SUBROUTINE SROOTS(A, TEND, ROOTS, NR, MAXR)
C     The roots of SIN(PI*T) - A*T in (0, TEND]: sign changes on a
C     grid of TEND/30000, refined by bisection to full precision.
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
      DOUBLE PRECISION FUNCTION Y3EXAC(TEND, ROOTS, NR)
C     Y3(TEND): U = 1, then U = -SIN(PI*T*) after each crossing T*.
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
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     A = RPAR(1), U = RPAR(2).
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
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Every crossing changes the condition (locked value IPAR(1)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /SLCNT/ NSTC, NEVD
      NSTC = NSTC + 1
      ICHANGE = 0
      IF (IG(1) .NE. IPAR(1)) ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     F4 = D - Y1 + A*T: dF4/dT = A; G = Y1 - A*T: dG/dT = -A.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /SLCNT/ NSTC, NEVD
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
      WRITE(6,'(A)') 'FAIL DSL_SINLINE: JAC CALLED WITH JDTYPE = 0'
      STOP 1
      END
C
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_SINLINE: SENRHS WAS CALLED'
      STOP 1
      END
