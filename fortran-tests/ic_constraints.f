C-----------------------------------------------------------------------
C     IC_CONSTRAINTS -- inequality constraints (INFO(10)) in the
C     initial-condition calculation and during the integration.
C
C     Chemistry: substrate A decays fast into a short-lived
C     intermediate X, which an enzyme turns into the product P with a
C     Michaelis-Menten rate; X is in quasi-steady state (algebraic):
C        A' = -K1*A
C         0 =  K1*A - V*X/(KM + X)
C        P' =  V*X/(KM + X)
C     K1 = 1000, V = 2000, KM = 1, A(0) = 1, P(0) = 0.  Exact solution
C        A = EXP(-K1*T),  X = KM*K1*A/(V - K1*A),  P = 1 - A,
C     so the consistent start is X = 1, A' = -1000, P' = 1000.  The
C     guess X = 2.5 sits on the flat part of the rate law: the first
C     Newton step of the initial-condition calculation (INFO(11) = 1,
C     ID = (+1,-1,+1)) overshoots to X < 0.
C
C     Part 1, the calculation alone (INFO(14) = 1, RTOL = ATOL = 1D-8):
C       1a INFO(10) = 0: IDID = 4 and the right answer, but RES was
C          called with a negative concentration X on the way;
C       1b INFO(10) = 0 with a RES that refuses X < 0 (IRES = -1, as
C          legacy models do when a rate law is undefined there): the
C          calculation cannot proceed, IDID = -12;
C       1c INFO(10) = 1 with ICNSTR = (1,2,1) in IWORK(41..43) (ID then
C          at LID = 40 + NEQ) and the refusing RES: IDID = 4, the right
C          answer, and RES never saw X < 0.
C     Part 2, integration to T = 10 with output every 0.01
C       (RTOL = 1D-3, ATOL = 1D-4, RES accepting any sign):
C       2a INFO(10) = 1 (constraints in the calculation only): A and X
C          come out negative at many output times (the usual BDF
C          behaviour once A has decayed far below ATOL);
C       2b INFO(10) = 3 (also during the integration): no output is
C          negative, and the answers stay within the tolerance.
C     Both runs are checked against the exact solution at every
C     output.  LIW = 40 + 2*NEQ without and 40 + 3*NEQ with ICNSTR.
C     The last line printed is PASS IC_CONSTRAINTS or
C     FAIL IC_CONSTRAINTS: reason.
C-----------------------------------------------------------------------
      PROGRAM ICCNST
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2)
      PARAMETER (LIWU=40+NEQ+NEQ, LIWC=40+NEQ+NEQ+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORKU(LIWU), IWORKC(LIWC)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /WATCH/ XMIN, NNEGX, IGUARD
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
C
C     ---------- Part 1a: unconstrained, tolerant RES ----------
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      CALL SETUP(0, INFO, IWORKU, T, Y, YPRIME)
      INFO(14) = 1
      IGUARD = 0
      TOUT = 0.01D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORKU, LIWU, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL SHOW('1A', IDID, T, Y, YPRIME, IWORKU)
      IF (IDID .NE. 4) CALL FAILED('1A: IDID IS NOT 4')
      CALL CHKIC('1A', Y, YPRIME)
      IF (XMIN .GE. 0.0D0)
     1   CALL FAILED('1A: UNCONSTRAINED NEWTON STAYED POSITIVE')
C
C     ---------- Part 1b: unconstrained, refusing RES ----------
      CALL SETUP(0, INFO, IWORKU, T, Y, YPRIME)
      INFO(14) = 1
      IGUARD = 1
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORKU, LIWU, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL SHOW('1B', IDID, T, Y, YPRIME, IWORKU)
      IF (IDID .NE. -12) CALL FAILED('1B: IDID IS NOT -12')
      IF (T .NE. 0.0D0) CALL FAILED('1B: T MOVED')
C
C     ---------- Part 1c: INFO(10) = 1, refusing RES ----------
      CALL SETUP(1, INFO, IWORKC, T, Y, YPRIME)
      INFO(14) = 1
      IGUARD = 1
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORKC, LIWC, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL SHOW('1C', IDID, T, Y, YPRIME, IWORKC)
      IF (IDID .NE. 4) CALL FAILED('1C: IDID IS NOT 4')
      CALL CHKIC('1C', Y, YPRIME)
      IF (XMIN .LT. 0.0D0 .OR. NNEGX .NE. 0)
     1   CALL FAILED('1C: RES SAW X < 0 DESPITE THE CONSTRAINT')
C
C     ---------- Part 2a: INFO(10) = 1, integration ----------
      RTOL = 1.0D-3
      ATOL = 1.0D-4
      IGUARD = 0
      CALL SETUP(1, INFO, IWORKC, T, Y, YPRIME)
      CALL INTEG('2A', INFO, T, Y, YPRIME, RTOL, ATOL, RWORK, LRW,
     1     IWORKC, LIWC, NNEG)
      IF (NNEG .EQ. 0)
     1   CALL FAILED('2A: NO NEGATIVE OUTPUT WITHOUT INFO(10)=3')
C
C     ---------- Part 2b: INFO(10) = 3, integration ----------
      CALL SETUP(3, INFO, IWORKC, T, Y, YPRIME)
      CALL INTEG('2B', INFO, T, Y, YPRIME, RTOL, ATOL, RWORK, LRW,
     1     IWORKC, LIWC, NNEG)
      IF (NNEG .NE. 0)
     1   CALL FAILED('2B: NEGATIVE OUTPUT WITH INFO(10)=3')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS IC_CONSTRAINTS'
      ELSE
         WRITE(6,'(2A)') 'FAIL IC_CONSTRAINTS: ', WHY
      ENDIF
      END
C
      SUBROUTINE EXACT(T, A, X, P)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (RK1=1000.0D0, V=2000.0D0, RKM=1.0D0)
      A = EXP(-RK1*T)
      X = RKM*RK1*A/(V - RK1*A)
      P = 1.0D0 - A
      RETURN
      END
C
      SUBROUTINE SETUP(INF10, INFO, IWORK, T, Y, YPRIME)
C     A fresh start with INFO(10) = INF10, INFO(11) = 1; ICNSTR in
C     IWORK(41..43) and the ID array behind it when INF10 = 1 or 3.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION INFO(20), IWORK(*), Y(3), YPRIME(3)
      COMMON /WATCH/ XMIN, NNEGX, IGUARD
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(10) = INF10
      INFO(11) = 1
      LID = 40
      IF (INF10 .EQ. 1 .OR. INF10 .EQ. 3) THEN
         IWORK(41) = 1
         IWORK(42) = 2
         IWORK(43) = 1
         LID = 43
      ENDIF
      IWORK(LID+1) = 1
      IWORK(LID+2) = -1
      IWORK(LID+3) = 1
      T = 0.0D0
      Y(1) = 1.0D0
      Y(2) = 2.5D0
      Y(3) = 0.0D0
      DO 20 I = 1,3
         YPRIME(I) = 0.0D0
 20   CONTINUE
      XMIN = Y(2)
      NNEGX = 0
      RETURN
      END
C
      SUBROUTINE CHKIC(PART, Y, YPRIME)
C     After IDID = 4: A and P untouched, X and A', P' consistent.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*2 PART
      DIMENSION Y(3), YPRIME(3)
      IF (Y(1) .NE. 1.0D0 .OR. Y(3) .NE. 0.0D0)
     1   CALL FAILED('INFO(11)=1 CHANGED A DIFFERENTIAL VARIABLE')
      ERR = MAX(ABS(Y(2) - 1.0D0), ABS(YPRIME(1) + 1000.0D0)/1000.0D0,
     1          ABS(YPRIME(3) - 1000.0D0)/1000.0D0)
      WRITE(6,100) PART, ERR
 100  FORMAT('   ',A2,': MAX (RELATIVE) ERROR OF X, A'', P'' =',
     1       1P,E10.2)
      IF (ERR .GT. 1.0D-7) CALL FAILED('INCONSISTENT X, A'' OR P''')
      RETURN
      END
C
      SUBROUTINE INTEG(PART, INFO, T, Y, YPRIME, RTOL, ATOL, RWORK,
     1                 LRW, IWORK, LIW, NNEG)
C     Integrate to T = 10 with output every 0.01; count negative
C     outputs and check against the exact solution.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*2 PART
      DIMENSION INFO(20), Y(3), YPRIME(3), RWORK(LRW), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      EXTERNAL RES, JDUM, PDUM, RTDUM
      NNEG = 0
      YMIN = 0.0D0
      ERRMX = 0.0D0
      DO 20 IOUT = 1,1000
         TOUT = 0.01D0*DBLE(IOUT)
         CALL DDASKR(RES, 3, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, 0, JROOT)
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            WRITE(6,*) '  ', PART, ': IDID =', IDID, ' AT T =', T
            CALL FAILED('INTEGRATION: IDID NOT 3 AT TOUT')
            GO TO 30
         ENDIF
         IF (MIN(Y(1), Y(2), Y(3)) .LT. 0.0D0) NNEG = NNEG + 1
         YMIN = MIN(YMIN, Y(1), Y(2), Y(3))
         CALL EXACT(T, A, X, P)
         ERR = MAX(ABS(Y(1) - A), ABS(Y(2) - X), ABS(Y(3) - P))
         ERRMX = MAX(ERRMX, ERR)
         IF (MOD(IOUT,250) .EQ. 0 .OR. IOUT .LE. 2)
     1      WRITE(6,100) PART, IDID, T, Y(1), Y(2), Y(3)
 100     FORMAT(' ',A2,': IDID =',I3,' T =',F6.2,' A, X, P =',1P,
     1          3E13.4)
 20   CONTINUE
 30   CONTINUE
      WRITE(6,110) PART, NNEG, YMIN, ERRMX
 110  FORMAT('   ',A2,':',I5,' NEGATIVE OUTPUTS, MINIMUM =',1P,E11.3,
     1       ', MAX ERROR =',E10.2)
      CALL COUNTS(IWORK)
      IF (ERRMX .GT. 1.0D-4)
     1   CALL FAILED('INTEGRATION: WRONG SOLUTION')
      RETURN
      END
C
      SUBROUTINE SHOW(PART, IDID, T, Y, YPRIME, IWORK)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*2 PART
      DIMENSION Y(3), YPRIME(3), IWORK(*)
      COMMON /WATCH/ XMIN, NNEGX, IGUARD
      WRITE(6,100) PART, IDID, T, Y(2), YPRIME(1), YPRIME(3)
 100  FORMAT(' ',A2,': IDID =',I4,' T =',F5.2,' X =',F16.12,
     1       ' A'' =',F18.10,' P'' =',F18.10)
      WRITE(6,110) PART, XMIN, NNEGX
 110  FORMAT('   ',A2,': SMALLEST X PASSED TO RES =',1P,E11.3,
     1       ', REFUSED',I3,' TIMES')
      CALL COUNTS(IWORK)
      RETURN
      END
C
      SUBROUTINE COUNTS(IWORK)
C     NST, NRE, NJE, NETF, NCFN and NNI.
      DIMENSION IWORK(*)
      WRITE(6,110) (IWORK(I),I=11,15), IWORK(19)
 110  FORMAT('   NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4,' NNI =',I6)
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
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     Y = (A, X, P).  With IGUARD = 1 a negative X is refused.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (RK1=1000.0D0, V=2000.0D0, RKM=1.0D0)
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      COMMON /WATCH/ XMIN, NNEGX, IGUARD
      XMIN = MIN(XMIN, Y(2))
      IF (IGUARD .EQ. 1 .AND. Y(2) .LT. 0.0D0) THEN
         NNEGX = NNEGX + 1
         IRES = -1
         RETURN
      ENDIF
      RATE = V*Y(2)/(RKM + Y(2))
      DELTA(1) = YPRIME(1) + RK1*Y(1)
      DELTA(2) = RK1*Y(1) - RATE
      DELTA(3) = YPRIME(3) - RATE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_CONSTRAINTS: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL IC_CONSTRAINTS: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL IC_CONSTRAINTS: DUMMY RT WAS CALLED'
      STOP
      END
