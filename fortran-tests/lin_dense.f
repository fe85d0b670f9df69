C-----------------------------------------------------------------------
C     LIN_DENSE -- DDASKR on a linear constant-coefficient system,
C     written as the implicit system  G(T,Y,Y') = Y' - A*Y = 0.
C
C     A = H*D*H with H = I - (1/2)*ONES (a Householder reflection,
C     H*H = I, so A is full and symmetric) and D = diag(-0.5,-1,-10,-100)
C     The exact solution is  Y(T) = H*EXP(D*T)*H*Y0.
C
C     Options: dense difference-quotient Jacobian (INFO(5)=0,
C     INFO(6)=0), scalar tolerances (INFO(2)=0), interval output
C     (INFO(3)=0) at 40 output times between 0.00625 and 10.
C     RWORK and IWORK have exactly DASKR's documented minimum lengths.
C
C     Checks: IDID=3 and T=TOUT at every output, the global error
C     within a small multiple of the tolerances, the derivative
C     returned in YPRIME, sane counters.  The last line printed is
C     PASS LIN_DENSE or FAIL LIN_DENSE: reason.
C-----------------------------------------------------------------------
      PROGRAM LINDNS
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), YEX(NEQ), YPEX(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      CHARACTER*60 WHY
      LOGICAL OK
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      CALL SETUP
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      T = 0.0D0
      CALL EXACT(T, Y, YPRIME)
C
      WRITE(6,100) LRW, LIW
 100  FORMAT(' LIN_DENSE: DENSE DQ JACOBIAN, LRW =',I6,'  LIW =',I6/
     1       '        T          Y(1)          Y(2)          Y(3)',
     2       '          Y(4)     ERR/TOL')
      ERRMAX = 0.0D0
      ERPMAX = 0.0D0
      NOUT = 40
      DO 50 IOUT = 1,NOUT
         TOUT = 10.0D0*(DBLE(IOUT)/DBLE(NOUT))**2
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (IDID .NE. 3) THEN
            WRITE(6,*) 'UNEXPECTED IDID =', IDID, ' AT T =', T
            IF (OK) WHY = 'IDID IS NOT 3 AT AN OUTPUT TIME'
            OK = .FALSE.
            GO TO 60
         ENDIF
         IF (T .NE. TOUT) THEN
            IF (OK) WHY = 'T IS NOT EQUAL TO TOUT ON RETURN'
            OK = .FALSE.
         ENDIF
         CALL EXACT(T, YEX, YPEX)
         ERR = 0.0D0
         ERP = 0.0D0
         DO 20 I = 1,NEQ
            E = ABS(Y(I) - YEX(I))/(RTOL*ABS(YEX(I)) + ATOL)
            ERR = MAX(ERR, E)
            E = ABS(YPRIME(I) - YPEX(I))/(1.0D0 + ABS(YPEX(I)))
            ERP = MAX(ERP, E)
 20      CONTINUE
         ERRMAX = MAX(ERRMAX, ERR)
         ERPMAX = MAX(ERPMAX, ERP)
         WRITE(6,110) T, (Y(I),I=1,NEQ), ERR
 110     FORMAT(1X,F10.5,4D14.6,F9.2)
 50   CONTINUE
 60   CONTINUE
C
      NST = IWORK(11)
      NRE = IWORK(12)
      NJE = IWORK(13)
      NETF = IWORK(14)
      NCFN = IWORK(15)
      WRITE(6,120) ERRMAX, ERPMAX
 120  FORMAT(' MAX ERROR / TOLERANCE =',F9.3,
     1       '   MAX REL. ERROR IN YPRIME =',D10.3)
      WRITE(6,130) NST, NRE, NJE, NETF, NCFN, IWORK(17), IWORK(18)
 130  FORMAT(' NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4,' LENIW =',I6,' LENRW =',I6)
C
      IF (OK .AND. ERRMAX .GT. 10.0D0) THEN
         OK = .FALSE.
         WHY = 'GLOBAL ERROR MORE THAN 10 TIMES THE TOLERANCE'
      ENDIF
      IF (OK .AND. ERPMAX .GT. 1.0D-3) THEN
         OK = .FALSE.
         WHY = 'YPRIME DOES NOT MATCH THE EXACT DERIVATIVE'
      ENDIF
      IF (OK .AND. (NST .LT. 20 .OR. NST .GT. 2000)) THEN
         OK = .FALSE.
         WHY = 'IMPLAUSIBLE STEP COUNT'
      ENDIF
      IF (OK .AND. (NJE .LT. 1 .OR. NRE .LT. NST)) THEN
         OK = .FALSE.
         WHY = 'IMPLAUSIBLE NRE OR NJE'
      ENDIF
      IF (OK .AND. (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)) THEN
         OK = .FALSE.
         WHY = 'IWORK(17..18) DO NOT HOLD THE MINIMUM LENGTHS'
      ENDIF
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS LIN_DENSE'
      ELSE
         WRITE(6,'(2A)') 'FAIL LIN_DENSE: ', WHY
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
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL LIN_DENSE: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL LIN_DENSE: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL LIN_DENSE: DUMMY RT WAS CALLED'
      STOP
      END
