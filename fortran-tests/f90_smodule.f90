! F90_SMODULE -- a free-form Fortran 90 program that calls SDASKR, the
! single-precision solver, through the explicit interfaces of
! include/daskr.f90 (`use daskr`, REAL(DASKR_SP) arguments): F90_MODULE
! in single precision.
!
! Problem: the oscillator Y1' = Y2, Y2' = -W**2*Y1 with W = RPAR(1) = 2,
! Y(0) = (0, W), exact solution Y1 = SIN(W*T), Y2 = W*COS(W*T); root
! function R1 = Y1 - 0.5 (roots at PI/12 rising and 5*PI/12 falling).
!
! What it checks:
!  * RES, the direct JAC (INFO(5) = 1) and RT are module procedures whose
!    interfaces match the module's abstract interfaces; PSOL is a plain
!    external dummy routine, accepted by the EXTERNAL dummy;
!  * RPAR and IPAR reach every callback unchanged: RES, JAC and RT read
!    W from RPAR(1) and count their calls in IPAR(1..3), which must
!    equal NRE = IWORK(12), NJE = IWORK(13) and IWORK(36);
!  * answers at T = 0.5, 1.0, ..., 3.0 and both roots (IDID = 5, JROOT)
!    against the exact solution (RTOL = ATOL = 1E-5, answers within
!    1E-3);
!  * CALL XSETF(0) silences the message of an invalid call (the harness
!    checks that nothing is printed between SILENT-BEGIN and SILENT-END)
!    and CALL XSETF(1) restores messages.
! The last line printed is PASS F90_SMODULE or FAIL F90_SMODULE: reason.
module f90prob
  use daskr, only: daskr_sp
  implicit none
  private
  public :: res, jac, rt
contains
  subroutine res(t, y, yprime, cj, delta, ires, rpar, ipar)
    real(daskr_sp), intent(in) :: t
    real(daskr_sp), intent(in) :: y(*)
    real(daskr_sp), intent(in) :: yprime(*)
    real(daskr_sp), intent(in) :: cj
    real(daskr_sp), intent(out) :: delta(*)
    integer, intent(inout) :: ires
    real(daskr_sp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    delta(1) = yprime(1) - y(2)
    delta(2) = yprime(2) + rpar(1)**2*y(1)
    ipar(1) = ipar(1) + 1
  end subroutine res

  subroutine jac(t, y, yprime, pd, cj, rpar, ipar)
    real(daskr_sp), intent(in) :: t
    real(daskr_sp), intent(in) :: y(*)
    real(daskr_sp), intent(in) :: yprime(*)
    real(daskr_sp), intent(inout) :: pd(*)
    real(daskr_sp), intent(in) :: cj
    real(daskr_sp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    ! Dense 2x2 matrix stored by columns: PD(I,J) = PD(I + 2*(J-1)).
    pd(1) = cj
    pd(2) = rpar(1)**2
    pd(3) = -1.0_daskr_sp
    pd(4) = cj
    ipar(2) = ipar(2) + 1
  end subroutine jac

  subroutine rt(neq, t, y, yp, nrt, rval, rpar, ipar)
    integer, intent(in) :: neq
    real(daskr_sp), intent(in) :: t
    real(daskr_sp), intent(in) :: y(*)
    real(daskr_sp), intent(in) :: yp(*)
    integer, intent(in) :: nrt
    real(daskr_sp), intent(out) :: rval(*)
    real(daskr_sp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    rval(1) = y(1) - 0.5_daskr_sp
    ipar(3) = ipar(3) + 1
  end subroutine rt
end module f90prob

program f90_smodule
  use daskr
  use f90prob, only: res, jac, rt
  implicit none
  integer, parameter :: sp = daskr_sp
  integer, parameter :: neq = 2, nrt = 1
  integer, parameter :: lrw = 60 + 9*neq + 3*nrt + neq**2, liw = 40 + neq
  real(sp) :: y(neq), yprime(neq), rtol(1), atol(1), rwork(lrw), rpar(1)
  real(sp) :: t, tout, w, pi, err, texp(2)
  integer :: info(20), iwork(liw), ipar(3), jroot(nrt), idid, iout
  integer :: nroot, neqbad, jexp(2)
  logical :: ok
  character(len=80) :: why
  external :: psdum

  ok = .true.
  why = ' '
  pi = 4.0_sp*atan(1.0_sp)
  w = 2.0_sp
  rpar(1) = w
  ipar = 0
  texp = [pi/12.0_sp, 5.0_sp*pi/12.0_sp]
  jexp = [1, -1]

  info = 0
  info(5) = 1
  rtol(1) = 1.0e-5_sp
  atol(1) = 1.0e-5_sp
  t = 0.0_sp
  y = [0.0_sp, w]
  yprime = [w, 0.0_sp]
  nroot = 0
  write(*, '(a)') ' F90_SMODULE: oscillator with W = RPAR(1), user JAC, root Y1 = 0.5'
  do iout = 1, 6
    tout = 0.5_sp*iout
    do
      call sdaskr(res, neq, t, y, yprime, tout, info, rtol, atol, idid, &
                  rwork, lrw, iwork, liw, rpar, ipar, jac, psdum, rt, nrt, jroot)
      if (idid /= 5) exit
      nroot = nroot + 1
      write(*, '(a,f11.7,a,i3)') '   IDID=5 at T =', t, '  JROOT(1) =', jroot(1)
      if (nroot > 2) then
        call fail('more than two roots')
        exit
      end if
      if (abs(t - texp(nroot)) > 1.0e-3_sp) call fail('root time wrong')
      if (jroot(1) /= jexp(nroot)) call fail('wrong JROOT sign')
    end do
    if (idid /= 3 .or. t /= tout) then
      write(*, *) 'IDID =', idid, ' T =', t
      call fail('IDID is not 3 at TOUT')
      exit
    end if
    err = max(abs(y(1) - sin(w*t)), abs(y(2) - w*cos(w*t)))
    write(*, '(f8.3,2es16.6,es12.3)') t, y, err
    if (err > 1.0e-3_sp) call fail('solution differs from the exact one')
  end do
  write(*, '(a,5i7)') ' NST, NRE, NJE, NETF, NCFN =', iwork(11:15)
  write(*, '(a,3i7,a,3i7)') ' RES/JAC/RT calls counted in IPAR:', ipar, &
       '   IWORK(12), IWORK(13), IWORK(36):', iwork(12), iwork(13), iwork(36)
  if (nroot /= 2) call fail('expected exactly two roots')
  if (ipar(1) /= iwork(12)) call fail('RES calls in IPAR(1) differ from NRE')
  if (ipar(2) /= iwork(13)) call fail('JAC calls in IPAR(2) differ from NJE')
  if (ipar(3) /= iwork(36)) call fail('RT calls in IPAR(3) differ from IWORK(36)')
  if (ipar(2) < 1) call fail('user JAC never called')

  ! XSETF(0) silences the message of an invalid call; XSETF(1) restores.
  call xsetf(0)
  write(*, '(a)') 'SILENT-BEGIN'
  info = 0
  neqbad = 0
  t = 0.0_sp
  call sdaskr(res, neqbad, t, y, yprime, tout, info, rtol, atol, idid, &
              rwork, lrw, iwork, liw, rpar, ipar, jac, psdum, rt, nrt, jroot)
  write(*, '(a)') 'SILENT-END'
  call xsetf(1)
  if (idid /= -33) call fail('NEQ = 0 did not give IDID = -33')

  if (ok) then
    write(*, '(a)') 'PASS F90_SMODULE'
  else
    write(*, '(a)') 'FAIL F90_SMODULE: ' // trim(why)
  end if

contains
  subroutine fail(text)
    character(len=*), intent(in) :: text
    write(*, '(2a)') '   *** ', text
    if (ok) why = text
    ok = .false.
  end subroutine fail
end program f90_smodule

! A dummy PSOL: never called by the direct method.
subroutine psdum()
  implicit none
  write(*, '(a)') 'FAIL F90_SMODULE: dummy PSOL was called'
  stop
end subroutine psdum
