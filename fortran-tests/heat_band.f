C-----------------------------------------------------------------------
C     HEAT_BAND -- 1-D heat equation U_t = U_xx on 0 < x < 1 with
C     U(0,t) = U(1,t) = 0, method of lines on N = 100 interior points,
C     DX = 1/(N+1):
C        G(I) = U(I)' - (U(I-1) - 2*U(I) + U(I+1))/DX**2 = 0.
C     The iteration matrix is tridiagonal (ML = MU = 1).
C
C     With U(I,0) = SIN(PI*X(I)) + 0.5*SIN(3*PI*X(I)) the exact
C     solution of the semi-discrete system is the sum of its two
C     discrete Fourier modes,
C        U(I,t) = SUM C(K)*SIN(K*PI*X(I))*EXP(-LAMBDA(K)*t),
C        LAMBDA(K) = (4/DX**2)*SIN(K*PI*DX/2)**2,
C     so the check does not depend on the spatial discretisation error.
C
C     Two integrations, each with RWORK/IWORK of exactly DASKR's
C     documented minimum length for its options:
C       run 1: banded difference-quotient Jacobian (INFO(6)=1, INFO(5)=0,
C              LRW = 60+9*N+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
C       run 2: banded user Jacobian stored as PD(I-J+ML+MU+1,J)
C              (INFO(6)=1, INFO(5)=1, LRW = 60+9*N+(2*ML+MU+1)*N).
C     Checks: IDID=3 at each output, max error within a small multiple
C     of the tolerance, IWORK(17..18) equal to the lengths given,
C     run 1 uses column-grouped difference quotients (far fewer than
C     N residual calls per Jacobian), run 2 calls JAC IWORK(13) times.
C     The last line printed is PASS HEAT_BAND or FAIL HEAT_BAND: ...
C-----------------------------------------------------------------------
      PROGRAM HEATBD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, ML=1, MU=1, NRT=0)
      PARAMETER (LRW1=60+9*N+3*NRT+(2*ML+MU+1)*N+2*(N/(ML+MU+1)+1))
      PARAMETER (LRW2=60+9*N+3*NRT+(2*ML+MU+1)*N)
      PARAMETER (LIW=40+N)
      DIMENSION U(N), UPRIME(N), INFO(20)
      DIMENSION RWORK1(LRW1), RWORK2(LRW2), IWORK(LIW)
      DIMENSION RPAR(1), IPAR(1), JROOT(1)
      DIMENSION NSTR(2), NRER(2), NJER(2), NETFR(2), NCFNR(2), ERRR(2)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /HEATC/ DX, PI
      COMMON /JCOUNT/ NJAC
      EXTERNAL RES, BJAC, PDUM, RTDUM
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      DX = 1.0D0/DBLE(N+1)
      RTOL = 1.0D-6
      ATOL = 1.0D-8
C
      DO 80 IRUN = 1,2
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(6) = 1
         IWORK(1) = ML
         IWORK(2) = MU
         IF (IRUN .EQ. 2) INFO(5) = 1
         NJAC = 0
         T = 0.0D0
         CALL EXACT(N, T, U, UPRIME)
         IF (IRUN .EQ. 1) THEN
            WRITE(6,100) 'DIFFERENCE-QUOTIENT', LRW1, LIW
         ELSE
            WRITE(6,100) 'USER-SUPPLIED', LRW2, LIW
         ENDIF
 100     FORMAT(/' HEAT_BAND: BANDED ',A,' JACOBIAN, LRW =',I6,
     1          ' LIW =',I5/
     2          '      T          U(N/4)        U(N/2)     MAX ERROR')
         ERRMAX = 0.0D0
         TOUT = 0.005D0
         DO 50 IOUT = 1,8
            IF (IRUN .EQ. 1) THEN
               CALL DDASKR(RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK1, LRW1, IWORK, LIW, RPAR, IPAR,
     2              BJAC, PDUM, RTDUM, NRT, JROOT)
            ELSE
               CALL DDASKR(RES, N, T, U, UPRIME, TOUT, INFO, RTOL,
     1              ATOL, IDID, RWORK2, LRW2, IWORK, LIW, RPAR, IPAR,
     2              BJAC, PDUM, RTDUM, NRT, JROOT)
            ENDIF
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) 'RUN', IRUN, ' IDID =', IDID, ' T =', T
               IF (OK) WHY = 'IDID NOT 3 OR T NOT TOUT AT AN OUTPUT'
               OK = .FALSE.
               GO TO 60
            ENDIF
            ERR = ERRNRM(N, T, U)
            ERRMAX = MAX(ERRMAX, ERR)
            WRITE(6,110) T, U(N/4), U(N/2), ERR
 110        FORMAT(1X,F8.4,2D14.6,D12.3)
            TOUT = 2.0D0*TOUT
 50      CONTINUE
 60      CONTINUE
         NSTR(IRUN) = IWORK(11)
         NRER(IRUN) = IWORK(12)
         NJER(IRUN) = IWORK(13)
         NETFR(IRUN) = IWORK(14)
         NCFNR(IRUN) = IWORK(15)
         ERRR(IRUN) = ERRMAX
         WRITE(6,120) IWORK(11), IWORK(12), IWORK(13), IWORK(14),
     1        IWORK(15), IWORK(19), IWORK(17), IWORK(18)
 120     FORMAT(' NST =',I6,' NRE =',I6,' NJE =',I6,' NETF =',I4,
     1          ' NCFN =',I4,' NNI =',I6,' LENIW =',I5,' LENRW =',I6)
         WRITE(6,130) ERRMAX, NJAC
 130     FORMAT(' MAX ERROR =',D10.3,'  USER JAC CALLS =',I5)
         IF (IWORK(17) .NE. LIW) THEN
            IF (OK) WHY = 'IWORK(17) IS NOT THE MINIMUM LIW'
            OK = .FALSE.
         ENDIF
         IF (IRUN .EQ. 1 .AND. IWORK(18) .NE. LRW1) THEN
            IF (OK) WHY = 'IWORK(18) IS NOT THE MINIMUM LRW (RUN 1)'
            OK = .FALSE.
         ENDIF
         IF (IRUN .EQ. 2 .AND. IWORK(18) .NE. LRW2) THEN
            IF (OK) WHY = 'IWORK(18) IS NOT THE MINIMUM LRW (RUN 2)'
            OK = .FALSE.
         ENDIF
         IF (IRUN .EQ. 1 .AND. NJAC .NE. 0) THEN
            IF (OK) WHY = 'USER JAC CALLED WITH INFO(5)=0'
            OK = .FALSE.
         ENDIF
         IF (IRUN .EQ. 2 .AND. NJAC .NE. IWORK(13)) THEN
            IF (OK) WHY = 'USER JAC CALLS DIFFER FROM IWORK(13)'
            OK = .FALSE.
         ENDIF
C        Banded difference quotients need ML+MU+1 = 3 residual calls
C        per Jacobian, a dense one would need N = 100.
         IF (IRUN .EQ. 1 .AND.
     1       IWORK(12) .GT. IWORK(19) + 2*IWORK(11) + 10*IWORK(13)) THEN
            IF (OK) WHY = 'TOO MANY RES CALLS FOR A BANDED DQ JACOBIAN'
            OK = .FALSE.
         ENDIF
 80   CONTINUE
C
      IF (OK .AND. (ERRR(1) .GT. 1.0D-5 .OR. ERRR(2) .GT. 1.0D-5)) THEN
         OK = .FALSE.
         WHY = 'ERROR AGAINST THE FOURIER SOLUTION TOO LARGE'
      ENDIF
      DO 90 IRUN = 1,2
         IF (OK .AND. (NSTR(IRUN) .LT. 10 .OR. NSTR(IRUN) .GT. 3000))
     1      THEN
            OK = .FALSE.
            WHY = 'IMPLAUSIBLE STEP COUNT'
         ENDIF
 90   CONTINUE
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS HEAT_BAND'
      ELSE
         WRITE(6,'(2A)') 'FAIL HEAT_BAND: ', WHY
      ENDIF
      END
C
      SUBROUTINE EXACT(N, T, U, UP)
C     Sum of the two discrete Fourier modes present initially.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION U(N), UP(N)
      COMMON /HEATC/ DX, PI
      E1 = (4.0D0/DX**2)*SIN(PI*DX/2.0D0)**2
      E3 = (4.0D0/DX**2)*SIN(3.0D0*PI*DX/2.0D0)**2
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
      PARAMETER (NMAX=100)
      DIMENSION U(N), UEX(NMAX), UPEX(NMAX)
      CALL EXACT(N, T, UEX, UPEX)
      ERRNRM = 0.0D0
      DO 10 I = 1,N
         ERRNRM = MAX(ERRNRM, ABS(U(I) - UEX(I)))
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE RES(T, U, UPRIME, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100)
      DIMENSION U(N), UPRIME(N), DELTA(N), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI
      C = 1.0D0/DX**2
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
      SUBROUTINE BJAC(T, U, UPRIME, PD, CJ, RPAR, IPAR)
C     Banded iteration matrix in DASKR band storage: first dimension
C     2*ML+MU+1 = 4, element (I,J) at PD(I-J+ML+MU+1,J).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N=100, ML=1, MU=1, MBAND=ML+MU+1)
      DIMENSION U(N), UPRIME(N), PD(2*ML+MU+1,N), RPAR(*), IPAR(*)
      COMMON /HEATC/ DX, PI
      COMMON /JCOUNT/ NJAC
      NJAC = NJAC + 1
      C = 1.0D0/DX**2
      DO 10 J = 1,N
         PD(J-J+MBAND,J) = 2.0D0*C + CJ
         IF (J .GT. 1) PD((J-1)-J+MBAND,J) = -C
         IF (J .LT. N) PD((J+1)-J+MBAND,J) = -C
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called with these options.
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL HEAT_BAND: DUMMY PSOL WAS CALLED'
      STOP
      END
C
      SUBROUTINE RTDUM(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL HEAT_BAND: DUMMY RT WAS CALLED'
      STOP
      END
