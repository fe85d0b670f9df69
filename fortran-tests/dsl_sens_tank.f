C-----------------------------------------------------------------------
C     DSL_SENS_TANK -- DSL48E sensitivities carried across state events:
C     a tank that fills and drains through four events.
C
C        H' = U*Q - W,   0 = W - (1-U)*K*H,
C        D1 = H - HMAX (condition 1: H >= HMAX, the tank is full),
C        D2 = HMIN - H (condition 2: H <= HMIN, the tank is low),
C
C     U = 1 (filling: inflow Q, no outflow) or U = 0 (draining through
C     a valve, outflow W = K*H).  A full tank starts to drain, a low
C     one to fill.  H(0) = H0 = 1 (filling), HMAX = 3, HMIN = 1.5,
C     Q = 0.5, K = 0.2.  Parameters (NP = 3): P1 = Q (RPAR(1)), P2 = K
C     (RPAR(2)), P3 = H0 (the initial value; F does not depend on it).
C     Z = (H, W, D1, D2), JYDOT = (1), NC = 2, ISC = (1,1).
C
C     Closed forms: T1 = (HMAX-H0)/Q, T2 = T1 + LN(HMAX/HMIN)/K, T3 =
C     T2 + (HMAX-HMIN)/Q, T4 = T3 + LN(HMAX/HMIN)/K, their derivatives
C     dT/dP, and dH/dP at any T: filling from TJ (H(TJ) = HJ): H = HJ +
C     Q*(T - TJ); draining from TJ: H = HMAX*EXP(-K*(T - TJ)).
C
C     Runs (interval mode to TEND = 16), each with all four events:
C       1  INFO(20) = 0: H continuous across the events, the solver
C          applies S+ = S- + (H'- - H'+)*dTEVT/dP;
C       2  INFO(20) = 2: the program applies that jump itself, with
C          dTEVT/dP from RWORK(60+NP+I) and H'+ of the new mode;
C       3  as 1 with centred differences in P (INFO(15) = 2) and the
C          difference-quotient Jacobian (JDTYPE = 0), RTOL = 1D-6.
C     At each event: TEVT and dTEVT/dP against the closed form, the
C     sensitivities at TEVT (old mode) against the closed form, and the
C     old-mode residual of the sensitivity equations at TEVT.  At TEND:
C     the sensitivities.  Runs 1 and 2 must agree (within 100*RTOL).
C     The program prints the error tables; the last line is PASS
C     DSL_SENS_TANK or FAIL DSL_SENS_TANK: reason.
C-----------------------------------------------------------------------
      PROGRAM DSLSTK
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NP=3, NEJAC=8, MAXO=5, NC=2, ND=2)
      PARAMETER (NZ=NEQ*(NP+1))
      PARAMETER (LRW=60+(MAXO+4)*NEQ+NEJAC+NP*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NP+5+NEQ+ND)
      PARAMETER (LIEVWK=NEQ, LREVWK=(MAXO+1)*ND+MAXO+5*NEQ+40)
      DIMENSION Z(NZ), ZDOT(NZ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(1), ISC(NC)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), BDUM(2)
      DIMENSION RPAR(4), IPAR(1), TEX(4), DTEX(4,NP), SEX(NP)
      DIMENSION TOLS(3), INF20(3), INF15(3), JDT(3)
      DIMENSION TKEEP(4,3), DTKEEP(4,NP,3), SEND(NP,3)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /CNT/ NSEN
      EXTERNAL RES, JAC, SENRHS, STCH, EVTD
      DATA JROW / 1, 1, 2, 2, 3, 3, 4, 4 /
      DATA JCOL / 1, 2, 1, 2, 1, 3, 1, 4 /
      DATA JYDOT / 1 /
      DATA ISC / 1, 1 /
      DATA TOLS / 1.0D-8, 1.0D-8, 1.0D-6 /
      DATA INF20 / 0, 2, 0 /
      DATA INF15 / 0, 0, 2 /
      DATA JDT / 1, 1, 0 /
C
      OK = .TRUE.
      WHY = ' '
      Q = 0.5D0
      AK = 0.2D0
      H0 = 1.0D0
      HMAX = 3.0D0
      HMIN = 1.5D0
      TEND = 16.0D0
      RPAR(1) = Q
      RPAR(2) = AK
      RPAR(3) = HMAX
      RPAR(4) = HMIN
      NJYDOT = 1
C     The event times and their derivatives by (Q, K, H0).
      TF = (HMAX - HMIN)/Q
      TD = LOG(HMAX/HMIN)/AK
      TEX(1) = (HMAX - H0)/Q
      TEX(2) = TEX(1) + TD
      TEX(3) = TEX(2) + TF
      TEX(4) = TEX(3) + TD
      DTEX(1,1) = -(HMAX - H0)/Q**2
      DTEX(1,2) = 0.0D0
      DTEX(1,3) = -1.0D0/Q
      DO 5 J = 2,4
         DO 4 I = 1,NP
            DTEX(J,I) = DTEX(J-1,I)
 4       CONTINUE
         IF (MOD(J,2) .EQ. 0) THEN
            DTEX(J,2) = DTEX(J,2) - TD/AK
         ELSE
            DTEX(J,1) = DTEX(J,1) - TF/Q
         ENDIF
 5    CONTINUE
      WRITE(6,'(A)') ' DSL48E SENSITIVITIES ACROSS EVENTS: A TANK THAT'
      WRITE(6,'(A)') ' FILLS AND DRAINS (P1 = Q, P2 = K, P3 = H(0))'
C
      DO 500 IRUN = 1,3
         RTOL = TOLS(IRUN)
         ATOL = RTOL
         JDTYPE = JDT(IRUN)
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(11) = 1
         INFO(12) = NP
         INFO(15) = INF15(IRUN)
         INFO(20) = INF20(IRUN)
         DO 15 I = 1,NZ
            Z(I) = 0.0D0
            ZDOT(I) = 0.0D0
 15      CONTINUE
         TIME = 0.0D0
         Z(1) = H0
C        dH/dH0 = 1 at T = 0; the rest follows (INFO(11) = 1).
         Z(3*NEQ+1) = 1.0D0
         IWORK(41) = 1
         IWORK(42) = 2
         IWORK(43) = 0
         RWORK(61) = 0.0D0
         RWORK(62) = 0.0D0
         RWORK(63) = 0.0D0
         IPAR(1) = 1
         NSEN = 0
         NEV = 0
         NCALL = 0
         WRITE(6,100) IRUN, INFO(20), INFO(15), JDTYPE, RTOL
 100     FORMAT(/' RUN',I2,': INFO(20) =',I2,' INFO(15) =',I2,
     1        ' JDTYPE =',I2,' RTOL = ATOL =',1P,E8.1)
         WRITE(6,'(A)') '   EVENT  TEVT (EXACT)           ERR(TEVT) '//
     1      ' ERR(DT/DQ) ERR(DT/DK) ERR(DT/DH0)  ERR(S-)'
         ERRS = 0.0D0
 200     CONTINUE
         CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TEND, INFO,
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
         IF (IEVENT .EQ. 0) GO TO 400
C        ---- An event: the tank is full (1) or low (2) ----
         NEV = NEV + 1
         IF (NEV .GT. 4) THEN
            CALL FAILED('MORE THAN FOUR EVENTS')
            GO TO 400
         ENDIF
         IF (IEVENT .NE. 2 - MOD(NEV,2)) CALL FAILED('WRONG EVENT')
C        The closed-form sensitivities at TEVT in the old mode.
         CALL EXACT(TIME, NEV - 1, TEX, DTEX, Q, AK, H0, HMAX, HMIN,
     1        HEX, SEX)
         ES = 0.0D0
         DO 210 I = 1,NP
            ES = MAX(ES, ABS(Z(I*NEQ+1) - SEX(I))/(1.0D0+ABS(SEX(I))))
 210     CONTINUE
         ERRS = MAX(ERRS, ES)
         WRITE(6,220) NEV, TEVT, TEX(NEV), ABS(TEVT - TEX(NEV)),
     1        (ABS(RWORK(60+NP+I) - DTEX(NEV,I)), I = 1,NP), ES
 220     FORMAT(I6,F10.6,' (',F10.6,')',1P,5E11.2)
         TKEEP(NEV,IRUN) = TEVT
         DO 230 I = 1,NP
            DTKEEP(NEV,I,IRUN) = RWORK(60+NP+I)
            IF (ABS(RWORK(60+NP+I) - DTEX(NEV,I)) .GT.
     1          100.0D0*RTOL*(1.0D0 + ABS(DTEX(NEV,I))))
     2         CALL FAILED('DTEVT/DP WRONG')
 230     CONTINUE
C        The event time itself: within the polishing offset.
         IF (ABS(TEVT - TEX(NEV)) .GT. 100.0D0*RTOL*TEX(NEV))
     1      CALL FAILED('EVENT TIME WRONG')
C        The sensitivity equations hold at TEVT (old mode).
         CALL SENRES(NEQ, NP, Z, ZDOT, RPAR, IPAR, RMAX)
         IF (RMAX .GT. 1.0D-6) THEN
            WRITE(6,*) '  SENSITIVITY RESIDUAL AT TEVT', RMAX
            CALL FAILED('SENSITIVITIES NOT CONSISTENT AT TEVT')
         ENDIF
C        Switch the mode; restart at TEVT.
         HDOTM = ZDOT(1)
         IPAR(1) = 1 - IPAR(1)
         IF (INFO(20) .EQ. 2) THEN
C           H is continuous: S+ = S- + (H'- - H'+)*dTEVT/dP, with
C           H'+ = Q (filling) or -K*H (draining).
            IF (IPAR(1) .EQ. 1) THEN
               HDOTP = Q
            ELSE
               HDOTP = -AK*Z(1)
            ENDIF
            DO 240 I = 1,NP
               Z(I*NEQ+1) = Z(I*NEQ+1) + (HDOTM - HDOTP)*RWORK(60+NP+I)
 240        CONTINUE
         ENDIF
         INFO(1) = 0
         INFO(11) = 1
         GO TO 200
C
 400     CONTINUE
         IF (NEV .NE. 4) CALL FAILED('NOT FOUR EVENTS')
         IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1      CALL FAILED('DID NOT END AT TEND')
         CALL EXACT(TEND, 4, TEX, DTEX, Q, AK, H0, HMAX, HMIN, HEX,
     1        SEX)
         WRITE(6,250) TEND, (Z(I*NEQ+1), SEX(I), I = 1,NP)
 250     FORMAT('   AT T =',F5.1,' DH/DP:',3(1P,E17.9,' (',E17.9,
     1          ')':/22X))
         DO 260 I = 1,NP
            SEND(I,IRUN) = Z(I*NEQ+1)
            E = ABS(Z(I*NEQ+1) - SEX(I))/(1.0D0 + ABS(SEX(I)))
            ERRS = MAX(ERRS, E)
 260     CONTINUE
         WRITE(6,270) ERRS, IWORK(11), IWORK(12), IWORK(14),
     1        IWORK(15), (IWORK(40+NP+K), K = 1,5)
 270     FORMAT('   MAX SENSITIVITY ERROR/(1+|S|)',1P,E9.2/
     1          '   LAST START: NST =',I5,' NRE =',I5,' NETF =',I3,
     2          ' NCFN =',I3/'   SENRHS =',I5,' SENS RES =',I5,
     3          ' SENS ETF =',I3,' SENS CFN =',I3,' SENS ITER =',I5)
         IF (ERRS .GT. 100.0D0*RTOL) CALL FAILED('SENSITIVITY ERROR')
 500  CONTINUE
C
C     INFO(20) = 0 and INFO(20) = 2 with the program's jump agree.
      DIFF = 0.0D0
      DO 520 J = 1,4
         DIFF = MAX(DIFF, ABS(TKEEP(J,1) - TKEEP(J,2)))
         DO 510 I = 1,NP
            DIFF = MAX(DIFF, ABS(DTKEEP(J,I,1) - DTKEEP(J,I,2)))
 510     CONTINUE
 520  CONTINUE
      DO 530 I = 1,NP
         DIFF = MAX(DIFF, ABS(SEND(I,1) - SEND(I,2)))
 530  CONTINUE
      WRITE(6,'(/A,1P,E9.2)')
     1   ' RUNS 1 AND 2 (INFO(20) = 0 AND 2) AGREE WITHIN', DIFF
      IF (DIFF .GT. 1.0D-6) CALL FAILED('INFO(20) = 0 AND 2 DISAGREE')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SENS_TANK'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SENS_TANK: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE EXACT(T, NEV, TEX, DTEX, Q, AK, H0, HMAX, HMIN, H, S)
C     H and S(I) = dH/dP(I) at T, in the phase after event NEV (0:
C     before the first), from the closed forms.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION TEX(4), DTEX(4,3), S(3)
      IF (NEV .EQ. 0) THEN
         H = H0 + Q*T
         S(1) = T
         S(2) = 0.0D0
         S(3) = 1.0D0
      ELSE IF (MOD(NEV,2) .EQ. 0) THEN
C        Filling from HMIN at TEX(NEV).
         H = HMIN + Q*(T - TEX(NEV))
         S(1) = (T - TEX(NEV)) - Q*DTEX(NEV,1)
         S(2) = -Q*DTEX(NEV,2)
         S(3) = -Q*DTEX(NEV,3)
      ELSE
C        Draining from HMAX at TEX(NEV).
         E = EXP(-AK*(T - TEX(NEV)))
         H = HMAX*E
         S(1) = H*AK*DTEX(NEV,1)
         S(2) = H*(-(T - TEX(NEV)) + AK*DTEX(NEV,2))
         S(3) = H*AK*DTEX(NEV,3)
      ENDIF
      RETURN
      END
C
      SUBROUTINE SENRES(NEQ, NP, Z, ZDOT, RPAR, IPAR, RMAX)
C     The largest residual of the sensitivity equations F_Z S + F_Z' S'
C     + dF/dP = 0 at (Z, ZDOT), in the locked mode IPAR(1).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(*), ZDOT(*), RPAR(*), IPAR(*), DFDP(4)
      U = DBLE(IPAR(1))
      RMAX = 0.0D0
      DO 20 I = 1,NP
         IRES = 0
         CALL SENRHS(NEQ, 0.0D0, Z, ZDOT, I, DFDP, IRES, RPAR, IPAR)
         K = I*NEQ
         R1 = ZDOT(K+1) + Z(K+2) + DFDP(1)
         R2 = Z(K+2) - (1.0D0 - U)*RPAR(2)*Z(K+1) + DFDP(2)
         R3 = Z(K+3) - Z(K+1)
         R4 = Z(K+4) + Z(K+1)
         RMAX = MAX(RMAX, ABS(R1), ABS(R2), ABS(R3), ABS(R4))
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
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     The locked model: U = IPAR(1) (1 filling, 0 draining).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      U = DBLE(IPAR(1))
      DELTA(1) = ZDOT(1) - U*RPAR(1) + Z(2)
      DELTA(2) = Z(2) - (1.0D0 - U)*RPAR(2)*Z(1)
      DELTA(3) = Z(3) - (Z(1) - RPAR(3))
      DELTA(4) = Z(4) - (RPAR(4) - Z(1))
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      U = DBLE(IPAR(1))
      PD(1) = CJ
      PD(2) = 1.0D0
      PD(3) = -(1.0D0 - U)*RPAR(2)
      PD(4) = 1.0D0
      PD(5) = -1.0D0
      PD(6) = 1.0D0
      PD(7) = 1.0D0
      PD(8) = 1.0D0
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     dF/dQ = (-U, 0, 0, 0), dF/dK = (0, -(1-U)*H, 0, 0), dF/dH0 = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      COMMON /CNT/ NSEN
      NSEN = NSEN + 1
      U = DBLE(IPAR(1))
      DO 10 I = 1,NEQ
         DFDP(I) = 0.0D0
 10   CONTINUE
      IF (IP .EQ. 1) DFDP(1) = -U
      IF (IP .EQ. 2) DFDP(2) = -(1.0D0 - U)*Z(1)
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Filling (IPAR(1) = 1): the tank becoming full is the event;
C     draining: the tank becoming low.  Other crossings are not.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      ICHANGE = 0
      IF (ISTATE .EQ. 1 .AND. IPAR(1) .EQ. 1 .AND. IG(1) .EQ. 1)
     1   ICHANGE = 1
      IF (ISTATE .EQ. 2 .AND. IPAR(1) .EQ. 0 .AND. IG(1) .EQ. 1)
     1   ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
C     No explicit time dependence.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      ICODE = 0
      DO 10 I = 1,NEQ
         D(I) = 0.0D0
 10   CONTINUE
      ALPHA = 0.0D0
      RETURN
      END
