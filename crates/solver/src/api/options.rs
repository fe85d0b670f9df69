//! The solver's options: DDASKR's INFO(2..18) and the optional inputs in
//! RWORK/IWORK, as typed fields.

#[cfg(not(daskr_single))]
use super::sparse::SparsePattern;
use crate::precond::ilu::RowNorm;
use crate::types::Real;

/// Error tolerances: the same for all components, or per component.
///
/// The local error in component `i` is kept below about
/// `rtol_i * |y_i| + atol_i` (DASKR's RTOL, ATOL).
#[derive(Clone, Debug, PartialEq)]
pub enum Tolerance {
    /// One relative and one absolute tolerance for every component.
    Scalar {
        /// Relative tolerance.
        rtol: Real,
        /// Absolute tolerance.
        atol: Real,
    },
    /// Per component (each vector as long as the state).
    Vector {
        /// Relative tolerances.
        rtol: Vec<Real>,
        /// Absolute tolerances.
        atol: Vec<Real>,
    },
}

/// Structure of the iteration matrix `dG/dy + cj*dG/dy'` for the direct
/// methods.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Matrix {
    /// Dense, LU-factored (DASKR's default).
    #[default]
    Dense,
    /// Banded with lower and upper half-bandwidths (INFO(6) = 1).
    Band {
        /// ML: entries `(i, j)` with `i - j <= lower` are kept.
        lower: usize,
        /// MU: entries `(i, j)` with `j - i <= upper` are kept.
        upper: usize,
    },
    /// Sparse, on the given coordinate pattern, LU-factored (the crate's
    /// multifrontal LU, AMD ordering); this library's extension INFO(6) = 2. The values
    /// come from difference quotients on a colouring of the pattern, or
    /// from [`DaeSystem::jacobian`](crate::api::DaeSystem::jacobian) in
    /// pattern order ([`MatrixStorage::Sparse`](crate::api::MatrixStorage::Sparse))
    /// with [`Options::user_jacobian`]. Double precision only (SDASKR
    /// has no sparse method).
    #[cfg(not(daskr_single))]
    Sparse(SparsePattern),
}

/// This library's root-finding extensions (INFO(20); DASKR itself never
/// reads it). Both off reproduce DASKR.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RootSearch {
    /// Also find functions that cross zero and come back within one step
    /// (INFO(20) bit 0): each function's interpolating polynomial is
    /// searched with interval arithmetic, at the cost of KOLD more
    /// root-function evaluations per step.
    pub double_crossings: bool,
    /// Leave functions that are exactly zero at a (re)start, or still zero
    /// just past a root, out of the search until they leave zero (INFO(20)
    /// bit 1), instead of DASKR's step over the start point and its
    /// illegal-input return when a function stays zero.
    pub wait_while_zero: bool,
}

/// A constraint on one component of `y` (DASKR's ICNSTR).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Constraint {
    /// No constraint (0).
    #[default]
    None,
    /// `y_i >= 0` (1).
    NonNegative,
    /// `y_i > 0` (2).
    Positive,
    /// `y_i <= 0` (-1).
    NonPositive,
    /// `y_i < 0` (-2).
    Negative,
}

impl Constraint {
    /// DASKR's ICNSTR code.
    pub fn code(self) -> i32 {
        match self {
            Constraint::None => 0,
            Constraint::NonNegative => 1,
            Constraint::Positive => 2,
            Constraint::NonPositive => -1,
            Constraint::Negative => -2,
        }
    }
}

/// Which initial values the solver makes consistent before the first step
/// (INFO(11)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InitialConditions {
    /// `y` and `y'` are consistent as given (INFO(11) = 0).
    #[default]
    Given,
    /// Given the differential components of `y`, compute the algebraic
    /// components of `y` and the differential components of `y'`
    /// (INFO(11) = 1). Needs [`Options::differential`].
    ComputeAlgebraic,
    /// Given `y'`, compute `y` (INFO(11) = 2).
    ComputeStates,
}

/// The heuristic controls of the initial-condition calculation (INFO(17)).
/// Without them DASKR's defaults apply ([`IcControls::direct`] or
/// [`IcControls::krylov`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IcControls {
    /// MXNIT: Newton iterations per Jacobian (or preconditioner)
    /// evaluation.
    pub max_newton_iterations: usize,
    /// MXNJ: Jacobian (or preconditioner) evaluations.
    pub max_jacobian_evaluations: usize,
    /// MXNH: values of the artificial step size tried
    /// ([`InitialConditions::ComputeAlgebraic`] only).
    pub max_step_values: usize,
    /// The line search in the Newton iteration (LSOFF = 0 when on).
    pub line_search: bool,
    /// STPTOL: the smallest scaled step the line search accepts.
    pub step_tolerance: Real,
    /// EPINIT: factor on the Newton convergence constant.
    pub newton_tolerance_factor: Real,
}

impl IcControls {
    /// DASKR's defaults for the direct methods: MXNIT = 5, MXNJ = 6,
    /// MXNH = 5, line search on, STPTOL = uround^(2/3), EPINIT = 0.01.
    pub fn direct() -> Self {
        IcControls {
            max_newton_iterations: 5,
            max_jacobian_evaluations: 6,
            max_step_values: 5,
            line_search: true,
            step_tolerance: Real::EPSILON.powf(0.6667),
            newton_tolerance_factor: 0.01,
        }
    }

    /// DASKR's defaults for the Krylov method: as [`IcControls::direct`]
    /// but MXNIT = 15, MXNJ = 2.
    pub fn krylov() -> Self {
        IcControls { max_newton_iterations: 15, max_jacobian_evaluations: 2, ..Self::direct() }
    }
}

impl Default for IcControls {
    fn default() -> Self {
        Self::direct()
    }
}

/// The Krylov method (INFO(12) = 1): the linear systems of the Newton
/// iteration are solved by preconditioned GMRES (DASKR's SPIGMR).
///
/// Parameters left at `None` take DASKR's defaults (MAXL = min(5, NEQ),
/// KMP = MAXL, NRMAX = 5, EPLI = 0.05); if any is given, all are passed
/// (INFO(13) = 1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Krylov {
    /// MAXL: the largest Krylov subspace dimension, 1..=NEQ.
    pub max_dimension: Option<usize>,
    /// KMP: vectors each new one is orthogonalised against, 1..=MAXL.
    pub orthogonalized_vectors: Option<usize>,
    /// NRMAX: GMRES restarts per nonlinear iteration.
    pub max_restarts: Option<usize>,
    /// EPLI: the linear iteration's tolerance relative to the Newton
    /// tolerance, in (0, 1).
    pub tolerance: Option<Real>,
    /// The preconditioner.
    pub preconditioner: Preconditioner,
}

/// The preconditioner of the Krylov method.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Preconditioner {
    /// None (P = I); the problem's preconditioner methods are not called.
    #[default]
    None,
    /// The problem's own
    /// [`preconditioner_setup`](crate::api::DaeSystem::preconditioner_setup)
    /// (if `setup`) and
    /// [`preconditioner_solve`](crate::api::DaeSystem::preconditioner_solve),
    /// with work segments of the given lengths (DASKR's LENWP, LENIWP).
    Problem {
        /// Call `preconditioner_setup` (INFO(15) = 1).
        setup: bool,
        /// Length of the real work segment `wp`.
        real_work: usize,
        /// Length of the integer work segment `iwp`.
        int_work: usize,
    },
    /// The banded difference-quotient preconditioner (DASKR's DBANJA,
    /// DBANPS).
    Banded(BandedPreconditioner),
    /// The sparse incomplete-LU preconditioner (DASKR's DJACILU,
    /// DPSOLILU).
    Ilu(IluPreconditioner),
}

/// The banded preconditioner: `P` is the band of the iteration matrix with
/// half-bandwidths `lower`, `upper`, formed from difference quotients of
/// the residual (one residual evaluation per group of `lower + upper + 1`
/// columns) and LU-factored. Entries outside the band are lumped into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandedPreconditioner {
    /// Lower half-bandwidth (ML).
    pub lower: usize,
    /// Upper half-bandwidth (MU).
    pub upper: usize,
}

/// The incomplete-LU preconditioner (ILUT, or ILUTP with column pivoting)
/// of the banded difference-quotient Jacobian, with optional reverse
/// Cuthill-McKee reordering and row/column scaling (`dilupre.f`'s IPAR and
/// RPAR, named).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IluPreconditioner {
    /// IPAR(1) ML: lower half-bandwidth of the difference-quotient Jacobian.
    pub lower: usize,
    /// IPAR(2) MU: upper half-bandwidth.
    pub upper: usize,
    /// IPAR(3) LENPFAC (>= 2): Jacobian nonzeros allowed per row, on
    /// average.
    pub jacobian_fill: usize,
    /// IPAR(4) LENPLUFAC (>= 2): fill-in allowed per row in the factors,
    /// on average.
    pub factor_fill: usize,
    /// IPAR(5): ILUTP (column pivoting) instead of ILUT.
    pub column_pivoting: bool,
    /// IPAR(6) LFILILUT: entries kept per row of L (and off-diagonal
    /// entries, plus one, per row of U).
    pub fill: usize,
    /// IPAR(7): reverse Cuthill-McKee reordering.
    pub reorder: bool,
    /// IPAR(8), IPAR(9): scale rows by this norm.
    pub row_scaling: Option<RowNorm>,
    /// IPAR(11): scale columns by `sqrt(NEQ)` / the error weights.
    pub column_scaling: bool,
    /// RPAR(1) TOLILUT: drop tolerance (>= 0).
    pub drop_tolerance: Real,
    /// RPAR(2) PERMTOL: column pivoting tolerance (>= 0, ILUTP only).
    pub pivot_tolerance: Real,
}

impl IluPreconditioner {
    /// ILUT on the band `lower`, `upper`, with the settings of DASKR's
    /// DHEATILU example: LENPFAC = LENPLUFAC = 5, LFILILUT = 5, RCM
    /// reordering, two-norm row scaling, column scaling, TOLILUT = 0.001,
    /// PERMTOL = 0.01.
    pub fn new(lower: usize, upper: usize) -> Self {
        IluPreconditioner {
            lower,
            upper,
            jacobian_fill: 5,
            factor_fill: 5,
            column_pivoting: false,
            fill: 5,
            reorder: true,
            row_scaling: Some(RowNorm::Two),
            column_scaling: true,
            drop_tolerance: 0.001,
            pivot_tolerance: 0.01,
        }
    }
}

/// The controls both solvers share ([`Options`] and
/// [`HybridOptions`](crate::api::HybridOptions)): tolerances, stop time,
/// step and order limits, output mode and the initial-condition
/// heuristics. DDASKR's and DSL48E's INFO entries of the same meaning:
///
/// | field | INFO entry and input |
/// |---|---|
/// | [`StepControls::tolerance`] | RTOL, ATOL, INFO(2) |
/// | [`StepControls::intermediate_output`] | INFO(3) |
/// | [`StepControls::tstop`] | INFO(4), RWORK(1) |
/// | [`StepControls::max_step`] | INFO(7), RWORK(2) HMAX |
/// | [`StepControls::initial_step`] | INFO(8), RWORK(3) H0 |
/// | [`StepControls::max_order`] | INFO(9), IWORK(3) MAXORD |
/// | [`StepControls::stop_after_initial_conditions`] | INFO(14) |
/// | [`StepControls::exclude_algebraic`] | INFO(16) |
/// | [`StepControls::ic_controls`] | INFO(17), MXNIT, MXNJ, MXNH, LSOFF (IWORK(32..35)), STPTOL, EPINIT (RWORK(14..15)) |
/// | [`StepControls::ic_print_level`] | INFO(18) |
///
/// The default is DASKR's with those INFO entries zero: scalar tolerances
/// 1e-6 (in single precision, `daskr::single`, RTOL = 1e-4 and ATOL =
/// 1e-6: REAL arithmetic cannot deliver an RTOL of 1e-6, SDASKR refuses it
/// with IDID = -2), orders up to 5, no limits.
#[derive(Clone, Debug, PartialEq)]
pub struct StepControls {
    /// Error tolerances (RTOL, ATOL, INFO(2)); changeable between calls
    /// with [`Solver::set_tolerance`](crate::api::Solver::set_tolerance).
    pub tolerance: Tolerance,
    /// Never step past this point (INFO(4), TSTOP); changeable between
    /// calls with [`Solver::set_tstop`](crate::api::Solver::set_tstop). As
    /// in DASKR, TOUT must not lie beyond TSTOP.
    pub tstop: Option<Real>,
    /// The largest step size (INFO(7), HMAX); changeable between calls with
    /// [`Solver::set_max_step`](crate::api::Solver::set_max_step).
    pub max_step: Option<Real>,
    /// The first step size after each (re)start (INFO(8), H0).
    pub initial_step: Option<Real>,
    /// Maximum BDF order, 1..=5 (INFO(9), MAXORD).
    pub max_order: usize,
    /// Return after every internal step (INFO(3)).
    pub intermediate_output: bool,
    /// Return after the initial-condition calculation of the first start
    /// (INFO(14)); the next call integrates from the consistent point.
    pub stop_after_initial_conditions: bool,
    /// Leave the algebraic components out of the error test (INFO(16));
    /// the solver must know which they are
    /// ([`Options::differential`]).
    pub exclude_algebraic: bool,
    /// The initial-condition heuristics (INFO(17)); `None`: DASKR's
    /// defaults.
    pub ic_controls: Option<IcControls>,
    /// Messages from the initial-condition calculation (INFO(18)): 0 none,
    /// 1 minimal, 2 full; collected in
    /// [`Solver::messages`](crate::api::Solver::messages).
    pub ic_print_level: u8,
}

impl Default for StepControls {
    fn default() -> Self {
        StepControls {
            tolerance: Tolerance::Scalar { rtol: if cfg!(daskr_single) { 1e-4 } else { 1e-6 }, atol: 1e-6 },
            tstop: None,
            max_step: None,
            initial_step: None,
            max_order: 5,
            intermediate_output: false,
            stop_after_initial_conditions: false,
            exclude_algebraic: false,
            ic_controls: None,
            ic_print_level: 0,
        }
    }
}

/// The options of a DDASKR integration ([`Solver`](crate::api::Solver)):
/// the [`StepControls`] and DDASKR's own INFO entries and inputs.
///
/// | field | DDASKR |
/// |---|---|
/// | [`Options::controls`] | INFO(2..4), INFO(7..9), INFO(14), INFO(16..18) and their inputs |
/// | [`Options::user_jacobian`] | INFO(5) |
/// | [`Options::matrix`] | INFO(6), IWORK(1..2) ML, MU |
/// | [`Options::constraints`], [`Options::nonnegative`] | INFO(10), IWORK(40+i) |
/// | [`Options::initial_conditions`], [`Options::differential`] | INFO(11), the ID array |
/// | [`Options::krylov`] | INFO(12), INFO(13) with MAXL, KMP, NRMAX, EPLI (IWORK(24..26), RWORK(10)), INFO(15), LENWP, LENIWP (IWORK(27..28)) |
/// | [`Options::root_count`] | NRT |
/// | [`Options::root_search`] | INFO(20) (this library's extension) |
#[cfg_attr(
    not(daskr_single),
    doc = "| [`Matrix::Sparse`] | INFO(6) = 2, NEJAC in IWORK(1), JROW/JCOL in IWORK (this library's extension) |"
)]
///
/// `Options::default()` is DASKR with all INFO entries zero: the default
/// [`StepControls`], dense difference-quotient Jacobian, consistent
/// initial values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    /// Tolerances, stop time, step and order limits, output mode, the
    /// initial-condition heuristics.
    pub controls: StepControls,
    /// The iteration matrix of the direct methods (INFO(6)); must be
    /// [`Matrix::Dense`] with [`Options::krylov`].
    pub matrix: Matrix,
    /// Call [`DaeSystem::jacobian`](crate::api::DaeSystem::jacobian)
    /// instead of forming difference quotients (INFO(5)).
    pub user_jacobian: bool,
    /// Number of root functions evaluated by
    /// [`DaeSystem::roots`](crate::api::DaeSystem::roots) (NRT).
    pub root_count: usize,
    /// The root-search extensions (INFO(20)); the default is DASKR's
    /// search.
    pub root_search: RootSearch,
    /// Per component: true for differential, false for algebraic variables
    /// (DASKR's ID array). Needed by
    /// [`InitialConditions::ComputeAlgebraic`] and by
    /// [`StepControls::exclude_algebraic`].
    pub differential: Option<Vec<bool>>,
    /// Keep every component of the solution nonnegative during the
    /// integration (INFO(10) = 2 or 3).
    pub nonnegative: bool,
    /// Per-component constraints kept by the initial-condition calculation
    /// (INFO(10) = 1 or 3, ICNSTR); the initial `y` must satisfy them.
    pub constraints: Option<Vec<Constraint>>,
    /// The initial-condition calculation (INFO(11)).
    pub initial_conditions: InitialConditions,
    /// Solve the linear systems by preconditioned GMRES (INFO(12) = 1)
    /// instead of a direct factorisation.
    pub krylov: Option<Krylov>,
}
