//! Consistent initial conditions (INFO(11) = 1 or 2): a damped Newton
//! iteration with line search and optional sign constraints (DDASIC with
//! DDASID/DNSID/DLINSD for the direct methods and DDASIK/DNSIK/DLINSK for
//! Krylov: one iteration over any [`LinearSolver`], the differences being
//! the solver's [`Policy`]; DFNRMD/DFNRMK, DYYPNW, DCNSTR).
//!
//! Option 1: given the differential components Y_d (ID(i) = +1), compute
//! the algebraic components Y_a (ID(i) = -1) and Y'_d, using an artificial
//! step size H (retried with H/10 up to MXNH values). Option 2: given Y',
//! compute Y (CJ = 0).
//!
//! Residuals are measured through the solver's preconditioner P^-1 (the
//! exact inverse for a direct solver). For an exact solver the
//! preconditioned residual is the Newton step itself; an iterative solver
//! computes the step with a separate solve.

use super::constraints::Constraints;
use super::counters::{bump, Counters};
use super::linsol::{LinearFailure, LinearSolver, Policy, Setup, SolvePoint};
use super::messages::{MessageLine, MessageSink};
use super::norms::weighted_rms_norm;
use super::problem::{CallbackStatus, DaeSystem};
use crate::types::{FInt, Real};

/// Factor applied to H before another attempt (DDASIC's RHCUT).
pub const H_CUT: Real = 0.1;
/// Rate below which a non-converged iteration still counts as converging
/// (DDASIC's RATEMX).
pub const MAX_RATE: Real = 0.8;
/// Armijo constant of the line search (DLINSD's ALPHA).
const ARMIJO: Real = 1.0e-4;
/// Initial bound on the relative change of constrained components.
const MAX_RELATIVE_CHANGE: Real = 0.4;
/// Step reduction after a constraint violation (DCNSTR's FAC).
const CONSTRAINT_CUT: Real = 0.6;
/// Safety factor for the relative-change bound (DCNSTR's FAC2).
const CONSTRAINT_SAFETY: Real = 0.9;

/// The IC heuristics (INFO(17) controls), defaulted as DASKR does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IcControls {
    /// MXNIT: Newton iterations per Jacobian.
    pub max_iterations: usize,
    /// MXNJ: Jacobian evaluations per H value.
    pub max_jacobians: usize,
    /// MXNH: values of H tried (option 1).
    pub max_h_values: usize,
    /// LSOFF: line search off.
    pub line_search_off: bool,
    /// STPTOL: minimum scaled step in the line search.
    pub step_tolerance: Real,
    /// EPINIT: factor on EPCON in the convergence test.
    pub epinit: Real,
}

impl IcControls {
    /// The caller's INFO(17) = 1 inputs as DASKR accepts them: MXNIT,
    /// MXNJ, MXNH positive, LSOFF 0 or 1, STPTOL and EPINIT positive (NaN
    /// is not).
    pub fn inputs_valid(mxnit: FInt, mxnj: FInt, mxnh: FInt, lsoff: FInt, stptol: Real, epinit: Real) -> bool {
        mxnit > 0 && mxnj > 0 && mxnh > 0 && (0..=1).contains(&lsoff) && stptol > 0.0 && epinit > 0.0
    }
}

/// Which initial-condition problem is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IcOption {
    /// Given Y_d, compute Y_a and Y'_d.
    AlgebraicAndDerivatives,
    /// Given Y', compute Y.
    States,
}

/// The calculation failed (IDID = -12), or RES asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IcFailure {
    Failed,
    Stop,
}

/// Vectors used by the calculation; `save_y`, `save_yp`, `y_new`,
/// `yp_new` are scratch (DASKR lends PHI's columns 1..4).
pub struct IcVectors<'a> {
    pub y: &'a mut [Real],
    pub yp: &'a mut [Real],
    pub id: Option<&'a [FInt]>,
    pub constraints: Option<Constraints<'a>>,
    /// Reciprocal error weights (an iterative solver rescales them in
    /// place around each solve, as DASKR does).
    pub rwt: &'a mut [Real],
    /// The residual, then the Newton step.
    pub delta: &'a mut [Real],
    /// The residual measured through P^-1; setup scratch.
    pub r: &'a mut [Real],
    pub save_y: &'a mut [Real],
    pub save_yp: &'a mut [Real],
    pub y_new: &'a mut [Real],
    pub yp_new: &'a mut [Real],
}

/// Fixed parameters of one calculation.
pub struct IcParams {
    pub option: IcOption,
    pub t: Real,
    /// TDIST when every variable is differential, else 0 (stopping-test scale).
    pub tscale: Real,
    /// EPINIT*EPCON.
    pub epcon: Real,
    pub uround: Real,
    pub controls: IcControls,
    /// INFO(18): 0 quiet, 1 and 2 print progress.
    pub print_level: u8,
}

/// Solve for consistent Y, Y'. `h` is the artificial step size on entry
/// and the one finally used on exit. `second_pass` is DASKR's second call
/// with weights from the improved point (a solver whose policy says so
/// keeps its first setup then).
#[allow(clippy::too_many_arguments)]
pub fn compute_initial_conditions<S: DaeSystem + ?Sized, L: LinearSolver<S>>(
    sys: &mut S,
    lin: &mut L,
    v: &mut IcVectors<'_>,
    p: &IcParams,
    h: &mut Real,
    second_pass: bool,
    cnt: &mut Counters,
    sink: &mut dyn MessageSink,
) -> Result<(), IcFailure> {
    let policy = lin.policy();
    v.save_y.copy_from_slice(v.y);
    v.save_yp.copy_from_slice(v.yp);
    let mut cj = match p.option {
        IcOption::States => 0.0,
        IcOption::AlgebraicAndDerivatives => 1.0 / *h,
    };
    let mut skip_setup = second_pass && policy.ic.keep_setup_on_second_pass;
    let mut nh = 1;
    let mut it = IcIteration { sys, lin, policy, p, cnt, sink };
    loop {
        let retry_from_start = match it.solve_with_setups(v, cj, *h, &mut skip_setup) {
            Ok(()) => return Ok(()),
            Err(SolveFailure::Stop) => {
                bump(&mut it.cnt.ncfn);
                return Err(IcFailure::Stop);
            }
            Err(SolveFailure::Slow) => false,
            Err(SolveFailure::Hard) => true,
        };
        bump(&mut it.cnt.ncfn);
        if p.option == IcOption::States || nh >= p.controls.max_h_values {
            return Err(IcFailure::Failed);
        }
        nh += 1;
        *h *= H_CUT;
        cj = 1.0 / *h;
        if retry_from_start {
            v.y.copy_from_slice(v.save_y);
            v.yp.copy_from_slice(v.save_yp);
        }
    }
}

/// How one H value failed (DDASID's IERNLS).
enum SolveFailure {
    /// Converging too slowly (IERNLS = 1): retry with a smaller H from here.
    Slow,
    /// Diverging, line search failed, singular matrix or IRES = -1
    /// (IERNLS = 2): retry from the initial values.
    Hard,
    /// IRES = -2.
    Stop,
}

impl SolveFailure {
    fn from_callback(s: CallbackStatus) -> Self {
        if s == CallbackStatus::Stop {
            SolveFailure::Stop
        } else {
            SolveFailure::Hard
        }
    }
}

/// How the Newton iteration with one setup failed (DNSID's IERNEW).
enum NewtonFailure {
    /// MXNIT iterations at an acceptable rate (IERNEW = 1).
    Slow,
    /// MXNIT iterations, rate > RATEMX (IERNEW = 2).
    Diverging,
    /// The line search (or a preconditioner call) failed, or RES returned
    /// IRES = -1 (IERNEW = 3).
    LineSearch,
    /// IRES = -2, or an unrecoverable failure of the linear solve
    /// (IERNEW = -1).
    Stop,
}

/// One calculation's collaborators: the problem, the linear solver and its
/// policy, the fixed parameters, the counters and the message sink.
struct IcIteration<'r, S: ?Sized, L> {
    sys: &'r mut S,
    lin: &'r mut L,
    policy: Policy,
    p: &'r IcParams,
    cnt: &'r mut Counters,
    sink: &'r mut dyn MessageSink,
}

impl<S: DaeSystem + ?Sized, L: LinearSolver<S>> IcIteration<'_, S, L> {
    /// Newton iteration with up to MXNJ setups (DDASID, DDASIK).
    fn solve_with_setups(
        &mut self,
        v: &mut IcVectors<'_>,
        cj: Real,
        h: Real,
        skip_setup: &mut bool,
    ) -> Result<(), SolveFailure> {
        let p = self.p;
        bump(&mut self.cnt.nre);
        let s = self.sys.residual(p.t, v.y, v.yp, cj, v.delta);
        if s != CallbackStatus::Ok {
            return Err(SolveFailure::from_callback(s));
        }
        let mut nj = 0;
        loop {
            if self.policy.has_setup && !*skip_setup {
                nj += 1;
                bump(&mut self.cnt.nje);
                let at = Setup {
                    t: p.t,
                    cj,
                    h,
                    uround: p.uround,
                    rwt: v.rwt,
                    residual: v.delta,
                    y: v.y,
                    yp: v.yp,
                    work: v.r,
                };
                match self.lin.setup(self.sys, at, self.cnt) {
                    Ok(()) => {}
                    Err(LinearFailure::Residual(CallbackStatus::Stop)) => return Err(SolveFailure::Stop),
                    Err(_) => return Err(SolveFailure::Hard),
                }
            }
            *skip_setup = false;
            match self.iterate(v, cj) {
                Ok(()) => return Ok(()),
                Err(NewtonFailure::Slow) if self.policy.has_setup && nj < p.controls.max_jacobians => {
                    // Try again with a fresh setup at the current point.
                    if self.policy.ic.fresh_residual_on_retry {
                        bump(&mut self.cnt.nre);
                        let s = self.sys.residual(p.t, v.y, v.yp, cj, v.delta);
                        if s != CallbackStatus::Ok {
                            return Err(SolveFailure::from_callback(s));
                        }
                    } else if let Some(g) = self.lin.iterate_residual() {
                        v.delta.copy_from_slice(g);
                    }
                }
                Err(NewtonFailure::Slow) => return Err(SolveFailure::Slow),
                Err(NewtonFailure::Diverging | NewtonFailure::LineSearch) => return Err(SolveFailure::Hard),
                Err(NewtonFailure::Stop) => return Err(SolveFailure::Stop),
            }
        }
    }
    /// Damped Newton iteration with a fixed setup (DNSID, DNSIK). On
    /// entry `delta` holds G(t, y, y').
    fn iterate(&mut self, v: &mut IcVectors<'_>, cj: Real) -> Result<(), NewtonFailure> {
        let IcIteration { sys, lin, policy, p, cnt, sink } = self;
        let (sys, lin, p, policy, sink) = (&mut **sys, &mut **lin, *p, &*policy, &mut **sink);
        let mut rlx = MAX_RELATIVE_CHANGE;
        v.r.copy_from_slice(v.delta);
        let mut at = SolvePoint { t: p.t, y: v.y, yp: v.yp, cj, epcon: p.epcon, rwt: v.rwt };
        if lin.precondition(sys, &mut at, v.r, cnt).is_err() {
            return Err(NewtonFailure::LineSearch);
        }
        let rnorm = weighted_rms_norm(v.r, v.rwt);
        let mut fnrm = scaled(rnorm, p.tscale, cj);
        if fnrm <= p.epcon {
            return Ok(());
        }
        let fnrm0 = fnrm;
        // With an exact solver DNSID takes the step norm from the residual
        // norm: unscaled on the first iteration, scaled (FNRM) after that.
        let mut exact_step_norm = rnorm;
        let mut m = 0;
        let mut rate: Real = 1.0;
        loop {
            bump(&mut cnt.nni);
            let mut delnrm = if policy.exact {
                v.delta.copy_from_slice(v.r);
                exact_step_norm
            } else {
                let mut at = SolvePoint { t: p.t, y: v.y, yp: v.yp, cj, epcon: p.epcon, rwt: v.rwt };
                match lin.solve(sys, &mut at, v.delta, cnt) {
                    Ok(()) => {}
                    Err(LinearFailure::Residual(CallbackStatus::Stop) | LinearFailure::PreconditionerFatal) => {
                        return Err(NewtonFailure::Stop);
                    }
                    Err(LinearFailure::NotConverged) if m >= 2 && rate < 1.0 => return Err(NewtonFailure::Slow),
                    Err(_) => return Err(NewtonFailure::LineSearch),
                }
                let d = weighted_rms_norm(v.delta, v.rwt);
                if d == 0.0 {
                    return Ok(());
                }
                d
            };
            let oldfnm = fnrm;
            let searched = {
                let mut norm_at = |v: &mut IcVectors<'_>, cnt: &mut Counters| -> Result<Real, CallbackStatus> {
                    bump(&mut cnt.nre);
                    let s = sys.residual(p.t, v.y_new, v.yp_new, cj, v.r);
                    if s != CallbackStatus::Ok {
                        return Err(s);
                    }
                    let mut at = SolvePoint { t: p.t, y: v.y_new, yp: v.yp_new, cj, epcon: p.epcon, rwt: v.rwt };
                    if lin.precondition(sys, &mut at, v.r, cnt).is_err() {
                        return Err(CallbackStatus::Recoverable);
                    }
                    Ok(scaled(weighted_rms_norm(v.r, v.rwt), p.tscale, cj))
                };
                line_search(&mut norm_at, v, p, cj, &mut delnrm, &mut fnrm, &mut rlx, cnt, sink)
            };
            rate = fnrm / oldfnm;
            match searched {
                Ok(()) => {}
                Err(CallbackStatus::Stop) => return Err(NewtonFailure::Stop),
                Err(_) => return Err(NewtonFailure::LineSearch),
            }
            if fnrm <= p.epcon {
                return Ok(());
            }
            m += 1;
            if m >= p.controls.max_iterations {
                let reduced = policy.ic.slow_if_reduced_tenfold && fnrm <= 0.1 * fnrm0;
                return Err(if rate <= MAX_RATE || reduced { NewtonFailure::Slow } else { NewtonFailure::Diverging });
            }
            if policy.exact {
                exact_step_norm = fnrm;
            } else if let Some(g) = lin.iterate_residual() {
                v.delta.copy_from_slice(g);
            }
        }
    }
}

/// The stopping-test norm: with TSCALE > 0 scaled by TSCALE*|CJ|.
fn scaled(norm: Real, tscale: Real, cj: Real) -> Real {
    if tscale > 0.0 {
        norm * tscale * cj.abs()
    } else {
        norm
    }
}

/// Apply the step -rl*p to the unknowns (DYYPNW): option 1 changes Y_a
/// and Y'_d (by cj*p), option 2 changes Y.
#[allow(clippy::too_many_arguments)]
fn trial_point(
    option: IcOption,
    y: &[Real],
    yp: &[Real],
    cj: Real,
    rl: Real,
    dp: &[Real],
    id: Option<&[FInt]>,
    y_new: &mut [Real],
    yp_new: &mut [Real],
) {
    match (option, id) {
        (IcOption::AlgebraicAndDerivatives, Some(id)) => {
            for i in 0..y.len() {
                if id[i] < 0 {
                    y_new[i] = y[i] - rl * dp[i];
                    yp_new[i] = yp[i];
                } else {
                    y_new[i] = y[i];
                    yp_new[i] = yp[i] - rl * cj * dp[i];
                }
            }
        }
        _ => {
            for i in 0..y.len() {
                y_new[i] = y[i] - rl * dp[i];
                yp_new[i] = yp[i];
            }
        }
    }
}

/// Check a trial point against the sign constraints (DCNSTR). Returns the
/// reduced step bound `tau` if the step must shrink, with the index of the
/// offending component (1-based).
fn constraint_check(y: &[Real], y_new: &[Real], c: Constraints<'_>, tau: Real, rlx: Real) -> Option<(Real, usize)> {
    let icnstr = match c {
        Constraints::Signs(icnstr) => icnstr,
        Constraints::Box(_) => return c.first_violation(y_new).map(|i| (CONSTRAINT_CUT * tau, i)),
    };
    let mut rdymx = 0.0;
    let mut ivar = 0;
    for i in 0..y.len() {
        let c = icnstr[i];
        if c == 2 || c == -2 {
            let rdy = ((y_new[i] - y[i]) / y[i]).abs();
            if rdy > rdymx {
                rdymx = rdy;
                ivar = i + 1;
            }
        }
        let violated = match c {
            2 => y_new[i] <= 0.0,
            1 => y_new[i] < 0.0,
            -1 => y_new[i] > 0.0,
            -2 => y_new[i] >= 0.0,
            _ => false,
        };
        if violated {
            return Some((CONSTRAINT_CUT * tau, i + 1));
        }
    }
    if rdymx >= rlx {
        return Some((CONSTRAINT_SAFETY * tau * rlx / rdymx, ivar));
    }
    None
}

/// Line search along the Newton direction in `delta` (DLINSD, DLINSK).
/// `norm_at` evaluates the scaled norm of the solved (or preconditioned)
/// residual at the trial point (y_new, yp_new), leaving it in `r`. On
/// success y, y' are updated and `fnrm` is the new norm.
#[allow(clippy::too_many_arguments)]
fn line_search(
    norm_at: &mut dyn FnMut(&mut IcVectors<'_>, &mut Counters) -> Result<Real, CallbackStatus>,
    v: &mut IcVectors<'_>,
    p: &IcParams,
    cj: Real,
    pnrm: &mut Real,
    fnrm: &mut Real,
    rlx: &mut Real,
    cnt: &mut Counters,
    sink: &mut dyn MessageSink,
) -> Result<(), CallbackStatus> {
    let verbose = p.print_level >= 2;
    let say = |sink: &mut dyn MessageSink, text: &str, reals: &[Real], ints: &[FInt]| {
        sink.emit(&[MessageLine::text(text).with_reals(reals).with_ints(ints)]);
    };
    let f1nrm = *fnrm * *fnrm / 2.0;
    let mut ratio = 1.0;
    if verbose {
        say(sink, "------ IC line search: step norm PNRM = R1", &[*pnrm], &[]);
    }
    let mut tau = *pnrm;
    let rl = 1.0;
    if let Some(constraints) = v.constraints {
        loop {
            trial_point(p.option, v.y, v.yp, cj, rl, v.delta, v.id, v.y_new, v.yp_new);
            let Some((new_tau, ivar)) = constraint_check(v.y, v.y_new, constraints, tau, *rlx) else {
                break;
            };
            tau = new_tau;
            let ratio1 = tau / *pnrm;
            ratio *= ratio1;
            for d in v.delta.iter_mut() {
                *d *= ratio1;
            }
            *pnrm = tau;
            if verbose {
                say(sink, "------ IC constraint violated: PNRM = R1, index I1", &[*pnrm], &[ivar as FInt]);
            }
            if *pnrm <= p.controls.step_tolerance {
                return Err(CallbackStatus::Recoverable);
            }
        }
    }
    let slpi = -2.0 * f1nrm * ratio;
    let rlmin = p.controls.step_tolerance / *pnrm;
    if !p.controls.line_search_off && verbose {
        say(sink, "------ IC line search: minimum lambda = R1", &[rlmin], &[]);
    }
    let mut rl = rl;
    loop {
        trial_point(p.option, v.y, v.yp, cj, rl, v.delta, v.id, v.y_new, v.yp_new);
        let fnrmp = norm_at(v, cnt)?;
        let accept = p.controls.line_search_off || {
            let f1nrmp = fnrmp * fnrmp / 2.0;
            if verbose {
                say(sink, "------ IC line search: lambda = R1", &[rl], &[]);
                say(sink, "------ IC norms: old R1, new R2", &[f1nrm, f1nrmp], &[]);
            }
            f1nrmp <= f1nrm + ARMIJO * slpi * rl
        };
        if accept {
            v.y.copy_from_slice(v.y_new);
            v.yp.copy_from_slice(v.yp_new);
            *fnrm = fnrmp;
            if p.print_level >= 1 {
                say(sink, "------ IC line search done: FNRM = R1", &[*fnrm], &[]);
            }
            return Ok(());
        }
        if rl < rlmin {
            return Err(CallbackStatus::Recoverable);
        }
        rl /= 2.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraint_check_cuts_step() {
        // y = 1 must stay > 0; a step to -1 violates it.
        let signs = Constraints::Signs(&[2]);
        let r = constraint_check(&[1.0], &[-1.0], signs, 1.0, 0.4);
        assert_eq!(r, Some((0.6, 1)));
        // A relative change of 0.5 >= rlx = 0.4 shrinks tau by 0.9*0.4/0.5.
        let r = constraint_check(&[1.0], &[1.5], signs, 1.0, 0.4).unwrap();
        assert!((r.0 - 0.72).abs() < 1e-15);
        assert_eq!(constraint_check(&[1.0], &[1.1], signs, 1.0, 0.4), None);
        // Box bounds: outside cuts the step; NaN is outside.
        let b = Constraints::Box(&[0.0, 2.0]);
        assert_eq!(constraint_check(&[1.0], &[2.5], b, 1.0, 0.4), Some((0.6, 1)));
        assert_eq!(constraint_check(&[1.0], &[1.9], b, 1.0, 0.4), None);
        assert_eq!(b.first_violation(&[f64::NAN]), Some(1));
    }

    #[test]
    fn trial_point_option_one_moves_the_right_unknowns() {
        let (mut yn, mut ypn) = ([0.0; 2], [0.0; 2]);
        trial_point(
            IcOption::AlgebraicAndDerivatives,
            &[1.0, 2.0],
            &[3.0, 4.0],
            10.0,
            0.5,
            &[1.0, 1.0],
            Some(&[1, -1]),
            &mut yn,
            &mut ypn,
        );
        assert_eq!(yn, [1.0, 1.5]);
        assert_eq!(ypn, [-2.0, 4.0]);
    }
}
