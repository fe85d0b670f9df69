C-----------------------------------------------------------------------
C     ROBERTSON -- the Robertson chemical kinetics problem as an
C     index-1 DAE (the third equation is the mass balance):
C        Y1' = -0.04*Y1 + 1.0D4*Y2*Y3
C        Y2' =  0.04*Y1 - 1.0D4*Y2*Y3 - 3.0D7*Y2**2
C         0  =  Y1 + Y2 + Y3 - 1
C     Y(0) = (1,0,0), Y'(0) = (-0.04,0.04,0), integrated to T = 4.0D10
C     with output at T = 0.4, 4, 40, ..., 4.0D10 (12 decades).
C
C     Reference values: the well-known solution of this problem (e.g.
C     y1 = 5.2083D-08, y2 = 2.0833D-13 at t = 4.0D10), here to 7
C     digits, computed once with a BDF code at RTOL = 1.0D-10 and an
C     exact Jacobian and confirmed at RTOL = 1.0D-9.
C
C     Run 1: dense difference-quotient Jacobian, vector tolerances.
C     Run 2: the same with INFO(16)=1 (the algebraic variable Y3 is
C            excluded from the error test), ID array in IWORK(LID+I)
C            with LID = 40 (INFO(10)=0); LRW and LIW both grow by NEQ.
C     Each run uses RWORK/IWORK of exactly the documented minimum.
C     Checks: relative error at every decade within 5.0D-4 of the
C     reference, Y1+Y2+Y3 = 1 to 1.0D-10, IDID=3 (IDID=-1 is continued
C     as a user would), LENRW/LENIW in IWORK(18)/IWORK(17).
C     The last line printed is PASS ROBERTSON or FAIL ROBERTSON: ...
C-----------------------------------------------------------------------
      PROGRAM ROBER
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NRT=0)
      PARAMETER (LRW1=60+9*NEQ+3*NRT+NEQ**2, LIW1=40+NEQ)
      PARAMETER (LRW2=LRW1+NEQ, LIW2=LIW1+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), RTOL(NEQ), ATOL(NEQ)
      DIMENSION RWORK1(LRW1), IWORK1(LIW1)
      DIMENSION RWORK2(LRW2), IWORK2(LIW2)
      DIMENSION RPAR(1), IPAR(1), JROOT(1), YREF(3,12)
      DIMENSION NSTR(2)
      CHARACTER*60 WHY
      LOGICAL OK
      EXTERNAL RES, JDUM, PDUM, RTDUM
C     Reference solution at T = 0.4*10**(K-1), K = 1..12.
      DATA YREF /
     1 9.851721D-01, 3.386395D-05, 1.479402D-02,
     2 9.055187D-01, 2.240476D-05, 9.445892D-02,
     3 7.158271D-01, 9.185535D-06, 2.841637D-01,
     4 4.505187D-01, 3.222901D-06, 5.494781D-01,
     5 1.832023D-01, 8.942371D-07, 8.167968D-01,
     6 3.898338D-02, 1.621768D-07, 9.610165D-01,
     7 4.938275D-03, 1.984994D-08, 9.950617D-01,
     8 5.168096D-04, 2.068294D-09, 9.994832D-01,
     9 5.203072D-05, 2.081336D-10, 9.999480D-01,
     A 5.207702D-06, 2.083092D-11, 9.999948D-01,
     B 5.208277D-07, 2.083312D-12, 9.999995D-01,
     C 5.208345D-08, 2.083338D-13, 9.999999D-01 /
C
      OK = .TRUE.
      WHY = ' '
      DO 90 IRUN = 1,2
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(2) = 1
         RTOL(1) = 1.0D-6
         RTOL(2) = 1.0D-6
         RTOL(3) = 1.0D-6
         ATOL(1) = 1.0D-12
         ATOL(2) = 1.0D-16
         ATOL(3) = 1.0D-12
         IF (IRUN .EQ. 2) THEN
            INFO(16) = 1
C           LID = 40 because INFO(10) = 0.
            IWORK2(40+1) = 1
            IWORK2(40+2) = 1
            IWORK2(40+3) = -1
         ENDIF
         T = 0.0D0
         Y(1) = 1.0D0
         Y(2) = 0.0D0
         Y(3) = 0.0D0
         YPRIME(1) = -0.04D0
         YPRIME(2) = 0.04D0
         YPRIME(3) = 0.0D0
         IF (IRUN .EQ. 1) THEN
            WRITE(6,100) 'INFO(16)=0', LRW1, LIW1
         ELSE
            WRITE(6,100) 'INFO(16)=1', LRW2, LIW2
         ENDIF
 100     FORMAT(/' ROBERTSON, ',A,', LRW =',I4,' LIW =',I4/
     1    '      T           Y1            Y2            Y3',
     2    '       MAX REL ERR')
         ERRMAX = 0.0D0
         SUMERR = 0.0D0
         NMINUS = 0
         TOUT = 0.4D0
         DO 50 IOUT = 1,12
 20         CONTINUE
            IF (IRUN .EQ. 1) THEN
               CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK1, LRW1, IWORK1, LIW1, RPAR,
     2              IPAR, JDUM, PDUM, RTDUM, NRT, JROOT)
            ELSE
               CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK2, LRW2, IWORK2, LIW2, RPAR,
     2              IPAR, JDUM, PDUM, RTDUM, NRT, JROOT)
            ENDIF
            IF (IDID .EQ. -1) THEN
               NMINUS = NMINUS + 1
               IF (NMINUS .GT. 20) GO TO 30
               INFO(1) = 1
               GO TO 20
            ENDIF
 30         CONTINUE
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', T
               IF (OK) WHY = 'IDID NOT 3 OR T NOT TOUT AT AN OUTPUT'
               OK = .FALSE.
               GO TO 60
            ENDIF
            ERR = 0.0D0
            DO 40 I = 1,3
               ERR = MAX(ERR, ABS(Y(I) - YREF(I,IOUT))/YREF(I,IOUT))
 40         CONTINUE
            ERRMAX = MAX(ERRMAX, ERR)
            SUMERR = MAX(SUMERR, ABS(Y(1) + Y(2) + Y(3) - 1.0D0))
            WRITE(6,110) T, Y(1), Y(2), Y(3), ERR
 110        FORMAT(1X,1P,D10.3,3D14.6,D11.2)
            TOUT = 10.0D0*TOUT
 50      CONTINUE
 60      CONTINUE
         IF (IRUN .EQ. 1) THEN
            NST = IWORK1(11)
            NRE = IWORK1(12)
            NJE = IWORK1(13)
            NETF = IWORK1(14)
            NCFN = IWORK1(15)
            LENIW = IWORK1(17)
            LENRW = IWORK1(18)
            IF (LENIW .NE. LIW1 .OR. LENRW .NE. LRW1) THEN
               IF (OK) WHY = 'IWORK(17..18) NOT THE MINIMUM LENGTHS'
               OK = .FALSE.
            ENDIF
         ELSE
            NST = IWORK2(11)
            NRE = IWORK2(12)
            NJE = IWORK2(13)
            NETF = IWORK2(14)
            NCFN = IWORK2(15)
            LENIW = IWORK2(17)
            LENRW = IWORK2(18)
            IF (LENIW .NE. LIW2 .OR. LENRW .NE. LRW2) THEN
               IF (OK) WHY = 'IWORK(17..18) NOT THE MINIMUM LENGTHS'
               OK = .FALSE.
            ENDIF
         ENDIF
         NSTR(IRUN) = NST
         WRITE(6,120) NST, NRE, NJE, NETF, NCFN, LENIW, LENRW, NMINUS
 120     FORMAT(' NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1          ' NCFN =',I4,' LENIW =',I4,' LENRW =',I4,
     2          ' IDID=-1 RETURNS =',I3)
         WRITE(6,130) ERRMAX, SUMERR
 130     FORMAT(' MAX RELATIVE ERROR =',D10.3,
     1          '   MAX ABS(Y1+Y2+Y3-1) =',D10.3)
         IF (OK .AND. ERRMAX .GT. 5.0D-4) THEN
            OK = .FALSE.
            WHY = 'RELATIVE ERROR AGAINST REFERENCE ABOVE 5.0D-4'
         ENDIF
         IF (OK .AND. SUMERR .GT. 1.0D-10) THEN
            OK = .FALSE.
            WHY = 'Y1+Y2+Y3 = 1 NOT SATISFIED'
         ENDIF
         IF (OK .AND. (NST .LT. 50 .OR. NST .GT. 5000)) THEN
            OK = .FALSE.
            WHY = 'IMPLAUSIBLE STEP COUNT'
         ENDIF
 90   CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS ROBERTSON'
      ELSE
         WRITE(6,'(2A)') 'FAIL ROBERTSON: ', WHY
      ENDIF
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YPRIME(3), DELTA(3), RPAR(*), IPAR(*)
      DELTA(1) = -0.04D0*Y(1) + 1.0D4*Y(2)*Y(3) - YPRIME(1)
      DELTA(2) = 0.04D0*Y(1) - 1.0D4*Y(2)*Y(3) - 3.0D7*Y(2)*Y(2)
     1           - YPRIME(2)
      DELTA(3) = Y(1) + Y(2) + Y(3) - 1.0D0
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL ROBERTSON: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL ROBERTSON: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL ROBERTSON: DUMMY RT WAS CALLED'
      STOP
      END
