C-----------------------------------------------------------------------
C     DSL_SENS_ROBERTSON -- DSL48E sensitivities of Robertson's stiff
C     chemical kinetics (as a DAE) to its three rate constants, against
C     central differences of tightly solved runs.
C
C        Y1' = -K1*Y1 + K3*Y2*Y3
C        Y2' =  K1*Y1 - K2*Y2**2 - K3*Y2*Y3
C         0  =  Y1 + Y2 + Y3 - 1
C
C     K1 = 0.04, K2 = 3D7, K3 = 1D4 (RPAR(1..3)), Y(0) = (1, 0, 0);
C     JYDOT = (1, 2), NC = 0, NP = 3 (P = K1, K2, K3), PBAR by default
C     |RPAR(IWORK(40+I))| = K_I (so the sensitivity tolerances scale
C     with 1/K_I).  References: for each K_I, two runs without
C     sensitivities at K_I*(1 +- 1D-4), RTOL = 1D-11, ATOL = 1D-14
C     (1D-19 for Y2), and
C     the central difference (Y(K+DK) - Y(K-DK))/(2*DK).
C     Sensitivity runs: SENRHS, JDTYPE = 1, INFO(11) = 1 (S' and the
C     algebraic sensitivities at T = 0 computed), RTOL = 1D-6 and
C     1D-8, ATOL = 1D-6*RTOL (vector tolerances: 1D-14*RTOL for Y2).
C     At T = 0.4, 4, 40, 400, 4000, 40000 the scaled sensitivities
C     K_I*dY_J/dK_I are compared with the references; the error of each
C     is measured against the largest of that sensitivity over the output
C     times (the relative error of the sensitivity's scale).  Checks:
C     below 1000*RTOL for RTOL = 1D-6, below 1D-4 for RTOL = 1D-8 (the
C     references' own error is about 1D-7 there); RPAR unchanged.  The
C     counters of a run without sensitivities at the same tolerances
C     are printed for comparison.
C     The last line printed is PASS DSL_SENS_ROBERTSON or FAIL ...
C-----------------------------------------------------------------------
      PROGRAM DSLSRB
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NEQ=3, NP=3, NEJAC=9, MAXO=5, NOUT=6)
      PARAMETER (NZ=NEQ*(NP+1))
      PARAMETER (LRW=60+(MAXO+4)*NEQ+NEJAC+NP*(NEQ*(MAXO+4)+2)+NEQ)
      PARAMETER (LIW=40+NP+5+NEQ)
      PARAMETER (LIEVWK=NEQ, LREVWK=MAXO+5*NEQ+40)
      DIMENSION Z(NZ), ZDOT(NZ), INFO(20), RWORK(LRW), IWORK(LIW)
      DIMENSION JROW(NEJAC), JCOL(NEJAC), JYDOT(2), ISC(1)
      DIMENSION IEVWK(LIEVWK), REVWK(LREVWK), BDUM(2)
      DIMENSION RPAR(3), RSAVE(3), IPAR(1), TOUTS(NOUT)
      DIMENSION RTOL(NEQ), ATOL(NEQ), YP(NEQ,NOUT), YM(NEQ,NOUT)
      DIMENSION CD(NEQ,NP,NOUT), SC(NEQ,NP), S(NEQ,NP,NOUT), ERR(NP)
      CHARACTER*60 WHY
      LOGICAL OK
      COMMON /VERDCT/ OK
      COMMON /VERDCW/ WHY
      EXTERNAL RES, JAC, SENRHS, STCH, EVTD
      DATA JROW / 1, 1, 1, 2, 2, 2, 3, 3, 3 /
      DATA JCOL / 1, 2, 3, 1, 2, 3, 1, 2, 3 /
      DATA JYDOT / 1, 2 /
      DATA TOUTS / 0.4D0, 4.0D0, 40.0D0, 400.0D0, 4.0D3, 4.0D4 /
C
      OK = .TRUE.
      WHY = ' '
      RPAR(1) = 0.04D0
      RPAR(2) = 3.0D7
      RPAR(3) = 1.0D4
      DO 5 I = 1,3
         RSAVE(I) = RPAR(I)
 5    CONTINUE
      NJYDOT = 2
      NC = 0
      ND = 0
      ISC(1) = 0
      WRITE(6,'(A)') ' DSL48E SENSITIVITIES OF ROBERTSON''S KINETICS'
      WRITE(6,'(A)') ' TO K1, K2, K3 AGAINST CENTRAL DIFFERENCES'
C
C     The references: central differences of tight runs.
      DO 40 IP = 1,NP
         DK = 1.0D-4*RSAVE(IP)
         DO 30 ISIDE = 1,2
            RPAR(IP) = RSAVE(IP) + DBLE(3 - 2*ISIDE)*DK
            CALL START(TIME, Z, ZDOT, INFO, RPAR, 0)
            DO 10 J = 1,NEQ
               RTOL(J) = 1.0D-11
               ATOL(J) = 1.0D-14
 10         CONTINUE
            ATOL(2) = 1.0D-19
            INFO(2) = 1
            DO 20 IOUT = 1,NOUT
 15            CONTINUE
               CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT,
     1              TOUTS(IOUT), INFO, RTOL, ATOL, IDID, RWORK, LRW,
     2              IWORK, LIW, RPAR, IPAR, JAC, NEJAC, JROW, JCOL,
     3              JYDOT, NJYDOT, 1, BDUM, IEVENT, IDISCON, NC, ND,
     4              ISC, TEVT, LIEVWK, IEVWK, LREVWK, REVWK, STCH, EVTD)
C              500 steps in one call (IDID = -1): go on.
               IF (IDID .EQ. -1) THEN
                  INFO(1) = 1
                  GO TO 15
               ENDIF
               IF (IDID .NE. 3) CALL FAILED('A REFERENCE RUN FAILED')
               DO 12 J = 1,NEQ
                  IF (ISIDE .EQ. 1) YP(J,IOUT) = Z(J)
                  IF (ISIDE .EQ. 2) YM(J,IOUT) = Z(J)
 12            CONTINUE
 20         CONTINUE
 30      CONTINUE
         RPAR(IP) = RSAVE(IP)
C        Scaled: K*dY/dK.
         DO 35 IOUT = 1,NOUT
            DO 34 J = 1,NEQ
               CD(J,IP,IOUT) = RSAVE(IP)*(YP(J,IOUT) - YM(J,IOUT))
     1                         /(2.0D0*DK)
 34         CONTINUE
 35      CONTINUE
 40   CONTINUE
      DO 46 IP = 1,NP
         DO 45 J = 1,NEQ
            SC(J,IP) = 1.0D-300
            DO 44 IOUT = 1,NOUT
               SC(J,IP) = MAX(SC(J,IP), ABS(CD(J,IP,IOUT)))
 44         CONTINUE
 45      CONTINUE
 46   CONTINUE
C
      DO 500 IRUN = 1,2
         TOL = 1.0D-6
         IF (IRUN .EQ. 2) TOL = 1.0D-8
         DO 50 J = 1,NEQ
            RTOL(J) = TOL
            ATOL(J) = 1.0D-6*TOL
 50      CONTINUE
         ATOL(2) = 1.0D-14*TOL
C        The same tolerances without sensitivities, for the counts.
         CALL START(TIME, Z, ZDOT, INFO, RPAR, 0)
         INFO(2) = 1
 60      CONTINUE
         CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUTS(NOUT),
     1        INFO, RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR,
     2        IPAR, JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, 1, BDUM,
     3        IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4        LREVWK, REVWK, STCH, EVTD)
         IF (IDID .EQ. -1) THEN
            INFO(1) = 1
            GO TO 60
         ENDIF
         NSTPL = IWORK(11)
         NREPL = IWORK(12)
         NJEPL = IWORK(13)
         CALL START(TIME, Z, ZDOT, INFO, RPAR, NP)
         INFO(2) = 1
         DO 55 I = 1,NP
            IWORK(40+I) = I
            RWORK(60+I) = 0.0D0
 55      CONTINUE
         WRITE(6,100) TOL
 100     FORMAT(/' SENSITIVITIES: RTOL =',1P,E8.1,', ATOL = 1D-6*RTOL',
     1          ' (1D-14*RTOL FOR Y2)'/'        T   K1*DY1/DK1',
     2          '  (REFERENCE)     K2*DY2/DK2  (REFERENCE)     ',
     3          'K3*DY3/DK3  (REFERENCE)')
         DO 200 IOUT = 1,NOUT
 150        CONTINUE
            CALL DSL48E(RES, SENRHS, NEQ, TIME, Z, ZDOT, TOUTS(IOUT),
     1           INFO, RTOL, ATOL, IDID, RWORK, LRW, IWORK, LIW, RPAR,
     2           IPAR, JAC, NEJAC, JROW, JCOL, JYDOT, NJYDOT, 1, BDUM,
     3           IEVENT, IDISCON, NC, ND, ISC, TEVT, LIEVWK, IEVWK,
     4           LREVWK, REVWK, STCH, EVTD)
            IF (IDID .EQ. -1) THEN
               INFO(1) = 1
               GO TO 150
            ENDIF
            IF (IDID .NE. 3) THEN
               WRITE(6,*) '  IDID =', IDID, ' AT T =', TIME
               CALL FAILED('SENSITIVITY RUN FAILED')
               GO TO 500
            ENDIF
            DO 170 I = 1,3
               IF (RPAR(I) .NE. RSAVE(I)) CALL FAILED('RPAR CHANGED')
 170        CONTINUE
            DO 180 IP = 1,NP
               DO 175 J = 1,NEQ
                  S(J,IP,IOUT) = RSAVE(IP)*Z(IP*NEQ+J)
 175           CONTINUE
 180        CONTINUE
            WRITE(6,190) TOUTS(IOUT), S(1,1,IOUT), CD(1,1,IOUT),
     1           S(2,2,IOUT), CD(2,2,IOUT), S(3,3,IOUT), CD(3,3,IOUT)
 190        FORMAT(1P,E9.1,3(E12.4,' (',E11.4,')'))
 200     CONTINUE
         DO 220 IP = 1,NP
            ERR(IP) = 0.0D0
            DO 215 IOUT = 1,NOUT
               DO 210 J = 1,NEQ
                  E = ABS(S(J,IP,IOUT) - CD(J,IP,IOUT))/SC(J,IP)
                  ERR(IP) = MAX(ERR(IP), E)
 210           CONTINUE
 215        CONTINUE
 220     CONTINUE
         WRITE(6,230) (ERR(IP), IP = 1,NP)
 230     FORMAT('   MAX ERROR / SCALE OF EACH SENSITIVITY: K1',1P,E9.2,
     1          ' K2',E9.2,' K3',E9.2)
         WRITE(6,240) IWORK(11), IWORK(12), IWORK(13), IWORK(14),
     1        IWORK(15), (IWORK(40+NP+K), K = 1,5), NSTPL, NREPL, NJEPL
 240     FORMAT('   NST =',I5,' NRE =',I6,' NJE =',I5,' NETF =',I4,
     1          ' NCFN =',I4/'   SENRHS =',I6,' SENS RES =',I5,
     2          ' SENS ETF =',I4,' SENS CFN =',I4,' SENS ITER =',I6/
     3          '   WITHOUT SENSITIVITIES: NST =',I5,' NRE =',I6,
     4          ' NJE =',I5)
         ALLOW = 1000.0D0*TOL
         IF (IRUN .EQ. 2) ALLOW = 1.0D-4
         DO 250 IP = 1,NP
            IF (ERR(IP) .GT. ALLOW) CALL FAILED('SENSITIVITY ERROR')
 250     CONTINUE
 500  CONTINUE
      IF (OK) THEN
         WRITE(6,'(A)') 'PASS DSL_SENS_ROBERTSON'
      ELSE
         WRITE(6,'(2A)') 'FAIL DSL_SENS_ROBERTSON: ', WHY
         STOP 1
      ENDIF
      END
C
C-----------------------------------------------------------------------
      SUBROUTINE START(TIME, Z, ZDOT, INFO, RPAR, NP)
C     Y(0) = (1, 0, 0); INFO(11) = 1 computes Y3, Y', the sensitivities'
C     algebraic entries and derivatives (all sensitivities start at 0).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(*), ZDOT(*), INFO(20), RPAR(*)
      DO 10 I = 1,20
         INFO(I) = 0
 10   CONTINUE
      INFO(11) = 1
      INFO(12) = NP
      DO 20 I = 1,3*(NP+1)
         Z(I) = 0.0D0
         ZDOT(I) = 0.0D0
 20   CONTINUE
      Z(1) = 1.0D0
      TIME = 0.0D0
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
      SUBROUTINE RES(NEQ, T, Z, ZDOT, DELTA, IRES, ICHVAR, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DELTA(NEQ), RPAR(*), IPAR(*)
      DELTA(1) = ZDOT(1) + RPAR(1)*Z(1) - RPAR(3)*Z(2)*Z(3)
      DELTA(2) = ZDOT(2) - RPAR(1)*Z(1) + RPAR(2)*Z(2)**2
     1           + RPAR(3)*Z(2)*Z(3)
      DELTA(3) = Z(1) + Z(2) + Z(3) - 1.0D0
      RETURN
      END
C
      SUBROUTINE JAC(NEQ, T, Z, ZDOT, CJ, NEJAC, JROW, JCOL, PD, IRES,
     1               RPAR, IPAR)
C     The dense pattern, row by row.
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), PD(NEJAC), JROW(NEJAC), JCOL(NEJAC)
      DIMENSION RPAR(*), IPAR(*)
      PD(1) = CJ + RPAR(1)
      PD(2) = -RPAR(3)*Z(3)
      PD(3) = -RPAR(3)*Z(2)
      PD(4) = -RPAR(1)
      PD(5) = CJ + 2.0D0*RPAR(2)*Z(2) + RPAR(3)*Z(3)
      PD(6) = RPAR(3)*Z(2)
      PD(7) = 1.0D0
      PD(8) = 1.0D0
      PD(9) = 1.0D0
      RETURN
      END
C
      SUBROUTINE SENRHS(NEQ, T, Z, ZDOT, IP, DFDP, IRES, RPAR, IPAR)
C     dF/dK1 = (Y1, -Y1, 0), dF/dK2 = (0, Y2**2, 0), dF/dK3 = (-Y2*Y3,
C     Y2*Y3, 0).
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Z(NEQ), ZDOT(NEQ), DFDP(NEQ), RPAR(*), IPAR(*)
      DFDP(3) = 0.0D0
      IF (IP .EQ. 1) THEN
         DFDP(1) = Z(1)
         DFDP(2) = -Z(1)
      ELSE IF (IP .EQ. 2) THEN
         DFDP(1) = 0.0D0
         DFDP(2) = Z(2)**2
      ELSE
         DFDP(1) = -Z(2)*Z(3)
         DFDP(2) = Z(2)*Z(3)
      ENDIF
      RETURN
      END
C
      SUBROUTINE STCH(ICHANGE, ISTATE, NEQ, NC, ND, ISC, T, Z, ZDOT,
     1                RPAR, IPAR, NDI, IG)
      WRITE(6,'(A)') 'FAIL DSL_SENS_ROBERTSON: STCHANGE WAS CALLED'
      STOP 1
      END
C
      SUBROUTINE EVTD(ICODE, ISTATE, IDISCON, NEQ, NC, ND, ISC, TIME,
     1                Z, ZDOT, RPAR, IPAR, D, ALPHA)
      WRITE(6,'(A)') 'FAIL DSL_SENS_ROBERTSON: EVTDERIV WAS CALLED'
      STOP 1
      END
