//! The sensitivities through the integrator on a dense direct run: a
//! semi-explicit DAE with closed-form sensitivities, dF/dp by the routine
//! and by both difference quotients, consistent initial sensitivities,
//! the error control on and off.

use super::*;
use crate::core::call::controls::{ic_request, run_config, StepControls};
use crate::core::error::Interrupt;
use crate::core::hook::{EventHook, HookContext, Stop};
use crate::core::initial::IcOption;
use crate::core::integrator::{integrate, Arrays, CallIo, Parts};
use crate::core::interpolate::History;
use crate::core::layout::{iw, rw, Layout, LayoutInput, Method};
use crate::core::linsol::direct::{DirectSolver, MatrixFormat};
use crate::core::messages::CollectMessages;
use crate::core::norms::ToleranceArrays;
use crate::core::problem::{JacobianPoint, MatrixStorage};
use crate::core::stepper::stored_history;

/// y0' = -p0 y0, y1 = p2 y0, y0(0) = p1: y0 = p1 e^(-p0 t).
struct Decay {
    p: [Real; 3],
}

impl DaeSystem for Decay {
    fn residual(&mut self, _t: Real, y: &[Real], yp: &[Real], _cj: Real, r: &mut [Real]) -> CallbackStatus {
        r[0] = yp[0] + self.p[0] * y[0];
        r[1] = y[1] - self.p[2] * y[0];
        CallbackStatus::Ok
    }
    fn parameter_derivative(&mut self, _t: Real, y: &[Real], _yp: &[Real], ip: usize, d: &mut [Real]) -> CallbackStatus {
        match ip {
            0 => d[0] = y[0],
            2 => d[1] = -y[0],
            _ => {}
        }
        CallbackStatus::Ok
    }
    fn parameter(&mut self, slot: usize) -> Option<Real> {
        Some(self.p[slot - 1])
    }
    fn jacobian(&mut self, at: JacobianPoint<'_>, pd: &mut [Real], _s: MatrixStorage) -> CallbackStatus {
        // Column-major 2 x 2.
        pd.copy_from_slice(&[at.cj + self.p[0], -self.p[2], 0.0, 1.0]);
        CallbackStatus::Ok
    }
    fn set_parameter(&mut self, slot: usize, value: Real) {
        self.p[slot - 1] = value;
    }
}

/// The exact sensitivities of (y0, y1) to (p0, p1, p2) at t.
fn exact(p: [Real; 3], t: Real) -> [[Real; 2]; 3] {
    let e = (-p[0] * t).exp();
    let y0 = p[1] * e;
    [[-t * y0, -t * y0 * p[2]], [e, p[2] * e], [0.0, y0]]
}

struct NoEvents;

impl<S: DaeSystem + ?Sized> EventHook<S> for NoEvents {
    fn at_start(&mut self, _: &mut S, _: &mut HookContext<'_, '_>) -> Result<(), Interrupt> {
        Ok(())
    }
    fn on_continuation(&mut self, _: &mut S, _: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
        Ok(None)
    }
    fn after_step(&mut self, _: &mut S, _: &mut HookContext<'_, '_>) -> Result<Option<Stop>, Interrupt> {
        Ok(None)
    }
}

/// One dense run with its sensitivities, owning every array.
struct Run {
    layout: Layout,
    rwork: Vec<Real>,
    iwork: Vec<FInt>,
    t: Real,
    y: Vec<Real>,
    yp: Vec<Real>,
    s: Vec<Real>,
    sp: Vec<Real>,
    phi: Vec<Real>,
    e: Vec<Real>,
    wt: Vec<Real>,
    counters: SensCounters,
    first: bool,
}

const NP: usize = 3;
const ID: [FInt; 2] = [1, -1];

impl Run {
    fn new(p: [Real; 3]) -> Self {
        let n = 2;
        let method = Method::Direct { format: MatrixFormat::Dense, source: JacobianSource::DifferenceQuotients };
        let layout = Layout::compute(&LayoutInput {
            neq: n as FInt,
            nrt: 0,
            maxord: 5,
            method,
            constraints_in_iwork: false,
            id_in_iwork: true,
            separate_vt: false,
        })
        .unwrap();
        let (rwork, mut iwork) = (vec![0.0; layout.lenrw], vec![0; layout.leniw]);
        let id = layout.id.unwrap();
        iwork[id..id + n].copy_from_slice(&ID);
        for (pos, v) in [(iw::MXNIT, 5), (iw::MXNJ, 6), (iw::MXNH, 5), (iw::LSOFF, 0)] {
            iwork[pos - 1] = v;
        }
        // Inconsistent algebraic values and derivatives: the start computes them.
        let mut s = vec![0.0; NP * n];
        s[2] = 1.0; // d y0(0) / d p1
        Run {
            layout,
            rwork,
            iwork,
            t: 0.0,
            y: vec![p[1], 0.0],
            yp: vec![0.0, 0.0],
            s,
            sp: vec![0.0; NP * n],
            phi: vec![0.0; NP * 6 * n],
            e: vec![0.0; NP * n],
            wt: vec![0.0; NP * n],
            counters: SensCounters::default(),
            first: true,
        }
    }

    fn to(&mut self, sys: &mut Decay, opts: SensOptions, tout: Real, rtol: Real, source: JacobianSource) -> Result<FInt, Interrupt> {
        let n = self.layout.neq;
        let controls = StepControls::default();
        // No TSTOP, HMAX or H0: run_config reads nothing from RWORK.
        let initial = Some(ic_request(&controls, IcOption::AlgebraicAndDerivatives));
        let cfg = run_config(&controls, &[], self.first, 5, false, initial).expect("valid controls");
        let (rv, iv) = (self.layout.split_rwork(&mut self.rwork), self.layout.split_iwork(&mut self.iwork));
        let (mut a, coef, rest) = Arrays::from_ddaskr(rv, iv);
        let id: &[FInt] = a.id.expect("the run keeps ID");
        let (mut rtol, mut atol) = ([rtol], [rtol]);
        let mut io = CallIo {
            t: &mut self.t,
            y: &mut self.y,
            yp: &mut self.yp,
            tout,
            tol: ToleranceArrays::Separate { rtol: &mut rtol, atol: &mut atol },
        };
        let mut lin = DirectSolver::new(MatrixFormat::Dense, source, n, rest.wm, rest.pivots);
        let params = (0..NP).map(|ip| Parameter { ip, slot: ip + 1, pbar: 1.0 }).collect();
        let arrays =
            SensArrays { s: &mut self.s, sp: &mut self.sp, phi: &mut self.phi, ncphi: 6, e: &mut self.e, wt: &mut self.wt };
        let begin = if self.first { Begin::Start { consistent: true } } else { Begin::Continue };
        let mut sens =
            Sensitivities::new(opts, params, arrays, id, Shape::Dense(n), source, self.counters, begin);
        let mut sink = CollectMessages::default();
        let mut parts = Parts { sys, lin: &mut lin, hook: &mut NoEvents, sink: &mut sink };
        let r = integrate(&mut parts, &mut sens, &mut a, coef, &mut io, &cfg);
        let (kold, psi) = stored_history(coef, &a.ih);
        let hist = History { tn: a.rh.get(rw::TN), kold, phi: &[], psi };
        sens.output(hist.tn, hist.kold, hist.psi, self.t);
        self.counters = sens.counters;
        self.first = false;
        r
    }
}

fn options(dfdp: DfdpSource, error_control: bool) -> SensOptions {
    SensOptions { np: NP, error_control, dfdp, jump: JumpRule::Continuous }
}

/// The run's sensitivities against the closed form at `tout`, within
/// `tol*(1 + |s|)`.
fn check(run: &Run, p: [Real; 3], tout: Real, tol: Real, what: &str) {
    let want = exact(p, tout);
    for (i, w) in want.iter().enumerate() {
        for (j, &wj) in w.iter().enumerate() {
            let got = run.s[i * 2 + j];
            assert!((got - wj).abs() < tol * (1.0 + wj.abs()), "{what}: s{i}[{j}]({tout}) = {got}, exact {wj}");
        }
    }
    // s0' = -p0 s0 - y0 (the differential entry).
    let sp0 = -p[0] * want[0][0] - p[1] * (-p[0] * tout).exp();
    assert!((run.sp[0] - sp0).abs() < 10.0 * tol * (1.0 + sp0.abs()), "{what}: s0'({tout}) = {}, exact {sp0}", run.sp[0]);
}

#[test]
fn closed_form_sensitivities_by_every_dfdp_source() {
    let p = [0.7, 2.0, 3.0];
    // Forward differences (in p, or of the Jacobian) carry errors of about
    // sqrt(UROUND): they are run at RTOL = 1e-6.
    let cases = [
        (DfdpSource::Routine, JacobianSource::User, 1e-8),
        (DfdpSource::Centred, JacobianSource::User, 1e-8),
        (DfdpSource::Forward, JacobianSource::User, 1e-6),
        (DfdpSource::Routine, JacobianSource::DifferenceQuotients, 1e-6),
        (DfdpSource::Centred, JacobianSource::DifferenceQuotients, 1e-6),
    ];
    for (dfdp, source, rtol) in cases {
        for error_control in [true, false] {
            let what = format!("{dfdp:?}, {source:?}, RTOL {rtol}, error control {error_control}");
            let mut run = Run::new(p);
            let mut sys = Decay { p };
            for tout in [0.5, 1.0, 2.0] {
                assert_eq!(run.to(&mut sys, options(dfdp, error_control), tout, rtol, source), Ok(3), "{what}");
                check(&run, p, tout, 100.0 * rtol, &what);
            }
            assert_eq!(sys.p.map(Real::to_bits), p.map(Real::to_bits), "the parameters are restored");
            let c = run.counters;
            assert!(c.nsni > 0 && c.nscfn == 0, "{c:?}");
            assert!(run.iwork[iw::NST - 1] < 200, "{what}: {} steps", run.iwork[iw::NST - 1]);
            match dfdp {
                DfdpSource::Routine => assert!(c.nsrhs > 0),
                _ => assert_eq!(c.nsrhs, 0),
            }
        }
    }
}

#[test]
fn error_control_takes_more_steps_than_convergence_only() {
    let p = [0.7, 2.0, 3.0];
    let steps = |error_control| {
        let mut run = Run::new(p);
        let mut sys = Decay { p };
        assert_eq!(run.to(&mut sys, options(DfdpSource::Routine, error_control), 4.0, 1e-6, JacobianSource::User), Ok(3));
        run.iwork[iw::NST - 1]
    };
    let (with, without) = (steps(true), steps(false));
    assert!(with >= without, "{with} {without}");
}
