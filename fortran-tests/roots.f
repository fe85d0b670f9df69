C-----------------------------------------------------------------------
C     ROOTS -- root finding in DDASKR (RT, NRT = 2, JROOT, IDID = 5).
C
C     Part 1, continuation after each root: the oscillator
C        Y1' = Y2, Y2' = -Y1, Y(0) = (0,1)  (Y1 = SIN T, Y2 = COS T)
C     with R1 = Y1 - 0.5 and R2 = Y2, integrated to TOUT = 10 and
C     simply called again (same TOUT) after every IDID = 5.  The seven
C     roots in (0,10) are known: PI/6 (R1 rising, JROOT(1) = +1),
C     PI/2 (R2 falling, -1), 5PI/6 (R1, -1), 3PI/2 (R2, +1),
C     13PI/6 (R1, +1), 5PI/2 (R2, -1), 17PI/6 (R1, -1); then IDID = 3.
C
C     Part 2, restart after each root: a bouncing ball
C        Y1' = Y2, Y2' = -G, Y(0) = (10,0), restitution E = 0.8,
C     R1 = Y1 (ground: the run is restarted with INFO(1) = 0 and
C     Y2 -> -E*Y2) and R2 = Y1 - 5 (half height, crossed downwards,
C     then up and down again after the first bounce).  Event times
C     and directions are computed from the analytic flight parabolas.
C
C     Checks: IDID = 5 with the expected JROOT (signs: +1 negative to
C     positive, -1 positive to negative, 0 for the other function),
C     root times within 1.0D-5 of the analytic ones, Y at the root
C     consistent with the root, IWORK(36) > 0, and correct final
C     values.  The last line printed is PASS ROOTS or FAIL ROOTS: ...
C-----------------------------------------------------------------------
      PROGRAM ROOTST
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=2, NRT=2)
      PARAMETER (LRW=60+9*NEQ+3*NRT+NEQ**2, LIW=40+NEQ)
      DIMENSION Y(NEQ), YPRIME(NEQ), INFO(20), JROOT(NRT)
      DIMENSION RWORK(LRW), IWORK(LIW), RPAR(1), IPAR(1)
      DIMENSION TEXP(7), JEXP(2,7)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /PROB/ G, IPROB
      EXTERNAL RES, RT, JDUM, PDUM
C     Part 1: expected JROOT for each of the seven roots.
      DATA JEXP / 1,0,  0,-1,  -1,0,  0,1,  1,0,  0,-1,  -1,0 /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      TEXP(1) = PI/6.0D0
      TEXP(2) = PI/2.0D0
      TEXP(3) = 5.0D0*PI/6.0D0
      TEXP(4) = 1.5D0*PI
      TEXP(5) = 13.0D0*PI/6.0D0
      TEXP(6) = 2.5D0*PI
      TEXP(7) = 17.0D0*PI/6.0D0
C
C     ---------------- Part 1 ----------------
      IPROB = 1
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      T = 0.0D0
      Y(1) = 0.0D0
      Y(2) = 1.0D0
      YPRIME(1) = 1.0D0
      YPRIME(2) = 0.0D0
      TOUT = 10.0D0
      NROOT = 0
      WRITE(6,'(/A)') ' ROOTS PART 1: Y1 = SIN T, R1 = Y1-0.5, R2 = Y2'
 20   CONTINUE
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RT, NRT, JROOT)
      IF (IDID .EQ. 5) THEN
         NROOT = NROOT + 1
         WRITE(6,100) T, JROOT(1), JROOT(2), Y(1), Y(2)
 100     FORMAT('   IDID=5 AT T =',F16.10,'  JROOT =',2I3,
     1          '  Y =',2F14.10)
         IF (NROOT .GT. 7) THEN
            IF (OK) WHY = 'PART 1: MORE THAN 7 ROOTS'
            OK = .FALSE.
            GO TO 30
         ENDIF
         IF (ABS(T - TEXP(NROOT)) .GT. 1.0D-5) THEN
            WRITE(6,*) '  EXPECTED T =', TEXP(NROOT)
            IF (OK) WHY = 'PART 1: ROOT TIME WRONG'
            OK = .FALSE.
         ENDIF
         IF (JROOT(1) .NE. JEXP(1,NROOT) .OR.
     1       JROOT(2) .NE. JEXP(2,NROOT)) THEN
            WRITE(6,*) '  EXPECTED JROOT =', (JEXP(I,NROOT),I=1,2)
            IF (OK) WHY = 'PART 1: WRONG JROOT'
            OK = .FALSE.
         ENDIF
         IF (ABS(Y(1) - SIN(T)) .GT. 1.0D-5 .OR.
     1       ABS(Y(2) - COS(T)) .GT. 1.0D-5) THEN
            IF (OK) WHY = 'PART 1: WRONG Y AT A ROOT'
            OK = .FALSE.
         ENDIF
         IF (JROOT(1) .NE. 0 .AND. ABS(Y(1) - 0.5D0) .GT. 1.0D-5) THEN
            IF (OK) WHY = 'PART 1: R1 NOT ZERO AT ITS ROOT'
            OK = .FALSE.
         ENDIF
         IF (JROOT(2) .NE. 0 .AND. ABS(Y(2)) .GT. 1.0D-5) THEN
            IF (OK) WHY = 'PART 1: R2 NOT ZERO AT ITS ROOT'
            OK = .FALSE.
         ENDIF
         GO TO 20
      ENDIF
 30   CONTINUE
      WRITE(6,110) IDID, T, Y(1), Y(2), IWORK(36)
 110  FORMAT('   FINAL IDID =',I3,' T =',F8.3,' Y =',2F14.10,
     1       '  RT CALLS =',I5)
      IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
         IF (OK) WHY = 'PART 1: DID NOT END WITH IDID=3 AT TOUT'
         OK = .FALSE.
      ENDIF
      IF (NROOT .NE. 7) THEN
         IF (OK) WHY = 'PART 1: NOT EXACTLY 7 ROOTS FOUND'
         OK = .FALSE.
      ENDIF
      IF (ABS(Y(1)-SIN(T)) .GT. 1.0D-5 .OR.
     1    ABS(Y(2)-COS(T)) .GT. 1.0D-5) THEN
         IF (OK) WHY = 'PART 1: WRONG FINAL SOLUTION'
         OK = .FALSE.
      ENDIF
      IF (IWORK(36) .LE. 0) THEN
         IF (OK) WHY = 'PART 1: IWORK(36) (RT CALLS) NOT POSITIVE'
         OK = .FALSE.
      ENDIF
      WRITE(6,120) (IWORK(I),I=11,15)
 120  FORMAT('   NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1       ' NCFN =',I4)
C
C     ---------------- Part 2 ----------------
      IPROB = 2
      G = 9.81D0
      E = 0.8D0
      DO 40 I = 1,20
         INFO(I) = 0
 40   CONTINUE
      T = 0.0D0
      Y(1) = 10.0D0
      Y(2) = 0.0D0
      YPRIME(1) = 0.0D0
      YPRIME(2) = -G
      TOUT = 8.0D0
C     Analytic state of the current flight: start time, height, speed.
      TS = 0.0D0
      HS = 10.0D0
      VS = 0.0D0
C     NEXTEV gives the next analytic event after TLAST: its time
C     TNEXT, NEXT = 1 (ground) or 2 (half height), direction IDIR.
      TLAST = -1.0D0
      NBOUNC = 0
      NHALF = 0
      NEVENT = 0
      NRTTOT = 0
      NSTTOT = 0
      NRETOT = 0
      NJETOT = 0
      NETTOT = 0
      NCFTOT = 0
      WRITE(6,'(/A)') ' ROOTS PART 2: BOUNCING BALL, R1 = Y1, ' //
     1   'R2 = Y1 - 5'
 50   CONTINUE
      CALL NEXTEV(TS, HS, VS, TLAST, G, TNEXT, NEXT, IDIR)
      CALL DDASKR(RES, NEQ, T, Y, YPRIME, TOUT, INFO, RTOL, ATOL,
     1     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PDUM,
     2     RT, NRT, JROOT)
      IF (IDID .EQ. 5) THEN
         NEVENT = NEVENT + 1
         WRITE(6,130) T, JROOT(1), JROOT(2), Y(1), Y(2), TNEXT
 130     FORMAT('   IDID=5 AT T =',F16.10,'  JROOT =',2I3,
     1          '  Y =',2F15.10,'  EXACT T =',F16.10)
         IF (ABS(T - TNEXT) .GT. 1.0D-5) THEN
            IF (OK) WHY = 'PART 2: EVENT TIME WRONG'
            OK = .FALSE.
         ENDIF
         J1 = 0
         J2 = 0
         IF (NEXT .EQ. 1) J1 = IDIR
         IF (NEXT .EQ. 2) J2 = IDIR
         IF (JROOT(1) .NE. J1 .OR. JROOT(2) .NE. J2) THEN
            WRITE(6,*) '  EXPECTED JROOT =', J1, J2
            IF (OK) WHY = 'PART 2: WRONG JROOT'
            OK = .FALSE.
         ENDIF
         IF (NEVENT .GT. 20) THEN
            IF (OK) WHY = 'PART 2: TOO MANY EVENTS'
            OK = .FALSE.
            GO TO 60
         ENDIF
         TLAST = TNEXT
         IF (JROOT(1) .NE. 0) THEN
C           Ground: bounce and restart the integration.
            NBOUNC = NBOUNC + 1
            IF (ABS(Y(1)) .GT. 1.0D-5) THEN
               IF (OK) WHY = 'PART 2: HEIGHT NOT ZERO AT THE GROUND'
               OK = .FALSE.
            ENDIF
            NRTTOT = NRTTOT + IWORK(36)
            NSTTOT = NSTTOT + IWORK(11)
            NRETOT = NRETOT + IWORK(12)
            NJETOT = NJETOT + IWORK(13)
            NETTOT = NETTOT + IWORK(14)
            NCFTOT = NCFTOT + IWORK(15)
            Y(1) = 0.0D0
            Y(2) = -E*Y(2)
            YPRIME(1) = Y(2)
            YPRIME(2) = -G
            INFO(1) = 0
C           The analytic flight restarts from the exact impact.
            VS = -E*(VS - G*(TNEXT - TS))
            HS = 0.0D0
            TS = TNEXT
         ELSE
            NHALF = NHALF + 1
            IF (ABS(Y(1) - 5.0D0) .GT. 1.0D-5) THEN
               IF (OK) WHY = 'PART 2: HEIGHT NOT 5 AT HALF HEIGHT'
               OK = .FALSE.
            ENDIF
         ENDIF
         GO TO 50
      ENDIF
 60   CONTINUE
      NRTTOT = NRTTOT + IWORK(36)
      NSTTOT = NSTTOT + IWORK(11)
      NRETOT = NRETOT + IWORK(12)
      NJETOT = NJETOT + IWORK(13)
      NETTOT = NETTOT + IWORK(14)
      NCFTOT = NCFTOT + IWORK(15)
      TAU = T - TS
      YEX = HS + VS*TAU - 0.5D0*G*TAU**2
      WRITE(6,140) IDID, T, Y(1), YEX, NBOUNC, NHALF, NRTTOT
 140  FORMAT('   FINAL IDID =',I3,' T =',F8.3,' Y1 =',F15.10,
     1       ' EXACT =',F15.10,' BOUNCES =',I3,' HALF =',I3,
     2       ' RT CALLS =',I5)
      IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
         IF (OK) WHY = 'PART 2: DID NOT END WITH IDID=3 AT TOUT'
         OK = .FALSE.
      ENDIF
      IF (NBOUNC .NE. 4 .OR. NHALF .NE. 3) THEN
         IF (OK) WHY = 'PART 2: EXPECTED 4 BOUNCES AND 3 HALF-HEIGHTS'
         OK = .FALSE.
      ENDIF
      IF (ABS(Y(1) - YEX) .GT. 1.0D-4) THEN
         IF (OK) WHY = 'PART 2: WRONG FINAL HEIGHT'
         OK = .FALSE.
      ENDIF
      IF (NRTTOT .LE. 0) THEN
         IF (OK) WHY = 'PART 2: IWORK(36) (RT CALLS) NOT POSITIVE'
         OK = .FALSE.
      ENDIF
      WRITE(6,150) NSTTOT, NRETOT, NJETOT, NETTOT, NCFTOT
 150  FORMAT('   SUMS OVER RESTARTS: NST =',I6,' NRE =',I6,' NJE =',I6,
     1       ' NETF =',I4,' NCFN =',I4)
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS ROOTS'
      ELSE
         WRITE(6,'(2A)') 'FAIL ROOTS: ', WHY
      ENDIF
      END
C
      SUBROUTINE NEXTEV(TS, HS, VS, TLAST, G, TNEXT, NEXT, IDIR)
C     Next event after TLAST on the flight Y1 = HS + VS*S - G*S**2/2,
C     S = T - TS: crossing of Y1 = 5 (NEXT = 2) or of the ground
C     (NEXT = 1), with direction IDIR.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
C     Ground: the positive root of HS + VS*S - G*S**2/2 = 0.
      TNEXT = TS + (VS + SQRT(VS**2 + 2.0D0*G*HS))/G
      NEXT = 1
      IDIR = -1
C     Half height: roots of HS - 5 + VS*S - G*S**2/2 = 0.
      DISC = VS**2 + 2.0D0*G*(HS - 5.0D0)
      IF (DISC .GT. 0.0D0) THEN
         S1 = (VS - SQRT(DISC))/G
         S2 = (VS + SQRT(DISC))/G
         IF (S1 .GT. 0.0D0 .AND. TS + S1 .GT. TLAST + 1.0D-3) THEN
            TNEXT = TS + S1
            NEXT = 2
            IDIR = 1
         ELSE IF (S2 .GT. 0.0D0 .AND. TS + S2 .GT. TLAST + 1.0D-3) THEN
            TNEXT = TS + S2
            NEXT = 2
            IDIR = -1
         ENDIF
      ENDIF
      RETURN
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(2), YPRIME(2), DELTA(2), RPAR(*), IPAR(*)
      COMMON /PROB/ G, IPROB
      IF (IPROB .EQ. 1) THEN
         DELTA(1) = YPRIME(1) - Y(2)
         DELTA(2) = YPRIME(2) + Y(1)
      ELSE
         DELTA(1) = YPRIME(1) - Y(2)
         DELTA(2) = YPRIME(2) + G
      ENDIF
      RETURN
      END
C
      SUBROUTINE RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(NEQ), YP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      COMMON /PROB/ G, IPROB
      IF (IPROB .EQ. 1) THEN
         RVAL(1) = Y(1) - 0.5D0
         RVAL(2) = Y(2)
      ELSE
         RVAL(1) = Y(1)
         RVAL(2) = Y(1) - 5.0D0
      ENDIF
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL ROOTS: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL ROOTS: DUMMY PSOL WAS CALLED'
      STOP
      END
