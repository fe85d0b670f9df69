C-----------------------------------------------------------------------
C     DSL_SENS_BALL -- sensitivities of a bouncing ball with respect to
C     its restitution coefficient, across every impact (DSL48E, INFO(12)
C     = 3, INFO(20) = 1: the program's re-initialisation gives the total
C     derivatives of the new state).
C
C        H' = V,  V' = -G;  impact when H <= 0 AND V < 0 (one condition,
C        D1 = -H, D2 = -V; Z = (H, V, D1, D2), JYDOT = (1,2));
C        at an impact V := -E*V.
C
C     H(0) = H0 = 10, V(0) = 0, G = 9.81 (RPAR(1)), E = 0.8.  Parameters:
C     P1 = E (not in F: IWORK(41) = 0; it enters through the jump), P2 =
C     H0 (the initial value), P3 = G (RPAR(1), dF/dG = (0, 1, 0, 0)).
C     The program applies the jump itself and passes the total
C     derivatives (INFO(20) = 1): with TAU = dTEVT/dP from
C     RWORK(60+NP+I) and S-, Z-, ZDOT- of the event return,
C        dH+/dP = S(H)- + V- * TAU,
C        dV+/dP = -(dE/dP)*V- - E*(S(V)- - G*TAU);
C     DSL48E turns them into S+ = D - Z'+ * TAU.
C
C     Closed forms: T1 = SQRT(2*H0/G), T(K+1) = T(K) + 2*E**K*T1, the
C     speed after impact K is E**K*G*T1, and between impacts H, V and
C     their derivatives by (E, H0, G) follow from the parabola (EXACT).
C     Checks at each impact (6 up to TEND = 9.5): TEVT, dTEVT/dP, the
C     sensitivities at TEVT (old mode); at TEND all sensitivities; within
C     100*RTOL (relative), RTOL = ATOL = 1D-8, JDTYPE = 1, SENRHS.
C     The last line printed is PASS DSL_SENS_BALL or FAIL ...
C-----------------------------------------------------------------------
      PROGRAM DSLSBL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NP=3, NEJAC=7, MAXO=5, NC=1, ND=2, NIMP=6)
      PARAMETER (NZ=NEQ*(NP+1))
      PARAMETER (LRW=60+(MAXO+4)*NEQ+NEJAC+NP*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NP+5+NEQ+ND)
      PARAMETER (LIEVWK=NEQ, LREVWK=(MAXO+1)*ND+MAXO+5*NEQ+40)
      DIMENSION Z(NZ), ZDOT(NZ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(2), ISC(NC)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), BDUM(2)
      DIMENSION RPAR(1), IPAR(1), TEX(0:NIMP), DTEX(0:NIMP,NP)
      DIMENSION SH(NP), SV(NP)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /BALL/ E, H0, G
      EXTERNAL RES, JAC, SENRHS, STCH, EVTD
      DATA JROW / 1, 1, 2, 3, 3, 4, 4 /
      DATA JCOL / 1, 2, 2, 1, 3, 2, 4 /
      DATA JYDOT / 1, 2 /
      DATA ISC / 2 /
C
      OK = .TRUE.
      WHY = ' '
      E = 0.8D0
      H0 = 10.0D0
      G = 9.81D0
      TEND = 9.5D0
      RPAR(1) = G
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      NJYDOT = 2
      JDTYPE = 1
C     Impact times and their derivatives by (E, H0, G); TEX(0) = 0.
      T1 = SQRT(2.0D0*H0/G)
      TEX(0) = 0.0D0
      TEX(1) = T1
      DO 5 I = 1,NP
         DTEX(0,I) = 0.0D0
 5    CONTINUE
      DTEX(1,1) = 0.0D0
      DTEX(1,2) = T1/(2.0D0*H0)
      DTEX(1,3) = -T1/(2.0D0*G)
      DO 6 K = 1,NIMP-1
         TEX(K+1) = TEX(K) + 2.0D0*E**K*T1
         DTEX(K+1,1) = DTEX(K,1) + 2.0D0*DBLE(K)*E**(K-1)*T1
         DTEX(K+1,2) = DTEX(K,2) + 2.0D0*E**K*DTEX(1,2)
         DTEX(K+1,3) = DTEX(K,3) + 2.0D0*E**K*DTEX(1,3)
 6    CONTINUE
      WRITE(6,'(A)') ' DSL48E SENSITIVITIES OF A BOUNCING BALL'
      WRITE(6,'(A)') ' (P1 = E, P2 = H0, P3 = G), INFO(20) = 1'
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 1
      INFO(12) = NP
      INFO(20) = 1
      DO 15 I = 1,NZ
         Z(I) = 0.0D0
         ZDOT(I) = 0.0D0
 15   CONTINUE
      TIME = 0.0D0
      Z(1) = H0
      Z(2*NEQ+1) = 1.0D0
      IWORK(41) = 0
      IWORK(42) = 0
      IWORK(43) = 1
      RWORK(61) = 0.0D0
      RWORK(62) = 0.0D0
      RWORK(63) = 0.0D0
      IPAR(1) = 0
      NEV = 0
      NCALL = 0
      ERRS = 0.0D0
      ERRT = 0.0D0
      WRITE(6,'(A)') '   IMPACT    TEVT (EXACT)           '//
     1   'DT/DE (EXACT)          ERR(DT/DP)  ERR(S-)'
 200  CONTINUE
      CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1     RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2     JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3     IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4     LREVWK, REVWK, STCH, EVTD)
      NCALL = NCALL + 1
      IF (IDID .LT. 0 .OR. NCALL .GT. 100) THEN
         WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
         CALL FAILED('INTEGRATION FAILED')
         GO TO 400
      ENDIF
      IF (IEVENT .EQ. 0) GO TO 400
      NEV = NEV + 1
      IF (NEV .GT. NIMP) THEN
         CALL FAILED('EXTRA IMPACT')
         GO TO 400
      ENDIF
C     The sensitivities before the impact (old mode) and dTEVT/dP.
      CALL EXACT(TIME, NEV - 1, TEX, DTEX, H, V, SH, SV)
      ES = 0.0D0
      ET = 0.0D0
      DO 210 I = 1,NP
         ES = MAX(ES, ABS(Z(I*NEQ+1) - SH(I))/(1.0D0 + ABS(SH(I))),
     1        ABS(Z(I*NEQ+2) - SV(I))/(1.0D0 + ABS(SV(I))))
         ET = MAX(ET, ABS(RWORK(60+NP+I) - DTEX(NEV,I))/
     1        (1.0D0 + ABS(DTEX(NEV,I))))
 210  CONTINUE
      ERRS = MAX(ERRS, ES)
      ERRT = MAX(ERRT, ET)
      WRITE(6,220) NEV, TEVT, TEX(NEV), RWORK(60+NP+1), DTEX(NEV,1),
     1     ET, ES
 220  FORMAT(I6,F12.8,' (',F12.8,')',F12.8,' (',F12.8,')',1P,2E10.2)
      IF (ABS(TEVT - TEX(NEV)) .GT. 100.0D0*RTOL*TEX(NEV))
     1   CALL FAILED('IMPACT TIME WRONG')
C     The bounce, and the total derivatives of the new H and V.
      VM = Z(2)
      Z(2) = -E*VM
      ZDOT(1) = Z(2)
      DO 230 I = 1,NP
         TAU = RWORK(60+NP+I)
         DEDP = 0.0D0
         IF (I .EQ. 1) DEDP = 1.0D0
         Z(I*NEQ+1) = Z(I*NEQ+1) + VM*TAU
         Z(I*NEQ+2) = -DEDP*VM - E*(Z(I*NEQ+2) - G*TAU)
 230  CONTINUE
      IPAR(1) = 0
      INFO(1) = 0
      INFO(11) = 1
      GO TO 200
C
 400  CONTINUE
      IF (NEV .NE. NIMP) CALL FAILED('NOT SIX IMPACTS')
      IF (IDID .NE. 3 .OR. TIME .NE. TEND)
     1   CALL FAILED('DID NOT END AT TEND')
      CALL EXACT(TEND, NEV, TEX, DTEX, H, V, SH, SV)
      WRITE(6,240) TEND, (Z(I*NEQ+1), SH(I), I = 1,NP)
 240  FORMAT('   AT T =',F4.1,' DH/DP:',3(1P,E17.9,' (',E17.9,')':
     1       /20X))
      WRITE(6,250) (Z(I*NEQ+2), SV(I), I = 1,NP)
 250  FORMAT('             DV/DP:',3(1P,E17.9,' (',E17.9,')':/20X))
      DO 260 I = 1,NP
         ERRS = MAX(ERRS, ABS(Z(I*NEQ+1) - SH(I))/(1.0D0 + ABS(SH(I))),
     1        ABS(Z(I*NEQ+2) - SV(I))/(1.0D0 + ABS(SV(I))))
 260  CONTINUE
      WRITE(6,270) ERRT, ERRS, (IWORK(40+NP+K), K = 1,5)
 270  FORMAT('   MAX ERROR/(1+|.|): DTEVT/DP',1P,E9.2,
     1       ', SENSITIVITIES',E9.2/'   LAST START: SENRHS =',I5,
     2       ' SENS RES =',I5,' SENS ETF =',I3,' SENS CFN =',I3,
     3       ' SENS ITER =',I5)
      IF (ERRT .GT. 100.0D0*RTOL) CALL FAILED('DTEVT/DP WRONG')
      IF (ERRS .GT. 100.0D0*RTOL) CALL FAILED('SENSITIVITY ERROR')
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SENS_BALL'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SENS_BALL: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE EXACT(T, K, TEX, DTEX, H, V, SH, SV)
C     H, V and their derivatives by (E, H0, G) at T after impact K (0:
C     before the first): H = HK + VP*(T-TK) - G/2*(T-TK)**2, V = VP -
C     G*(T-TK), VP = E**K*G*T1 the speed after impact K (0 at K = 0),
C     HK = H0 at K = 0, else 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION TEX(0:*), DTEX(0:6,3), SH(3), SV(3), DVP(3), DHK(3)
      COMMON /BALL/ E, H0, G
      T1 = TEX(1)
      S = T - TEX(K)
      IF (K .EQ. 0) THEN
         VP = 0.0D0
         HK = H0
         DO 10 I = 1,3
            DVP(I) = 0.0D0
            DHK(I) = 0.0D0
 10      CONTINUE
         DHK(2) = 1.0D0
      ELSE
         VP = E**K*G*T1
         HK = 0.0D0
         DVP(1) = DBLE(K)*E**(K-1)*G*T1
         DVP(2) = E**K*G*DTEX(1,2)
         DVP(3) = E**K*(T1 + G*DTEX(1,3))
         DO 20 I = 1,3
            DHK(I) = 0.0D0
 20      CONTINUE
      ENDIF
      H = HK + VP*S - 0.5D0*G*S**2
      V = VP - G*S
C     dS/dP = -dTK/dP; G itself is P3.
      DO 30 I = 1,3
         DS = -DTEX(K,I)
         SH(I) = DHK(I) + DVP(I)*S + VP*DS - G*S*DS
         SV(I) = DVP(I) - G*DS
 30   CONTINUE
      SH(3) = SH(3) - 0.5D0*S**2
      SV(3) = SV(3) - S
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
C     Free flight; G = RPAR(1).
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
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      PD(1) = CJ
      PD(2) = -1.0D0
      PD(3) = CJ
      PD(4) = 1.0D0
      PD(5) = 1.0D0
      PD(6) = 1.0D0
      PD(7) = 1.0D0
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     dF/dE = 0, dF/dH0 = 0, dF/dG = (0, 1, 0, 0).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      DO 10 I = 1,NEQ
         DFDP(I) = 0.0D0
 10   CONTINUE
      IF (IP .EQ. 3) DFDP(2) = 1.0D0
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
C     Impact: IG(1) AND IG(2) against the locked value IPAR(1).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), IG(NDI)
      ICHANGE = 0
      IF (IG(1)*IG(2) .NE. IPAR(1)) ICHANGE = 1
      RETURN
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION ISC(NC), Z(NEQ), ZDOT(NEQ), RPAR(*), IPAR(*), D(NEQ)
      ICODE = 0
      DO 10 I = 1,NEQ
         D(I) = 0.0D0
 10   CONTINUE
      ALPHA = 0.0D0
      RETURN
      END
