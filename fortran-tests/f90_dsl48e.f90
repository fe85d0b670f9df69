! F90_DSL48E -- a free-form Fortran 90 program that calls DSL48E through
! the explicit interfaces of include/daskr.f90 (`use daskr`).
!
! Problem: a tank filled by a pump at the rate QIN = 1, with an outlet
! valve that opens when the level H reaches HHI = 1 and closes when the
! outflow Q falls to QLO = K*HLO = 2 (level HLO = 0.5), K = 4; the pump
! stops at TOFF = 3.5.  Modes: valve V (0 closed, 1 open) and pump P
! (1 on, 0 off), kept in IPAR(1:2); the model locked in a mode is
!
!    H' = P*QIN - Q,   0 = Q - V*K*H      (H differential, Q algebraic)
!
! with three state conditions of one discontinuity function each (NC =
! 3, ISC = (1,1,1), ND = 3), Z = (H, Q, D1, D2, D3), JYDOT = (1):
!    1: H >= HHI    F3 = D1 - (H - HHI)   event if it turns true, V = 0
!    2: Q <= QLO    F4 = D2 - (QLO - Q)   event if it turns true, V = 1
!                   (a function of the algebraic variable)
!    3: T >= TOFF   F5 = D3 - (T - TOFF)  event if it turns true, P = 1
!                   (explicit time dependence: EVTDERIV sets D(5) = -1
!                   and ALPHA = 1 for it)
! D1 also turns false after every opening (H falls below HHI with the
! valve open): STCHANGE answers 0 there, which is no event.
!
! Closed form: closed with the pump on, H = H0 + QIN*(T - T0); open
! with the pump on, H = HEQ + (H0 - HEQ)*EXP(-K*(T - T0)), HEQ = QIN/K
! = 0.25; open with the pump off, H = H0*EXP(-K*(T - T0)); closed with
! the pump off, H = H0.  From H(0) = 0 (closed, pump on): openings at
! 1 + (J-1)*PER, closings at 1 + LN(3)/4 + (J-1)*PER, PER = 0.5 +
! LN(3)/4, J = 1..4 (the fourth closing is pre-empted), the pump stop
! at 3.5 with the valve open, the last closing at 3.5 + LN(H(3.5)/HLO)/4
! = 3.554..., then H = 0.5 to TEND = 5: 9 events.
!
! Runs: RTOL = ATOL = 1D-8 with the module procedure JAC (JDTYPE = 1),
! RTOL = ATOL = 1D-6 with JDTYPE = 0 and a plain EXTERNAL dummy JAC;
! answers at TOUT = 0.3125, 0.625, ..., TEND = 5 (INFO(3) = 0; no event
! lies within 0.01 of a TOUT); and once more with JDTYPE = 1 and TOUT =
! 0.25, 0.5, ..., where the opening at T = 1 and the pump stop at 3.5 lie
! exactly on a TOUT (the polished event is one tolerance past its
! crossing, so TOUT must come first); each event returned before its TOUT, the
! model re-locked and restarted at TEVT with INFO(1) = 0, INFO(11) = 1
! and the same TOUT.  EWH = RTOL*1 + ATOL (the scale of H is 1);
! CDG = 10 error weights for the polishing offset |Delta g*|, CINT = 10
! for the integration error of one phase; every |dH/dT| at an event is
! >= VMIN = 1 and the pump stop is an event in T itself.  Checks:
!  * each event: IDID = 1, IEVENT the expected condition, IDISCON = 1,
!    TEVT = TIME <= TOUT, the triggering D on its new side (>= 0) within CDG*EWH,
!    Z/ZDOT consistent for the old mode (residual within 10*(RTOL*(|Z| +
!    |ZDOT|) + ATOL));
!  * event time against the closed form from the previous restart point
!    (local, within (CDG + CINT)*EWH/VMIN) and against the closed form
!    from T = 0 (global, within NEV*(CDG + CINT)*EWH/VMIN: each event
!    inherits the earlier ones' errors);
!  * exactly 9 events, in the expected order; IDID = 3 at every TOUT with
!    H within CINT*EWH of the closed form from the last restart, Q =
!    V*K*H; H(5) within (CDG + CINT)*EWH of 0.5;
!  * RES calls counted in IPAR(7) since the last (re)start equal IWORK(12)
!    after every return; STCHANGE answered 0 at least 4 times (the
!    fall of H below HHI after each opening); EVTDERIV called for every
!    event; JAC called with JDTYPE = 1 only; the documented entry values
!    hold (ICHANGE = 0, ICODE = 0, D = 0, PD = 0) and ISTATE, IDISCON,
!    NDI, NC, ND, ISC, NEJAC, JROW, JCOL are as given;
!  * IWORK(17), IWORK(18) within LIW, LRW (the documented ceilings);
!  * SENRHS (a dummy EXTERNAL routine) is never called.
! The last line printed is PASS F90_DSL48E or FAIL F90_DSL48E: reason.
module f90tank
  use daskr, only: daskr_dp
  implicit none
  private
  integer, parameter :: dp = daskr_dp

  ! RPAR = (QIN, K, HHI, HLO, TOFF).
  ! IPAR = (V, P, STCHANGE calls, of them answered 0, EVTDERIV calls,
  !         JAC calls, RES calls, violations of the documented calls).
  integer, parameter, public :: ip_v = 1, ip_p = 2, ip_nstc = 3, &
                                ip_nstc0 = 4, ip_nevd = 5, ip_njac = 6, &
                                ip_nres = 7, ip_bad = 8

  public :: res, jac, stchange, evtderiv
contains
  !> The tank locked in mode (V, P) = IPAR(1:2).
  subroutine res(neq, t, z, zdot, delta, ires, ichvar, rpar, ipar)
    integer, intent(in) :: neq
    real(dp), intent(in) :: t
    real(dp), intent(in) :: z(*)
    real(dp), intent(in) :: zdot(*)
    real(dp), intent(out) :: delta(*)
    integer, intent(inout) :: ires
    integer, intent(in) :: ichvar
    real(dp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    real(dp) :: v, p

    v = real(ipar(ip_v), dp)
    p = real(ipar(ip_p), dp)
    delta(1) = zdot(1) - p*rpar(1) + z(2)
    delta(2) = z(2) - v*rpar(2)*z(1)
    delta(3) = z(3) - (z(1) - rpar(3))
    delta(4) = z(4) - (rpar(2)*rpar(4) - z(2))
    delta(5) = z(5) - (t - rpar(5))
    ipar(ip_nres) = ipar(ip_nres) + 1
    if (neq /= 5 .or. ichvar /= 0 .or. ires /= 0) ipar(ip_bad) = ipar(ip_bad) + 1
  end subroutine res

  !> PD(K) = dF(JROW(K))/dZ(JCOL(K)) + CJ*dF(JROW(K))/dZDOT(JCOL(K)).
  subroutine jac(neq, t, z, zdot, cj, nejac, jrow, jcol, pd, ires, rpar, ipar)
    integer, intent(in) :: neq
    real(dp), intent(in) :: t
    real(dp), intent(in) :: z(*)
    real(dp), intent(in) :: zdot(*)
    real(dp), intent(in) :: cj
    integer, intent(in) :: nejac
    integer, intent(in) :: jrow(*)
    integer, intent(in) :: jcol(*)
    real(dp), intent(inout) :: pd(*)
    integer, intent(inout) :: ires
    real(dp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    integer :: k, i, j

    ipar(ip_njac) = ipar(ip_njac) + 1
    if (neq /= 5 .or. nejac /= 9) ipar(ip_bad) = ipar(ip_bad) + 1
    do k = 1, nejac
      if (pd(k) /= 0.0_dp) ipar(ip_bad) = ipar(ip_bad) + 1
      i = jrow(k)
      j = jcol(k)
      if (i == 1 .and. j == 1) then
        pd(k) = cj
      else if (i == 2 .and. j == 1) then
        pd(k) = -real(ipar(ip_v), dp)*rpar(2)
      else if (i == 3 .and. j == 1) then
        pd(k) = -1.0_dp
      else if (i == j .or. (i == 1 .and. j == 2) .or. (i == 4 .and. j == 2)) then
        pd(k) = 1.0_dp
      else
        ! Not in the pattern given to DSL48E.
        ipar(ip_bad) = ipar(ip_bad) + 1
        ires = -2
      end if
    end do
  end subroutine jac

  !> Condition 1 (H >= HHI) matters with the valve closed, condition 2
  !> (Q <= QLO) with it open, condition 3 (T >= TOFF) with the pump on.
  subroutine stchange(ichange, istate, neq, nc, nd, isc, t, z, zdot, &
                      rpar, ipar, ndi, ig)
    integer, intent(inout) :: ichange
    integer, intent(in) :: istate
    integer, intent(in) :: neq
    integer, intent(in) :: nc
    integer, intent(in) :: nd
    integer, intent(in) :: isc(*)
    real(dp), intent(in) :: t
    real(dp), intent(in) :: z(*)
    real(dp), intent(in) :: zdot(*)
    real(dp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    integer, intent(in) :: ndi
    integer, intent(in) :: ig(*)
    logical :: now_true

    ipar(ip_nstc) = ipar(ip_nstc) + 1
    if (ichange /= 0 .or. neq /= 5 .or. nc /= 3 .or. nd /= 3 .or. ndi /= 1) &
      ipar(ip_bad) = ipar(ip_bad) + 1
    if (istate < 1 .or. istate > 3) then
      ipar(ip_bad) = ipar(ip_bad) + 1
      return
    end if
    if (isc(istate) /= 1) ipar(ip_bad) = ipar(ip_bad) + 1
    now_true = ig(1) == 1
    ichange = 0
    select case (istate)
    case (1)
      if (now_true .and. ipar(ip_v) == 0) ichange = 1
    case (2)
      if (now_true .and. ipar(ip_v) == 1) ichange = 1
    case (3)
      if (now_true .and. ipar(ip_p) == 1) ichange = 1
    end select
    if (ichange == 0) ipar(ip_nstc0) = ipar(ip_nstc0) + 1
  end subroutine stchange

  !> dF/dT: only F5 = D3 - (T - TOFF) depends on T; ALPHA = dG*/dT is 1
  !> for condition 3 and 0 for the others.
  subroutine evtderiv(icode, istate, idiscon, neq, nc, nd, isc, time, z, &
                      zdot, rpar, ipar, d, alpha)
    integer, intent(inout) :: icode
    integer, intent(in) :: istate
    integer, intent(in) :: idiscon
    integer, intent(in) :: neq
    integer, intent(in) :: nc
    integer, intent(in) :: nd
    integer, intent(in) :: isc(*)
    real(dp), intent(in) :: time
    real(dp), intent(in) :: z(*)
    real(dp), intent(in) :: zdot(*)
    real(dp), intent(inout) :: rpar(*)
    integer, intent(inout) :: ipar(*)
    real(dp), intent(inout) :: d(*)
    real(dp), intent(out) :: alpha

    ipar(ip_nevd) = ipar(ip_nevd) + 1
    if (icode /= 0 .or. any(d(1:neq) /= 0.0_dp)) ipar(ip_bad) = ipar(ip_bad) + 1
    if (idiscon /= 1 .or. istate < 1 .or. istate > nc .or. nd /= 3) then
      ipar(ip_bad) = ipar(ip_bad) + 1
    else if (isc(istate) /= 1) then
      ipar(ip_bad) = ipar(ip_bad) + 1
    end if
    d(1:neq) = 0.0_dp
    d(5) = -1.0_dp
    alpha = 0.0_dp
    if (istate == 3) alpha = 1.0_dp
  end subroutine evtderiv
end module f90tank

program f90_dsl48e
  use daskr
  use f90tank
  implicit none
  integer, parameter :: dp = daskr_dp
  integer, parameter :: neq = 5, nx = 1, nejac = 9, nc = 3, nd = 3
  ! The documented ceilings of the minimum lengths, and the scratch
  ! minimums: LIEVWK >= MAX(NX + MAX ISC, NEQ), LREVWK >= (Q+1)*ND + Q +
  ! 5*NEQ + 40 with Q = 5.
  integer, parameter :: lrw = 60 + 10*neq + nejac + 3*nd, liw = 40 + 2*neq + nd
  integer, parameter :: lievwk = max(nx + 1, neq), lrevwk = 6*nd + 5 + 5*neq + 40
  integer, parameter :: jrow(nejac) = [1, 1, 2, 2, 3, 3, 4, 4, 5]
  integer, parameter :: jcol(nejac) = [1, 2, 1, 2, 1, 3, 2, 4, 5]
  integer, parameter :: jydot(nx) = [1]
  integer, parameter :: isc(nc) = [1, 1, 1]
  integer, parameter :: nexp = 9
  real(dp), parameter :: qin = 1.0_dp, rk = 4.0_dp, hhi = 1.0_dp, hlo = 0.5_dp
  real(dp), parameter :: toff = 3.5_dp, tend = 5.0_dp
  real(dp), parameter :: heq = qin/rk
  real(dp), parameter :: cdg = 10.0_dp, cint = 10.0_dp, cres = 10.0_dp
  real(dp), parameter :: vmin = 1.0_dp
  external :: nosens, nojac

  real(dp) :: texp(nexp), hend
  integer :: kexp(nexp)
  logical :: ok
  character(len=80) :: why

  ok = .true.
  why = ' '
  call exact_events(texp, kexp, hend)
  write(*, '(a)') ' F90_DSL48E: tank with a hysteresis valve and a pump stop, 9 events'
  call run(1, 1.0e-8_dp, 0.3125_dp)
  call run(0, 1.0e-6_dp, 0.3125_dp)
  ! Outputs every 0.25: the first opening (T = 1) and the pump stop
  ! (T = 3.5) lie exactly on a TOUT.
  call run(1, 1.0e-8_dp, 0.25_dp)

  if (ok) then
    write(*, '(a)') 'PASS F90_DSL48E'
  else
    write(*, '(a)') 'FAIL F90_DSL48E: ' // trim(why)
    stop 1
  end if

contains
  !> The events of the exact solution from H(0) = 0, valve closed, pump
  !> on: times, conditions, and H after the last one.
  subroutine exact_events(te, ke, hlast)
    real(dp), intent(out) :: te(nexp), hlast
    integer, intent(out) :: ke(nexp)
    real(dp) :: t, h, tnext, hnext
    integer :: v, p, n, knext

    t = 0.0_dp
    h = 0.0_dp
    v = 0
    p = 1
    n = 0
    do
      ! The first of: the valve's switch (condition 1 or 2), the pump stop.
      knext = 0
      tnext = huge(1.0_dp)
      if (v == 0 .and. p == 1) then
        knext = 1
        tnext = t + (hhi - h)/qin
      else if (v == 1 .and. p == 1) then
        knext = 2
        tnext = t + log((h - heq)/(hlo - heq))/rk
      else if (v == 1) then
        knext = 2
        tnext = t + log(h/hlo)/rk
      end if
      if (p == 1 .and. toff < tnext) then
        knext = 3
        tnext = toff
      end if
      if (knext == 0 .or. tnext > tend) exit
      hnext = level(v, p, t, h, tnext)
      n = n + 1
      if (n > nexp) exit
      te(n) = tnext
      ke(n) = knext
      t = tnext
      h = hnext
      select case (knext)
      case (1)
        v = 1
      case (2)
        v = 0
      case (3)
        p = 0
      end select
    end do
    hlast = level(v, p, t, h, tend)
    if (n /= nexp) call fail('closed form does not give 9 events')
  end subroutine exact_events

  !> H at T in mode (V, P) from H0 at T0 (closed form).
  pure function level(v, p, t0, h0, t) result(h)
    integer, intent(in) :: v, p
    real(dp), intent(in) :: t0, h0, t
    real(dp) :: h
    if (v == 0) then
      h = h0 + real(p, dp)*qin*(t - t0)
    else if (p == 1) then
      h = heq + (h0 - heq)*exp(-rk*(t - t0))
    else
      h = h0*exp(-rk*(t - t0))
    end if
  end function level

  !> The time of the next event from (T0, H0) in mode (V, P) (closed
  !> form), and its condition.
  subroutine next_event(v, p, t0, h0, tn, kn)
    integer, intent(in) :: v, p
    real(dp), intent(in) :: t0, h0
    real(dp), intent(out) :: tn
    integer, intent(out) :: kn
    tn = huge(1.0_dp)
    kn = 0
    if (v == 0 .and. p == 1) then
      tn = t0 + (hhi - h0)/qin
      kn = 1
    else if (v == 1 .and. p == 1) then
      tn = t0 + log((h0 - heq)/(hlo - heq))/rk
      kn = 2
    else if (v == 1) then
      tn = t0 + log(h0/hlo)/rk
      kn = 2
    end if
    if (p == 1 .and. toff < tn) then
      tn = toff
      kn = 3
    end if
  end subroutine next_event

  !> One integration from T = 0 to TEND with JDTYPE and RTOL = ATOL = TOL.
  subroutine run(jdtype, tol, dtout)
    integer, intent(in) :: jdtype
    real(dp), intent(in) :: tol, dtout
    real(dp) :: z(neq), zdot(neq), delta(neq), rtol(1), atol(1), bdum(1)
    real(dp) :: rwork(lrw), revwk(lrevwk), rpar(5)
    real(dp) :: time, tout, tevt, t0, h0, ewh, tloc, errloc, errglob
    real(dp) :: tolloc, tolglob, maxloc, maxglob, hx
    integer :: info(20), iwork(liw), ievwk(lievwk), ipar(8), ipcopy(8)
    integer :: idid, ievent, idiscon, ncall, nev, nout, i, ires, kn

    write(*, '(/a,es8.1,a,i2)') ' RUN: RTOL = ATOL =', tol, ', JDTYPE =', jdtype
    rtol(1) = tol
    atol(1) = tol
    ewh = tol*1.0_dp + tol
    rpar = [qin, rk, hhi, hlo, toff]
    ipar = 0
    ipar(ip_v) = 0
    ipar(ip_p) = 1
    info = 0
    rwork = 0.0_dp
    iwork = 0
    bdum = 0.0_dp
    ! A consistent start: H = 0, Q = 0, D = (H - HHI, QLO - Q, T - TOFF).
    time = 0.0_dp
    z = [0.0_dp, 0.0_dp, -hhi, rk*hlo, -toff]
    zdot = [qin, 0.0_dp, qin, 0.0_dp, 1.0_dp]
    tevt = -1.0_dp
    idiscon = -1
    t0 = time
    h0 = z(1)
    nev = 0
    nout = 1
    ncall = 0
    maxloc = 0.0_dp
    maxglob = 0.0_dp
    tout = dtout
    do
      if (jdtype == 1) then
        call dsl48e(res, nosens, neq, time, z, zdot, tout, info, rtol, atol, &
                    idid, rwork, lrw, iwork, liw, rpar, ipar, jac, nejac, &
                    jrow, jcol, jydot, nx, jdtype, bdum, ievent, idiscon, &
                    nc, nd, isc, tevt, lievwk, ievwk, lrevwk, revwk, &
                    stchange, evtderiv)
      else
        call dsl48e(res, nosens, neq, time, z, zdot, tout, info, rtol, atol, &
                    idid, rwork, lrw, iwork, liw, rpar, ipar, nojac, nejac, &
                    jrow, jcol, jydot, nx, jdtype, bdum, ievent, idiscon, &
                    nc, nd, isc, tevt, lievwk, ievwk, lrevwk, revwk, &
                    stchange, evtderiv)
      end if
      ncall = ncall + 1
      if (idid < 0 .or. ncall > 500) then
        write(*, '(a,i4,a,f10.6)') '   IDID =', idid, ' at T =', time
        call fail('integration failed')
        exit
      end if
      if (iwork(17) > liw .or. iwork(18) > lrw) call fail('IWORK(17..18) above the ceilings')
      if (ipar(ip_nres) /= iwork(12)) then
        write(*, '(a,i6,a,i6)') '   RES calls', ipar(ip_nres), ', IWORK(12) =', iwork(12)
        call fail('RES calls since the restart differ from IWORK(12)')
      end if

      if (ievent /= 0) then
        ! ---- An event: check it, switch the mode, restart at TEVT ----
        nev = nev + 1
        if (nev > nexp) then
          write(*, '(a,i2,a,f16.12,a,es10.2)') '   extra event, condition', ievent, &
               ' at T =', time, ' H =', z(1)
          call fail('extra event (sticking or false event)')
          exit
        end if
        call next_event(ipar(ip_v), ipar(ip_p), t0, h0, tloc, kn)
        errloc = abs(time - tloc)
        errglob = abs(time - texp(nev))
        tolloc = (cdg + cint)*ewh/vmin
        tolglob = nev*(cdg + cint)*ewh/vmin
        maxloc = max(maxloc, errloc)
        maxglob = max(maxglob, errglob)
        write(*, '(a,i2,a,i1,a,f15.12,a,2es9.2,a,2es9.2,a,es9.2)') '   event', nev, &
             ' cond', ievent, ' T =', time, ' err loc/glob', errloc, errglob, &
             ' tol', tolloc, tolglob, ' D =', z(2 + max(1, min(ievent, nc)))
        if (idid /= 1 .or. idiscon /= 1) then
          write(*, '(a,3i4)') '   IDID, IEVENT, IDISCON =', idid, ievent, idiscon
          call fail('event return: IDID or IDISCON wrong')
        end if
        if (ievent /= kexp(nev) .or. ievent /= kn) then
          call fail('event of the wrong condition')
          exit
        end if
        if (tevt /= time) call fail('TEVT is not TIME')
        if (time > tout) call fail('event returned beyond TOUT')
        if (errloc > tolloc) call fail('event time wrong (from the last restart)')
        if (errglob > tolglob) call fail('event time wrong (from T = 0)')
        if (z(2 + ievent) < 0.0_dp) call fail('triggering D not on its new side')
        if (abs(z(2 + ievent)) > cdg*ewh) call fail('|Delta g*| above 10 error weights')
        ipcopy = ipar
        ires = 0
        call res(neq, time, z, zdot, delta, ires, 0, rpar, ipcopy)
        do i = 1, neq
          if (abs(delta(i)) > cres*(tol*(abs(z(i)) + abs(zdot(i))) + tol)) then
            write(*, '(a,i2,a,es10.2)') '   residual', i, ' =', delta(i)
            call fail('Z, ZDOT not consistent at an event')
          end if
        end do
        ! Re-lock the model in the new mode and restart here.
        select case (ievent)
        case (1)
          ipar(ip_v) = 1
        case (2)
          ipar(ip_v) = 0
        case (3)
          ipar(ip_p) = 0
        end select
        ipar(ip_nres) = 0
        t0 = time
        h0 = z(1)
        info(1) = 0
        info(11) = 1
        cycle
      end if

      ! ---- An answer at TOUT ----
      if (idid /= 3 .or. time /= tout) then
        write(*, '(a,i4,a,f10.6)') '   IDID =', idid, ' at T =', time
        call fail('no event and not IDID = 3 at TOUT')
        exit
      end if
      hx = level(ipar(ip_v), ipar(ip_p), t0, h0, time)
      if (abs(z(1) - hx) > cint*ewh) then
        write(*, '(a,f8.3,a,f16.12,a,f16.12)') '   T =', time, ' H =', z(1), ' exact', hx
        call fail('H at TOUT differs from the closed form')
      end if
      if (abs(z(2) - ipar(ip_v)*rk*z(1)) > cres*(tol*abs(z(2)) + tol)) &
        call fail('Q at TOUT is not V*K*H')
      if (tout >= tend) exit
      nout = nout + 1
      tout = nout*dtout
    end do

    write(*, '(a,i3,a,f6.2,a,f16.12,a,f16.12,a)') '   end: events =', nev, &
         ' T =', time, ' H =', z(1), ' (', hend, ')'
    write(*, '(a,2es10.2)') '   largest event time error, local and global:', maxloc, maxglob
    write(*, '(a,i5,a,i4,a,i4,a,i5,a,i2)') '   STCHANGE calls', ipar(ip_nstc), &
         ' (', ipar(ip_nstc0), ' answered 0), EVTDERIV calls', ipar(ip_nevd), &
         ', JAC calls', ipar(ip_njac), ', violations', ipar(ip_bad)
    if (nev /= nexp) call fail('not 9 events')
    if (idid /= 3 .or. time /= tend) call fail('did not end with IDID = 3 at TEND')
    if (abs(z(1) - hend) > (cdg + cint)*ewh) call fail('final level wrong')
    if (ipar(ip_v) /= 0 .or. ipar(ip_p) /= 0) call fail('final mode wrong')
    if (ipar(ip_nstc0) < 4) call fail('falls of H below HHI not given to STCHANGE')
    if (ipar(ip_nevd) < nev) call fail('EVTDERIV not called for every event')
    if (jdtype == 1 .and. ipar(ip_njac) == 0) call fail('JAC never called with JDTYPE = 1')
    if (jdtype == 0 .and. ipar(ip_njac) /= 0) call fail('JAC called with JDTYPE = 0')
    if (ipar(ip_bad) /= 0) call fail('a callback got unexpected arguments or entry values')
  end subroutine run

  subroutine fail(text)
    character(len=*), intent(in) :: text
    write(*, '(2a)') '   *** ', text
    if (ok) why = text
    ok = .false.
  end subroutine fail
end program f90_dsl48e

! SENRHS is reserved: DSL48E never calls it.
subroutine nosens()
  implicit none
  write(*, '(a)') 'FAIL F90_DSL48E: SENRHS was called'
  stop 1
end subroutine nosens

! A dummy JAC for JDTYPE = 0: never called.
subroutine nojac()
  implicit none
  write(*, '(a)') 'FAIL F90_DSL48E: the dummy JAC was called'
  stop 1
end subroutine nojac
