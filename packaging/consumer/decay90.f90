! decay90.f90 -- consumer test of an installed libdaskr: a Fortran 90
! program that USEs the installed module (daskr.mod), so that every call
! of DDASKR is checked against its explicit interface at compile time.
! The same problem as decay.f: y' = -y to t = 10, then NEQ = 0 (IDID =
! -33, with its message between MESSAGE-BEFORE and MESSAGE-AFTER).
! RES is a module procedure, so it is checked against DASKR_RES too.
module decay90_model
  use daskr, only: daskr_dp
  implicit none
contains
  subroutine res(t, y, yprime, cj, delta, ires, rpar, ipar)
    real(daskr_dp), intent(in) :: t
    real(daskr_dp), intent(in) :: y(*)
    real(daskr_dp), intent(in) :: yprime(*)
    real(daskr_dp), intent(in) :: cj
    real(daskr_dp), intent(out) :: delta(*)
    integer, intent(inout) :: ires
    real(daskr_dp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    delta(1) = yprime(1) + y(1)
  end subroutine res
end module decay90_model

program decay90
  use daskr, only: ddaskr, daskr_dp
  use decay90_model, only: res
  implicit none
  integer, parameter :: lrw = 70, liw = 41
  integer :: info(20), iwork(liw), ipar(1), jroot(1), idid, k, nfail
  real(daskr_dp) :: rwork(lrw), rpar(1), rtol(1), atol(1)
  real(daskr_dp) :: t, tout, y(1), yp(1), err
  external :: dumjac, dumpsl, dumrt

  nfail = 0
  info = 0
  rtol = 1.0e-10_daskr_dp
  atol = 1.0e-10_daskr_dp
  t = 0
  y = 1
  yp = -1
  do k = 1, 10
    tout = k
    call ddaskr(res, 1, t, y, yp, tout, info, rtol, atol, idid, rwork, lrw, &
                iwork, liw, rpar, ipar, dumjac, dumpsl, dumrt, 0, jroot)
    err = abs(y(1) - exp(-t))
    write (*, '(a,f5.1,a,es22.14,a,es9.2,a,i3)') ' T =', t, '  Y =', y(1), &
      '  ERR =', err, '  IDID =', idid
    if (idid /= 3 .or. err > 1.0e-8_daskr_dp) nfail = nfail + 1
  end do
  write (*, '(a,i5,a,i6,a,i5)') ' STEPS', iwork(11), '  RESIDUALS', iwork(12), &
    '  JACOBIANS', iwork(13)

  write (*, '(a)') ' MESSAGE-BEFORE'
  info = 0
  t = 0
  call ddaskr(res, 0, t, y, yp, 1.0_daskr_dp, info, rtol, atol, idid, rwork, &
              lrw, iwork, liw, rpar, ipar, dumjac, dumpsl, dumrt, 0, jroot)
  write (*, '(a)') ' MESSAGE-AFTER'
  write (*, '(a,i4)') ' IDID FOR NEQ = 0:', idid
  if (idid /= -33) nfail = nfail + 1

  if (nfail == 0) then
    write (*, '(a)') ' PASS DECAY'
  else
    write (*, '(a,i3,a)') ' FAIL DECAY:', nfail, ' checks failed'
  end if
end program decay90

! JAC, PSOL and RT are never called with these options.
subroutine dumjac()
end subroutine dumjac
subroutine dumpsl()
end subroutine dumpsl
subroutine dumrt()
end subroutine dumrt
