C-----------------------------------------------------------------------
C     S_LIN_DENSE -- SDASKR (single precision) on a linear index-1 DAE
C     with a dense iteration matrix, written as a legacy REAL program
C     (default implicit typing: every real variable is REAL).
C
C        Y1' = -0.5*Y1 + 2*Y2          (a damped rotation)
C        Y2' = -2*Y1 - 0.5*Y2
C        Y3' = -50*(Y3 - Y1)           (stiff: relaxes onto Y1)
C         0  = Y4 - Y1 - Y3            (algebraic)
C     Y(0) = (1, 0.5, 0, 1), consistent Y'(0) = (0.5, -2.25, 50, 50.5).
C     Exact solution (evaluated in DOUBLE PRECISION by EXACT):
C        Y1 + I*Y2 = (1 + 0.5*I)*EXP((-0.5 - 2*I)*T)
C        Y3 = Re(Q*EXP((-0.5 + 2*I)*T)) - Re(Q)*EXP(-50*T),
C             Q = 50*(1 - 0.5*I)/(49.5 + 2*I)
C        Y4 = Y1 + Y3.
C
C     Run 1: dense difference-quotient Jacobian (INFO(5) = 0), scalar
C            tolerances RTOL = 1.0E-4, ATOL = 1.0E-6, 25 output times
C            in (0, 10].
C     Run 2: dense user Jacobian (INFO(5) = 1, JAC counts its calls),
C            vector tolerances (INFO(2) = 1) RTOL(I) = ATOL(I) = 1.0E-5.
C     Run 3: too much accuracy: RTOL = ATOL = 1.0E-8 at T = 0 must give
C            IDID = -2 before any step, with a message (LOUD markers),
C            T and Y untouched, and RTOL, ATOL multiplied by
C               R = (weighted RMS norm of Y) * 100 * UROUND,
C            UROUND = 2**(-23) (R1MACH(4) of single precision): R is
C            recomputed here and must agree within 1.0E-5 (relative).
C            Up to three continuation calls (INFO(1) = 1) follow, their
C            IDIDs printed only (see below), then a fresh start with
C            twice the raised tolerances must reach T = 2 (IDID = 3)
C            with a correct answer.
C     RWORK and IWORK have exactly DASKR's documented minimum lengths
C     (the same numbers as for DDASKR, counted in REAL words):
C        LRW = 60 + 9*NEQ + NEQ**2 = 112,  LIW = 40 + NEQ = 44.
C
C     Checks: IDID = 3 and T = TOUT at every output, the error within
C     10*(RTOL*|Y| + ATOL) of the exact solution (componentwise), Y'
C     close to the exact derivative, user JAC calls = IWORK(13), DQ
C     run cost, IWORK(17..18) = LIW, LRW, plausible step counts.
C     The last line printed is PASS S_LIN_DENSE or FAIL S_LIN_DENSE: ...
C
C     Counters printed by the original SDASKR (sdaskr.f, saux.f,
C     slinpk.f, gfortran 12 -O2, x86-64) are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SLINDN
      PARAMETER (NEQ=4, NRT=0)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), RTOL(NEQ), ATOL(NEQ)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1), JROOT(1)
      DOUBLE PRECISION YEX(NEQ), YPEX(NEQ), WSUM, W, DT
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /JCOUNT/ NJAC
      EXTERNAL RES, DJAC, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
C
      DO 90 IRUN = 1,2
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         NJAC = 0
         IF (IRUN .EQ. 1) THEN
            RTOL(1) = 1.0E-4
            ATOL(1) = 1.0E-6
         ELSE
            INFO(2) = 1
            INFO(5) = 1
            DO 15 I = 1,NEQ
               RTOL(I) = 1.0E-5
               ATOL(I) = 1.0E-5
 15         CONTINUE
         ENDIF
         T = 0.0
         CALL START(Y, YPRIME)
         WRITE(6,100) IRUN, LRW, LIW
 100     FORMAT(/' S_LIN_DENSE RUN',I2,': LRW =',I5,'  LIW =',I5/
     1       '       T         Y(1)          Y(2)          Y(3)',
     2       '          Y(4)     ERR/TOL')
         ERRMAX = 0.0
         ERPMAX = 0.0
         NOUT = 25
         DO 50 IOUT = 1,NOUT
            TOUT = 10.0*REAL(IOUT)/REAL(NOUT)
            CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1           IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DJAC, PDUM,
     2           RTDUM, NRT, JROOT)
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', T
               CALL FAILED('IDID NOT 3 OR T NOT TOUT AT AN OUTPUT')
               GO TO 60
            ENDIF
            CALL EXACT(DBLE(T), YEX, YPEX)
            ERR = 0.0
            ERP = 0.0
            DO 20 I = 1,NEQ
C              Global error in units of the tolerance at the scale
C              of the solution (|Y| <= 1.2 throughout).
               IF (IRUN .EQ. 1) THEN
                  W = RTOL(1) + ATOL(1)
               ELSE
                  W = RTOL(I) + ATOL(I)
               ENDIF
               ERR = MAX(ERR, REAL(ABS(Y(I) - YEX(I))/W))
               ERP = MAX(ERP, REAL(ABS(YPRIME(I) - YPEX(I))
     1                   /(1.0D0 + ABS(YPEX(I)))))
 20         CONTINUE
            ERRMAX = MAX(ERRMAX, ERR)
            ERPMAX = MAX(ERPMAX, ERP)
            IF (MOD(IOUT,5) .EQ. 0 .OR. IOUT .LE. 2)
     1         WRITE(6,110) T, (Y(I),I=1,NEQ), ERR
 110        FORMAT(1X,F8.3,4E14.6,F9.2)
 50      CONTINUE
 60      CONTINUE
         WRITE(6,120) (IWORK(I),I=11,15), IWORK(19), IWORK(17),
     1        IWORK(18), NJAC
 120     FORMAT(' NST =',I5,' NRE =',I5,' NJE =',I4,' NETF =',I3,
     1          ' NCFN =',I3,' NNI =',I5,' LENIW =',I4,' LENRW =',I5,
     2          ' JAC CALLS =',I4)
         WRITE(6,130) ERRMAX, ERPMAX
 130     FORMAT(' MAX ERROR / TOLERANCE =',F7.2,
     1          '   MAX REL. ERROR IN YPRIME =',E10.3)
         IF (ERRMAX .GT. 10.0)
     1      CALL FAILED('GLOBAL ERROR MORE THAN 10 TIMES THE TOLERANCE')
         IF (ERPMAX .GT. 2.0E-2)
     1      CALL FAILED('YPRIME DOES NOT MATCH THE EXACT DERIVATIVE')
         IF (IWORK(17) .NE. LIW .OR. IWORK(18) .NE. LRW)
     1      CALL FAILED('IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW')
         IF (IWORK(11) .LT. 20 .OR. IWORK(11) .GT. 2000)
     1      CALL FAILED('IMPLAUSIBLE STEP COUNT')
         IF (IRUN .EQ. 1) THEN
            IF (NJAC .NE. 0) CALL FAILED('JAC CALLED WITH INFO(5)=0')
C           A dense DQ Jacobian costs NEQ residual calls.
            IF (IWORK(12) .LT. IWORK(19) + NEQ*IWORK(13) .OR.
     1          IWORK(13) .LT. 1)
     2         CALL FAILED('TOO FEW RES CALLS FOR A DENSE DQ JACOBIAN')
         ELSE
            IF (NJAC .NE. IWORK(13) .OR. NJAC .LT. 1)
     1         CALL FAILED('USER JAC CALLS DIFFER FROM IWORK(13)')
            IF (IWORK(12) .NE. IWORK(19))
     1         CALL FAILED('NRE IS NOT NNI WITH A USER JACOBIAN')
         ENDIF
 90   CONTINUE
C
C     ---------- Run 3: too much accuracy requested ----------
      DO 210 I = 1,20
         INFO(I) = 0
 210  CONTINUE
      RTOL(1) = 1.0E-8
      ATOL(1) = 1.0E-8
      NJAC = 0
      T = 0.0
      CALL START(Y, YPRIME)
C     The factor SDASKR must find: UROUND = 2**(-23).
      WSUM = 0.0D0
      DO 220 I = 1,NEQ
         W = DBLE(Y(I))/(DBLE(RTOL(1))*ABS(DBLE(Y(I))) + DBLE(ATOL(1)))
         WSUM = WSUM + W**2
 220  CONTINUE
      REXP = REAL(SQRT(WSUM/NEQ)*100.0D0*2.0D0**(-23))
      TOUT = 2.0
      WRITE(6,230) RTOL(1), ATOL(1), REXP
 230  FORMAT(/' S_LIN_DENSE RUN 3: RTOL =',E10.3,' ATOL =',E10.3,
     1       '  EXPECTED FACTOR R =',E14.7)
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DJAC, PDUM,
     2     RTDUM, NRT, JROOT)
      WRITE(6,'(A)') 'LOUD-END'
      RFAC = RTOL(1)/1.0E-8
      WRITE(6,240) IDID, T, RTOL(1), ATOL(1), RFAC, IWORK(11)
 240  FORMAT(' IDID =',I3,' T =',F5.2,' NEW RTOL =',E14.7,
     1       ' NEW ATOL =',E14.7/' FACTOR =',E14.7,' NST =',I4)
      IF (IDID .NE. -2) CALL FAILED('RUN 3: IDID IS NOT -2')
      IF (T .NE. 0.0 .OR. Y(1) .NE. 1.0 .OR. Y(2) .NE. 0.5 .OR.
     1    Y(4) .NE. 1.0 .OR. IWORK(11) .NE. 0)
     2   CALL FAILED('RUN 3: IDID=-2 BUT THE SOLUTION MOVED')
      IF (ABS(RFAC - REXP) .GT. 1.0E-5*REXP)
     1   CALL FAILED('RUN 3: TOLERANCE FACTOR IS NOT NORM*100*2**-23')
      IF (ATOL(1) .NE. RTOL(1))
     1   CALL FAILED('RUN 3: RTOL AND ATOL NOT SCALED ALIKE')
C     Continuation with the raised tolerances (INFO(1) = 1), as the
C     prologue suggests.  The first call's initial step H0 was chosen
C     for the tiny tolerances and lies below HMIN = 4*UROUND*2, so the
C     original ends with IDID = -2 once more (R = 1.0000001) and then
C     IDID = -6 at T = 0.  The IDIDs are printed, not checked.
      DO 250 ICALL = 1,3
         INFO(1) = 1
         CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1        IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DJAC, PDUM,
     2        RTDUM, NRT, JROOT)
         WRITE(6,245) ICALL, IDID, T, RTOL(1)
 245     FORMAT(' CONTINUATION CALL',I2,': IDID =',I3,' T =',E12.5,
     1          ' RTOL =',E14.7)
         IF (IDID .NE. -2) GO TO 255
 250  CONTINUE
 255  CONTINUE
C     A fresh start (INFO(1) = 0) with twice the raised tolerances.
      DO 256 I = 1,20
         INFO(I) = 0
 256  CONTINUE
      RTOL(1) = 2.0*RTOL(1)
      ATOL(1) = 2.0*ATOL(1)
      T = 0.0
      CALL START(Y, YPRIME)
      CALL SDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DJAC, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL EXACT(DBLE(T), YEX, YPEX)
      ERR = 0.0
      DO 270 I = 1,NEQ
         ERR = MAX(ERR, REAL(ABS(Y(I) - YEX(I))))
 270  CONTINUE
      WRITE(6,280) IDID, T, RTOL(1), ERR
 280  FORMAT(' FRESH START: IDID =',I3,' T =',F5.2,' RTOL =',E14.7,
     1       ' MAX ABS ERROR =',E10.3)
      WRITE(6,120) (IWORK(I),I=11,15), IWORK(19), IWORK(17),
     1     IWORK(18), NJAC
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('RUN 3: FRESH START DID NOT REACH TOUT')
      IF (ERR .GT. 1.0E-4)
     1   CALL FAILED('RUN 3: WRONG SOLUTION AFTER THE FRESH START')
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_LIN_DENSE'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_LIN_DENSE: ', WHY
         STOP 1
      ENDIF
      END
C
      SUBROUTINE START(Y, YPRIME)
C     Consistent initial values.
      DIMENSION Y(4), YPRIME(4)
      Y(1) = 1.0
      Y(2) = 0.5
      Y(3) = 0.0
      Y(4) = 1.0
      YPRIME(1) = 0.5
      YPRIME(2) = -2.25
      YPRIME(3) = 50.0
      YPRIME(4) = 50.5
      RETURN
      END
C
      SUBROUTINE EXACT(T, Y, YP)
C     Exact solution and derivative, in double precision.
      DOUBLE PRECISION T, Y(4), YP(4), E, C, S, QR, QI, D, E50
      E = EXP(-0.5D0*T)
      C = COS(2.0D0*T)
      S = SIN(2.0D0*T)
      Y(1) = E*(C + 0.5D0*S)
      Y(2) = E*(0.5D0*C - S)
      YP(1) = -0.5D0*Y(1) + 2.0D0*Y(2)
      YP(2) = -2.0D0*Y(1) - 0.5D0*Y(2)
C     Q = 50*(1 - 0.5*I)/(49.5 + 2*I) = 50*(1 - 0.5*I)*(49.5 - 2*I)/D
      D = 49.5D0**2 + 4.0D0
      QR = 50.0D0*(49.5D0 - 1.0D0)/D
      QI = 50.0D0*(-2.0D0 - 0.5D0*49.5D0)/D
      E50 = EXP(-50.0D0*T)
      Y(3) = E*(QR*C - QI*S) - QR*E50
      YP(3) = -50.0D0*(Y(3) - Y(1))
      Y(4) = Y(1) + Y(3)
      YP(4) = YP(1) + YP(3)
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
      DIMENSION Y(4), YPRIME(4), DELTA(4), RPAR(*), IPAR(*)
      DELTA(1) = YPRIME(1) - (-0.5*Y(1) + 2.0*Y(2))
      DELTA(2) = YPRIME(2) - (-2.0*Y(1) - 0.5*Y(2))
      DELTA(3) = YPRIME(3) + 50.0*(Y(3) - Y(1))
      DELTA(4) = Y(4) - Y(1) - Y(3)
      RETURN
      END
C
      SUBROUTINE DJAC(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
C     Dense iteration matrix PD = dG/dY + CJ*dG/dY'.
      DIMENSION Y(4), YPRIME(4), PD(4,4), RPAR(*), IPAR(*)
      COMMON /JCOUNT/ NJAC
      NJAC = NJAC + 1
      DO 20 J = 1,4
         DO 10 I = 1,4
            PD(I,J) = 0.0
 10      CONTINUE
 20   CONTINUE
      PD(1,1) = CJ + 0.5
      PD(1,2) = -2.0
      PD(2,1) = 2.0
      PD(2,2) = CJ + 0.5
      PD(3,1) = -50.0
      PD(3,3) = CJ + 50.0
      PD(4,1) = -1.0
      PD(4,3) = -1.0
      PD(4,4) = 1.0
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL S_LIN_DENSE: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_LIN_DENSE: DUMMY RT WAS CALLED'
      STOP 1
      END
