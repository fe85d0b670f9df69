C-----------------------------------------------------------------------
C     DSL_SENS_CHAIN -- DSL48E parametric sensitivities (INFO(12) = 3)
C     on a linear chain A -> B -> C with closed-form sensitivities:
C
C        X1' = -K1*X1,  X2' = K1*X1 - K2*X2,  X3' = K2*X2,
C        X(0) = (A, 0, 0),  K1 = 1, K2 = 0.5, A = 2,
C
C     X1 = A*E1, X2 = A*K1*(E1 - E2)/(K2 - K1), X3 = A - X1 - X2 with
C     E1 = EXP(-K1*T), E2 = EXP(-K2*T).  Parameters P1 = K1 (RPAR(1)),
C     P2 = K2 (RPAR(2)) and P3 = A, the initial value of X1: F does
C     not depend on it (IWORK(43) = 0), its sensitivity starts at
C     S3(0) = (1, 0, 0).  The sensitivities are the derivatives of the
C     closed forms (subroutine EXACT).  NC = 0: no state events.
C
C     Storage as a DAEPACK user writes it: Z(NEQ*(NP+1)), Z(I*NEQ+J)
C     = dX(J)/dP(I); LRW = 60 + (MAXORD+4)*NEQ + NEJAC + NP*(NEQ*
C     (MAXORD+4) + 2) + NEQ, LIW = 40 + NP + 5 + NEQ + ND.
C
C     Runs (interval mode to TOUT = 0.5, 1, 2, 5, 10):
C       1  SENRHS (INFO(15) = 0), JDTYPE = 1, error control on
C          (INFO(13) = 0), RTOL = ATOL = 1D-8, consistent S' given;
C       2  as 1 with INFO(11) = 1 (S' computed from S) and MAXORD = 3;
C       3  forward differences in P (INFO(15) = 1), RTOL = 1D-6;
C       4  centred differences in P (INFO(15) = 2), JDTYPE = 0
C          (difference-quotient Jacobian), RTOL = 1D-6;
C       5  centred, JDTYPE = 1, sensitivities out of the error test
C          (INFO(13) = 1), RTOL = 1D-8.
C     Each run prints the largest error of every sensitivity against
C     the closed form (scaled by 1 + |S|) over the output times, the
C     counters (NST, NRE, NJE, NETF, NCFN) and the sensitivity counters
C     IWORK(40+NP+1..5) (SENRHS calls, sensitivity RES calls, their
C     error-test and corrector failures, corrector iterations).
C     Checks: IDID = 3 at every TOUT; errors within 100*RTOL (runs 1-4;
C     run 5, outside the error test, within 1000*RTOL); RPAR unchanged
C     bit for bit after every call; SENRHS called only with INFO(15) =
C     0; the states within 100*RTOL; and run 5, whose sensitivities
C     stay out of the error test, gives the states of a run with
C     INFO(12) = 0 bit for bit, in as many steps (the staggered
C     corrector leaves the state's arithmetic alone).
C     The last line printed is PASS DSL_SENS_CHAIN or FAIL ...
C-----------------------------------------------------------------------
      PROGRAM DSLSCH
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NP=3, NEJAC=5, MAXO=5)
      PARAMETER (NZ=NEQ*(NP+1))
      PARAMETER (LRW=60+(MAXO+4)*NEQ+NEJAC+NP*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NP+5+NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=MAXO+5*NEQ+40)
      DIMENSION Z(NZ), ZDOT(NZ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NEQ), ISC(1)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), BDUM(2)
      DIMENSION RPAR(3), RSAVE(3), IPAR(1), TOUTS(5)
      DIMENSION SEX(NEQ,NP), XEX(NEQ), ERR(NP), TOLS(5), XPL(NEQ,5)
      DIMENSION INF15(5), JDT(5), INF13(5), INF11(5), MAXOS(5)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /CNT/ NSEN, NJACC
      EXTERNAL RES, JAC, SENRHS, STCH, EVTD
      DATA JROW / 1, 2, 2, 3, 3 /
      DATA JCOL / 1, 1, 2, 2, 3 /
      DATA JYDOT / 1, 2, 3 /
      DATA TOUTS / 0.5D0, 1.0D0, 2.0D0, 5.0D0, 10.0D0 /
      DATA TOLS / 1.0D-8, 1.0D-8, 1.0D-6, 1.0D-6, 1.0D-8 /
      DATA INF15 / 0, 0, 1, 2, 2 /
      DATA JDT / 1, 1, 1, 0, 1 /
      DATA INF13 / 0, 0, 0, 0, 1 /
      DATA INF11 / 0, 1, 0, 0, 0 /
      DATA MAXOS / 5, 3, 5, 5, 5 /
C
      OK = .TRUE.
      WHY = ' '
      A = 2.0D0
      RPAR(1) = 1.0D0
      RPAR(2) = 0.5D0
      RPAR(3) = -99.0D0
      DO 5 I = 1,3
         RSAVE(I) = RPAR(I)
 5    CONTINUE
      NJYDOT = NEQ
      NC = 0
      ND = 0
      ISC(1) = 0
      WRITE(6,'(A)') ' DSL48E SENSITIVITIES: CHAIN A -> B -> C, NP = 3'
      WRITE(6,'(A)') ' (P1 = K1, P2 = K2, P3 = A = X1(0))'
C
C     The states without sensitivities (JDTYPE = 1, RTOL = 1D-8), for
C     run 5.
      CALL START(TIME, Z, ZDOT, INFO, RPAR, A, 0, 0)
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      DO 8 IOUT = 1,5
         CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUTS(IOUT),
     1        INFO, RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR,
     2        IPAR, JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, 1, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         IF (IDID .NE. 3) CALL FAILED('RUN WITHOUT SENSITIVITIES')
         DO 7 J = 1,NEQ
            XPL(J,IOUT) = Z(J)
 7       CONTINUE
 8    CONTINUE
      NSTPL = IWORK(11)
      WRITE(6,'(A,I5)') ' WITHOUT SENSITIVITIES (RTOL = 1D-8): NST =',
     1   NSTPL
C
      DO 500 IRUN = 1,5
         RTOL = TOLS(IRUN)
         ATOL = RTOL
         CALL START(TIME, Z, ZDOT, INFO, RPAR, A, INF11(IRUN), NP)
         INFO(13) = INF13(IRUN)
         INFO(15) = INF15(IRUN)
         IF (MAXOS(IRUN) .NE. 5) THEN
            INFO(9) = 1
            IWORK(3) = MAXOS(IRUN)
         ENDIF
         JDTYPE = JDT(IRUN)
C        RPAR indices (P3 = A: F does not depend on it), PBAR default.
         IWORK(41) = 1
         IWORK(42) = 2
         IWORK(43) = 0
         RWORK(61) = 0.0D0
         RWORK(62) = 0.0D0
         RWORK(63) = A
         NSEN = 0
         NJACC = 0
         WRITE(6,100) IRUN, INFO(15), JDTYPE, INFO(13), INFO(11),
     1        MAXOS(IRUN), RTOL
 100     FORMAT(/' RUN',I2,': INFO(15) =',I2,' JDTYPE =',I2,
     1        ' INFO(13) =',I2,' INFO(11) =',I2,' MAXORD =',I2,
     2        ' RTOL = ATOL =',1P,E8.1)
         DO 110 I = 1,NP
            ERR(I) = 0.0D0
 110     CONTINUE
         ERRX = 0.0D0
         DO 300 IOUT = 1,5
            TOUT = TOUTS(IOUT)
            CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCH, EVTD)
            IF (IDID .NE. 3 .OR. TIME .NE. TOUT) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('NOT IDID = 3 AT TOUT')
               GO TO 400
            ENDIF
            DO 120 I = 1,3
               IF (RPAR(I) .NE. RSAVE(I))
     1            CALL FAILED('RPAR NOT RESTORED BIT FOR BIT')
 120        CONTINUE
            IF (IRUN .EQ. 5) THEN
               DO 125 J = 1,NEQ
                  IF (Z(J) .NE. XPL(J,IOUT))
     1               CALL FAILED('STATES DIFFER FROM INFO(12) = 0')
 125           CONTINUE
            ENDIF
            CALL EXACT(TOUT, A, RPAR(1), RPAR(2), XEX, SEX)
            DO 140 J = 1,NEQ
               ERRX = MAX(ERRX, ABS(Z(J) - XEX(J))/(1.0D0+ABS(XEX(J))))
               DO 130 I = 1,NP
                  E = ABS(Z(I*NEQ+J) - SEX(J,I))/(1.0D0+ABS(SEX(J,I)))
                  ERR(I) = MAX(ERR(I), E)
 130           CONTINUE
 140        CONTINUE
            IF (IOUT .EQ. 5) WRITE(6,150) TOUT, (Z(I*NEQ+2),
     1         SEX(2,I), I = 1,NP)
 150        FORMAT('   T =',F5.1,' DX2/DP:',3(1P,E17.9,' (',E17.9,
     1             ')':/20X))
 300     CONTINUE
 400     CONTINUE
         WRITE(6,160) (ERR(I), I = 1,NP), ERRX
 160     FORMAT('   MAX ERROR/(1+|S|): S1',1P,E9.2,' S2',E9.2,' S3',
     1          E9.2,'   STATES',E9.2)
         WRITE(6,170) IWORK(11), IWORK(12), IWORK(13), IWORK(14),
     1        IWORK(15)
 170     FORMAT('   NST =',I5,' NRE =',I6,' NJE =',I5,' NETF =',I4,
     1          ' NCFN =',I4)
         WRITE(6,180) (IWORK(40+NP+K), K = 1,5)
 180     FORMAT('   SENRHS =',I5,' SENS RES =',I6,' SENS ETF =',I4,
     1          ' SENS CFN =',I4,' SENS ITERATIONS =',I6)
         ALLOW = 100.0D0*RTOL
         IF (INFO(13) .EQ. 1) ALLOW = 1000.0D0*RTOL
         DO 190 I = 1,NP
            IF (ERR(I) .GT. ALLOW) CALL FAILED('SENSITIVITY ERROR')
 190     CONTINUE
         IF (ERRX .GT. 100.0D0*RTOL) CALL FAILED('STATE ERROR')
         IF (INFO(15) .EQ. 0 .AND. NSEN .EQ. 0)
     1      CALL FAILED('SENRHS NEVER CALLED WITH INFO(15) = 0')
         IF (INFO(15) .NE. 0 .AND. NSEN .NE. 0)
     1      CALL FAILED('SENRHS CALLED WITH INFO(15) > 0')
         IF (NSEN .NE. IWORK(40+NP+1))
     1      CALL FAILED('IWORK(40+NP+1) IS NOT THE SENRHS COUNT')
         IF (JDTYPE .EQ. 0 .AND. NJACC .NE. 0)
     1      CALL FAILED('JAC CALLED WITH JDTYPE = 0')
         IF (IWORK(17) .GT. LIW .OR. IWORK(18) .GT. LRW)
     1      CALL FAILED('LENIW/LENRW ABOVE THE DOCUMENTED FORMULAS')
         IF (IRUN .EQ. 5 .AND. IWORK(40+NP+4) .EQ. 0 .AND.
     1       IWORK(11) .NE. NSTPL)
     1      CALL FAILED('NST DIFFERS FROM INFO(12) = 0')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SENS_CHAIN'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SENS_CHAIN: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE START(TIME, Z, ZDOT, INFO, RPAR, A, INF11, NP)
C     X(0) = (A, 0, 0) with consistent X'; sensitivities S1 = S2 = 0,
C     S3 = (1, 0, 0) and, unless INFO(11) = 1 computes them, their
C     consistent derivatives S' = -(dF/dX S + dF/dP).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(*), ZDOT(*), INFO(20), RPAR(*)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = INF11
      INFO(12) = NP
      DO 20 I = 1,3*(NP+1)
         Z(I) = 0.0D0
         ZDOT(I) = 0.0D0
 20   CONTINUE
      TIME = 0.0D0
      Z(1) = A
      IF (INF11 .EQ. 0) THEN
         ZDOT(1) = -RPAR(1)*A
         ZDOT(2) = RPAR(1)*A
      ENDIF
      IF (NP .EQ. 0) RETURN
      Z(3*3+1) = 1.0D0
      IF (INF11 .EQ. 0) THEN
C        S1' = -dF/dK1 = (-X1, X1, 0); S2' = -dF/dK2 = 0 (X2 = 0);
C        S3' = -dF/dX S3 = (-K1, K1, 0).
         ZDOT(3+1) = -A
         ZDOT(3+2) = A
         ZDOT(9+1) = -RPAR(1)
         ZDOT(9+2) = RPAR(1)
      ENDIF
      RETURN
      END
C
      SUBROUTINE EXACT(T, A, AK1, AK2, X, S)
C     The closed-form states and sensitivities S(J,I) = dX(J)/dP(I).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION X(3), S(3,3)
      E1 = EXP(-AK1*T)
      E2 = EXP(-AK2*T)
      D = AK2 - AK1
      X(1) = A*E1
      X(2) = A*AK1*(E1 - E2)/D
      X(3) = A - X(1) - X(2)
      S(1,1) = -A*T*E1
      S(2,1) = A*((E1 - E2)/D - AK1*T*E1/D + AK1*(E1 - E2)/D**2)
      S(1,2) = 0.0D0
      S(2,2) = A*AK1*(T*E2/D - (E1 - E2)/D**2)
      S(1,3) = E1
      S(2,3) = X(2)/A
      DO 10 I = 1,3
         S(3,I) = -S(1,I) - S(2,I)
 10   CONTINUE
      S(3,3) = S(3,3) + 1.0D0
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
C     F = X' - (-K1*X1, K1*X1 - K2*X2, K2*X2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) + RPAR(1)*Z(1)
      DELTA(2) = ZDOT(2) - RPAR(1)*Z(1) + RPAR(2)*Z(2)
      DELTA(3) = ZDOT(3) - RPAR(2)*Z(2)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     PD(K) = dF/dZ + CJ*dF/dZDOT at (JROW(K), JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /CNT/ NSEN, NJACC
      NJACC = NJACC + 1
      PD(1) = CJ + RPAR(1)
      PD(2) = -RPAR(1)
      PD(3) = CJ + RPAR(2)
      PD(4) = -RPAR(2)
      PD(5) = CJ
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     dF/dP(IP): dF/dK1 = (X1, -X1, 0), dF/dK2 = (0, X2, -X2), dF/dA
C     = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      COMMON /CNT/ NSEN, NJACC
      NSEN = NSEN + 1
      DO 10 I = 1,NEQ
         DFDP(I) = 0.0D0
 10   CONTINUE
      IF (IP .EQ. 1) THEN
         DFDP(1) = Z(1)
         DFDP(2) = -Z(1)
      ELSE IF (IP .EQ. 2) THEN
         DFDP(2) = Z(2)
         DFDP(3) = -Z(2)
      ENDIF
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     No state conditions (NC = 0): never called.
      WRITE(6,'(A)') 'FAIL DSL_SENS_CHAIN: STCHANGE WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
      WRITE(6,'(A)') 'FAIL DSL_SENS_CHAIN: EVTDERIV WAS CALLED'
      STOP 1
      END
