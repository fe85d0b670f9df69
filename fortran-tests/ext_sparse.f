C-----------------------------------------------------------------------
C     EXT_SPARSE -- DDASKR with the sparse direct method, INFO(6) = 2
C     (this library's extension, README "Extensions for DDASKR
C     callers"; DASKR itself rejects INFO(6) = 2).
C
C     Problem: the heat equation U_t = U_xx + U_yy on the unit square,
C     method of lines on an M x M grid (M = 21, boundary nodes
C     included, H = 1/(M-1)), node (I,J) is unknown K = (J-1)*M + I:
C        boundary nodes:  G(K) = U(K)                  (algebraic)
C        interior nodes:  G(K) = U(K)' - (U(K-1) + U(K+1) + U(K-M)
C                                + U(K+M) - 4*U(K))/H**2.
C     With U(x,y,0) = SIN(PI*x)*SIN(PI*y) the semi-discrete system has
C     the exact solution U = EXP(-LAMBDA*t)*SIN(PI*x)*SIN(PI*y),
C     LAMBDA = 2*(4/H**2)*SIN(PI*H/2)**2, U' = -LAMBDA*U, so the
C     initial values are consistent and the check does not depend on
C     the spatial discretisation error.
C
C     The 5-point stencil pattern of dG/dU + CJ*dG/dU' (one entry per
C     boundary row, five per interior row, NEJAC = 4*(M-1) +
C     5*(M-2)**2 = 1885 entries) goes into IWORK(1) = NEJAC and
C     JROW(k) = IWORK(LSP+k), JCOL(k) = IWORK(LSP+NEJAC+k).
C
C     Runs, each with RWORK/IWORK of exactly the documented minimum
C     length and guard words behind both arrays:
C       1 (a) sparse, difference quotients (INFO(5) = 0), pattern row
C             by row (LSP = 40);
C       2 (b) sparse, user JAC (INFO(5) = 1), pattern in a scrambled
C             order (columns from last to first, rows of a column
C             from north neighbour to south): JAC sets PD(k) for entry
C             (JROW(k), JCOL(k)) of that order;
C       3 (c) DDASKR's banded solver, difference quotients, ML = MU =
C             M (the reference);
C       4 (d) sparse with INFO(11) = 1 and INFO(16) = 1: the ID array
C             is in IWORK(41..40+NEQ), so LSP = 40 + NEQ; the initial
C             boundary values (0.25) and interior derivatives (0) are
C             wrong and DDASKR's initial-condition calculation must
C             correct them (INFO(14) = 1: returned with IDID = 4 and
C             checked; then INFO(11) = 0 starts the integration, the
C             ID array still there for INFO(16) = 1);
C       5 (e) sparse with two root functions (NRT = 2) on the centre
C             value: R1 = U(centre) - 0.5, R2 = U(centre) - 0.1,
C             roots at LOG(2)/LAMBDA and LOG(10)/LAMBDA;
C       6     as run 4 with the user JAC of run 2 and, in addition,
C             INFO(10) = 3 with the constraint array ICNSTR (U >= 0)
C             in IWORK(41..40+NEQ), the ID array after it, so LSP =
C             40 + 2*NEQ.
C     Outputs at T = 0.01, 0.02, 0.04, ..., 0.32.  Checks: IDID = 3 at
C     each output (5 at the two roots), the error against the exact
C     solution within ERRTOL = 10*(RTOL + ATOL) (the solution is at
C     most 1), every sparse run within AGRTOL = 2*RTOL of the banded
C     run at every output, root times within ERRTOL/|dU/dt| of the
C     exact ones, IWORK(17..18) equal to LIW/LRW, IWORK(4) = 8 (DQ)
C     or 7 (JAC), JAC called exactly IWORK(13) times in runs 2 and 6
C     and never elsewhere, no convergence failure with the exact JAC,
C     residual calls per Jacobian (NRE-NNI)/NJE at most 9 for the
C     sparse DQ runs (the colouring of the 5-point stencil) against
C     ML+MU+1 = 2*M+1 = 43 for the banded one.
C
C     Bad input (section F): each must give IDID = -33, INFO(1) = -1,
C     T unchanged, the guard words intact, and a message with the
C     expected text (messages go to unit 21 with XSETUN(21), read back;
C     between SILENT markers): NEJAC = 0, NEJAC = NEQ**2 + 1, a JROW
C     out of range, a JCOL out of range, a repeated (JROW,JCOL) pair,
C     INFO(6) = 2 with INFO(12) = 1, LIW one short, LRW one short, and
C     a JROW changed between continuation calls (after which the entry
C     is restored, INFO(1) = 1, and the run must continue to the right
C     answer).  One case is repeated between LOUD markers to show the
C     message.
C
C     The last line printed is PASS EXT_SPARSE, or FAIL EXT_SPARSE:
C     reason (and STOP 1).
C-----------------------------------------------------------------------
      PROGRAM EXTSPR
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      PARAMETER (ML=M, MU=M, NRT=2)
C     The documented minimum lengths, run by run.
      PARAMETER (LRWS=60+9*NEQ+NEJAC, LIWS=40+2*NEJAC)
      PARAMETER (LRWD=LRWS+NEQ, LIWD=40+NEQ+2*NEJAC)
      PARAMETER (LRWR=LRWS+3*NRT, LIWC=40+2*NEQ+2*NEJAC)
      PARAMETER (LRWB=60+9*NEQ+(2*ML+MU+1)*NEQ+2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIWB=40+NEQ)
      PARAMETER (NOUT=6, NRUN=6)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK, NFAIL
      COMMON /VERDCW/ WHY
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      COMMON /OUTS/ UOUT(NEQ,NOUT,NRUN), ERRMX(NRUN), NSTAT(10,NRUN)
C
      OK = .TRUE.
      NFAIL = 0
      WHY = ' '
      PI = 4.0D0*ATAN(1.0D0)
      H = 1.0D0/DBLE(M-1)
      C = 1.0D0/H**2
      ALAM = 2.0D0*(4.0D0/H**2)*SIN(PI*H/2.0D0)**2
      RTOL = 1.0D-6
      ATOL = 1.0D-8
      ERRTOL = 10.0D0*(RTOL + ATOL)
      WRITE(6,100) M, M, NEQ, NEJAC, ALAM, 2.0D0*PI**2
 100  FORMAT(' EXT_SPARSE: HEAT EQUATION ON A',I3,' X',I3,' GRID,',
     1       ' NEQ =',I5,' NEJAC =',I6/'   LAMBDA =',F12.7,
     2       '  (CONTINUOUS 2*PI**2 =',F12.7,')')
C
      CALL RUNONE(1, LRWS, LIWS, 0)
      CALL RUNONE(2, LRWS, LIWS, 0)
      CALL RUNONE(3, LRWB, LIWB, 0)
      CALL RUNONE(4, LRWD, LIWD, 0)
      CALL RUNONE(5, LRWR, LIWS, NRT)
      CALL RUNONE(6, LRWD, LIWC, 0)
      CALL COMPAR
      CALL BADIN
C
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS EXT_SPARSE'
      ELSE
         WRITE(6,'(A,I4,A)') ' ', NFAIL, ' CHECK(S) FAILED'
         WRITE(6,'(2A)') 'FAIL EXT_SPARSE: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
C     One integration to T = 0.32 (see the header for IRUN), with the
C     run's exact LRW and LIW; NRTR root functions.
      SUBROUTINE RUNONE(IRUN, LRW, LIW, NRTR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      PARAMETER (ML=M, MU=M, NG=8)
      PARAMETER (LRWMX=60+9*NEQ+(2*ML+MU+1)*NEQ+2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIWMX=40+2*NEQ+2*NEJAC)
      PARAMETER (NOUT=6, NRUN=6)
      CHARACTER*40 TITLE(NRUN)
      LOGICAL BNDRY, GUARDS
      COMMON /WORK/ RW(LRWMX+NG), IW(LIWMX+NG)
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      COMMON /COUNT/ NJAC, NRES
      COMMON /OUTS/ UOUT(NEQ,NOUT,NRUN), ERRMX(NRUN), NSTAT(10,NRUN)
      DIMENSION U(NEQ), UP(NEQ), UEX(NEQ), UPEX(NEQ), INFO(20)
      DIMENSION JROOT(2), RPAR(1), IPAR(1), MTYPE(NRUN), TROOT(2)
      EXTERNAL RES, SPJAC, PDUM, RT
      DATA TITLE / 'SPARSE, DIFFERENCE QUOTIENTS',
     1             'SPARSE, USER JAC, SCRAMBLED PATTERN',
     2             'BANDED (ML = MU = M), DIFF. QUOTIENTS',
     3             'SPARSE, ID ARRAY, INFO(11)=INFO(16)=1',
     4             'SPARSE, DQ, TWO ROOT FUNCTIONS',
     5             'SPARSE, JAC, ICNSTR AND ID ARRAYS' /
      DATA MTYPE / 8, 7, 5, 8, 8, 7 /
C
      KC = (M/2)*M + M/2 + 1
      TROOT(1) = LOG(2.0D0)/ALAM
      TROOT(2) = LOG(10.0D0)/ALAM
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      DO 12 I = 1,LIWMX+NG
         IW(I) = 0
 12   CONTINUE
      LSP = 40
      IF (IRUN .EQ. 3) THEN
         INFO(6) = 1
         IW(1) = ML
         IW(2) = MU
      ELSE
         INFO(6) = 2
         IW(1) = NEJAC
         IF (IRUN .EQ. 4) LSP = 40 + NEQ
         IF (IRUN .EQ. 6) LSP = 40 + 2*NEQ
         IORDER = 1
         IF (IRUN .EQ. 2 .OR. IRUN .EQ. 6) IORDER = 2
         CALL PATTRN(IORDER, IW(LSP+1), IW(LSP+NEJAC+1), NFILL)
         IF (NFILL .NE. NEJAC) CALL FAILED('PATTERN COUNT IS NOT NEJAC')
      ENDIF
      IF (IRUN .EQ. 2 .OR. IRUN .EQ. 6) INFO(5) = 1
      CALL EXACT(0.0D0, U, UP)
      IF (IRUN .EQ. 4 .OR. IRUN .EQ. 6) THEN
         INFO(11) = 1
         INFO(16) = 1
C        Run 6: ICNSTR (U >= 0 everywhere) first, then ID.
         LID = 40
         IF (IRUN .EQ. 6) THEN
            INFO(10) = 3
            LID = 40 + NEQ
            DO 13 K = 1,NEQ
               IW(40+K) = 1
 13         CONTINUE
         ENDIF
         DO 14 K = 1,NEQ
            IF (BNDRY(K)) THEN
               IW(LID+K) = -1
               U(K) = 0.25D0
            ELSE
               IW(LID+K) = 1
               UP(K) = 0.0D0
            ENDIF
 14      CONTINUE
      ENDIF
      CALL SETGRD(LRW, LIW)
      WRITE(6,100) IRUN, TITLE(IRUN), LRW, LIW, LSP
 100  FORMAT(/' RUN',I2,': ',A/'   LRW =',I6,' LIW =',I6,' LSP =',I5/
     1       '      T        U(CENTRE)      EXACT      MAX ERROR')
C
      NJAC = 0
      NRES = 0
      NROOT = 0
      ERRMAX = 0.0D0
      T = 0.0D0
      TOUT = 0.01D0
      IF (IRUN .EQ. 4 .OR. IRUN .EQ. 6) THEN
C        Initial values only (INFO(14) = 1): the boundary values must
C        be zero, the interior derivatives -LAMBDA*U.  Then INFO(11) =
C        0 starts the integration (a first call again, with the ID
C        array still in IWORK for INFO(16) = 1, so LSP = 40 + NEQ).
         INFO(14) = 1
         CALL DDASKR(RES, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW, LRW, IW, LIW, RPAR, IPAR, SPJAC, PDUM, RT, NRTR,
     2        JROOT)
         CALL EXACT(T, UEX, UPEX)
         ERRU = 0.0D0
         ERRUP = 0.0D0
         DO 16 K = 1,NEQ
            ERRU = MAX(ERRU, ABS(U(K) - UEX(K)))
            ERRUP = MAX(ERRUP, ABS(UP(K) - UPEX(K)))
 16      CONTINUE
         WRITE(6,105) IDID, T, ERRU, ERRUP, IW(12), IW(13)
 105     FORMAT('   INITIAL VALUES: IDID =',I3,' T =',F5.2,
     1          ' MAX ERROR U =',D10.3,' UPRIME =',D10.3/
     2          '   (NRE =',I4,' NJE =',I3,')')
         IF (IDID .NE. 4 .OR. T .NE. 0.0D0)
     1      CALL FAILED('RUN 4/6: NO INITIAL VALUES WITH IDID = 4')
C        G = U on the boundary is solved exactly; the derivatives come
C        from a Newton iteration stopped at DASKR's own tolerance.
         IF (ERRU .GT. ATOL .OR. ERRUP .GT. ALAM*ERRTOL)
     1      CALL FAILED('RUN 4/6: WRONG INITIAL VALUES')
         IF (INFO(5) .EQ. 1 .AND. NJAC .NE. IW(13))
     1      CALL FAILED('RUN 6: JAC CALLS DIFFER FROM IWORK(13) (IC)')
         INFO(11) = 0
         INFO(14) = 0
         NJAC = 0
      ENDIF
      DO 50 IOUT = 1,NOUT
 20      CONTINUE
         CALL DDASKR(RES, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW, LRW, IW, LIW, RPAR, IPAR, SPJAC, PDUM, RT, NRTR,
     2        JROOT)
         IF (IDID .EQ. 5 .AND. NRTR .GT. 0) THEN
            NROOT = NROOT + 1
            IF (NROOT .GT. 2) THEN
               CALL FAILED('RUN 5: MORE THAN TWO ROOTS')
               GO TO 60
            ENDIF
            TERR = T - TROOT(NROOT)
            WRITE(6,110) T, JROOT(1), JROOT(2), U(KC), TERR
 110        FORMAT('   ROOT AT T =',F14.10,'  JROOT =',2I3,
     1             '  U(CENTRE) =',F12.8,'  T ERROR =',D10.2)
C           A value error ERRTOL moves the root by ERRTOL/|dU/dt|.
            TTOL = ERRTOL/(ALAM*ABS(U(KC)))
            IF (ABS(TERR) .GT. TTOL)
     1         CALL FAILED('RUN 5: ROOT TIME WRONG')
            J1 = 0
            J2 = 0
            IF (NROOT .EQ. 1) J1 = -1
            IF (NROOT .EQ. 2) J2 = -1
            IF (JROOT(1) .NE. J1 .OR. JROOT(2) .NE. J2)
     1         CALL FAILED('RUN 5: WRONG JROOT')
            GO TO 20
         ENDIF
         IF (IDID .NE. 3 .OR. T .NE. TOUT) THEN
            WRITE(6,*) '  IDID =', IDID, ' T =', T
            CALL FAILED('IDID NOT 3 OR T NOT TOUT AT AN OUTPUT')
            GO TO 60
         ENDIF
         CALL EXACT(T, UEX, UPEX)
         ERR = 0.0D0
         DO 30 K = 1,NEQ
            ERR = MAX(ERR, ABS(U(K) - UEX(K)))
            UOUT(K,IOUT,IRUN) = U(K)
 30      CONTINUE
         ERRMAX = MAX(ERRMAX, ERR)
         WRITE(6,120) T, U(KC), UEX(KC), ERR
 120     FORMAT(1X,F8.4,2F14.10,D12.3)
         TOUT = 2.0D0*TOUT
 50   CONTINUE
 60   CONTINUE
      ERRMX(IRUN) = ERRMAX
      DO 70 I = 1,6
         NSTAT(I,IRUN) = IW(10+I)
 70   CONTINUE
      NSTAT(6,IRUN) = IW(19)
      NSTAT(7,IRUN) = IW(17)
      NSTAT(8,IRUN) = IW(18)
      NSTAT(9,IRUN) = IW(4)
      NSTAT(10,IRUN) = NJAC
      RPJ = 0.0D0
      IF (IW(13) .GT. 0) RPJ = DBLE(IW(12) - IW(19))/DBLE(IW(13))
      WRITE(6,130) (IW(I),I=11,15), IW(19), IW(17), IW(18), IW(4),
     1     NJAC, RPJ, ERRMAX
 130  FORMAT('   NST =',I5,' NRE =',I6,' NJE =',I4,' NETF =',I3,
     1       ' NCFN =',I3,' NNI =',I5/'   LENIW =',I6,' LENRW =',I6,
     2       ' IWORK(4) =',I2,' JAC CALLS =',I4/
     3       '   (NRE-NNI)/NJE =',F7.2,'  MAX ERROR =',D10.3)
C
      IF (IW(17) .NE. LIW) CALL FAILED('IWORK(17) IS NOT THE LIW GIVEN')
      IF (IW(18) .NE. LRW) CALL FAILED('IWORK(18) IS NOT THE LRW GIVEN')
      IF (IW(4) .NE. MTYPE(IRUN)) CALL FAILED('WRONG IWORK(4)')
      IF (IRUN .EQ. 2 .OR. IRUN .EQ. 6) THEN
         IF (NJAC .NE. IW(13))
     1      CALL FAILED('JAC CALLS DIFFER FROM IWORK(13)')
         IF (NJAC .LT. 1) CALL FAILED('JAC NEVER CALLED')
      ELSE
         IF (NJAC .NE. 0) CALL FAILED('JAC CALLED WITH INFO(5) = 0')
      ENDIF
      IF ((IRUN .EQ. 1 .OR. IRUN .EQ. 4 .OR. IRUN .EQ. 5) .AND.
     1    RPJ .GT. 9.0D0)
     1   CALL FAILED('TOO MANY RES CALLS PER SPARSE DQ JACOBIAN')
      IF (IRUN .EQ. 3 .AND. RPJ .LT. DBLE(ML+MU+1))
     1   CALL FAILED('BANDED DQ USED FEWER THAN ML+MU+1 RES CALLS')
      IF (IW(13) .LT. 1 .OR. IW(13) .GT. 50)
     1   CALL FAILED('IMPLAUSIBLE NUMBER OF JACOBIANS')
      IF (IW(11) .LT. 20 .OR. IW(11) .GT. 500)
     1   CALL FAILED('IMPLAUSIBLE NUMBER OF STEPS')
C     The problem is linear and JAC exact: a PD(k) stored for another
C     entry than (JROW(k), JCOL(k)) would show as convergence failures.
      IF ((IRUN .EQ. 2 .OR. IRUN .EQ. 6) .AND. IW(15) .NE. 0)
     1   CALL FAILED('CONVERGENCE FAILURES WITH AN EXACT JAC')
      IF (ERRMAX .GT. ERRTOL)
     1   CALL FAILED('ERROR AGAINST THE EXACT SOLUTION TOO LARGE')
      IF (NRTR .GT. 0 .AND. NROOT .NE. 2)
     1   CALL FAILED('RUN 5: NOT EXACTLY TWO ROOTS')
      IF (NRTR .GT. 0 .AND. IW(36) .LE. 0)
     1   CALL FAILED('RUN 5: IWORK(36) (RT CALLS) NOT POSITIVE')
      IF (.NOT. GUARDS(LRW, LIW))
     1   CALL FAILED('A GUARD WORD BEHIND RWORK OR IWORK WAS WRITTEN')
      RETURN
      END
C
C-----------------------------------------------------------------------
C     The sparse runs against the banded one, output by output.
      SUBROUTINE COMPAR
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NOUT=6, NRUN=6)
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      COMMON /OUTS/ UOUT(NEQ,NOUT,NRUN), ERRMX(NRUN), NSTAT(10,NRUN)
      DIMENSION DIFF(NRUN)
      AGRTOL = 2.0D0*RTOL
      DO 20 IRUN = 1,NRUN
         DIFF(IRUN) = 0.0D0
         DO 15 IOUT = 1,NOUT
            DO 10 K = 1,NEQ
               DIFF(IRUN) = MAX(DIFF(IRUN),
     1              ABS(UOUT(K,IOUT,IRUN) - UOUT(K,IOUT,3)))
 10         CONTINUE
 15      CONTINUE
 20   CONTINUE
      WRITE(6,100)
 100  FORMAT(/' SUMMARY   RUN  NST    NRE  NJE  NNI  (NRE-NNI)/NJE',
     1       '  MAX ERROR  MAX |U - U(BANDED)|')
      DO 30 IRUN = 1,NRUN
         RPJ = DBLE(NSTAT(2,IRUN) - NSTAT(6,IRUN))/
     1         DBLE(MAX(1,NSTAT(3,IRUN)))
         WRITE(6,110) IRUN, NSTAT(1,IRUN), NSTAT(2,IRUN),
     1        NSTAT(3,IRUN), NSTAT(6,IRUN), RPJ, ERRMX(IRUN), DIFF(IRUN)
 110     FORMAT(10X,I3,I5,I7,I5,I5,F12.2,D14.3,D16.3)
         IF (DIFF(IRUN) .GT. AGRTOL)
     1      CALL FAILED('A SPARSE RUN DISAGREES WITH THE BANDED RUN')
 30   CONTINUE
      WRITE(6,120) ERRTOL, AGRTOL
 120  FORMAT('   TOLERANCES: ERROR',D10.2,'  AGREEMENT',D10.2)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Section F: bad input.
      SUBROUTINE BADIN
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      PARAMETER (ML=M, MU=M, NG=8, NCASE=9)
      PARAMETER (LRWMX=60+9*NEQ+(2*ML+MU+1)*NEQ+2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIWMX=40+2*NEQ+2*NEJAC)
      PARAMETER (LRWS=60+9*NEQ+NEJAC, LIWS=40+2*NEJAC)
      CHARACTER*32 CNAME(NCASE), CPAT(NCASE)
      LOGICAL FOUND(NCASE), GOK(NCASE), GUARDS
      COMMON /WORK/ RW(LRWMX+NG), IW(LIWMX+NG)
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      DIMENSION U(NEQ), UP(NEQ), UEX(NEQ), UPEX(NEQ), INFO(20)
      DIMENSION JROOT(1), RPAR(1), IPAR(1)
      DIMENSION IDIDC(NCASE), NLC(NCASE), INF1(NCASE), TC(NCASE)
      EXTERNAL RES, SPJAC, PDUM, RT
      DATA CNAME / 'NEJAC = 0', 'NEJAC = NEQ**2 + 1',
     1   'JROW(5) = NEQ + 1', 'JCOL(7) = 0',
     2   'PAIR NEJAC REPEATS PAIR 1', 'INFO(6) = 2 WITH INFO(12) = 1',
     3   'LIW ONE SHORT', 'LRW ONE SHORT',
     4   'JROW(1) CHANGED, CONTINUATION' /
      DATA CPAT / 'NEJAC, IWORK(1)', 'NEJAC, IWORK(1)',
     1   'row index JROW', 'column index JCOL',
     2   'repeats an earlier one', 'needs the direct method',
     3   'IWORK needs LENIW', 'RWORK needs LENRW',
     4   'pattern in IWORK differs' /
C
      WRITE(6,'(/A)') ' F. BAD INPUT (MESSAGES TO UNIT 21, READ BACK)'
      WRITE(6,'(A)') 'SILENT-BEGIN'
      DO 50 ICASE = 1,NCASE
         CALL STDSET(INFO, U, UP)
         LRW = LRWS
         LIW = LIWS
         T = 0.0D0
         TOUT = 0.01D0
         IF (ICASE .EQ. 1) IW(1) = 0
         IF (ICASE .EQ. 2) IW(1) = NEQ**2 + 1
         IF (ICASE .EQ. 3) IW(40+5) = NEQ + 1
         IF (ICASE .EQ. 4) IW(40+NEJAC+7) = 0
         IF (ICASE .EQ. 5) THEN
            IW(40+NEJAC) = IW(40+1)
            IW(40+2*NEJAC) = IW(40+NEJAC+1)
         ENDIF
         IF (ICASE .EQ. 6) INFO(12) = 1
         IF (ICASE .EQ. 7) LIW = LIWS - 1
         IF (ICASE .EQ. 8) LRW = LRWS - 1
         CALL SETGRD(LRW, LIW)
         IF (ICASE .EQ. 9) THEN
C           A good first call, then JROW(1) changed from 1 to 2 (the
C           pattern stays legal, but it is not the run's).
            CALL DDASKR(RES, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL,
     1           IDID, RW, LRW, IW, LIW, RPAR, IPAR, SPJAC, PDUM, RT,
     2           0, JROOT)
            IF (IDID .NE. 3) CALL FAILED('F: FIRST CALL OF CASE 9')
            IW(40+1) = 2
            TOUT = 0.02D0
         ENDIF
         T0 = T
         CALL CAPON
         CALL DDASKR(RES, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL, IDID,
     1        RW, LRW, IW, LIW, RPAR, IPAR, SPJAC, PDUM, RT, 0, JROOT)
         CALL CAPOFF(CPAT(ICASE), NLC(ICASE), FOUND(ICASE))
         IDIDC(ICASE) = IDID
         INF1(ICASE) = INFO(1)
         TC(ICASE) = T - T0
         GOK(ICASE) = GUARDS(LRW, LIW)
         IF (ICASE .EQ. 9) THEN
C           Restore the pattern and continue.
            IW(40+1) = 1
            INFO(1) = 1
            CALL DDASKR(RES, NEQ, T, U, UP, TOUT, INFO, RTOL, ATOL,
     1           IDID, RW, LRW, IW, LIW, RPAR, IPAR, SPJAC, PDUM, RT,
     2           0, JROOT)
            IDID9 = IDID
            T9 = T
            CALL EXACT(T, UEX, UPEX)
            ERR9 = 0.0D0
            DO 40 K = 1,NEQ
               ERR9 = MAX(ERR9, ABS(U(K) - UEX(K)))
 40         CONTINUE
         ENDIF
 50   CONTINUE
      WRITE(6,'(A)') 'SILENT-END'
C
      WRITE(6,100)
 100  FORMAT('   CASE                           IDID INFO(1) LINES',
     1       ' TEXT  GUARDS')
      DO 60 ICASE = 1,NCASE
         WRITE(6,110) CNAME(ICASE), IDIDC(ICASE), INF1(ICASE),
     1        NLC(ICASE), FOUND(ICASE), GOK(ICASE)
 110     FORMAT(3X,A30,I5,I8,I6,L5,L8)
         IF (IDIDC(ICASE) .NE. -33) CALL FAILED('F: IDID IS NOT -33')
         IF (INF1(ICASE) .NE. -1) CALL FAILED('F: INFO(1) IS NOT -1')
         IF (NLC(ICASE) .LT. 1) CALL FAILED('F: NO MESSAGE PRINTED')
         IF (.NOT. FOUND(ICASE))
     1      CALL FAILED('F: THE MESSAGE LACKS THE EXPECTED TEXT')
         IF (TC(ICASE) .NE. 0.0D0) CALL FAILED('F: T WAS CHANGED')
         IF (.NOT. GOK(ICASE))
     1      CALL FAILED('F: A GUARD WORD WAS WRITTEN')
 60   CONTINUE
      WRITE(6,120) IDID9, T9, ERR9
 120  FORMAT('   PATTERN RESTORED, INFO(1) = 1: IDID =',I3,' T =',F6.3,
     1       ' MAX ERROR =',D10.3)
      IF (IDID9 .NE. 3 .OR. T9 .NE. 0.02D0)
     1   CALL FAILED('F: NO CONTINUATION AFTER RESTORING THE PATTERN')
      IF (ERR9 .GT. ERRTOL)
     1   CALL FAILED('F: WRONG ANSWER AFTER RESTORING THE PATTERN')
C
C     One case again, the message on standard output.
      CALL STDSET(INFO, U, UP)
      IW(40+NEJAC) = IW(40+1)
      IW(40+2*NEJAC) = IW(40+NEJAC+1)
      T = 0.0D0
      WRITE(6,'(A)') 'LOUD-BEGIN'
      CALL DDASKR(RES, NEQ, T, U, UP, 0.01D0, INFO, RTOL, ATOL, IDID,
     1     RW, LRWS, IW, LIWS, RPAR, IPAR, SPJAC, PDUM, RT, 0, JROOT)
      WRITE(6,'(A)') 'LOUD-END'
      IF (IDID .NE. -33) CALL FAILED('F: REPEATED PAIR, LOUD: NOT -33')
      RETURN
      END
C
C-----------------------------------------------------------------------
C     The standard sparse DQ set-up of section F: INFO, NEJAC, the
C     pattern row by row at LSP = 40, consistent initial values.
      SUBROUTINE STDSET(INFO, U, UP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      PARAMETER (ML=M, MU=M, NG=8)
      PARAMETER (LRWMX=60+9*NEQ+(2*ML+MU+1)*NEQ+2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIWMX=40+2*NEQ+2*NEJAC)
      COMMON /WORK/ RW(LRWMX+NG), IW(LIWMX+NG)
      DIMENSION INFO(20), U(NEQ), UP(NEQ)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(6) = 2
      DO 20 I = 1,40
         IW(I) = 0
 20   CONTINUE
      IW(1) = NEJAC
      CALL PATTRN(1, IW(41), IW(41+NEJAC), NFILL)
      CALL EXACT(0.0D0, U, UP)
      RETURN
      END
C
C-----------------------------------------------------------------------
C     The 5-point pattern.  IORDER = 1: row by row, each row as
C     (diagonal, south, west, east, north).  IORDER = 2: column by
C     column from column NEQ down to 1, each column's rows from north
C     to south.  A copy goes into /PATT/ for JAC.
      SUBROUTINE PATTRN(IORDER, JROW, JCOL, NFILL)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), NB(5)
      LOGICAL BNDRY
      COMMON /PATT/ JR(NEJAC), JC(NEJAC)
      NFILL = 0
      IF (IORDER .EQ. 1) THEN
         DO 20 K = 1,NEQ
            NB(1) = K
            NB(2) = K - M
            NB(3) = K - 1
            NB(4) = K + 1
            NB(5) = K + M
            NN = 5
            IF (BNDRY(K)) NN = 1
            DO 10 L = 1,NN
               NFILL = NFILL + 1
               IF (NFILL .GT. NEJAC) RETURN
               JROW(NFILL) = K
               JCOL(NFILL) = NB(L)
 10         CONTINUE
 20      CONTINUE
      ELSE
C        Column K appears in its own row and in the rows of its
C        interior neighbours.
         DO 40 K = NEQ,1,-1
            I = MOD(K-1,M) + 1
            J = (K-1)/M + 1
            NN = 0
            IF (J .LT. M) THEN
               IF (.NOT. BNDRY(K+M)) THEN
                  NN = NN + 1
                  NB(NN) = K + M
               ENDIF
            ENDIF
            IF (I .LT. M) THEN
               IF (.NOT. BNDRY(K+1)) THEN
                  NN = NN + 1
                  NB(NN) = K + 1
               ENDIF
            ENDIF
            NN = NN + 1
            NB(NN) = K
            IF (I .GT. 1) THEN
               IF (.NOT. BNDRY(K-1)) THEN
                  NN = NN + 1
                  NB(NN) = K - 1
               ENDIF
            ENDIF
            IF (J .GT. 1) THEN
               IF (.NOT. BNDRY(K-M)) THEN
                  NN = NN + 1
                  NB(NN) = K - M
               ENDIF
            ENDIF
            DO 30 L = 1,NN
               NFILL = NFILL + 1
               IF (NFILL .GT. NEJAC) RETURN
               JROW(NFILL) = NB(L)
               JCOL(NFILL) = K
 30         CONTINUE
 40      CONTINUE
      ENDIF
      DO 50 L = 1,NFILL
         JR(L) = JROW(L)
         JC(L) = JCOL(L)
 50   CONTINUE
      RETURN
      END
C
      LOGICAL FUNCTION BNDRY(K)
C     Whether unknown K is a boundary node.
      PARAMETER (M=21)
      I = MOD(K-1,M) + 1
      J = (K-1)/M + 1
      BNDRY = I .EQ. 1 .OR. I .EQ. M .OR. J .EQ. 1 .OR. J .EQ. M
      RETURN
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE EXACT(T, U, UP)
C     The exact semi-discrete solution and its derivative.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ)
      LOGICAL BNDRY
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      E = EXP(-ALAM*T)
      DO 10 K = 1,NEQ
         I = MOD(K-1,M) + 1
         J = (K-1)/M + 1
         IF (BNDRY(K)) THEN
            U(K) = 0.0D0
            UP(K) = 0.0D0
         ELSE
            S = SIN(PI*DBLE(I-1)*H)*SIN(PI*DBLE(J-1)*H)
            U(K) = E*S
            UP(K) = -ALAM*E*S
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE RES(T, U, UP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M)
      DIMENSION U(NEQ), UP(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      LOGICAL BNDRY
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      COMMON /COUNT/ NJAC, NRES
      NRES = NRES + 1
      DO 10 K = 1,NEQ
         IF (BNDRY(K)) THEN
            DELTA(K) = U(K)
         ELSE
            DELTA(K) = UP(K) - C*(U(K-1) + U(K+1) + U(K-M) + U(K+M)
     1                 - 4.0D0*U(K))
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE SPJAC(T, U, UP, PD, CJ, RPAR, IPAR)
C     Sparse iteration matrix: PD(k) is dG/dU + CJ*dG/dU' at
C     (JROW(k), JCOL(k)), in the order the pattern was given.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      DIMENSION U(NEQ), UP(NEQ), PD(NEJAC), RPAR(*), IPAR(*)
      LOGICAL BNDRY
      COMMON /GRID/ H, PI, C, ALAM, RTOL, ATOL, ERRTOL
      COMMON /COUNT/ NJAC, NRES
      COMMON /PATT/ JR(NEJAC), JC(NEJAC)
      NJAC = NJAC + 1
      DO 10 L = 1,NEJAC
         IF (BNDRY(JR(L))) THEN
            PD(L) = 1.0D0
         ELSE IF (JR(L) .EQ. JC(L)) THEN
            PD(L) = 4.0D0*C + CJ
         ELSE
            PD(L) = -C
         ENDIF
 10   CONTINUE
      RETURN
      END
C
      SUBROUTINE RT(NEQ, T, U, UP, NRT, RVAL, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21)
      DIMENSION U(NEQ), UP(NEQ), RVAL(NRT), RPAR(*), IPAR(*)
      KC = (M/2)*M + M/2 + 1
      RVAL(1) = U(KC) - 0.5D0
      RVAL(2) = U(KC) - 0.1D0
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Guard words behind RWORK(1..LRW) and IWORK(1..LIW).
      SUBROUTINE SETGRD(LRW, LIW)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      PARAMETER (ML=M, MU=M, NG=8)
      PARAMETER (LRWMX=60+9*NEQ+(2*ML+MU+1)*NEQ+2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIWMX=40+2*NEQ+2*NEJAC)
      COMMON /WORK/ RW(LRWMX+NG), IW(LIWMX+NG)
      DO 10 I = 1,NG
         RW(LRW+I) = -7.25D77
         IW(LIW+I) = -987654321
 10   CONTINUE
      RETURN
      END
C
      LOGICAL FUNCTION GUARDS(LRW, LIW)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (M=21, NEQ=M*M, NEJAC=4*(M-1)+5*(M-2)**2)
      PARAMETER (ML=M, MU=M, NG=8)
      PARAMETER (LRWMX=60+9*NEQ+(2*ML+MU+1)*NEQ+2*(NEQ/(ML+MU+1)+1))
      PARAMETER (LIWMX=40+2*NEQ+2*NEJAC)
      COMMON /WORK/ RW(LRWMX+NG), IW(LIWMX+NG)
      GUARDS = .TRUE.
      DO 10 I = 1,NG
         IF (RW(LRW+I) .NE. -7.25D77) GUARDS = .FALSE.
         IF (IW(LIW+I) .NE. -987654321) GUARDS = .FALSE.
 10   CONTINUE
      RETURN
      END
C
C-----------------------------------------------------------------------
C     Messages to unit 21 and back: NLINES lines were written, FOUND
C     if one of them holds PAT.
      SUBROUTINE CAPON
      OPEN(UNIT=21, FILE='ext_sparse_unit21.txt', STATUS='UNKNOWN')
      CALL XSETUN(21)
      RETURN
      END
C
      SUBROUTINE CAPOFF(PAT, NLINES, FOUND)
      CHARACTER*(*) PAT
      CHARACTER*200 LINE
      LOGICAL FOUND
      CALL XSETUN(6)
      CLOSE(21)
      OPEN(UNIT=21, FILE='ext_sparse_unit21.txt', STATUS='OLD')
      NLINES = 0
      FOUND = .FALSE.
      LP = LEN(PAT)
 5    IF (LP .GT. 1 .AND. PAT(LP:LP) .EQ. ' ') THEN
         LP = LP - 1
         GO TO 5
      ENDIF
 10   CONTINUE
      READ(21, '(A)', END=20) LINE
      NLINES = NLINES + 1
      IF (INDEX(LINE, PAT(1:LP)) .GT. 0) FOUND = .TRUE.
      GO TO 10
 20   CONTINUE
      CLOSE(21, STATUS='DELETE')
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
      SUBROUTINE PDUM
      WRITE(6,'(A)') 'FAIL EXT_SPARSE: DUMMY PSOL WAS CALLED'
      STOP 1
      END
