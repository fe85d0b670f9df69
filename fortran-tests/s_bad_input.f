C-----------------------------------------------------------------------
C     S_BAD_INPUT -- SDASKR (single precision) with illegal input,
C     written as a legacy REAL program (default implicit typing: every
C     real variable is REAL).  The same checks as DDASKR's: every
C     illegal first call must return IDID = -33 with a DASKR-- message,
C     without calling RES (or JAC, PSOL, RT) and without writing
C     outside RWORK(1..LRW), IWORK(1..LIW), Y(1..NEQ), YPRIME(1..NEQ).
C
C     The problem is Y' = -Y, Y(0) = (1, 2, 3), NEQ = 3, so that
C     Y(I)(T) = I*EXP(-T).  All work arrays live in COMMON /SPACE/:
C        RW(NG+LRWMX+NG)   RWORK = RW(NG+1..NG+LRW)
C        Y(NEQ+NG), YP(NEQ+NG)
C        IW(NG+LIWMX+NG)   IWORK = IW(NG+1..NG+LIW)
C     and every element outside the part passed as RWORK, IWORK, Y,
C     YPRIME holds the guard value -7777.0 (REAL) or -7777 (INTEGER),
C     checked after every call.  RES counts its calls in COMMON /COUNT/.
C
C     First calls (INFO(1) = 0), each must give IDID = -33, no RES
C     call, guards intact, T, Y, YPRIME unchanged:
C        NEQ = 0, NEQ = -1;
C        LRW one short and LIW one short of the documented minimum
C        for the dense DQ matrix, the band DQ matrix (ML = MU = 1) and
C        the Krylov method (INFO(12) = 1, default MAXL = KMP = NEQ):
C           dense   LRW = 60 + 9*NEQ + NEQ**2 = 96,  LIW = 40 + NEQ
C           band    LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ
C                         + 2*(NEQ/(ML+MU+1) + 1) = 103, LIW = 40+NEQ
C           Krylov  LRW = 60 + 10*NEQ + (MAXL+3)*NEQ + (MAXL+3)*MAXL
C                         + 1 = 127,  LIW = 40
C        (IWORK(17..18) must then hold LENIW, LENRW);
C        LRW = 0 and LIW = 0 (arrays of length zero: nothing at all
C        may be written);
C        ML = NEQ, ML = -1, MU = NEQ, MU = -1 (band);
C        INFO(I) out of range for I = 2..18 (one value each);
C        Krylov MAXL = 0, KMP > MAXL, NRMAX < 0, EPLI = NaN (with
C        INFO(13) = 1) and LENWP < 0;
C        RTOL < 0, ATOL < 0, RTOL = ATOL = 0, RTOL = NaN, ATOL = NaN,
C        one negative entry of vector tolerances (INFO(2) = 1);
C        TOUT = T; TSTOP behind TOUT with INFO(4) = 1;
C        HMAX = 0, HMAX < 0, HMAX = NaN with INFO(7) = 1;
C        MAXORD = 0 and 6 with INFO(9) = 1; NRT = -1.
C     NaN and +Inf are made from their bit patterns (EQUIVALENCE), so
C     no floating-point exception is raised by this program.
C     Then HMAX = +Inf with INFO(7) = 1 must be accepted (no limit):
C     the run reaches TOUT = 1 with the right answer.
C     Continuation calls (INFO(1) = 1) after a good call to T = 0.5,
C     with NEQ changed to 2, and with INFO(6) changed to 1, must give
C     IDID = -33 without a RES call and leave T, Y alone.
C     Finally a fresh valid run to TOUT = 1 must give IDID = 3 and
C     Y(1) = EXP(-1) within 1.0E-4.
C
C     One line per case; the last line printed is PASS S_BAD_INPUT, or
C     FAIL lines and FAIL S_BAD_INPUT followed by STOP 1.
C     Every rejected call is made between LOUD-BEGIN and LOUD-END: its
C     message must appear there.
C-----------------------------------------------------------------------
      PROGRAM SBADIN
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      PARAMETER (LRWD=60+9*NEQ+NEQ**2, LIWD=40+NEQ)
      PARAMETER (LRWB=60+9*NEQ+4*NEQ+2*(NEQ/3+1), LIWB=40+NEQ)
      PARAMETER (LRWK=60+10*NEQ+(NEQ+3)*NEQ+(NEQ+3)*NEQ+1, LIWK=40)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      COMMON /COUNT/ NRES
      COMMON /VERDCT/ NFAIL, NCASE
      DIMENSION INFO(20), RTOL(NEQ), ATOL(NEQ), RPAR(1), IPAR(1)
      DIMENSION JROOT(1), INFBAD(2,17)
      CHARACTER*40 NAME
      EXTERNAL RES, JDUM, PDUM, RTDUM
      INTEGER INAN, IINF
      EQUIVALENCE (INAN, XNAN), (IINF, XINF)
C     INFO(I), value: one out-of-range value for each I = 2..18
C     (INFO(6) = 2 is this library's sparse option; 3 is illegal).
      DATA INFBAD / 2,2,  3,-1,  4,2,  5,2,  6,3,  7,-1,  8,2,  9,3,
     1             10,4, 11,3, 12,2, 13,-1, 14,2, 15,2, 16,2, 17,2,
     2             18,3 /
C
      INAN = 2143289344
      IINF = 2139095040
      NFAIL = 0
      NCASE = 0
C
C     NEQ = 0 and NEQ = -1.
      DO 10 K = 0,1
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         N = -K
         IF (K .EQ. 0) NAME = 'NEQ = 0'
         IF (K .EQ. 1) NAME = 'NEQ = -1'
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 10   CONTINUE
C
C     LRW and LIW one short: dense (KIND 1), band (2), Krylov (3).
      DO 20 KIND = 1,3
         DO 20 K = 1,2
            CALL PREP(KIND, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW,
     1                NRT, IPAR)
            IF (KIND .EQ. 1) THEN
               LRWMIN = LRWD
               LIWMIN = LIWD
               NAME = 'DENSE'
            ELSE IF (KIND .EQ. 2) THEN
               LRWMIN = LRWB
               LIWMIN = LIWB
               NAME = 'BAND'
            ELSE
               LRWMIN = LRWK
               LIWMIN = LIWK
               NAME = 'KRYLOV'
            ENDIF
            IF (LRW .NE. LRWMIN .OR. LIW .NE. LIWMIN)
     1         CALL FAILED('PREP LENGTHS DISAGREE WITH THE FORMULAS')
            IF (K .EQ. 1) THEN
               LRW = LRWMIN - 1
               NAME(8:) = 'LRW ONE SHORT'
            ELSE
               LIW = LIWMIN - 1
               NAME(8:) = 'LIW ONE SHORT'
            ENDIF
            CALL FENCE(LRW, LIW)
            CALL BEGIN
            CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1           RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2           RTDUM, NRT, JROOT)
            CALL REJECT(NAME, IDID, T, LRW, LIW)
            WRITE(6,100) IW(NG+17), IW(NG+18), LIWMIN, LRWMIN
 100        FORMAT('      IWORK(17) =',I5,'  IWORK(18) =',I5,
     1             '  (LENIW',I5,', LENRW',I5,')')
            IF (IW(NG+17) .NE. LIWMIN .OR. IW(NG+18) .NE. LRWMIN)
     1         CALL FAILED('IWORK(17..18) ARE NOT LENIW, LENRW')
 20   CONTINUE
C
C     Zero-length work arrays.
      DO 30 K = 1,2
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         IF (K .EQ. 1) THEN
            LRW = 0
            NAME = 'LRW = 0'
         ELSE
            LIW = 0
            NAME = 'LIW = 0'
         ENDIF
         CALL FENCE(LRW, LIW)
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 30   CONTINUE
C
C     Band half-widths out of range.
      DO 40 K = 1,4
         CALL PREP(2, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         IF (K .EQ. 1) IW(NG+1) = NEQ
         IF (K .EQ. 2) IW(NG+1) = -1
         IF (K .EQ. 3) IW(NG+2) = NEQ
         IF (K .EQ. 4) IW(NG+2) = -1
         WRITE(NAME,'(A,I3,A,I3)') 'BAND ML =', IW(NG+1), ' MU =',
     1        IW(NG+2)
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 40   CONTINUE
C
C     INFO(I) out of range.
      DO 50 K = 1,17
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         INFO(INFBAD(1,K)) = INFBAD(2,K)
         WRITE(NAME,'(A,I2,A,I3)') 'INFO(', INFBAD(1,K), ') =',
     1        INFBAD(2,K)
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 50   CONTINUE
C
C     Krylov parameters (INFO(12) = 1, INFO(13) = 1: MAXL = IWORK(24),
C     KMP = IWORK(25), NRMAX = IWORK(26), EPLI = RWORK(10)), and
C     LENWP = IWORK(27) < 0.
      DO 55 K = 1,5
         CALL PREP(3, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         INFO(13) = 1
         IW(NG+24) = NEQ
         IW(NG+25) = NEQ
         IW(NG+26) = 5
         RW(NG+10) = 0.05
         IF (K .EQ. 1) THEN
            IW(NG+24) = 0
            NAME = 'KRYLOV MAXL = 0'
         ELSE IF (K .EQ. 2) THEN
            IW(NG+25) = NEQ + 1
            NAME = 'KRYLOV KMP = MAXL + 1'
         ELSE IF (K .EQ. 3) THEN
            IW(NG+26) = -1
            NAME = 'KRYLOV NRMAX = -1'
         ELSE IF (K .EQ. 4) THEN
            RW(NG+10) = XNAN
            NAME = 'KRYLOV EPLI = NAN'
         ELSE
            IW(NG+27) = -1
            NAME = 'KRYLOV LENWP = -1'
         ENDIF
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 55   CONTINUE
C
C     Tolerances.
      DO 60 K = 1,6
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         IF (K .EQ. 1) THEN
            RTOL(1) = -1.0E-4
            NAME = 'RTOL < 0'
         ELSE IF (K .EQ. 2) THEN
            ATOL(1) = -1.0E-6
            NAME = 'ATOL < 0'
         ELSE IF (K .EQ. 3) THEN
            RTOL(1) = 0.0
            ATOL(1) = 0.0
            NAME = 'RTOL = ATOL = 0'
         ELSE IF (K .EQ. 4) THEN
            RTOL(1) = XNAN
            NAME = 'RTOL = NAN'
         ELSE IF (K .EQ. 5) THEN
            ATOL(1) = XNAN
            NAME = 'ATOL = NAN'
         ELSE
            INFO(2) = 1
            RTOL(2) = -1.0E-4
            NAME = 'VECTOR RTOL(2) < 0'
         ENDIF
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 60   CONTINUE
C
C     TOUT = T, TSTOP behind TOUT, NRT < 0.
      DO 70 K = 1,3
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         IF (K .EQ. 1) THEN
            TOUT = T
            NAME = 'TOUT = T'
         ELSE IF (K .EQ. 2) THEN
            INFO(4) = 1
            RW(NG+1) = 0.5*TOUT
            NAME = 'TSTOP BEHIND TOUT'
         ELSE
            NRT = -1
            NAME = 'NRT = -1'
         ENDIF
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 70   CONTINUE
C
C     HMAX = 0, HMAX < 0, HMAX = NaN with INFO(7) = 1.
      DO 80 K = 1,3
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         INFO(7) = 1
         IF (K .EQ. 1) THEN
            RW(NG+2) = 0.0
            NAME = 'HMAX = 0'
         ELSE IF (K .EQ. 2) THEN
            RW(NG+2) = -0.1
            NAME = 'HMAX < 0'
         ELSE
            RW(NG+2) = XNAN
            NAME = 'HMAX = NAN'
         ENDIF
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 80   CONTINUE
C
C     MAXORD = 0 and 6 with INFO(9) = 1.
      DO 90 K = 1,2
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         INFO(9) = 1
         IW(NG+3) = 6*(K-1)
         WRITE(NAME,'(A,I2)') 'MAXORD =', IW(NG+3)
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 90   CONTINUE
C
C     HMAX = +Inf is no limit: a good run.
      CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT, IPAR)
      INFO(7) = 1
      RW(NG+2) = XINF
      CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1     RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL GOOD('HMAX = +INF ACCEPTED', IDID, T, TOUT, LRW, LIW)
C
C     Continuation calls with NEQ or INFO(6) changed.
      DO 110 K = 1,2
         CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT,
     1             IPAR)
         TOUT = 0.5
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         CALL GOOD('FIRST LEG TO T = 0.5', IDID, T, TOUT, LRW, LIW)
         IF (K .EQ. 1) THEN
            N = 2
            NAME = 'CONTINUATION, NEQ CHANGED TO 2'
         ELSE
            INFO(6) = 1
            IW(NG+1) = 1
            IW(NG+2) = 1
            NAME = 'CONTINUATION, INFO(6) CHANGED TO 1'
         ENDIF
         INFO(1) = 1
         TOUT = 1.0
         TSAVE = T
         CALL SETY(T, 1)
         CALL BEGIN
         CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2        RTDUM, NRT, JROOT)
         IF (T .NE. TSAVE) CALL FAILED('T CHANGED BY THE -33 CALL')
C        (REJECT checks T = 0 after a first call.)
         IF (T .EQ. TSAVE) T = 0.0
         CALL REJECT(NAME, IDID, T, LRW, LIW)
 110  CONTINUE
C
C     A fresh valid run, in the same guarded arrays.
      CALL PREP(1, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW, NRT, IPAR)
      CALL SDASKR(RES, N, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     1     RW(NG+1), LRW, IW(NG+1), LIW, RPAR, IPAR, JDUM, PDUM,
     2     RTDUM, NRT, JROOT)
      CALL GOOD('FINAL VALID RUN', IDID, T, TOUT, LRW, LIW)
C
      WRITE(6,120) NCASE, NFAIL
 120  FORMAT(1X,I3,' ILLEGAL-INPUT CASES CHECKED,',I3,' FAILURES')
      IF (NFAIL .EQ. 0) THEN
         WRITE(6,'(A)') 'PASS S_BAD_INPUT'
      ELSE
         WRITE(6,'(A)') 'FAIL S_BAD_INPUT'
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE PREP(KIND, N, T, TOUT, INFO, RTOL, ATOL, LRW, LIW,
     1                NRT, IPAR)
C     A valid first call: Y' = -Y, Y(0) = (1,2,3), T = 0, TOUT = 1,
C     RTOL = 2.0E-5, ATOL = 1.0E-6 (a tighter RTOL would be too much
C     accuracy for single precision, IDID = -2), DQ Jacobian, and the exact minimum
C     lengths.  KIND = 1: dense matrix; 2: band, ML = MU = 1; 3: the
C     Krylov method with default parameters, no preconditioner.
C     Every element of /SPACE/ outside the part passed is a guard.
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      COMMON /COUNT/ NRES
      DIMENSION INFO(20), RTOL(NEQ), ATOL(NEQ), IPAR(1)
      N = NEQ
      IPAR(1) = NEQ
      NRT = 0
      T = 0.0
      TOUT = 1.0
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      DO 20 I = 1,NEQ
         RTOL(I) = 2.0E-5
         ATOL(I) = 1.0E-6
 20   CONTINUE
      IF (KIND .EQ. 1) THEN
         LRW = 60 + 9*NEQ + NEQ**2
         LIW = 40 + NEQ
      ELSE IF (KIND .EQ. 2) THEN
         INFO(6) = 1
         LRW = 60 + 9*NEQ + 4*NEQ + 2*(NEQ/3 + 1)
         LIW = 40 + NEQ
      ELSE
         INFO(12) = 1
         LRW = 60 + 10*NEQ + 2*(NEQ+3)*NEQ + 1
         LIW = 40
      ENDIF
      DO 30 I = NG+1,NG+LRWMX
         RW(I) = 0.0
 30   CONTINUE
      DO 40 I = NG+1,NG+LIWMX
         IW(I) = 0
 40   CONTINUE
      CALL FENCE(LRW, LIW)
      IF (KIND .EQ. 2) THEN
         IW(NG+1) = 1
         IW(NG+2) = 1
      ENDIF
      CALL SETY(T, 0)
      NRES = 0
      RETURN
      END
C
      SUBROUTINE FENCE(LRW, LIW)
C     Guard values in every element of /SPACE/ outside RWORK(1..LRW),
C     IWORK(1..LIW), Y(1..NEQ), YPRIME(1..NEQ).
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      DO 10 I = 1,NG+LRWMX+NG
         IF (I .LE. NG .OR. I .GT. NG+MAX(LRW,0)) RW(I) = -7777.0
 10   CONTINUE
      DO 20 I = 1,NG+LIWMX+NG
         IF (I .LE. NG .OR. I .GT. NG+MAX(LIW,0)) IW(I) = -7777
 20   CONTINUE
      DO 30 I = NEQ+1,NEQ+NG
         Y(I) = -7777.0
         YP(I) = -7777.0
 30   CONTINUE
      RETURN
      END
C
      SUBROUTINE SETY(T, ICHECK)
C     ICHECK = 0: Y = I*EXP(-T), YPRIME = -Y.  ICHECK = 1: save Y and
C     YPRIME (to be checked after the next call by REJECT).
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      COMMON /SAVEDY/ YS(NEQ), YPS(NEQ)
      IF (ICHECK .EQ. 0) THEN
         DO 10 I = 1,NEQ
            Y(I) = REAL(I)*EXP(-T)
            YP(I) = -Y(I)
 10      CONTINUE
      ENDIF
      DO 20 I = 1,NEQ
         YS(I) = Y(I)
         YPS(I) = YP(I)
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE BEGIN
C     Before a call that must be rejected: its message follows, and
C     RES must not be called.
      COMMON /COUNT/ NRES
      WRITE(6,'(A)') 'LOUD-BEGIN'
      NRES = 0
      RETURN
      END
C
      SUBROUTINE GUARDS(NAME, LRW, LIW)
C     No element outside RWORK(1..LRW), IWORK(1..LIW), Y(1..NEQ),
C     YPRIME(1..NEQ) may have been written.
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      CHARACTER*(*) NAME
      NBAD = 0
      DO 10 I = 1,NG+LRWMX+NG
         IF (I .GT. NG .AND. I .LE. NG+MAX(LRW,0)) GO TO 10
         IF (RW(I) .NE. -7777.0) NBAD = NBAD + 1
 10   CONTINUE
      DO 20 I = 1,NG+LIWMX+NG
         IF (I .GT. NG .AND. I .LE. NG+MAX(LIW,0)) GO TO 20
         IF (IW(I) .NE. -7777) NBAD = NBAD + 1
 20   CONTINUE
      DO 30 I = NEQ+1,NEQ+NG
         IF (Y(I) .NE. -7777.0) NBAD = NBAD + 1
         IF (YP(I) .NE. -7777.0) NBAD = NBAD + 1
 30   CONTINUE
      IF (NBAD .GT. 0) THEN
         WRITE(6,100) NAME, NBAD
 100     FORMAT(' FAIL ',A,': GUARD WORDS OVERWRITTEN:',I5)
         CALL FAILED('WRITE OUTSIDE THE ARRAYS PASSED')
      ENDIF
      RETURN
      END
C
      SUBROUTINE REJECT(NAME, IDID, T, LRW, LIW)
C     After an illegal call: IDID = -33, no RES call, guards intact,
C     T, Y and YPRIME unchanged.
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      COMMON /SAVEDY/ YS(NEQ), YPS(NEQ)
      COMMON /COUNT/ NRES
      COMMON /VERDCT/ NFAIL, NCASE
      CHARACTER*(*) NAME
      WRITE(6,'(A)') 'LOUD-END'
      NCASE = NCASE + 1
      NF = NFAIL
      IF (IDID .NE. -33) CALL FAILED('IDID IS NOT -33')
      IF (NRES .NE. 0) CALL FAILED('RES WAS CALLED')
      CALL GUARDS(NAME, LRW, LIW)
      NBAD = 0
      IF (T .NE. 0.0) NBAD = NBAD + 1
      DO 10 I = 1,NEQ
         IF (Y(I) .NE. YS(I) .OR. YP(I) .NE. YPS(I)) NBAD = NBAD + 1
 10   CONTINUE
      IF (NBAD .GT. 0) CALL FAILED('T, Y OR YPRIME CHANGED')
      IF (NFAIL .EQ. NF) THEN
         WRITE(6,100) NAME, IDID, NRES
 100     FORMAT(' CASE ',A,' IDID =',I4,'  NRES =',I3,'  OK')
      ELSE
         WRITE(6,110) NAME, IDID, NRES
 110     FORMAT(' FAIL CASE ',A,' IDID =',I4,'  NRES =',I3)
      ENDIF
      RETURN
      END
C
      SUBROUTINE GOOD(NAME, IDID, T, TOUT, LRW, LIW)
C     After a valid call: IDID = 3 at T = TOUT, Y(I) = I*EXP(-T)
C     within 1.0E-4, guards intact.
      PARAMETER (NEQ=3, NG=8, LRWMX=200, LIWMX=60)
      COMMON /SPACE/ RW(NG+LRWMX+NG), Y(NEQ+NG), YP(NEQ+NG),
     1               IW(NG+LIWMX+NG)
      COMMON /COUNT/ NRES
      COMMON /VERDCT/ NFAIL, NCASE
      CHARACTER*(*) NAME
      NF = NFAIL
      IF (IDID .NE. 3 .OR. T .NE. TOUT)
     1   CALL FAILED('VALID CALL DID NOT RETURN IDID = 3 AT TOUT')
      ERR = 0.0
      DO 10 I = 1,NEQ
         ERR = MAX(ERR, ABS(Y(I) - REAL(I)*EXP(-T))/REAL(I))
 10   CONTINUE
      IF (.NOT. (ERR .LE. 1.0E-4)) CALL FAILED('WRONG ANSWER')
      IF (NRES .LE. 0) CALL FAILED('RES NEVER CALLED IN A VALID RUN')
      CALL GUARDS(NAME, LRW, LIW)
      IF (NFAIL .EQ. NF) THEN
         WRITE(6,100) NAME, IDID, T, ERR, NRES, IW(NG+11)
 100     FORMAT(' CASE ',A,' IDID =',I4,'  T =',F5.2,
     1          '  ERROR =',1P,E9.2,'  NRES =',I4,'  NST =',I4,'  OK')
      ELSE
         WRITE(6,110) NAME, IDID, T, ERR, NRES
 110     FORMAT(' FAIL CASE ',A,' IDID =',I4,'  T =',F5.2,
     1          '  ERROR =',1P,E9.2,'  NRES =',I4)
      ENDIF
      RETURN
      END
C
      SUBROUTINE FAILED(TEXT)
      CHARACTER*(*) TEXT
      COMMON /VERDCT/ NFAIL, NCASE
      WRITE(6,'(2A)') ' FAIL: ', TEXT
      NFAIL = NFAIL + 1
      RETURN
      END
C
      SUBROUTINE RES(T, Y, YPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      DIMENSION Y(*), YPRIME(*), DELTA(*), RPAR(*), IPAR(*)
      COMMON /COUNT/ NRES
      NRES = NRES + 1
      DO 10 I = 1,IPAR(1)
         DELTA(I) = YPRIME(I) + Y(I)
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM(T, Y, YPRIME, PD, CJ, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_BAD_INPUT: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL S_BAD_INPUT: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_BAD_INPUT: DUMMY RT WAS CALLED'
      STOP 1
      END
