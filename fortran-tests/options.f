C-----------------------------------------------------------------------
C     OPTIONS -- optional inputs of DDASKR on the linear system of
C     LIN_DENSE (Y' = A*Y, A = H*D*H, H = I - ONES/2,
C     D = diag(-0.5,-1,-10,-100), exact solution H*EXP(D*T)*H*Y0):
C
C     1. TSTOP (INFO(4)=1, RWORK(1)): TOUT before TSTOP gives IDID=3
C        without stepping past TSTOP; TOUT = TSTOP gives IDID=2 with
C        T = TSTOP exactly; TSTOP moved on, again IDID=2; the same in
C        intermediate-output mode (IDID=1 returns, then IDID=2).
C        RES must never be called with T beyond the current TSTOP.
C     2. HMAX (INFO(7)=1, RWORK(2)): every step used (RWORK(7)) is at
C        most HMAX.  (RWORK(3), the next step proposed, may exceed HMAX
C        between calls; DASKR clips it when the next call starts.)
C     3. H0 (INFO(8)=1, RWORK(3)): the first step taken is H0.
C     4. MAXORD (INFO(9)=1, IWORK(3)=2) with LRW from the MAXORD
C        formula 60+MAX(MAXORD+4,7)*NEQ+NEQ**2: IWORK(7) and IWORK(8)
C        never exceed 2, while the default run reaches order 3 or more
C        (the order-2 error check is looser: 50 times the tolerance).
C     Every part checks the solution against the exact one.
C     The last line printed is PASS OPTIONS or FAIL OPTIONS: reason.
C-----------------------------------------------------------------------
      PROGRAM OPTNS
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
C
      OK = .TRUE.
      WHY = ' '
      CALL SETUP
      CALL TSTOPT
      CALL HMAXT(MAXK)
      CALL H0T
      CALL MXORDT(MAXK)
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS OPTIONS'
      ELSE
         WRITE(6,'(2A)') 'FAIL OPTIONS: ', WHY
      ENDIF
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
      SUBROUTINE CHKSOL(T, Y, RTOL, ATOL, FACTOR, TEXT)
C     Compare Y with the exact solution at T: the error must be below
C     FACTOR times the local error tolerance.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(4), YEX(4), YPEX(4)
      CHARACTER*(*) TEXT
      CALL EXACT(T, YEX, YPEX)
      ERR = 0.0D0
      DO 10 I = 1,4
         ERR = MAX(ERR, ABS(Y(I) - YEX(I))/(RTOL*ABS(YEX(I)) + ATOL))
 10   CONTINUE
      IF (ERR .GT. FACTOR) THEN
         WRITE(6,*) '   ERROR/TOLERANCE =', ERR, ' AT T =', T
         CALL FAILED(TEXT)
      ENDIF
      RETURN
      END
C
      SUBROUTINE PRCNT(TITLE, IWORK)
C     Print the final counters.
      CHARACTER*(*) TITLE
      DIMENSION IWORK(*)
      WRITE(6,100) TITLE, (IWORK(I),I=11,15)
 100  FORMAT(1X,A,': NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4)
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE TSTOPT
C     Part 1: TSTOP.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      COMMON /TWATCH/ TMAXRS
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      T = 0.0D0
      CALL EXACT(T, Y, YPRIME)
      TMAXRS = -1.0D30
      INFO(4) = 1
      TSTOP = 1.0D0
      RWORK(1) = TSTOP
C
C     TOUT before TSTOP: interpolated answer, never past TSTOP.
      TOUT = 0.7D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) TOUT, TSTOP, IDID, T, RWORK(4), TMAXRS
 100  FORMAT(' TSTOP: TOUT =',F6.3,' TSTOP =',F6.3,' -> IDID =',I3,
     1       ' T =',F19.16,' TN =',F19.16,' MAX T IN RES =',F19.16)
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('TOUT BEFORE TSTOP: EXPECTED IDID=3 AT TOUT')
      IF (RWORK(4) .GT. TSTOP)
     1   CALL FAILED('TN = RWORK(4) PAST TSTOP')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION AT TOUT < TSTOP')
C
C     TOUT = TSTOP: IDID=2 and T = TSTOP exactly.
      TOUT = TSTOP
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) TOUT, TSTOP, IDID, T, RWORK(4), TMAXRS
      IF (IDID .NE. 2) CALL FAILED('TOUT = TSTOP: IDID IS NOT 2')
      IF (T .NE. TSTOP) CALL FAILED('IDID=2 BUT T IS NOT TSTOP')
      IF (TMAXRS .GT. TSTOP*(1.0D0 + 1.0D-14))
     1   CALL FAILED('RES CALLED WITH T BEYOND TSTOP')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION AT TSTOP')
C
C     Move TSTOP on (a legacy code changes RWORK(1) and goes on).
      TSTOP = 2.0D0
      RWORK(1) = TSTOP
      TOUT = TSTOP
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) TOUT, TSTOP, IDID, T, RWORK(4), TMAXRS
      IF (IDID .NE. 2 .OR. T .NE. TSTOP)
     1   CALL FAILED('SECOND TSTOP: EXPECTED IDID=2 AT T = TSTOP')
      IF (TMAXRS .GT. TSTOP*(1.0D0 + 1.0D-14))
     1   CALL FAILED('RES CALLED WITH T BEYOND THE SECOND TSTOP')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION AT SECOND TSTOP')
C
C     Intermediate-output mode up to a third TSTOP.
      INFO(3) = 1
      TSTOP = 3.0D0
      RWORK(1) = TSTOP
      TOUT = TSTOP
      NONE = 0
 20   CONTINUE
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      IF (IDID .EQ. 1) THEN
         NONE = NONE + 1
         IF (T .GT. TSTOP) CALL FAILED('IDID=1 RETURN PAST TSTOP')
         IF (NONE .LT. 1000) GO TO 20
      ENDIF
      WRITE(6,100) TOUT, TSTOP, IDID, T, RWORK(4), TMAXRS
      WRITE(6,'(A,I5)') ' TSTOP: IDID=1 RETURNS BEFORE THE THIRD ' //
     1   'TSTOP =', NONE
      IF (IDID .NE. 2 .OR. T .NE. TSTOP)
     1   CALL FAILED('INFO(3)=1: EXPECTED IDID=2 AT T = TSTOP')
      IF (NONE .LT. 1) CALL FAILED('INFO(3)=1: NO IDID=1 RETURN')
      IF (TMAXRS .GT. TSTOP*(1.0D0 + 1.0D-14))
     1   CALL FAILED('RES CALLED WITH T BEYOND THE THIRD TSTOP')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION AT THIRD TSTOP')
      CALL PRCNT('TSTOP ', IWORK)
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE HMAXT(MAXK)
C     Part 2: HMAX.  Returns in MAXK the highest order used.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      T = 0.0D0
      CALL EXACT(T, Y, YPRIME)
      INFO(3) = 1
      INFO(7) = 1
      HMAX = 0.05D0
      RWORK(2) = HMAX
      TOUT = 4.0D0
      HUSED = 0.0D0
      HNEXT = 0.0D0
      MAXK = 0
      DO 20 ICALL = 1,2000
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (IDID .LT. 0) GO TO 30
         HUSED = MAX(HUSED, ABS(RWORK(7)))
         HNEXT = MAX(HNEXT, ABS(RWORK(3)))
         MAXK = MAX(MAXK, IWORK(8))
         IF (IDID .EQ. 3) GO TO 30
 20   CONTINUE
 30   CONTINUE
      WRITE(6,100) HMAX, IDID, T, HUSED, HNEXT, MAXK
 100  FORMAT(' HMAX =',F6.3,': IDID =',I3,' T =',F7.3,
     1       ' MAX STEP USED =',D12.5,' MAX NEXT STEP =',D12.5,
     2       ' MAX ORDER =',I2)
      IF (IDID .NE. 3) CALL FAILED('HMAX RUN DID NOT REACH TOUT')
      IF (HUSED .GT. HMAX*(1.0D0 + 1.0D-12))
     1   CALL FAILED('A STEP LONGER THAN HMAX WAS TAKEN')
      IF (IWORK(11) .LT. 80)
     1   CALL FAILED('TOO FEW STEPS FOR T = 4 WITH HMAX = 0.05')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION WITH HMAX')
      CALL PRCNT('HMAX  ', IWORK)
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE H0T
C     Part 3: H0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      T = 0.0D0
      CALL EXACT(T, Y, YPRIME)
      INFO(3) = 1
      INFO(8) = 1
      H0 = 1.0D-6
      RWORK(3) = H0
      TOUT = 1.0D0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,100) H0, IDID, T, RWORK(7), IWORK(11)
 100  FORMAT(' H0 =',D10.3,': FIRST RETURN IDID =',I3,' T =',D12.5,
     1       ' HOLD =',D12.5,' NST =',I3)
      IF (IDID .NE. 1 .OR. IWORK(11) .NE. 1)
     1   CALL FAILED('H0: FIRST CALL DID NOT RETURN AFTER ONE STEP')
      IF (T .NE. H0) CALL FAILED('H0: FIRST STEP DID NOT END AT T = H0')
      IF (RWORK(7) .NE. H0) CALL FAILED('H0: RWORK(7) IS NOT H0')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION AFTER FIRST STEP')
      INFO(3) = 0
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('H0: RUN DID NOT REACH TOUT')
      CALL CHKSOL(T, Y, RTOL, ATOL, 10.0D0,
     1   'WRONG SOLUTION WITH H0')
      CALL PRCNT('H0    ', IWORK)
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE MXORDT(MAXK5)
C     Part 4: MAXORD = 2.  MAXK5 is the highest order of a run with the
C     default MAXORD = 5.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=4, NRT=0, MAXORD=2)
C     LRW = 60 + MAX(MAXORD+4,7)*NEQ + 3*NRT + NEQ**2, with MAXORD = 2.
      PARAMETER (LRW=60+7*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      EXTERNAL RES, JDUM, PDUM, RTDUM
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      T = 0.0D0
      CALL EXACT(T, Y, YPRIME)
      INFO(3) = 1
      INFO(9) = 1
      IWORK(3) = MAXORD
      TOUT = 4.0D0
      MAXK = 0
      MAXKO = 0
      DO 20 ICALL = 1,3000
         CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (IDID .LT. 0) GO TO 30
         MAXK = MAX(MAXK, IWORK(7))
         MAXKO = MAX(MAXKO, IWORK(8))
         IF (IDID .EQ. 3) GO TO 30
 20   CONTINUE
 30   CONTINUE
      WRITE(6,100) MAXORD, LRW, IDID, T, MAXK, MAXKO, MAXK5,
     1   IWORK(18)
 100  FORMAT(' MAXORD =',I2,' LRW =',I4,': IDID =',I3,' T =',F7.3,
     1  ' MAX IWORK(7) =',I2,' MAX IWORK(8) =',I2,
     2  ' (DEFAULT RUN:',I2,') LENRW =',I4)
      IF (IDID .NE. 3) CALL FAILED('MAXORD RUN DID NOT REACH TOUT')
      IF (MAXK .GT. MAXORD .OR. MAXKO .GT. MAXORD)
     1   CALL FAILED('ORDER ABOVE MAXORD')
      IF (MAXKO .NE. MAXORD)
     1   CALL FAILED('ORDER MAXORD NEVER USED')
      IF (MAXK5 .LT. 3)
     1   CALL FAILED('DEFAULT RUN NEVER WENT ABOVE ORDER 2')
      IF (IWORK(18) .NE. LRW)
     1   CALL FAILED('LENRW FOR MAXORD=2 IS NOT THE DOCUMENTED VALUE')
      CALL CHKSOL(T, Y, RTOL, ATOL, 50.0D0,
     1   'WRONG SOLUTION WITH MAXORD')
      CALL PRCNT('MAXORD', IWORK)
      RETURN
      END
C
C-----------------------------------------------------------------------
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
      COMMON /TWATCH/ TMAXRS
      TMAXRS = MAX(TMAXRS, T)
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
      WRITE(6,'(A)') 'FAIL OPTIONS: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL OPTIONS: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL OPTIONS: DUMMY RT WAS CALLED'
      STOP
      END
