C-----------------------------------------------------------------------
C     DSL_BOUNDS -- DSL48E with INFO(10) = 1: BOUNDS(1,I) <= Z(I) <=
C     BOUNDS(2,I), NC = 0.
C
C     Two Michaelis-Menten substrates, the second one stored with a
C     minus sign (it rises to its UPPER bound 0), and an algebraic
C     copy B of the first one's deficit:
C        C' = -V*C/(KM + C),    W' = -V*W/(KM2 - W),   B - (1 - C) = 0,
C     V = 1, KM = 1D-2, KM2 = 2D-2, Z = (C, W, B), JYDOT = (1, 2).
C     From C = 1, W = -1 the rates stay near V until |C| ~ KM
C     (T ~ 1), then C decays like EXP(-100 T) (W like EXP(-50 T)):
C     BDF steps sized for the slow phase overshoot C below 0 and W
C     above 0 unless the bounds are enforced (DDASKR's INFO(10) = 2
C     nonnegativity lets C reach about -1D-7 here).  The exact C
C     solves KM*LOG(C) + C = KM*LOG(C0) + C0 - V*T (bisection on
C     U = LOG(C) here); W = -(the same with KM2); B = 1 - C.
C     BOUNDS: C in [0,1], W in [-1,0], B in [-1,2].  C starts ON its
C     upper bound and W on its lower bound (inside: allowed).
C
C     Run 1 (RTOL = 1D-4, ATOL = 1D-6): one-step mode INFO(3) = 1
C     with TSTOP = TOUT = 5 (INFO(4) = 1), so that every return is a
C     step result (the last one lands on TSTOP), JDTYPE = 1.
C       - every return: BOUNDS(1,I) <= Z(I) <= BOUNDS(2,I) exactly
C         (the SPEC: a corrector result outside the bounds fails the
C         step and H is cut);
C       - every return: |Z - exact| <= 100*(RTOL*|exact| + ATOL);
C       - the run reaches T = 5 (IDID = 2 or 3 with TIME = 5).
C     Run 2: the same with RTOL = ATOL = 1D-8 and JDTYPE = 0.
C     Run 3: start points outside the bounds give IDID = -33 without
C       calling RES, with TIME, Z, ZDOT unchanged: C = 1.5 (above 1),
C       W = 1D-3 (above 0), B = 3 (above 2, an algebraic variable).
C     The last line printed is PASS DSL_BOUNDS or FAIL DSL_BOUNDS: ...
C-----------------------------------------------------------------------
      PROGRAM DSLBND
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NX=2, NEJAC=4)
      PARAMETER (LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(1)
      DIMENSION BOUNDS(2,NEQ), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(1), ZEX(NEQ), Z0(NEQ), ZP0(NEQ)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /MMPAR/ V, XKM, XKM2
      COMMON /MMCNT/ NRESD, NJACD
      EXTERNAL RESD, JACD, SENDUM, STCDUM, EVTDUM
C     Pattern of dF/dZ + CJ*dF/dZDOT.
      DATA JROW / 1, 2, 3, 3 /
      DATA JCOL / 1, 2, 1, 3 /
      DATA JYDOT / 1, 2 /
C
      OK = .TRUE.
      WHY = ' '
      V = 1.0D0
      XKM = 1.0D-2
      XKM2 = 2.0D-2
      BOUNDS(1,1) = 0.0D0
      BOUNDS(2,1) = 1.0D0
      BOUNDS(1,2) = -1.0D0
      BOUNDS(2,2) = 0.0D0
      BOUNDS(1,3) = -1.0D0
      BOUNDS(2,3) = 2.0D0
      NJYDOT = NX
      NC = 0
      ND = 0
      ISC(1) = 0
      TEND = 5.0D0
C
      DO 500 IRUN = 1,2
         IF (IRUN .EQ. 1) THEN
            RTOL = 1.0D-4
            ATOL = 1.0D-6
            JDTYPE = 1
         ELSE
            RTOL = 1.0D-8
            ATOL = 1.0D-8
            JDTYPE = 0
         ENDIF
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(3) = 1
         INFO(4) = 1
         INFO(10) = 1
         RWORK(1) = TEND
         NRESD = 0
         NJACD = 0
         TIME = 0.0D0
         CALL START(Z, ZDOT)
         NRET = 0
         NOUTB = 0
         ERRMX = 0.0D0
         ZMIN1 = 1.0D0
         ZMAX2 = -1.0D0
 100     CONTINUE
         CALL DSL48E(RESD, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JACD, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BOUNDS,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCDUM, EVTDUM)
         IF (IDID .LT. 0 .OR. IEVENT .NE. 0) THEN
            WRITE(6,*) '  RUN', IRUN, ' IDID =', IDID, ' AT T =', TIME
            CALL FAILED('INTEGRATION FAILED')
            GO TO 400
         ENDIF
         NRET = NRET + 1
         DO 110 I = 1,NEQ
            IF (Z(I) .LT. BOUNDS(1,I) .OR. Z(I) .GT. BOUNDS(2,I)) THEN
               NOUTB = NOUTB + 1
               IF (NOUTB .LE. 5) WRITE(6,120) TIME, I, Z(I)
 120           FORMAT('   OUT OF BOUNDS AT T =',F10.6,': Z(',I1,
     1                ') =',1P,E12.4)
            ENDIF
 110     CONTINUE
         ZMIN1 = MIN(ZMIN1, Z(1))
         ZMAX2 = MAX(ZMAX2, Z(2))
         CALL EXACT(TIME, ZEX)
         DO 130 I = 1,NEQ
            ERRMX = MAX(ERRMX, ABS(Z(I) - ZEX(I))/
     1                         (RTOL*ABS(ZEX(I)) + ATOL))
 130     CONTINUE
         IF (NRET .GT. 20000) THEN
            CALL FAILED('MORE THAN 20000 RETURNS')
            GO TO 400
         ENDIF
         IF (IDID .EQ. 1) GO TO 100
         IF (TIME .NE. TEND) THEN
            WRITE(6,*) '  IDID =', IDID, ' TIME =', TIME
            CALL FAILED('LAST RETURN NOT AT TSTOP = TOUT')
         ENDIF
 400     CONTINUE
         WRITE(6,200) IRUN, RTOL, ATOL, JDTYPE, NRET, IDID, TIME
 200     FORMAT(/' RUN',I2,': RTOL =',1P,E8.1,' ATOL =',E8.1,0P,
     1          ' JDTYPE =',I2,' RETURNS =',I6,' LAST IDID =',I3,
     2          ' AT T =',F8.4)
         WRITE(6,210) ZMIN1, ZMAX2, NOUTB, ERRMX
 210     FORMAT('   MIN C =',1P,E12.4,'  MAX W =',E12.4,
     1          '  RETURNS OUT OF BOUNDS =',I5/
     2          '   LARGEST ERROR / (RTOL*|V|+ATOL) =',1P,E10.2)
         WRITE(6,220) (IWORK(I),I=11,15), IWORK(17), IWORK(18)
 220     FORMAT('   NST =',I6,' NRE =',I6,' NJE =',I5,' NETF =',I4,
     1          ' NCFN =',I4,' LENIW =',I5,' LENRW =',I5)
         IF (NOUTB .GT. 0) CALL FAILED('A RETURNED Z IS OUT OF BOUNDS')
         IF (ERRMX .GT. 100.0D0)
     1      CALL FAILED('SOLUTION DIFFERS FROM THE EXACT ONE')
         IF (IWORK(17) .GT. 40+2*NEQ .OR. IWORK(17) .LE. 0)
     1      CALL FAILED('IWORK(17) (LENIW) ABOVE 40+2*NEQ OR UNSET')
         IF (IWORK(18) .GT. 60+10*NEQ+NEJAC .OR. IWORK(18) .LE. 0)
     1      CALL FAILED('IWORK(18) (LENRW) ABOVE 60+10*NEQ+NEJAC')
 500  CONTINUE
C
C     ---------------- Run 3: start outside the bounds ----------------
      WRITE(6,'(/A)') ' RUN 3: START POINTS OUTSIDE THE BOUNDS'
      DO 700 ICASE = 1,3
         DO 610 I = 1,20
            INFO(I) = 0
 610     CONTINUE
         INFO(10) = 1
         RTOL = 1.0D-6
         ATOL = 1.0D-6
         JDTYPE = 0
         NRESD = 0
         NJACD = 0
         TIME = 0.0D0
         CALL START(Z, ZDOT)
         IF (ICASE .EQ. 1) THEN
            Z(1) = 1.5D0
            Z(3) = 1.0D0 - Z(1)
         ELSE IF (ICASE .EQ. 2) THEN
            Z(2) = 1.0D-3
         ELSE
            Z(3) = 3.0D0
         ENDIF
         DO 620 I = 1,NEQ
            Z0(I) = Z(I)
            ZP0(I) = ZDOT(I)
 620     CONTINUE
         CALL DSL48E(RESD, SENDUM, NEQ, TIME, Z, ZDOT, TEND, INFO,
     1        RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2        JACD, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BOUNDS,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCDUM, EVTDUM)
         WRITE(6,630) ICASE, (Z0(I),I=1,3), IDID, NRESD
 630     FORMAT('   CASE',I2,': Z =',3F9.4,'  IDID =',I4,
     1          '  RES CALLS =',I4)
         IF (IDID .NE. -33)
     1      CALL FAILED('START OUTSIDE THE BOUNDS: IDID IS NOT -33')
         IF (NRESD .NE. 0 .OR. NJACD .NE. 0)
     1      CALL FAILED('RES OR JAC CALLED BEFORE IDID = -33')
         IF (TIME .NE. 0.0D0) CALL FAILED('TIME CHANGED BY -33 CALL')
         DO 640 I = 1,NEQ
            IF (Z(I) .NE. Z0(I) .OR. ZDOT(I) .NE. ZP0(I))
     1         CALL FAILED('Z OR ZDOT CHANGED BY -33 CALL')
 640     CONTINUE
 700  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_BOUNDS'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_BOUNDS: ', WHY
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
      SUBROUTINE START(Z, ZDOT)
C     Consistent start: C = 1, W = -1, B = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(3), ZDOT(3)
      COMMON /MMPAR/ V, XKM, XKM2
      Z(1) = 1.0D0
      Z(2) = -1.0D0
      Z(3) = 0.0D0
      ZDOT(1) = -V*Z(1)/(XKM + Z(1))
      ZDOT(2) = -V*Z(2)/(XKM2 - Z(2))
      ZDOT(3) = -ZDOT(1)
      RETURN
      END
C
      SUBROUTINE EXACT(T, Z)
C     Exact solution: C = SUBST(KM, T), W = -SUBST(KM2, T), B = 1-C.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(3)
      COMMON /MMPAR/ V, XKM, XKM2
      Z(1) = SUBST(XKM, T)
      Z(2) = -SUBST(XKM2, T)
      Z(3) = 1.0D0 - Z(1)
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION SUBST(XK, T)
C     S(T) with S' = -V*S/(XK + S), S(0) = 1:
C     XK*U + EXP(U) = 1 - V*T for U = LOG(S), solved by bisection
C     (the left side increases with U).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /MMPAR/ V, XKM, XKM2
      RHS = 1.0D0 - V*T
      UL = -1.0D4
      UH = 1.0D0
      DO 10 K = 1,200
         UM = 0.5D0*(UL + UH)
         IF (XK*UM + EXP(UM) .GT. RHS) THEN
            UH = UM
         ELSE
            UL = UM
         ENDIF
 10   CONTINUE
      SUBST = EXP(0.5D0*(UL + UH))
      RETURN
      END
C
      SUBROUTINE RESD(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     DSL48E residual.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /MMPAR/ V, XKM, XKM2
      COMMON /MMCNT/ NRESD, NJACD
      NRESD = NRESD + 1
      DELTA(1) = ZDOT(1) + V*Z(1)/(XKM + Z(1))
      DELTA(2) = ZDOT(2) + V*Z(2)/(XKM2 - Z(2))
      DELTA(3) = Z(3) - (1.0D0 - Z(1))
      RETURN
      END
C
      SUBROUTINE JACD(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1                RPAR, IPAR)
C     PD(K) = dF(JROW(K))/dZ(JCOL(K)) + CJ*dF(JROW(K))/dZDOT(JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /MMPAR/ V, XKM, XKM2
      COMMON /MMCNT/ NRESD, NJACD
      NJACD = NJACD + 1
      DO 10 K = 1,NEJAC
         I = JROW(K)
         J = JCOL(K)
         P = 0.0D0
         IF (I .EQ. 1 .AND. J .EQ. 1)
     1      P = CJ + V*XKM/(XKM + Z(1))**2
         IF (I .EQ. 2 .AND. J .EQ. 2)
     1      P = CJ + V*XKM2/(XKM2 - Z(2))**2
         IF (I .EQ. 3 .AND. J .EQ. 1) P = 1.0D0
         IF (I .EQ. 3 .AND. J .EQ. 3) P = 1.0D0
         PD(K) = P
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called.
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_BOUNDS: SENRHS WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE STCDUM(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                  RPAR, IPAR, NDI, IG)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_BOUNDS: STCHANGE CALLED WITH NC = 0'
      STOP 1
      END
C
      SUBROUTINE EVTDUM(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                  Z, ZDOT, RPAR, IPAR, D, ALPHA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_BOUNDS: EVTDERIV CALLED WITH NC = 0'
      STOP 1
      END
