C-----------------------------------------------------------------------
C     DSL_ICROUGH -- DSL48E consistent initial conditions (INFO(11) = 1:
C     given the differential variables x, compute the algebraic
C     variables y and x') from rough guesses, NC = 0.
C
C     Index-1 DAE, Z = (X1, X2, Y1, Y2), JYDOT = (1, 2):
C        F1 = X1' + X1 - Y1 + X1**2 + SIN(T)
C        F2 = Y1 - X1**2 - SIN(T)
C        F3 = X2' - Y2 + LOG(1 + X2**2) + SIN(T)
C        F4 = EXP(Y2) - 1 - X2**2
C     (dF/d(X',Y) is nonsingular).  From T0 = 0.5, X1(T0) = 1,
C     X2(T0) = 2 the exact solution is
C        X1 = EXP(-(T-T0)),          X1' = -X1,
C        X2 = 2 + COS(T) - COS(T0),  X2' = -SIN(T),
C        Y1 = X1**2 + SIN(T),        Y2 = LOG(1 + X2**2),
C     so at T0: Y1 = 1 + SIN(0.5) = 1.4794, Y2 = LOG(5) = 1.6094,
C     X1' = -1, X2' = -SIN(0.5) = -0.4794.  Rough guesses are
C     passed: Y1 = 5, Y2 = 3 (EXP(Y2) = 20 against 5), X1' = 10,
C     X2' = -10.  The pattern (NEJAC = 9) is that of F.
C
C     Runs (outputs T = T0 + 0.5*K, K = 1..10):
C       R1  RTOL = ATOL = 1D-8, JDTYPE = 0, INFO(14) = 1: IDID = 4
C           after the initial-condition calculation; then continued
C           as a new start with INFO(1) = 0, INFO(11) = 0,
C           INFO(14) = 0 (DDASKR's convention after IDID = 4);
C       R2  RTOL = ATOL = 1D-8, JDTYPE = 1 (analytic JAC), INFO(14)
C           = 0: the first call computes the initial values and goes
C           on to the first TOUT;
C       R3  RTOL = ATOL = 1D-5, JDTYPE = 1, INFO(14) = 1.
C     Checks:
C       - after IDID = 4: TIME = T0 and X1, X2 unchanged bit for bit,
C         Y and X' within TOLIC = 10*(RTOL*|V| + ATOL) of the exact
C         values (the calculation is a Newton iteration stopped when
C         its weighted correction norm is far below 1, i.e. well
C         within the error weights);
C       - X1, X2, Y1, Y2 at every TOUT within 100*(RTOL*|V| + ATOL)
C         of the exact solution (global BDF error, a modest multiple
C         of the tolerance), IDID = 3, TIME = TOUT;
C       - the residual at every output is small (|F| <= 1D3*RTOL);
C       - IWORK(17) <= 40+2*NEQ, IWORK(18) <= 60+10*NEQ+NEJAC;
C       - JDTYPE = 0: JAC never called; JDTYPE = 1: JAC called.
C     The last line printed is PASS DSL_ICROUGH or FAIL DSL_ICROUGH: ...
C-----------------------------------------------------------------------
      PROGRAM DSLICR
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NX=2, NEJAC=9, NOUT=10)
      PARAMETER (LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=5+5*NEQ+40)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(1)
      DIMENSION BDUM(2,NEQ), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(1), ZEX(NEQ), ZPEX(NEQ), DEL(NEQ)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /ICCNT/ NRESD, NJACD
      EXTERNAL RESD, JACD, SENDUM, STCDUM, EVTDUM
C     Pattern of dF/dZ + CJ*dF/dZDOT, row by row; (2,2) is a
C     structural entry that is always zero (allowed in a pattern).
      DATA JROW / 1, 1,  2, 2, 2,  3, 3,  4, 4 /
      DATA JCOL / 1, 3,  1, 2, 3,  2, 4,  2, 4 /
      DATA JYDOT / 1, 2 /
C
      OK = .TRUE.
      WHY = ' '
      T0 = 0.5D0
      NJYDOT = NX
      NC = 0
      ND = 0
      ISC(1) = 0
C
      DO 500 IRUN = 1,3
         IF (IRUN .LE. 2) THEN
            RTOL = 1.0D-8
            ATOL = 1.0D-8
         ELSE
            RTOL = 1.0D-5
            ATOL = 1.0D-5
         ENDIF
         JDTYPE = 1
         IF (IRUN .EQ. 1) JDTYPE = 0
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(11) = 1
         IF (IRUN .NE. 2) INFO(14) = 1
         NRESD = 0
         NJACD = 0
         TIME = T0
         Z(1) = 1.0D0
         Z(2) = 2.0D0
         Z(3) = 5.0D0
         Z(4) = 3.0D0
         ZDOT(1) = 10.0D0
         ZDOT(2) = -10.0D0
         ZDOT(3) = 0.0D0
         ZDOT(4) = 0.0D0
         X1S = Z(1)
         X2S = Z(2)
         WRITE(6,100) IRUN, RTOL, JDTYPE, INFO(14)
 100     FORMAT(/' RUN',I2,': RTOL = ATOL =',1P,E8.1,0P,' JDTYPE =',
     1          I2,' INFO(14) =',I2)
         ERRMX = 0.0D0
         RESMX = 0.0D0
         DO 400 IOUT = 1,NOUT
            TOUT = T0 + 0.5D0*DBLE(IOUT)
 200        CONTINUE
            CALL DSL48E(RESD, SENDUM, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JACD, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCDUM, EVTDUM)
            IF (IDID .EQ. 4) THEN
C              The initial-condition calculation alone.
               CALL EXACT(T0, ZEX, ZPEX)
               WRITE(6,110) TIME, (Z(I),I=1,4), ZDOT(1), ZDOT(2)
 110           FORMAT(' IDID = 4 AT T =',F6.3,': Z =',4F13.9/
     1                '   X'' =',2F13.9)
               WRITE(6,120) (ZEX(I),I=1,4), ZPEX(1), ZPEX(2)
 120           FORMAT('   EXACT:    Z =',4F13.9/'   X'' =',2F13.9)
               IF (TIME .NE. T0)
     1            CALL FAILED('IDID = 4 BUT TIME MOVED')
               IF (Z(1) .NE. X1S .OR. Z(2) .NE. X2S)
     1            CALL FAILED('IDID = 4 BUT X MOVED')
               E = 0.0D0
               DO 210 I = 3,4
                  E = MAX(E, ABS(Z(I) - ZEX(I))/
     1                       (RTOL*ABS(ZEX(I)) + ATOL))
 210           CONTINUE
               DO 220 I = 1,2
                  E = MAX(E, ABS(ZDOT(I) - ZPEX(I))/
     1                       (RTOL*ABS(ZPEX(I)) + ATOL))
 220           CONTINUE
               WRITE(6,130) E
 130           FORMAT('   LARGEST IC ERROR / (RTOL*|V|+ATOL) =',1P,
     1                E10.2)
               IF (E .GT. 10.0D0)
     1            CALL FAILED('INITIAL VALUES NOT CONSISTENT')
C              Continue as a new start from the consistent values.
               INFO(1) = 0
               INFO(11) = 0
               INFO(14) = 0
               GO TO 200
            ENDIF
            IF (IDID .NE. 3 .OR. TIME .NE. TOUT .OR. IEVENT .NE. 0)
     1         THEN
               WRITE(6,*) '  IDID =', IDID, ' TIME =', TIME
               CALL FAILED('NOT IDID = 3 AT TOUT')
               GO TO 450
            ENDIF
            CALL EXACT(TIME, ZEX, ZPEX)
            DO 300 I = 1,NEQ
               ERRMX = MAX(ERRMX, ABS(Z(I) - ZEX(I))/
     1                            (RTOL*ABS(ZEX(I)) + ATOL))
 300        CONTINUE
            CALL FRES(TIME, Z, ZDOT, DEL)
            DO 310 I = 1,NEQ
               RESMX = MAX(RESMX, ABS(DEL(I)))
 310        CONTINUE
            IF (IOUT .EQ. 1 .OR. IOUT .EQ. NOUT)
     1         WRITE(6,140) TIME, (Z(I),I=1,4), (ZEX(I),I=1,4)
 140        FORMAT(' T =',F6.3,' Z =',4F13.9/'   EXACT    ',4F13.9)
 400     CONTINUE
 450     CONTINUE
         WRITE(6,150) ERRMX, RESMX, (IWORK(I),I=11,15), IWORK(17),
     1        IWORK(18), NRESD, NJACD
 150     FORMAT(' LARGEST ERROR / (RTOL*|V|+ATOL) =',1P,E10.2,
     1          '  LARGEST |F| =',E10.2/0P,'   NST =',I5,' NRE =',I5,
     2          ' NJE =',I4,' NETF =',I3,' NCFN =',I3,' LENIW =',I5,
     3          ' LENRW =',I5/'   RES CALLS =',I6,' JAC CALLS =',I5)
         IF (ERRMX .GT. 100.0D0)
     1      CALL FAILED('SOLUTION DIFFERS FROM THE EXACT ONE')
         IF (RESMX .GT. 1.0D3*RTOL)
     1      CALL FAILED('RESIDUAL AT AN OUTPUT TOO LARGE')
         IF (IWORK(17) .GT. 40+2*NEQ .OR. IWORK(17) .LE. 0)
     1      CALL FAILED('IWORK(17) (LENIW) ABOVE 40+2*NEQ OR UNSET')
         IF (IWORK(18) .GT. 60+10*NEQ+NEJAC .OR. IWORK(18) .LE. 0)
     1      CALL FAILED('IWORK(18) (LENRW) ABOVE 60+10*NEQ+NEJAC')
         IF (JDTYPE .EQ. 0 .AND. NJACD .NE. 0)
     1      CALL FAILED('JAC CALLED WITH JDTYPE = 0')
         IF (JDTYPE .EQ. 1 .AND. NJACD .EQ. 0)
     1      CALL FAILED('JAC NEVER CALLED WITH JDTYPE = 1')
 500  CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_ICROUGH'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_ICROUGH: ', WHY
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
      SUBROUTINE EXACT(T, Z, ZP)
C     Exact solution and derivative (X1(0.5) = 1, X2(0.5) = 2).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(4), ZP(4)
      T0 = 0.5D0
      Z(1) = EXP(-(T - T0))
      Z(2) = 2.0D0 + COS(T) - COS(T0)
      Z(3) = Z(1)**2 + SIN(T)
      Z(4) = LOG(1.0D0 + Z(2)**2)
      ZP(1) = -Z(1)
      ZP(2) = -SIN(T)
      ZP(3) = 2.0D0*Z(1)*ZP(1) + COS(T)
      ZP(4) = 2.0D0*Z(2)*ZP(2)/(1.0D0 + Z(2)**2)
      RETURN
      END
C
      SUBROUTINE FRES(T, Z, ZDOT, DEL)
C     The residual F.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(4), ZDOT(4), DEL(4)
      DEL(1) = ZDOT(1) + Z(1) - Z(3) + Z(1)**2 + SIN(T)
      DEL(2) = Z(3) - Z(1)**2 - SIN(T)
      DEL(3) = ZDOT(2) - Z(4) + LOG(1.0D0 + Z(2)**2) + SIN(T)
      DEL(4) = EXP(Z(4)) - 1.0D0 - Z(2)**2
      RETURN
      END
C
      SUBROUTINE RESD(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     DSL48E residual.  Y2 is kept below 700 so that EXP cannot
C     overflow on a wild Newton iterate (IRES = -1: try again).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /ICCNT/ NRESD, NJACD
      NRESD = NRESD + 1
      IF (Z(4) .GT. 700.0D0) THEN
         IRES = -1
         RETURN
      ENDIF
      CALL FRES(T, Z, ZDOT, DELTA)
      RETURN
      END
C
      SUBROUTINE JACD(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1                RPAR, IPAR)
C     PD(K) = dF(JROW(K))/dZ(JCOL(K)) + CJ*dF(JROW(K))/dZDOT(JCOL(K)).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /ICCNT/ NRESD, NJACD
      NJACD = NJACD + 1
      DO 10 K = 1,NEJAC
         I = JROW(K)
         J = JCOL(K)
         V = 0.0D0
         IF (I .EQ. 1 .AND. J .EQ. 1) V = CJ + 1.0D0 + 2.0D0*Z(1)
         IF (I .EQ. 1 .AND. J .EQ. 3) V = -1.0D0
         IF (I .EQ. 2 .AND. J .EQ. 1) V = -2.0D0*Z(1)
         IF (I .EQ. 2 .AND. J .EQ. 3) V = 1.0D0
         IF (I .EQ. 3 .AND. J .EQ. 2)
     1      V = CJ + 2.0D0*Z(2)/(1.0D0 + Z(2)**2)
         IF (I .EQ. 3 .AND. J .EQ. 4) V = -1.0D0
         IF (I .EQ. 4 .AND. J .EQ. 2) V = -2.0D0*Z(2)
         IF (I .EQ. 4 .AND. J .EQ. 4) V = EXP(Z(4))
         PD(K) = V
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called.
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_ICROUGH: SENRHS WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE STCDUM(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                  RPAR, IPAR, NDI, IG)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_ICROUGH: STCHANGE CALLED WITH NC = 0'
      STOP 1
      END
C
      SUBROUTINE EVTDUM(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                  Z, ZDOT, RPAR, IPAR, D, ALPHA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_ICROUGH: EVTDERIV CALLED WITH NC = 0'
      STOP 1
      END
