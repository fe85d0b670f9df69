C-----------------------------------------------------------------------
C     KRY_OPTIONS -- Krylov-method options of DDASKR with a user-written
C     diagonal (Jacobi) preconditioner.
C
C     Problem: the 1-D heat equation U_t = U_xx on 0 < x < 1, U = 0 at
C     both ends, method of lines on N = 50 interior points (DX = 1/51):
C        G(I) = U(I)' - (U(I-1) - 2*U(I) + U(I+1))/DX**2.
C     With U(I,0) = SIN(PI*X(I)) + 0.5*SIN(3*PI*X(I)) the exact
C     solution of the semi-discrete system is the sum of two discrete
C     Fourier modes.  Outputs at T = 0.01, 0.02, 0.04, 0.08, 0.16.
C
C     Preconditioner P = DIAG(CJ + 2/DX**2): the user's JAC stores
C     1/P(I,I) in WP (LENWP = N, LENIWP = 0) and the user's PSOL
C     multiplies B by it.  RWORK/IWORK have exactly DASKR's minimum
C     lengths: LRW = 60 + (MAXORD+5)*N + LENPD,
C     LENPD = (MAXL+3+MIN(1,MAXL-KMP))*N + (MAXL+3)*MAXL + 1 + LENWP,
C     LIW = 40 + LENIWP = 40.
C
C     Cases:
C       A  defaults (INFO(13) = 0: MAXL = KMP = 5, NRMAX = 5,
C          EPLI = 0.05), INFO(15) = 1;
C       B  INFO(13) = 1: MAXL = 10, KMP = 3 (incomplete
C          orthogonalisation, one more vector of storage), NRMAX = 2,
C          EPLI = 0.02;
C       C  INFO(13) = 1: MAXL = 2, KMP = 2, NRMAX = 0, EPLI = 0.05:
C          at most 2 linear iterations per Newton iteration (case A
C          needs about 2.3 on average), so the limit is seen to act:
C          NLI/NNI below case A's and linear convergence failures
C          (NCFL > 0, none in case A);
C       D  INFO(15) = 0: PSOL forms the diagonal from its own CJ, no
C          JAC (a dummy that stops the program if called), LENWP = 0;
C       E  invalid INFO(13) inputs, each IDID = -33: MAXL = 0,
C          MAXL > NEQ, KMP = 0, KMP > MAXL, NRMAX < 0, EPLI = 0,
C          EPLI = 1;
C       F  PSOL returns IER = +1 (recoverable) once: the integration
C          goes on (NCFL > 0) and the answers are right;
C       G  PSOL returns IER = -1 once T > 0.05: IDID = -13;
C       H  JAC always returns IER = 1: IDID = -5.
C     Checks for A-D and F: IDID = 3 at every output, max error within
C     2.0D-5, NLI <= MAXL*(NRMAX+1)*NNI, user JAC/PSOL calls equal
C     IWORK(13)/IWORK(21), IWORK(17..18) = LIW, LRW, IWORK(24..26) and
C     RWORK(10) unchanged by the solver.  Each array is declared with
C     16 guard words after the exact length passed as LRW/LIW; at the
C     end none of them may have changed.
C     The last line printed is PASS KRY_OPTIONS or
C     FAIL KRY_OPTIONS: reason.
C-----------------------------------------------------------------------
      PROGRAM KRYOPT
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=50, MAXORD=5)
      PARAMETER (LBASE=60 + (MAXORD+5)*N)
C     Case A (and F, G, H): MAXL = KMP = 5, LENWP = N.
      PARAMETER (LRWA=LBASE + 8*N + 8*5 + 1 + N)
C     Case B: MAXL = 10, KMP = 3.
      PARAMETER (LRWB=LBASE + (10+3+1)*N + 13*10 + 1 + N)
C     Case C: MAXL = KMP = 2.
      PARAMETER (LRWC=LBASE + 5*N + 5*2 + 1 + N)
C     Case D: defaults, LENWP = 0.
      PARAMETER (LRWD=LBASE + 8*N + 8*5 + 1)
      PARAMETER (LIW=40)
C     Each array has NG guard words after the length passed to DDASKR.
      PARAMETER (NG=16)
      DIMENSION RWA(LRWA+NG), RWB(LRWB+NG), RWC(LRWC+NG), RWD(LRWD+NG)
      DIMENSION IWA(LIW+NG), IWB(LIW+NG), IWC(LIW+NG), IWD(LIW+NG)
      DIMENSION ICNT(13), MAXLS(7), KMPS(7), NRMAXS(7), EPLIS(7)
      CHARACTER*60 WHY
      CHARACTER*24 BADNAM(7)
      LOGICAL OK
      COMMON /HEATC/ DX, PI, C
      DATA MAXLS  / 0, 51, 5, 5, 5, 5, 5 /
      DATA KMPS   / 1, 1, 0, 6, 5, 5, 5 /
      DATA NRMAXS / 5, 5, 5, 5, -1, 5, 5 /
      DATA EPLIS  / 0.05D0, 0.05D0, 0.05D0, 0.05D0, 0.05D0, 0.0D0,
     1              1.0D0 /
      DATA BADNAM / 'MAXL = 0', 'MAXL = NEQ+1', 'KMP = 0',
     1              'KMP = MAXL+1', 'NRMAX = -1', 'EPLI = 0',
     2              'EPLI = 1' /
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(N+1)
      C = 1.0D0/DX**2
      CALL GUARD(RWA(LRWA+1), IWA(LIW+1), NG, 0, NBAD)
      CALL GUARD(RWB(LRWB+1), IWB(LIW+1), NG, 0, NBAD)
      CALL GUARD(RWC(LRWC+1), IWC(LIW+1), NG, 0, NBAD)
      CALL GUARD(RWD(LRWD+1), IWD(LIW+1), NG, 0, NBAD)
C
C     Case A: defaults.
      CALL RUNK('A: DEFAULTS', 0, 5, 5, 5, 0.05D0, 1, 0, RWA, LRWA,
     1          IWA, LIW, N, IDID, T, ERRA, ICNT)
      CALL CHECK('A', 5, 5, IDID, ERRA, ICNT, LRWA, LIW, OK, WHY)
      RATIOA = DBLE(ICNT(5))/DBLE(MAX(ICNT(4),1))
C
C     Case B: MAXL = 10, KMP = 3, NRMAX = 2, EPLI = 0.02.
      CALL RUNK('B: MAXL=10 KMP=3 NRMAX=2 EPLI=0.02', 1, 10, 3, 2,
     1          0.02D0, 1, 0, RWB, LRWB, IWB, LIW, N, IDID, T, ERR,
     2          ICNT)
      CALL CHECK('B', 10, 2, IDID, ERR, ICNT, LRWB, LIW, OK, WHY)
C
C     Case C: MAXL = 2, NRMAX = 0.
      CALL RUNK('C: MAXL=2 KMP=2 NRMAX=0', 1, 2, 2, 0, 0.05D0, 1, 0,
     1          RWC, LRWC, IWC, LIW, N, IDID, T, ERR, ICNT)
      CALL CHECK('C', 2, 0, IDID, ERR, ICNT, LRWC, LIW, OK, WHY)
      NCFLC = ICNT(7)
      RATIOC = DBLE(ICNT(5))/DBLE(MAX(ICNT(4),1))
      WRITE(6,100) RATIOA, RATIOC
 100  FORMAT(' NLI/NNI: CASE A',F7.3,'   CASE C',F7.3)
      IF (OK .AND. (NCFLC .EQ. 0 .OR. RATIOC .GE. RATIOA)) THEN
         WHY = 'MAXL = 2, NRMAX = 0 HAD NO VISIBLE EFFECT'
         OK = .FALSE.
      ENDIF
C
C     Case D: INFO(15) = 0, no JAC.
      CALL RUNK('D: INFO(15)=0, PSOL ONLY', 0, 5, 5, 5, 0.05D0, 0, 0,
     1          RWD, LRWD, IWD, LIW, 0, IDID, T, ERR, ICNT)
      CALL CHECK('D', 5, 5, IDID, ERR, ICNT, LRWD, LIW, OK, WHY)
      IF (OK .AND. ICNT(3) .NE. 0) THEN
         WHY = 'NJE IS NOT 0 WITH INFO(15) = 0'
         OK = .FALSE.
      ENDIF
C
C     Case E: invalid INFO(13) inputs.
      DO 20 ICASE = 1,7
         CALL RUNK('E: '//BADNAM(ICASE), 1, MAXLS(ICASE),
     1             KMPS(ICASE), NRMAXS(ICASE), EPLIS(ICASE), 1, 0,
     2             RWB, LRWB, IWB, LIW, N, IDID, T, ERR, ICNT)
         WRITE(6,110) BADNAM(ICASE), IDID
 110     FORMAT(' CASE E, ',A,': IDID =',I4)
         IF (OK .AND. IDID .NE. -33) THEN
            WHY = 'INVALID INFO(13) NOT REJECTED: '//BADNAM(ICASE)
            OK = .FALSE.
         ENDIF
 20   CONTINUE
C
C     Case F: PSOL returns IER = +1 once.
      CALL RUNK('F: PSOL IER=+1 ONCE', 0, 5, 5, 5, 0.05D0, 1, 3,
     1          RWA, LRWA, IWA, LIW, N, IDID, T, ERR, ICNT)
      CALL CHECK('F', 5, 5, IDID, ERR, ICNT, LRWA, LIW, OK, WHY)
      IF (OK .AND. ICNT(7) .LT. 1) THEN
         WHY = 'PSOL FAILURE NOT COUNTED IN NCFL'
         OK = .FALSE.
      ENDIF
C
C     Case G: PSOL returns IER = -1 once T > 0.05.
      CALL RUNK('G: PSOL IER=-1 AFTER T=0.05', 0, 5, 5, 5, 0.05D0, 1, 1,
     1          RWA, LRWA, IWA, LIW, N, IDID, T, ERR, ICNT)
      WRITE(6,120) 'G', IDID, T
 120  FORMAT(' CASE ',A,': IDID =',I4,'  T =',D14.6)
      IF (OK .AND. IDID .NE. -13) THEN
         WHY = 'PSOL IER < 0 DID NOT GIVE IDID = -13'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. (T .LT. 0.04D0 .OR. T .GT. 0.08D0)) THEN
         WHY = 'IDID = -13 RETURNED AT AN UNEXPECTED T'
         OK = .FALSE.
      ENDIF
C
C     Case H: JAC always fails.
      CALL RUNK('H: JAC ALWAYS IER=1', 0, 5, 5, 5, 0.05D0, 1, 2,
     1          RWA, LRWA, IWA, LIW, N, IDID, T, ERR, ICNT)
      WRITE(6,120) 'H', IDID, T
      IF (OK .AND. IDID .NE. -5) THEN
         WHY = 'JAC IER NOT 0 DID NOT GIVE IDID = -5'
         OK = .FALSE.
      ENDIF
      IF (OK .AND. (T .NE. 0.0D0 .OR. ICNT(1) .NE. 0)) THEN
         WHY = 'STEPS TAKEN ALTHOUGH JAC ALWAYS FAILS'
         OK = .FALSE.
      ENDIF
C
C     Nothing may have been written beyond RWORK(LRW) or IWORK(LIW).
      NBADT = 0
      CALL GUARD(RWA(LRWA+1), IWA(LIW+1), NG, 1, NBAD)
      NBADT = NBADT + NBAD
      CALL GUARD(RWB(LRWB+1), IWB(LIW+1), NG, 1, NBAD)
      NBADT = NBADT + NBAD
      CALL GUARD(RWC(LRWC+1), IWC(LIW+1), NG, 1, NBAD)
      NBADT = NBADT + NBAD
      CALL GUARD(RWD(LRWD+1), IWD(LIW+1), NG, 1, NBAD)
      NBADT = NBADT + NBAD
      WRITE(6,130) NBADT
 130  FORMAT(/' GUARD WORDS CHANGED BEYOND LRW/LIW:',I4)
      IF (OK .AND. NBADT .NE. 0) THEN
         WHY = 'THE SOLVER WROTE BEYOND RWORK(LRW) OR IWORK(LIW)'
         OK = .FALSE.
      ENDIF
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS KRY_OPTIONS'
      ELSE
         WRITE(6,'(2A)') 'FAIL KRY_OPTIONS: ', WHY
      ENDIF
      END
C
      SUBROUTINE GUARD(RG, IG, NG, MODE, NBAD)
C     MODE 0: fill the guard words; MODE 1: count the changed ones.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION RG(NG), IG(NG)
      NBAD = 0
      DO 10 I = 1,NG
         IF (MODE .EQ. 0) THEN
            RG(I) = -7.25D77
            IG(I) = -7777777
         ELSE
            IF (RG(I) .NE. -7.25D77) NBAD = NBAD + 1
            IF (IG(I) .NE. -7777777) NBAD = NBAD + 1
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE CHECK(NAME, MAXL, NRMAX, IDID, ERR, ICNT, LRW, LIW,
     1                 OK, WHY)
C     Checks common to the successful cases.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      CHARACTER*60 WHY
      LOGICAL OK
      DIMENSION ICNT(13)
      IF (.NOT. OK) RETURN
      WHY = 'CASE '//NAME//': '
      IF (IDID .NE. 3) THEN
         WHY(9:) = 'IDID NOT 3 AT AN OUTPUT'
         OK = .FALSE.
      ELSE IF (ERR .GT. 2.0D-5) THEN
         WHY(9:) = 'ERROR AGAINST THE EXACT SOLUTION TOO LARGE'
         OK = .FALSE.
      ELSE IF (ICNT(5) .GT. MAXL*(NRMAX+1)*ICNT(4)) THEN
         WHY(9:) = 'NLI EXCEEDS MAXL*(NRMAX+1)*NNI'
         OK = .FALSE.
      ELSE IF (ICNT(9) .NE. ICNT(3)) THEN
         WHY(9:) = 'USER JAC CALLS DIFFER FROM IWORK(13)'
         OK = .FALSE.
      ELSE IF (ICNT(10) .NE. ICNT(6)) THEN
         WHY(9:) = 'USER PSOL CALLS DIFFER FROM IWORK(21)'
         OK = .FALSE.
      ELSE IF (ICNT(11) .NE. LIW .OR. ICNT(12) .NE. LRW) THEN
         WHY(9:) = 'IWORK(17..18) ARE NOT THE MINIMUM LIW, LRW'
         OK = .FALSE.
      ELSE IF (ICNT(13) .NE. 0) THEN
         WHY(9:) = 'IWORK(24..26) OR RWORK(10) CHANGED BY THE SOLVER'
         OK = .FALSE.
      ELSE IF (ICNT(4) .LE. 0 .OR. ICNT(5) .LE. 0) THEN
         WHY(9:) = 'A KRYLOV COUNTER IS ZERO'
         OK = .FALSE.
      ELSE
         WHY = ' '
      ENDIF
      RETURN
      END
C
      SUBROUTINE RUNK(LABEL, INF13, MAXL, KMP, NRMAX, EPLI, INF15,
     1                MODE, RWORK, LRW, IWORK, LIW, LENWP, IDID, T,
     2                ERRMAX, ICNT)
C     One integration.  ICNT returns NST, NRE, NJE, NNI, NLI, NPS,
C     NCFL, NCFN, user JAC calls, user PSOL calls, LENIW, LENRW, and
C     1 if the solver changed IWORK(24..26) or RWORK(10), else 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=50)
      CHARACTER*(*) LABEL
      DIMENSION RWORK(LRW), IWORK(LIW), ICNT(13)
      DIMENSION U(N), UPRIME(N), INFO(20), RPAR(1), IPAR(1), JROOT(1)
      COMMON /HEATC/ DX, PI, C
      COMMON /CNT/ NJAC, NPSOL, MODEC
      EXTERNAL RESH, JACD, PSOLD, JDUM, RTDUM
C
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(12) = 1
      INFO(13) = INF13
      INFO(15) = INF15
      IWORK(27) = LENWP
      IWORK(28) = 0
      IF (INF13 .EQ. 1) THEN
         IWORK(24) = MAXL
         IWORK(25) = KMP
         IWORK(26) = NRMAX
         RWORK(10) = EPLI
      ENDIF
      MODEC = MODE
      NJAC = 0
      NPSOL = 0
      RTOL = 1.0D-6
      ATOL = 1.0D-8
      T = 0.0D0
      CALL EXACT(N, T, U, UPRIME)
      DO 11 I = 1,13
         ICNT(I) = 0
 11   CONTINUE
      ERRMAX = 0.0D0
      IF (LABEL(1:1) .NE. 'E') WRITE(6,100) LABEL, LRW, LIW
 100  FORMAT(/' KRY_OPTIONS CASE ',A,', LRW =',I6,' LIW =',I4/
     1       '      T         U(N/2)      MAX ERROR   NST   NNI   NLI')
      TOUT = 0.01D0
      DO 50 IOUT = 1,5
         IF (INF15 .EQ. 1) THEN
            CALL DDASKR(RESH, N, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1           IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JACD, PSOLD,
     2           RTDUM, 0, JROOT)
         ELSE
            CALL DDASKR(RESH, N, T, U, UPRIME, TOUT, INFO, RTOL, ATOL,
     1           IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JDUM, PSOLD,
     2           RTDUM, 0, JROOT)
         ENDIF
         IF (IDID .NE. 3) GO TO 60
         ERR = ERRNRM(N, T, U)
         ERRMAX = MAX(ERRMAX, ERR)
         WRITE(6,110) T, U(N/2), ERR, IWORK(11), IWORK(19), IWORK(20)
 110     FORMAT(1X,F8.4,D14.6,D12.3,3I6)
         TOUT = 2.0D0*TOUT
 50   CONTINUE
 60   CONTINUE
      IF (IDID .EQ. -33) RETURN
      DO 70 I = 1,6
         ICNT(I) = IWORK(10+I)
 70   CONTINUE
      ICNT(3) = IWORK(13)
      ICNT(4) = IWORK(19)
      ICNT(5) = IWORK(20)
      ICNT(6) = IWORK(21)
      ICNT(7) = IWORK(16)
      ICNT(8) = IWORK(15)
      ICNT(9) = NJAC
      ICNT(10) = NPSOL
      ICNT(11) = IWORK(17)
      ICNT(12) = IWORK(18)
      WRITE(6,120) IDID, IWORK(11), IWORK(12), IWORK(13), IWORK(19),
     1     IWORK(20), IWORK(21), IWORK(14), IWORK(15), IWORK(16),
     2     NJAC, NPSOL, IWORK(17), IWORK(18), ERRMAX
 120  FORMAT(' IDID =',I4,' NST =',I5,' NRE =',I6,' NJE =',I5,
     1       ' NNI =',I6,' NLI =',I6,' NPS =',I6/' NETF =',I4,
     2       ' NCFN =',I4,' NCFL =',I4,' JAC CALLS =',I5,
     3       ' PSOL CALLS =',I6,' LENIW =',I5,' LENRW =',I6/
     4       ' MAX ERROR =',D10.3)
C     The solver must not change the optional inputs.
      IF (INF13 .EQ. 1) THEN
         IF (IWORK(24) .NE. MAXL .OR. IWORK(25) .NE. KMP .OR.
     1       IWORK(26) .NE. NRMAX .OR. RWORK(10) .NE. EPLI) THEN
            WRITE(6,'(A)') ' IWORK(24..26) OR RWORK(10) CHANGED'
            ICNT(13) = 1
         ENDIF
      ENDIF
      RETURN
      END
C
      SUBROUTINE EXACT(N, T, U, UP)
C     Sum of the two discrete Fourier modes present initially.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(N), UP(N)
      COMMON /HEATC/ DX, PI, C
      E1 = 4.0D0*C*SIN(PI*DX/2.0D0)**2
      E3 = 4.0D0*C*SIN(3.0D0*PI*DX/2.0D0)**2
      C1 = EXP(-E1*T)
      C3 = 0.5D0*EXP(-E3*T)
      DO 10 I = 1,N
         X = DBLE(I)*DX
         S1 = SIN(PI*X)
         S3 = SIN(3.0D0*PI*X)
         U(I) = C1*S1 + C3*S3
         UP(I) = -E1*C1*S1 - E3*C3*S3
 10   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION ERRNRM(N, T, U)
C     Max-norm error against the exact semi-discrete solution.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=50)
      DIMENSION U(N), UEX(NMAX), UPEX(NMAX)
      CALL EXACT(N, T, UEX, UPEX)
      ERRNRM = 0.0D0
      DO 10 I = 1,N
         ERRNRM = MAX(ERRNRM, ABS(U(I) - UEX(I)))
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE RESH(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=50)
      DIMENSION U(N), UPRIME(N), DELTA(N), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI, C
      DO 10 I = 1,N
         UL = 0.0D0
         UR = 0.0D0
         IF (I .GT. 1) UL = U(I-1)
         IF (I .LT. N) UR = U(I+1)
         DELTA(I) = UPRIME(I) - C*(UL - 2.0D0*U(I) + UR)
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE JACD(RES, IRES, NEQ, T, Y, YPRIME, REWT, SAVR, WK, H,
     1                CJ, WP, IWP, IER, RPAR, IPAR)
C     Jacobi preconditioner: WP(I) = 1/(CJ + 2/DX**2).
C     MODE 2: always fail with IER = 1.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES
      DIMENSION Y(*), YPRIME(*), REWT(*), SAVR(*), WK(*), WP(*)
      DIMENSION IWP(*), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI, C
      COMMON /CNT/ NJAC, NPSOL, MODEC
      NJAC = NJAC + 1
      IF (MODEC .EQ. 2) THEN
         IER = 1
         RETURN
      ENDIF
      D = 1.0D0/(CJ + 2.0D0*C)
      DO 10 I = 1,NEQ
         WP(I) = D
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE PSOLD(NEQ, T, Y, YPRIME, SAVR, WK, CJ, WGHT, WP, IWP,
     1                 B, EPLIN, IER, RPAR, IPAR)
C     Apply the Jacobi preconditioner.  With INFO(15) = 0 (no WP) the
C     diagonal is formed here from the current CJ.
C     MODE 1: IER = -1 once T > 0.05.  MODE 3: IER = +1 on call 20.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YPRIME(*), SAVR(*), WK(*), WGHT(*), WP(*)
      DIMENSION IWP(*), B(*), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI, C
      COMMON /CNT/ NJAC, NPSOL, MODEC
      NPSOL = NPSOL + 1
      IF (MODEC .EQ. 1 .AND. T .GT. 0.05D0) THEN
         IER = -1
         RETURN
      ENDIF
      IF (MODEC .EQ. 3 .AND. NPSOL .EQ. 20) THEN
         IER = 1
         RETURN
      ENDIF
      IF (NJAC .EQ. 0) THEN
         D = 1.0D0/(CJ + 2.0D0*C)
         DO 10 I = 1,NEQ
            B(I) = B(I)*D
 10      CONTINUE
      ELSE
         DO 20 I = 1,NEQ
            B(I) = B(I)*WP(I)
 20      CONTINUE
      ENDIF
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE JDUM
      WRITE(6,'(A)') 'FAIL KRY_OPTIONS: DUMMY JAC WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL KRY_OPTIONS: DUMMY RT WAS CALLED'
      STOP
      END
