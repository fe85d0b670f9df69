//! The LINPACK / BLAS subset that DASKR ships in `dlinpk.f`, exported as
//! weak symbols.
//!
//! | routine | what it computes |
//! |---|---|
//! | `DGEFA(A, LDA, N, IPVT, INFO)` | LU factors of A by Gaussian elimination with partial pivoting |
//! | `DGESL(A, LDA, N, IPVT, B, JOB)` | solves A x = b (JOB = 0) or Aᵀ x = b (JOB ≠ 0) with DGEFA's factors |
//! | `DGBFA(ABD, LDA, N, ML, MU, IPVT, INFO)` | the same for a band matrix in LINPACK band storage |
//! | `DGBSL(ABD, LDA, N, ML, MU, IPVT, B, JOB)` | solves with DGBFA's factors |
//! | `DAXPY(N, DA, DX, INCX, DY, INCY)` | y ← y + a x |
//! | `DCOPY(N, DX, INCX, DY, INCY)` | y ← x |
//! | `DSCAL(N, DA, DX, INCX)` | x ← a x |
//! | `DDOT(N, DX, INCX, DY, INCY)` | xᵀ y |
//! | `DNRM2(N, DX, INCX)` | ‖x‖₂ by Lawson's 1978 four-phase method |
//! | `IDAMAX(N, DX, INCX)` | first index of an element of largest magnitude |
//!
//! Each is exported as `dgefa_`, `dgefa` and `DGEFA` (SPEC section 2),
//! with every argument passed by reference and INTEGER 32 bits wide. The
//! routine is defined once, under the plain name; the other spellings are
//! weak aliases ([`daskr_export::export_aliases!`]). The six BLAS names are
//! left out of the shared library's export list (`static_only`): at run
//! time "weak" means nothing, and a program that uses a BLAS or LAPACK
//! would otherwise have its (and LAPACK's own) calls bound to these.
//!
//! # Why weak
//!
//! A legacy program that linked `ddaskr.f daux.f dlinpk.f` may call these
//! routines itself (DASKR's example `dweb.f` calls DAXPY; user
//! preconditioners call DGEFA/DGESL or DGBFA/DGBSL), so `libdaskr.a` must
//! provide them. The same program may also link a real BLAS/LAPACK or its
//! own copy of `dlinpk.f`. The spellings such programs define are therefore
//! weak: any strong definition, before or after `libdaskr.a` on the link
//! line, takes precedence without a duplicate-symbol error. The solver itself never
//! calls these symbols (it has its own linear algebra), and the routines
//! below call one another through private functions, so whichever
//! definitions the program ends up with, the solver is unaffected.
//!
//! # Same results as `dlinpk.f`, to the last bit
//!
//! Every routine performs the floating-point operations of DASKR's
//! `dlinpk.f` in the same order with the same roundings: DDOT accumulates
//! left to right from zero (the unrolled Fortran loop adds in the same
//! order), DAXPY returns at once when DA = 0 (so a NaN in DX does not reach
//! DY), the factorisations compute the multiplier as (−1/pivot)·a and leave
//! the negated multipliers below the diagonal, apply each row interchange
//! column by column to the columns right of the pivot only, and pick the
//! pivot with IDAMAX (first index of the largest magnitude; as the Fortran
//! comparison `|x(i)| <= max` is false for a NaN, a NaN replaces the
//! maximum and the next element replaces the NaN). DNRM2 is the 1978
//! scaled sum with CUTLO = 8.232e-11, CUTHI = 1.304e19 and
//! HITEST = CUTHI / REAL(N), where REAL(N) is single precision. Checked
//! against `dlinpk.f` compiled by gfortran -O2 on x86-64: identical bits.
//!
//! # Edge cases
//!
//! - N ≤ 0: nothing is read or written; DDOT and DNRM2 return 0, IDAMAX 0,
//!   DGEFA/DGBFA return INFO = 0 and leave IPVT alone (`dlinpk.f` would
//!   store IPVT(0) there).
//! - INCX, INCY of DAXPY, DCOPY, DDOT: any value. For a negative increment
//!   the vector is walked from its far end, element i (1-based) being
//!   DX(1 + (N − i)·|INCX|), as in the reference BLAS; 0 repeats DX(1).
//! - INCX ≤ 0 for DSCAL, IDAMAX, DNRM2: `dlinpk.f` expects INCX ≥ 1 there
//!   (for INCX < 0 all three index outside the vector; for INCX = 0 DSCAL
//!   and DNRM2 run a zero-step DO loop). These return as the reference
//!   BLAS does: DSCAL changes nothing, IDAMAX and DNRM2 return 0. (The one
//!   defined case that differs: `dlinpk.f`'s IDAMAX returns 1 for INCX = 0.)
//! - INFO of DGEFA/DGBFA is the index of the last zero pivot, 0 if none.
//! - A null pointer, possible only from C, makes a routine do nothing
//!   (the functions return 0).
//!
//! # Memory
//!
//! The arguments are Fortran arrays: raw pointers into caller memory that
//! may overlap (`DCOPY(N-1, X(2), 1, X(1), 1)` shifts X; `DAXPY` with DX = DY
//! scales). The routines therefore never form Rust slices over them; they
//! read and write one element at a time, in the order of the Fortran
//! loops, through the small view types below.
//!
//! Every routine runs behind the panic boundary of [`daskr_export::boundary`]
//! (none is expected to panic: the element access is by raw pointer).

use daskr_export::{boundary, export_aliases};

/// Fortran default INTEGER.
type FInt = i32;
/// Fortran DOUBLE PRECISION.
type Real = f64;
/// Index arithmetic: INTEGER arguments widened so that products of two of
/// them (a column offset, a stride times a length) cannot overflow.
type Idx = isize;

/// DNRM2's CUTLO: above it a component is summed unscaled.
const NRM2_CUTLO: Real = 8.232e-11;
/// DNRM2's CUTHI: from CUTHI / N up, the sum is scaled to avoid overflow.
const NRM2_CUTHI: Real = 1.304e19;

/// Widens an INTEGER argument to an index (isize is at least 32 bits on
/// every target with `std`).
fn idx(value: FInt) -> Idx {
    value as Idx
}

/// The value behind a by-reference argument, `None` for a null pointer.
///
/// # Safety
///
/// `p` is null or points to a readable `T` (alignment not required).
unsafe fn scalar<T: Copy>(p: *const T) -> Option<T> {
    if p.is_null() {
        None
    } else {
        // SAFETY: non-null, and readable by the caller's contract.
        Some(unsafe { p.read_unaligned() })
    }
}

/// A vector in caller memory addressed as the BLAS does: logical element
/// i (0-based) sits at `base + first + i * inc`.
#[derive(Clone, Copy)]
struct Vector {
    /// The array argument as passed (Fortran's DX(1)).
    base: *mut Real,
    /// Offset of logical element 0 from `base`.
    first: Idx,
    /// Distance between consecutive elements (INCX).
    inc: Idx,
}

impl Vector {
    /// The `n`-element vector at `base` with increment `inc` (n ≥ 1): for
    /// a negative increment element 0 is the far one, DX(1 + (1 − n)·INCX).
    fn strided(base: *mut Real, n: Idx, inc: Idx) -> Self {
        let first = if inc < 0 { (1 - n).wrapping_mul(inc) } else { 0 };
        Self { base, first, inc }
    }

    /// Consecutive elements from `base` on, as a Fortran array section
    /// `A(I, J)` passed with increment 1.
    fn contiguous(base: *mut Real) -> Self {
        Self { base, first: 0, inc: 1 }
    }

    /// Address of logical element `i` (computed without dereferencing).
    fn slot(self, i: Idx) -> *mut Real {
        self.base.wrapping_offset(self.first.wrapping_add(i.wrapping_mul(self.inc)))
    }

    /// Element `i`.
    ///
    /// # Safety
    ///
    /// Element `i` is readable.
    unsafe fn get(self, i: Idx) -> Real {
        // SAFETY: forwarded to the caller.
        unsafe { self.slot(i).read_unaligned() }
    }

    /// Stores `value` as element `i`.
    ///
    /// # Safety
    ///
    /// Element `i` is writable.
    unsafe fn set(self, i: Idx, value: Real) {
        // SAFETY: forwarded to the caller.
        unsafe { self.slot(i).write_unaligned(value) }
    }
}

/// A column-major Fortran matrix `A(LDA, *)` in caller memory, indexed
/// from 1 as in Fortran.
#[derive(Clone, Copy)]
struct Matrix {
    /// Address of A(1, 1).
    base: *mut Real,
    /// Leading dimension LDA.
    lda: Idx,
}

impl Matrix {
    /// Address of A(i, j) (computed without dereferencing).
    fn slot(self, i: Idx, j: Idx) -> *mut Real {
        self.base.wrapping_offset((i - 1).wrapping_add((j - 1).wrapping_mul(self.lda)))
    }

    /// A(i, j).
    ///
    /// # Safety
    ///
    /// A(i, j) is readable.
    unsafe fn get(self, i: Idx, j: Idx) -> Real {
        // SAFETY: forwarded to the caller.
        unsafe { self.slot(i, j).read_unaligned() }
    }

    /// A(i, j) ← value.
    ///
    /// # Safety
    ///
    /// A(i, j) is writable.
    unsafe fn set(self, i: Idx, j: Idx, value: Real) {
        // SAFETY: forwarded to the caller.
        unsafe { self.slot(i, j).write_unaligned(value) }
    }

    /// Column j from row i down, as LINPACK passes `A(I, J)` to the BLAS.
    fn column_from(self, i: Idx, j: Idx) -> Vector {
        Vector::contiguous(self.slot(i, j))
    }
}

/// A Fortran array `B(*)` or `IPVT(*)` indexed from 1.
#[derive(Clone, Copy)]
struct Array<T>(*mut T);

impl<T: Copy> Array<T> {
    /// Address of element k (computed without dereferencing).
    fn slot(self, k: Idx) -> *mut T {
        self.0.wrapping_offset(k - 1)
    }

    /// Element k.
    ///
    /// # Safety
    ///
    /// Element k is readable.
    unsafe fn get(self, k: Idx) -> T {
        // SAFETY: forwarded to the caller.
        unsafe { self.slot(k).read_unaligned() }
    }

    /// Element k ← value.
    ///
    /// # Safety
    ///
    /// Element k is writable.
    unsafe fn set(self, k: Idx, value: T) {
        // SAFETY: forwarded to the caller.
        unsafe { self.slot(k).write_unaligned(value) }
    }
}

impl Array<Real> {
    /// Elements k, k+1, … as a vector.
    fn vector_from(self, k: Idx) -> Vector {
        Vector::contiguous(self.slot(k))
    }

    /// Exchanges elements k and l.
    ///
    /// # Safety
    ///
    /// Both elements are readable and writable.
    unsafe fn swap(self, k: Idx, l: Idx) {
        // SAFETY: forwarded to the caller.
        unsafe {
            let t = self.get(l);
            self.set(l, self.get(k));
            self.set(k, t);
        }
    }
}

impl Array<FInt> {
    /// Pivot index k, widened.
    ///
    /// # Safety
    ///
    /// Element k is readable.
    unsafe fn pivot(self, k: Idx) -> Idx {
        // SAFETY: forwarded to the caller.
        idx(unsafe { self.get(k) })
    }
}

// ---------------------------------------------------------------------
// BLAS level 1. Each walks its vectors in logical order 0..n, which is the
// order of the Fortran loops (the unrolled unit-stride loops included).
// Safety, for all of them: every element 0..n of each vector is readable
// (and writable for an output), as a Fortran caller's arrays are.
// ---------------------------------------------------------------------

/// y ← y + a·x over n elements; nothing when n ≤ 0 or a = 0.
#[doc(alias = "DAXPY")]
unsafe fn axpy(n: Idx, a: Real, x: Vector, y: Vector) {
    if n <= 0 || a == 0.0 {
        return;
    }
    for i in 0..n {
        // SAFETY: element i of x and y is valid by the function contract.
        unsafe { y.set(i, y.get(i) + a * x.get(i)) };
    }
}

/// y ← x over n elements, first to last.
#[doc(alias = "DCOPY")]
unsafe fn copy(n: Idx, x: Vector, y: Vector) {
    for i in 0..n {
        // SAFETY: as in `axpy`.
        unsafe { y.set(i, x.get(i)) };
    }
}

/// x ← a·x over n elements.
#[doc(alias = "DSCAL")]
unsafe fn scale(n: Idx, a: Real, x: Vector) {
    for i in 0..n {
        // SAFETY: as in `axpy`.
        unsafe { x.set(i, a * x.get(i)) };
    }
}

/// xᵀy accumulated left to right from 0 (0 when n ≤ 0).
#[doc(alias = "DDOT")]
unsafe fn dot(n: Idx, x: Vector, y: Vector) -> Real {
    let mut sum = 0.0;
    for i in 0..n {
        // SAFETY: as in `axpy`.
        sum += unsafe { x.get(i) * y.get(i) };
    }
    sum
}

/// 1-based index of the first element of largest magnitude, 0 when n < 1.
/// As in LINPACK an element replaces the current maximum unless
/// |x_i| ≤ max, so a NaN is taken, and the element after it replaces it.
#[doc(alias = "IDAMAX")]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // `!(a <= b)` is LINPACK's NaN handling
unsafe fn index_of_max(n: Idx, x: Vector) -> Idx {
    if n < 1 {
        return 0;
    }
    // SAFETY: as in `axpy`.
    let mut largest = unsafe { x.get(0) }.abs();
    let mut index = 1;
    for i in 1..n {
        // SAFETY: as in `axpy`.
        let magnitude = unsafe { x.get(i) }.abs();
        if !(magnitude <= largest) {
            index = i + 1;
            largest = magnitude;
        }
    }
    index
}

/// Euclidean norm by Lawson's four-phase method (LINPACK DNRM2, 1978):
/// zeros are skipped; components up to CUTLO are summed scaled by the
/// largest so far; from the first component above CUTLO the sum is kept
/// unscaled until a component reaches CUTHI/n, after which it is scaled by
/// the largest again. 0 when n < 1.
#[doc(alias = "DNRM2")]
unsafe fn norm2(n: Idx, x: Vector) -> Real {
    /// Where the scan stands.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Phase {
        /// Only zeros so far.
        Zeros,
        /// Small components: `sum` is scaled by `largest`.
        Small,
        /// A huge component met: `sum` is scaled by `largest`.
        Large,
    }
    if n < 1 {
        return 0.0;
    }
    // Fortran's FLOAT(N) is single precision.
    let huge = NRM2_CUTHI / Real::from(n as f32);
    let mut sum: Real = 0.0;
    let mut largest: Real = 0.0;
    let mut phase = Phase::Zeros;
    let mut i = 0;
    while i < n {
        // SAFETY: as in `axpy`; i < n.
        let xi = unsafe { x.get(i) };
        let ai = xi.abs();
        let mid_range = match phase {
            Phase::Zeros if ai > NRM2_CUTLO => true,
            Phase::Zeros => {
                if xi != 0.0 {
                    phase = Phase::Small;
                    largest = ai;
                    let q = xi / largest;
                    sum += q * q;
                }
                false
            }
            Phase::Small if ai > NRM2_CUTLO => {
                sum = (sum * largest) * largest;
                true
            }
            Phase::Small | Phase::Large => {
                if ai <= largest {
                    let q = xi / largest;
                    sum += q * q;
                } else {
                    let q = largest / xi;
                    sum = 1.0 + sum * (q * q);
                    largest = ai;
                }
                false
            }
        };
        if mid_range {
            // Unscaled sum of squares until a component reaches `huge`.
            loop {
                if i >= n {
                    return sum.sqrt();
                }
                // SAFETY: as above; i < n.
                let xj = unsafe { x.get(i) };
                if xj.abs() >= huge {
                    break;
                }
                sum += xj * xj;
                i += 1;
            }
            // SAFETY: as above; i < n.
            let xi = unsafe { x.get(i) };
            sum = (sum / xi) / xi;
            largest = xi.abs();
            let q = xi / largest;
            sum += q * q;
            phase = Phase::Large;
        }
        i += 1;
    }
    largest * sum.sqrt()
}

// ---------------------------------------------------------------------
// LINPACK factorisations and solves.
// ---------------------------------------------------------------------

/// LU factorisation with partial pivoting in LINPACK's storage (DGEFA):
/// U on and above the diagonal, the negated multipliers of step k below
/// the diagonal of column k, IPVT(k) the row exchanged with row k at step
/// k (1-based, IPVT(n) = n). The exchange at step k is applied to columns
/// k..n only. Returns INFO: the last k with U(k, k) = 0, 0 if none.
///
/// # Safety
///
/// A(1..n, 1..n) (leading dimension `a.lda`) and IPVT(1..n) are readable
/// and writable.
#[doc(alias = "DGEFA")]
unsafe fn lu_factor(a: Matrix, n: Idx, ipvt: Array<FInt>) -> Idx {
    if n < 1 {
        return 0;
    }
    // SAFETY: every index below lies in 1..=n for rows, columns and pivots.
    unsafe {
        let mut info = 0;
        for k in 1..n {
            let l = index_of_max(n - k + 1, a.column_from(k, k)) + k - 1;
            ipvt.set(k, l as FInt);
            if a.get(l, k) == 0.0 {
                // Nothing below the diagonal to eliminate.
                info = k;
                continue;
            }
            if l != k {
                let t = a.get(l, k);
                a.set(l, k, a.get(k, k));
                a.set(k, k, t);
            }
            let t = -1.0 / a.get(k, k);
            scale(n - k, t, a.column_from(k + 1, k));
            for j in k + 1..=n {
                let t = a.get(l, j);
                if l != k {
                    a.set(l, j, a.get(k, j));
                    a.set(k, j, t);
                }
                axpy(n - k, t, a.column_from(k + 1, k), a.column_from(k + 1, j));
            }
        }
        ipvt.set(n, n as FInt);
        if a.get(n, n) == 0.0 {
            info = n;
        }
        info
    }
}

/// Solves A x = b (`transpose` false) or Aᵀ x = b with `lu_factor`'s
/// output (DGESL); b is overwritten by x. Nothing happens when n < 1.
///
/// # Safety
///
/// A(1..n, 1..n) and IPVT(1..n) are readable, B(1..n) readable and
/// writable, and IPVT holds indices in 1..n (as DGEFA leaves it).
#[doc(alias = "DGESL")]
unsafe fn lu_solve(a: Matrix, n: Idx, ipvt: Array<FInt>, b: Array<Real>, transpose: bool) {
    // SAFETY: every index below lies in 1..=n, pivots by the contract.
    unsafe {
        if !transpose {
            // L y = b, applying the interchanges as they were made.
            for k in 1..n {
                let l = ipvt.pivot(k);
                let t = b.get(l);
                if l != k {
                    b.set(l, b.get(k));
                    b.set(k, t);
                }
                axpy(n - k, t, a.column_from(k + 1, k), b.vector_from(k + 1));
            }
            // U x = y, by columns from the last.
            for k in (1..=n).rev() {
                b.set(k, b.get(k) / a.get(k, k));
                let t = -b.get(k);
                axpy(k - 1, t, a.column_from(1, k), b.vector_from(1));
            }
        } else {
            // Uᵀ y = b.
            for k in 1..=n {
                let t = dot(k - 1, a.column_from(1, k), b.vector_from(1));
                b.set(k, (b.get(k) - t) / a.get(k, k));
            }
            // Lᵀ x = y, undoing the interchanges from the last.
            for k in (1..n).rev() {
                b.set(k, b.get(k) + dot(n - k, a.column_from(k + 1, k), b.vector_from(k + 1)));
                let l = ipvt.pivot(k);
                if l != k {
                    b.swap(k, l);
                }
            }
        }
    }
}

/// Band LU factorisation with partial pivoting in LINPACK band storage
/// (DGBFA). Column j of the matrix is column j of ABD, A(i, j) in row
/// i − j + m with m = ml + mu + 1; rows 1..ml hold the fill-in, which is
/// zeroed here column by column just before elimination can reach it.
/// Multipliers of step k are stored negated in rows m+1..m+min(ml, n−k) of
/// column k, IPVT(k) is the (1-based) row exchanged with row k. Returns
/// INFO: the last k with U(k, k) = 0, 0 if none.
///
/// # Safety
///
/// ABD(1..2·ml+mu+1, 1..n) (leading dimension `abd.lda`) and IPVT(1..n)
/// are readable and writable.
#[doc(alias = "DGBFA")]
unsafe fn band_factor(abd: Matrix, n: Idx, ml: Idx, mu: Idx, ipvt: Array<FInt>) -> Idx {
    if n < 1 {
        return 0;
    }
    let m = ml + mu + 1;
    // SAFETY: rows stay in 1..=2·ml+mu+1 and columns in 1..=n.
    unsafe {
        let mut info = 0;
        // Zero the fill-in part of columns mu+2 .. min(n, m)−1.
        let first_fill = mu + 2;
        let last_fill = n.min(m) - 1;
        for jz in first_fill..=last_fill {
            for i in m + 1 - jz..=ml {
                abd.set(i, jz, 0.0);
            }
        }
        let mut jz = last_fill;
        // Last column that the row operations so far have reached.
        let mut ju: Idx = 0;
        for k in 1..n {
            // Zero the next fill-in column.
            jz += 1;
            if jz <= n && ml >= 1 {
                for i in 1..=ml {
                    abd.set(i, jz, 0.0);
                }
            }
            let lm = ml.min(n - k);
            let mut l = index_of_max(lm + 1, abd.column_from(m, k)) + m - 1;
            let pivot_row = l + k - m;
            ipvt.set(k, pivot_row as FInt);
            if abd.get(l, k) == 0.0 {
                info = k;
                continue;
            }
            if l != m {
                let t = abd.get(l, k);
                abd.set(l, k, abd.get(m, k));
                abd.set(m, k, t);
            }
            let t = -1.0 / abd.get(m, k);
            scale(lm, t, abd.column_from(m + 1, k));
            ju = ju.max(mu + pivot_row).min(n);
            let mut mm = m;
            for j in k + 1..=ju {
                l -= 1;
                mm -= 1;
                let t = abd.get(l, j);
                if l != mm {
                    abd.set(l, j, abd.get(mm, j));
                    abd.set(mm, j, t);
                }
                axpy(lm, t, abd.column_from(m + 1, k), abd.column_from(mm + 1, j));
            }
        }
        ipvt.set(n, n as FInt);
        if abd.get(m, n) == 0.0 {
            info = n;
        }
        info
    }
}

/// Solves A x = b (`transpose` false) or Aᵀ x = b with `band_factor`'s
/// output (DGBSL); b is overwritten by x. Nothing happens when n < 1.
///
/// # Safety
///
/// ABD(1..2·ml+mu+1, 1..n) and IPVT(1..n) are readable, B(1..n) readable
/// and writable, and IPVT is as DGBFA leaves it.
#[doc(alias = "DGBSL")]
unsafe fn band_solve(abd: Matrix, n: Idx, ml: Idx, mu: Idx, ipvt: Array<FInt>, b: Array<Real>, transpose: bool) {
    let m = mu + ml + 1;
    // SAFETY: rows stay in 1..=2·ml+mu+1, columns and b indices in 1..=n.
    unsafe {
        if !transpose {
            // L y = b.
            if ml != 0 {
                for k in 1..n {
                    let lm = ml.min(n - k);
                    let l = ipvt.pivot(k);
                    let t = b.get(l);
                    if l != k {
                        b.set(l, b.get(k));
                        b.set(k, t);
                    }
                    axpy(lm, t, abd.column_from(m + 1, k), b.vector_from(k + 1));
                }
            }
            // U x = y.
            for k in (1..=n).rev() {
                b.set(k, b.get(k) / abd.get(m, k));
                let lm = k.min(m) - 1;
                let t = -b.get(k);
                axpy(lm, t, abd.column_from(m - lm, k), b.vector_from(k - lm));
            }
        } else {
            // Uᵀ y = b.
            for k in 1..=n {
                let lm = k.min(m) - 1;
                let t = dot(lm, abd.column_from(m - lm, k), b.vector_from(k - lm));
                b.set(k, (b.get(k) - t) / abd.get(m, k));
            }
            // Lᵀ x = y.
            if ml != 0 {
                for k in (1..n).rev() {
                    let lm = ml.min(n - k);
                    b.set(k, b.get(k) + dot(lm, abd.column_from(m + 1, k), b.vector_from(k + 1)));
                    let l = ipvt.pivot(k);
                    if l != k {
                        b.swap(k, l);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------
// The Fortran-callable entry points: decode the by-reference arguments,
// then call the routines above.
// Safety, for all of them: each pointer is null or valid for what the
// LINPACK/BLAS routine of the same name reads or writes.
// ---------------------------------------------------------------------

/// DGEFA(A, LDA, N, IPVT, INFO): LU factorisation with partial pivoting (LINPACK).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn dgefa(a: *mut Real, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(lda), Some(n)) = (unsafe { scalar(lda) }, unsafe { scalar(n) }) else {
            return;
        };
        if a.is_null() || ipvt.is_null() || info.is_null() {
            return;
        }
        let a = Matrix { base: a, lda: idx(lda) };
        // SAFETY: A(LDA, N) and IPVT(N) are the caller's (function contract).
        let result = unsafe { lu_factor(a, idx(n), Array(ipvt)) };
        // SAFETY: INFO is writable (function contract); result ≤ N fits.
        unsafe { info.write_unaligned(result as FInt) };
    })
}
export_aliases!(dgefa => weak dgefa_, weak DGEFA);

/// DGESL(A, LDA, N, IPVT, B, JOB): solve A x = b (JOB = 0) or A' x = b with DGEFA's factors.
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn dgesl(
    a: *const Real,
    lda: *const FInt,
    n: *const FInt,
    ipvt: *const FInt,
    b: *mut Real,
    job: *const FInt,
) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(lda), Some(n), Some(job)) = (unsafe { scalar(lda) }, unsafe { scalar(n) }, unsafe { scalar(job) })
        else {
            return;
        };
        if a.is_null() || ipvt.is_null() || b.is_null() {
            return;
        }
        // A and IPVT are only read.
        let a = Matrix { base: a.cast_mut(), lda: idx(lda) };
        // SAFETY: A(LDA, N), IPVT(N), B(N) are the caller's (function contract).
        unsafe { lu_solve(a, idx(n), Array(ipvt.cast_mut()), Array(b), job != 0) };
    })
}
export_aliases!(dgesl => weak dgesl_, weak DGESL);

/// DGBFA(ABD, LDA, N, ML, MU, IPVT, INFO): band LU factorisation with partial pivoting (LINPACK band storage, LDA >= 2*ML+MU+1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn dgbfa(
    abd: *mut Real,
    lda: *const FInt,
    n: *const FInt,
    ml: *const FInt,
    mu: *const FInt,
    ipvt: *mut FInt,
    info: *mut FInt,
) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(lda), Some(n), Some(ml), Some(mu)) =
            (unsafe { scalar(lda) }, unsafe { scalar(n) }, unsafe { scalar(ml) }, unsafe { scalar(mu) })
        else {
            return;
        };
        if abd.is_null() || ipvt.is_null() || info.is_null() {
            return;
        }
        let abd = Matrix { base: abd, lda: idx(lda) };
        // SAFETY: ABD(LDA, N) and IPVT(N) are the caller's (function contract).
        let result = unsafe { band_factor(abd, idx(n), idx(ml), idx(mu), Array(ipvt)) };
        // SAFETY: INFO is writable (function contract); result ≤ N fits.
        unsafe { info.write_unaligned(result as FInt) };
    })
}
export_aliases!(dgbfa => weak dgbfa_, weak DGBFA);

/// DGBSL(ABD, LDA, N, ML, MU, IPVT, B, JOB): solve A x = b (JOB = 0) or A' x = b with DGBFA's factors.
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[allow(clippy::too_many_arguments)] // LINPACK's argument list
#[no_mangle]
pub unsafe extern "C" fn dgbsl(
    abd: *const Real,
    lda: *const FInt,
    n: *const FInt,
    ml: *const FInt,
    mu: *const FInt,
    ipvt: *const FInt,
    b: *mut Real,
    job: *const FInt,
) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(lda), Some(n), Some(ml), Some(mu), Some(job)) =
            (unsafe { scalar(lda) }, unsafe { scalar(n) }, unsafe { scalar(ml) }, unsafe { scalar(mu) }, unsafe {
                scalar(job)
            })
        else {
            return;
        };
        if abd.is_null() || ipvt.is_null() || b.is_null() {
            return;
        }
        // ABD and IPVT are only read.
        let abd = Matrix { base: abd.cast_mut(), lda: idx(lda) };
        let (n, ml, mu, ipvt, b) = (idx(n), idx(ml), idx(mu), Array(ipvt.cast_mut()), Array(b));
        // SAFETY: ABD(LDA, N), IPVT(N), B(N) are the caller's (function contract).
        unsafe { band_solve(abd, n, ml, mu, ipvt, b, job != 0) };
    })
}
export_aliases!(dgbsl => weak dgbsl_, weak DGBSL);

/// DAXPY(N, DA, DX, INCX, DY, INCY): y = y + a*x (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn daxpy(
    n: *const FInt,
    da: *const Real,
    dx: *const Real,
    incx: *const FInt,
    dy: *mut Real,
    incy: *const FInt,
) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(n), Some(da), Some(incx), Some(incy)) =
            (unsafe { scalar(n) }, unsafe { scalar(da) }, unsafe { scalar(incx) }, unsafe { scalar(incy) })
        else {
            return;
        };
        if n <= 0 || dx.is_null() || dy.is_null() {
            return;
        }
        let n = idx(n);
        // DX is only read.
        let x = Vector::strided(dx.cast_mut(), n, idx(incx));
        let y = Vector::strided(dy, n, idx(incy));
        // SAFETY: the N strided elements of DX and DY are the caller's.
        unsafe { axpy(n, da, x, y) };
    })
}
export_aliases!(daxpy => weak daxpy_, weak DAXPY; static_only);

/// DCOPY(N, DX, INCX, DY, INCY): y = x (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn dcopy(n: *const FInt, dx: *const Real, incx: *const FInt, dy: *mut Real, incy: *const FInt) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(n), Some(incx), Some(incy)) =
            (unsafe { scalar(n) }, unsafe { scalar(incx) }, unsafe { scalar(incy) })
        else {
            return;
        };
        if n <= 0 || dx.is_null() || dy.is_null() {
            return;
        }
        let n = idx(n);
        // DX is only read.
        let x = Vector::strided(dx.cast_mut(), n, idx(incx));
        let y = Vector::strided(dy, n, idx(incy));
        // SAFETY: the N strided elements of DX and DY are the caller's.
        unsafe { copy(n, x, y) };
    })
}
export_aliases!(dcopy => weak dcopy_, weak DCOPY; static_only);

/// DSCAL(N, DA, DX, INCX): x = a*x (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn dscal(n: *const FInt, da: *const Real, dx: *mut Real, incx: *const FInt) {
    boundary((), || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(n), Some(da), Some(incx)) = (unsafe { scalar(n) }, unsafe { scalar(da) }, unsafe { scalar(incx) })
        else {
            return;
        };
        if n <= 0 || incx <= 0 || dx.is_null() {
            return;
        }
        let n = idx(n);
        // SAFETY: the N strided elements of DX are the caller's.
        unsafe { scale(n, da, Vector::strided(dx, n, idx(incx))) };
    })
}
export_aliases!(dscal => weak dscal_, weak DSCAL; static_only);

/// DDOT(N, DX, INCX, DY, INCY): dot product x'y (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn ddot(
    n: *const FInt,
    dx: *const Real,
    incx: *const FInt,
    dy: *const Real,
    incy: *const FInt,
) -> Real {
    boundary(0.0, || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(n), Some(incx), Some(incy)) =
            (unsafe { scalar(n) }, unsafe { scalar(incx) }, unsafe { scalar(incy) })
        else {
            return 0.0;
        };
        if n <= 0 || dx.is_null() || dy.is_null() {
            return 0.0;
        }
        let n = idx(n);
        // DX and DY are only read.
        let x = Vector::strided(dx.cast_mut(), n, idx(incx));
        let y = Vector::strided(dy.cast_mut(), n, idx(incy));
        // SAFETY: the N strided elements of DX and DY are the caller's.
        unsafe { dot(n, x, y) }
    })
}
export_aliases!(ddot => weak ddot_, weak DDOT; static_only);

/// DNRM2(N, DX, INCX): Euclidean norm, LINPACK's 1978 four-phase algorithm as in DASKR's dlinpk.f.
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn dnrm2(n: *const FInt, dx: *const Real, incx: *const FInt) -> Real {
    boundary(0.0, || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(n), Some(incx)) = (unsafe { scalar(n) }, unsafe { scalar(incx) }) else {
            return 0.0;
        };
        if n <= 0 || incx <= 0 || dx.is_null() {
            return 0.0;
        }
        let n = idx(n);
        // DX is only read.
        let x = Vector::strided(dx.cast_mut(), n, idx(incx));
        // SAFETY: the N strided elements of DX are the caller's.
        unsafe { norm2(n, x) }
    })
}
export_aliases!(dnrm2 => weak dnrm2_, weak DNRM2; static_only);

/// IDAMAX(N, DX, INCX): index of the first element of largest magnitude (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `dlinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn idamax(n: *const FInt, dx: *const Real, incx: *const FInt) -> FInt {
    boundary(0, || {
        // SAFETY: scalars are null or readable (function contract).
        let (Some(n), Some(incx)) = (unsafe { scalar(n) }, unsafe { scalar(incx) }) else {
            return 0;
        };
        if n <= 0 || incx <= 0 || dx.is_null() {
            return 0;
        }
        let n = idx(n);
        // DX is only read.
        let x = Vector::strided(dx.cast_mut(), n, idx(incx));
        // SAFETY: the N strided elements of DX are the caller's; result ≤ N.
        unsafe { index_of_max(n, x) as FInt }
    })
}
export_aliases!(idamax => weak idamax_, weak IDAMAX; static_only);

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64*: reproducible test data without dependencies.
    struct Rng(u64);

    impl Rng {
        fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        /// Uniform in [-1, 1).
        fn uniform(&mut self) -> Real {
            (self.next_u64() >> 11) as Real / (1u64 << 52) as Real - 1.0
        }
        fn vec(&mut self, len: usize) -> Vec<Real> {
            (0..len).map(|_| self.uniform()).collect()
        }
    }

    /// Storage position (0-based) of logical element i of an n-vector with
    /// increment inc, by the reference BLAS rule.
    fn position(n: usize, inc: isize, i: usize) -> usize {
        if inc >= 0 {
            i * inc as usize
        } else {
            (n - 1 - i) * inc.unsigned_abs()
        }
    }

    /// Array length an n-vector with increment inc needs.
    fn extent(n: usize, inc: isize) -> usize {
        if n == 0 {
            1
        } else {
            1 + (n - 1) * inc.unsigned_abs()
        }
    }

    const INCREMENTS: [isize; 7] = [-3, -2, -1, 0, 1, 2, 3];
    const LENGTHS: [usize; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 33];

    #[test]
    fn daxpy_dcopy_ddot_follow_the_reference_with_any_strides() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for &n in &LENGTHS {
            for &incx in &INCREMENTS {
                for &incy in &INCREMENTS {
                    let x = rng.vec(extent(n, incx) + 2);
                    let y0 = rng.vec(extent(n, incy) + 2);
                    let a = rng.uniform();
                    let (nn, ix, iy) = (n as FInt, incx as FInt, incy as FInt);

                    // DAXPY: y(p) += a*x(q) in logical order.
                    let mut expected = y0.clone();
                    for i in 0..n {
                        let (p, q) = (position(n, incy, i), position(n, incx, i));
                        expected[p] += a * x[q];
                    }
                    let mut y = y0.clone();
                    unsafe { daxpy(&nn, &a, x.as_ptr(), &ix, y.as_mut_ptr(), &iy) };
                    assert_eq!(bits(&y), bits(&expected), "DAXPY n={n} incx={incx} incy={incy}");

                    // DCOPY.
                    let mut expected = y0.clone();
                    for i in 0..n {
                        expected[position(n, incy, i)] = x[position(n, incx, i)];
                    }
                    let mut y = y0.clone();
                    unsafe { dcopy(&nn, x.as_ptr(), &ix, y.as_mut_ptr(), &iy) };
                    assert_eq!(bits(&y), bits(&expected), "DCOPY n={n} incx={incx} incy={incy}");

                    // DDOT: left-to-right sum from zero.
                    let mut expected = 0.0;
                    for i in 0..n {
                        expected += x[position(n, incx, i)] * y0[position(n, incy, i)];
                    }
                    let got = unsafe { ddot(&nn, x.as_ptr(), &ix, y0.as_ptr(), &iy) };
                    assert_eq!(got.to_bits(), expected.to_bits(), "DDOT n={n} incx={incx} incy={incy}");
                }
            }
        }
    }

    #[test]
    fn dscal_idamax_dnrm2_follow_the_reference_with_positive_strides() {
        let mut rng = Rng(42);
        for &n in &LENGTHS {
            for incx in 1..=3isize {
                let x0 = rng.vec(extent(n, incx) + 2);
                let a = rng.uniform();
                let (nn, ix) = (n as FInt, incx as FInt);

                let mut expected = x0.clone();
                for i in 0..n {
                    let p = position(n, incx, i);
                    expected[p] = a * x0[p];
                }
                let mut x = x0.clone();
                unsafe { dscal(&nn, &a, x.as_mut_ptr(), &ix) };
                assert_eq!(bits(&x), bits(&expected), "DSCAL n={n} incx={incx}");

                let mut best = 0;
                for i in 0..n {
                    if best == 0 || x0[position(n, incx, i)].abs() > x0[position(n, incx, best - 1)].abs() {
                        best = i + 1;
                    }
                }
                let got = unsafe { idamax(&nn, x0.as_ptr(), &ix) };
                assert_eq!(got as usize, best, "IDAMAX n={n} incx={incx}");

                let squares: Real = (0..n).map(|i| x0[position(n, incx, i)].powi(2)).sum();
                let got = unsafe { dnrm2(&nn, x0.as_ptr(), &ix) };
                assert!((got - squares.sqrt()).abs() <= 1e-15 * squares.sqrt().max(1e-300), "DNRM2 n={n}");
            }
        }
    }

    #[test]
    fn dscal_idamax_dnrm2_do_nothing_for_non_positive_increments() {
        let x0 = [3.0, -4.0, 12.0];
        for incx in [0, -1, -2] {
            let mut x = x0;
            unsafe { dscal(&3, &2.0, x.as_mut_ptr(), &incx) };
            assert_eq!(x, x0);
            assert_eq!(unsafe { idamax(&3, x0.as_ptr(), &incx) }, 0);
            assert_eq!(unsafe { dnrm2(&3, x0.as_ptr(), &incx) }, 0.0);
        }
    }

    #[test]
    fn idamax_takes_the_first_of_equal_magnitudes_and_follows_linpack_on_nan() {
        let x = [1.0, -3.0, 3.0, 2.0, -3.0];
        assert_eq!(unsafe { idamax(&5, x.as_ptr(), &1) }, 2);
        assert_eq!(unsafe { idamax(&3, x.as_ptr(), &2) }, 2); // 1, 3, -3
        assert_eq!(unsafe { idamax(&1, x.as_ptr(), &1) }, 1);
        // LINPACK replaces the maximum unless |x(i)| <= max: a NaN is taken,
        // and the element after it replaces it.
        let x = [1.0, Real::NAN, 0.5, 0.25];
        assert_eq!(unsafe { idamax(&4, x.as_ptr(), &1) }, 3);
        assert_eq!(unsafe { idamax(&2, x.as_ptr(), &1) }, 2);
    }

    #[test]
    fn dnrm2_covers_all_four_phases() {
        // Exact small cases.
        assert_eq!(unsafe { dnrm2(&2, [3.0, 4.0].as_ptr(), &1) }, 5.0);
        assert_eq!(unsafe { dnrm2(&3, [0.0, 0.0, 0.0].as_ptr(), &1) }, 0.0);
        assert_eq!(unsafe { dnrm2(&1, [-7.5].as_ptr(), &1) }, 7.5);
        // Mixtures of zeros, tiny (phase 2), mid-range (3) and huge (4)
        // components, against a scaled reference.
        let mut rng = Rng(7);
        let scales = [0.0, 1e-300, 1e-160, 1e-12, 1.0, 1e12, 1e160, 1e300];
        for trial in 0..400 {
            let n = 1 + trial % 23;
            let x: Vec<Real> =
                (0..n).map(|_| scales[(rng.next_u64() % scales.len() as u64) as usize] * rng.uniform()).collect();
            let big = x.iter().fold(0.0, |m: Real, v| m.max(v.abs()));
            let expected =
                if big == 0.0 { 0.0 } else { big * x.iter().map(|v| (v / big).powi(2)).sum::<Real>().sqrt() };
            let got = unsafe { dnrm2(&(n as FInt), x.as_ptr(), &1) };
            assert!((got - expected).abs() <= 4e-15 * expected, "DNRM2 {x:?}: {got} vs {expected}");
        }
    }

    #[test]
    fn nothing_happens_for_n_not_positive() {
        let x = [1.0, 2.0];
        for n in [0, -1, -5] {
            let mut y = [5.0, 6.0];
            unsafe {
                daxpy(&n, &2.0, x.as_ptr(), &1, y.as_mut_ptr(), &1);
                dcopy(&n, x.as_ptr(), &1, y.as_mut_ptr(), &1);
                dscal(&n, &2.0, y.as_mut_ptr(), &1);
                assert_eq!(y, [5.0, 6.0]);
                assert_eq!(ddot(&n, x.as_ptr(), &1, x.as_ptr(), &1), 0.0);
                assert_eq!(dnrm2(&n, x.as_ptr(), &1), 0.0);
                assert_eq!(idamax(&n, x.as_ptr(), &1), 0);
                let (mut a, mut ipvt, mut info) = ([7.0; 4], [-9; 2], -9);
                dgefa(a.as_mut_ptr(), &2, &n, ipvt.as_mut_ptr(), &mut info);
                assert_eq!((a, ipvt, info), ([7.0; 4], [-9; 2], 0));
                info = -9;
                dgbfa(a.as_mut_ptr(), &2, &n, &0, &1, ipvt.as_mut_ptr(), &mut info);
                assert_eq!((a, ipvt, info), ([7.0; 4], [-9; 2], 0));
                dgesl(a.as_ptr(), &2, &n, ipvt.as_ptr(), y.as_mut_ptr(), &0);
                dgbsl(a.as_ptr(), &2, &n, &0, &1, ipvt.as_ptr(), y.as_mut_ptr(), &1);
                assert_eq!(y, [5.0, 6.0]);
            }
        }
    }

    #[test]
    fn daxpy_with_zero_multiplier_leaves_y_alone() {
        let x = [Real::NAN, Real::INFINITY];
        let mut y = [-0.0, 1.0];
        unsafe { daxpy(&2, &0.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        assert_eq!(bits(&y), bits(&[-0.0, 1.0]));
    }

    #[test]
    fn overlapping_arguments_are_processed_in_fortran_order() {
        // DCOPY(5, X(2), 1, X(1), 1) shifts X left by one.
        let mut x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let p = x.as_mut_ptr();
        unsafe { dcopy(&5, p.add(1), &1, p, &1) };
        assert_eq!(x, [2.0, 3.0, 4.0, 5.0, 6.0, 6.0]);
        // DAXPY(3, 1, X, 1, X, 1) doubles X.
        let mut x = [1.0, 2.0, 3.0];
        let p = x.as_mut_ptr();
        unsafe { daxpy(&3, &1.0, p, &1, p, &1) };
        assert_eq!(x, [2.0, 4.0, 6.0]);
    }

    #[test]
    fn null_pointers_are_ignored() {
        let null_i: *const FInt = core::ptr::null();
        let null_r: *const Real = core::ptr::null();
        let mut y = [1.0];
        unsafe {
            daxpy(null_i, &1.0, [1.0].as_ptr(), &1, y.as_mut_ptr(), &1);
            daxpy(&1, null_r, [1.0].as_ptr(), &1, y.as_mut_ptr(), &1);
            daxpy(&1, &1.0, null_r, &1, y.as_mut_ptr(), &1);
            assert_eq!(y, [1.0]);
            assert_eq!(ddot(&1, null_r, &1, y.as_ptr(), &1), 0.0);
            assert_eq!(dnrm2(null_i, y.as_ptr(), &1), 0.0);
            assert_eq!(idamax(&1, y.as_ptr(), null_i), 0);
            dgefa(y.as_mut_ptr(), &1, &1, core::ptr::null_mut(), core::ptr::null_mut());
            assert_eq!(y, [1.0]);
        }
    }

    // The aliases are assembler symbols: Rust sees them only through a
    // declaration, as a C or Fortran caller does.
    extern "C" {
        fn daxpy_(
            n: *const FInt,
            da: *const Real,
            dx: *const Real,
            incx: *const FInt,
            dy: *mut Real,
            incy: *const FInt,
        );
        fn DAXPY(n: *const FInt, da: *const Real, dx: *const Real, incx: *const FInt, dy: *mut Real, incy: *const FInt);
        fn DDOT(n: *const FInt, dx: *const Real, incx: *const FInt, dy: *const Real, incy: *const FInt) -> Real;
        fn IDAMAX(n: *const FInt, dx: *const Real, incx: *const FInt) -> FInt;
        fn DNRM2(n: *const FInt, dx: *const Real, incx: *const FInt) -> Real;
        fn DSCAL(n: *const FInt, da: *const Real, dx: *mut Real, incx: *const FInt);
        fn DCOPY(n: *const FInt, dx: *const Real, incx: *const FInt, dy: *mut Real, incy: *const FInt);
        fn dgefa_(a: *mut Real, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt);
        fn DGESL(a: *const Real, lda: *const FInt, n: *const FInt, ipvt: *const FInt, b: *mut Real, job: *const FInt);
    }

    #[test]
    fn all_three_spellings_are_exported() {
        let x = [1.0, 2.0];
        let mut y = [0.0, 0.0];
        unsafe {
            daxpy_(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1);
            daxpy(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1);
            DAXPY(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1);
            assert_eq!(y, [3.0, 6.0]);
            assert_eq!(ddot(&2, x.as_ptr(), &1, x.as_ptr(), &1), 5.0);
            assert_eq!(DDOT(&2, x.as_ptr(), &1, x.as_ptr(), &1), 5.0);
            assert_eq!(IDAMAX(&2, x.as_ptr(), &1), 2);
            assert_eq!(idamax(&2, x.as_ptr(), &1), 2);
            assert_eq!(DNRM2(&2, [3.0, 4.0].as_ptr(), &1), 5.0);
            assert_eq!(dnrm2(&2, [3.0, 4.0].as_ptr(), &1), 5.0);
            dscal(&2, &2.0, y.as_mut_ptr(), &1);
            DSCAL(&2, &0.5, y.as_mut_ptr(), &1);
            dcopy(&1, x.as_ptr(), &1, y.as_mut_ptr(), &1);
            DCOPY(&1, x.as_ptr(), &1, y.as_mut_ptr().add(1), &1);
            assert_eq!(y, [1.0, 1.0]);
            let mut a = [2.0];
            let (mut ipvt, mut info) = ([0], 7);
            dgefa_(a.as_mut_ptr(), &1, &1, ipvt.as_mut_ptr(), &mut info);
            let mut b = [3.0];
            DGESL(a.as_ptr(), &1, &1, ipvt.as_ptr(), b.as_mut_ptr(), &0);
            assert_eq!((info, b), (0, [1.5]));
        }
    }

    fn bits(v: &[Real]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    /// Column-major n×n matrix with leading dimension lda, entries in
    /// [-1, 1), plus `diag` on the diagonal.
    fn random_matrix(rng: &mut Rng, n: usize, lda: usize, diag: Real) -> Vec<Real> {
        let mut a = rng.vec(lda * n);
        for k in 0..n {
            a[k + k * lda] += diag;
        }
        a
    }

    /// Gaussian elimination with partial pivoting written the textbook way
    /// (whole rows exchanged, LAPACK style) with LINPACK's arithmetic
    /// (multiplier (−1/pivot)·a, update a + m·u). Returns the pivots
    /// (0-based) and INFO.
    fn textbook_lu(a: &mut [Real], n: usize, lda: usize) -> (Vec<usize>, usize) {
        let mut piv = vec![0; n];
        let mut info = 0;
        for k in 0..n.saturating_sub(1) {
            let mut p = k;
            for i in k + 1..n {
                if a[i + k * lda].abs() > a[p + k * lda].abs() {
                    p = i;
                }
            }
            piv[k] = p;
            if a[p + k * lda] == 0.0 {
                info = k + 1;
                continue;
            }
            for j in 0..n {
                a.swap(p + j * lda, k + j * lda);
            }
            let t = -1.0 / a[k + k * lda];
            for i in k + 1..n {
                a[i + k * lda] *= t;
            }
            for j in k + 1..n {
                let u = a[k + j * lda];
                for i in k + 1..n {
                    a[i + j * lda] += u * a[i + k * lda];
                }
            }
        }
        if n > 0 {
            piv[n - 1] = n - 1;
            if a[n - 1 + (n - 1) * lda] == 0.0 {
                info = n;
            }
        }
        (piv, info)
    }

    fn matvec(a: &[Real], n: usize, lda: usize, x: &[Real], transpose: bool) -> Vec<Real> {
        (0..n).map(|i| (0..n).map(|j| if transpose { a[j + i * lda] } else { a[i + j * lda] } * x[j]).sum()).collect()
    }

    #[test]
    fn dgefa_keeps_linpack_storage() {
        let mut rng = Rng(99);
        for n in 1..=12usize {
            let lda = n + n % 3; // LDA > N too
            let a0 = random_matrix(&mut rng, n, lda, 0.0);
            let mut a = a0.clone();
            let (mut ipvt, mut info) = (vec![0 as FInt; n], -1);
            unsafe { dgefa(a.as_mut_ptr(), &(lda as FInt), &(n as FInt), ipvt.as_mut_ptr(), &mut info) };
            let mut r = a0.clone();
            let (piv, rinfo) = textbook_lu(&mut r, n, lda);
            assert_eq!(info as usize, rinfo);
            let ipvt0: Vec<usize> = ipvt.iter().map(|&p| p as usize - 1).collect();
            assert_eq!(ipvt0, piv, "n={n}");
            for j in 0..n {
                // U agrees to the bit.
                for i in 0..=j {
                    assert_eq!(a[i + j * lda].to_bits(), r[i + j * lda].to_bits(), "U n={n}");
                }
                // LINPACK leaves the multipliers of step j where they were at
                // step j; the later exchanges turn them into LAPACK's L.
                let mut m: Vec<Real> = a[j * lda..j * lda + n].to_vec();
                for (k, &p) in piv.iter().enumerate().skip(j + 1) {
                    m.swap(k, p);
                }
                for i in j + 1..n {
                    assert_eq!(m[i].to_bits(), r[i + j * lda].to_bits(), "L n={n}");
                }
                // Rows below LDA's N are never touched.
                for i in n..lda {
                    assert_eq!(a[i + j * lda].to_bits(), a0[i + j * lda].to_bits());
                }
            }
        }
    }

    #[test]
    fn dgefa_dgesl_solve_both_ways() {
        let mut rng = Rng(2024);
        for n in 1..=40usize {
            let lda = n + 2;
            let a0 = random_matrix(&mut rng, n, lda, 0.0);
            let mut a = a0.clone();
            let (mut ipvt, mut info) = (vec![0 as FInt; n], -1);
            unsafe { dgefa(a.as_mut_ptr(), &(lda as FInt), &(n as FInt), ipvt.as_mut_ptr(), &mut info) };
            assert_eq!(info, 0);
            for job in [0, 1, -3] {
                let x: Vec<Real> = rng.vec(n);
                let mut b = matvec(&a0, n, lda, &x, job != 0);
                unsafe { dgesl(a.as_ptr(), &(lda as FInt), &(n as FInt), ipvt.as_ptr(), b.as_mut_ptr(), &job) };
                let residual = matvec(&a0, n, lda, &b, job != 0);
                let rhs = matvec(&a0, n, lda, &x, job != 0);
                for i in 0..n {
                    assert!((residual[i] - rhs[i]).abs() < 1e-11, "n={n} job={job}");
                }
            }
        }
    }

    #[test]
    fn dgefa_reports_the_last_zero_pivot() {
        // Columns 2 and 4 zero: zero pivots at steps 2 and 4; INFO = 4.
        let n = 5;
        let mut rng = Rng(5);
        let mut a = random_matrix(&mut rng, n, n, 3.0);
        for i in 0..n {
            a[i + n] = 0.0;
            a[i + 3 * n] = 0.0;
        }
        let (mut ipvt, mut info) = ([0; 5], -1);
        unsafe { dgefa(a.as_mut_ptr(), &5, &5, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!(info, 4);
        assert_eq!(ipvt[1], 2); // a zero column keeps its row
                                // Exact cancellation in the last pivot: INFO = N.
        let mut a = [1.0, 2.0, 2.0, 4.0];
        unsafe { dgefa(a.as_mut_ptr(), &2, &2, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!((info, ipvt[0], ipvt[1]), (2, 2, 2));
        let mut a = [0.0];
        unsafe { dgefa(a.as_mut_ptr(), &1, &1, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!((info, ipvt[0]), (1, 1));
    }

    /// A random n×n band matrix (dense, column-major, lda = n) and the same
    /// matrix in LINPACK band storage with leading dimension `ldb`; the
    /// rows DGBFA must not trust (fill-in rows) hold NaN.
    fn random_band(rng: &mut Rng, n: usize, ml: usize, mu: usize, ldb: usize) -> (Vec<Real>, Vec<Real>) {
        let m = ml + mu + 1;
        let mut dense = vec![0.0; n * n];
        let mut band = vec![Real::NAN; ldb * n];
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                let v = rng.uniform() + if i == j { 0.5 } else { 0.0 };
                dense[i + j * n] = v;
                band[(i + m - 1 - j) + j * ldb] = v;
            }
        }
        (dense, band)
    }

    #[test]
    fn dgbfa_dgbsl_match_dense_linpack_on_band_matrices() {
        let mut rng = Rng(314);
        for n in 1..=14usize {
            for ml in 0..n.min(5) {
                for mu in 0..n.min(5) {
                    let m = ml + mu + 1;
                    let ldb = 2 * ml + mu + 1 + (n % 2);
                    let (dense0, mut band) = random_band(&mut rng, n, ml, mu, ldb);
                    let mut dense = dense0.clone();
                    let (mut ipd, mut ipb) = (vec![0 as FInt; n], vec![0 as FInt; n]);
                    let (mut infod, mut infob) = (-1, -1);
                    let (nn, l, b_ld) = (n as FInt, n as FInt, ldb as FInt);
                    unsafe {
                        dgefa(dense.as_mut_ptr(), &l, &nn, ipd.as_mut_ptr(), &mut infod);
                        dgbfa(
                            band.as_mut_ptr(),
                            &b_ld,
                            &nn,
                            &(ml as FInt),
                            &(mu as FInt),
                            ipb.as_mut_ptr(),
                            &mut infob,
                        );
                    }
                    let tag = format!("n={n} ml={ml} mu={mu}");
                    assert_eq!(infob, infod, "{tag}");
                    assert_eq!(ipb, ipd, "{tag}");
                    for j in 0..n {
                        // U: within ml+mu of the diagonal, zero above.
                        for i in 0..=j {
                            let d = dense[i + j * n];
                            if j - i <= ml + mu {
                                let b = band[(i + m - 1 - j) + j * ldb];
                                assert!(b == d, "U({i},{j}) {tag}: {b} vs {d}");
                            } else {
                                assert!(d == 0.0, "{tag}");
                            }
                        }
                        // Multipliers.
                        for i in j + 1..n {
                            let d = dense[i + j * n];
                            if i - j <= ml {
                                assert!(band[(m - 1 + i - j) + j * ldb] == d, "{tag}");
                            } else {
                                assert!(d == 0.0, "{tag}");
                            }
                        }
                    }
                    for job in [0, 1] {
                        let mut xd = rng.vec(n);
                        let mut xb = xd.clone();
                        unsafe {
                            dgesl(dense.as_ptr(), &l, &nn, ipd.as_ptr(), xd.as_mut_ptr(), &job);
                            dgbsl(
                                band.as_ptr(),
                                &b_ld,
                                &nn,
                                &(ml as FInt),
                                &(mu as FInt),
                                ipb.as_ptr(),
                                xb.as_mut_ptr(),
                                &job,
                            );
                        }
                        assert_eq!(xb, xd, "solve job={job} {tag}");
                        // And it is a solution: small normwise backward error.
                        let rhs = rng.vec(n);
                        let mut x = rhs.clone();
                        unsafe {
                            dgbsl(
                                band.as_ptr(),
                                &b_ld,
                                &nn,
                                &(ml as FInt),
                                &(mu as FInt),
                                ipb.as_ptr(),
                                x.as_mut_ptr(),
                                &job,
                            );
                        }
                        let ax = matvec(&dense0, n, n, &x, job != 0);
                        let norm_a = dense0.iter().fold(0.0, |m: Real, v| m.max(v.abs())) * n as Real;
                        let norm_x = x.iter().fold(0.0, |m: Real, v| m.max(v.abs()));
                        for i in 0..n {
                            assert!((ax[i] - rhs[i]).abs() <= 1e-13 * norm_a * norm_x, "{tag}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn dgbfa_reports_the_last_zero_pivot() {
        // Tridiagonal 6×6 with columns 2 and 5 zero.
        let (n, ml, mu) = (6usize, 1usize, 1usize);
        let mut rng = Rng(11);
        let ldb = 2 * ml + mu + 1;
        let (_, mut band) = random_band(&mut rng, n, ml, mu, ldb);
        for r in 0..ldb {
            band[r + ldb] = 0.0;
            band[r + 4 * ldb] = 0.0;
        }
        let (mut ipvt, mut info) = ([0; 6], -1);
        unsafe { dgbfa(band.as_mut_ptr(), &(ldb as FInt), &6, &1, &1, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!(info, 5);
        // Diagonal matrix with a zero at the end: INFO = N.
        let mut band = [2.0, 3.0, 0.0];
        unsafe { dgbfa(band.as_mut_ptr(), &1, &3, &0, &0, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!((info, &ipvt[..3]), (3, &[1, 2, 3][..]));
    }
}
