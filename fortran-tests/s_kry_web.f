C-----------------------------------------------------------------------
C     S_KRY_WEB -- SDASKR (single precision) with the Krylov method and
C     the reaction-based preconditioner modules of DASKR in single
C     precision: block-diagonal (SMSET2, SRBDJA, SRBDPS, srbdpre.f) and
C     block-grouping (SGSET2, SRBGJA, SRBGPS, srbgpre.f), from the
C     user's JAC and PSOL with the user's RBLOCK routine; written as a
C     legacy REAL program.
C
C     Problem: a linear reaction-diffusion system of three species on
C     an MX x MY mesh over the unit square (MX = 10, MY = 8, DX =
C     1/(MX-1), DY = 1/(MY-1)), species kept together at each point:
C     index = IS + NS*((JX-1) + (JY-1)*MX), NS = 3, NEQ = 240.
C        C1' = R1 + D1*LAP(C1),  R1 = -A*C1 + B*C3
C        C2' = R2 + D2*LAP(C2),  R2 = -E*C2 + F*C3
C         0  = R3 + D3*LAP(C3),  R3 = C1 + C2 - G*C3
C     A = 1, B = 0.5, E = 2, F = 1, G = 2, D = (0.02, 0.01, 0.005), with
C     zero-flux boundaries (mirror points).  The residual is
C     G = I_d*C' - R - S, as the reaction-based tools expect; RES
C     leaves R in RPAR(1..NEQ) for SRBDJA/SRBGJA (the R0 argument).
C
C     Exact solution.  The mesh functions COS(P*PI*X)*COS(Q*PI*Y) are
C     eigenvectors of the mirrored 5-point Laplacian with eigenvalue
C     -MU(P,Q), MU = (4/DX**2)*SIN(P*PI*DX/2)**2
C                  + (4/DY**2)*SIN(Q*PI*DY/2)**2.
C     For each such mode C3 = (C1 + C2)/QM, QM = G + D3*MU, and the
C     amplitudes (C1, C2) obey V' = M*V with
C        M = | -(A + D1*MU) + B/QM        B/QM            |
C            |   F/QM               -(E + D2*MU) + F/QM   |,
C     so V(T) = EXP(M*T)*V(0), a 2 x 2 exponential in closed form
C     (real eigenvalues), evaluated in DOUBLE PRECISION.  Initially
C        C1 = 1 + 0.3*COS(PI*X)COS(PI*Y) + 0.2*COS(2*PI*X),
C        C2 = 0.5 + 0.25*COS(PI*Y) - 0.1*COS(PI*X)COS(2*PI*Y),
C     C3 only guessed (90 % of its value), C' guessed 0: INFO(11) = 1
C     computes C3 and C1', C2' (ID array in IWORK(41..40+NEQ), set by
C     SMSET2/SGSET2 with LID = 40 in the Krylov runs).
C
C     Runs (each with RWORK/IWORK of exactly DASKR's minimum length):
C       1. direct banded, difference-quotient Jacobian (INFO(12) = 0,
C          INFO(6) = 1, ML = MU = NS*MX):
C          LRW = 60 + 9*NEQ + (2*ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1),
C          LIW = 40 + 2*NEQ;
C       2. Krylov, block-diagonal preconditioner, LENWP = NS*NS*MX*MY,
C          LENIWP = NS*MX*MY;
C       3. Krylov, block-grouping preconditioner with 3 x 2 groups,
C          LENWP = NS*NS*6, LENIWP = NS*6;
C       Krylov: LRW = 60 + 10*NEQ + (8*NEQ + 41) + LENWP,
C               LIW = 40 + LENIWP + NEQ.
C     Tolerances RTOL = 2.0E-5, ATOL = 1.0E-5.  Outputs at T = 0.1,
C     0.5, 1, 2, 5.
C
C     Checks: IDID = 3 at every output, all three species (C3 from
C     the initial-condition calculation onwards) against the exact
C     solution within 20*(RTOL*|C| + ATOL) componentwise; runs 2 and 3
C     also against run 1 within the same bound; IWORK(27..28) and the
C     ID array as set by SMSET2/SGSET2; IWORK(17..18) = LIW, LRW;
C     user JAC and PSOL calls = IWORK(13), IWORK(21); Krylov counters
C     > 0.
C     The last line printed is PASS S_KRY_WEB or FAIL S_KRY_WEB: ...
C
C     Counters printed by the original SDASKR are listed in
C     docs/sdaskr-notes.md.
C-----------------------------------------------------------------------
      PROGRAM SKRYWB
      PARAMETER (NS=3, NSD=2, MX=10, MY=8, NEQ=NS*MX*MY, NOUT=5)
      PARAMETER (ML=NS*MX, MU=NS*MX, NXG=3, NYG=2)
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
      DIMENSION RTOL(1), ATOL(1)
      DIMENSION RWORK1(LRW1), IWORK1(LIW1)
      DIMENSION RWORK2(LRW2), IWORK2(LIW2)
      DIMENSION RWORK3(LRW3), IWORK3(LIW3)
      DIMENSION IW(21), LRWR(3), LIWR(3), ERRR(3), DIFR(3)
      DOUBLE PRECISION CEX(NEQ), CPEX(NEQ)
      CHARACTER*60 WHY
      CHARACTER*14 NAMES(3)
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /CNT/ NJAC, NPSOL
      EXTERNAL RESWEB, JACBD, PSOLBD, JACBG, PSOLBG, JDUM, PDUM, RTDUM
      DATA TOUTS / 0.1, 0.5, 1.0, 2.0, 5.0 /
      DATA NAMES / 'DIRECT BANDED', 'BLOCK-DIAGONAL', 'BLOCK-GROUPING' /
C
      OK = .TRUE.
      WHY = ' '
      RTOL(1) = 2.0E-5
      ATOL(1) = 1.0E-5
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
         T = 0.0
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
            CALL SMSET2(MX, MY, NS, NSD, 40, IWORK2)
            IF (IWORK2(27) .NE. LWP2 .OR. IWORK2(28) .NE. LIWP2)
     1         CALL FAILED('SMSET2 SET WRONG IWORK(27..28)')
            IF (IWORK2(41) .NE. 1 .OR. IWORK2(42) .NE. 1 .OR.
     1          IWORK2(43) .NE. -1 .OR. IWORK2(40+NEQ) .NE. -1)
     2         CALL FAILED('SMSET2 SET A WRONG ID ARRAY')
         ELSE
            INFO(12) = 1
            INFO(15) = 1
            CALL SGSET2(MX, MY, NS, NSD, NXG, NYG, 40, IWORK3)
            IF (IWORK3(27) .NE. LWP3 .OR. IWORK3(28) .NE. LIWP3)
     1         CALL FAILED('SGSET2 SET WRONG IWORK(27..28)')
            IF (IWORK3(44) .NE. 1 .OR. IWORK3(45) .NE. 1 .OR.
     1          IWORK3(46) .NE. -1 .OR. IWORK3(39+NEQ) .NE. 1)
     2         CALL FAILED('SGSET2 SET A WRONG ID ARRAY')
         ENDIF
         WRITE(6,100) NAMES(IRUN), NEQ, LRWR(IRUN), LIWR(IRUN)
 100     FORMAT(/' S_KRY_WEB: ',A,' RUN, NEQ =',I5,' LRW =',I7,
     1          ' LIW =',I6/
     2          '      T       C1(1,1)       C3(1,1)      C2(MX,MY)',
     3          '   ERR/TOL  DIFF/TOL')
         ERRR(IRUN) = 0.0
         DIFR(IRUN) = 0.0
         DO 50 IOUT = 1,NOUT
            TOUT = TOUTS(IOUT)
            IF (IRUN .EQ. 1) THEN
               CALL SDASKR(RESWEB, NEQ, T, C, CPRIME, TOUT, INFO,
     1              RTOL, ATOL, IDID, RWORK1, LRW1, IWORK1, LIW1,
     2              RPAR, IPAR, JDUM, PDUM, RTDUM, 0, JROOT)
            ELSE IF (IRUN .EQ. 2) THEN
               CALL SDASKR(RESWEB, NEQ, T, C, CPRIME, TOUT, INFO,
     1              RTOL, ATOL, IDID, RWORK2, LRW2, IWORK2, LIW2,
     2              RPAR, IPAR, JACBD, PSOLBD, RTDUM, 0, JROOT)
            ELSE
               CALL SDASKR(RESWEB, NEQ, T, C, CPRIME, TOUT, INFO,
     1              RTOL, ATOL, IDID, RWORK3, LRW3, IWORK3, LIW3,
     2              RPAR, IPAR, JACBG, PSOLBG, RTDUM, 0, JROOT)
            ENDIF
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', T
               CALL FAILED('IDID NOT 3 OR T NOT TOUT AT AN OUTPUT')
               GO TO 60
            ENDIF
            CALL EXACT(DBLE(T), CEX, CPEX)
            ERR = 0.0
            DIFF = 0.0
            DO 30 K = 1,NEQ
               W = RTOL(1)*ABS(C(K)) + ATOL(1)
               ERR = MAX(ERR, REAL(ABS(C(K) - CEX(K)))/W)
               IF (IRUN .EQ. 1) THEN
                  YREF(K,IOUT) = C(K)
               ELSE
                  DIFF = MAX(DIFF, ABS(C(K) - YREF(K,IOUT))/W)
               ENDIF
 30         CONTINUE
            ERRR(IRUN) = MAX(ERRR(IRUN), ERR)
            DIFR(IRUN) = MAX(DIFR(IRUN), DIFF)
            WRITE(6,110) T, C(1), C(3), C(NEQ-1), ERR, DIFF
 110        FORMAT(1X,F8.3,3E14.6,2F9.3)
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
         WRITE(6,130) ERRR(IRUN), DIFR(IRUN)
 130     FORMAT(' MAX ERROR =',F8.3,' AND MAX DIFFERENCE FROM THE',
     1          ' DIRECT RUN =',F8.3,' * (RTOL*|C| + ATOL)')
         IF (IW(17) .NE. LIWR(IRUN) .OR. IW(18) .NE. LRWR(IRUN))
     1      CALL FAILED('IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW')
         IF (ERRR(IRUN) .GT. 20.0)
     1      CALL FAILED('ERROR AGAINST THE EXACT SOLUTION TOO LARGE')
         IF (DIFR(IRUN) .GT. 20.0)
     1      CALL FAILED('KRYLOV AND DIRECT ANSWERS DISAGREE')
         IF (IRUN .GT. 1) THEN
            IF (NJAC .NE. IW(13))
     1         CALL FAILED('USER JAC CALLS DIFFER FROM IWORK(13)')
            IF (NPSOL .NE. IW(21))
     1         CALL FAILED('USER PSOL CALLS DIFFER FROM IWORK(21)')
            IF (IW(19) .LE. 0 .OR. IW(20) .LE. 0 .OR. IW(21) .LE. 0
     1          .OR. NJAC .LE. 0)
     2         CALL FAILED('A KRYLOV COUNTER IS ZERO')
         ENDIF
         IF (IW(11) .LT. 10 .OR. IW(11) .GT. 3000)
     1      CALL FAILED('IMPLAUSIBLE STEP COUNT')
 90   CONTINUE
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS S_KRY_WEB'
      ELSE
         WRITE(6,'(2A)') 'FAIL S_KRY_WEB: ', WHY
         STOP 1
      ENDIF
      END
C
      SUBROUTINE CINIT(C, CPRIME)
C     C1, C2 exact, C3 90 % of its value, derivatives guessed zero.
      PARAMETER (NS=3, MX=10, MY=8, NEQ=NS*MX*MY)
      DIMENSION C(NEQ), CPRIME(NEQ)
      DOUBLE PRECISION CEX(NEQ), CPEX(NEQ)
      CALL EXACT(0.0D0, CEX, CPEX)
      DO 10 K = 1,NEQ
         C(K) = REAL(CEX(K))
         IF (MOD(K,NS) .EQ. 0) C(K) = 0.9*C(K)
         CPRIME(K) = 0.0
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE EXACT(T, CEX, CPEX)
C     Modal solution of the linear system, in double precision.
      PARAMETER (NS=3, MX=10, MY=8, NEQ=NS*MX*MY, NM=5)
      DOUBLE PRECISION T, CEX(NEQ), CPEX(NEQ)
      DOUBLE PRECISION PI, DX, DY, XMU, QM, M11, M12, M21, M22, TAU
      DOUBLE PRECISION S, CH, SH, E, V1, V2, W1, W2, PHI, A1(NM), A2(NM)
      DOUBLE PRECISION CA, CB, CE, CF, CG, D1, D2, D3
      INTEGER IP(NM), IQ(NM)
      DATA IP / 0, 1, 2, 0, 1 /, IQ / 0, 1, 0, 1, 2 /
      DATA A1 / 1.0D0, 0.3D0, 0.2D0, 0.0D0, 0.0D0 /
      DATA A2 / 0.5D0, 0.0D0, 0.0D0, 0.25D0, -0.1D0 /
      CA = 1.0D0
      CB = 0.5D0
      CE = 2.0D0
      CF = 1.0D0
      CG = 2.0D0
      D1 = 0.02D0
      D2 = 0.01D0
      D3 = 0.005D0
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(MX-1)
      DY = 1.0D0/DBLE(MY-1)
      DO 10 K = 1,NEQ
         CEX(K) = 0.0D0
         CPEX(K) = 0.0D0
 10   CONTINUE
      DO 40 M = 1,NM
         XMU = (4.0D0/DX**2)*SIN(IP(M)*PI*DX/2.0D0)**2
     1       + (4.0D0/DY**2)*SIN(IQ(M)*PI*DY/2.0D0)**2
         QM = CG + D3*XMU
         M11 = -(CA + D1*XMU) + CB/QM
         M12 = CB/QM
         M21 = CF/QM
         M22 = -(CE + D2*XMU) + CF/QM
C        EXP(M*T) = EXP(TAU*T)*(COSH(S*T)*I + SINH(S*T)/S*(M - TAU*I))
         TAU = 0.5D0*(M11 + M22)
         S = SQRT((0.5D0*(M11 - M22))**2 + M12*M21)
         E = EXP(TAU*T)
         CH = COSH(S*T)
         SH = SINH(S*T)/S
         V1 = E*(CH*A1(M) + SH*((M11 - TAU)*A1(M) + M12*A2(M)))
         V2 = E*(CH*A2(M) + SH*(M21*A1(M) + (M22 - TAU)*A2(M)))
         W1 = M11*V1 + M12*V2
         W2 = M21*V1 + M22*V2
         DO 30 JY = 1,MY
            DO 20 JX = 1,MX
               PHI = COS(IP(M)*PI*DBLE(JX-1)*DX)
     1             * COS(IQ(M)*PI*DBLE(JY-1)*DY)
               K0 = NS*((JX-1) + (JY-1)*MX)
               CEX(K0+1) = CEX(K0+1) + V1*PHI
               CEX(K0+2) = CEX(K0+2) + V2*PHI
               CEX(K0+3) = CEX(K0+3) + (V1 + V2)/QM*PHI
               CPEX(K0+1) = CPEX(K0+1) + W1*PHI
               CPEX(K0+2) = CPEX(K0+2) + W2*PHI
               CPEX(K0+3) = CPEX(K0+3) + (W1 + W2)/QM*PHI
 20         CONTINUE
 30      CONTINUE
 40   CONTINUE
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
      SUBROUTINE RBLOCK(T, JX, JY, CXY, RXY)
C     Reaction terms R at mesh point (JX,JY).
      PARAMETER (NS=3)
      DIMENSION CXY(NS), RXY(NS)
      RXY(1) = -CXY(1) + 0.5*CXY(3)
      RXY(2) = -2.0*CXY(2) + CXY(3)
      RXY(3) = CXY(1) + CXY(2) - 2.0*CXY(3)
      RETURN
      END
C
      SUBROUTINE RESWEB(T, C, CPRIME, CJ, DELTA, IRES, RPAR, IPAR)
C     G = I_d*C' - R - S; R is left in RPAR for the preconditioner.
      PARAMETER (NS=3, NSD=2, MX=10, MY=8, NEQ=NS*MX*MY)
      DIMENSION C(NEQ), CPRIME(NEQ), DELTA(NEQ), RPAR(NEQ), IPAR(*)
      DIMENSION DC(NS)
      DATA DC / 0.02, 0.01, 0.005 /
      CX = 1.0/(1.0/REAL(MX-1))**2
      CY = 1.0/(1.0/REAL(MY-1))**2
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
               S = DC(IS)*(CX*(C(KL+IS) - 2.0*C(K0+IS) + C(KR+IS))
     1             + CY*(C(KD+IS) - 2.0*C(K0+IS) + C(KU+IS)))
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
      EXTERNAL RES, RBLOCK
      DIMENSION C(*), CPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NJAC = NJAC + 1
      CALL SRBDJA(T, C, RPAR, RBLOCK, WK, REWT, CJ, WP, IWP, IER)
      RETURN
      END
C
      SUBROUTINE PSOLBD(NEQ, T, C, CPRIME, SAVR, WK, CJ, WGHT, WP,
     1                  IWP, B, EPLIN, IER, RPAR, IPAR)
      DIMENSION C(*), CPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NPSOL = NPSOL + 1
      CALL SRBDPS(B, WP, IWP)
      RETURN
      END
C
      SUBROUTINE JACBG(RES, IRES, NEQ, T, C, CPRIME, REWT, SAVR, WK,
     1                 H, CJ, WP, IWP, IER, RPAR, IPAR)
C     Block-grouping version: one block per group of mesh points.
      EXTERNAL RES, RBLOCK
      DIMENSION C(*), CPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NJAC = NJAC + 1
      CALL SRBGJA(T, C, RPAR, RBLOCK, WK, REWT, CJ, WP, IWP, IER)
      RETURN
      END
C
      SUBROUTINE PSOLBG(NEQ, T, C, CPRIME, SAVR, WK, CJ, WGHT, WP,
     1                  IWP, B, EPLIN, IER, RPAR, IPAR)
      DIMENSION C(*), CPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /CNT/ NJAC, NPSOL
      NPSOL = NPSOL + 1
      CALL SRBGPS(B, WP, IWP)
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM
      WRITE(6,'(A)') 'FAIL S_KRY_WEB: DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL S_KRY_WEB: DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      WRITE(6,'(A)') 'FAIL S_KRY_WEB: DUMMY RT WAS CALLED'
      STOP 1
      END
