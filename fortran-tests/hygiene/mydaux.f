C-----------------------------------------------------------------------
C     MYDAUX -- a program's own copies of the auxiliary routines that
C     ODEPACK, SLATEC and DASKR's daux.f all define: D1MACH, XERRWD,
C     XSETF, XSETUN and IXSAV (simple versions written for this test).
C     Each one counts its calls in COMMON /MYDCNT/ so that the calling
C     program can tell that its own copy, not a library's, was linked.
C-----------------------------------------------------------------------
      DOUBLE PRECISION FUNCTION D1MACH(I)
C     Machine constants of IEEE double precision.
      INTEGER I
      COMMON /MYDCNT/ NCALL(5)
      NCALL(1) = NCALL(1) + 1
      D1MACH = 0.0D0
      IF (I .EQ. 1) D1MACH = 2.2250738585072014D-308
      IF (I .EQ. 2) D1MACH = 1.7976931348623157D+308
      IF (I .EQ. 3) D1MACH = 1.1102230246251565D-16
      IF (I .EQ. 4) D1MACH = 2.2204460492503131D-16
      IF (I .EQ. 5) D1MACH = 0.30102999566398120D0
      RETURN
      END
C
      SUBROUTINE XERRWD(MSG, NMES, NERR, LEVEL, NI, I1, I2, NR, R1, R2)
C     Print a message with up to two integers and two reals.
      CHARACTER*(*) MSG
      INTEGER NMES, NERR, LEVEL, NI, I1, I2, NR
      DOUBLE PRECISION R1, R2
      INTEGER IXSAV, LUN, MFLAG, N
      COMMON /MYDCNT/ NCALL(5)
      NCALL(2) = NCALL(2) + 1
      LUN = IXSAV(1, 0, .FALSE.)
      MFLAG = IXSAV(2, 0, .FALSE.)
      IF (MFLAG .NE. 0) THEN
         N = MIN(NMES, LEN(MSG))
         WRITE(LUN, '(2A)') ' MYDAUX MESSAGE: ', MSG(1:N)
         IF (NI .GE. 1) WRITE(LUN, '(A,2I10)') '   INTEGERS:', I1, I2
         IF (NR .GE. 1) WRITE(LUN, '(A,2D16.8)') '   REALS:', R1, R2
      ENDIF
      IF (LEVEL .EQ. 2) STOP
      RETURN
      END
C
      SUBROUTINE XSETF(MFLAG)
C     Messages on (1) or off (0).
      INTEGER MFLAG, JUNK, IXSAV
      COMMON /MYDCNT/ NCALL(5)
      NCALL(3) = NCALL(3) + 1
      IF (MFLAG .EQ. 0 .OR. MFLAG .EQ. 1) JUNK = IXSAV(2, MFLAG, .TRUE.)
      RETURN
      END
C
      SUBROUTINE XSETUN(LUN)
C     Unit number for messages.
      INTEGER LUN, JUNK, IXSAV
      COMMON /MYDCNT/ NCALL(5)
      NCALL(4) = NCALL(4) + 1
      IF (LUN .GT. 0) JUNK = IXSAV(1, LUN, .TRUE.)
      RETURN
      END
C
      INTEGER FUNCTION IXSAV(IPAR, IVALUE, ISET)
C     Saved unit (IPAR = 1) and message flag (IPAR = 2); the old value
C     is returned, the new one stored when ISET is true.
      INTEGER IPAR, IVALUE
      LOGICAL ISET
      INTEGER LUNIT, MESFLG
      SAVE LUNIT, MESFLG
      COMMON /MYDCNT/ NCALL(5)
      DATA LUNIT /6/, MESFLG /1/
      NCALL(5) = NCALL(5) + 1
      IXSAV = 0
      IF (IPAR .EQ. 1) THEN
         IXSAV = LUNIT
         IF (ISET) LUNIT = IVALUE
      ELSE IF (IPAR .EQ. 2) THEN
         IXSAV = MESFLG
         IF (ISET) MESFLG = IVALUE
      ENDIF
      RETURN
      END
