//! The incomplete factorisation: ILUT and ILUTP ([`factorize`]) with
//! SPARSKIT's partial quick-split (QSPLIT), as DASKR's DJILU calls them.
//! See the module documentation of [`super`] for the rules.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::csr::Csr;
use super::factors::FactorsMut;
use super::params::Method;
use crate::types::{FInt, Real};

/// Why the incomplete factorisation stopped; [`IluError::ierr`] is the
/// SPARSKIT/DASKR code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IluError {
    #[error("the L factor overflows its storage at row {row}")]
    LOverflow { row: usize },
    #[error("the U factor overflows its storage at row {row}")]
    UOverflow { row: usize },
    #[error("row {row} of the matrix is zero")]
    ZeroRow { row: usize },
}

impl IluError {
    /// -2 (L overflows), -3 (U overflows), -5 (zero row).
    pub fn ierr(&self) -> FInt {
        match self {
            IluError::LOverflow { .. } => -2,
            IluError::UOverflow { .. } => -3,
            IluError::ZeroRow { .. } => -5,
        }
    }
}

/// Options of [`factorize`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IluOptions {
    pub method: Method,
    /// LFILILUT (L rows keep LFILILUT entries, U rows LFILILUT - 1).
    pub lfil: usize,
    /// TOLILUT.
    pub droptol: Real,
    /// PERMTOL (ILUTP only).
    pub permtol: Real,
}

/// Partial quick-split by magnitude (SPARSKIT's QSPLIT rule): rearrange
/// `entries` so that its first `ncut` entries are the `ncut` of largest
/// magnitude, leaving it untouched when `ncut` is 0 or larger than its
/// length. The order it leaves the entries in is the one the original
/// stores them in, which decides the summation order of the triangular
/// solves, so the rule is kept exactly: each pass takes the first entry of
/// the current window as the key, moves every later entry of strictly
/// larger magnitude to the front of the window in scanning order, puts the
/// key behind them, and narrows the window to the side holding position
/// `ncut` until the key lands there.
#[doc(alias = "QSPLIT")]
fn quick_split(entries: &mut [(usize, Real)], ncut: usize) {
    if ncut == 0 || ncut > entries.len() {
        return;
    }
    let target = ncut - 1;
    let (mut first, mut last) = (0, entries.len() - 1);
    loop {
        let key = entries[first].1.abs();
        let mut mid = first;
        for j in first + 1..=last {
            if entries[j].1.abs() > key {
                mid += 1;
                entries.swap(mid, j);
            }
        }
        entries.swap(mid, first);
        match mid.cmp(&target) {
            std::cmp::Ordering::Equal => return,
            std::cmp::Ordering::Greater => last = mid - 1,
            std::cmp::Ordering::Less => first = mid + 1,
        }
    }
}

/// ILUT / ILUTP of `a` (see the module documentation) into `out`. For
/// ILUTP, `col_pos` (NEQ long) receives the final position of each column
/// of `a`: the factors are those of A Q with `(A Q)(:, col_pos[c]) = A(:, c)`,
/// and the stored column indices of U are positions.
///
/// The storage rule is DASKR's: with `cap = out.vals.len()` off-diagonal
/// slots (LENPLUMX - NEQ - 1), storing an L entry needs a free slot and
/// storing the U part of a row needs its entries plus two more.
#[doc(alias = "ILUT")]
#[doc(alias = "ILUTP")]
pub fn factorize(
    a: &Csr,
    opts: &IluOptions,
    out: FactorsMut<'_>,
    col_pos: Option<&mut [FInt]>,
) -> Result<(), IluError> {
    let n = a.n;
    let pivoting = opts.method == Method::Ilutp;
    // DASKR's ILUT adds the single-precision constant 0.0001 to the drop
    // tolerance for a zero pivot; its ILUTP the double 1.0D-4.
    let zero_pivot_shift = if pivoting { 1.0e-4 } else { Real::from(0.0001f32) };
    let mut work = WorkRow::new(n);
    let mut order = ColumnOrder::identity(n);
    let mut rows = RowWriter::new(out, n);
    for i in 0..n {
        let tnorm = mean_magnitude(a, i)?;
        work.scatter(a, i, &order.pos_of);
        work.eliminate(i, &rows.out, &order.pos_of, opts.droptol);
        work.select_l(opts.lfil);
        rows.store_l(i, &work.lkeep)?;
        work.select_u(opts.droptol * tnorm, opts.lfil);
        let mut diag = work.take_diagonal(i);
        if pivoting {
            diag = order.pivot(i, &mut work.ukeep, diag, opts.permtol);
        }
        rows.store_u(i, &work.ukeep, &order.col_at)?;
        if diag == 0.0 {
            diag = (zero_pivot_shift + opts.droptol) * tnorm;
        }
        rows.end_row(i, diag);
    }
    if pivoting {
        order.finish(&mut rows.out, col_pos);
    }
    Ok(())
}

/// tnorm of row i of `a`: the mean absolute value of its stored entries,
/// the reference of the U drop tolerance and of a zero pivot's
/// replacement. A row of zeros cannot be factorised.
fn mean_magnitude(a: &Csr, i: usize) -> Result<Real, IluError> {
    let row = a.ptr[i]..a.ptr[i + 1];
    let count = row.len();
    let tnorm_sum: Real = a.val[row].iter().map(|v| v.abs()).sum();
    if tnorm_sum == 0.0 {
        return Err(IluError::ZeroRow { row: i });
    }
    Ok(tnorm_sum / Real::from(count as f32))
}

/// The dense work row of ILUT and its bookkeeping, reused from row to row.
/// Entries are indexed by position (the current column order, see
/// [`ColumnOrder`]).
struct WorkRow {
    /// Values of the row being eliminated.
    w: Vec<Real>,
    /// `mark[p] == i` when position p holds an entry of row i.
    mark: Vec<usize>,
    /// Positions left of the diagonal still to be eliminated, smallest first.
    heap: BinaryHeap<Reverse<usize>>,
    /// Positions right of the diagonal, in the order they were entered.
    upper: Vec<usize>,
    /// Multipliers l(i,k) of row i (position k, value), then the kept ones.
    lkeep: Vec<(usize, Real)>,
    /// Entries u(i,p) of row i (position p, value), then the kept ones.
    ukeep: Vec<(usize, Real)>,
}

impl WorkRow {
    fn new(n: usize) -> Self {
        WorkRow {
            w: vec![0.0; n],
            mark: vec![usize::MAX; n],
            heap: BinaryHeap::new(),
            upper: Vec::new(),
            lkeep: Vec::new(),
            ukeep: Vec::new(),
        }
    }

    /// Position p of row i gets its first entry: mark it, and queue it for
    /// elimination (left of the diagonal) or for the U part.
    fn enter(&mut self, i: usize, p: usize) {
        self.mark[p] = i;
        if p < i {
            self.heap.push(Reverse(p));
        } else {
            self.upper.push(p);
        }
    }

    /// Scatter row i of `a` into the work row (positions: current column
    /// order); repeated positions are added up in storage order.
    fn scatter(&mut self, a: &Csr, i: usize, pos_of: &[usize]) {
        self.mark[i] = i;
        self.w[i] = 0.0;
        for k in a.ptr[i]..a.ptr[i + 1] {
            let p = pos_of[a.col[k]];
            if self.mark[p] == i {
                self.w[p] += a.val[k];
            } else {
                self.w[p] = a.val[k];
                self.enter(i, p);
            }
        }
    }

    /// Eliminate the earlier rows in increasing order with the U rows
    /// already stored in `out`. A multiplier l(i,k) = w(k) / u(k,k) with
    /// |l(i,k)| <= `droptol` is dropped and not used; the others are
    /// collected in `lkeep`, in elimination order.
    fn eliminate(&mut self, i: usize, out: &FactorsMut<'_>, pos_of: &[usize], droptol: Real) {
        self.lkeep.clear();
        while let Some(Reverse(k)) = self.heap.pop() {
            let fact = self.w[k] * out.dinv[k];
            self.w[k] = 0.0;
            if fact.abs() <= droptol {
                continue;
            }
            let (lo, hi) = (out.u_start[k] as usize, out.start[k + 1] as usize);
            for idx in lo..hi {
                let p = pos_of[out.cols[idx] as usize];
                let s = fact * out.vals[idx];
                if self.mark[p] == i {
                    self.w[p] -= s;
                } else {
                    self.w[p] = -s;
                    self.enter(i, p);
                }
            }
            self.lkeep.push((k, fact));
        }
    }

    /// L part: the LFILILUT largest multipliers, in quick-split order
    /// (the multipliers enter it in elimination order).
    fn select_l(&mut self, lfil: usize) {
        let keep = self.lkeep.len().min(lfil);
        quick_split(&mut self.lkeep, keep);
        self.lkeep.truncate(keep);
    }

    /// U part: entries with |u(i,p)| > `utol` (the threshold relative to
    /// the row's mean), then at most LFILILUT - 1 off-diagonals, as
    /// SPARSKIT keeps them: the survivors (in the order the row of A and
    /// then the fill-in brought them in) are quick-split at
    /// min(count + 1, LFILILUT), counting the diagonal, and the first
    /// min(count, LFILILUT - 1) are kept in that order in `ukeep`. The
    /// work row is cleared right of the diagonal.
    fn select_u(&mut self, utol: Real, lfil: usize) {
        self.ukeep.clear();
        for &p in &self.upper {
            if self.w[p].abs() > utol {
                self.ukeep.push((p, self.w[p]));
            }
            self.w[p] = 0.0;
        }
        self.upper.clear();
        let ncut = (self.ukeep.len() + 1).min(lfil);
        quick_split(&mut self.ukeep, ncut);
        self.ukeep.truncate(lfil.saturating_sub(1));
    }

    /// u(i,i), taken out of the work row (which is then clear).
    fn take_diagonal(&mut self, i: usize) -> Real {
        let diag = self.w[i];
        self.w[i] = 0.0;
        diag
    }
}

/// The factors as they are written, row after row: the next free
/// off-diagonal slot `nz` of the `cap` slots (DASKR's capacity rule counts
/// against it).
struct RowWriter<'a> {
    out: FactorsMut<'a>,
    nz: usize,
    cap: usize,
}

impl<'a> RowWriter<'a> {
    /// Ready for row 0 of an n x n matrix, which starts at the first slot.
    fn new(out: FactorsMut<'a>, n: usize) -> Self {
        let cap = out.vals.len().min(out.cols.len());
        if n > 0 {
            out.start[0] = 0;
        }
        RowWriter { out, nz: 0, cap }
    }

    /// Store one off-diagonal entry in the next slot.
    fn push(&mut self, col: usize, v: Real) {
        self.out.cols[self.nz] = col as FInt;
        self.out.vals[self.nz] = v;
        self.nz += 1;
    }

    /// Append the kept multipliers of row i to L, each needing a free slot;
    /// row i's U part starts after them.
    fn store_l(&mut self, i: usize, lkeep: &[(usize, Real)]) -> Result<(), IluError> {
        for &(k, fact) in lkeep {
            if self.nz >= self.cap {
                return Err(IluError::LOverflow { row: i });
            }
            self.push(k, fact);
        }
        self.out.u_start[i] = self.nz as FInt;
        Ok(())
    }

    /// Append the kept off-diagonals of row i to U; they need their slots
    /// plus two more (DASKR's count). They are stored by column identity
    /// (`col_at`) during the factorisation and turned into final positions
    /// at the end (ILUTP).
    fn store_u(&mut self, i: usize, ukeep: &[(usize, Real)], col_at: &[usize]) -> Result<(), IluError> {
        if self.nz + ukeep.len() + 2 > self.cap {
            return Err(IluError::UOverflow { row: i });
        }
        for &(p, v) in ukeep {
            self.push(col_at[p], v);
        }
        Ok(())
    }

    /// Close row i with its pivot u(i,i) (kept inverted).
    fn end_row(&mut self, i: usize, diag: Real) {
        self.out.dinv[i] = 1.0 / diag;
        self.out.start[i + 1] = self.nz as FInt;
    }
}

/// ILUTP's column permutation: the column currently at each position, and
/// the inverse (the identity for ILUT, which never swaps).
struct ColumnOrder {
    col_at: Vec<usize>,
    pos_of: Vec<usize>,
}

impl ColumnOrder {
    fn identity(n: usize) -> Self {
        ColumnOrder { col_at: (0..n).collect(), pos_of: (0..n).collect() }
    }

    /// ILUTP's pivoting in row i: the kept entry u(i,j) of largest
    /// magnitude (the first in storage order among equals) becomes the
    /// pivot when |u(i,j)|*PERMTOL > |u(i,i)|, its column swapped with the
    /// diagonal one. Returns the pivot (`diag` when nothing is swapped).
    fn pivot(&mut self, i: usize, ukeep: &mut [(usize, Real)], diag: Real, permtol: Real) -> Real {
        let xmax0 = diag.abs();
        let mut xmax = xmax0;
        let mut best = None;
        for (idx, &(_, v)) in ukeep.iter().enumerate() {
            let t = v.abs();
            if t > xmax && t * permtol > xmax0 {
                best = Some(idx);
                xmax = t;
            }
        }
        let Some(b) = best else {
            return diag;
        };
        // Swap the diagonal column with column p: the entry at
        // position p now holds the old diagonal value.
        let (p, v) = ukeep[b];
        ukeep[b].1 = diag;
        self.col_at.swap(i, p);
        self.pos_of[self.col_at[i]] = i;
        self.pos_of[self.col_at[p]] = p;
        v
    }

    /// After the last row (ILUTP): the U column indices, stored as column
    /// identities, become final positions (L entries are row numbers
    /// already), and `col_pos` receives the position of every column.
    fn finish(&self, out: &mut FactorsMut<'_>, col_pos: Option<&mut [FInt]>) {
        for i in 0..self.pos_of.len() {
            for idx in out.u_start[i] as usize..out.start[i + 1] as usize {
                out.cols[idx] = self.pos_of[out.cols[idx] as usize] as FInt;
            }
        }
        if let Some(cp) = col_pos {
            for (c, &p) in cp.iter_mut().zip(&self.pos_of) {
                *c = p as FInt;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precond::ilu::factors::OwnedFactors;

    /// Dense LU without pivoting (Doolittle), row-major; returns (L, U).
    fn dense_lu(n: usize, a: &[Real]) -> (Vec<Real>, Vec<Real>) {
        let mut u = a.to_vec();
        let mut l = vec![0.0; n * n];
        for k in 0..n {
            l[k * n + k] = 1.0;
            for i in k + 1..n {
                let f = u[i * n + k] / u[k * n + k];
                l[i * n + k] = f;
                for j in k..n {
                    u[i * n + j] -= f * u[k * n + j];
                }
            }
        }
        (l, u)
    }

    /// A diagonally dominant, unsymmetric test matrix with some zeros.
    fn test_matrix(n: usize) -> Vec<Real> {
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                let d = i.abs_diff(j);
                if d <= 2 || (i * 7 + j * 3) % 5 == 0 {
                    a[i * n + j] = ((i * 13 + j * 5) % 11) as Real / 11.0 - 0.4;
                }
            }
            a[i * n + i] = 4.0 + i as Real * 0.1;
        }
        a
    }

    fn full_fill(method: Method, n: usize) -> IluOptions {
        IluOptions { method, lfil: n, droptol: 0.0, permtol: 0.0 }
    }

    #[test]
    fn ilut_without_dropping_is_exact_lu() {
        let n = 9;
        let a = test_matrix(n);
        let csr = Csr::from_dense(n, &a);
        let f = OwnedFactors::factorize(&csr, &full_fill(Method::Ilut, n), n * n + n + 1).unwrap();
        let (l, u) = dense_lu(n, &a);
        // Compare every stored factor entry with the dense LU, and check
        // that nothing nonzero of the dense LU is missing.
        let mut lf = vec![0.0; n * n];
        let mut uf = vec![0.0; n * n];
        for i in 0..n {
            for k in f.start[i] as usize..f.u_start[i] as usize {
                lf[i * n + f.cols[k] as usize] = f.vals[k];
            }
            for k in f.u_start[i] as usize..f.start[i + 1] as usize {
                uf[i * n + f.cols[k] as usize] = f.vals[k];
            }
            uf[i * n + i] = 1.0 / f.dinv[i];
            lf[i * n + i] = 1.0;
        }
        for k in 0..n * n {
            assert!((lf[k] - l[k]).abs() <= 1e-12, "L entry {k}: {} vs {}", lf[k], l[k]);
            assert!((uf[k] - u[k]).abs() <= 1e-12, "U entry {k}: {} vs {}", uf[k], u[k]);
        }
        // And the solve is exact.
        let x: Vec<Real> = (0..n).map(|i| 1.0 + i as Real).collect();
        let mut b = vec![0.0; n];
        csr.mul_vec(&x, &mut b);
        let got = f.solve(&b).unwrap();
        for i in 0..n {
            assert!((got[i] - x[i]).abs() < 1e-12);
        }
    }

    #[test]
    fn ilut_fill_and_threshold_limit_the_factors() {
        let n = 40;
        let a = test_matrix(n);
        let csr = Csr::from_dense(n, &a);
        let opts = IluOptions { method: Method::Ilut, lfil: 3, droptol: 1e-3, permtol: 0.0 };
        let f = OwnedFactors::factorize(&csr, &opts, 100 * n).unwrap();
        // L rows keep LFILILUT = 3 entries, U rows LFILILUT - 1 = 2 (as
        // SPARSKIT, which counts the diagonal), and the bounds are reached.
        let l_len: Vec<FInt> = (0..n).map(|i| f.u_start[i] - f.start[i]).collect();
        let u_len: Vec<FInt> = (0..n).map(|i| f.start[i + 1] - f.u_start[i]).collect();
        assert_eq!(l_len.iter().max(), Some(&3));
        assert_eq!(u_len.iter().max(), Some(&2));
        // Still a useful preconditioner: residual of one application small.
        let x = vec![1.0; n];
        let mut b = vec![0.0; n];
        csr.mul_vec(&x, &mut b);
        let got = f.solve(&b).unwrap();
        let err = got.iter().map(|v| (v - 1.0).abs()).fold(0.0, Real::max);
        assert!(err < 0.2, "error {err}");
    }

    fn magnitudes(e: &[(usize, Real)]) -> Vec<Real> {
        e.iter().map(|x| x.1).collect()
    }

    #[test]
    fn quick_split_leaves_entries_in_the_original_order() {
        // Worked by hand with SPARSKIT's rule: the kept entries are the
        // three largest, but not sorted.
        let mut e: Vec<(usize, Real)> = [3.0, -1.0, 2.0, 5.0, -4.0].iter().copied().enumerate().collect();
        quick_split(&mut e, 3);
        assert_eq!(e, vec![(4, -4.0), (3, 5.0), (0, 3.0), (1, -1.0), (2, 2.0)]);
        // Several passes, narrowing to both sides.
        let mut e: Vec<(usize, Real)> = [3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0, 6.0].iter().copied().enumerate().collect();
        quick_split(&mut e, 3);
        assert_eq!(magnitudes(&e), vec![9.0, 6.0, 5.0, 4.0, 3.0, 1.5, 2.0, 1.0]);
        assert_eq!(e.iter().map(|x| x.0).collect::<Vec<_>>(), vec![5, 7, 4, 2, 0, 3, 6, 1]);
        // Equal magnitudes are not "larger": the key stays in front of them.
        let mut e = vec![(0, 2.0), (1, -2.0), (2, 1.0)];
        quick_split(&mut e, 1);
        assert_eq!(e, vec![(0, 2.0), (1, -2.0), (2, 1.0)]);
        // A cut of 0 or beyond the end leaves the order alone; a cut at the
        // end still rearranges.
        let orig = vec![(0, 1.0), (1, 3.0), (2, 2.0)];
        for cut in [0, 4] {
            let mut e = orig.clone();
            quick_split(&mut e, cut);
            assert_eq!(e, orig);
        }
        let mut e = orig.clone();
        quick_split(&mut e, 3);
        assert_eq!(e, vec![(2, 2.0), (1, 3.0), (0, 1.0)]);
    }

    #[test]
    fn rows_keep_lfil_multipliers_and_lfil_minus_one_upper_entries() {
        // Row 0 has five off-diagonals 1, 5, 3, 4, 2 (columns 1..5); with
        // LFILILUT = 3 SPARSKIT keeps the first two of their quick-split at
        // 3: 5 (column 2), then 4 (column 4), stored in that order. Row 6
        // eliminates rows 1..5 (unit diagonal, nothing else) with
        // multipliers 0.1, 0.5, 0.3, 0.4, 0.2 and keeps the quick-split at
        // 3 of them, in its order: 0.5 (column 2), 0.4 (4), 0.3 (3).
        let n = 7;
        let mut t = vec![(0, 0, 10.0)];
        for (j, v) in [(1, 1.0), (2, 5.0), (3, 3.0), (4, 4.0), (5, 2.0)] {
            t.push((0, j, v));
        }
        for i in 1..n {
            t.push((i, i, 1.0));
        }
        for (k, m) in [(1, 0.1), (2, 0.5), (3, 0.3), (4, 0.4), (5, 0.2)] {
            t.push((6, k, m));
        }
        let a = Csr::from_triplets(n, &t);
        let opts = IluOptions { method: Method::Ilut, lfil: 3, droptol: 0.0, permtol: 0.0 };
        let f = OwnedFactors::factorize(&a, &opts, 100).unwrap();
        let row = |lo: FInt, hi: FInt| -> Vec<(FInt, Real)> {
            (lo as usize..hi as usize).map(|k| (f.cols[k], f.vals[k])).collect()
        };
        assert_eq!(row(f.u_start[0], f.start[1]), vec![(2, 5.0), (4, 4.0)]);
        assert_eq!(row(f.start[6], f.u_start[6]), vec![(2, 0.5), (4, 0.4), (3, 0.3)]);
        assert_eq!(f.nnz_lu(), (3, 2));
        // LFILILUT = 0 keeps no off-diagonals at all; 1 keeps one L entry
        // per row but no U entries; 6 keeps everything.
        for (lfil, counts) in [(0, (0, 0)), (1, (1, 0)), (6, (5, 5))] {
            let f = OwnedFactors::factorize(&a, &IluOptions { lfil, ..opts }, 100).unwrap();
            assert_eq!(f.nnz_lu(), counts, "lfil {lfil}");
        }
    }

    #[test]
    fn ilutp_pivots_when_the_diagonal_is_small() {
        // Zero diagonal: ILUT must invent pivots, ILUTP swaps columns and
        // (with no dropping) solves exactly.
        let n = 6;
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            a[i * n + (i + 1) % n] = 3.0 + i as Real;
            a[i * n + (i + 3) % n] = 1.0;
            a[i * n + i] = if i % 2 == 0 { 0.0 } else { 1e-3 };
        }
        let csr = Csr::from_dense(n, &a);
        let x: Vec<Real> = (0..n).map(|i| (i as Real) - 2.5).collect();
        let mut b = vec![0.0; n];
        csr.mul_vec(&x, &mut b);
        let opts = IluOptions { method: Method::Ilutp, lfil: n, droptol: 0.0, permtol: 0.5 };
        let f = OwnedFactors::factorize(&csr, &opts, n * n + n + 1).unwrap();
        let pos = f.col_pos.as_ref().unwrap();
        assert!(pos.iter().enumerate().any(|(c, &p)| p as usize != c), "some column must move");
        let got = f.solve(&b).unwrap();
        for i in 0..n {
            assert!((got[i] - x[i]).abs() < 1e-10, "{i}: {} vs {}", got[i], x[i]);
        }
        // PERMTOL = 0 never pivots.
        let opts0 = IluOptions { permtol: 0.0, ..opts };
        let f0 = OwnedFactors::factorize(&csr, &opts0, n * n + n + 1).unwrap();
        assert!(f0.col_pos.as_ref().unwrap().iter().enumerate().all(|(c, &p)| p as usize == c));
    }

    #[test]
    fn factor_errors_have_daskr_codes() {
        let n = 8;
        let a = test_matrix(n);
        let csr = Csr::from_dense(n, &a);
        let opts = full_fill(Method::Ilut, n);
        // Dense lower triangle: three multipliers in row 3 do not fit in
        // five slots once rows 1 and 2 hold three.
        let lower: Vec<Real> = (0..25).map(|k| if k % 5 <= k / 5 { 1.0 + k as Real } else { 0.0 }).collect();
        let e =
            OwnedFactors::factorize(&Csr::from_dense(5, &lower), &full_fill(Method::Ilut, 5), 5 + 1 + 5).unwrap_err();
        assert_eq!(e, IluError::LOverflow { row: 3 });
        assert_eq!(e.ierr(), -2);
        let e = OwnedFactors::factorize(&csr, &opts, n + 1 + 5).unwrap_err();
        assert_eq!(e.ierr(), -3);
        // Room for L but not for U: a lower-triangular-heavy matrix.
        let upper_only = Csr::from_triplets(3, &[(0, 0, 1.0), (0, 1, 1.0), (0, 2, 1.0), (1, 1, 1.0), (2, 2, 1.0)]);
        let e = OwnedFactors::factorize(&upper_only, &full_fill(Method::Ilut, 3), 3 + 1 + 3).unwrap_err();
        assert_eq!(e, IluError::UOverflow { row: 0 });
        let zero_row = Csr::from_triplets(3, &[(0, 0, 1.0), (2, 2, 1.0)]);
        let e = OwnedFactors::factorize(&zero_row, &opts, 100).unwrap_err();
        assert_eq!(e, IluError::ZeroRow { row: 1 });
        assert_eq!(e.ierr(), -5);
    }
}
