C-----------------------------------------------------------------------
C     LIN_USERJAC -- the linear system of LIN_DENSE,
C     G(T,Y,Y') = Y' - A*Y = 0 with A = H*D*H, H = I - ONES/2,
C     D = diag(-0.5,-1,-10,-100), exact solution H*EXP(D*T)*H*Y0,
C     this time with
C       - a user-supplied dense Jacobian  PD = -A + CJ*I  (INFO(5)=1),
C       - vector tolerances RTOL(I), ATOL(I)             (INFO(2)=1),
C       - intermediate output                            (INFO(3)=1).
C
C     Checks: every return is IDID=1 (one step taken, T < TOUT, T
C     increasing, T = RWORK(4)) until IDID=3 with T = TOUT exactly;
C     each call takes at most one step; the solution at every return
C     (intermediate or TOUT) is within a small multiple of the
C     per-component tolerances; the user JAC is called exactly
C     IWORK(13) times, always with CJ > 0.
C     The last line printed is PASS LIN_USERJAC or FAIL LIN_USERJAC: ...
C-----------------------------------------------------------------------
      PROGRAM LINUJ
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), YEX(NEQ), YPEX(NEQ), INFO(20)
      DIMENSION RTOL(NEQ), ATOL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /JCOUNT/ CJMIN, NJAC
      EXTERNAL RES, JAC, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      NJAC = 0
      CJMIN = 1.0D30
      CALL SETUP
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(2) = 1
      INFO(3) = 1
      INFO(5) = 1
      DO 15 I = 1,NEQ
         RTOL(I) = 1.0D-6*DBLE(I)
         ATOL(I) = 1.0D-7*DBLE(5-I)
 15   CONTINUE
      T = 0.0D0
      CALL EXACT(T, Y, YPRIME)
C
      WRITE(6,100) LRW, LIW
 100  FORMAT(' LIN_USERJAC: USER DENSE JACOBIAN, VECTOR TOLERANCES,',
     1  ' INTERMEDIATE OUTPUT, LRW =',I5,' LIW =',I5/
     2  '      TOUT  STEPS         Y(1)          Y(2)          Y(3)',
     3  '          Y(4)  ERR/TOL')
      ERRMAX = 0.0D0
      NONE = 0
      NOUT = 10
      TOLD = T
      NSTOLD = 0
      DO 50 IOUT = 1,NOUT
         TOUT = DBLE(IOUT)
         NRET = 0
 20      CONTINUE
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JAC, PDUM,
     2        RTDUM, NRT, JROOT)
         NRET = NRET + 1
         IF (IWORK(11) - NSTOLD .GT. 1) THEN
            IF (OK) WHY = 'MORE THAN ONE STEP IN ONE CALL'
            OK = .FALSE.
         ENDIF
         NSTOLD = IWORK(11)
         IF (IDID .NE. 1 .AND. IDID .NE. 3) THEN
            WRITE(6,*) 'UNEXPECTED IDID =', IDID, ' AT T =', T
            IF (OK) WHY = 'IDID IS NEITHER 1 NOR 3'
            OK = .FALSE.
            GO TO 60
         ENDIF
         IF (T .LE. TOLD) THEN
            IF (OK) WHY = 'T DID NOT INCREASE BETWEEN RETURNS'
            OK = .FALSE.
         ENDIF
         TOLD = T
         CALL EXACT(T, YEX, YPEX)
         ERR = 0.0D0
         DO 25 I = 1,NEQ
            E = ABS(Y(I) - YEX(I))/(RTOL(I)*ABS(YEX(I)) + ATOL(I))
            ERR = MAX(ERR, E)
 25      CONTINUE
         ERRMAX = MAX(ERRMAX, ERR)
         IF (IDID .EQ. 1) THEN
            NONE = NONE + 1
            IF (T .GE. TOUT) THEN
               IF (OK) WHY = 'IDID=1 RETURN AT OR PAST TOUT'
               OK = .FALSE.
            ENDIF
            IF (T .NE. RWORK(4)) THEN
               IF (OK) WHY = 'IDID=1 BUT T DIFFERS FROM TN = RWORK(4)'
               OK = .FALSE.
            ENDIF
            IF (NRET .GT. 2000) THEN
               IF (OK) WHY = 'TOO MANY IDID=1 RETURNS'
               OK = .FALSE.
               GO TO 60
            ENDIF
            GO TO 20
         ENDIF
C        IDID = 3 here.
         IF (T .NE. TOUT) THEN
            IF (OK) WHY = 'IDID=3 BUT T IS NOT EQUAL TO TOUT'
            OK = .FALSE.
         ENDIF
         IF (RWORK(4) .LT. TOUT) THEN
            IF (OK) WHY = 'IDID=3 BUT TN = RWORK(4) IS BEHIND TOUT'
            OK = .FALSE.
         ENDIF
         WRITE(6,110) T, NRET, (Y(I),I=1,NEQ), ERR
 110     FORMAT(1X,F9.3,I7,4D14.6,F9.2)
 50   CONTINUE
 60   CONTINUE
C
      NST = IWORK(11)
      NRE = IWORK(12)
      NJE = IWORK(13)
      NETF = IWORK(14)
      NCFN = IWORK(15)
      WRITE(6,120) ERRMAX, NONE, NJAC
 120  FORMAT(' MAX ERROR / TOLERANCE =',F9.3,'   IDID=1 RETURNS =',I6,
     1       '   JAC CALLS =',I5)
      WRITE(6,130) NST, NRE, NJE, NETF, NCFN
 130  FORMAT(' NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4)
C
      IF (OK .AND. ERRMAX .GT. 10.0D0) THEN
         OK = .FALSE.
         WHY = 'GLOBAL ERROR MORE THAN 10 TIMES THE TOLERANCE'
      ENDIF
      IF (OK .AND. NONE .LT. 20) THEN
         OK = .FALSE.
         WHY = 'TOO FEW IDID=1 RETURNS'
      ENDIF
      IF (OK .AND. (NJAC .NE. NJE .OR. NJE .LT. 1)) THEN
         OK = .FALSE.
         WHY = 'NUMBER OF JAC CALLS DIFFERS FROM IWORK(13)'
      ENDIF
      IF (OK .AND. CJMIN .LE. 0.0D0) THEN
         OK = .FALSE.
         WHY = 'JAC RECEIVED A NON-POSITIVE CJ'
      ENDIF
      IF (OK .AND. (NST .LT. 20 .OR. NST .GT. 2000)) THEN
         OK = .FALSE.
         WHY = 'IMPLAUSIBLE STEP COUNT'
      ENDIF
C     With an exact Jacobian, RES is called once per Newton iteration
C     only; a difference-quotient Jacobian would add NEQ calls each.
      IF (OK .AND. NRE .GE. NST + NEQ*NJE + 4*NST) THEN
         OK = .FALSE.
         WHY = 'NRE TOO LARGE FOR A USER-SUPPLIED JACOBIAN'
      ENDIF
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS LIN_USERJAC'
      ELSE
         WRITE(6,'(2A)') 'FAIL LIN_USERJAC: ', WHY
      ENDIF
      END
C
      SUBROUTINE SETUP
C     Build A = H*D*H, H = I - ONES/2, and the initial value Y0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /LINSYS/ A(4,4), D(4), Y0(4), HH(4,4)
      D(1) = -0.5D0
      D(2) = -1.0D0
      D(3) = -10.0D0
      D(4) = -100.0D0
      DO 20 I = 1,4
         Y0(I) = DBLE(I)
         DO 10 J = 1,4
            HH(I,J) = -0.5D0
            IF (I .EQ. J) HH(I,J) = 0.5D0
 10      CONTINUE
 20   CONTINUE
      DO 50 I = 1,4
         DO 40 J = 1,4
            S = 0.0D0
            DO 30 K = 1,4
               S = S + HH(I,K)*D(K)*HH(K,J)
 30         CONTINUE
            A(I,J) = S
 40      CONTINUE
 50   CONTINUE
      RETURN
      END
C
      SUBROUTINE EXACT(T, Y, YP)
C     Y = H*EXP(D*T)*H*Y0 and YP = H*D*EXP(D*T)*H*Y0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YP(4), C(4)
      COMMON /LINSYS/ A(4,4), D(4), Y0(4), HH(4,4)
      DO 20 K = 1,4
         S = 0.0D0
         DO 10 J = 1,4
            S = S + HH(K,J)*Y0(J)
 10      CONTINUE
         C(K) = S*EXP(D(K)*T)
 20   CONTINUE
      DO 40 I = 1,4
         Y(I) = 0.0D0
         YP(I) = 0.0D0
         DO 30 K = 1,4
            Y(I) = Y(I) + HH(I,K)*C(K)
            YP(I) = YP(I) + HH(I,K)*D(K)*C(K)
 30      CONTINUE
 40   CONTINUE
      RETURN
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), DELTA(*), RPAR(*), IPAR(*)
      COMMON /LINSYS/ A(4,4), D(4), Y0(4), HH(4,4)
      DO 20 I = 1,4
         S = YPRIME(I)
         DO 10 J = 1,4
            S = S - A(I,J)*Y(J)
 10      CONTINUE
         DELTA(I) = S
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE JAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
C     PD = dG/dY + CJ*dG/dYPRIME = -A + CJ*I, first dimension NEQ.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), PD(4,4), RPAR(*), IPAR(*)
      COMMON /LINSYS/ A(4,4), D(4), Y0(4), HH(4,4)
      COMMON /JCOUNT/ CJMIN, NJAC
      NJAC = NJAC + 1
      CJMIN = MIN(CJMIN, CJ)
      DO 20 J = 1,4
         DO 10 I = 1,4
            PD(I,J) = -A(I,J)
 10      CONTINUE
         PD(J,J) = PD(J,J) + CJ
 20   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL LIN_USERJAC: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL LIN_USERJAC: DUMMY RT WAS CALLED'
      STOP
      END
