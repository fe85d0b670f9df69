C-----------------------------------------------------------------------
C     KRY_WEB -- a small predator-prey reaction-diffusion DAE (two prey
C     species, two predators in quasi-equilibrium) on a 2-D mesh,
C     solved with the Krylov method and the reaction-based
C     preconditioners of DASKR: block-diagonal (DMSET2, DRBDJA,
C     DRBDPS) and block-grouping (DGSET2, DRBGJA, DRBGPS), both from
C     the user's JAC and PSOL with the user's RBLOCK routine, and
C     compared with a direct banded run of the same problem.
C
C     Unknowns: C(1..4) at each point of an MX x MY mesh on the unit
C     square (MX = MY = 10, DX = DY = 1/9), species kept together:
C     index = IS + NS*((JX-1) + (JY-1)*MX), NS = 4, NEQ = 400.
C        prey      (IS = 1,2): C' = R(C) + D(IS)*LAPLACIAN(C)
C        predators (IS = 3,4): 0  = R(C) + D(IS)*LAPLACIAN(C)
C     with zero-flux boundaries (mirror points) and
C        R1 = C1*(B1 - C1 - 0.5*C2 - 0.5*C3 - 0.25*C4)
C        R2 = C2*(B2 - 0.5*C1 - C2 - 0.25*C3 - 0.5*C4)
C        R3 = C3*(-1.0 + 1.5*C1 + 0.5*C2 - C3)
C        R4 = C4*(-0.5 + 0.5*C1 + C2 - C4)
C        B1 = 2.5 + 0.5*COS(PI*X)*COS(PI*Y)
C        B2 = 2.5 + 0.5*COS(PI*X)*SIN(PI*Y/2)*(1 + 0.3*SIN(T)).
C     The residual is G = I_d*C' - R - S (S = diffusion), as the
C     reaction-based preconditioner tools expect; RES leaves R in
C     RPAR(1..NEQ) for DRBDJA/DRBGJA (the R0 argument).
C
C     Initial values: prey given, predators only guessed (90 % of the
C     local equilibrium without diffusion), all derivatives guessed 0;
C     INFO(11) = 1 computes the predators and the prey derivatives
C     (ID array in IWORK(41..40+NEQ), set by DMSET2/DGSET2 with
C     LID = 40 for the Krylov runs).
C
C     Runs (each with RWORK/IWORK of exactly DASKR's minimum length):
C       1. direct banded, difference-quotient Jacobian (INFO(12) = 0,
C          INFO(6) = 1, ML = MU = NS*MX): the reference;
C          LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1),
C          LIW = 40 + 2*NEQ;
C       2. Krylov, block-diagonal preconditioner, LENWP = NS*NS*MX*MY,
C          LENIWP = NS*MX*MY;
C       3. Krylov, block-grouping preconditioner with 3 x 3 groups,
C          LENWP = NS*NS*9, LENIWP = NS*9;
C       Krylov: LRW = 60 + 10*NEQ + (8*NEQ + 41) + LENWP,
C               LIW = 40 + LENIWP + NEQ.
C
C     Checks: IDID = 3 at every output; predators positive (the
C     intended equilibrium branch); runs 2 and 3 agree with run 1 at
C     every output within 10*(RTOL*|C| + ATOL); IWORK(27..28) as set
C     by DMSET2/DGSET2 equal the documented formulas; IWORK(17..18)
C     = LIW, LRW; user JAC calls = IWORK(13); Krylov counters > 0.
C     The last line printed is PASS KRY_WEB or FAIL KRY_WEB: reason.
C-----------------------------------------------------------------------
      PROGRAM KRYWEB
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NS=4, NSD=2, MX=10, MY=10, NEQ=NS*MX*MY, NOUT=5)
      PARAMETER (ML=NS*MX, MU=NS*MX, NXG=3, NYG=3)
      PARAMETER (LRW1=60 + 9*NEQ + (2*ML+MU+1)*NEQ
     1                + 2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIW1=40 + 2*NEQ)
      PARAMETER (LWP2=NS*NS*MX*MY, LIWP2=NS*MX*MY)
      PARAMETER (LWP3=NS*NS*NXG*NYG, LIWP3=NS*NXG*NYG)
      PARAMETER (LRW2=60 + 10*NEQ + 8*NEQ + 41 + LWP2)
      PARAMETER (LRW3=60 + 10*NEQ + 8*NEQ + 41 + LWP3)
      PARAMETER (LIW2=40 + LIWP2 + NEQ, LIW3=40 + LIWP3 + NEQ)
      DIMENSION C(NEQ), CPRIME(NEQ), YREF(NEQ,NOUT), TOUTS(NOUT)
      DIMENSION INFO(20), JROOT(1), IPAR(1), RPAR(NEQ)
      DIMENSION RWORK1(LRW1), IWORK1(LIW1)
      DIMENSION RWORK2(LRW2), IWORK2(LIW2)
      DIMENSION RWORK3(LRW3), IWORK3(LIW3)
      DIMENSION IW(21), LRWR(3), LIWR(3), ERRR(3)
      CHARACTER*60 WHY
      CHARACTER*14 NAMES(3)
      LOGICAL OK
      COMMON /WEBC/ DX, PI, DCOEF(NS)
      COMMON /CNT/ NJAC, NPSOL
      EXTERNAL RESWEB, JACBD, PSOLBD, JACBG, PSOLBG, JDUM, PDUM, RTDUM
      DATA TOUTS / 0.01D0, 0.1D0, 1.0D0, 4.0D0, 10.0D0 /
      DATA NAMES / 'DIRECT BANDED', 'BLOCK-DIAGONAL', 'BLOCK-GROUPING' /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(MX-1)
      DCOEF(1) = 0.02D0
      DCOEF(2) = 0.02D0
      DCOEF(3) = 0.002D0
      DCOEF(4) = 0.002D0
      RTOL = 1.0D-6
      ATOL = 1.0D-6
      LRWR(1) = LRW1
      LRWR(2) = LRW2
      LRWR(3) = LRW3
      LIWR(1) = LIW1
      LIWR(2) = LIW2
      LIWR(3) = LIW3
C
      DO 90 IRUN = 1,3
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(11) = 1
         NJAC = 0
         NPSOL = 0
         T = 0.0D0
         CALL CINIT(C, CPRIME)
         IF (IRUN .EQ. 1) THEN
            INFO(6) = 1
            IWORK1(1) = ML
            IWORK1(2) = MU
            DO 20 K = 1,NEQ
               IS = MOD(K-1,NS) + 1
               IWORK1(40+K) = 1
               IF (IS .GT. NSD) IWORK1(40+K) = -1
 20         CONTINUE
         ELSE IF (IRUN .EQ. 2) THEN
            INFO(12) = 1
            INFO(15) = 1
            CALL DMSET2(MX, MY, NS, NSD, 40, IWORK2)
            IF (IWORK2(27) .NE. LWP2 .OR. IWORK2(28) .NE. LIWP2) THEN
               IF (OK) WHY = 'DMSET2 SET WRONG IWORK(27..28)'
               OK = .FALSE.
            ENDIF
            IF (IWORK2(41) .NE. 1 .OR. IWORK2(43) .NE. -1 .OR.
     1          IWORK2(40+NEQ) .NE. -1) THEN
               IF (OK) WHY = 'DMSET2 SET A WRONG ID ARRAY'
               OK = .FALSE.
            ENDIF
         ELSE
            INFO(12) = 1
            INFO(15) = 1
            CALL DGSET2(MX, MY, NS, NSD, NXG, NYG, 40, IWORK3)
            IF (IWORK3(27) .NE. LWP3 .OR. IWORK3(28) .NE. LIWP3) THEN
               IF (OK) WHY = 'DGSET2 SET WRONG IWORK(27..28)'
               OK = .FALSE.
            ENDIF
            IF (IWORK3(42) .NE. 1 .OR. IWORK3(44) .NE. -1 .OR.
     1          IWORK3(39+NEQ) .NE. -1) THEN
               IF (OK) WHY = 'DGSET2 SET A WRONG ID ARRAY'
               OK = .FALSE.
            ENDIF
         ENDIF
         WRITE(6,100) NAMES(IRUN), NEQ, LRWR(IRUN), LIWR(IRUN)
 100     FORMAT(/' KRY_WEB: ',A,' RUN, NEQ =',I5,' LRW =',I7,
     1          ' LIW =',I6/
     2          '      T       C1(1,1)       C3(1,1)       C4(MX,MY)',
     3          '    MAX DIFF')
         ERRR(IRUN) = 0.0D0
         DO 50 IOUT = 1,NOUT
            TOUT = TOUTS(IOUT)
            IF (IRUN .EQ. 1) THEN
               CALL DDASKR(RESWEB, NEQ, T, C, CPRIME, TOUT, INFO,
     1              RTOL, ATOL, IDID, RWORK1, LRW1, IWORK1, LIW1,
     2              RPAR, IPAR, JDUM, PDUM, RTDUM, 0, JROOT)
            ELSE IF (IRUN .EQ. 2) THEN
               CALL DDASKR(RESWEB, NEQ, T, C, CPRIME, TOUT, INFO,
     1              RTOL, ATOL, IDID, RWORK2, LRW2, IWORK2, LIW2,
     2              RPAR, IPAR, JACBD, PSOLBD, RTDUM, 0, JROOT)
            ELSE
               CALL DDASKR(RESWEB, NEQ, T, C, CPRIME, TOUT, INFO,
     1              RTOL, ATOL, IDID, RWORK3, LRW3, IWORK3, LIW3,
     2              RPAR, IPAR, JACBG, PSOLBG, RTDUM, 0, JROOT)
            ENDIF
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', T
               IF (OK) WHY = 'IDID NOT 3 OR T NOT TOUT AT AN OUTPUT'
               OK = .FALSE.
               GO TO 60
            ENDIF
            DIFF = 0.0D0
            DO 30 K = 1,NEQ
               IF (IRUN .EQ. 1) THEN
                  YREF(K,IOUT) = C(K)
                  IS = MOD(K-1,NS) + 1
                  IF (IS .GT. NSD .AND. C(K) .LE. 0.0D0) THEN
                     IF (OK) WHY = 'A PREDATOR IS NOT POSITIVE'
                     OK = .FALSE.
                  ENDIF
               ELSE
C                 Difference in units of the local error tolerance.
                  W = RTOL*ABS(YREF(K,IOUT)) + ATOL
                  DIFF = MAX(DIFF, ABS(C(K) - YREF(K,IOUT))/W)
               ENDIF
 30         CONTINUE
            ERRR(IRUN) = MAX(ERRR(IRUN), DIFF)
            WRITE(6,110) T, C(1), C(3), C(NEQ), DIFF
 110        FORMAT(1X,F8.3,3D14.6,F10.3)
 50      CONTINUE
 60      CONTINUE
         DO 70 I = 11,21
            IF (IRUN .EQ. 1) IW(I) = IWORK1(I)
            IF (IRUN .EQ. 2) IW(I) = IWORK2(I)
            IF (IRUN .EQ. 3) IW(I) = IWORK3(I)
 70      CONTINUE
         WRITE(6,120) IW(11), IW(12), IW(13), IW(19), IW(20), IW(21),
     1        IW(14), IW(15), IW(16), IW(17), IW(18), NJAC, NPSOL
 120     FORMAT(' NST =',I5,' NRE =',I6,' NJE =',I5,' NNI =',I6,
     1          ' NLI =',I6,' NPS =',I6/' NETF =',I4,' NCFN =',I4,
     2          ' NCFL =',I4,' LENIW =',I6,' LENRW =',I7,
     3          ' JAC CALLS =',I5,' PSOL CALLS =',I6)
         IF (IW(17) .NE. LIWR(IRUN) .OR. IW(18) .NE. LRWR(IRUN)) THEN
            IF (OK) WHY = 'IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW'
            OK = .FALSE.
         ENDIF
         IF (IRUN .GT. 1) THEN
            WRITE(6,130) ERRR(IRUN)
 130        FORMAT(' MAX DIFFERENCE FROM THE DIRECT RUN =',F8.3,
     1             ' * (RTOL*|C| + ATOL)')
            IF (NJAC .NE. IW(13)) THEN
               IF (OK) WHY = 'USER JAC CALLS DIFFER FROM IWORK(13)'
               OK = .FALSE.
            ENDIF
            IF (NPSOL .NE. IW(21)) THEN
               IF (OK) WHY = 'USER PSOL CALLS DIFFER FROM IWORK(21)'
               OK = .FALSE.
            ENDIF
            IF (IW(19) .LE. 0 .OR. IW(20) .LE. 0 .OR. IW(21) .LE. 0
     1          .OR. NJAC .LE. 0) THEN
               IF (OK) WHY = 'A KRYLOV COUNTER IS ZERO'
               OK = .FALSE.
            ENDIF
            IF (ERRR(IRUN) .GT. 10.0D0) THEN
               IF (OK) WHY = 'KRYLOV AND DIRECT ANSWERS DISAGREE'
               OK = .FALSE.
            ENDIF
         ENDIF
         IF (IW(11) .LT. 10 .OR. IW(11) .GT. 3000) THEN
            IF (OK) WHY = 'IMPLAUSIBLE STEP COUNT'
            OK = .FALSE.
         ENDIF
 90   CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS KRY_WEB'
      ELSE
         WRITE(6,'(2A)') 'FAIL KRY_WEB: ', WHY
      ENDIF
      END
C
      SUBROUTINE CINIT(C, CPRIME)
C     Prey given, predators guessed, derivatives guessed zero.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NS=4, MX=10, MY=10, NEQ=NS*MX*MY)
      DIMENSION C(NEQ), CPRIME(NEQ)
      COMMON /WEBC/ DX, PI, DCOEF(NS)
      DO 20 JY = 1,MY
         Y = DBLE(JY-1)*DX
         DO 10 JX = 1,MX
            X = DBLE(JX-1)*DX
            K0 = NS*((JX-1) + (JY-1)*MX)
            C(K0+1) = 1.0D0 + 0.5D0*X*Y
            C(K0+2) = 1.0D0 - 0.3D0*Y + 0.2D0*X
C           Predators: 90 % of the local equilibrium without diffusion.
            C(K0+3) = 0.9D0*(-1.0D0 + 1.5D0*C(K0+1) + 0.5D0*C(K0+2))
            C(K0+4) = 0.9D0*(-0.5D0 + 0.5D0*C(K0+1) + C(K0+2))
 10      CONTINUE
 20   CONTINUE
      DO 30 K = 1,NEQ
         CPRIME(K) = 0.0D0
 30   CONTINUE
      RETURN
      END
C
      SUBROUTINE RBLOCK(T, JX, JY, CXY, RXY)
C     Reaction terms R at mesh point (JX,JY).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NS=4)
      DIMENSION CXY(NS), RXY(NS)
      COMMON /WEBC/ DX, PI, DCOEF(NS)
      X = DBLE(JX-1)*DX
      Y = DBLE(JY-1)*DX
      B1 = 2.5D0 + 0.5D0*COS(PI*X)*COS(PI*Y)
      B2 = 2.5D0 + 0.5D0*COS(PI*X)*SIN(0.5D0*PI*Y)
     1     *(1.0D0 + 0.3D0*SIN(T))
      C1 = CXY(1)
      C2 = CXY(2)
      C3 = CXY(3)
      C4 = CXY(4)
      RXY(1) = C1*(B1 - C1 - 0.5D0*C2 - 0.5D0*C3 - 0.25D0*C4)
      RXY(2) = C2*(B2 - 0.5D0*C1 - C2 - 0.25D0*C3 - 0.5D0*C4)
      RXY(3) = C3*(-1.0D0 + 1.5D0*C1 + 0.5D0*C2 - C3)
      RXY(4) = C4*(-0.5D0 + 0.5D0*C1 + C2 - C4)
      RETURN
      END
C
      SUBROUTINE RESWEB(T, C, CPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     G = I_d*C' - R - S; R is left in RPAR for the preconditioner.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NS=4, NSD=2, MX=10, MY=10, NEQ=NS*MX*MY)
      DIMENSION C(NEQ), CPRIME(NEQ), DELTA(NEQ), RPAR(NEQ), IPAR(*)
      COMMON /WEBC/ DX, PI, DCOEF(NS)
      DINV2 = 1.0D0/DX**2
      DO 30 JY = 1,MY
         JYD = JY - 1
         JYU = JY + 1
         IF (JY .EQ. 1) JYD = 2
         IF (JY .EQ. MY) JYU = MY - 1
         DO 20 JX = 1,MX
            JXL = JX - 1
            JXR = JX + 1
            IF (JX .EQ. 1) JXL = 2
            IF (JX .EQ. MX) JXR = MX - 1
            K0 = NS*((JX-1) + (JY-1)*MX)
            KL = NS*((JXL-1) + (JY-1)*MX)
            KR = NS*((JXR-1) + (JY-1)*MX)
            KD = NS*((JX-1) + (JYD-1)*MX)
            KU = NS*((JX-1) + (JYU-1)*MX)
            CALL RBLOCK(T, JX, JY, C(K0+1), RPAR(K0+1))
            DO 10 IS = 1,NS
               S = DCOEF(IS)*DINV2*(C(KL+IS) + C(KR+IS) + C(KD+IS)
     1             + C(KU+IS) - 4.0D0*C(K0+IS))
               DELTA(K0+IS) = -RPAR(K0+IS) - S
               IF (IS .LE. NSD) DELTA(K0+IS) = DELTA(K0+IS)
     1                                          + CPRIME(K0+IS)
 10         CONTINUE
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
      SUBROUTINE JACBD(RES, IRES, NEQ, T, C, CPRIME, REWT, SAVR, WK,
     1                 H, CJ, WP, IWP, IER, RPAR, IPAR)
C     Block-diagonal reaction-based preconditioner CJ*I_d - dR/dC.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, RBLOCK
      DIMENSION C(*), CPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NJAC = NJAC + 1
      CALL DRBDJA(T, C, RPAR, RBLOCK, WK, REWT, CJ, WP, IWP, IER)
      RETURN
      END
C
      SUBROUTINE PSOLBD(NEQ, T, C, CPRIME, SAVR, WK, CJ, WGHT, WP,
     1                  IWP, B, EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION C(*), CPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NPSOL = NPSOL + 1
      CALL DRBDPS(B, WP, IWP)
      RETURN
      END
C
      SUBROUTINE JACBG(RES, IRES, NEQ, T, C, CPRIME, REWT, SAVR, WK,
     1                 H, CJ, WP, IWP, IER, RPAR, IPAR)
C     Block-grouping version: one block per group of mesh points.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, RBLOCK
      DIMENSION C(*), CPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NJAC = NJAC + 1
      CALL DRBGJA(T, C, RPAR, RBLOCK, WK, REWT, CJ, WP, IWP, IER)
      RETURN
      END
C
      SUBROUTINE PSOLBG(NEQ, T, C, CPRIME, SAVR, WK, CJ, WGHT, WP,
     1                  IWP, B, EPLIN, IER, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION C(*), CPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NPSOL = NPSOL + 1
      CALL DRBGPS(B, WP, IWP)
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM
      WRITE(6,'(A)') 'FAIL KRY_WEB: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL KRY_WEB: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL KRY_WEB: DUMMY RT WAS CALLED'
      STOP
      END
