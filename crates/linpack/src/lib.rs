//! The LINPACK / BLAS subset that DASKR ships in `dlinpk.f` (DOUBLE
//! PRECISION) and `slinpk.f` (REAL), exported as weak symbols.
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
//! and their single-precision twins SGEFA, SGESL, SGBFA, SGBSL, SAXPY,
//! SCOPY, SSCAL, SDOT, SNRM2, ISAMAX (the same arguments, REAL arrays and
//! scalars; what SDASKR's users and the single-precision demos call).
//!
//! Each is exported as `dgefa_`, `dgefa` and `DGEFA` (SPEC section 2),
//! with every argument passed by reference and INTEGER 32 bits wide. The
//! routine is defined once, under the plain name; the other spellings are
//! weak aliases ([`daskr_export::export_aliases!`]). The twelve BLAS names
//! are left out of the shared library's export list (`static_only`): at run
//! time "weak" means nothing, and a program that uses a BLAS or LAPACK
//! would otherwise have its (and LAPACK's own) calls bound to these.
//!
//! The algorithms are written once, generic over the private trait
//! `Float` (implemented for `f64` and `f32`), which also carries the one
//! constant that differs between the two Fortran files: the norm's CUTLO.
//! Each exported routine is a thin wrapper that names the type.
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
//! # Same results as `dlinpk.f` and `slinpk.f`, to the last bit
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
//! HITEST = CUTHI / REAL(N), where REAL(N) is single precision.
//!
//! `slinpk.f` is the same code in REAL arithmetic (every operation rounded
//! to binary32, no wider intermediate) with one different constant: SNRM2's
//! CUTLO is 4.441e-16 (CUTHI the same 1.304e19). The S routines here are
//! the generic code instantiated at `f32`, so they do exactly that.
//!
//! Checked against `dlinpk.f` and `slinpk.f` compiled by gfortran -O2 on
//! x86-64: identical bits (the tests `level1_routines_match_the_original_bit_for_bit`
//! and `single_precision_matches_slinpk` hold values recorded from the
//! original objects). The one exception is the sign and payload of a NaN
//! result when NaNs meet (say in a solve with a singular factor, where
//! 0·∞ and ∞ − ∞ make NaNs that later meet): IEEE 754 leaves them open,
//! x86 keeps the first operand's NaN, and which operand of a commutative
//! operation comes first is the compiler's choice, not always gfortran's.
//! Such a result is a NaN in both, possibly with the other sign (as for the
//! double routines before they became generic).
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
//! The S routines behave the same way in every one of these cases.
//!
//! # Memory
//!
//! The arguments are Fortran arrays: raw pointers into caller memory that
//! may overlap (`DCOPY(N-1, X(2), 1, X(1), 1)` shifts X; `DAXPY` with DX = DY
//! scales). The routines therefore never form Rust slices over them; they
//! read and write one element at a time, in the order of the Fortran
//! loops, through the small view types below. A view is made once per
//! call from the arguments (its construction is the one unsafe step: the
//! caller vouches for the elements the arguments describe), and every
//! access through it checks the index against that extent, so the
//! algorithms themselves are safe code.
//!
//! Every routine runs behind the panic boundary of [`daskr_export::boundary`].
//! No valid call panics; an index outside the extent (possible only with
//! inconsistent arguments, such as a pivot in IPVT outside 1..N) stops the
//! routine there instead of touching memory outside the arrays.

// Every unsafe operation sits in an `unsafe` block of its own, with a
// `// SAFETY:` comment that says why it is sound (also inside `unsafe fn`).
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks, clippy::multiple_unsafe_ops_per_block)]

use core::cell::Cell;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Div, Mul, Neg, Sub};

use daskr_export::{boundary, export_aliases};

/// Fortran default INTEGER.
type FInt = i32;
/// Fortran DOUBLE PRECISION.
type Real = f64;
/// Index arithmetic: INTEGER arguments widened so that products of two of
/// them (a column offset, a stride times a length) cannot overflow.
type Idx = isize;

/// Fortran DOUBLE PRECISION (`f64`, `dlinpk.f`) or REAL (`f32`,
/// `slinpk.f`): the arithmetic the routines use, every operation rounded to
/// the type (Rust neither contracts to FMA nor keeps wider intermediates),
/// and the constants of the norm.
trait Float:
    Copy
    + PartialOrd
    + Add<Output = Self>
    + AddAssign
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// xNRM2's CUTLO: above it a component is summed unscaled.
    /// `dlinpk.f` 8.232e-11 (2^-33.5), `slinpk.f` 4.441e-16 (2^-51).
    const NRM2_CUTLO: Self;
    /// xNRM2's CUTHI: from CUTHI / N up, the sum is scaled to avoid
    /// overflow. 1.304e19 in both files.
    const NRM2_CUTHI: Self;
    /// |x|.
    fn abs(self) -> Self;
    /// √x, correctly rounded.
    fn sqrt(self) -> Self;
    /// A REAL value (Fortran's FLOAT(N)) in this type, exactly.
    fn from_single(value: f32) -> Self;
}

impl Float for f64 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const NRM2_CUTLO: Self = 8.232e-11;
    const NRM2_CUTHI: Self = 1.304e19;
    fn abs(self) -> Self {
        f64::abs(self)
    }
    fn sqrt(self) -> Self {
        f64::sqrt(self)
    }
    fn from_single(value: f32) -> Self {
        f64::from(value)
    }
}

impl Float for f32 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const NRM2_CUTLO: Self = 4.441e-16;
    const NRM2_CUTHI: Self = 1.304e19;
    fn abs(self) -> Self {
        f32::abs(self)
    }
    fn sqrt(self) -> Self {
        f32::sqrt(self)
    }
    fn from_single(value: f32) -> Self {
        value
    }
}

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

/// The INTEGER values behind by-reference arguments, `None` if any pointer
/// is null.
///
/// # Safety
///
/// Each pointer is null or points to a readable INTEGER (alignment not
/// required).
unsafe fn integers<const N: usize>(ptrs: [*const FInt; N]) -> Option<[FInt; N]> {
    let mut values = [0; N];
    for (value, p) in values.iter_mut().zip(ptrs) {
        // SAFETY: null or readable, by the function contract.
        *value = unsafe { scalar(p) }?;
    }
    Some(values)
}

/// Whether a view may be written through: the arrays a routine only reads
/// (A and IPVT of xGESL, DX of xAXPY, ...) come as pointers to const.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Only read.
    Read,
    /// Read and written.
    Write,
}

/// A vector in caller memory addressed as the BLAS does: logical element
/// i (0-based, i < `len`) sits at `base + first + i * inc`. Every access
/// checks i against `len`; the constructor's contract makes the elements
/// in range valid for `'a`.
struct Vector<'a, T> {
    /// The array argument as passed (Fortran's DX(1)).
    base: *mut T,
    /// Offset of logical element 0 from `base`.
    first: Idx,
    /// Distance between consecutive elements (INCX).
    inc: Idx,
    /// Number of logical elements.
    len: Idx,
    /// Whether elements may be written.
    access: Access,
    /// The caller's memory, borrowed for the call (possibly overlapping
    /// another view of the same call: never turned into a reference).
    memory: PhantomData<&'a Cell<T>>,
}

// Copy for every T (a derive would ask T: Copy of the pointee).
impl<T> Clone for Vector<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Vector<'_, T> {}

impl<T: Copy> Vector<'_, T> {
    /// The `n`-element vector at `base` with increment `inc`: for a
    /// negative increment element 0 is the far one, DX(1 + (1 − n)·INCX).
    ///
    /// # Safety
    ///
    /// For every i in 0..n, logical element i (DX(1 + i·INCX) for
    /// INCX ≥ 0, DX(1 + (n − 1 − i)·|INCX|) otherwise) is readable, and
    /// writable when `access` is [`Access::Write`], for the lifetime of the
    /// view, and no Rust reference to it exists meanwhile.
    unsafe fn strided(base: *const T, n: Idx, inc: Idx, access: Access) -> Self {
        let first = if inc < 0 { (1 - n).wrapping_mul(inc) } else { 0 };
        Self { base: base.cast_mut(), first, inc, len: n.max(0), access, memory: PhantomData }
    }

    /// Address of logical element `i`, which must be in range (computed
    /// without dereferencing).
    fn slot(self, i: Idx) -> *mut T {
        assert!((0..self.len).contains(&i), "vector index out of range");
        self.base.wrapping_offset(self.first.wrapping_add(i.wrapping_mul(self.inc)))
    }

    /// Element `i`.
    fn get(self, i: Idx) -> T {
        let p = self.slot(i);
        // SAFETY: `slot` checked i < len, and elements 0..len are readable
        // for the view's lifetime (the constructor's contract).
        unsafe { p.read_unaligned() }
    }

    /// Stores `value` as element `i`.
    fn set(self, i: Idx, value: T) {
        assert!(self.access == Access::Write, "write to a read-only argument");
        let p = self.slot(i);
        // SAFETY: `slot` checked i < len, and elements 0..len of a
        // writable view are writable for its lifetime (the constructor's
        // contract).
        unsafe { p.write_unaligned(value) }
    }
}

/// A column-major Fortran matrix `A(LDA, *)` in caller memory, indexed
/// from 1 as in Fortran; every access checks the indices against the rows
/// and columns the routine's arguments describe.
struct Matrix<'a, T> {
    /// Address of A(1, 1).
    base: *mut T,
    /// Leading dimension LDA.
    lda: Idx,
    /// Rows the routine uses (N, or 2·ML+MU+1 in band storage).
    rows: Idx,
    /// Columns (N).
    cols: Idx,
    /// Whether elements may be written.
    access: Access,
    /// The caller's memory, borrowed for the call.
    memory: PhantomData<&'a Cell<T>>,
}

impl<T> Clone for Matrix<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Matrix<'_, T> {}

impl<'a, T: Copy> Matrix<'a, T> {
    /// The `rows` × `cols` matrix at `base` with leading dimension `lda`.
    ///
    /// # Safety
    ///
    /// For i in 1..=rows and j in 1..=cols, A(i, j) at
    /// `base + (i − 1) + (j − 1)·lda` is readable, and writable when
    /// `access` is [`Access::Write`], for the lifetime of the view, and no
    /// Rust reference to it exists meanwhile.
    unsafe fn new(base: *const T, lda: Idx, rows: Idx, cols: Idx, access: Access) -> Self {
        Self { base: base.cast_mut(), lda, rows: rows.max(0), cols: cols.max(0), access, memory: PhantomData }
    }

    /// Address of A(i, j) (computed without dereferencing).
    fn offset(self, i: Idx, j: Idx) -> *mut T {
        self.base.wrapping_offset((i - 1).wrapping_add((j - 1).wrapping_mul(self.lda)))
    }

    /// Address of A(i, j), which must be in range.
    fn slot(self, i: Idx, j: Idx) -> *mut T {
        assert!((1..=self.rows).contains(&i) && (1..=self.cols).contains(&j), "matrix index out of range");
        self.offset(i, j)
    }

    /// A(i, j).
    fn get(self, i: Idx, j: Idx) -> T {
        let p = self.slot(i, j);
        // SAFETY: `slot` checked (i, j) against rows and columns, whose
        // elements are readable for the view's lifetime (the constructor's
        // contract).
        unsafe { p.read_unaligned() }
    }

    /// A(i, j) ← value.
    fn set(self, i: Idx, j: Idx, value: T) {
        assert!(self.access == Access::Write, "write to a read-only argument");
        let p = self.slot(i, j);
        // SAFETY: `slot` checked (i, j), and the elements of a writable
        // view are writable for its lifetime (the constructor's contract).
        unsafe { p.write_unaligned(value) }
    }

    /// Column j from row i down (rows i..=rows; empty for i = rows + 1), as
    /// LINPACK passes `A(I, J)` to the BLAS.
    fn column_from(self, i: Idx, j: Idx) -> Vector<'a, T> {
        assert!((1..=self.rows + 1).contains(&i) && (1..=self.cols).contains(&j), "matrix index out of range");
        // Elements A(i..=rows, j) of this view: consecutive, and valid as
        // long as the matrix view is.
        Vector {
            base: self.offset(i, j),
            first: 0,
            inc: 1,
            len: self.rows - i + 1,
            access: self.access,
            memory: PhantomData,
        }
    }
}

/// A Fortran array `B(*)` or `IPVT(*)` of `len` elements indexed from 1;
/// every access checks the index.
struct Array<'a, T> {
    /// Address of element 1.
    base: *mut T,
    /// Number of elements.
    len: Idx,
    /// Whether elements may be written.
    access: Access,
    /// The caller's memory, borrowed for the call.
    memory: PhantomData<&'a Cell<T>>,
}

impl<T> Clone for Array<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Array<'_, T> {}

impl<'a, T: Copy> Array<'a, T> {
    /// The `len` elements at `base`.
    ///
    /// # Safety
    ///
    /// Elements 1..=len are readable, and writable when `access` is
    /// [`Access::Write`], for the lifetime of the view, and no Rust
    /// reference to them exists meanwhile.
    unsafe fn new(base: *const T, len: Idx, access: Access) -> Self {
        Self { base: base.cast_mut(), len: len.max(0), access, memory: PhantomData }
    }

    /// Address of element k, which must be in range.
    fn slot(self, k: Idx) -> *mut T {
        assert!((1..=self.len).contains(&k), "array index out of range");
        self.base.wrapping_offset(k - 1)
    }

    /// Element k.
    fn get(self, k: Idx) -> T {
        let p = self.slot(k);
        // SAFETY: `slot` checked 1 ≤ k ≤ len, and those elements are
        // readable for the view's lifetime (the constructor's contract).
        unsafe { p.read_unaligned() }
    }

    /// Element k ← value.
    fn set(self, k: Idx, value: T) {
        assert!(self.access == Access::Write, "write to a read-only argument");
        let p = self.slot(k);
        // SAFETY: `slot` checked 1 ≤ k ≤ len, and the elements of a
        // writable view are writable for its lifetime (the constructor's
        // contract).
        unsafe { p.write_unaligned(value) }
    }

    /// Elements k, k+1, …, len as a vector (empty for k = len + 1).
    fn vector_from(self, k: Idx) -> Vector<'a, T> {
        assert!((1..=self.len + 1).contains(&k), "array index out of range");
        // Elements k..=len of this view: consecutive, and valid as long as
        // the array view is.
        Vector {
            base: self.base.wrapping_offset(k - 1),
            first: 0,
            inc: 1,
            len: self.len - k + 1,
            access: self.access,
            memory: PhantomData,
        }
    }

    /// Exchanges elements k and l.
    fn swap(self, k: Idx, l: Idx) {
        let t = self.get(l);
        self.set(l, self.get(k));
        self.set(k, t);
    }
}

impl Array<'_, FInt> {
    /// Pivot index k, widened.
    fn pivot(self, k: Idx) -> Idx {
        idx(self.get(k))
    }
}

// ---------------------------------------------------------------------
// BLAS level 1. Each walks its vectors in logical order 0..n, which is the
// order of the Fortran loops (the unrolled unit-stride loops included).
// Every element access is checked against the vector's length.
// ---------------------------------------------------------------------

/// y ← y + a·x over n elements; nothing when n ≤ 0 or a = 0.
#[doc(alias = "DAXPY")]
#[doc(alias = "SAXPY")]
fn axpy<T: Float>(n: Idx, a: T, x: Vector<T>, y: Vector<T>) {
    if n <= 0 || a == T::ZERO {
        return;
    }
    for i in 0..n {
        y.set(i, y.get(i) + a * x.get(i));
    }
}

/// y ← x over n elements, first to last.
#[doc(alias = "DCOPY")]
#[doc(alias = "SCOPY")]
fn copy<T: Float>(n: Idx, x: Vector<T>, y: Vector<T>) {
    for i in 0..n {
        y.set(i, x.get(i));
    }
}

/// x ← a·x over n elements.
#[doc(alias = "DSCAL")]
#[doc(alias = "SSCAL")]
fn scale<T: Float>(n: Idx, a: T, x: Vector<T>) {
    for i in 0..n {
        x.set(i, a * x.get(i));
    }
}

/// xᵀy accumulated left to right from 0 (0 when n ≤ 0).
#[doc(alias = "DDOT")]
#[doc(alias = "SDOT")]
fn dot<T: Float>(n: Idx, x: Vector<T>, y: Vector<T>) -> T {
    let mut sum = T::ZERO;
    for i in 0..n {
        sum += x.get(i) * y.get(i);
    }
    sum
}

/// 1-based index of the first element of largest magnitude, 0 when n < 1.
/// As in LINPACK an element replaces the current maximum unless
/// |x_i| ≤ max, so a NaN is taken, and the element after it replaces it.
#[doc(alias = "IDAMAX")]
#[doc(alias = "ISAMAX")]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // `!(a <= b)` is LINPACK's NaN handling
fn index_of_max<T: Float>(n: Idx, x: Vector<T>) -> Idx {
    if n < 1 {
        return 0;
    }
    let mut largest = x.get(0).abs();
    let mut index = 1;
    for i in 1..n {
        let magnitude = x.get(i).abs();
        if !(magnitude <= largest) {
            index = i + 1;
            largest = magnitude;
        }
    }
    index
}

/// Euclidean norm by Lawson's four-phase method (LINPACK DNRM2/SNRM2,
/// 1978): zeros are skipped; components up to CUTLO are summed scaled by
/// the largest so far; from the first component above CUTLO the sum is
/// kept unscaled until a component reaches CUTHI/n, after which it is
/// scaled by the largest again. 0 when n < 1.
#[doc(alias = "DNRM2")]
#[doc(alias = "SNRM2")]
fn norm2<T: Float>(n: Idx, x: Vector<T>) -> T {
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
        return T::ZERO;
    }
    // Fortran's FLOAT(N) is single precision.
    let huge = T::NRM2_CUTHI / T::from_single(n as f32);
    let mut sum = T::ZERO;
    let mut largest = T::ZERO;
    let mut phase = Phase::Zeros;
    let mut i = 0;
    while i < n {
        let xi = x.get(i);
        let ai = xi.abs();
        let mid_range = match phase {
            Phase::Zeros if ai > T::NRM2_CUTLO => true,
            Phase::Zeros => {
                if xi != T::ZERO {
                    phase = Phase::Small;
                    largest = ai;
                    let q = xi / largest;
                    sum += q * q;
                }
                false
            }
            Phase::Small if ai > T::NRM2_CUTLO => {
                sum = (sum * largest) * largest;
                true
            }
            Phase::Small | Phase::Large => {
                if ai <= largest {
                    let q = xi / largest;
                    sum += q * q;
                } else {
                    let q = largest / xi;
                    sum = T::ONE + sum * (q * q);
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
                let xj = x.get(i);
                if xj.abs() >= huge {
                    break;
                }
                sum += xj * xj;
                i += 1;
            }
            let xi = x.get(i);
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

/// LU factorisation with partial pivoting in LINPACK's storage (DGEFA, SGEFA):
/// U on and above the diagonal, the negated multipliers of step k below
/// the diagonal of column k, IPVT(k) the row exchanged with row k at step
/// k (1-based, IPVT(n) = n). The exchange at step k is applied to columns
/// k..n only. Returns INFO: the last k with U(k, k) = 0, 0 if none.
///
/// `a` is the n × n matrix A(1..n, 1..n), `ipvt` IPVT(1..n).
#[doc(alias = "DGEFA")]
#[doc(alias = "SGEFA")]
fn lu_factor<T: Float>(a: Matrix<T>, n: Idx, ipvt: Array<FInt>) -> Idx {
    if n < 1 {
        return 0;
    }
    let mut info = 0;
    for k in 1..n {
        let l = index_of_max(n - k + 1, a.column_from(k, k)) + k - 1;
        ipvt.set(k, l as FInt);
        if a.get(l, k) == T::ZERO {
            // Nothing below the diagonal to eliminate.
            info = k;
            continue;
        }
        if l != k {
            let t = a.get(l, k);
            a.set(l, k, a.get(k, k));
            a.set(k, k, t);
        }
        let t = -T::ONE / a.get(k, k);
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
    if a.get(n, n) == T::ZERO {
        info = n;
    }
    info
}

/// Solves A x = b (`transpose` false) or Aᵀ x = b with `lu_factor`'s
/// output (DGESL, SGESL); b is overwritten by x. Nothing happens when n < 1.
///
/// `a` is the n × n matrix, `ipvt` and `b` have n elements; a pivot
/// outside 1..n (not one DGEFA leaves) panics.
#[doc(alias = "DGESL")]
#[doc(alias = "SGESL")]
fn lu_solve<T: Float>(a: Matrix<T>, n: Idx, ipvt: Array<FInt>, b: Array<T>, transpose: bool) {
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

/// Band LU factorisation with partial pivoting in LINPACK band storage
/// (DGBFA, SGBFA). Column j of the matrix is column j of ABD, A(i, j) in row
/// i − j + m with m = ml + mu + 1; rows 1..ml hold the fill-in, which is
/// zeroed here column by column just before elimination can reach it.
/// Multipliers of step k are stored negated in rows m+1..m+min(ml, n−k) of
/// column k, IPVT(k) is the (1-based) row exchanged with row k. Returns
/// INFO: the last k with U(k, k) = 0, 0 if none.
///
/// `abd` is ABD(1..2·ml+mu+1, 1..n), `ipvt` IPVT(1..n).
#[doc(alias = "DGBFA")]
#[doc(alias = "SGBFA")]
fn band_factor<T: Float>(abd: Matrix<T>, n: Idx, ml: Idx, mu: Idx, ipvt: Array<FInt>) -> Idx {
    if n < 1 {
        return 0;
    }
    let m = ml + mu + 1;
    let mut info = 0;
    // Zero the fill-in part of columns mu+2 .. min(n, m)−1.
    let first_fill = mu + 2;
    let last_fill = n.min(m) - 1;
    for jz in first_fill..=last_fill {
        for i in m + 1 - jz..=ml {
            abd.set(i, jz, T::ZERO);
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
                abd.set(i, jz, T::ZERO);
            }
        }
        let lm = ml.min(n - k);
        let mut l = index_of_max(lm + 1, abd.column_from(m, k)) + m - 1;
        let pivot_row = l + k - m;
        ipvt.set(k, pivot_row as FInt);
        if abd.get(l, k) == T::ZERO {
            info = k;
            continue;
        }
        if l != m {
            let t = abd.get(l, k);
            abd.set(l, k, abd.get(m, k));
            abd.set(m, k, t);
        }
        let t = -T::ONE / abd.get(m, k);
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
    if abd.get(m, n) == T::ZERO {
        info = n;
    }
    info
}

/// Solves A x = b (`transpose` false) or Aᵀ x = b with `band_factor`'s
/// output (DGBSL, SGBSL); b is overwritten by x. Nothing happens when n < 1.
///
/// `abd` is ABD(1..2·ml+mu+1, 1..n), `ipvt` and `b` have n elements; a
/// pivot outside 1..n (not one DGBFA leaves) panics.
#[doc(alias = "DGBSL")]
#[doc(alias = "SGBSL")]
fn band_solve<T: Float>(abd: Matrix<T>, n: Idx, ml: Idx, mu: Idx, ipvt: Array<FInt>, b: Array<T>, transpose: bool) {
    let m = mu + ml + 1;
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

// ---------------------------------------------------------------------
// The Fortran-callable entry points: decode the by-reference arguments,
// view the arrays, then call the routines above. Written once, generic;
// the exported functions below name the precision.
// Safety, for all of them: each pointer is null or valid for what the
// LINPACK/BLAS routine of the same name reads or writes.
// ---------------------------------------------------------------------

/// xGEFA(A, LDA, N, IPVT, INFO).
unsafe fn gefa_entry<T: Float>(a: *mut T, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt) {
    boundary(
        || {
            // SAFETY: LDA and N are null or readable (function contract).
            let Some([lda, n]) = (unsafe { integers([lda, n]) }) else {
                return;
            };
            if a.is_null() || ipvt.is_null() || info.is_null() {
                return;
            }
            let n = idx(n);
            // SAFETY: A(LDA, N) is the caller's, read and written by xGEFA
            // (function contract).
            let a = unsafe { Matrix::new(a, idx(lda), n, n, Access::Write) };
            // SAFETY: IPVT(N) is the caller's, written by xGEFA.
            let ipvt = unsafe { Array::new(ipvt, n, Access::Write) };
            let result = lu_factor(a, n, ipvt);
            // SAFETY: INFO is writable (function contract); result ≤ N fits.
            unsafe { info.write_unaligned(result as FInt) };
        },
        || (),
    )
}

/// xGESL(A, LDA, N, IPVT, B, JOB).
unsafe fn gesl_entry<T: Float>(
    a: *const T,
    lda: *const FInt,
    n: *const FInt,
    ipvt: *const FInt,
    b: *mut T,
    job: *const FInt,
) {
    boundary(
        || {
            // SAFETY: LDA, N and JOB are null or readable (function contract).
            let Some([lda, n, job]) = (unsafe { integers([lda, n, job]) }) else {
                return;
            };
            if a.is_null() || ipvt.is_null() || b.is_null() {
                return;
            }
            let n = idx(n);
            // SAFETY: A(LDA, N) is the caller's, read by xGESL (function
            // contract).
            let a = unsafe { Matrix::new(a, idx(lda), n, n, Access::Read) };
            // SAFETY: IPVT(N) is the caller's, read by xGESL.
            let ipvt = unsafe { Array::new(ipvt, n, Access::Read) };
            // SAFETY: B(N) is the caller's, read and written by xGESL.
            let b = unsafe { Array::new(b, n, Access::Write) };
            lu_solve(a, n, ipvt, b, job != 0);
        },
        || (),
    )
}

/// xGBFA(ABD, LDA, N, ML, MU, IPVT, INFO).
unsafe fn gbfa_entry<T: Float>(
    abd: *mut T,
    lda: *const FInt,
    n: *const FInt,
    ml: *const FInt,
    mu: *const FInt,
    ipvt: *mut FInt,
    info: *mut FInt,
) {
    boundary(
        || {
            // SAFETY: LDA, N, ML and MU are null or readable (function
            // contract).
            let Some([lda, n, ml, mu]) = (unsafe { integers([lda, n, ml, mu]) }) else {
                return;
            };
            if abd.is_null() || ipvt.is_null() || info.is_null() {
                return;
            }
            let (n, ml, mu) = (idx(n), idx(ml), idx(mu));
            // SAFETY: ABD(LDA, N) is the caller's, rows 1..2·ML+MU+1 read
            // and written by xGBFA (function contract).
            let abd = unsafe { Matrix::new(abd, idx(lda), 2 * ml + mu + 1, n, Access::Write) };
            // SAFETY: IPVT(N) is the caller's, written by xGBFA.
            let ipvt = unsafe { Array::new(ipvt, n, Access::Write) };
            let result = band_factor(abd, n, ml, mu, ipvt);
            // SAFETY: INFO is writable (function contract); result ≤ N fits.
            unsafe { info.write_unaligned(result as FInt) };
        },
        || (),
    )
}

/// xGBSL(ABD, LDA, N, ML, MU, IPVT, B, JOB).
#[allow(clippy::too_many_arguments)] // LINPACK's argument list
unsafe fn gbsl_entry<T: Float>(
    abd: *const T,
    lda: *const FInt,
    n: *const FInt,
    ml: *const FInt,
    mu: *const FInt,
    ipvt: *const FInt,
    b: *mut T,
    job: *const FInt,
) {
    boundary(
        || {
            // SAFETY: LDA, N, ML, MU and JOB are null or readable (function
            // contract).
            let Some([lda, n, ml, mu, job]) = (unsafe { integers([lda, n, ml, mu, job]) }) else {
                return;
            };
            if abd.is_null() || ipvt.is_null() || b.is_null() {
                return;
            }
            let (n, ml, mu) = (idx(n), idx(ml), idx(mu));
            // SAFETY: ABD(LDA, N) is the caller's, rows 1..2·ML+MU+1 read by
            // xGBSL (function contract).
            let abd = unsafe { Matrix::new(abd, idx(lda), 2 * ml + mu + 1, n, Access::Read) };
            // SAFETY: IPVT(N) is the caller's, read by xGBSL.
            let ipvt = unsafe { Array::new(ipvt, n, Access::Read) };
            // SAFETY: B(N) is the caller's, read and written by xGBSL.
            let b = unsafe { Array::new(b, n, Access::Write) };
            band_solve(abd, n, ml, mu, ipvt, b, job != 0);
        },
        || (),
    )
}

/// xAXPY(N, DA, DX, INCX, DY, INCY).
unsafe fn axpy_entry<T: Float>(
    n: *const FInt,
    da: *const T,
    dx: *const T,
    incx: *const FInt,
    dy: *mut T,
    incy: *const FInt,
) {
    boundary(
        || {
            // SAFETY: N, INCX and INCY are null or readable (function
            // contract).
            let ints = unsafe { integers([n, incx, incy]) };
            // SAFETY: DA is null or readable (function contract).
            let da = unsafe { scalar(da) };
            let (Some([n, incx, incy]), Some(da)) = (ints, da) else {
                return;
            };
            if n <= 0 || dx.is_null() || dy.is_null() {
                return;
            }
            let n = idx(n);
            // SAFETY: the N strided elements of DX are the caller's, read
            // by xAXPY (function contract).
            let x = unsafe { Vector::strided(dx, n, idx(incx), Access::Read) };
            // SAFETY: the N strided elements of DY are the caller's, read
            // and written by xAXPY.
            let y = unsafe { Vector::strided(dy, n, idx(incy), Access::Write) };
            axpy(n, da, x, y);
        },
        || (),
    )
}

/// xCOPY(N, DX, INCX, DY, INCY).
unsafe fn copy_entry<T: Float>(n: *const FInt, dx: *const T, incx: *const FInt, dy: *mut T, incy: *const FInt) {
    boundary(
        || {
            // SAFETY: N, INCX and INCY are null or readable (function
            // contract).
            let Some([n, incx, incy]) = (unsafe { integers([n, incx, incy]) }) else {
                return;
            };
            if n <= 0 || dx.is_null() || dy.is_null() {
                return;
            }
            let n = idx(n);
            // SAFETY: the N strided elements of DX are the caller's, read
            // by xCOPY (function contract).
            let x = unsafe { Vector::strided(dx, n, idx(incx), Access::Read) };
            // SAFETY: the N strided elements of DY are the caller's,
            // written by xCOPY.
            let y = unsafe { Vector::strided(dy, n, idx(incy), Access::Write) };
            copy(n, x, y);
        },
        || (),
    )
}

/// xSCAL(N, DA, DX, INCX).
unsafe fn scal_entry<T: Float>(n: *const FInt, da: *const T, dx: *mut T, incx: *const FInt) {
    boundary(
        || {
            // SAFETY: N and INCX are null or readable (function contract).
            let ints = unsafe { integers([n, incx]) };
            // SAFETY: DA is null or readable (function contract).
            let da = unsafe { scalar(da) };
            let (Some([n, incx]), Some(da)) = (ints, da) else {
                return;
            };
            if n <= 0 || incx <= 0 || dx.is_null() {
                return;
            }
            let n = idx(n);
            // SAFETY: the N strided elements of DX are the caller's, read
            // and written by xSCAL (function contract).
            let x = unsafe { Vector::strided(dx, n, idx(incx), Access::Write) };
            scale(n, da, x);
        },
        || (),
    )
}

/// xDOT(N, DX, INCX, DY, INCY).
unsafe fn dot_entry<T: Float>(n: *const FInt, dx: *const T, incx: *const FInt, dy: *const T, incy: *const FInt) -> T {
    boundary(
        || {
            // SAFETY: N, INCX and INCY are null or readable (function
            // contract).
            let Some([n, incx, incy]) = (unsafe { integers([n, incx, incy]) }) else {
                return T::ZERO;
            };
            if n <= 0 || dx.is_null() || dy.is_null() {
                return T::ZERO;
            }
            let n = idx(n);
            // SAFETY: the N strided elements of DX are the caller's, read
            // by xDOT (function contract).
            let x = unsafe { Vector::strided(dx, n, idx(incx), Access::Read) };
            // SAFETY: the same for DY.
            let y = unsafe { Vector::strided(dy, n, idx(incy), Access::Read) };
            dot(n, x, y)
        },
        || T::ZERO,
    )
}

/// xNRM2(N, DX, INCX).
unsafe fn nrm2_entry<T: Float>(n: *const FInt, dx: *const T, incx: *const FInt) -> T {
    boundary(
        || {
            // SAFETY: N and INCX are null or readable (function contract).
            let Some([n, incx]) = (unsafe { integers([n, incx]) }) else {
                return T::ZERO;
            };
            if n <= 0 || incx <= 0 || dx.is_null() {
                return T::ZERO;
            }
            let n = idx(n);
            // SAFETY: the N strided elements of DX are the caller's, read
            // by xNRM2 (function contract).
            let x = unsafe { Vector::strided(dx, n, idx(incx), Access::Read) };
            norm2(n, x)
        },
        || T::ZERO,
    )
}

/// IxAMAX(N, DX, INCX).
unsafe fn iamax_entry<T: Float>(n: *const FInt, dx: *const T, incx: *const FInt) -> FInt {
    boundary(
        || {
            // SAFETY: N and INCX are null or readable (function contract).
            let Some([n, incx]) = (unsafe { integers([n, incx]) }) else {
                return 0;
            };
            if n <= 0 || incx <= 0 || dx.is_null() {
                return 0;
            }
            let n = idx(n);
            // SAFETY: the N strided elements of DX are the caller's, read
            // by IxAMAX (function contract).
            let x = unsafe { Vector::strided(dx, n, idx(incx), Access::Read) };
            // The result is at most N, an INTEGER.
            index_of_max(n, x) as FInt
        },
        || 0,
    )
}

// ---------------------------------------------------------------------
// DOUBLE PRECISION, as in DASKR's dlinpk.f.
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
    // SAFETY: the function contract, forwarded.
    unsafe { gefa_entry(a, lda, n, ipvt, info) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { gesl_entry(a, lda, n, ipvt, b, job) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { gbfa_entry(abd, lda, n, ml, mu, ipvt, info) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { gbsl_entry(abd, lda, n, ml, mu, ipvt, b, job) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { axpy_entry(n, da, dx, incx, dy, incy) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { copy_entry(n, dx, incx, dy, incy) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { scal_entry(n, da, dx, incx) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { dot_entry(n, dx, incx, dy, incy) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { nrm2_entry(n, dx, incx) }
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
    // SAFETY: the function contract, forwarded.
    unsafe { iamax_entry(n, dx, incx) }
}
export_aliases!(idamax => weak idamax_, weak IDAMAX; static_only);

// ---------------------------------------------------------------------
// REAL (single precision), as in DASKR's slinpk.f.
// ---------------------------------------------------------------------

/// SGEFA(A, LDA, N, IPVT, INFO): LU factorisation with partial pivoting (LINPACK).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn sgefa(a: *mut f32, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt) {
    // SAFETY: the function contract, forwarded.
    unsafe { gefa_entry(a, lda, n, ipvt, info) }
}
export_aliases!(sgefa => weak sgefa_, weak SGEFA);

/// SGESL(A, LDA, N, IPVT, B, JOB): solve A x = b (JOB = 0) or A' x = b with SGEFA's factors.
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn sgesl(
    a: *const f32,
    lda: *const FInt,
    n: *const FInt,
    ipvt: *const FInt,
    b: *mut f32,
    job: *const FInt,
) {
    // SAFETY: the function contract, forwarded.
    unsafe { gesl_entry(a, lda, n, ipvt, b, job) }
}
export_aliases!(sgesl => weak sgesl_, weak SGESL);

/// SGBFA(ABD, LDA, N, ML, MU, IPVT, INFO): band LU factorisation with partial pivoting (LINPACK band storage, LDA >= 2*ML+MU+1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn sgbfa(
    abd: *mut f32,
    lda: *const FInt,
    n: *const FInt,
    ml: *const FInt,
    mu: *const FInt,
    ipvt: *mut FInt,
    info: *mut FInt,
) {
    // SAFETY: the function contract, forwarded.
    unsafe { gbfa_entry(abd, lda, n, ml, mu, ipvt, info) }
}
export_aliases!(sgbfa => weak sgbfa_, weak SGBFA);

/// SGBSL(ABD, LDA, N, ML, MU, IPVT, B, JOB): solve A x = b (JOB = 0) or A' x = b with SGBFA's factors.
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[allow(clippy::too_many_arguments)] // LINPACK's argument list
#[no_mangle]
pub unsafe extern "C" fn sgbsl(
    abd: *const f32,
    lda: *const FInt,
    n: *const FInt,
    ml: *const FInt,
    mu: *const FInt,
    ipvt: *const FInt,
    b: *mut f32,
    job: *const FInt,
) {
    // SAFETY: the function contract, forwarded.
    unsafe { gbsl_entry(abd, lda, n, ml, mu, ipvt, b, job) }
}
export_aliases!(sgbsl => weak sgbsl_, weak SGBSL);

/// SAXPY(N, SA, SX, INCX, SY, INCY): y = y + a*x (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn saxpy(
    n: *const FInt,
    sa: *const f32,
    sx: *const f32,
    incx: *const FInt,
    sy: *mut f32,
    incy: *const FInt,
) {
    // SAFETY: the function contract, forwarded.
    unsafe { axpy_entry(n, sa, sx, incx, sy, incy) }
}
export_aliases!(saxpy => weak saxpy_, weak SAXPY; static_only);

/// SCOPY(N, SX, INCX, SY, INCY): y = x (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn scopy(n: *const FInt, sx: *const f32, incx: *const FInt, sy: *mut f32, incy: *const FInt) {
    // SAFETY: the function contract, forwarded.
    unsafe { copy_entry(n, sx, incx, sy, incy) }
}
export_aliases!(scopy => weak scopy_, weak SCOPY; static_only);

/// SSCAL(N, SA, SX, INCX): x = a*x (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn sscal(n: *const FInt, sa: *const f32, sx: *mut f32, incx: *const FInt) {
    // SAFETY: the function contract, forwarded.
    unsafe { scal_entry(n, sa, sx, incx) }
}
export_aliases!(sscal => weak sscal_, weak SSCAL; static_only);

/// SDOT(N, SX, INCX, SY, INCY): dot product x'y (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn sdot(
    n: *const FInt,
    sx: *const f32,
    incx: *const FInt,
    sy: *const f32,
    incy: *const FInt,
) -> f32 {
    // SAFETY: the function contract, forwarded.
    unsafe { dot_entry(n, sx, incx, sy, incy) }
}
export_aliases!(sdot => weak sdot_, weak SDOT; static_only);

/// SNRM2(N, SX, INCX): Euclidean norm, LINPACK's 1978 four-phase algorithm as in DASKR's slinpk.f (CUTLO = 4.441e-16).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn snrm2(n: *const FInt, sx: *const f32, incx: *const FInt) -> f32 {
    // SAFETY: the function contract, forwarded.
    unsafe { nrm2_entry(n, sx, incx) }
}
export_aliases!(snrm2 => weak snrm2_, weak SNRM2; static_only);

/// ISAMAX(N, SX, INCX): index of the first element of largest magnitude (BLAS level 1).
///
/// Weak in every spelling but this one: a strong definition elsewhere in
/// the program (a BLAS, LAPACK, its own `slinpk.f`) wins.
///
/// # Safety
/// Each pointer is null or valid for the elements the LINPACK/BLAS
/// routine of this name reads or writes, as a Fortran caller's
/// by-reference arguments are.
#[no_mangle]
pub unsafe extern "C" fn isamax(n: *const FInt, sx: *const f32, incx: *const FInt) -> FInt {
    // SAFETY: the function contract, forwarded.
    unsafe { iamax_entry(n, sx, incx) }
}
export_aliases!(isamax => weak isamax_, weak ISAMAX; static_only);

#[cfg(test)]
mod tests {
    use super::*;

    /// The exported routines of one precision (through their plain names,
    /// as a C caller sees them), and what the tests need of its numbers.
    trait Prec: Float + core::fmt::Debug {
        /// Tolerance of the norm against a plain reference (unit data).
        const NRM2_TOL: f64;
        /// Tolerance of the norm against a scaled reference (all phases).
        const NRM2_PHASES_TOL: f64;
        /// Magnitudes that put components in each phase of the norm: zero,
        /// subnormal, below CUTLO, mid-range, at least CUTHI / n.
        const NRM2_SCALES: &'static [f64];
        /// Absolute residual of a dense solve (unit data).
        const SOLVE_TOL: f64;
        /// Normwise backward error of a band solve.
        const BACKWARD_TOL: f64;
        /// Significand bits (for exact test data).
        const MANTISSA: u32;
        /// `x` rounded to this type.
        fn of(x: f64) -> Self;
        /// The value as f64 (exact).
        fn wide(self) -> f64;
        /// The bit pattern, widened.
        fn bits(self) -> u64;
        unsafe fn gefa(a: *mut Self, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt);
        unsafe fn gesl(
            a: *const Self,
            lda: *const FInt,
            n: *const FInt,
            ipvt: *const FInt,
            b: *mut Self,
            job: *const FInt,
        );
        #[allow(clippy::too_many_arguments)]
        unsafe fn gbfa(
            abd: *mut Self,
            lda: *const FInt,
            n: *const FInt,
            ml: *const FInt,
            mu: *const FInt,
            ipvt: *mut FInt,
            info: *mut FInt,
        );
        #[allow(clippy::too_many_arguments)]
        unsafe fn gbsl(
            abd: *const Self,
            lda: *const FInt,
            n: *const FInt,
            ml: *const FInt,
            mu: *const FInt,
            ipvt: *const FInt,
            b: *mut Self,
            job: *const FInt,
        );
        unsafe fn axpy(
            n: *const FInt,
            a: *const Self,
            x: *const Self,
            incx: *const FInt,
            y: *mut Self,
            incy: *const FInt,
        );
        unsafe fn copy(n: *const FInt, x: *const Self, incx: *const FInt, y: *mut Self, incy: *const FInt);
        unsafe fn scal(n: *const FInt, a: *const Self, x: *mut Self, incx: *const FInt);
        unsafe fn dot(n: *const FInt, x: *const Self, incx: *const FInt, y: *const Self, incy: *const FInt) -> Self;
        unsafe fn nrm2(n: *const FInt, x: *const Self, incx: *const FInt) -> Self;
        unsafe fn iamax(n: *const FInt, x: *const Self, incx: *const FInt) -> FInt;
    }

    /// Implements `Prec`'s routines by the exported functions of one
    /// precision.
    macro_rules! routines {
        ($gefa:ident, $gesl:ident, $gbfa:ident, $gbsl:ident, $axpy:ident, $copy:ident, $scal:ident, $dot:ident, $nrm2:ident, $iamax:ident) => {
            unsafe fn gefa(a: *mut Self, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $gefa(a, lda, n, ipvt, info) }
            }
            unsafe fn gesl(
                a: *const Self,
                lda: *const FInt,
                n: *const FInt,
                ipvt: *const FInt,
                b: *mut Self,
                job: *const FInt,
            ) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $gesl(a, lda, n, ipvt, b, job) }
            }
            unsafe fn gbfa(
                abd: *mut Self,
                lda: *const FInt,
                n: *const FInt,
                ml: *const FInt,
                mu: *const FInt,
                ipvt: *mut FInt,
                info: *mut FInt,
            ) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $gbfa(abd, lda, n, ml, mu, ipvt, info) }
            }
            unsafe fn gbsl(
                abd: *const Self,
                lda: *const FInt,
                n: *const FInt,
                ml: *const FInt,
                mu: *const FInt,
                ipvt: *const FInt,
                b: *mut Self,
                job: *const FInt,
            ) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $gbsl(abd, lda, n, ml, mu, ipvt, b, job) }
            }
            unsafe fn axpy(
                n: *const FInt,
                a: *const Self,
                x: *const Self,
                incx: *const FInt,
                y: *mut Self,
                incy: *const FInt,
            ) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $axpy(n, a, x, incx, y, incy) }
            }
            unsafe fn copy(n: *const FInt, x: *const Self, incx: *const FInt, y: *mut Self, incy: *const FInt) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $copy(n, x, incx, y, incy) }
            }
            unsafe fn scal(n: *const FInt, a: *const Self, x: *mut Self, incx: *const FInt) {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $scal(n, a, x, incx) }
            }
            unsafe fn dot(
                n: *const FInt,
                x: *const Self,
                incx: *const FInt,
                y: *const Self,
                incy: *const FInt,
            ) -> Self {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $dot(n, x, incx, y, incy) }
            }
            unsafe fn nrm2(n: *const FInt, x: *const Self, incx: *const FInt) -> Self {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $nrm2(n, x, incx) }
            }
            unsafe fn iamax(n: *const FInt, x: *const Self, incx: *const FInt) -> FInt {
                // SAFETY: the caller's contract is the routine's, forwarded.
                unsafe { $iamax(n, x, incx) }
            }
        };
    }

    impl Prec for f64 {
        const NRM2_TOL: f64 = 1e-15;
        const NRM2_PHASES_TOL: f64 = 4e-15;
        const NRM2_SCALES: &'static [f64] = &[0.0, 1e-300, 1e-160, 1e-12, 1.0, 1e12, 1e160, 1e300];
        const SOLVE_TOL: f64 = 1e-11;
        const BACKWARD_TOL: f64 = 1e-13;
        const MANTISSA: u32 = 53;
        fn of(x: f64) -> Self {
            x
        }
        fn wide(self) -> f64 {
            self
        }
        fn bits(self) -> u64 {
            self.to_bits()
        }
        routines!(dgefa, dgesl, dgbfa, dgbsl, daxpy, dcopy, dscal, ddot, dnrm2, idamax);
    }

    // The double tolerances times about 2^29, the ratio of the unit
    // roundoffs.
    impl Prec for f32 {
        const NRM2_TOL: f64 = 5e-7;
        const NRM2_PHASES_TOL: f64 = 2e-6;
        // CUTLO 4.441e-16: 1e-30 and 1e-20 components are "small" here,
        // 1e-12 ones already mid-range; CUTHI / n is at least 5.6e17.
        const NRM2_SCALES: &'static [f64] = &[0.0, 1e-40, 1e-30, 1e-20, 1e-12, 1.0, 1e12, 1e30, 1e37];
        const SOLVE_TOL: f64 = 5e-3;
        const BACKWARD_TOL: f64 = 5e-5;
        const MANTISSA: u32 = 24;
        fn of(x: f64) -> Self {
            x as f32
        }
        fn wide(self) -> f64 {
            f64::from(self)
        }
        fn bits(self) -> u64 {
            u64::from(self.to_bits())
        }
        routines!(sgefa, sgesl, sgbfa, sgbsl, saxpy, scopy, sscal, sdot, snrm2, isamax);
    }

    /// Runs each generic test for both precisions, as `<test>::double` and
    /// `<test>::single`.
    macro_rules! in_both_precisions {
        ($($test:ident),* $(,)?) => {$(
            mod $test {
                #[test]
                fn double() {
                    super::$test::<f64>();
                }
                #[test]
                fn single() {
                    super::$test::<f32>();
                }
            }
        )*};
    }

    in_both_precisions!(
        axpy_copy_dot_follow_the_reference_with_any_strides,
        scal_iamax_nrm2_follow_the_reference_with_positive_strides,
        scal_iamax_nrm2_do_nothing_for_non_positive_increments,
        iamax_takes_the_first_of_equal_magnitudes_and_follows_linpack_on_nan,
        nrm2_covers_all_four_phases,
        nothing_happens_for_n_not_positive,
        axpy_with_zero_multiplier_leaves_y_alone,
        overlapping_arguments_are_processed_in_fortran_order,
        null_pointers_are_ignored,
        gefa_keeps_linpack_storage,
        gefa_gesl_solve_both_ways,
        gefa_reports_the_last_zero_pivot,
        gbfa_gbsl_match_dense_linpack_on_band_matrices,
        gbfa_reports_the_last_zero_pivot,
    );

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
        fn uniform(&mut self) -> f64 {
            (self.next_u64() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        }
        /// `len` uniform values, rounded to T.
        fn vec<T: Prec>(&mut self, len: usize) -> Vec<T> {
            (0..len).map(|_| T::of(self.uniform())).collect()
        }
    }

    /// Small exact values in T.
    fn vals<T: Prec, const N: usize>(v: [f64; N]) -> [T; N] {
        v.map(T::of)
    }

    fn bits<T: Prec>(v: &[T]) -> Vec<u64> {
        v.iter().map(|x| x.bits()).collect()
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

    fn axpy_copy_dot_follow_the_reference_with_any_strides<T: Prec>() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for &n in &LENGTHS {
            for &incx in &INCREMENTS {
                for &incy in &INCREMENTS {
                    let x: Vec<T> = rng.vec(extent(n, incx) + 2);
                    let y0: Vec<T> = rng.vec(extent(n, incy) + 2);
                    let a = T::of(rng.uniform());
                    let (nn, ix, iy) = (n as FInt, incx as FInt, incy as FInt);

                    // xAXPY: y(p) += a*x(q) in logical order.
                    let mut expected = y0.clone();
                    for i in 0..n {
                        let (p, q) = (position(n, incy, i), position(n, incx, i));
                        expected[p] += a * x[q];
                    }
                    let mut y = y0.clone();
                    // SAFETY: the arrays hold every element the call reads or writes
                    // for these arguments; the scalars are locals.
                    unsafe { T::axpy(&nn, &a, x.as_ptr(), &ix, y.as_mut_ptr(), &iy) };
                    assert_eq!(bits(&y), bits(&expected), "xAXPY n={n} incx={incx} incy={incy}");

                    // xCOPY.
                    let mut expected = y0.clone();
                    for i in 0..n {
                        expected[position(n, incy, i)] = x[position(n, incx, i)];
                    }
                    let mut y = y0.clone();
                    // SAFETY: the arrays hold every element the call reads or writes
                    // for these arguments; the scalars are locals.
                    unsafe { T::copy(&nn, x.as_ptr(), &ix, y.as_mut_ptr(), &iy) };
                    assert_eq!(bits(&y), bits(&expected), "xCOPY n={n} incx={incx} incy={incy}");

                    // xDOT: left-to-right sum from zero.
                    let mut expected = T::ZERO;
                    for i in 0..n {
                        expected += x[position(n, incx, i)] * y0[position(n, incy, i)];
                    }
                    // SAFETY: the arrays hold every element the call reads or writes
                    // for these arguments; the scalars are locals.
                    let got = unsafe { T::dot(&nn, x.as_ptr(), &ix, y0.as_ptr(), &iy) };
                    assert_eq!(got.bits(), expected.bits(), "xDOT n={n} incx={incx} incy={incy}");
                }
            }
        }
    }

    fn scal_iamax_nrm2_follow_the_reference_with_positive_strides<T: Prec>() {
        let mut rng = Rng(42);
        for &n in &LENGTHS {
            for incx in 1..=3isize {
                let x0: Vec<T> = rng.vec(extent(n, incx) + 2);
                let a = T::of(rng.uniform());
                let (nn, ix) = (n as FInt, incx as FInt);

                let mut expected = x0.clone();
                for i in 0..n {
                    let p = position(n, incx, i);
                    expected[p] = a * x0[p];
                }
                let mut x = x0.clone();
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                unsafe { T::scal(&nn, &a, x.as_mut_ptr(), &ix) };
                assert_eq!(bits(&x), bits(&expected), "xSCAL n={n} incx={incx}");

                let mut best = 0;
                for i in 0..n {
                    if best == 0 || x0[position(n, incx, i)].abs() > x0[position(n, incx, best - 1)].abs() {
                        best = i + 1;
                    }
                }
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                let got = unsafe { T::iamax(&nn, x0.as_ptr(), &ix) };
                assert_eq!(got as usize, best, "IxAMAX n={n} incx={incx}");

                let squares: f64 = (0..n).map(|i| x0[position(n, incx, i)].wide().powi(2)).sum();
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                let got = unsafe { T::nrm2(&nn, x0.as_ptr(), &ix) }.wide();
                assert!((got - squares.sqrt()).abs() <= T::NRM2_TOL * squares.sqrt().max(1e-300), "xNRM2 n={n}");
            }
        }
    }

    fn scal_iamax_nrm2_do_nothing_for_non_positive_increments<T: Prec>() {
        let x0: [T; 3] = vals([3.0, -4.0, 12.0]);
        for incx in [0, -1, -2] {
            let mut x = x0;
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            unsafe { T::scal(&3, &T::of(2.0), x.as_mut_ptr(), &incx) };
            assert_eq!(bits(&x), bits(&x0));
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            assert_eq!(unsafe { T::iamax(&3, x0.as_ptr(), &incx) }, 0);
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            assert_eq!(unsafe { T::nrm2(&3, x0.as_ptr(), &incx) }.bits(), 0);
        }
    }

    fn iamax_takes_the_first_of_equal_magnitudes_and_follows_linpack_on_nan<T: Prec>() {
        let x: [T; 5] = vals([1.0, -3.0, 3.0, 2.0, -3.0]);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        assert_eq!(unsafe { T::iamax(&5, x.as_ptr(), &1) }, 2);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        assert_eq!(unsafe { T::iamax(&3, x.as_ptr(), &2) }, 2); // 1, 3, -3
                                                                // SAFETY: the arrays hold every element the call reads or writes
                                                                // for these arguments; the scalars are locals.
        assert_eq!(unsafe { T::iamax(&1, x.as_ptr(), &1) }, 1);
        // LINPACK replaces the maximum unless |x(i)| <= max: a NaN is taken,
        // and the element after it replaces it.
        let x: [T; 4] = vals([1.0, f64::NAN, 0.5, 0.25]);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        assert_eq!(unsafe { T::iamax(&4, x.as_ptr(), &1) }, 3);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        assert_eq!(unsafe { T::iamax(&2, x.as_ptr(), &1) }, 2);
    }

    fn nrm2_covers_all_four_phases<T: Prec>() {
        // Exact small cases.
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        let norm = |x: &[T]| unsafe { T::nrm2(&(x.len() as FInt), x.as_ptr(), &1) }.wide();
        assert_eq!(norm(&vals([3.0, 4.0])), 5.0);
        assert_eq!(norm(&vals([0.0, 0.0, 0.0])), 0.0);
        assert_eq!(norm(&vals([-7.5])), 7.5);
        // Mixtures of zeros, tiny (phase 2), mid-range (3) and huge (4)
        // components, against a scaled reference.
        let mut rng = Rng(7);
        let scales = T::NRM2_SCALES;
        for trial in 0..400 {
            let n = 1 + trial % 23;
            let x: Vec<T> = (0..n)
                .map(|_| T::of(scales[(rng.next_u64() % scales.len() as u64) as usize] * rng.uniform()))
                .collect();
            let big = x.iter().fold(0.0, |m: f64, v| m.max(v.wide().abs()));
            let expected =
                if big == 0.0 { 0.0 } else { big * x.iter().map(|v| (v.wide() / big).powi(2)).sum::<f64>().sqrt() };
            let got = norm(&x);
            assert!((got - expected).abs() <= T::NRM2_PHASES_TOL * expected, "xNRM2 {x:?}: {got} vs {expected}");
        }
    }

    fn nothing_happens_for_n_not_positive<T: Prec>() {
        let x: [T; 2] = vals([1.0, 2.0]);
        let two = T::of(2.0);
        for n in [0, -1, -5] {
            let y0: [T; 2] = vals([5.0, 6.0]);
            let mut y = y0;
            // SAFETY: with N <= 0 nothing is read or written but the
            // scalars, all live locals.
            unsafe { T::axpy(&n, &two, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
            // SAFETY: as above.
            unsafe { T::copy(&n, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
            // SAFETY: as above.
            unsafe { T::scal(&n, &two, y.as_mut_ptr(), &1) };
            assert_eq!(bits(&y), bits(&y0));
            // SAFETY: as above.
            assert_eq!(unsafe { T::dot(&n, x.as_ptr(), &1, x.as_ptr(), &1) }.bits(), 0);
            // SAFETY: as above.
            assert_eq!(unsafe { T::nrm2(&n, x.as_ptr(), &1) }.bits(), 0);
            // SAFETY: as above.
            assert_eq!(unsafe { T::iamax(&n, x.as_ptr(), &1) }, 0);
            let a0: [T; 4] = vals([7.0; 4]);
            let (mut a, mut ipvt, mut info) = (a0, [-9; 2], -9);
            // SAFETY: as above.
            unsafe { T::gefa(a.as_mut_ptr(), &2, &n, ipvt.as_mut_ptr(), &mut info) };
            assert_eq!((bits(&a), ipvt, info), (bits(&a0), [-9; 2], 0));
            info = -9;
            // SAFETY: as above.
            unsafe { T::gbfa(a.as_mut_ptr(), &2, &n, &0, &1, ipvt.as_mut_ptr(), &mut info) };
            assert_eq!((bits(&a), ipvt, info), (bits(&a0), [-9; 2], 0));
            // SAFETY: as above.
            unsafe { T::gesl(a.as_ptr(), &2, &n, ipvt.as_ptr(), y.as_mut_ptr(), &0) };
            // SAFETY: as above.
            unsafe { T::gbsl(a.as_ptr(), &2, &n, &0, &1, ipvt.as_ptr(), y.as_mut_ptr(), &1) };
            assert_eq!(bits(&y), bits(&y0));
        }
    }

    fn axpy_with_zero_multiplier_leaves_y_alone<T: Prec>() {
        let x: [T; 2] = vals([f64::NAN, f64::INFINITY]);
        let y0: [T; 2] = vals([-0.0, 1.0]);
        let mut y = y0;
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { T::axpy(&2, &T::ZERO, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        assert_eq!(bits(&y), bits(&y0));
    }

    fn overlapping_arguments_are_processed_in_fortran_order<T: Prec>() {
        // xCOPY(5, X(2), 1, X(1), 1) shifts X left by one.
        let mut x: [T; 6] = vals([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let p = x.as_mut_ptr();
        // SAFETY: X(2..6) and X(1..5) lie in the six-element X; the routine
        // only reads and writes through the raw pointers.
        unsafe { T::copy(&5, p.wrapping_add(1), &1, p, &1) };
        assert_eq!(bits(&x), bits(&vals::<T, 6>([2.0, 3.0, 4.0, 5.0, 6.0, 6.0])));
        // xAXPY(3, 1, X, 1, X, 1) doubles X.
        let mut x: [T; 3] = vals([1.0, 2.0, 3.0]);
        let p = x.as_mut_ptr();
        // SAFETY: three elements each, the same array, accessed only
        // through the raw pointers.
        unsafe { T::axpy(&3, &T::ONE, p, &1, p, &1) };
        assert_eq!(bits(&x), bits(&vals::<T, 3>([2.0, 4.0, 6.0])));
    }

    fn null_pointers_are_ignored<T: Prec>() {
        let null_i: *const FInt = core::ptr::null();
        let null_r: *const T = core::ptr::null();
        let one = [T::ONE];
        let mut y = [T::ONE];
        // SAFETY: null pointers make the routines return at once; the other
        // pointers refer to live one-element locals.
        unsafe { T::axpy(null_i, &T::ONE, one.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { T::axpy(&1, null_r, one.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { T::axpy(&1, &T::ONE, null_r, &1, y.as_mut_ptr(), &1) };
        assert_eq!(bits(&y), bits(&one));
        // SAFETY: as above.
        assert_eq!(unsafe { T::dot(&1, null_r, &1, y.as_ptr(), &1) }.bits(), 0);
        // SAFETY: as above.
        assert_eq!(unsafe { T::nrm2(null_i, y.as_ptr(), &1) }.bits(), 0);
        // SAFETY: as above.
        assert_eq!(unsafe { T::iamax(&1, y.as_ptr(), null_i) }, 0);
        // SAFETY: as above.
        unsafe { T::gefa(y.as_mut_ptr(), &1, &1, core::ptr::null_mut(), core::ptr::null_mut()) };
        assert_eq!(bits(&y), bits(&one));
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
        fn saxpy_(n: *const FInt, sa: *const f32, sx: *const f32, incx: *const FInt, sy: *mut f32, incy: *const FInt);
        fn SAXPY(n: *const FInt, sa: *const f32, sx: *const f32, incx: *const FInt, sy: *mut f32, incy: *const FInt);
        fn sdot_(n: *const FInt, sx: *const f32, incx: *const FInt, sy: *const f32, incy: *const FInt) -> f32;
        fn SDOT(n: *const FInt, sx: *const f32, incx: *const FInt, sy: *const f32, incy: *const FInt) -> f32;
        fn isamax_(n: *const FInt, sx: *const f32, incx: *const FInt) -> FInt;
        fn ISAMAX(n: *const FInt, sx: *const f32, incx: *const FInt) -> FInt;
        fn snrm2_(n: *const FInt, sx: *const f32, incx: *const FInt) -> f32;
        fn SNRM2(n: *const FInt, sx: *const f32, incx: *const FInt) -> f32;
        fn sscal_(n: *const FInt, sa: *const f32, sx: *mut f32, incx: *const FInt);
        fn SSCAL(n: *const FInt, sa: *const f32, sx: *mut f32, incx: *const FInt);
        fn scopy_(n: *const FInt, sx: *const f32, incx: *const FInt, sy: *mut f32, incy: *const FInt);
        fn SCOPY(n: *const FInt, sx: *const f32, incx: *const FInt, sy: *mut f32, incy: *const FInt);
        fn sgefa_(a: *mut f32, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt);
        fn SGEFA(a: *mut f32, lda: *const FInt, n: *const FInt, ipvt: *mut FInt, info: *mut FInt);
        fn sgesl_(a: *const f32, lda: *const FInt, n: *const FInt, ipvt: *const FInt, b: *mut f32, job: *const FInt);
        fn SGESL(a: *const f32, lda: *const FInt, n: *const FInt, ipvt: *const FInt, b: *mut f32, job: *const FInt);
        fn sgbfa_(
            abd: *mut f32,
            lda: *const FInt,
            n: *const FInt,
            ml: *const FInt,
            mu: *const FInt,
            ipvt: *mut FInt,
            info: *mut FInt,
        );
        fn SGBFA(
            abd: *mut f32,
            lda: *const FInt,
            n: *const FInt,
            ml: *const FInt,
            mu: *const FInt,
            ipvt: *mut FInt,
            info: *mut FInt,
        );
        fn sgbsl_(
            abd: *const f32,
            lda: *const FInt,
            n: *const FInt,
            ml: *const FInt,
            mu: *const FInt,
            ipvt: *const FInt,
            b: *mut f32,
            job: *const FInt,
        );
        fn SGBSL(
            abd: *const f32,
            lda: *const FInt,
            n: *const FInt,
            ml: *const FInt,
            mu: *const FInt,
            ipvt: *const FInt,
            b: *mut f32,
            job: *const FInt,
        );
    }

    #[test]
    fn all_three_spellings_are_exported() {
        let x = [1.0, 2.0];
        let mut y = [0.0, 0.0];
        // SAFETY: every array has the elements the call reads and writes
        // (N = 1 or 2, increment 1); the scalars are locals.
        unsafe { daxpy_(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { daxpy(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { DAXPY(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        assert_eq!(y, [3.0, 6.0]);
        // SAFETY: as above.
        assert_eq!(unsafe { ddot(&2, x.as_ptr(), &1, x.as_ptr(), &1) }, 5.0);
        // SAFETY: as above.
        assert_eq!(unsafe { DDOT(&2, x.as_ptr(), &1, x.as_ptr(), &1) }, 5.0);
        // SAFETY: as above.
        assert_eq!(unsafe { IDAMAX(&2, x.as_ptr(), &1) }, 2);
        // SAFETY: as above.
        assert_eq!(unsafe { idamax(&2, x.as_ptr(), &1) }, 2);
        // SAFETY: as above.
        assert_eq!(unsafe { DNRM2(&2, [3.0, 4.0].as_ptr(), &1) }, 5.0);
        // SAFETY: as above.
        assert_eq!(unsafe { dnrm2(&2, [3.0, 4.0].as_ptr(), &1) }, 5.0);
        // SAFETY: as above.
        unsafe { dscal(&2, &2.0, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { DSCAL(&2, &0.5, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { dcopy(&1, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { DCOPY(&1, x.as_ptr(), &1, y[1..].as_mut_ptr(), &1) };
        assert_eq!(y, [1.0, 1.0]);
        let mut a = [2.0];
        let (mut ipvt, mut info) = ([0], 7);
        // SAFETY: as above.
        unsafe { dgefa_(a.as_mut_ptr(), &1, &1, ipvt.as_mut_ptr(), &mut info) };
        let mut b = [3.0];
        // SAFETY: as above.
        unsafe { DGESL(a.as_ptr(), &1, &1, ipvt.as_ptr(), b.as_mut_ptr(), &0) };
        assert_eq!((info, b), (0, [1.5]));
    }

    #[test]
    fn all_three_single_precision_spellings_are_exported() {
        let x = [1.0f32, 2.0];
        let mut y = [0.0f32, 0.0];
        // SAFETY: every array has the elements the call reads and writes
        // (N = 1 or 2, increment 1); the scalars are locals.
        unsafe { saxpy_(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { saxpy(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { SAXPY(&2, &1.0, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        assert_eq!(y, [3.0, 6.0]);
        for dot in [sdot, sdot_, SDOT] {
            // SAFETY: as above.
            assert_eq!(unsafe { dot(&2, x.as_ptr(), &1, x.as_ptr(), &1) }, 5.0);
        }
        for iamax in [isamax, isamax_, ISAMAX] {
            // SAFETY: as above.
            assert_eq!(unsafe { iamax(&2, x.as_ptr(), &1) }, 2);
        }
        for nrm2 in [snrm2, snrm2_, SNRM2] {
            // SAFETY: as above.
            assert_eq!(unsafe { nrm2(&2, [3.0, 4.0].as_ptr(), &1) }, 5.0);
        }
        // SAFETY: as above.
        unsafe { sscal(&2, &2.0, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { sscal_(&2, &0.5, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { SSCAL(&2, &0.5, y.as_mut_ptr(), &1) };
        assert_eq!(y, [1.5, 3.0]);
        // SAFETY: as above.
        unsafe { scopy(&1, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        // SAFETY: as above.
        unsafe { scopy_(&1, x.as_ptr(), &1, y[1..].as_mut_ptr(), &1) };
        assert_eq!(y, [1.0, 1.0]);
        // SAFETY: as above.
        unsafe { SCOPY(&1, x[1..].as_ptr(), &1, y.as_mut_ptr(), &1) };
        assert_eq!(y, [2.0, 1.0]);
        for (gefa, gesl) in [
            (sgefa as unsafe extern "C" fn(_, _, _, _, _), sgesl as unsafe extern "C" fn(_, _, _, _, _, _)),
            (sgefa_, sgesl_),
            (SGEFA, SGESL),
        ] {
            let mut a = [2.0f32];
            let (mut ipvt, mut info) = ([0], 7);
            // SAFETY: as above.
            unsafe { gefa(a.as_mut_ptr(), &1, &1, ipvt.as_mut_ptr(), &mut info) };
            let mut b = [3.0f32];
            // SAFETY: as above.
            unsafe { gesl(a.as_ptr(), &1, &1, ipvt.as_ptr(), b.as_mut_ptr(), &0) };
            assert_eq!((info, b), (0, [1.5]));
        }
        for (gbfa, gbsl) in [
            (sgbfa as unsafe extern "C" fn(_, _, _, _, _, _, _), sgbsl as unsafe extern "C" fn(_, _, _, _, _, _, _, _)),
            (sgbfa_, sgbsl_),
            (SGBFA, SGBSL),
        ] {
            let mut a = [4.0f32];
            let (mut ipvt, mut info) = ([0], 7);
            // SAFETY: as above.
            unsafe { gbfa(a.as_mut_ptr(), &1, &1, &0, &0, ipvt.as_mut_ptr(), &mut info) };
            let mut b = [3.0f32];
            // SAFETY: as above.
            unsafe { gbsl(a.as_ptr(), &1, &1, &0, &0, ipvt.as_ptr(), b.as_mut_ptr(), &1) };
            assert_eq!((info, b), (0, [0.75]));
        }
    }

    /// Column-major n×n matrix with leading dimension lda, entries in
    /// [-1, 1), plus `diag` on the diagonal.
    fn random_matrix<T: Prec>(rng: &mut Rng, n: usize, lda: usize, diag: f64) -> Vec<T> {
        let mut a: Vec<T> = rng.vec(lda * n);
        for k in 0..n {
            a[k + k * lda] += T::of(diag);
        }
        a
    }

    /// Gaussian elimination with partial pivoting written the textbook way
    /// (whole rows exchanged, LAPACK style) with LINPACK's arithmetic
    /// (multiplier (−1/pivot)·a, update a + m·u). Returns the pivots
    /// (0-based) and INFO.
    fn textbook_lu<T: Prec>(a: &mut [T], n: usize, lda: usize) -> (Vec<usize>, usize) {
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
            if a[p + k * lda] == T::ZERO {
                info = k + 1;
                continue;
            }
            for j in 0..n {
                a.swap(p + j * lda, k + j * lda);
            }
            let t = -T::ONE / a[k + k * lda];
            for i in k + 1..n {
                a[i + k * lda] = a[i + k * lda] * t;
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
            if a[n - 1 + (n - 1) * lda] == T::ZERO {
                info = n;
            }
        }
        (piv, info)
    }

    /// A x (or Aᵀ x) in double precision.
    fn matvec<T: Prec>(a: &[T], n: usize, lda: usize, x: &[T], transpose: bool) -> Vec<f64> {
        (0..n)
            .map(|i| (0..n).map(|j| if transpose { a[j + i * lda] } else { a[i + j * lda] }.wide() * x[j].wide()).sum())
            .collect()
    }

    fn gefa_keeps_linpack_storage<T: Prec>() {
        let mut rng = Rng(99);
        for n in 1..=12usize {
            let lda = n + n % 3; // LDA > N too
            let a0: Vec<T> = random_matrix(&mut rng, n, lda, 0.0);
            let mut a = a0.clone();
            let (mut ipvt, mut info) = (vec![0 as FInt; n], -1);
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            unsafe { T::gefa(a.as_mut_ptr(), &(lda as FInt), &(n as FInt), ipvt.as_mut_ptr(), &mut info) };
            let mut r = a0.clone();
            let (piv, rinfo) = textbook_lu(&mut r, n, lda);
            assert_eq!(info as usize, rinfo);
            let ipvt0: Vec<usize> = ipvt.iter().map(|&p| p as usize - 1).collect();
            assert_eq!(ipvt0, piv, "n={n}");
            for j in 0..n {
                // U agrees to the bit.
                for i in 0..=j {
                    assert_eq!(a[i + j * lda].bits(), r[i + j * lda].bits(), "U n={n}");
                }
                // LINPACK leaves the multipliers of step j where they were at
                // step j; the later exchanges turn them into LAPACK's L.
                let mut m: Vec<T> = a[j * lda..j * lda + n].to_vec();
                for (k, &p) in piv.iter().enumerate().skip(j + 1) {
                    m.swap(k, p);
                }
                for i in j + 1..n {
                    assert_eq!(m[i].bits(), r[i + j * lda].bits(), "L n={n}");
                }
                // Rows below LDA's N are never touched.
                for i in n..lda {
                    assert_eq!(a[i + j * lda].bits(), a0[i + j * lda].bits());
                }
            }
        }
    }

    fn gefa_gesl_solve_both_ways<T: Prec>() {
        let mut rng = Rng(2024);
        for n in 1..=40usize {
            let lda = n + 2;
            let a0: Vec<T> = random_matrix(&mut rng, n, lda, 0.0);
            let mut a = a0.clone();
            let (mut ipvt, mut info) = (vec![0 as FInt; n], -1);
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            unsafe { T::gefa(a.as_mut_ptr(), &(lda as FInt), &(n as FInt), ipvt.as_mut_ptr(), &mut info) };
            assert_eq!(info, 0);
            for job in [0, 1, -3] {
                let x: Vec<T> = rng.vec(n);
                let mut b: Vec<T> = matvec(&a0, n, lda, &x, job != 0).into_iter().map(T::of).collect();
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                unsafe { T::gesl(a.as_ptr(), &(lda as FInt), &(n as FInt), ipvt.as_ptr(), b.as_mut_ptr(), &job) };
                let residual = matvec(&a0, n, lda, &b, job != 0);
                let rhs = matvec(&a0, n, lda, &x, job != 0);
                for i in 0..n {
                    assert!((residual[i] - rhs[i]).abs() < T::SOLVE_TOL, "n={n} job={job}");
                }
            }
        }
    }

    fn gefa_reports_the_last_zero_pivot<T: Prec>() {
        // Columns 2 and 4 zero: zero pivots at steps 2 and 4; INFO = 4.
        let n = 5;
        let mut rng = Rng(5);
        let mut a: Vec<T> = random_matrix(&mut rng, n, n, 3.0);
        for i in 0..n {
            a[i + n] = T::ZERO;
            a[i + 3 * n] = T::ZERO;
        }
        let (mut ipvt, mut info) = ([0; 5], -1);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { T::gefa(a.as_mut_ptr(), &5, &5, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!(info, 4);
        assert_eq!(ipvt[1], 2); // a zero column keeps its row
                                // Exact cancellation in the last pivot: INFO = N.
        let mut a: [T; 4] = vals([1.0, 2.0, 2.0, 4.0]);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { T::gefa(a.as_mut_ptr(), &2, &2, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!((info, ipvt[0], ipvt[1]), (2, 2, 2));
        let mut a = [T::ZERO];
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { T::gefa(a.as_mut_ptr(), &1, &1, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!((info, ipvt[0]), (1, 1));
    }

    /// A random n×n band matrix (dense, column-major, lda = n) and the same
    /// matrix in LINPACK band storage with leading dimension `ldb`; the
    /// rows xGBFA must not trust (fill-in rows) hold NaN.
    fn random_band<T: Prec>(rng: &mut Rng, n: usize, ml: usize, mu: usize, ldb: usize) -> (Vec<T>, Vec<T>) {
        let m = ml + mu + 1;
        let mut dense = vec![T::ZERO; n * n];
        let mut band = vec![T::of(f64::NAN); ldb * n];
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                let v = T::of(rng.uniform() + if i == j { 0.5 } else { 0.0 });
                dense[i + j * n] = v;
                band[(i + m - 1 - j) + j * ldb] = v;
            }
        }
        (dense, band)
    }

    fn gbfa_gbsl_match_dense_linpack_on_band_matrices<T: Prec>() {
        let mut rng = Rng(314);
        for n in 1..=14usize {
            for ml in 0..n.min(5) {
                for mu in 0..n.min(5) {
                    let m = ml + mu + 1;
                    let ldb = 2 * ml + mu + 1 + (n % 2);
                    let (dense0, mut band) = random_band::<T>(&mut rng, n, ml, mu, ldb);
                    let mut dense = dense0.clone();
                    let (mut ipd, mut ipb) = (vec![0 as FInt; n], vec![0 as FInt; n]);
                    let (mut infod, mut infob) = (-1, -1);
                    let (nn, l, b_ld) = (n as FInt, n as FInt, ldb as FInt);
                    let (mlf, muf) = (ml as FInt, mu as FInt);
                    // SAFETY: DENSE is N x N with LDA = N, BAND has LDA = B_LD >=
                    // 2*ML+MU+1 and N columns, the pivot arrays N elements.
                    unsafe { T::gefa(dense.as_mut_ptr(), &l, &nn, ipd.as_mut_ptr(), &mut infod) };
                    // SAFETY: as above.
                    unsafe { T::gbfa(band.as_mut_ptr(), &b_ld, &nn, &mlf, &muf, ipb.as_mut_ptr(), &mut infob) };
                    let tag = format!("n={n} ml={ml} mu={mu}");
                    assert_eq!(infob, infod, "{tag}");
                    assert_eq!(ipb, ipd, "{tag}");
                    for j in 0..n {
                        // U: within ml+mu of the diagonal, zero above.
                        for i in 0..=j {
                            let d = dense[i + j * n];
                            if j - i <= ml + mu {
                                let b = band[(i + m - 1 - j) + j * ldb];
                                assert!(b == d, "U({i},{j}) {tag}: {b:?} vs {d:?}");
                            } else {
                                assert!(d == T::ZERO, "{tag}");
                            }
                        }
                        // Multipliers.
                        for i in j + 1..n {
                            let d = dense[i + j * n];
                            if i - j <= ml {
                                assert!(band[(m - 1 + i - j) + j * ldb] == d, "{tag}");
                            } else {
                                assert!(d == T::ZERO, "{tag}");
                            }
                        }
                    }
                    for job in [0, 1] {
                        let mut xd: Vec<T> = rng.vec(n);
                        let mut xb = xd.clone();
                        // SAFETY: the dense (N x N, LDA = N) and band (LDA = B_LD) factors
                        // and pivots from above, right-hand sides of N elements.
                        unsafe { T::gesl(dense.as_ptr(), &l, &nn, ipd.as_ptr(), xd.as_mut_ptr(), &job) };
                        // SAFETY: as above.
                        unsafe { T::gbsl(band.as_ptr(), &b_ld, &nn, &mlf, &muf, ipb.as_ptr(), xb.as_mut_ptr(), &job) };
                        assert_eq!(bits(&xb), bits(&xd), "solve job={job} {tag}");
                        // And it is a solution: small normwise backward error.
                        let rhs: Vec<T> = rng.vec(n);
                        let mut x = rhs.clone();
                        // SAFETY: B has N elements; BAND, IPB are the factors of GBFA above
                        // (LDA = B_LD >= 2*ML+MU+1, N columns).
                        unsafe { T::gbsl(band.as_ptr(), &b_ld, &nn, &mlf, &muf, ipb.as_ptr(), x.as_mut_ptr(), &job) };
                        let ax = matvec(&dense0, n, n, &x, job != 0);
                        let norm_a = dense0.iter().fold(0.0, |m: f64, v| m.max(v.wide().abs())) * n as f64;
                        let norm_x = x.iter().fold(0.0, |m: f64, v| m.max(v.wide().abs()));
                        for i in 0..n {
                            assert!((ax[i] - rhs[i].wide()).abs() <= T::BACKWARD_TOL * norm_a * norm_x, "{tag}");
                        }
                    }
                }
            }
        }
    }

    fn gbfa_reports_the_last_zero_pivot<T: Prec>() {
        // Tridiagonal 6×6 with columns 2 and 5 zero.
        let (n, ml, mu) = (6usize, 1usize, 1usize);
        let mut rng = Rng(11);
        let ldb = 2 * ml + mu + 1;
        let (_, mut band) = random_band::<T>(&mut rng, n, ml, mu, ldb);
        for r in 0..ldb {
            band[r + ldb] = T::ZERO;
            band[r + 4 * ldb] = T::ZERO;
        }
        let (mut ipvt, mut info) = ([0; 6], -1);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { T::gbfa(band.as_mut_ptr(), &(ldb as FInt), &6, &1, &1, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!(info, 5);
        // Diagonal matrix with a zero at the end: INFO = N.
        let mut band: [T; 3] = vals([2.0, 3.0, 0.0]);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { T::gbfa(band.as_mut_ptr(), &1, &3, &0, &0, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!((info, &ipvt[..3]), (3, &[1, 2, 3][..]));
    }

    /// FNV-1a (64 bits) of a sequence of outputs, each fed as 8
    /// little-endian bytes (a REAL's bits zero-extended, an INTEGER
    /// sign-extended).
    struct Digest(u64);

    impl Digest {
        fn new() -> Self {
            Digest(0xcbf2_9ce4_8422_2325)
        }
        fn word(&mut self, v: u64) {
            for byte in v.to_le_bytes() {
                self.0 ^= u64::from(byte);
                self.0 = self.0.wrapping_mul(0x100_0000_01b3);
            }
        }
        fn reals<T: Prec>(&mut self, v: &[T]) {
            for x in v {
                self.word(x.bits());
            }
        }
        fn int(&mut self, v: FInt) {
            self.word(i64::from(v) as u64)
        }
    }

    /// Uniform in [-1, 1) with MANTISSA bits: exact in T, so that a C
    /// program computes the same values.
    fn exact_uniform<T: Prec>(rng: &mut Rng) -> T {
        let half = 1i64 << (T::MANTISSA - 1);
        let k = (rng.next_u64() >> (64 - T::MANTISSA)) as i64 - half;
        T::of(k as f64 / half as f64)
    }

    /// Runs the level-1 routines over every length of LENGTHS and every
    /// pair of increments in -3..=3 (xSCAL, IxAMAX, xNRM2 with 1..=3), then
    /// xNRM2 on 3000 vectors mixing the magnitudes `scales` (increments 1
    /// and 2), and returns the digest of all outputs after each part.
    fn sweep<T: Prec>(scales: &[T]) -> (u64, u64) {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut digest = Digest::new();
        for &n in &LENGTHS {
            let nn = n as FInt;
            for incx in -3..=3 {
                for incy in -3..=3 {
                    let x: Vec<T> = (0..extent(n, incx) + 2).map(|_| exact_uniform(&mut rng)).collect();
                    let y0: Vec<T> = (0..extent(n, incy) + 2).map(|_| exact_uniform(&mut rng)).collect();
                    let a: T = exact_uniform(&mut rng);
                    let (ix, iy) = (incx as FInt, incy as FInt);
                    let mut y = y0.clone();
                    // SAFETY: the arrays hold every element the call reads or writes
                    // for these arguments; the scalars are locals.
                    unsafe { T::axpy(&nn, &a, x.as_ptr(), &ix, y.as_mut_ptr(), &iy) };
                    digest.reals(&y);
                    let mut y = y0.clone();
                    // SAFETY: the arrays hold every element the call reads or writes
                    // for these arguments; the scalars are locals.
                    unsafe { T::copy(&nn, x.as_ptr(), &ix, y.as_mut_ptr(), &iy) };
                    digest.reals(&y);
                    // SAFETY: the arrays hold every element the call reads or writes
                    // for these arguments; the scalars are locals.
                    digest.reals(&[unsafe { T::dot(&nn, x.as_ptr(), &ix, y0.as_ptr(), &iy) }]);
                }
            }
            for incx in 1..=3 {
                let x0: Vec<T> = (0..extent(n, incx) + 2).map(|_| exact_uniform(&mut rng)).collect();
                let a: T = exact_uniform(&mut rng);
                let ix = incx as FInt;
                let mut x = x0.clone();
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                unsafe { T::scal(&nn, &a, x.as_mut_ptr(), &ix) };
                digest.reals(&x);
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                digest.int(unsafe { T::iamax(&nn, x0.as_ptr(), &ix) });
                // SAFETY: the arrays hold every element the call reads or writes
                // for these arguments; the scalars are locals.
                digest.reals(&[unsafe { T::nrm2(&nn, x0.as_ptr(), &ix) }]);
            }
        }
        let level1 = digest.0;
        for trial in 0..3000 {
            let n = 1 + trial % 23;
            let x: Vec<T> = (0..2 * n)
                .map(|_| {
                    let k = (rng.next_u64() % scales.len() as u64) as usize;
                    scales[k] * exact_uniform(&mut rng)
                })
                .collect();
            let nn = n as FInt;
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            digest.reals(&[unsafe { T::nrm2(&nn, x.as_ptr(), &1) }, unsafe { T::nrm2(&nn, x.as_ptr(), &2) }]);
        }
        (level1, digest.0)
    }

    /// The sweep's digests, as a C program computed them calling the
    /// original routines: `slinpk.f` and `dlinpk.f` of DASKR (2011), built
    /// with gfortran 12.2 -O2 on x86-64 (the objects of the original
    /// distribution's makefile), linked with the same loops written in C
    /// (same generator, same magnitudes). Any difference in any output bit
    /// changes them.
    #[test]
    fn level1_routines_match_the_original_bit_for_bit() {
        let single: [f32; 16] = [
            0.0, 1e-42, 1e-38, 1e-30, 1e-20, 4.4e-16, 4.441e-16, 4.5e-16, 1e-12, 8.232e-11, 1.0, 1e12, 1e17, 1e18,
            1e25, 1e36,
        ];
        assert_eq!(sweep(&single), (0x06c6_b735_ae7c_eeb1, 0xeaeb_d28c_1153_ff1a), "slinpk.f");
        let double: [f64; 16] = [
            0.0, 1e-310, 1e-300, 1e-160, 1e-30, 4.441e-16, 1e-12, 8.2e-11, 8.232e-11, 8.3e-11, 1.0, 1e12, 1e17, 1e18,
            1e160, 1e300,
        ];
        assert_eq!(sweep(&double), (0x4b7d_ff32_260e_9c78, 0x55ad_fc45_7eb0_46da), "dlinpk.f");
    }

    /// What DASKR's `slinpk.f` (2011; gfortran 12.2 -O2, x86-64, the
    /// objects of the original distribution) returns for these inputs,
    /// recorded by a C program that called `snrm2_`, `sdot_`, `saxpy_`,
    /// `sscal_`, `isamax_`, `sgefa_`, `sgesl_`, `sgbfa_`, `sgbsl_` with the
    /// same inputs and printed the bits.
    #[test]
    fn single_precision_matches_slinpk() {
        let hex = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<u32>>();
        // Norms around SNRM2's cut-offs (CUTLO = 4.441e-16, CUTHI/4), and
        // the dot products of the same vectors with themselves.
        let (cl, ch) = (4.441e-16f32, 1.304e19f32 / 4.0);
        let vectors: [[f32; 4]; 12] = [
            [cl, 0.0, 0.0, 0.0],
            [cl.next_down(), 0.0, 0.0, 0.0],
            [cl.next_up(), 0.0, 0.0, 0.0],
            [cl.next_down(), 3e-16, cl.next_up(), 1e-3],
            [1e-20, 3e-20, 2e-16, -4e-16],
            [1e-20, 3e-20, 2e-16, 5e-16],
            [8.232e-11, 1e-12, -3e-11, 0.0],
            [0.0, 1e-30, 0.0, 4e-16],
            [ch, 1.0, 0.0, 0.0],
            [ch.next_down(), 1.0, 2.0, 3.0],
            [3.0, -1e18, 4e18, 1e-10],
            [1e-30, 2e-30, 1e-15, 7e18],
        ];
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        let norms: Vec<f32> = vectors.iter().map(|v| unsafe { snrm2(&4, v.as_ptr(), &1) }).collect();
        assert_eq!(
            hex(&norms),
            [
                0x260000cc, 0x260000cb, 0x260000cd, 0x3a83126f, 0x2600e68a, 0x261b3781, 0x2ec0aeb2, 0x25e69595,
                0x5e34f763, 0x5e34f762, 0x5e64e0da, 0x5ec249fe
            ]
        );
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        let dots: Vec<f32> = vectors.iter().map(|v| unsafe { sdot(&4, v.as_ptr(), &1, v.as_ptr(), &1) }).collect();
        assert_eq!(
            hex(&dots),
            [
                0x0c800198, 0x0c800196, 0x0c80019a, 0x358637be, 0x0c81ceb3, 0x0cbc3884, 0x1e110682, 0x0c4fb11f,
                0x7cffd9a5, 0x7cffd9a2, 0x7d4ca14b, 0x7e13743a
            ]
        );

        // Level 1 on seven elements (SDOT's unrolled loop: 2 + 5).
        let x: Vec<f32> = (1..=7).map(|i| 1.0 / i as f32).collect();
        let mut y: Vec<f32> = (1..=7).map(|i| i as f32 / 7.0).collect();
        let a = -1.0f32 / 3.0;
        // SAFETY: x and y are live seven-element vectors, the scalars locals.
        assert_eq!(unsafe { sdot(&7, x.as_ptr(), &1, y.as_ptr(), &1) }.to_bits(), 0x3f800000);
        // SAFETY: as above.
        unsafe { saxpy(&7, &a, x.as_ptr(), &1, y.as_mut_ptr(), &1) };
        assert_eq!(hex(&y), [0xbe430c31, 0x3df3cf3e, 0x3ea28a28, 0x3ef9e79f, 0x3f25ca5d, 0x3f4d34d3, 0x3f73cf3d]);
        // SAFETY: as above.
        unsafe { sscal(&7, &a, y.as_mut_ptr(), &1) };
        assert_eq!(hex(&y), [0x3d820821, 0xbd228a2a, 0xbdd8b836, 0xbe269a6a, 0xbe5d0dd2, 0xbe88cde2, 0xbea28a29]);
        // SAFETY: as above.
        assert_eq!(unsafe { isamax(&7, y.as_ptr(), &1) }, 7);

        // SGEFA/SGESL: 5 x 5 (LDA 6), ill-conditioned, with row exchanges.
        let (n, lda) = (5usize, 6usize);
        let mut a: Vec<f32> = (0..lda * n)
            .map(|k| ((7 * (k % lda) + 3 * (k / lda).pow(2) + 1) % 11) as f32)
            .map(|v| (v - 5.0) / 3.0)
            .collect();
        let (mut ipvt, mut info) = ([0; 5], -1);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { sgefa(a.as_mut_ptr(), &6, &5, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!(
            hex(&a),
            [
                0xbfd55555, 0x3f19999a, 0xbe4cccce, 0xbf4cccce, 0x3eccccce, 0xbf2aaaab, 0xbf2aaaab, 0xc0044444,
                0x3ec6318e, 0x3dc63192, 0x3f2d6b5a, 0x3eaaaaab, 0xbfaaaaab, 0x3f088888, 0x3f53f4fb, 0xbe124936,
                0xbf124927, 0xbeaaaaab, 0x00000000, 0xbf800000, 0xc000b02c, 0x40061863, 0xbe800007, 0x3f800000,
                0xbeaaaaab, 0xbfc44445, 0xc035ad6b, 0x40061863, 0x34800000, 0x3f2aaaab
            ]
        );
        assert_eq!((ipvt, info), ([4, 2, 5, 5, 5], 0));
        for (job, expected) in [
            (0, [0x4a6aaaab, 0x3eb9ce74, 0xca6aaaab, 0x4a6aaab5, 0xca6aaab6]),
            (1, [0x4a7ffffe, 0xbdb9fe70, 0xc97ffff4, 0xca400001, 0xbe85670c]),
        ] {
            let mut b: Vec<f32> = (1..=5).map(|i| i as f32 / 3.0).collect();
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            unsafe { sgesl(a.as_ptr(), &6, &5, ipvt.as_ptr(), b.as_mut_ptr(), &job) };
            assert_eq!(hex(&b), expected, "SGESL JOB = {job}");
        }

        // SGBFA/SGBSL: 7 x 7, ML = 2, MU = 1, LDA = 2*ML+MU+1.
        let (n, ml, mu) = (7usize, 2usize, 1usize);
        let (ldb, m) = (2 * ml + mu + 1, ml + mu + 1);
        let mut abd = vec![0.0f32; ldb * n];
        for j in 0..n {
            for i in j.saturating_sub(mu)..n.min(j + ml + 1) {
                let v = ((5 * i + 2 * j + 3) % 9) as f32;
                abd[(i + m - 1 - j) + j * ldb] = (v - 4.0) / 7.0 + if i == j { 0.25 } else { 0.0 };
            }
        }
        let (mut ipvt, mut info) = ([0; 7], -1);
        // SAFETY: the arrays hold every element the call reads or writes
        // for these arguments; the scalars are locals.
        unsafe { sgbfa(abd.as_mut_ptr(), &6, &7, &2, &1, ipvt.as_mut_ptr(), &mut info) };
        assert_eq!(
            hex(&abd),
            [
                0x00000000, 0x00000000, 0x00000000, 0x3f124925, 0xbe3ffffe, 0x80000000, 0x00000000, 0x00000000,
                0xbe36db6e, 0x3e924925, 0xbf1dffff, 0x3f800000, 0x00000000, 0xbe124925, 0x3f524925, 0x3f524925,
                0x3f15a6f4, 0x3f321643, 0x00000000, 0xbedb6db7, 0x3ddb6db4, 0x3edb6db7, 0x3efc4a35, 0xbf4369bb,
                0x00000000, 0x3f124925, 0xbf124925, 0x3f452e1c, 0xbef340e5, 0xbe3dec6d, 0x00000000, 0xbd124928,
                0x3cdf5449, 0x3ed8d6f9, 0xbf1a3ccc, 0x00000000, 0x00000000, 0x00000000, 0xbea4924a, 0x3e464e2c,
                0x00000000, 0x00000000
            ]
        );
        assert_eq!((ipvt, info), ([2, 3, 4, 6, 6, 7, 7], 0));
        for (job, expected) in [
            (0, [0x400c2fc0, 0x3f30c611, 0x404ed66e, 0x408a48ab, 0xbfafb44c, 0x418e8e4c, 0x417e3d4c]),
            (1, [0xbebb02a0, 0x3f26dd94, 0x41730265, 0x41443c5d, 0x419f5bfd, 0x4181fc5a, 0xc0e84bd7]),
        ] {
            let mut b: Vec<f32> = (1..=7).map(|i| i as f32 / 3.0).collect();
            // SAFETY: the arrays hold every element the call reads or writes
            // for these arguments; the scalars are locals.
            unsafe { sgbsl(abd.as_ptr(), &6, &7, &2, &1, ipvt.as_ptr(), b.as_mut_ptr(), &job) };
            assert_eq!(hex(&b), expected, "SGBSL JOB = {job}");
        }
    }
}
