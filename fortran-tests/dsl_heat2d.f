C-----------------------------------------------------------------------
C     DSL_HEAT2D -- DSL48E without events (NC = ND = 0) on a sparse
C     2-D reaction-diffusion DAE, checked against DDASKR.
C
C     Grid M x M on the unit square, H = 1/(M-1), unknown U(I,J) at
C     Z(K), K = I + (J-1)*M (I along x, J along y), NEQ = M*M = 196.
C       interior (1 < I,J < M), differential:
C          U' = D*(U(I-1,J)+U(I+1,J)+U(I,J-1)+U(I,J+1)-4U)/H**2
C               + U*(1-U)
C       bottom row J = 1 (corners included), algebraic Dirichlet:
C          U - GB(T) = 0,  GB(T) = 0.25 + 0.2*SIN(2*PI*T)
C       top row J = M (corners included), algebraic: U = 0
C       left / right columns I = 1, M (1 < J < M), algebraic
C       zero flux:  U(1,J) - U(2,J) = 0,  U(M,J) - U(M-1,J) = 0.
C     JYDOT lists the (M-2)**2 interior unknowns (NJYDOT = 144); the
C     pattern JROW/JCOL is the 5-point stencil of the interior rows,
C     the diagonal of the Dirichlet rows and the two entries of the
C     zero-flux rows (NEJAC = 5*144 + 2*14 + 4*12 = 796, built row by
C     row, checked here to be 1-based, in range and duplicate-free).
C     The initial values are consistent: U0 = 0.25*(1-Y) +
C     0.3*X*(1-X)*SIN(PI*Y) inside, the boundary values set from the
C     algebraic equations, U' inside from the ODE, U' on the boundary
C     the derivative of its algebraic equation.
C
C     Runs (RTOL = ATOL = 1D-8, outputs T = 0.1, 0.2, ..., 1.0):
C       REF   DDASKR, banded DQ Jacobian, ML = MU = M, INFO(11) = 0
C       TRUTH DDASKR as REF with RTOL = ATOL = 1D-11
C       D1    DSL48E JDTYPE = 0 (DQ on the pattern), INFO(3) = 0
C       D2    DSL48E JDTYPE = 1 (JAC fills PD(K) = dF/dZ + CJ*dF/dZDOT
C             at (JROW(K),JCOL(K))), INFO(3) = 0
C       D3    DSL48E JDTYPE = 0, one-step mode INFO(3) = 1
C       D4    DSL48E JDTYPE = 1, INFO(3) = 1, INFO(16) = 1 (algebraic
C             unknowns, i.e. those not in JYDOT, out of the error test)
C     BOUNDS is not referenced (INFO(10) = 0): a 2-element dummy is
C     passed, as legacy callers do.  LRW = 60+10*NEQ+NEJAC and
C     LIW = 40+2*NEQ (the SPEC's ceilings for ND = 0), LIEVWK = NEQ,
C     LREVWK = 5 + 5*NEQ + 40 (seed minimums, q = 5, ND = 0).
C
C     Checks (ERRTOL = 100*RTOL = 1D-6 absolute, U is O(1); the
C     difference of two BDF solutions at RTOL = ATOL = 1D-8 is their
C     global error, a modest multiple of the tolerance):
C       - IDID = 3 at each TOUT with TIME = TOUT (interval runs);
C         one-step runs: IDID = 1 with TIME increasing, or IDID = 3
C         with TIME = TOUT, until TIME >= TOUT;
C       - REF within ERRTOL of TRUTH (sanity of the reference);
C       - D1, D2 within ERRTOL of REF and of TRUTH at every TOUT;
C       - D3, D4 within ERRTOL of TRUTH at EVERY returned step (TRUTH
C         is advanced to each returned TIME) and of REF when TIME =
C         TOUT;
C       - IWORK(17) <= 40+2*NEQ and IWORK(18) <= 60+10*NEQ+NEJAC;
C       - IWORK(12) equals the number of RES calls; JDTYPE = 0: JAC
C         never called and the Jacobian by column colouring
C         (IWORK(12) <= NNI + 2*NST + 20*NJE + 20, a dense DQ would
C         need NEQ = 196 calls per Jacobian); JDTYPE = 1: the number
C         of JAC calls equals IWORK(13) > 0;
C       - every returned Z satisfies the homogeneous algebraic rows
C         (top, zero flux) to 1D-10: they are linear and homogeneous,
C         so BDF steps and interpolation keep them to rounding;
C       - counters IWORK(11..15) are printed for all runs.
C     The last line printed is PASS DSL_HEAT2D or FAIL DSL_HEAT2D: ...
C-----------------------------------------------------------------------
      PROGRAM DSLHT2
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M, NX=(M-2)**2)
      PARAMETER (NEJAC=5*NX+2*M+4*(M-2))
      PARAMETER (NOUT=10)
      PARAMETER (LRW=60+10*NEQ+NEJAC, LIW=40+2*NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=5+5*NEQ+40)
      PARAMETER (ML=M, MU=M)
      PARAMETER (MBW=ML+MU+1)
      PARAMETER (LRWD=60+9*NEQ+(2*ML+MU+1)*NEQ
     1                 +2*((NEQ-MOD(NEQ,MBW))/MBW+1))
      PARAMETER (LIWD=40+NEQ)
      DIMENSION Z(NEQ), ZDOT(NEQ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(NX), ISC(1)
      DIMENSION BDUM(2), IEVWK(LIEVWK), REVWK(LREVWK)
      DIMENSION RPAR(1), IPAR(1)
      DIMENSION Y(NEQ), YP(NEQ), RWD(LRWD), IWD(LIWD), JROOT(1)
      DIMENSION UREF(NEQ,NOUT), UTRU(NEQ,NOUT), UT(NEQ)
      DIMENSION TOUTS(NOUT)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      COMMON /HTPAR/ D, H, PI
      COMMON /HTCNT/ NRESD, NJACD
      EXTERNAL RESD, JACD, SENDUM, STCDUM, EVTDUM, RESK, JDUMK, PDUMK,
     1         RTDUMK
C
      OK = .TRUE.
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
      D = 0.1D0
      RTOL = 1.0D-8
      ATOL = 1.0D-8
      ERRTOL = 100.0D0*RTOL
      DO 5 I = 1,NOUT
         TOUTS(I) = 0.1D0*DBLE(I)
 5    CONTINUE
C
C     Pattern, JYDOT, and a self-check of the pattern.
      CALL PATTRN(JROW, JCOL, NNZ)
      IF (NNZ .NE. NEJAC) CALL FAILED('PATTERN LENGTH IS NOT NEJAC')
      CALL PATCHK(NEQ, NEJAC, JROW, JCOL)
      NJY = 0
      DO 8 J = 2,M-1
         DO 7 I = 2,M-1
            NJY = NJY + 1
            JYDOT(NJY) = I + (J-1)*M
 7       CONTINUE
 8    CONTINUE
      NJYDOT = NJY
      WRITE(6,90) M, NEQ, NJYDOT, NEJAC, LRW, LIW
 90   FORMAT(' DSL_HEAT2D: M =',I3,' NEQ =',I4,' NJYDOT =',I4,
     1       ' NEJAC =',I5,' LRW =',I6,' LIW =',I5)
C
C     ---------------- REF and TRUTH (DDASKR, banded) ----------------
      DO 30 IRUN = 1,2
         DO 10 I = 1,20
            INFO(I) = 0
 10      CONTINUE
         INFO(6) = 1
         IWD(1) = ML
         IWD(2) = MU
         T = 0.0D0
         CALL INIT(Y, YP)
         IF (IRUN .EQ. 1) THEN
            RT = RTOL
            AT = ATOL
         ELSE
            RT = 1.0D-11
            AT = 1.0D-11
         ENDIF
         DO 20 IOUT = 1,NOUT
            TOUT = TOUTS(IOUT)
            CALL DDASKR(RESK, NEQ, T, Y, YP, TOUT, INFO, RT, AT,
     1           IDID, RWD, LRWD, IWD, LIWD, RPAR, IPAR, JDUMK, PDUMK,
     2           RTDUMK, 0, JROOT)
            IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
               WRITE(6,*) '  DDASKR RUN', IRUN, ' IDID =', IDID
               CALL FAILED('DDASKR REFERENCE RUN FAILED')
               GO TO 900
            ENDIF
            DO 15 K = 1,NEQ
               IF (IRUN .EQ. 1) UREF(K,IOUT) = Y(K)
               IF (IRUN .EQ. 2) UTRU(K,IOUT) = Y(K)
 15         CONTINUE
 20      CONTINUE
         IF (IRUN .EQ. 1) WRITE(6,100) 'REF  ', (IWD(I),I=11,15)
         IF (IRUN .EQ. 2) WRITE(6,100) 'TRUTH', (IWD(I),I=11,15)
 100     FORMAT(1X,A5,' DDASKR      NST =',I6,' NRE =',I7,' NJE =',I5,
     1          ' NETF =',I4,' NCFN =',I4)
 30   CONTINUE
      EREF = 0.0D0
      DO 35 IOUT = 1,NOUT
         EREF = MAX(EREF, DIFMAX(NEQ, UREF(1,IOUT), UTRU(1,IOUT)))
 35   CONTINUE
      WRITE(6,110) EREF
 110  FORMAT(' REF (DDASKR, RTOL = 1D-8) AGAINST TRUTH: MAX DIFF =',
     1       1P,E10.2)
      IF (EREF .GT. ERRTOL) CALL FAILED('DDASKR REFERENCE INACCURATE')
      WRITE(6,120) (TOUTS(I), UTRU(1+M/2+(M/2-1)*M,I), I=1,NOUT,3)
 120  FORMAT(' TRUTH AT THE CENTRE:',4(F5.2,F11.7))
C
C     ---------------- DSL48E runs ----------------
      DO 500 IRUN = 1,4
         JDTYPE = 0
         IF (IRUN .EQ. 2 .OR. IRUN .EQ. 4) JDTYPE = 1
         DO 211 I = 1,20
            INFO(I) = 0
 211     CONTINUE
         IF (IRUN .GE. 3) INFO(3) = 1
         IF (IRUN .EQ. 4) INFO(16) = 1
         DO 215 I = 1,LIW
            IWORK(I) = 0
 215     CONTINUE
         DO 216 I = 1,LRW
            RWORK(I) = 0.0D0
 216     CONTINUE
         NRESD = 0
         NJACD = 0
         NC = 0
         ND = 0
         ISC(1) = 0
         TIME = 0.0D0
         CALL INIT(Z, ZDOT)
C        A fresh TRUTH integrator for the one-step runs.
         IF (INFO(3) .EQ. 1) CALL TRUINI
         ERRD = 0.0D0
         ERRR = 0.0D0
         ERRA = 0.0D0
         NCALL = 0
         NRET = 0
         TPREV = TIME
         DO 400 IOUT = 1,NOUT
            TOUT = TOUTS(IOUT)
C           (A one-step return beyond TOUT without IDID = 3 would
C           leave TOUT behind TIME: skip such output times.)
            IF (TOUT .LE. TIME) GO TO 400
 300        CONTINUE
            CALL DSL48E(RESD, SENDUM, NEQ, TIME, Z, ZDOT, TOUT, INFO,
     1           RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR,
     2           JACD, NEJAC, JROW, JCOL, JYDOT, NJYDOT, JDTYPE, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCDUM, EVTDUM)
            NCALL = NCALL + 1
            IF (NCALL .GT. 20000) THEN
               CALL FAILED('MORE THAN 20000 CALLS')
               GO TO 450
            ENDIF
            IF (IDID .LT. 0) THEN
               WRITE(6,*) '  RUN D', IRUN, ' IDID =', IDID, ' AT T =',
     1                    TIME
               CALL FAILED('DSL48E RETURNED IDID < 0')
               GO TO 450
            ENDIF
            IF (IEVENT .NE. 0) THEN
               CALL FAILED('IEVENT /= 0 WITH NC = 0')
               GO TO 450
            ENDIF
            ERRA = MAX(ERRA, ALGRES(TIME, Z))
            IF (INFO(3) .EQ. 0) THEN
C              Interval mode: IDID = 3 at TOUT.
               IF (IDID .NE. 3 .OR. TIME .NE. TOUT) THEN
                  WRITE(6,*) '  RUN D', IRUN, ' IDID =', IDID,
     1                       ' TIME =', TIME, ' TOUT =', TOUT
                  CALL FAILED('INTERVAL MODE: NOT IDID=3 AT TOUT')
                  GO TO 450
               ENDIF
               ERRR = MAX(ERRR, DIFMAX(NEQ, Z, UREF(1,IOUT)))
               ERRD = MAX(ERRD, DIFMAX(NEQ, Z, UTRU(1,IOUT)))
            ELSE
C              One-step mode: IDID = 1 (a step) or 3 (TIME = TOUT).
               IF (IDID .NE. 1 .AND. IDID .NE. 3) THEN
                  WRITE(6,*) '  RUN D', IRUN, ' IDID =', IDID
                  CALL FAILED('ONE-STEP MODE: IDID NOT 1 OR 3')
                  GO TO 450
               ENDIF
               IF (IDID .EQ. 3 .AND. TIME .NE. TOUT) THEN
                  CALL FAILED('ONE-STEP MODE: IDID=3 BUT TIME /= TOUT')
                  GO TO 450
               ENDIF
               IF (TIME .LE. TPREV .AND. IDID .EQ. 1) THEN
                  CALL FAILED('ONE-STEP MODE: TIME DID NOT ADVANCE')
                  GO TO 450
               ENDIF
               NRET = NRET + 1
               TPREV = TIME
               CALL TRUADV(TIME, UT)
               ERRD = MAX(ERRD, DIFMAX(NEQ, Z, UT))
               IF (TIME .EQ. TOUT)
     1            ERRR = MAX(ERRR, DIFMAX(NEQ, Z, UREF(1,IOUT)))
               IF (TIME .LT. TOUT) GO TO 300
            ENDIF
 400     CONTINUE
 450     CONTINUE
         WRITE(6,200) IRUN, JDTYPE, INFO(3), INFO(16), NCALL, NRET
 200     FORMAT(' DSL48E RUN D',I1,': JDTYPE =',I2,' INFO(3) =',I2,
     1          ' INFO(16) =',I2,' CALLS =',I6,' STEP RETURNS =',I6)
         WRITE(6,210) (IWORK(I),I=11,15), IWORK(19), IWORK(17),
     1        IWORK(18)
 210     FORMAT('   NST =',I6,' NRE =',I7,' NJE =',I5,' NETF =',I4,
     1          ' NCFN =',I4,' NNI =',I6,' LENIW =',I6,' LENRW =',I7)
         WRITE(6,220) ERRD, ERRR, ERRA, NRESD, NJACD
 220     FORMAT('   MAX DIFF TO TRUTH =',1P,E10.2,'  TO REF =',E10.2,
     1          '  ALG. RESIDUAL =',E10.2/'   RES CALLS =',0P,I7,
     2          '  JAC CALLS =',I6)
         IF (ERRD .GT. ERRTOL)
     1      CALL FAILED('DSL48E SOLUTION DIFFERS FROM TRUTH')
         IF (ERRR .GT. ERRTOL)
     1      CALL FAILED('DSL48E SOLUTION DIFFERS FROM DDASKR (REF)')
         IF (ERRA .GT. 1.0D-10)
     1      CALL FAILED('ALGEBRAIC ROWS NOT SATISFIED')
         IF (IWORK(17) .GT. 40+2*NEQ .OR. IWORK(17) .LE. 0)
     1      CALL FAILED('IWORK(17) (LENIW) ABOVE 40+2*NEQ OR UNSET')
         IF (IWORK(18) .GT. 60+10*NEQ+NEJAC .OR. IWORK(18) .LE. 0)
     1      CALL FAILED('IWORK(18) (LENRW) ABOVE 60+10*NEQ+NEJAC')
         IF (IWORK(12) .NE. NRESD)
     1      CALL FAILED('IWORK(12) IS NOT THE NUMBER OF RES CALLS')
         IF (JDTYPE .EQ. 0 .AND. NJACD .NE. 0)
     1      CALL FAILED('JAC CALLED WITH JDTYPE = 0')
         IF (JDTYPE .EQ. 0 .AND. IWORK(12) .GT.
     1       IWORK(19) + 2*IWORK(11) + 20*IWORK(13) + 20)
     2      CALL FAILED('TOO MANY RES CALLS: JACOBIAN NOT COLOURED')
         IF (JDTYPE .EQ. 1 .AND.
     1       (NJACD .NE. IWORK(13) .OR. NJACD .LE. 0))
     2      CALL FAILED('JAC CALLS DIFFER FROM IWORK(13)')
         IF (IWORK(11) .LT. 10 .OR. IWORK(11) .GT. 5000)
     1      CALL FAILED('IMPLAUSIBLE STEP COUNT')
 500  CONTINUE
C
 900  CONTINUE
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_HEAT2D'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_HEAT2D: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
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
      SUBROUTINE PATTRN(JROW, JCOL, NNZ)
C     Coordinate pattern of dF/dZ + CJ*dF/dZDOT, row by row.
      PARAMETER (M=14)
      DIMENSION JROW(*), JCOL(*)
      NNZ = 0
      DO 20 J = 1,M
         DO 10 I = 1,M
            K = I + (J-1)*M
            NNZ = NNZ + 1
            JROW(NNZ) = K
            JCOL(NNZ) = K
            IF (J .EQ. 1 .OR. J .EQ. M) GO TO 10
            IF (I .EQ. 1) THEN
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + 1
            ELSE IF (I .EQ. M) THEN
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K - 1
            ELSE
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K - 1
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + 1
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K - M
               NNZ = NNZ + 1
               JROW(NNZ) = K
               JCOL(NNZ) = K + M
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      SUBROUTINE PATCHK(NEQ, NEJAC, JROW, JCOL)
C     The pattern must be 1-based, in range and free of duplicates.
      DIMENSION JROW(NEJAC), JCOL(NEJAC)
      DO 20 K = 1,NEJAC
         IF (JROW(K) .LT. 1 .OR. JROW(K) .GT. NEQ .OR.
     1       JCOL(K) .LT. 1 .OR. JCOL(K) .GT. NEQ) THEN
            CALL FAILED('OWN PATTERN OUT OF RANGE')
            RETURN
         ENDIF
         DO 10 L = 1,K-1
            IF (JROW(L) .EQ. JROW(K) .AND. JCOL(L) .EQ. JCOL(K)) THEN
               CALL FAILED('OWN PATTERN HAS A DUPLICATE')
               RETURN
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION GB(T)
C     Dirichlet value on the bottom row.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /HTPAR/ D, H, PI
      GB = 0.25D0 + 0.2D0*SIN(2.0D0*PI*T)
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION GBP(T)
C     Its derivative.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /HTPAR/ D, H, PI
      GBP = 0.4D0*PI*COS(2.0D0*PI*T)
      RETURN
      END
C
      SUBROUTINE INIT(U, UP)
C     Consistent initial values at T = 0.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ), DEL(NEQ)
      COMMON /HTPAR/ D, H, PI
      DO 20 J = 1,M
         DO 10 I = 1,M
            X = DBLE(I-1)*H
            Y = DBLE(J-1)*H
            U(I+(J-1)*M) = 0.25D0*(1.0D0-Y)
     1                   + 0.3D0*X*(1.0D0-X)*SIN(PI*Y)
            UP(I+(J-1)*M) = 0.0D0
 10      CONTINUE
 20   CONTINUE
      DO 30 I = 1,M
         U(I) = GB(0.0D0)
         U(I+(M-1)*M) = 0.0D0
 30   CONTINUE
      DO 40 J = 2,M-1
         U(1+(J-1)*M) = U(2+(J-1)*M)
         U(M+(J-1)*M) = U(M-1+(J-1)*M)
 40   CONTINUE
C     U' inside from the ODE: the residual at U' = 0 is -RHS.
      CALL HRES(0.0D0, U, UP, DEL)
      DO 60 J = 2,M-1
         DO 50 I = 2,M-1
            UP(I+(J-1)*M) = -DEL(I+(J-1)*M)
 50      CONTINUE
 60   CONTINUE
      DO 70 I = 1,M
         UP(I) = GBP(0.0D0)
         UP(I+(M-1)*M) = 0.0D0
 70   CONTINUE
      DO 80 J = 2,M-1
         UP(1+(J-1)*M) = UP(2+(J-1)*M)
         UP(M+(J-1)*M) = UP(M-1+(J-1)*M)
 80   CONTINUE
      RETURN
      END
C
      SUBROUTINE HRES(T, U, UP, DEL)
C     The residual, shared by the DSL48E and DDASKR interfaces.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ), DEL(NEQ)
      COMMON /HTPAR/ D, H, PI
      C = D/H**2
      DO 20 J = 1,M
         DO 10 I = 1,M
            K = I + (J-1)*M
            IF (J .EQ. 1) THEN
               DEL(K) = U(K) - GB(T)
            ELSE IF (J .EQ. M) THEN
               DEL(K) = U(K)
            ELSE IF (I .EQ. 1) THEN
               DEL(K) = U(K) - U(K+1)
            ELSE IF (I .EQ. M) THEN
               DEL(K) = U(K) - U(K-1)
            ELSE
               DEL(K) = UP(K) - C*(U(K-1) + U(K+1) + U(K-M) + U(K+M)
     1                  - 4.0D0*U(K)) - U(K)*(1.0D0 - U(K))
            ENDIF
 10      CONTINUE
 20   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION ALGRES(T, U)
C     Largest residual of the homogeneous algebraic rows (top row and
C     zero-flux columns): BDF steps and their interpolation keep
C     homogeneous linear constraints to rounding error.  (The bottom
C     row U = GB(T) is only interpolated at TOUT, within tolerance.)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ), DEL(NEQ)
      DO 10 K = 1,NEQ
         UP(K) = 0.0D0
 10   CONTINUE
      CALL HRES(T, U, UP, DEL)
      ALGRES = 0.0D0
      DO 30 J = 1,M
         DO 20 I = 1,M
            K = I + (J-1)*M
            IF (J .EQ. 1) GO TO 20
            IF (J .EQ. M .OR. I .EQ. 1 .OR. I .EQ. M)
     1         ALGRES = MAX(ALGRES, ABS(DEL(K)))
 20      CONTINUE
 30   CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION DIFMAX(N, A, B)
C     Max-norm of A - B.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION A(N), B(N)
      DIFMAX = 0.0D0
      DO 10 I = 1,N
         DIFMAX = MAX(DIFMAX, ABS(A(I) - B(I)))
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE RESD(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
C     DSL48E residual.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      COMMON /HTCNT/ NRESD, NJACD
      NRESD = NRESD + 1
      CALL HRES(T, Z, ZDOT, DELTA)
      RETURN
      END
C
      SUBROUTINE JACD(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1                RPAR, IPAR)
C     DSL48E Jacobian: PD(K) = dF(JROW(K))/dZ(JCOL(K))
C                            + CJ*dF(JROW(K))/dZDOT(JCOL(K)),
C     computed from the caller's own JROW/JCOL entry by entry.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      COMMON /HTPAR/ D, H, PI
      COMMON /HTCNT/ NRESD, NJACD
      NJACD = NJACD + 1
      C = D/H**2
      DO 10 L = 1,NEJAC
         K = JROW(L)
         KC = JCOL(L)
         I = MOD(K-1, M) + 1
         J = (K-1)/M + 1
         IF (J .EQ. 1 .OR. J .EQ. M) THEN
            PD(L) = 0.0D0
            IF (KC .EQ. K) PD(L) = 1.0D0
         ELSE IF (I .EQ. 1 .OR. I .EQ. M) THEN
            IF (KC .EQ. K) THEN
               PD(L) = 1.0D0
            ELSE
               PD(L) = -1.0D0
            ENDIF
         ELSE
            IF (KC .EQ. K) THEN
               PD(L) = CJ + 4.0D0*C - (1.0D0 - 2.0D0*Z(K))
            ELSE
               PD(L) = -C
            ENDIF
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE RESK(T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
C     DDASKR residual.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      CALL HRES(T, Y, YP, DELTA)
      RETURN
      END
C
      SUBROUTINE TRUINI
C     Start a TRUTH integrator (DDASKR, banded, RTOL = ATOL = 1D-11)
C     whose state lives in COMMON /TRUST/.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M, ML=M, MU=M)
      PARAMETER (MBW=ML+MU+1)
      PARAMETER (LRWD=60+9*NEQ+(2*ML+MU+1)*NEQ
     1                 +2*((NEQ-MOD(NEQ,MBW))/MBW+1))
      PARAMETER (LIWD=40+NEQ)
      COMMON /TRUST/ TT, YT(NEQ), YPT(NEQ), RWT(LRWD), IWT(LIWD),
     1               INFOT(20)
      DO 10 I = 1,20
         INFOT(I) = 0
 10   CONTINUE
      INFOT(6) = 1
      IWT(1) = ML
      IWT(2) = MU
      TT = 0.0D0
      CALL INIT(YT, YPT)
      RETURN
      END
C
      SUBROUTINE TRUADV(TARGET, U)
C     Advance the TRUTH integrator to TARGET (increasing) and copy
C     its solution there to U.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=14, NEQ=M*M, ML=M, MU=M)
      PARAMETER (MBW=ML+MU+1)
      PARAMETER (LRWD=60+9*NEQ+(2*ML+MU+1)*NEQ
     1                 +2*((NEQ-MOD(NEQ,MBW))/MBW+1))
      PARAMETER (LIWD=40+NEQ)
      DIMENSION U(NEQ), RPAR(1), IPAR(1), JROOT(1)
      COMMON /TRUST/ TT, YT(NEQ), YPT(NEQ), RWT(LRWD), IWT(LIWD),
     1               INFOT(20)
      EXTERNAL RESK, JDUMK, PDUMK, RTDUMK
      TOUT = TARGET
      RT = 1.0D-11
      AT = 1.0D-11
      IF (TOUT .NE. TT) THEN
         CALL DDASKR(RESK, NEQ, TT, YT, YPT, TOUT, INFOT, RT, AT,
     1        IDID, RWT, LRWD, IWT, LIWD, RPAR, IPAR, JDUMK, PDUMK,
     2        RTDUMK, 0, JROOT)
         IF (IDID .NE. 3) CALL FAILED('TRUTH INTEGRATOR FAILED')
      ENDIF
      DO 10 I = 1,NEQ
         U(I) = YT(I)
 10   CONTINUE
      RETURN
      END
C
C     Dummy routines: never called.
      SUBROUTINE SENDUM
      WRITE(6,'(A)') 'FAIL DSL_HEAT2D: SENRHS WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE STCDUM(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                  RPAR, IPAR, NDI, IG)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_HEAT2D: STCHANGE CALLED WITH NC = 0'
      STOP 1
      END
C
      SUBROUTINE EVTDUM(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                  Z, ZDOT, RPAR, IPAR, D, ALPHA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_HEAT2D: EVTDERIV CALLED WITH NC = 0'
      STOP 1
      END
C
      SUBROUTINE JDUMK(T, Y, YP, PD, CJ, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_HEAT2D: DDASKR DUMMY JAC WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE PDUMK
      WRITE(6,'(A)') 'FAIL DSL_HEAT2D: DDASKR DUMMY PSOL WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE RTDUMK(NEQ, T, Y, YP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      WRITE(6,'(A)') 'FAIL DSL_HEAT2D: DDASKR DUMMY RT WAS CALLED'
      STOP 1
      END
