C-----------------------------------------------------------------------
C     DSL_DOUBLE -- DSL48E with a discontinuity function that crosses
C     zero twice close together, possibly inside one step.
C
C        X' = -K*X,  K = 0.1 (mode 0) or 0.3 (mode 1),  X(0) = 1,
C        G = (T - A)*(T - B),  A = 4.3, B = 4.31   (a dip of depth
C        2.5D-5 between A and B).
C     Z = (X, D), JYDOT = (1), F1 = X' + K*X, F2 = D - (T-A)*(T-B),
C     NC = 1, ISC = (1), ND = 1.  X decays slowly, so with a large
C     HMAX (INFO(7) = 1, HMAX = 1000) the steps near T = 4.3 are far
C     longer than B - A = 0.01, and D, a quadratic in T, is
C     reproduced exactly by the BDF polynomials: a sign test at the
C     step ends sees no change, only the interval search of the
C     seed's algorithm finds the pair.  EVTDERIV: D(1) = 0, D(2) =
C     dF2/dT = -(2T - A - B), ALPHA = dG/dT = 2T - A - B.
C     RTOL = 1D-6, ATOL = 1D-9 (so that D's error weight near its
C     zeros is about 1D-9).
C
C     Run A (interval mode to TOUT = 10): in mode 0 while G >= 0, mode
C       1 while G < 0.  Exactly two events: the EARLIEST first, at A
C       (D becomes false), then at B (true again).  X(10) =
C       EXP(-0.1*(10 - (B-A)) - 0.3*(B-A)).  Whether both crossings
C       were inside the step taken is printed (RWORK(4) > B at the
C       first event return), not checked.
C     Run B: the same with TOUT = A - 1D-7 first: IDID = 3 at TOUT
C       with IEVENT = 0 and X = EXP(-0.1*TOUT) (the crossing lies
C       after TOUT, perhaps in the step already taken), then, with
C       TOUT = 10, the event at A on the next call, then B, then
C       IDID = 3 at 10.
C     Run C: STCHANGE answers ICHANGE = 0 for the first crossing of
C       the pair (the condition is "G has become true again"): no
C       event at A, the search goes on with the new sign and the only
C       event is at B; STCHANGE must have been called at T ~ A with
C       IG = 0 before that.  Mode 1 (K = 0.3) from B on: X(10) =
C       EXP(-0.1*B - 0.3*(10 - B)).
C     Checks at every event: IDID = 1, IEVENT = 1, IDISCON = 1, TIME
C     = TEVT, within TOLT = CDG*(ATOL + RTOL*2.5D-5)/0.01 + 1D-9 of
C     A or B (D is an exact function of T: the only offset is the
C     polishing one, CDG = 10 weights, at a slope |dG/dT| = 0.01), D
C     strictly on its new side with |D| <= CDG*(ATOL + RTOL*2.5D-5),
C     the old-mode residual within 10*(RTOL*(|Z| + |ZDOT|) + ATOL);
C     X at events and at T = 10 within 100*(RTOL*|X| + ATOL).
C     The last line printed is PASS DSL_DOUBLE or FAIL DSL_DOUBLE: ...
C-----------------------------------------------------------------------
      PROGRAM DSLDBL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NX=1, NEJAC=2, NC=1, ND=1)
      PARAMETER (LRW=60+10*NEQ+NEJAC+3*ND, LIW=40+2*NEQ+ND)
      PARAMETER (LIEVWK=2, LREVWK=6*ND+5+5*NEQ+40)
      PARAMETER (CDG=10.0D0, CRES=10.0D0)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), DEL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(NC)
      DIMENSION BDUM(2,NEQ), RPAR(2), IPAR(3), TEV(2), XEV(2)
      CHARACTER*60 WHY
      CHARACTER*3 YESNO
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /DBCNT/ NSTC, NEVD, TFIRST, IGFRST
      EXTERNAL RES, JAC, STCH, EVTD, SENDUM
      DATA JROW / 1, 2 /
      DATA JCOL / 1, 2 /
      DATA JYDOT / 1 /
      DATA ISC / 1 /
C
      OK = .TRUE.
      WHY = ' '
      A = 4.3D0
      B = 4.31D0
      RPAR(1) = A
      RPAR(2) = B
      RTOL = 1.0D-6
      ATOL = 1.0D-9
      DGMAX = CDG*(ATOL + RTOL*2.5D-5)
      TOLT = DGMAX/(B - A) + 1.0D-9
      TEND = 10.0D0
      NJYDOT = NX
      JDTYPE = 1
C
      DO 500 IRUN = 1,3
         DO 110 I = 1,20
            INFO(I) = 0
 110     CONTINUE
         INFO(7) = 1
         RWORK(2) = 1.0D3
         NSTC = 0
         NEVD = 0
         TFIRST = -1.0D0
         IGFRST = -1
         TIME = 0.0D0
         Z(1) = 1.0D0
         Z(2) = A*B
         ZDOT(1) = -0.1D0
         ZDOT(2) = -(A + B)
C        IPAR(1) = mode, IPAR(2) = locked truth of G >= 0 (runs A,
C        B) or the latch of run C, IPAR(3) = 1 (A, B) or 2 (C).
         IPAR(1) = 0
         IPAR(2) = 1
         IPAR(3) = 1
         IF (IRUN .EQ. 3) THEN
            IPAR(2) = 0
            IPAR(3) = 2
         ENDIF
         IF (IRUN .EQ. 3) THEN
            NEVX = 1
            TEV(1) = B
            XEV(1) = EXP(-0.1D0*B)
            XEND = EXP(-0.1D0*B - 0.3D0*(TEND - B))
         ELSE
            NEVX = 2
            TEV(1) = A
            TEV(2) = B
            XEV(1) = EXP(-0.1D0*A)
            XEV(2) = EXP(-0.1D0*A - 0.3D0*(B - A))
            XEND = EXP(-0.1D0*(TEND - (B - A)) - 0.3D0*(B - A))
         ENDIF
         TOUT = TEND
         IF (IRUN .EQ. 2) TOUT = A - 1.0D-7
         WRITE(6,100) CHAR(ICHAR('A')+IRUN-1), TOUT
 100     FORMAT(/' RUN ',A1,': FIRST TOUT =',F14.9)
         NEV = 0
         NCALL = 0
 200     CONTINUE
         CALL DSL48E(RES, SENDUM, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         NCALL = NCALL + 1
         IF (IDID .LT. 0 .OR. NCALL .GT. 50) THEN
            WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
            CALL FAILED('INTEGRATION FAILED')
            GO TO 400
         ENDIF
         IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW)
     1      CALL FAILED('IWORK(17..18) ABOVE THE CEILINGS')
         IF (IEVENT .EQ. 0) THEN
            IF (IDID .NE. 3 .OR. TIME .NE. TOUT) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('NO EVENT AND NOT IDID = 3 AT TOUT')
               GO TO 400
            ENDIF
            IF (TOUT .EQ. TEND) GO TO 400
C           Run B: the stop just before the first crossing.
            XEX = EXP(-0.1D0*TOUT)
            WRITE(6,210) TIME, NEV, Z(1), XEX, Z(2)
 210        FORMAT('   IDID = 3 AT T =',F14.9,' AFTER',I2,' EVENTS:',
     1             ' X =',F14.11,' (',F14.11,') D =',1P,E10.2)
            IF (NEV .NE. 0) CALL FAILED('EVENT BEFORE FIRST TOUT')
            IF (ABS(Z(1) - XEX) .GT. 100.0D0*(RTOL*XEX + ATOL))
     1         CALL FAILED('X WRONG AT THE FIRST TOUT')
            TOUT = TEND
            GO TO 200
         ENDIF
C        ---- An event ----
         NEV = NEV + 1
         IF (NEV .GT. NEVX) THEN
            WRITE(6,*) '  EXTRA EVENT AT', TIME
            CALL FAILED('EXTRA EVENT')
            GO TO 400
         ENDIF
         YESNO = 'NO '
         IF (RWORK(4) .GT. B) YESNO = 'YES'
         WRITE(6,220) NEV, TIME, TEV(NEV), Z(2), Z(1), XEV(NEV),
     1        RWORK(4), YESNO
 220     FORMAT('   EVENT',I2,' T =',F16.12,' (',F16.12,') D =',1P,
     1          E10.2/0P,'      X =',F14.11,' (',F14.11,')  TN =',
     2          F12.7,' (STEP BEYOND B: ',A3,')')
         IF (IDID .NE. 1 .OR. IEVENT .NE. 1 .OR. IDISCON .NE. 1)
     1      CALL FAILED('EVENT RETURN: IDID, IEVENT OR IDISCON WRONG')
         IF (TEVT .NE. TIME) CALL FAILED('TEVT IS NOT TIME')
         IF (ABS(TIME - TEV(NEV)) .GT. TOLT) THEN
            WRITE(6,*) '  EXPECTED', TEV(NEV), ' TOLERANCE', TOLT
            IF (NEV .EQ. 1 .AND. IRUN .NE. 3 .AND.
     1          ABS(TIME - B) .LE. TOLT) THEN
               CALL FAILED('THE LATER CROSSING WAS RETURNED FIRST')
            ELSE
               CALL FAILED('EVENT TIME WRONG')
            ENDIF
            GO TO 400
         ENDIF
C        New side: G was true (>= 0) when IPAR(2) = 1 in runs A, B;
C        in run C the event is G becoming true.
         IWAS = IPAR(2)
         IF (IPAR(3) .EQ. 2) IWAS = 0
         IF ((IWAS .EQ. 1 .AND. Z(2) .GE. 0.0D0) .OR.
     1       (IWAS .EQ. 0 .AND. Z(2) .LT. 0.0D0))
     2      CALL FAILED('DISCONTINUITY VARIABLE NOT ON ITS NEW SIDE')
         IF (ABS(Z(2)) .GT. DGMAX)
     1      CALL FAILED('|DELTA G*| ABOVE 10 ERROR WEIGHTS')
         IF (ABS(Z(1) - XEV(NEV)) .GT. 100.0D0*(RTOL*XEV(NEV) + ATOL))
     1      CALL FAILED('X WRONG AT AN EVENT')
         IRES = 0
         CALL RES(NEQ, TIME, Z, ZDOT, DEL, IRES, 0, RPAR, IPAR)
         DO 230 I = 1,NEQ
            IF (ABS(DEL(I)) .GT. CRES*(RTOL*(ABS(Z(I)) + ABS(ZDOT(I)))
     1          + ATOL)) THEN
               WRITE(6,*) '  RESIDUAL', I, ' =', DEL(I)
               CALL FAILED('Z, ZDOT NOT CONSISTENT AT AN EVENT')
            ENDIF
 230     CONTINUE
         IF (IRUN .EQ. 3) THEN
C           Run C: the first crossing (at A) must have been offered to
C           STCHANGE with IG = 0 and declined.
            WRITE(6,240) TFIRST, IGFRST
 240        FORMAT('      FIRST STCHANGE CALL AT T =',F16.12,
     1             ' WITH IG =',I2)
            IF (IGFRST .NE. 0 .OR. ABS(TFIRST - A) .GT. TOLT)
     1         CALL FAILED('CROSSING AT A NOT OFFERED TO STCHANGE')
            IPAR(2) = 1
            IPAR(1) = 1
         ELSE
            IPAR(2) = 1 - IPAR(2)
            IPAR(1) = 1 - IPAR(2)
         ENDIF
         INFO(1) = 0
         INFO(11) = 1
         GO TO 200
C
 400     CONTINUE
         WRITE(6,250) NEV, IDID, TIME, Z(1), XEND, NSTC, NEVD
 250     FORMAT('   END: EVENTS =',I2,' IDID =',I2,' T =',F6.2,' X =',
     1          F14.11,' (',F14.11,')'/'      STCHANGE CALLS =',I3,
     2          ' EVTDERIV CALLS =',I3)
         IF (NEV .NE. NEVX) CALL FAILED('WRONG NUMBER OF EVENTS')
         IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1      CALL FAILED('DID NOT END WITH IDID = 3 AT T = 10')
         IF (ABS(Z(1) - XEND) .GT. 100.0D0*(RTOL*XEND + ATOL))
     1      CALL FAILED('X(10) WRONG')
         IF (NEVD .LT. NEV)
     1      CALL FAILED('EVTDERIV NOT CALLED FOR EVERY EVENT')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_DOUBLE'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_DOUBLE: ', WHY
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
C     K = 0.1 in mode IPAR(1) = 0, 0.3 in mode 1; A, B = RPAR(1..2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      XK = 0.1D0 + 0.2D0*DBLE(IPAR(1))
      DELTA(1) = ZDOT(1) + XK*Z(1)
      DELTA(2) = Z(2) - (T - RPAR(1))*(T - RPAR(2))
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      DO 10 K = 1,NEJAC
         IF (JROW(K) .EQ. 1) PD(K) = CJ + 0.1D0 + 0.2D0*DBLE(IPAR(1))
         IF (JROW(K) .EQ. 2) PD(K) = 1.0D0
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     IPAR(3) = 1: the condition G >= 0 against its locked value
C     IPAR(2).  IPAR(3) = 2: "G has become true again": a change only
C     when IG(1) = 1 and the latch IPAR(2) is still 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      COMMON /DBCNT/ NSTC, NEVD, TFIRST, IGFRST
      NSTC = NSTC + 1
      IF (NSTC .EQ. 1) THEN
         TFIRST = T
         IGFRST = IG(1)
      ENDIF
      ICHANGE = 0
      IF (IPAR(3) .EQ. 1) THEN
         IF (IG(1) .NE. IPAR(2)) ICHANGE = 1
      ELSE
         IF (IG(1) .EQ. 1 .AND. IPAR(2) .EQ. 0) ICHANGE = 1
      ENDIF
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     F2 = D - (T-A)(T-B): dF2/dT = -(2T - A - B); ALPHA = dG/dT.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      COMMON /DBCNT/ NSTC, NEVD, TFIRST, IGFRST
      NEVD = NEVD + 1
      ICODE = 0
      D(1) = 0.0D0
      D(2) = -(2.0D0*TIME - RPAR(1) - RPAR(2))
      ALPHA = 2.0D0*TIME - RPAR(1) - RPAR(2)
      RETURN
      END
C
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_DOUBLE: SENRHS WAS CALLED'
      STOP 1
      END
