!> Explicit interfaces for libdaskr, the drop-in replacement of DASKR
!> and DSL48E.
!>
!> `use daskr` gives a modern Fortran program checked calls of DDASKR,
!> its single-precision twin SDASKR, XSETF and XSETUN, with exactly DASKR's argument lists and meanings
!> (see DASKR's documentation of INFO, RWORK/IWORK, IDID and JROOT),
!> and of DSL48E, the hybrid (state-event) integrator, with its 37
!> arguments as this library documents them (README, daskr.h).
!> Compile this file with the program (it defines no procedures, only
!> interfaces) and link with -ldaskr (or libdaskr.a).
!>
!> Conventions:
!>  * All arguments are passed by reference; INTEGER is the default
!>    integer (32 bit), REAL(DASKR_DP) is double precision and
!>    REAL(DASKR_SP) (SDASKR's reals) the default REAL.
!>  * RTOL and ATOL are declared as arrays: with scalar tolerances
!>    (INFO(2) = 0) pass arrays of length 1 (or array elements).  The
!>    same holds for RPAR, IPAR and JROOT, and for DSL48E's JROW,
!>    JCOL, JYDOT, ISC, IEVWK, REVWK and BOUNDS.
!>  * RES and RT are checked against the abstract interfaces
!>    DASKR_RES and DASKR_RT when they have an explicit interface
!>    (module procedures); plain EXTERNAL routines are accepted too.
!>  * JAC and PSOL are declared EXTERNAL, because the same argument
!>    position takes a direct-method JAC (DASKR_JAC_DIRECT), a Krylov
!>    JAC (DASKR_JAC_KRYLOV) or a PSOL (DASKR_PSOL), or any dummy
!>    routine when the method never calls it.  The abstract
!>    interfaces below document the forms and can be used to declare
!>    one's own routines (PROCEDURE(DASKR_PSOL), POINTER :: ...).
!>  * DSL48E's RES, JAC, STCHANGE and EVTDERIV each have one form and
!>    are checked against DSL48E_RES, DSL48E_JAC, DSL48E_STCHANGE and
!>    DSL48E_EVTDERIV in the same way (module procedures must match;
!>    plain EXTERNAL routines are accepted).  A routine that is never
!>    called (JAC with JDTYPE = 0, STCHANGE and EVTDERIV with NC = 0)
!>    may be any EXTERNAL dummy routine, or one with the right
!>    interface.  SENRHS (parametric sensitivities, INFO(12) > 0 with
!>    INFO(15) = 0) has the form DSL48E_SENRHS; it is declared EXTERNAL
!>    in DSL48E's interface so that programs without sensitivities,
!>    which never have it called, may pass any routine, as they did.
!>  * DSL48E's BOUNDS is declared BOUNDS(*): element (1,I) is BOUNDS
!>    (2*I-1), element (2,I) is BOUNDS(2*I), so BOUNDS(2,NEQ) passes
!>    as it is.  It is read only when INFO(10) = 1; otherwise pass any
!>    array or array element (e.g. a BDUM(1)).  As for every array
!>    argument, a scalar variable is rejected by the compiler.
!>  * DSBSIM (SLICOT-standard models, seed 004) takes DERIV, OUTPUT and
!>    JACFX in the ODE form (ITYPE = 0: DSBLOCK_ODEDER, which ODEOUT
!>    shares, and DSBLOCK_JACFX_ODE) or the DAE form (ITYPE = 1:
!>    DSBLOCK_DAEDER, DSBLOCK_JACFX_DAE), so they are declared
!>    EXTERNAL; INPUT has one form, DSBLOCK_INPUT.  IROW, ICOL are
!>    read only for a sparse matrix (IOPT(1) = 2): pass any INTEGER
!>    array otherwise.
module daskr
  implicit none
  private

  !> Kind of the REAL arguments (double precision).
  integer, parameter, public :: daskr_dp = kind(1.0d0)
  !> Kind of SDASKR's REAL arguments (default REAL, single precision).
  integer, parameter, public :: daskr_sp = kind(1.0)

  public :: daskr_res, daskr_jac_direct, daskr_jac_krylov, daskr_psol
  public :: daskr_rt
  public :: dsl48e_res, dsl48e_jac, dsl48e_stchange, dsl48e_evtderiv
  public :: dsl48e_senrhs
  public :: sdaskr_res, sdaskr_jac_direct, sdaskr_jac_krylov, sdaskr_psol
  public :: sdaskr_rt
  public :: dsblock_odeder, dsblock_daeder, dsblock_jacfx_ode
  public :: dsblock_jacfx_dae, dsblock_input
  public :: ddaskr, sdaskr, xsetf, xsetun, dsl48e, dsbsim

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

    !> DSL48E: residual F(T,Z,ZDOT) of the locked, augmented model,
    !> returned in DELTA (the last ND entries are the residuals of the
    !> discontinuity variables).  ICHVAR is 0 and reserved.  IRES is 0
    !> on entry; set -1 for an illegal Z or -2 to stop, as in DDASKR.
    subroutine dsl48e_res(neq, t, z, zdot, delta, ires, ichvar, rpar, ipar)
      import :: daskr_dp
      integer, intent(in) :: neq
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: z(*)
      real(daskr_dp), intent(in) :: zdot(*)
      real(daskr_dp), intent(out) :: delta(*)
      integer, intent(inout) :: ires
      integer, intent(in) :: ichvar
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine dsl48e_res

    !> DSL48E, JDTYPE = 1: the iteration matrix on the caller's pattern,
    !> PD(K) = dF(JROW(K))/dZ(JCOL(K)) + CJ*dF(JROW(K))/dZDOT(JCOL(K)),
    !> K = 1..NEJAC.  PD is zero on entry; IRES as in DSL48E_RES.
    subroutine dsl48e_jac(neq, t, z, zdot, cj, nejac, jrow, jcol, pd, &
                          ires, rpar, ipar)
      import :: daskr_dp
      integer, intent(in) :: neq
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: z(*)
      real(daskr_dp), intent(in) :: zdot(*)
      real(daskr_dp), intent(in) :: cj
      integer, intent(in) :: nejac
      integer, intent(in) :: jrow(*)
      integer, intent(in) :: jcol(*)
      real(daskr_dp), intent(inout) :: pd(*)
      integer, intent(inout) :: ires
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine dsl48e_jac

    !> DSL48E: does state condition ISTATE, with the truth values
    !> IG(1..NDI) (1 true, 0 false) of its discontinuity functions at
    !> T, differ from the value the model is locked in?  Set ICHANGE = 1
    !> if so (an event); ICHANGE is 0 on entry.
    subroutine dsl48e_stchange(ichange, istate, neq, nc, nd, isc, t, z, &
                               zdot, rpar, ipar, ndi, ig)
      import :: daskr_dp
      integer, intent(inout) :: ichange
      integer, intent(in) :: istate
      integer, intent(in) :: neq
      integer, intent(in) :: nc
      integer, intent(in) :: nd
      integer, intent(in) :: isc(*)
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: z(*)
      real(daskr_dp), intent(in) :: zdot(*)
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
      integer, intent(in) :: ndi
      integer, intent(in) :: ig(*)
    end subroutine dsl48e_stchange

    !> DSL48E, for the event polished on discontinuity function IDISCON
    !> of condition ISTATE: D(1..NEQ) = dF/dT (zero on entry) and ALPHA
    !> = dG*/dT.  ICODE is 0 on entry; a nonzero value reports a failure
    !> (IDID = -15).
    subroutine dsl48e_evtderiv(icode, istate, idiscon, neq, nc, nd, isc, &
                               time, z, zdot, rpar, ipar, d, alpha)
      import :: daskr_dp
      integer, intent(inout) :: icode
      integer, intent(in) :: istate
      integer, intent(in) :: idiscon
      integer, intent(in) :: neq
      integer, intent(in) :: nc
      integer, intent(in) :: nd
      integer, intent(in) :: isc(*)
      real(daskr_dp), intent(in) :: time
      real(daskr_dp), intent(in) :: z(*)
      real(daskr_dp), intent(in) :: zdot(*)
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
      real(daskr_dp), intent(inout) :: d(*)
      real(daskr_dp), intent(out) :: alpha
    end subroutine dsl48e_evtderiv

    !> DSL48E's SENRHS (INFO(12) = NP > 0, INFO(15) = 0): DFDP(1..NEQ)
    !> = dF/dP(IP) at (T, Z, ZDOT), IP = 1..NP, the discontinuity rows
    !> included; Z and ZDOT are the NEQ states; DFDP is zero on entry.
    !> IRES as for RES (-1 retry with a smaller step, -2 stop).  Only
    !> DFDP and IRES may be changed.
    subroutine dsl48e_senrhs(neq, t, z, zdot, ip, dfdp, ires, rpar, ipar)
      import :: daskr_dp
      integer, intent(in) :: neq
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: z(*)
      real(daskr_dp), intent(in) :: zdot(*)
      integer, intent(in) :: ip
      real(daskr_dp), intent(out) :: dfdp(*)
      integer, intent(inout) :: ires
      real(daskr_dp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine dsl48e_senrhs

    !> SDASKR's forms of the routines above: the same arguments, REAL.
    !> Residual G(T,Y,YPRIME) of the DAE, returned in DELTA.
    !> IRES is 0 on entry; set -1 for an illegal Y (DDASKR retries)
    !> or -2 to stop the integration (IDID = -11).
    subroutine sdaskr_res(t, y, yprime, cj, delta, ires, rpar, ipar)
      import :: daskr_sp
      real(daskr_sp), intent(in) :: t
      real(daskr_sp), intent(in) :: y(*)
      real(daskr_sp), intent(in) :: yprime(*)
      real(daskr_sp), intent(in) :: cj
      real(daskr_sp), intent(out) :: delta(*)
      integer, intent(inout) :: ires
      real(daskr_sp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine sdaskr_res

    !> Direct methods (INFO(12) = 0, INFO(5) = 1): the iteration matrix
    !> PD = dG/dY + CJ*dG/dYPRIME, dense PD(NEQ,NEQ) or banded
    !> PD(2*ML+MU+1,NEQ) with element (I,J) at PD(I-J+ML+MU+1,J).
    !> PD is zero on entry.
    subroutine sdaskr_jac_direct(t, y, yprime, pd, cj, rpar, ipar)
      import :: daskr_sp
      real(daskr_sp), intent(in) :: t
      real(daskr_sp), intent(in) :: y(*)
      real(daskr_sp), intent(in) :: yprime(*)
      real(daskr_sp), intent(inout) :: pd(*)
      real(daskr_sp), intent(in) :: cj
      real(daskr_sp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine sdaskr_jac_direct

    !> Krylov method (INFO(12) = 1, INFO(15) = 1): prepare the
    !> preconditioner data in WP/IWP; IER /= 0 reports a failure.
    subroutine sdaskr_jac_krylov(res, ires, neq, t, y, yprime, rewt, &
                                savr, wk, h, cj, wp, iwp, ier, rpar, ipar)
      import :: daskr_sp
      external :: res
      integer, intent(inout) :: ires
      integer, intent(in) :: neq
      real(daskr_sp), intent(in) :: t
      real(daskr_sp), intent(in) :: y(*)
      real(daskr_sp), intent(in) :: yprime(*)
      real(daskr_sp), intent(in) :: rewt(*)
      real(daskr_sp), intent(in) :: savr(*)
      real(daskr_sp), intent(inout) :: wk(*)
      real(daskr_sp), intent(in) :: h
      real(daskr_sp), intent(in) :: cj
      real(daskr_sp), intent(inout) :: wp(*)
      integer, intent(inout) :: iwp(*)
      integer, intent(inout) :: ier
      real(daskr_sp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine sdaskr_jac_krylov

    !> Krylov method: solve P*x = B in place (B holds x on return).
    !> IER = 0 success, > 0 recoverable, < 0 fatal (IDID = -13).
    subroutine sdaskr_psol(neq, t, y, yprime, savr, wk, cj, wght, wp, &
                          iwp, b, eplin, ier, rpar, ipar)
      import :: daskr_sp
      integer, intent(in) :: neq
      real(daskr_sp), intent(in) :: t
      real(daskr_sp), intent(in) :: y(*)
      real(daskr_sp), intent(in) :: yprime(*)
      real(daskr_sp), intent(in) :: savr(*)
      real(daskr_sp), intent(inout) :: wk(*)
      real(daskr_sp), intent(in) :: cj
      real(daskr_sp), intent(in) :: wght(*)
      real(daskr_sp), intent(inout) :: wp(*)
      integer, intent(inout) :: iwp(*)
      real(daskr_sp), intent(inout) :: b(*)
      real(daskr_sp), intent(in) :: eplin
      integer, intent(inout) :: ier
      real(daskr_sp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine sdaskr_psol

    !> Root functions R(T,Y,YP), returned in RVAL(1..NRT).
    subroutine sdaskr_rt(neq, t, y, yp, nrt, rval, rpar, ipar)
      import :: daskr_sp
      integer, intent(in) :: neq
      real(daskr_sp), intent(in) :: t
      real(daskr_sp), intent(in) :: y(*)
      real(daskr_sp), intent(in) :: yp(*)
      integer, intent(in) :: nrt
      real(daskr_sp), intent(out) :: rval(*)
      real(daskr_sp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
    end subroutine sdaskr_rt

    !> ODEDER (also ODEOUT): F(1..NX) = f(T,X,U,P) (ODEOUT: the NY
    !> outputs).  IERR = 0 when the values were computed.
    subroutine dsblock_odeder(t, x, u, p, f, ierr)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: x(*)
      real(daskr_dp), intent(in) :: u(*)
      real(daskr_dp), intent(in) :: p(*)
      real(daskr_dp), intent(out) :: f(*)
      integer, intent(out) :: ierr
    end subroutine dsblock_odeder

    !> DAEDER (also DAEOUT): F(1..NX) = F(T,XDOT,X,U,P).
    subroutine dsblock_daeder(t, xdot, x, u, p, f, ierr)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: xdot(*)
      real(daskr_dp), intent(in) :: x(*)
      real(daskr_dp), intent(in) :: u(*)
      real(daskr_dp), intent(in) :: p(*)
      real(daskr_dp), intent(out) :: f(*)
      integer, intent(out) :: ierr
    end subroutine dsblock_daeder

    !> JACFX of an ODE: FX = df/dX, dense FX(LDFX,NX), band
    !> FX(I-J+MU+1,J) with LDFX = ML+MU+1, or sparse FX(K) for pattern
    !> entry K (LDFX = NNZ).  FX is zero on entry.
    subroutine dsblock_jacfx_ode(t, x, u, p, fx, ldfx, ierr)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: x(*)
      real(daskr_dp), intent(in) :: u(*)
      real(daskr_dp), intent(in) :: p(*)
      real(daskr_dp), intent(inout) :: fx(*)
      integer, intent(in) :: ldfx
      integer, intent(out) :: ierr
    end subroutine dsblock_jacfx_ode

    !> JACFX of a DAE: FX = dF/dX + CJ*dF/dXDOT, stored as for the ODE.
    subroutine dsblock_jacfx_dae(t, xdot, x, u, p, cj, fx, ldfx, ierr)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(in) :: xdot(*)
      real(daskr_dp), intent(in) :: x(*)
      real(daskr_dp), intent(in) :: u(*)
      real(daskr_dp), intent(in) :: p(*)
      real(daskr_dp), intent(in) :: cj
      real(daskr_dp), intent(inout) :: fx(*)
      integer, intent(in) :: ldfx
      integer, intent(out) :: ierr
    end subroutine dsblock_jacfx_dae

    !> The input signals U(1..NU) at T.
    subroutine dsblock_input(t, u, ierr)
      import :: daskr_dp
      real(daskr_dp), intent(in) :: t
      real(daskr_dp), intent(out) :: u(*)
      integer, intent(out) :: ierr
    end subroutine dsblock_input
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

    !> SDASKR, the DAE solver in single precision (DASKR's sdaskr.f):
    !> DDASKR's argument list and meanings with REAL(DASKR_SP) reals;
    !> RWORK positions and lengths count REAL words.
    subroutine sdaskr(res, neq, t, y, yprime, tout, info, rtol, atol, &
                      idid, rwork, lrw, iwork, liw, rpar, ipar, jac, &
                      psol, rt, nrt, jroot)
      import :: daskr_sp, sdaskr_res, sdaskr_rt
      procedure(sdaskr_res) :: res
      integer, intent(in) :: neq
      real(daskr_sp), intent(inout) :: t
      real(daskr_sp), intent(inout) :: y(*)
      real(daskr_sp), intent(inout) :: yprime(*)
      real(daskr_sp), intent(in) :: tout
      integer, intent(inout) :: info(*)
      real(daskr_sp), intent(inout) :: rtol(*)
      real(daskr_sp), intent(inout) :: atol(*)
      integer, intent(out) :: idid
      real(daskr_sp), intent(inout) :: rwork(*)
      integer, intent(in) :: lrw
      integer, intent(inout) :: iwork(*)
      integer, intent(in) :: liw
      real(daskr_sp), intent(inout) :: rpar(*)
      integer, intent(inout) :: ipar(*)
      external :: jac
      external :: psol
      procedure(sdaskr_rt) :: rt
      integer, intent(in) :: nrt
      integer, intent(inout) :: jroot(*)
    end subroutine sdaskr

    !> Message switch: MFLAG = 0 silences DDASKR's messages, 1 turns
    !> them back on (other values are ignored).
    subroutine xsetf(mflag)
      integer, intent(in) :: mflag
    end subroutine xsetf

    !> Fortran unit for DDASKR's messages (LUN > 0; default 6).
    subroutine xsetun(lun)
      integer, intent(in) :: lun
    end subroutine xsetun

    !> The hybrid DAE solver with state events; the 37 arguments as
    !> this library documents DSL48E.  IEVENT is 0 unless an event is
    !> returned; IDISCON and TEVT are written only with an event (or
    !> IDID = -15, -16).  With INFO(12) = NP > 0, Z and ZDOT hold
    !> NEQ*(NP+1) values (the sensitivities after the states) and
    !> SENRHS (DSL48E_SENRHS) gives dF/dP with INFO(15) = 0; it is
    !> never called otherwise.
    subroutine dsl48e(res, senrhs, neq, time, z, zdot, tout, info, rtol, &
                      atol, idid, rwork, lrw, iwork, liw, rpar, ipar, jac, &
                      nejac, jrow, jcol, jydot, njydot, jdtype, bounds, &
                      ievent, idiscon, nc, nd, isc, tevt, lievwk, ievwk, &
                      lrevwk, revwk, stchange, evtderiv)
      import :: daskr_dp, dsl48e_res, dsl48e_jac, dsl48e_stchange, &
                dsl48e_evtderiv
      procedure(dsl48e_res) :: res
      external :: senrhs
      integer, intent(in) :: neq
      real(daskr_dp), intent(inout) :: time
      real(daskr_dp), intent(inout) :: z(*)
      real(daskr_dp), intent(inout) :: zdot(*)
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
      procedure(dsl48e_jac) :: jac
      integer, intent(in) :: nejac
      integer, intent(in) :: jrow(*)
      integer, intent(in) :: jcol(*)
      integer, intent(in) :: jydot(*)
      integer, intent(in) :: njydot
      integer, intent(in) :: jdtype
      real(daskr_dp), intent(in) :: bounds(*)
      integer, intent(out) :: ievent
      integer, intent(inout) :: idiscon
      integer, intent(in) :: nc
      integer, intent(in) :: nd
      integer, intent(in) :: isc(*)
      real(daskr_dp), intent(inout) :: tevt
      integer, intent(in) :: lievwk
      integer, intent(inout) :: ievwk(*)
      integer, intent(in) :: lrevwk
      real(daskr_dp), intent(inout) :: revwk(*)
      procedure(dsl48e_stchange) :: stchange
      procedure(dsl48e_evtderiv) :: evtderiv
    end subroutine dsl48e

    !> DSBSIM: a SLICOT-standard model (ODEDER/DAEDER, JACFX, input
    !> function, ODEOUT/DAEOUT) integrated by DDASKR over TOUT(1..NT);
    !> Y(1..NY,K) are the outputs at TOUT(K).  Arguments, IOPT and INFO
    !> as in daskr.h and the README.
    subroutine dsbsim(itype, nx, nu, np, ny, deriv, output, jacfx, &
                      input, p, t, x, xdot, nt, tout, y, ldy, rtol, &
                      atol, iopt, irow, icol, info)
      import :: daskr_dp, dsblock_input
      integer, intent(in) :: itype
      integer, intent(in) :: nx
      integer, intent(in) :: nu
      integer, intent(in) :: np
      integer, intent(in) :: ny
      external :: deriv
      external :: output
      external :: jacfx
      procedure(dsblock_input) :: input
      real(daskr_dp), intent(in) :: p(*)
      real(daskr_dp), intent(inout) :: t
      real(daskr_dp), intent(inout) :: x(*)
      real(daskr_dp), intent(inout) :: xdot(*)
      integer, intent(in) :: nt
      real(daskr_dp), intent(in) :: tout(*)
      real(daskr_dp), intent(inout) :: y(ldy,*)
      integer, intent(in) :: ldy
      real(daskr_dp), intent(in) :: rtol(*)
      real(daskr_dp), intent(in) :: atol(*)
      integer, intent(inout) :: iopt(*)
      integer, intent(in) :: irow(*)
      integer, intent(in) :: icol(*)
      integer, intent(out) :: info
    end subroutine dsbsim
  end interface
end module daskr
