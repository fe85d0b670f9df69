C-----------------------------------------------------------------------
C     EXT_ROOTS -- DDASKR's root finding with INFO(20) (this library's
C     extension, README "Extensions for DDASKR callers"; DASKR never
C     reads INFO(20)): 1 = functions that cross zero and come back
C     within one step are found, 2 = functions exactly zero at the
C     start are left out of the search until they leave zero, 3 = both.
C     Every run integrates from T = 0 to TEND in one call sequence
C     (TOUT = TEND, INFO(3) = 0, so DDASKR takes its own long steps),
C     calling again after each IDID = 5; RWORK/IWORK have DASKR's
C     minimum lengths for the dense DQ Jacobian.
C
C     A. Double crossings inside one step: Y' = 1, Y(0) = 0 (Y = T;
C        the error estimate is zero and the step doubles every step),
C        R1 = (Y-0.4)*(Y-0.45), R2 = (Y-0.7)*(Y-0.7001), TEND = 2.
C        INFO(20) = 0 (DASKR): both functions are positive at the ends
C        of the step that holds their roots, and no root is returned
C        (DASKR's documented behaviour; asserted so that a change is
C        noticed).  INFO(20) = 1: the four roots 0.4, 0.45, 0.7,
C        0.7001, in time order, with JROOT = -1 then +1 for each
C        function, and times within TOLA of the exact ones (Y = T is
C        integrated exactly, so this is the root finder's own
C        tolerance, 100*UROUND*(|T|+|H|), with a margin).
C     B. A function exactly zero at the start: Y1' = 1, Y2' =
C        MAX(0, Y1-1) (Y2 = 0 up to T = 1, then (T-1)**2/2),
C        R1 = Y2 (leaves zero at T = 1, never crosses),
C        R2 = Y2*(Y2-0.125) (leaves zero at T = 1 to the negative
C        side, crosses upwards at T = 1.5), TEND = 3.
C        INFO(20) = 0 and 1: IDID = -33 on the first call (R is zero
C        at T = 0 and just after it; DASKR's "root functions are
C        ill-defined", message shown between LOUD markers).
C        INFO(20) = 2 and 3: no root where the functions leave zero,
C        exactly one root, at T = 1.5 with JROOT = (0, +1), then
C        IDID = 3 at TEND with Y2 = 2.
C     C. Close pairs: Y1' = Y2, Y2' = -Y1, Y(0) = (0,1) (Y1 = SIN T),
C        R1 = Y1 - C, R2 = Y1 + C with C = 0.999 just below the
C        amplitude: the crossings come in pairs 2*ACOS(C) = 0.09 apart
C        around every maximum (R1) and minimum (R2); loose tolerances
C        (RTOL = ATOL = 1.0D-5) make the steps long, TEND = 20.
C        INFO(20) = 3: all 12 roots ASIN(C) + 2*PI*N, PI - ASIN(C) +
C        2*PI*N (R1), PI + ASIN(C) + 2*PI*N, 2*PI - ASIN(C) + 2*PI*N
C        (R2), in order, with the right JROOT, times within TOLC (a
C        global error of 3*RTOL per unit of time over 20 time units,
C        divided by the slope SQRT(1-C**2) of Y1 at the roots), Y at
C        TEND within that global error.  INFO(20) = 0 is run too: it
C        must miss some of the pairs (else this case would prove
C        nothing; it returns 2 of the 12).
C     B2. A function still zero just past its root: Y' = 1, Y(0) = 0,
C        R1 = MIN(0, Y-1) (reaches zero at T = 1 and stays there),
C        R2 = Y - 2, TEND = 3.  R1 has no sign change: as in DASKR,
C        its root is reported at the end of the step where R1 is first
C        seen zero (JROOT(1) = +1, T in [1,2)).  INFO(20) = 0: the
C        continuation call then gives IDID = -33 (R1 still zero just
C        past the root).  INFO(20) = 2: the same first root, then R2's
C        root at T = 2 (JROOT = (0,+1)) exactly once, then IDID = 3.
C     In A, B and C every root returned must make its function zero
C     at the Y returned with it (|R| <= 1.0D-10), and in A and C the
C     integration (IWORK(11..15)) must be that of INFO(20) = 0, with
C     more RT calls (IWORK(36)) for the dip search.
C     D. INFO(20) outside 0..3 (99, 4, -1) must behave exactly as
C        INFO(20) = 0 on A, B, C and B2: same final IDID, roots (times and
C        Y bit for bit, JROOT), final T and Y, and IWORK(11..15, 36).
C
C     The last line printed is PASS EXT_ROOTS, or FAIL EXT_ROOTS:
C     reason (and STOP 1).
C-----------------------------------------------------------------------
      PROGRAM EXTRT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MAXR=40)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NFAIL
      COMMON /VERDCW/ WHY
      COMMON /PROB/ PI, CTHR, IPROB
C     Results of one run (RUNRT) and of the INFO(20) = 0 references.
      DIMENSION TR(MAXR), JR(2,MAXR), YR(2,MAXR), IST(6), YF(2)
      DIMENSION TR0(MAXR,4), JR0(2,MAXR,4), YR0(2,MAXR,4), IST0(6,4)
      DIMENSION YF0(2,4), NR0(4), IDID0(4), TF0(4), TEND(4), RTOLP(4)
      DIMENSION TEXP(MAXR), JEXP(2,MAXR), INFBAD(3)
      DATA TEND / 2.0D0, 3.0D0, 20.0D0, 3.0D0 /
      DATA RTOLP / 1.0D-8, 1.0D-8, 1.0D-5, 1.0D-8 /
      DATA INFBAD / 99, 4, -1 /
C
      OK = .TRUE.
      NFAIL = 0
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      CTHR = 0.999D0
      UROUND = EPSILON(1.0D0)
C
C     ---------------- A ----------------
      WRITE(6,'(/A)') ' A. Y = T, R1 = (Y-0.4)*(Y-0.45), ' //
     1   'R2 = (Y-0.7)*(Y-0.7001)'
      CALL RUNRT(1, 0, TEND(1), RTOLP(1), MAXR, NR0(1), TR0(1,1),
     1     JR0(1,1,1), YR0(1,1,1), IDID0(1), TF0(1), YF0(1,1),
     2     IST0(1,1))
      CALL SHOW(0, NR0(1), IDID0(1), TF0(1), IST0(1,1))
      IF (NR0(1) .NE. 0) CALL FAILED('A: INFO(20) = 0 FOUND A ROOT ' //
     1   '(DASKR MISSES THEM)')
      IF (IDID0(1) .NE. 3) CALL FAILED('A: INFO(20) = 0 NOT IDID = 3')
      WRITE(6,'(A)') '   (INFO(20) = 0 MISSES ALL FOUR ROOTS, ' //
     1   'AS DASKR DOES)'
      CALL RUNRT(1, 1, TEND(1), RTOLP(1), MAXR, NR, TR, JR, YR,
     1     IDIDF, TF, YF, IST)
      CALL SHOW(1, NR, IDIDF, TF, IST)
      TEXP(1) = 0.4D0
      TEXP(2) = 0.45D0
      TEXP(3) = 0.7D0
      TEXP(4) = 0.7001D0
      DO 10 I = 1,4
         JEXP(1,I) = 0
         JEXP(2,I) = 0
 10   CONTINUE
      JEXP(1,1) = -1
      JEXP(1,2) = 1
      JEXP(2,3) = -1
      JEXP(2,4) = 1
C     Y = T is integrated exactly: the root finder's own tolerance,
C     100*UROUND*(|T|+|H|) with H at most TEND, and a margin of 10.
      TOLA = 10.0D0*100.0D0*UROUND*(1.0D0 + TEND(1))
      CALL CMPRT('A', NR, TR, JR, YR, 4, TEXP, JEXP, TOLA)
      IF (IDIDF .NE. 3 .OR. TF .NE. TEND(1) .OR.
     1    ABS(YF(1) - TEND(1)) .GT. 1.0D-10)
     2   CALL FAILED('A: INFO(20) = 1 DID NOT END AT TEND')
      CALL SAMEST('A', IST, IST0(1,1))
C
C     ---------------- B ----------------
      WRITE(6,'(/A)') ' B. Y2'' = MAX(0,T-1), R1 = Y2, ' //
     1   'R2 = Y2*(Y2-0.125)'
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL RUNRT(2, 0, TEND(2), RTOLP(2), MAXR, NR0(2), TR0(1,2),
     1     JR0(1,1,2), YR0(1,1,2), IDID0(2), TF0(2), YF0(1,2),
     2     IST0(1,2))
      CALL RUNRT(2, 1, TEND(2), RTOLP(2), MAXR, NR, TR, JR, YR,
     1     IDIDF, TF, YF, IST)
      WRITE(6,'(A)') 'LOUD-END'
      CALL SHOW(0, NR0(2), IDID0(2), TF0(2), IST0(1,2))
      CALL SHOW(1, NR, IDIDF, TF, IST)
      IF (IDID0(2) .NE. -33 .OR. TF0(2) .NE. 0.0D0 .OR. NR0(2) .NE. 0)
     1   CALL FAILED('B: INFO(20) = 0 NOT IDID = -33 AT THE START')
      IF (IDIDF .NE. -33 .OR. TF .NE. 0.0D0 .OR. NR .NE. 0)
     1   CALL FAILED('B: INFO(20) = 1 NOT IDID = -33 AT THE START')
      TEXP(1) = 1.5D0
      JEXP(1,1) = 0
      JEXP(2,1) = 1
C     Y2 has the error of the integration, RTOL*0.125 + ATOL with a
C     margin of 100; dY2/dT = 0.5 at the root.
      TOLB = 100.0D0*(RTOLP(2)*0.125D0 + RTOLP(2))/0.5D0
      DO 20 INF20 = 2,3
         CALL RUNRT(2, INF20, TEND(2), RTOLP(2), MAXR, NR, TR, JR, YR,
     1        IDIDF, TF, YF, IST)
         CALL SHOW(INF20, NR, IDIDF, TF, IST)
         CALL CMPRT('B', NR, TR, JR, YR, 1, TEXP, JEXP, TOLB)
         WRITE(6,100) YF(2), ABS(YF(2) - 2.0D0)
 100     FORMAT('   Y2(TEND) =',F14.10,'  ERROR =',D10.2)
         IF (IDIDF .NE. 3 .OR. TF .NE. TEND(2))
     1      CALL FAILED('B: INFO(20) = 2 OR 3 DID NOT END AT TEND')
         IF (ABS(YF(2) - 2.0D0) .GT. 1.0D3*RTOLP(2))
     1      CALL FAILED('B: WRONG Y2 AT TEND')
 20   CONTINUE
C
C     B2: a function still zero just past its root.
      WRITE(6,'(/A)') ' B2. Y = T, R1 = MIN(0,Y-1), R2 = Y-2'
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL RUNRT(4, 0, TEND(4), RTOLP(4), MAXR, NR0(4), TR0(1,4),
     1     JR0(1,1,4), YR0(1,1,4), IDID0(4), TF0(4), YF0(1,4),
     2     IST0(1,4))
      WRITE(6,'(A)') 'LOUD-END'
      CALL SHOW(0, NR0(4), IDID0(4), TF0(4), IST0(1,4))
      WRITE(6,130) TR0(1,4), JR0(1,1,4), JR0(2,1,4)
 130  FORMAT('   FIRST ROOT AT T =',F14.10,'  JROOT =',2I3,
     1       '  (R1 IS FIRST SEEN ZERO AT THE END OF A STEP)')
      IF (NR0(4) .NE. 1 .OR. JR0(1,1,4) .NE. 1 .OR. JR0(2,1,4) .NE. 0)
     1   CALL FAILED('B2: INFO(20) = 0: NOT ONE ROOT OF R1 FIRST')
      IF (TR0(1,4) .LT. 1.0D0 .OR. TR0(1,4) .GE. 2.0D0)
     1   CALL FAILED('B2: INFO(20) = 0: R1 ROOT NOT IN (1,2)')
      IF (IDID0(4) .NE. -33 .OR. TF0(4) .NE. TR0(1,4))
     1   CALL FAILED('B2: INFO(20) = 0: NOT -33 AFTER THE ROOT')
      TEXP(1) = TR0(1,4)
      JEXP(1,1) = 1
      JEXP(2,1) = 0
      TEXP(2) = 2.0D0
      JEXP(1,2) = 0
      JEXP(2,2) = 1
      CALL RUNRT(4, 2, TEND(4), RTOLP(4), MAXR, NR, TR, JR, YR,
     1     IDIDF, TF, YF, IST)
      CALL SHOW(2, NR, IDIDF, TF, IST)
C     The first root where INFO(20) = 0 put it (bit for bit), the
C     second one exact up to the root finder's tolerance.
      CALL CMPRT('B', NR, TR, JR, YR, 2, TEXP, JEXP, TOLA)
      IF (NR .GE. 1) THEN
         IF (TR(1) .NE. TR0(1,4))
     1      CALL FAILED('B2: FIRST ROOT DIFFERS FROM INFO(20) = 0')
      ENDIF
      IF (IDIDF .NE. 3 .OR. TF .NE. TEND(4))
     1   CALL FAILED('B2: INFO(20) = 2 DID NOT END AT TEND')
C
C     ---------------- C ----------------
      WRITE(6,'(/A,F6.3,A,F6.3)') ' C. Y1 = SIN T, R1 = Y1 -', CTHR,
     1   ', R2 = Y1 +', CTHR
      CALL RUNRT(3, 0, TEND(3), RTOLP(3), MAXR, NR0(3), TR0(1,3),
     1     JR0(1,1,3), YR0(1,1,3), IDID0(3), TF0(3), YF0(1,3),
     2     IST0(1,3))
      CALL SHOW(0, NR0(3), IDID0(3), TF0(3), IST0(1,3))
      CALL RUNRT(3, 3, TEND(3), RTOLP(3), MAXR, NR, TR, JR, YR,
     1     IDIDF, TF, YF, IST)
      CALL SHOW(3, NR, IDIDF, TF, IST)
      AS = ASIN(CTHR)
      NEXP = 0
      DO 30 N = 0,3
         BASE = 2.0D0*PI*DBLE(N)
         CALL ADDEXP(NEXP, TEXP, JEXP, BASE + AS, 1, 1, TEND(3))
         CALL ADDEXP(NEXP, TEXP, JEXP, BASE + PI - AS, 1, -1, TEND(3))
         CALL ADDEXP(NEXP, TEXP, JEXP, BASE + PI + AS, 2, -1, TEND(3))
         CALL ADDEXP(NEXP, TEXP, JEXP, BASE + 2.0D0*PI - AS, 2, 1,
     1        TEND(3))
 30   CONTINUE
C     The global error of Y1, a few times RTOL per unit of time (3
C     here), over the slope SQRT(1-C**2) of Y1 at the roots.
      ERRG = 3.0D0*RTOLP(3)*TEND(3)
      TOLC = ERRG/SQRT(1.0D0 - CTHR**2)
      CALL CMPRT('C', NR, TR, JR, YR, NEXP, TEXP, JEXP, TOLC)
      ERRF = MAX(ABS(YF(1) - SIN(TF)), ABS(YF(2) - COS(TF)))
      WRITE(6,110) ERRF, ERRG
 110  FORMAT('   ERROR OF Y AT TEND',D10.2,'  (ALLOWED',D10.2,')')
      IF (IDIDF .NE. 3 .OR. TF .NE. TEND(3))
     1   CALL FAILED('C: INFO(20) = 3 DID NOT END AT TEND')
      IF (ERRF .GT. ERRG) CALL FAILED('C: WRONG Y AT TEND')
      CALL SAMEST('C', IST, IST0(1,3))
      WRITE(6,120) NR0(3), NEXP, (TR0(I,3),I=1,NR0(3))
 120  FORMAT('   INFO(20) = 0 RETURNED',I3,' OF THE',I3,' ROOTS',:,
     1       ', AT T =',4F10.5/(6X,6F10.5))
      IF (NR0(3) .GE. NEXP)
     1   CALL FAILED('C: INFO(20) = 0 MISSED NO PAIR (CASE TOO EASY)')
C
C     ---------------- D ----------------
      WRITE(6,'(/A)') ' D. INFO(20) OUTSIDE 0..3 AGAINST INFO(20) = 0'
      WRITE(6,'(A)') 'LOUD-BEGIN'
      DO 50 IP = 1,4
         DO 40 IB = 1,3
            CALL RUNRT(IP, INFBAD(IB), TEND(IP), RTOLP(IP), MAXR, NR,
     1           TR, JR, YR, IDIDF, TF, YF, IST)
            CALL SAME(IP, INFBAD(IB), NR, TR, JR, YR, IDIDF, TF, YF,
     1           IST, NR0(IP), TR0(1,IP), JR0(1,1,IP), YR0(1,1,IP),
     2           IDID0(IP), TF0(IP), YF0(1,IP), IST0(1,IP))
 40      CONTINUE
 50   CONTINUE
      WRITE(6,'(A)') 'LOUD-END'
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS EXT_ROOTS'
      ELSE
         WRITE(6,'(A,I4,A)') ' ', NFAIL, ' CHECK(S) FAILED'
         WRITE(6,'(2A)') 'FAIL EXT_ROOTS: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
C     One integration of problem IP from T = 0 to TEND with INFO(20) =
C     INF20, RTOL = ATOL = TOL, continued after every IDID = 5.
C     Returns the roots (NR, TR, JR), the last IDID, T and Y, and
C     IWORK(11..15) and IWORK(36) in IST.
      SUBROUTINE RUNRT(IP, INF20, TEND, TOL, MAXR, NR, TR, JR, YR,
     1     IDIDF, TF, YF, IST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NRT=2, LRWMX=60+9*2+3*NRT+2**2, LIWMX=40+2)
      DIMENSION TR(MAXR), JR(2,MAXR), YR(2,MAXR), IST(6), YF(2)
      DIMENSION Y(2), YP(2), INFO(20), RW(LRWMX), IW(LIWMX), JROOT(2)
      DIMENSION RPAR(1), IPAR(1)
      COMMON /PROB/ PI, CTHR, IPROB
      EXTERNAL RES, RT, JDUM, PDUM
      IPROB = IP
      NEQ = 2
      IF (IP .EQ. 1 .OR. IP .EQ. 4) NEQ = 1
      LRW = 60 + 9*NEQ + 3*NRT + NEQ**2
      LIW = 40 + NEQ
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
C     Zeroed work arrays: after a -33 on the first call the counters
C     read back are the same in every run.
      DO 12 I = 1,LRWMX
         RW(I) = 0.0D0
 12   CONTINUE
      DO 14 I = 1,LIWMX
         IW(I) = 0
 14   CONTINUE
      INFO(20) = INF20
      RTOL = TOL
      ATOL = TOL
      Y(1) = 0.0D0
      YP(1) = 1.0D0
      Y(2) = 0.0D0
      YP(2) = 0.0D0
      IF (IP .EQ. 3) Y(2) = 1.0D0
      T = 0.0D0
      NR = 0
 20   CONTINUE
      CALL DDASKR(RES, NEQ, T, Y, YP, TEND, INFO, RTOL, ATOL, IDID,
     1     RW, LRW, IW, LIW, RPAR, IPAR, JDUM, PDUM, RT, NRT, JROOT)
      IF (IDID .EQ. 5) THEN
         NR = NR + 1
         IF (NR .LE. MAXR) THEN
            TR(NR) = T
            JR(1,NR) = JROOT(1)
            JR(2,NR) = JROOT(2)
            YR(1,NR) = Y(1)
            YR(2,NR) = Y(2)
            GO TO 20
         ENDIF
         CALL FAILED('MORE ROOTS THAN MAXR')
         NR = MAXR
      ENDIF
      IDIDF = IDID
      TF = T
      YF(1) = Y(1)
      YF(2) = Y(2)
      IF (NEQ .EQ. 1) YF(2) = 0.0D0
      DO 30 I = 1,5
         IST(I) = IW(10+I)
 30   CONTINUE
      IST(6) = IW(36)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Print a run: its roots and counters.
      SUBROUTINE SHOW(INF20, NR, IDIDF, TF, IST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION IST(6)
      WRITE(6,100) INF20, NR, IDIDF, TF, (IST(I),I=1,6)
 100  FORMAT('   INFO(20) =',I3,':',I3,' ROOT(S), LAST IDID =',I4,
     1       ' AT T =',F7.3/'     NST =',I5,' NRE =',I5,' NJE =',I4,
     2       ' NETF =',I3,' NCFN =',I3,' NRTE =',I5)
      RETURN
      END
C
C     Append an expected root of function IFN, direction IDIR, if it
C     lies before TEND.
      SUBROUTINE ADDEXP(NEXP, TEXP, JEXP, TX, IFN, IDIR, TEND)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION TEXP(*), JEXP(2,*)
      IF (TX .GE. TEND) RETURN
      NEXP = NEXP + 1
      TEXP(NEXP) = TX
      JEXP(1,NEXP) = 0
      JEXP(2,NEXP) = 0
      JEXP(IFN,NEXP) = IDIR
      RETURN
      END
C
C     Compare the roots found with the expected ones (in order), print
C     a table of times and errors.
      SUBROUTINE CMPRT(PART, NR, TR, JR, YR, NEXP, TEXP, JEXP, TOL)
C     Also: the root function that has the root (JROOT non-zero) must
C     vanish at the Y returned there, to within RTOLV (the root
C     finder's time tolerance times the slopes here is far smaller).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (RTOLV=1.0D-10)
      CHARACTER*1 PART
      CHARACTER*60 MSG
      DIMENSION TR(*), JR(2,*), YR(2,*), TEXP(*), JEXP(2,*), R(2)
      DIMENSION RPAR(1), IPAR(1)
      WRITE(6,100) TOL
 100  FORMAT('      N       T FOUND          T EXACT     ERROR',
     1       '   JROOT  EXPECTED  R THERE   (TOLERANCE',D9.2,')')
      ERRMX = 0.0D0
      DO 10 I = 1,MIN(NR,NEXP)
         ERR = TR(I) - TEXP(I)
         ERRMX = MAX(ERRMX, ABS(ERR))
         CALL RT(2, TR(I), YR(1,I), YR(1,I), 2, R, RPAR, IPAR)
         RV = 0.0D0
         DO 5 J = 1,2
            IF (JR(J,I) .NE. 0) RV = MAX(RV, ABS(R(J)))
 5       CONTINUE
         WRITE(6,110) I, TR(I), TEXP(I), ERR, JR(1,I), JR(2,I),
     1        JEXP(1,I), JEXP(2,I), RV
 110     FORMAT(3X,I4,2F17.12,D10.2,2I3,2X,2I3,D10.2)
         IF (RV .GT. RTOLV) THEN
            MSG = PART // ': ROOT FUNCTION NOT ZERO AT ITS ROOT'
            CALL FAILED(MSG)
         ENDIF
         IF (ABS(ERR) .GT. TOL) THEN
            MSG = PART // ': ROOT TIME WRONG'
            CALL FAILED(MSG)
         ENDIF
         IF (JR(1,I) .NE. JEXP(1,I) .OR. JR(2,I) .NE. JEXP(2,I)) THEN
            MSG = PART // ': WRONG JROOT'
            CALL FAILED(MSG)
         ENDIF
         IF (I .GT. 1) THEN
            IF (TR(I) .LE. TR(I-1)) THEN
               MSG = PART // ': ROOTS NOT IN TIME ORDER'
               CALL FAILED(MSG)
            ENDIF
         ENDIF
 10   CONTINUE
      WRITE(6,120) NR, NEXP, ERRMX
 120  FORMAT('   ROOTS FOUND',I4,'  EXPECTED',I4,'  MAX |ERROR|',D10.2)
      IF (NR .NE. NEXP) THEN
         MSG = PART // ': WRONG NUMBER OF ROOTS'
         CALL FAILED(MSG)
      ENDIF
      RETURN
      END
C
C     A run with INFO(20) outside 0..3 against the INFO(20) = 0 run.
      SUBROUTINE SAME(IP, INF20, NR, TR, JR, YR, IDIDF, TF, YF, IST,
     1     NR0, TR0, JR0, YR0, IDID0, TF0, YF0, IST0)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION TR(*), JR(2,*), YR(2,*), IST(6), YF(2)
      DIMENSION TR0(*), JR0(2,*), YR0(2,*), IST0(6), YF0(2)
      LOGICAL EQ
      EQ = NR .EQ. NR0 .AND. IDIDF .EQ. IDID0 .AND. TF .EQ. TF0 .AND.
     1     YF(1) .EQ. YF0(1) .AND. YF(2) .EQ. YF0(2)
      DO 10 I = 1,6
         IF (IST(I) .NE. IST0(I)) EQ = .FALSE.
 10   CONTINUE
      IF (EQ) THEN
         DO 20 I = 1,NR
            IF (TR(I) .NE. TR0(I) .OR. JR(1,I) .NE. JR0(1,I) .OR.
     1          JR(2,I) .NE. JR0(2,I) .OR. YR(1,I) .NE. YR0(1,I) .OR.
     2          YR(2,I) .NE. YR0(2,I)) EQ = .FALSE.
 20      CONTINUE
      ENDIF
      WRITE(6,100) IP, INF20, NR, IDIDF, TF, IST(1), IST(6), EQ
 100  FORMAT('   PROBLEM',I2,' INFO(20) =',I4,':',I3,' ROOT(S), IDID =',
     1       I4,' T =',F7.3,' NST =',I5,' NRTE =',I5,
     2       '  SAME AS INFO(20) = 0: ',L1)
      IF (.NOT. EQ)
     1   CALL FAILED('D: INFO(20) OUTSIDE 0..3 DIFFERS FROM 0')
      RETURN
      END
C
C     Root finding must not change the integration: IWORK(11..15)
C     equal to those of the INFO(20) = 0 run; more RT calls (KOLD more
C     per step).
      SUBROUTINE SAMEST(PART, IST, IST0)
      CHARACTER*1 PART
      CHARACTER*60 MSG
      DIMENSION IST(6), IST0(6)
      DO 10 I = 1,5
         IF (IST(I) .NE. IST0(I)) THEN
            MSG = PART // ': IWORK(11..15) DIFFER FROM INFO(20) = 0'
            CALL FAILED(MSG)
            RETURN
         ENDIF
 10   CONTINUE
      WRITE(6,100) IST0(6), IST(6), DBLE(IST(6)-IST0(6))/DBLE(IST(1))
 100  FORMAT('   SAME STEPS AS INFO(20) = 0; RT CALLS',I5,' ->',I5,
     1       ' (',F5.2,' MORE PER STEP)')
      IF (IST(6) .LE. IST0(6)) THEN
         MSG = PART // ': NO EXTRA RT CALLS FOR THE DIP SEARCH'
         CALL FAILED(MSG)
      ENDIF
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE RES(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      COMMON /PROB/ PI, CTHR, IPROB
      IF (IPROB .EQ. 1 .OR. IPROB .EQ. 4) THEN
         DELTA(1) = YP(1) - 1.0D0
      ELSE IF (IPROB .EQ. 2) THEN
         DELTA(1) = YP(1) - 1.0D0
         DELTA(2) = YP(2) - MAX(0.0D0, Y(1) - 1.0D0)
      ELSE
         DELTA(1) = YP(1) - Y(2)
         DELTA(2) = YP(2) + Y(1)
      ENDIF
      RETURN
      END
C
      SUBROUTINE RT(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(NEQ), YP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      COMMON /PROB/ PI, CTHR, IPROB
      IF (IPROB .EQ. 1) THEN
         RVAL(1) = (Y(1) - 0.4D0)*(Y(1) - 0.45D0)
         RVAL(2) = (Y(1) - 0.7D0)*(Y(1) - 0.7001D0)
      ELSE IF (IPROB .EQ. 2) THEN
         RVAL(1) = Y(2)
         RVAL(2) = Y(2)*(Y(2) - 0.125D0)
      ELSE IF (IPROB .EQ. 3) THEN
         RVAL(1) = Y(1) - CTHR
         RVAL(2) = Y(1) + CTHR
      ELSE
         RVAL(1) = MIN(0.0D0, Y(1) - 1.0D0)
         RVAL(2) = Y(1) - 2.0D0
      ENDIF
      RETURN
      END
C
      SUBROUTINE FAILED(WHAT)
C     Record a failed check (the first one is the verdict's reason).
      CHARACTER*(*) WHAT
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NFAIL
      COMMON /VERDCW/ WHY
      WRITE(6,'(2A)') '   *** CHECK FAILED: ', WHAT
      IF (OK) WHY = WHAT
      OK = .FALSE.
      NFAIL = NFAIL + 1
      RETURN
      END
C
C     Never called with these options.
      SUBROUTINE JDUM(T, Y, YP, PD, CJ, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL EXT_ROOTS: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL EXT_ROOTS: DUMMY PSOL WAS CALLED'
      STOP 1
      END
