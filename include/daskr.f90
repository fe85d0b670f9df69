!> Explicit interfaces for libdaskr, the drop-in replacement of DASKR.
!>
!> `use daskr` gives a modern Fortran program checked calls of DDASKR,
!> XSETF and XSETUN, with exactly DASKR's argument lists and meanings
!> (see DASKR's documentation of INFO, RWORK/IWORK, IDID and JROOT).
!> Compile this file with the program (it defines no procedures, only
!> interfaces) and link with -ldaskr (or libdaskr.a).
!>
!> Conventions:
!>  * All arguments are passed by reference; INTEGER is the default
!>    integer (32 bit), REAL(DASKR_DP) is double precision.
!>  * RTOL and ATOL are declared as arrays: with scalar tolerances
!>    (INFO(2) = 0) pass arrays of length 1 (or array elements).  The
!>    same holds for RPAR, IPAR and JROOT.
!>  * RES and RT are checked against the abstract interfaces
!>    DASKR_RES and DASKR_RT when they have an explicit interface
!>    (module procedures); plain EXTERNAL routines are accepted too.
!>  * JAC and PSOL are declared EXTERNAL, because the same argument
!>    position takes a direct-method JAC (DASKR_JAC_DIRECT), a Krylov
!>    JAC (DASKR_JAC_KRYLOV) or a PSOL (DASKR_PSOL), or any dummy
!>    routine when the method never calls it.  The abstract
!>    interfaces below document the forms and can be used to declare
!>    one's own routines (PROCEDURE(DASKR_PSOL), POINTER :: ...).
module daskr
  implicit none
  private

  !> Kind of the REAL arguments (double precision).
  integer, parameter, public :: daskr_dp = kind(1.0d0)

  public :: daskr_res, daskr_jac_direct, daskr_jac_krylov, daskr_psol
  public :: daskr_rt
  public :: ddaskr, xsetf, xsetun

  abstract interface
    !> Residual G(T,Y,YPRIME) of the DAE, returned in DELTA.
    !> IRES is 0 on entry; set -1 for an illegal Y (DDASKR retries)
    !> or -2 to stop the integration (IDID = -11).
    subroutine daskr_res(t, y, yprime, cj, delta, ires, rpar, ipar)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: y(*)
      real(daskr_dp), intent(in) :: yprime(*)
      real(daskr_dp), intent(in) :: cj
      real(daskr_dp), intent(out) :: delta(*)
      integer, intent(inout) :: ires
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine daskr_res

    !> Direct methods (INFO(12) = 0, INFO(5) = 1): the iteration matrix
    !> PD = dG/dY + CJ*dG/dYPRIME, dense PD(NEQ,NEQ) or banded
    !> PD(2*ML+MU+1,NEQ) with element (I,J) at PD(I-J+ML+MU+1,J).
    !> PD is zero on entry.
    subroutine daskr_jac_direct(t, y, yprime, pd, cj, rpar, ipar)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: y(*)
      real(daskr_dp), intent(in) :: yprime(*)
      real(daskr_dp), intent(inout) :: pd(*)
      real(daskr_dp), intent(in) :: cj
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine daskr_jac_direct

    !> Krylov method (INFO(12) = 1, INFO(15) = 1): prepare the
    !> preconditioner data in WP/IWP; IER /= 0 reports a failure.
    subroutine daskr_jac_krylov(res, ires, neq, t, y, yprime, rewt, &
                                savr, wk, h, cj, wp, iwp, ier, rpar, ipar)
      import :: daskr_dp
      external :: res
      integer, intent(inout) :: ires
      integer, intent(in) :: neq
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: y(*)
      real(daskr_dp), intent(in) :: yprime(*)
      real(daskr_dp), intent(in) :: rewt(*)
      real(daskr_dp), intent(in) :: savr(*)
      real(daskr_dp), intent(inout) :: wk(*)
      real(daskr_dp), intent(in) :: h
      real(daskr_dp), intent(in) :: cj
      real(daskr_dp), intent(inout) :: wp(*)
      integer, intent(inout) :: iwp(*)
      integer, intent(inout) :: ier
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine daskr_jac_krylov

    !> Krylov method: solve P*x = B in place (B holds x on return).
    !> IER = 0 success, > 0 recoverable, < 0 fatal (IDID = -13).
    subroutine daskr_psol(neq, t, y, yprime, savr, wk, cj, wght, wp, &
                          iwp, b, eplin, ier, rpar, ipar)
      import :: daskr_dp
      integer, intent(in) :: neq
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: y(*)
      real(daskr_dp), intent(in) :: yprime(*)
      real(daskr_dp), intent(in) :: savr(*)
      real(daskr_dp), intent(inout) :: wk(*)
      real(daskr_dp), intent(in) :: cj
      real(daskr_dp), intent(in) :: wght(*)
      real(daskr_dp), intent(inout) :: wp(*)
      integer, intent(inout) :: iwp(*)
      real(daskr_dp), intent(inout) :: b(*)
      real(daskr_dp), intent(in) :: eplin
      integer, intent(inout) :: ier
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine daskr_psol

    !> Root functions R(T,Y,YP), returned in RVAL(1..NRT).
    subroutine daskr_rt(neq, t, y, yp, nrt, rval, rpar, ipar)
      import :: daskr_dp
      integer, intent(in) :: neq
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: y(*)
      real(daskr_dp), intent(in) :: yp(*)
      integer, intent(in) :: nrt
      real(daskr_dp), intent(out) :: rval(*)
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine daskr_rt
  end interface

  interface
    !> The DAE solver; argument list and meanings as in DASKR.
    subroutine ddaskr(res, neq, t, y, yprime, tout, info, rtol, atol, &
                      idid, rwork, lrw, iwork, liw, rpar, ipar, jac, &
                      psol, rt, nrt, jroot)
      import :: daskr_dp, daskr_res, daskr_rt
      procedure(daskr_res) :: res
      integer, intent(in) :: neq
      real(daskr_dp), intent(inout) :: t
      real(daskr_dp), intent(inout) :: y(*)
      real(daskr_dp), intent(inout) :: yprime(*)
      real(daskr_dp), intent(in) :: tout
      integer, intent(inout) :: info(*)
      real(daskr_dp), intent(inout) :: rtol(*)
      real(daskr_dp), intent(inout) :: atol(*)
      integer, intent(out) :: idid
      real(daskr_dp), intent(inout) :: rwork(*)
      integer, intent(in) :: lrw
      integer, intent(inout) :: iwork(*)
      integer, intent(in) :: liw
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
      external :: jac
      external :: psol
      procedure(daskr_rt) :: rt
      integer, intent(in) :: nrt
      integer, intent(inout) :: jroot(*)
    end subroutine ddaskr

    !> Message switch: MFLAG = 0 silences DDASKR's messages, 1 turns
    !> them back on (other values are ignored).
    subroutine xsetf(mflag)
      integer, intent(in) :: mflag
    end subroutine xsetf

    !> Fortran unit for DDASKR's messages (LUN > 0; default 6).
    subroutine xsetun(lun)
      integer, intent(in) :: lun
    end subroutine xsetun
  end interface
end module daskr
