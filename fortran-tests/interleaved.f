C-----------------------------------------------------------------------
C     INTERLEAVED -- several integrations driven one step per call in
C     turn from one program (one thread), as a simulator steps the
C     models of a plant one after another:
C
C        DO K = 1, NRUN
C           CALL DDASKR (RES, NEQ(K), T(K), Y(1,K), ..., RWORK(1,K),
C                        LRW(K), IWORK(1,K), LIW(K), ...)
C        END DO
C
C     Models (RES selects by IPAR(1)), each to T = 4 with INFO(3) = 1,
C     INFO(4) = 1 and TSTOP = 4, scalar tolerances RTOL = ATOL = 1D-7:
C       1. Y1' = -Y1 - Y2, Y2' = Y1 - Y2, Y(0) = (1,0), dense matrix;
C          exact solution Y1 = EXP(-T)*COS(T).
C       2. Robertson's kinetics (NEQ = 3, Y3 algebraic: Y1+Y2+Y3 = 1),
C          Y(0) = (1,0,0), dense matrix, consistent Y'(0).
C       3. Y' = K Y, K tridiagonal (4 on the diagonal, 1 below, 2
C          above, with minus signs), NEQ = 10, Y(0) = 1, banded matrix
C          (INFO(6) = 1, ML = MU = 1).
C     Every matrix by difference quotients (INFO(5) = 0).
C
C     Schemes, each a set of runs stepped in turn until all reach T = 4:
C       A. each model alone (the reference);
C       B. models 1 and 2 in turn;
C       C. models 1, 2 and 3 in turn;
C       D. model 1 twice (two runs with identical arrays) and model 3;
C       E. models 3, 2 and 1 in turn, model 2 started only after
C          model 3's 20th step.
C
C     Checks: every run of every scheme returns what its model returns
C     alone, bit for bit: the number of calls, and for every call IDID,
C     T, Y and YPRIME (a running sum of each, formed in the same order),
C     and at the end the counters IWORK(11..16) (NST, NRE, NJE, NETF,
C     NCFN, NCFL) and H = RWORK(3); model 1 agrees with its exact
C     solution to 1D-5.
C
C     Prints one line per run, then PASS INTERLEAVED or
C     FAIL INTERLEAVED: reason.
C-----------------------------------------------------------------------
      PROGRAM INTERL
      IMPLICIT NONE
      INTEGER MAXRUN, NSUM
      PARAMETER (MAXRUN = 3, NSUM = 13)
      DOUBLE PRECISION REF(NSUM,3), GOT(NSUM,MAXRUN)
      INTEGER MODELS(MAXRUN), NRUN, K, I, LATE
      LOGICAL OK
      CHARACTER*48 WHY
      COMMON /VERDCT/ OK, WHY
      OK = .TRUE.
      WHY = ' '
C     A. Each model alone.
      DO 10 K = 1, 3
         MODELS(1) = K
         CALL SCHEME ('A', MODELS, 1, 0, REF(1,K))
   10 CONTINUE
      IF (ABS(REF(5,1) - EXP(-4.0D0)*COS(4.0D0)) .GT. 1.0D-5) THEN
         OK = .FALSE.
         WHY = 'MODEL 1 AGAINST ITS EXACT SOLUTION'
      ENDIF
C     B to E.
      DO 50 I = 1, 4
         LATE = 0
         IF (I .EQ. 1) THEN
            NRUN = 2
            MODELS(1) = 1
            MODELS(2) = 2
         ELSE IF (I .EQ. 2) THEN
            NRUN = 3
            MODELS(1) = 1
            MODELS(2) = 2
            MODELS(3) = 3
         ELSE IF (I .EQ. 3) THEN
            NRUN = 3
            MODELS(1) = 1
            MODELS(2) = 1
            MODELS(3) = 3
         ELSE
            NRUN = 3
            MODELS(1) = 3
            MODELS(2) = 2
            MODELS(3) = 1
            LATE = 20
         ENDIF
         CALL SCHEME (CHAR(ICHAR('A') + I), MODELS, NRUN, LATE, GOT)
         DO 40 K = 1, NRUN
            CALL SAME (REF(1,MODELS(K)), GOT(1,K), NSUM)
   40    CONTINUE
   50 CONTINUE
      IF (OK) THEN
         WRITE (6,'(A)') 'PASS INTERLEAVED'
      ELSE
         WRITE (6,'(2A)') 'FAIL INTERLEAVED: ', WHY
      ENDIF
      END
C
C     The runs of MODELS(1..NRUN) stepped in turn, one call each per
C     round; run 2 waits for run 1's LATE-th step.  SUMS(1..13,K) of
C     run K: the calls, the sums of IDID, T and Y(1..NEQ) over the
C     calls, Y(1) at the end, IWORK(11..16), RWORK(3), and the sum of
C     YPRIME(1..NEQ) over the calls.
      SUBROUTINE SCHEME (NAME, MODELS, NRUN, LATE, SUMS)
      IMPLICIT NONE
      CHARACTER NAME
      INTEGER NRUN, MODELS(NRUN), LATE
      DOUBLE PRECISION SUMS(13,NRUN)
      INTEGER MAXRUN, NMAX, LRWMAX, LIWMAX
      PARAMETER (MAXRUN = 3, NMAX = 10, LRWMAX = 200, LIWMAX = 50)
      DOUBLE PRECISION T(MAXRUN), Y(NMAX,MAXRUN), YP(NMAX,MAXRUN)
      DOUBLE PRECISION RWORK(LRWMAX,MAXRUN), RTOL, ATOL, RPAR, TEND
      INTEGER INFO(20,MAXRUN), IWORK(LIWMAX,MAXRUN), IPAR(MAXRUN)
      INTEGER NEQ(MAXRUN), LRW(MAXRUN), LIW(MAXRUN), IDID, JROOT
      INTEGER K, I, NLEFT
      LOGICAL DONE(MAXRUN)
      LOGICAL OK
      CHARACTER*48 WHY
      COMMON /VERDCT/ OK, WHY
      EXTERNAL RES, DUMMY
      TEND = 4.0D0
      RTOL = 1.0D-7
      ATOL = 1.0D-7
      DO 20 K = 1, NRUN
         CALL START (MODELS(K), NEQ(K), LRW(K), LIW(K), Y(1,K),
     *               YP(1,K), INFO(1,K), RWORK(1,K), IWORK(1,K), TEND)
         IPAR(K) = MODELS(K)
         T(K) = 0.0D0
         DONE(K) = .FALSE.
         DO 10 I = 1, 13
            SUMS(I,K) = 0.0D0
   10    CONTINUE
   20 CONTINUE
      NLEFT = NRUN
   30 CONTINUE
      DO 50 K = 1, NRUN
         IF (DONE(K)) GO TO 50
         IF (K .EQ. 2 .AND. LATE .GT. 0) THEN
            IF (.NOT. DONE(1) .AND. IWORK(11,1) .LT. LATE) GO TO 50
         ENDIF
         CALL DDASKR (RES, NEQ(K), T(K), Y(1,K), YP(1,K), TEND,
     *                INFO(1,K), RTOL, ATOL, IDID, RWORK(1,K), LRW(K),
     *                IWORK(1,K), LIW(K), RPAR, IPAR(K), DUMMY, DUMMY,
     *                DUMMY, 0, JROOT)
         IF (IDID .LT. 0) THEN
            OK = .FALSE.
            WRITE (WHY,'(A,A,I2,A,I4)') NAME, ': RUN', K, ' IDID', IDID
            RETURN
         ENDIF
         SUMS(1,K) = SUMS(1,K) + 1.0D0
         SUMS(2,K) = SUMS(2,K) + DBLE(IDID)
         SUMS(3,K) = SUMS(3,K) + T(K)
         DO 40 I = 1, NEQ(K)
            SUMS(4,K) = SUMS(4,K) + Y(I,K)
            SUMS(5,K) = SUMS(5,K) + YP(I,K)
   40    CONTINUE
         IF (T(K) .GE. TEND) THEN
            DONE(K) = .TRUE.
            NLEFT = NLEFT - 1
         ENDIF
   50 CONTINUE
      IF (NLEFT .GT. 0) GO TO 30
      DO 70 K = 1, NRUN
C        Y(1) at the end in slot 5 (the running sum of Y' moved on).
         SUMS(13,K) = SUMS(5,K)
         SUMS(5,K) = Y(1,K)
         DO 60 I = 1, 6
            SUMS(5+I,K) = DBLE(IWORK(10+I,K))
   60    CONTINUE
         SUMS(12,K) = RWORK(3,K)
         WRITE (6,'(1X,A,A,I2,A,I2,A,I6,A,I6,A,I6)') NAME, ': RUN', K,
     *      '  MODEL', MODELS(K), '  CALLS', INT(SUMS(1,K)), '  NST',
     *      IWORK(11,K), '  NRE', IWORK(12,K)
   70 CONTINUE
      END
C
C     A first call's arrays for model M.
      SUBROUTINE START (M, NEQ, LRW, LIW, Y, YP, INFO, RWORK, IWORK,
     *                  TEND)
      IMPLICIT NONE
      INTEGER M, NEQ, LRW, LIW, INFO(20), IWORK(*), I
      DOUBLE PRECISION Y(*), YP(*), RWORK(*), TEND
      DO 10 I = 1, 20
         INFO(I) = 0
   10 CONTINUE
      INFO(3) = 1
      INFO(4) = 1
      RWORK(1) = TEND
      IF (M .EQ. 1) THEN
         NEQ = 2
         Y(1) = 1.0D0
         Y(2) = 0.0D0
         YP(1) = -1.0D0
         YP(2) = 1.0D0
      ELSE IF (M .EQ. 2) THEN
         NEQ = 3
         Y(1) = 1.0D0
         Y(2) = 0.0D0
         Y(3) = 0.0D0
         YP(1) = -0.04D0
         YP(2) = 0.04D0
         YP(3) = 0.0D0
      ELSE
         NEQ = 10
         DO 20 I = 1, NEQ
            Y(I) = 1.0D0
   20    CONTINUE
         YP(1) = -2.0D0
         DO 30 I = 2, NEQ - 1
            YP(I) = -1.0D0
   30    CONTINUE
         YP(NEQ) = -3.0D0
         INFO(6) = 1
         IWORK(1) = 1
         IWORK(2) = 1
      ENDIF
      IF (M .EQ. 3) THEN
         LRW = 60 + 9*NEQ + 4*NEQ + 2*(NEQ/3 + 1)
      ELSE
         LRW = 60 + 9*NEQ + NEQ*NEQ
      ENDIF
      LIW = 40 + NEQ
      END
C
      SUBROUTINE RES (T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT NONE
      DOUBLE PRECISION T, Y(*), YPRIME(*), CJ, DELTA(*), RPAR
      INTEGER IRES, IPAR, I, N
      PARAMETER (N = 10)
      IF (IPAR .EQ. 1) THEN
         DELTA(1) = YPRIME(1) + Y(1) + Y(2)
         DELTA(2) = YPRIME(2) - Y(1) + Y(2)
      ELSE IF (IPAR .EQ. 2) THEN
         DELTA(1) = YPRIME(1) + 0.04D0*Y(1) - 1.0D4*Y(2)*Y(3)
         DELTA(2) = YPRIME(2) - 0.04D0*Y(1) + 1.0D4*Y(2)*Y(3)
     *              + 3.0D7*Y(2)*Y(2)
         DELTA(3) = Y(1) + Y(2) + Y(3) - 1.0D0
      ELSE
         DO 10 I = 1, N
            DELTA(I) = YPRIME(I) + 4.0D0*Y(I)
            IF (I .GT. 1) DELTA(I) = DELTA(I) - Y(I-1)
            IF (I .LT. N) DELTA(I) = DELTA(I) - 2.0D0*Y(I+1)
   10    CONTINUE
      ENDIF
      END
C
C     The same bits in every entry, else the reason.
      SUBROUTINE SAME (A, B, N)
      IMPLICIT NONE
      INTEGER N, I
      DOUBLE PRECISION A(N), B(N)
      LOGICAL OK
      CHARACTER*48 WHY
      COMMON /VERDCT/ OK, WHY
      DO 10 I = 1, N
         IF (A(I) .NE. B(I)) THEN
            OK = .FALSE.
            WRITE (WHY,'(A,I3,A)') 'A RUN DIFFERS FROM ALONE (ITEM',
     *         I, ')'
         ENDIF
   10 CONTINUE
      END
C
C     JAC, PSOL and RT are never called (INFO(5) = 0, NRT = 0).
      SUBROUTINE DUMMY
      END
