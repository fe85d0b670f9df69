C-----------------------------------------------------------------------
C     TOL_SHARED -- one variable passed to DDASKR as both RTOL and ATOL,
C     as many legacy callers do:
C
C        CALL DDASKR (RES, NEQ, T, Y, YPRIME, TOUT, INFO, TOL, TOL, ...)
C
C     Problem: Y1' = -Y1 - Y2, Y2' = Y1 - Y2, Y(0) = (1,0), exact
C     solution Y1 = EXP(-T)*COS(T), Y2 = EXP(-T)*SIN(T), driven one step
C     per call (INFO(3) = 1) from T = 0 to TOUT = 10, as a simulator
C     drives it; then interval mode with outputs every 0.5.  Each run is
C     made with scalar tolerances (INFO(2) = 0, TOL = 1D-8) and with
C     vector tolerances (INFO(2) = 1, TOLV(1..2) = 1D-8), once with one
C     variable for both arguments and once with two variables holding
C     the same values.
C
C     Checks: every return with one variable is identical, bit for bit,
C     to the return with two variables (T, Y, YPRIME, IDID, and the
C     step and residual counts IWORK(11), IWORK(12)); the tolerance
C     variable is unchanged; the error against the exact solution at
C     T = 10 is below 1D-6.
C
C     Prints the steps of each run, then PASS TOL_SHARED or
C     FAIL TOL_SHARED: reason.
C-----------------------------------------------------------------------
      PROGRAM TOLSHR
      IMPLICIT NONE
      INTEGER NEQ, LRW, LIW, MAXRET
      PARAMETER (NEQ = 2, LRW = 60 + 9*NEQ + NEQ*NEQ, LIW = 40 + NEQ)
      PARAMETER (MAXRET = 5000)
      DOUBLE PRECISION RES1(5,MAXRET), RES2(5,MAXRET)
      INTEGER NR1, NR2, NST1, NST2, IVEC, IMODE, I, K
      LOGICAL OK
      CHARACTER*40 WHY
      OK = .TRUE.
      WHY = ' '
      DO 20 IVEC = 0, 1
         DO 10 IMODE = 1, 2
            CALL RUN (IVEC, IMODE, .TRUE., RES1, MAXRET, NR1, NST1, OK,
     *                WHY)
            CALL RUN (IVEC, IMODE, .FALSE., RES2, MAXRET, NR2, NST2, OK,
     *                WHY)
            WRITE (6,'(A,I2,A,I2,A,I6,A,I6,A)') ' INFO(2) =', IVEC,
     *         '  MODE', IMODE, ':', NR1, ' RETURNS,', NST1, ' STEPS'
            IF (NR1 .NE. NR2 .OR. NST1 .NE. NST2) THEN
               OK = .FALSE.
               WHY = 'NUMBER OF RETURNS OR STEPS DIFFER'
            ELSE
               DO 5 K = 1, NR1
                  DO 4 I = 1, 5
                     IF (RES1(I,K) .NE. RES2(I,K)) THEN
                        OK = .FALSE.
                        WHY = 'A RETURN DIFFERS'
                     ENDIF
    4             CONTINUE
    5          CONTINUE
            ENDIF
   10    CONTINUE
   20 CONTINUE
      IF (OK) THEN
         WRITE (6,'(A)') 'PASS TOL_SHARED'
      ELSE
         WRITE (6,'(2A)') 'FAIL TOL_SHARED: ', WHY
      ENDIF
      END
C
C     One integration to T = 10.  IMODE = 1: one step per call;
C     IMODE = 2: outputs every 0.5.  SHARED: one variable for RTOL and
C     ATOL.  RES(1..5,K) = T, Y1, Y2, YPRIME1, IDID of return K.
      SUBROUTINE RUN (IVEC, IMODE, SHARED, RES, MAXRET, NRET, NST, OK,
     *                WHY)
      IMPLICIT NONE
      INTEGER IVEC, IMODE, MAXRET, NRET, NST
      LOGICAL SHARED, OK
      DOUBLE PRECISION RES(5,MAXRET)
      CHARACTER*40 WHY
      INTEGER NEQ, LRW, LIW
      PARAMETER (NEQ = 2, LRW = 60 + 9*NEQ + NEQ*NEQ, LIW = 40 + NEQ)
      DOUBLE PRECISION T, TOUT, TEND, Y(NEQ), YP(NEQ), RWORK(LRW)
      DOUBLE PRECISION TOLV(NEQ), RTOLV(NEQ), ATOLV(NEQ), RPAR, E1, E2
      INTEGER INFO(20), IWORK(LIW), IPAR, IDID, JROOT, I
      EXTERNAL RESF
      DO 10 I = 1, 20
         INFO(I) = 0
   10 CONTINUE
      DO 11 I = 1, LRW
         RWORK(I) = 0.0D0
   11 CONTINUE
      DO 12 I = 1, LIW
         IWORK(I) = 0
   12 CONTINUE
      INFO(2) = IVEC
      IF (IMODE .EQ. 1) INFO(3) = 1
      DO 13 I = 1, NEQ
         TOLV(I) = 1.0D-8
         RTOLV(I) = 1.0D-8
         ATOLV(I) = 1.0D-8
   13 CONTINUE
      T = 0.0D0
      Y(1) = 1.0D0
      Y(2) = 0.0D0
      YP(1) = -1.0D0
      YP(2) = 1.0D0
      TEND = 10.0D0
      TOUT = TEND
      IF (IMODE .EQ. 2) TOUT = 0.5D0
      NRET = 0
   20 CONTINUE
      IF (SHARED) THEN
         CALL DDASKR (RESF, NEQ, T, Y, YP, TOUT, INFO, TOLV, TOLV,
     *      IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, RESF, RESF,
     *      RESF, 0, JROOT)
      ELSE
         CALL DDASKR (RESF, NEQ, T, Y, YP, TOUT, INFO, RTOLV, ATOLV,
     *      IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, RESF, RESF,
     *      RESF, 0, JROOT)
      ENDIF
      IF (IDID .LT. 0 .OR. NRET .GE. MAXRET) THEN
         OK = .FALSE.
         WHY = 'DDASKR FAILED OR TOO MANY RETURNS'
         NST = IWORK(11)
         RETURN
      ENDIF
      NRET = NRET + 1
      RES(1,NRET) = T
      RES(2,NRET) = Y(1)
      RES(3,NRET) = Y(2)
      RES(4,NRET) = YP(1)
      RES(5,NRET) = DBLE(IDID) + 1.0D3*DBLE(IWORK(11))
     *              + 1.0D7*DBLE(IWORK(12))
      IF (T .LT. TEND) THEN
         IF (IMODE .EQ. 2 .AND. T .GE. TOUT) TOUT = TOUT + 0.5D0
         GO TO 20
      ENDIF
      NST = IWORK(11)
      DO 30 I = 1, NEQ
         IF (TOLV(I) .NE. 1.0D-8) THEN
            OK = .FALSE.
            WHY = 'THE TOLERANCE VARIABLE CHANGED'
         ENDIF
   30 CONTINUE
      E1 = ABS(Y(1) - EXP(-T)*COS(T))
      E2 = ABS(Y(2) - EXP(-T)*SIN(T))
      IF (MAX(E1, E2) .GT. 1.0D-6) THEN
         OK = .FALSE.
         WHY = 'ERROR AGAINST THE EXACT SOLUTION'
      ENDIF
      END
C
      SUBROUTINE RESF (T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT NONE
      DOUBLE PRECISION T, Y(2), YPRIME(2), CJ, DELTA(2), RPAR
      INTEGER IRES, IPAR
      DELTA(1) = YPRIME(1) + Y(1) + Y(2)
      DELTA(2) = YPRIME(2) - Y(1) + Y(2)
      END
