C     Demo: Robertson's chemical kinetics as an index-1 DAE,
C       y1' = -0.04 y1 + 1e4 y2 y3
C       y2' =  0.04 y1 - 1e4 y2 y3 - 3e7 y2**2
C       0   =  y1 + y2 + y3 - 1
C     integrated with DDASKR from t = 0 to 4e10, output every decade.
      PROGRAM DEMO
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, JAC, PSOL, RT
      DIMENSION Y(3), YP(3), INFO(20), RWORK(100), IWORK(43)
      DIMENSION RTOL(3), ATOL(3), RPAR(1), IPAR(1), JROOT(1)
      NEQ = 3
      DO 10 I = 1, 20
        INFO(I) = 0
   10 CONTINUE
      INFO(2) = 1
      DO 20 I = 1, 3
        RTOL(I) = 1.0D-4
        ATOL(I) = 1.0D-6
   20 CONTINUE
      ATOL(2) = 1.0D-10
      Y(1) = 1.0D0
      Y(2) = 0.0D0
      Y(3) = 0.0D0
      YP(1) = -0.04D0
      YP(2) = 0.04D0
      YP(3) = 0.0D0
      T = 0.0D0
      TOUT = 0.4D0
      LRW = 100
      LIW = 43
      WRITE (6,'(A)') '           T            Y1            Y2'//
     *   '            Y3  IDID'
      DO 30 IOUT = 1, 12
        CALL DDASKR (RES, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL,
     *     IDID, RWORK, LRW, IWORK, LIW, RPAR, IPAR, JAC, PSOL,
     *     RT, 0, JROOT)
        WRITE (6,'(1P,4E14.6,I5)') T, Y(1), Y(2), Y(3), IDID
        IF (IDID .LT. 0) STOP 1
        TOUT = 10.0D0*TOUT
   30 CONTINUE
      WRITE (6,'(A,I6,A,I6,A,I5)') ' steps', IWORK(11),
     *   '  residuals', IWORK(12), '  Jacobians', IWORK(13)
      END

      SUBROUTINE RES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(3), YP(3), DELTA(3), RPAR(*), IPAR(*)
      DELTA(1) = -0.04D0*Y(1) + 1.0D4*Y(2)*Y(3) - YP(1)
      DELTA(2) =  0.04D0*Y(1) - 1.0D4*Y(2)*Y(3) - 3.0D7*Y(2)**2 - YP(2)
      DELTA(3) = Y(1) + Y(2) + Y(3) - 1.0D0
      END

      SUBROUTINE JAC
      END

      SUBROUTINE PSOL
      END

      SUBROUTINE RT
      END
