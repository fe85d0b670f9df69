C-----------------------------------------------------------------------
C     S_USER_SDAWTS -- a single-precision program that supplies its
C     own error-weight routine SDAWTS, as SDASKR allows (SDASKR then
C     calls it instead of its own, at the start and before every step),
C     written as a legacy REAL program:
C
C        SUBROUTINE SDAWTS (NEQ, IWT, RTOL, ATOL, Y, WT, RPAR, IPAR)
C
C     Problem: Y1' = -Y1 - Y2, Y2' = Y1 - Y2, Y(0) = (1,0), exact
C     solution Y1 = EXP(-T)*COS(T), Y2 = EXP(-T)*SIN(T), to T = 10,
C     driven one step per call (INFO(3) = 1) and in interval mode with
C     outputs every 0.5, with scalar (INFO(2) = 0) and vector
C     (INFO(2) = 1) tolerances.
C
C     This SDAWTS returns SCALE*(RTOL*ABS(Y) + ATOL).  Three runs of
C     each kind:
C        A  SCALE = 1/4, RTOL = ATOL = 1E-4;
C        B  SCALE = 1,   RTOL = ATOL = 1E-4/4 (the same weights, bit
C           for bit: scaling by a power of two is exact);
C        C  SCALE = 1,   RTOL = ATOL = 1E-4.
C
C     Checks: A and B return identically, bit for bit (T, Y, YPRIME,
C     IDID at every return, and the step and residual counts); C takes
C     fewer steps than A (so the weights are the program's, not the
C     solver's own RTOL*ABS(Y)+ATOL); SDAWTS is called NST+1 times in a
C     run (once at the start, once before each step, as SDASKR does),
C     with IWT = INFO(2) and NEQ = 2; the error of A at T = 10 is below
C     2E-3.
C
C     Prints the steps of each run, then PASS S_USER_SDAWTS or
C     FAIL S_USER_SDAWTS: reason.
C-----------------------------------------------------------------------
      PROGRAM SUDAWT
      IMPLICIT NONE
      INTEGER MAXRET
      PARAMETER (MAXRET = 5000)
      REAL RESA(6,MAXRET), RESB(6,MAXRET), RESC(6,MAXRET)
      INTEGER NRA, NRB, NRC, NSTA, NSTB, NSTC, NREA, NREB, NREC
      INTEGER IVEC, IMODE, I, K
      REAL ERR
      LOGICAL OK
      CHARACTER*48 WHY
      OK = .TRUE.
      WHY = ' '
      DO 20 IVEC = 0, 1
         DO 10 IMODE = 1, 2
            CALL RUN (IVEC, IMODE, 0.25E0, 1.0E-4, RESA, MAXRET, NRA,
     *                NSTA, NREA, ERR, OK, WHY)
            CALL RUN (IVEC, IMODE, 1.0E0, 0.25E0*1.0E-4, RESB, MAXRET,
     *                NRB, NSTB, NREB, ERR, OK, WHY)
            CALL RUN (IVEC, IMODE, 1.0E0, 1.0E-4, RESC, MAXRET, NRC,
     *                NSTC, NREC, ERR, OK, WHY)
            WRITE (6,'(A,I2,A,I2,A,3I6)') ' INFO(2) =', IVEC,
     *         '  MODE', IMODE, '  STEPS A, B, C:', NSTA, NSTB, NSTC
            IF (NRA .NE. NRB .OR. NSTA .NE. NSTB .OR.
     *          NREA .NE. NREB) THEN
               OK = .FALSE.
               WHY = 'RUNS A AND B DIFFER IN RETURNS OR COUNTS'
            ELSE
               DO 5 K = 1, NRA
                  DO 4 I = 1, 6
                     IF (RESA(I,K) .NE. RESB(I,K)) THEN
                        OK = .FALSE.
                        WHY = 'A RETURN OF RUNS A AND B DIFFERS'
                     ENDIF
    4             CONTINUE
    5          CONTINUE
            ENDIF
            IF (NSTC .GE. NSTA) THEN
               OK = .FALSE.
               WHY = 'SDAWTS WEIGHTS NOT USED (C NOT SHORTER)'
            ENDIF
   10    CONTINUE
   20 CONTINUE
      IF (OK) THEN
         WRITE (6,'(A)') 'PASS S_USER_SDAWTS'
      ELSE
         WRITE (6,'(2A)') 'FAIL S_USER_SDAWTS: ', WHY
      ENDIF
      END

C     One integration from T = 0 to 10 with SDAWTS's SCALE and tolerance
C     TOL (scalar, or both entries of the vectors with IVEC = 1); IMODE
C     1: one step per call, 2: outputs every 0.5.  Each return is kept
C     in RES(1..6,K): T, Y(1..2), YPRIME(1..2), IDID.  NST and NRE are
C     IWORK(11) and IWORK(12) at the end; ERR the error at T = 10.
      SUBROUTINE RUN (IVEC, IMODE, SC, TOL, RES, MAXRET, NR, NST, NRE,
     *                ERR, OK, WHY)
      IMPLICIT NONE
      INTEGER IVEC, IMODE, MAXRET, NR, NST, NRE
      REAL SC, TOL, RES(6,MAXRET), ERR
      LOGICAL OK
      CHARACTER*(*) WHY
      INTEGER NEQ, LRW, LIW
      PARAMETER (NEQ = 2, LRW = 60 + 9*NEQ + NEQ*NEQ, LIW = 40 + NEQ)
      REAL T, TOUT, TEND, Y(NEQ), YP(NEQ), RTOL(NEQ),
     *                 ATOL(NEQ), RWORK(LRW), RPAR(1), E1, E2
      INTEGER INFO(20), IWORK(LIW), IPAR(1), IDID, JROOT(1), I
      REAL SCALE
      INTEGER NCALL, IWTSEE, NEQSEE
      COMMON /WTS/ SCALE, NCALL, IWTSEE, NEQSEE
      EXTERNAL ROTRES, DUMJAC, DUMPSL, DUMRT
      SCALE = SC
      NCALL = 0
      IWTSEE = -1
      NEQSEE = -1
      DO 5 I = 1, 20
         INFO(I) = 0
    5 CONTINUE
      DO 6 I = 1, LIW
         IWORK(I) = 0
    6 CONTINUE
      DO 7 I = 1, LRW
         RWORK(I) = 0.0E0
    7 CONTINUE
      INFO(2) = IVEC
      RTOL(1) = TOL
      RTOL(2) = TOL
      ATOL(1) = TOL
      ATOL(2) = TOL
      T = 0.0E0
      Y(1) = 1.0E0
      Y(2) = 0.0E0
      YP(1) = -1.0E0
      YP(2) = 1.0E0
      TEND = 10.0E0
      IF (IMODE .EQ. 1) THEN
         INFO(3) = 1
         TOUT = TEND
      ELSE
         TOUT = 0.5E0
      ENDIF
      NR = 0
   10 CONTINUE
      CALL SDASKR (ROTRES, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL,
     *             IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC,
     *             DUMPSL, DUMRT, 0, JROOT)
      IF (IDID .LT. 0) THEN
         OK = .FALSE.
         WHY = 'SDASKR FAILED'
         WRITE (6,'(A,I4,A,1PE12.4)') ' IDID =', IDID, ' AT T =', T
         RETURN
      ENDIF
      IF (NR .GE. MAXRET) THEN
         OK = .FALSE.
         WHY = 'TOO MANY RETURNS'
         RETURN
      ENDIF
      NR = NR + 1
      RES(1,NR) = T
      RES(2,NR) = Y(1)
      RES(3,NR) = Y(2)
      RES(4,NR) = YP(1)
      RES(5,NR) = YP(2)
      RES(6,NR) = REAL(IDID)
      IF (T .LT. TEND) THEN
         IF (IMODE .EQ. 2 .AND. IDID .EQ. 3) TOUT = TOUT + 0.5E0
         GO TO 10
      ENDIF
      NST = IWORK(11)
      NRE = IWORK(12)
      E1 = ABS(Y(1) - EXP(-T)*COS(T))
      E2 = ABS(Y(2) - EXP(-T)*SIN(T))
      ERR = MAX(E1, E2)
      IF (NCALL .NE. NST + 1) THEN
         OK = .FALSE.
         WHY = 'SDAWTS NOT CALLED NST+1 TIMES'
         WRITE (6,'(A,I6,A,I6)') ' SDAWTS CALLS', NCALL, '  NST', NST
      ENDIF
      IF (IWTSEE .NE. IVEC .OR. NEQSEE .NE. NEQ) THEN
         OK = .FALSE.
         WHY = 'SDAWTS GIVEN THE WRONG IWT OR NEQ'
      ENDIF
      IF (SC .LT. 1.0E0 .AND. ERR .GT. 2.0E-3) THEN
         OK = .FALSE.
         WHY = 'ERROR AT T = 10 TOO LARGE'
         WRITE (6,'(A,1PE12.4)') ' ERROR', ERR
      ENDIF
      END

C     The program's own error weights: SCALE*(RTOL*ABS(Y) + ATOL), with
C     RTOL and ATOL arrays when IWT = 1.  Counts its calls.
      SUBROUTINE SDAWTS (NEQ, IWT, RTOL, ATOL, Y, WT, RPAR, IPAR)
      IMPLICIT NONE
      INTEGER NEQ, IWT, IPAR(*)
      REAL RTOL(*), ATOL(*), Y(*), WT(*), RPAR(*)
      REAL SCALE, RT, AT
      INTEGER NCALL, IWTSEE, NEQSEE, I
      COMMON /WTS/ SCALE, NCALL, IWTSEE, NEQSEE
      NCALL = NCALL + 1
      IWTSEE = IWT
      NEQSEE = NEQ
      RT = RTOL(1)
      AT = ATOL(1)
      DO 10 I = 1, NEQ
         IF (IWT .NE. 0) THEN
            RT = RTOL(I)
            AT = ATOL(I)
         ENDIF
         WT(I) = SCALE*(RT*ABS(Y(I)) + AT)
   10 CONTINUE
      END

      SUBROUTINE ROTRES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT NONE
      REAL T, Y(2), YP(2), CJ, DELTA(2), RPAR(*)
      INTEGER IRES, IPAR(*)
      DELTA(1) = YP(1) + Y(1) + Y(2)
      DELTA(2) = YP(2) - Y(1) + Y(2)
      END

      SUBROUTINE DUMJAC
      END

      SUBROUTINE DUMPSL
      END

      SUBROUTINE DUMRT
      END
