C-----------------------------------------------------------------------
C     DECAY -- consumer test of an installed libdaskr (FORTRAN 77).
C
C     Y' = -Y, Y(0) = 1, integrated with DDASKR (dense difference-
C     quotient Jacobian, RTOL = ATOL = 1D-10) to T = 1, 2, ..., 10;
C     each output must be within 1D-8 of EXP(-T).  Then one call with
C     NEQ = 0 must return IDID = -33 and print DDASKR's message between
C     the lines MESSAGE-BEFORE and MESSAGE-AFTER (messages keep their
C     place in the program's output, also when it goes to a file).
C     The last line is PASS DECAY, or FAIL DECAY and the reason.
C     packaging/consumer/decay.c is the same program in C.
C-----------------------------------------------------------------------
      PROGRAM DECAY
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL RES, DUMJAC, DUMPSL, DUMRT
      DIMENSION Y(1), YP(1), INFO(20), RWORK(70), IWORK(41)
      DIMENSION RTOL(1), ATOL(1), RPAR(1), IPAR(1), JROOT(1)
      NFAIL = 0
      NEQ = 1
      LRW = 70
      LIW = 41
      DO 10 I = 1, 20
         INFO(I) = 0
   10 CONTINUE
      RTOL(1) = 1.0D-10
      ATOL(1) = 1.0D-10
      T = 0.0D0
      Y(1) = 1.0D0
      YP(1) = -1.0D0
      DO 20 K = 1, 10
         TOUT = DBLE(K)
         CALL DDASKR (RES, NEQ, T, Y, YP, TOUT, INFO, RTOL, ATOL, IDID,
     *      RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC, DUMPSL,
     *      DUMRT, 0, JROOT)
         ERR = ABS(Y(1) - EXP(-T))
         WRITE (6, 30) T, Y(1), ERR, IDID
   30    FORMAT (' T =', F5.1, '  Y =', 1PE22.14, '  ERR =', E9.2,
     *      '  IDID =', I3)
         IF (IDID .NE. 3 .OR. ERR .GT. 1.0D-8) NFAIL = NFAIL + 1
   20 CONTINUE
      WRITE (6, 40) IWORK(11), IWORK(12), IWORK(13)
   40 FORMAT (' STEPS', I5, '  RESIDUALS', I6, '  JACOBIANS', I5)
C
      WRITE (6, '(A)') ' MESSAGE-BEFORE'
      NEQ0 = 0
      DO 50 I = 1, 20
         INFO(I) = 0
   50 CONTINUE
      T = 0.0D0
      CALL DDASKR (RES, NEQ0, T, Y, YP, 1.0D0, INFO, RTOL, ATOL, IDID,
     *   RWORK, LRW, IWORK, LIW, RPAR, IPAR, DUMJAC, DUMPSL, DUMRT,
     *   0, JROOT)
      WRITE (6, '(A)') ' MESSAGE-AFTER'
      WRITE (6, '(A,I4)') ' IDID FOR NEQ = 0:', IDID
      IF (IDID .NE. -33) NFAIL = NFAIL + 1
C
      IF (NFAIL .EQ. 0) THEN
         WRITE (6, '(A)') ' PASS DECAY'
      ELSE
         WRITE (6, '(A,I3,A)') ' FAIL DECAY:', NFAIL, ' CHECKS FAILED'
      ENDIF
      END

      SUBROUTINE RES (T, Y, YP, CJ, DELTA, IRES, RPAR, IPAR)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), YP(*), DELTA(*), RPAR(*), IPAR(*)
      DELTA(1) = YP(1) + Y(1)
      RETURN
      END

C     JAC, PSOL and RT are never called with these options.
      SUBROUTINE DUMJAC
      RETURN
      END
      SUBROUTINE DUMPSL
      RETURN
      END
      SUBROUTINE DUMRT
      RETURN
      END
