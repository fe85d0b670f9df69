C-----------------------------------------------------------------------
C     DSL_SENS_INDEX1 -- consistent initial sensitivities (INFO(11) = 1)
C     of an index-1 DAE through DSL48E:
C
C        X' = -A*X + Y1,   0 = Y1 - B*X - Y2,   0 = Y2 - C,
C
C     X(0) = X0.  With L = A - B: X = C/L + (X0 - C/L)*EXP(-L*T),
C     Y1 = B*X + C, Y2 = C.  Parameters (NP = 4): P1 = A, P2 = B,
C     P3 = C (RPAR(1..3)), P4 = X0 (the initial value).  Z = (X, Y1,
C     Y2), JYDOT = (1), NC = 0.
C
C     The program gives X(0) = X0 and dX/dP(0) = (0, 0, 0, 1) only: Y1,
C     Y2, X' and all algebraic sensitivities and sensitivity
C     derivatives are set to garbage (they must be computed: dY1/dP(0)
C     = (0, X0, 1, B), dY2/dP = (0, 0, 1, 0), dX'/dP(0) = (-X0, X0, 1,
C     -L)).  INFO(14) = 1 returns them (IDID = 4); the program checks
C     them, then continues from them (INFO(1) = 0, INFO(11) = 0) to T =
C     1, 2, 4, 8 and checks every sensitivity against the closed form.
C     Runs: SENRHS with JDTYPE = 1 (RTOL = 1D-8); forward differences
C     in P with JDTYPE = 0 (RTOL = 1D-6); and INFO(16) = 1 (algebraic
C     components out of the error test, for the sensitivities too).
C     The last line printed is PASS DSL_SENS_INDEX1 or FAIL ...
C-----------------------------------------------------------------------
      PROGRAM DSLSI1
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NP=4, NEJAC=6, MAXO=5)
      PARAMETER (NZ=NEQ*(NP+1))
      PARAMETER (LRW=60+(MAXO+5)*NEQ+NEJAC+NP*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NP+5+NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=MAXO+5*NEQ+40)
      DIMENSION Z(NZ), ZDOT(NZ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(1), ISC(1)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), BDUM(2)
      DIMENSION RPAR(3), IPAR(1), TOUTS(4), XEX(NEQ), SEX(NEQ,NP)
      DIMENSION TOLS(3), INF15(3), JDT(3), INF16(3)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      EXTERNAL RES, JAC, SENRHS, STCH, EVTD
      DATA JROW / 1, 1, 2, 2, 2, 3 /
      DATA JCOL / 1, 2, 1, 2, 3, 3 /
      DATA JYDOT / 1 /
      DATA TOUTS / 1.0D0, 2.0D0, 4.0D0, 8.0D0 /
      DATA TOLS / 1.0D-8, 1.0D-6, 1.0D-8 /
      DATA INF15 / 0, 1, 0 /
      DATA JDT / 1, 0, 1 /
      DATA INF16 / 0, 0, 1 /
C
      OK = .TRUE.
      WHY = ' '
      RPAR(1) = 1.5D0
      RPAR(2) = 0.5D0
      RPAR(3) = 0.25D0
      X0 = 2.0D0
      NJYDOT = 1
      NC = 0
      ND = 0
      ISC(1) = 0
      WRITE(6,'(A)') ' DSL48E SENSITIVITIES: INDEX-1 DAE, INITIAL'
      WRITE(6,'(A)') ' ALGEBRAIC SENSITIVITIES FROM INFO(11) = 1'
      DO 500 IRUN = 1,3
         RTOL = TOLS(IRUN)
         ATOL = RTOL
         JDTYPE = JDT(IRUN)
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(11) = 1
         INFO(12) = NP
         INFO(14) = 1
         INFO(15) = INF15(IRUN)
         INFO(16) = INF16(IRUN)
         DO 20 I = 1,NZ
            Z(I) = 7.0D0
            ZDOT(I) = -3.0D0
 20      CONTINUE
         Z(1) = X0
         DO 25 I = 1,NP
            Z(I*NEQ+1) = 0.0D0
 25      CONTINUE
         Z(NP*NEQ+1) = 1.0D0
         DO 30 I = 1,NP
            IWORK(40+I) = I
            RWORK(60+I) = 0.0D0
 30      CONTINUE
         IWORK(44) = 0
         TIME = 0.0D0
         WRITE(6,100) IRUN, INFO(15), JDTYPE, INFO(16), RTOL
 100     FORMAT(/' RUN',I2,': INFO(15) =',I2,' JDTYPE =',I2,
     1        ' INFO(16) =',I2,' RTOL = ATOL =',1P,E8.1)
         CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUTS(1), INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         IF (IDID .NE. 4) THEN
            WRITE(6,*) '  IDID =', IDID
            CALL FAILED('NO IDID = 4 AFTER THE INITIAL CONDITIONS')
            GO TO 500
         ENDIF
C        The consistent initial values and sensitivities.
         AL = RPAR(1) - RPAR(2)
         CALL EXACT(0.0D0, RPAR, X0, XEX, SEX)
         E0 = 0.0D0
         DO 40 J = 1,NEQ
            E0 = MAX(E0, ABS(Z(J) - XEX(J)))
            DO 35 I = 1,NP
               E0 = MAX(E0, ABS(Z(I*NEQ+J) - SEX(J,I)))
 35         CONTINUE
 40      CONTINUE
         E1 = ABS(ZDOT(1*NEQ+1) + X0)
         E1 = MAX(E1, ABS(ZDOT(2*NEQ+1) - X0))
         E1 = MAX(E1, ABS(ZDOT(3*NEQ+1) - 1.0D0))
         E1 = MAX(E1, ABS(ZDOT(4*NEQ+1) + AL))
         WRITE(6,110) (Z(I*NEQ+2), I = 1,NP), (ZDOT(I*NEQ+1), I = 1,NP)
 110     FORMAT('   AT T = 0: DY1/DP =',4F10.6/'             DX''/DP =',
     1          4F10.6)
         WRITE(6,120) E0, E1
 120     FORMAT('   ERRORS AT T = 0: Z AND S',1P,E9.2,', S''',E9.2)
         IF (E0 .GT. 10.0D0*RTOL .OR. E1 .GT. 10.0D0*RTOL)
     1      CALL FAILED('INITIAL SENSITIVITIES WRONG')
C        Go on from the values returned.
         INFO(11) = 0
         INFO(14) = 0
         ERR = 0.0D0
         DO 300 IOUT = 1,4
            TOUT = TOUTS(IOUT)
            CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCH, EVTD)
            IF (IDID .NE. 3) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('NOT IDID = 3 AT TOUT')
               GO TO 500
            ENDIF
            CALL EXACT(TOUT, RPAR, X0, XEX, SEX)
            EOUT = 0.0D0
            DO 220 J = 1,NEQ
               DO 210 I = 1,NP
                  E = ABS(Z(I*NEQ+J) - SEX(J,I))/(1.0D0+ABS(SEX(J,I)))
                  EOUT = MAX(EOUT, E)
 210           CONTINUE
 220        CONTINUE
            ERR = MAX(ERR, EOUT)
            WRITE(6,230) TOUT, Z(1*NEQ+1), SEX(1,1), Z(2*NEQ+2),
     1           SEX(2,2), EOUT
 230        FORMAT('   T =',F4.1,' DX/DA',1P,E16.8,' (',E16.8,')',
     1           ' DY1/DB',E16.8,' (',E16.8,') ERR',E9.2)
 300     CONTINUE
         WRITE(6,310) IWORK(11), IWORK(14), IWORK(15),
     1        (IWORK(40+NP+K), K = 1,5)
 310     FORMAT('   NST =',I5,' NETF =',I3,' NCFN =',I3,' SENRHS =',
     1          I5,' SENS RES =',I5,' SENS ETF =',I3,' SENS CFN =',
     2          I3,' SENS ITER =',I5)
         IF (ERR .GT. 100.0D0*RTOL) CALL FAILED('SENSITIVITY ERROR')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SENS_INDEX1'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SENS_INDEX1: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE EXACT(T, RPAR, X0, X, S)
C     The closed-form Z = (X, Y1, Y2) and S(J,I) = dZ(J)/dP(I).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION RPAR(3), X(3), S(3,4)
      A = RPAR(1)
      B = RPAR(2)
      C = RPAR(3)
      AL = A - B
      E = EXP(-AL*T)
      X(1) = C/AL + (X0 - C/AL)*E
      X(2) = B*X(1) + C
      X(3) = C
C     dX/dL, then by A (dL/dA = 1) and B (dL/dB = -1).
      DXDL = -C/AL**2 + C/AL**2*E - (X0 - C/AL)*T*E
      S(1,1) = DXDL
      S(1,2) = -DXDL
      S(1,3) = (1.0D0 - E)/AL
      S(1,4) = E
      S(2,1) = B*S(1,1)
      S(2,2) = X(1) + B*S(1,2)
      S(2,3) = B*S(1,3) + 1.0D0
      S(2,4) = B*S(1,4)
      S(3,1) = 0.0D0
      S(3,2) = 0.0D0
      S(3,3) = 1.0D0
      S(3,4) = 0.0D0
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
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) + RPAR(1)*Z(1) - Z(2)
      DELTA(2) = Z(2) - RPAR(2)*Z(1) - Z(3)
      DELTA(3) = Z(3) - RPAR(3)
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      PD(1) = CJ + RPAR(1)
      PD(2) = -1.0D0
      PD(3) = -RPAR(2)
      PD(4) = 1.0D0
      PD(5) = -1.0D0
      PD(6) = 1.0D0
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     dF/dA = (X, 0, 0), dF/dB = (0, -X, 0), dF/dC = (0, 0, -1),
C     dF/dX0 = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      DO 10 I = 1,NEQ
         DFDP(I) = 0.0D0
 10   CONTINUE
      IF (IP .EQ. 1) DFDP(1) = Z(1)
      IF (IP .EQ. 2) DFDP(2) = -Z(1)
      IF (IP .EQ. 3) DFDP(3) = -1.0D0
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
      WRITE(6,'(A)') 'FAIL DSL_SENS_INDEX1: STCHANGE WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
      WRITE(6,'(A)') 'FAIL DSL_SENS_INDEX1: EVTDERIV WAS CALLED'
      STOP 1
      END
