//! The general sparse LU: unrestricted threshold partial pivoting, for the
//! matrices whose pivots the multifrontal LU ([`super::frontal`]) cannot
//! keep near their supernodes.
//!
//! Left-looking, one column at a time (Gilbert and Peierls): column `k` of
//! the column order (COLAMD's, which bounds the fill of L and U whatever
//! rows the pivoting picks) is scattered into a dense work vector, the rows
//! it reaches through the columns of L already computed are found by a
//! depth-first search (in topological order), the triangular solve runs
//! over those rows only, and the pivot is chosen among the remaining
//! entries by their magnitudes times their rows' scales (the equilibrated
//! or matched matrix's, so that neither the units of an equation nor of a
//! variable decide): the row the transversal pairs with the column when it
//! is within [`MATCHED_THRESHOLD`] of the largest (it keeps the structure the
//! ordering planned for), else the largest (the first of equals in the
//! search's order). L is kept by columns in the original row numbering, U
//! by columns in pivot positions. The cost is that of the arithmetic on the
//! non-zeros (scalar code, no dense blocks): slower than the multifrontal
//! LU on the matrices both can factor, and only used when the other
//! cannot.

use super::frontal::MATCHED_THRESHOLD;

const NONE: usize = usize::MAX;

/// L and U of one matrix (storage reused across factorisations).
#[derive(Debug, Default)]
pub struct GeneralFactors {
    /// Column `k` of L (below the unit diagonal): original rows and values.
    l_ptr: Vec<usize>,
    l_row: Vec<u32>,
    l_val: Vec<f64>,
    /// Column `k` of U above the diagonal: pivot positions and values; the
    /// diagonal separately.
    u_ptr: Vec<usize>,
    u_pos: Vec<u32>,
    u_val: Vec<f64>,
    diagonal: Vec<f64>,
    /// The original row of each pivot position, and the inverse.
    pivot_row: Vec<usize>,
    position: Vec<usize>,
}

/// Scratch of the factorisation and the solve.
#[derive(Debug, Default)]
pub struct GeneralWorkspace {
    x: Vec<f64>,
    mark: Vec<usize>,
    /// Depth-first search: (row, next entry of its L column to follow).
    stack: Vec<(usize, usize)>,
    /// The rows reached, in postorder (reverse topological order).
    reached: Vec<usize>,
}

/// A CSC matrix for [`factor`]: rows ascending per column, `value(q)` the
/// value at CSC position `q`.
pub struct Csc<'a, F: Fn(usize) -> f64> {
    pub n: usize,
    pub col_ptr: &'a [usize],
    pub row_idx: &'a [usize],
    pub value: F,
}

/// How the pivots are chosen: the rows' scales and, if any, the row to
/// prefer in each column (both in the original numbering).
pub struct Pivoting<'a> {
    pub scale: &'a [f64],
    pub preferred: Option<&'a [usize]>,
}

/// Factor `a` with its columns taken in `order` (`order[k]` is the k-th
/// column eliminated). `Err(column)`: no usable pivot (zero or non-finite)
/// in that original column: the matrix is singular.
pub fn factor<F: Fn(usize) -> f64>(
    a: &Csc<'_, F>,
    order: &[usize],
    pivoting: &Pivoting<'_>,
    f: &mut GeneralFactors,
    ws: &mut GeneralWorkspace,
) -> Result<(), usize> {
    let n = a.n;
    f.l_ptr.clear();
    f.l_row.clear();
    f.l_val.clear();
    f.u_ptr.clear();
    f.u_pos.clear();
    f.u_val.clear();
    f.diagonal.clear();
    f.l_ptr.push(0);
    f.u_ptr.push(0);
    f.position.clear();
    f.position.resize(n, NONE);
    f.pivot_row.clear();
    f.pivot_row.resize(n, NONE);
    ws.x.clear();
    ws.x.resize(n, 0.0);
    ws.mark.clear();
    ws.mark.resize(n, NONE);
    for (k, &col) in order.iter().enumerate() {
        let rows = &a.row_idx[a.col_ptr[col]..a.col_ptr[col + 1]];
        reach(f, ws, rows, k);
        for (q, &i) in (a.col_ptr[col]..).zip(rows) {
            ws.x[i] = (a.value)(q);
        }
        // Triangular solve over the reached rows, in topological order.
        for &i in ws.reached.iter().rev() {
            let p = f.position[i];
            if p == NONE {
                continue;
            }
            let t = ws.x[i];
            if t != 0.0 {
                for e in f.l_ptr[p]..f.l_ptr[p + 1] {
                    ws.x[f.l_row[e] as usize] -= f.l_val[e] * t;
                }
            }
        }
        let preferred = pivoting.preferred.map_or(NONE, |p| p[col]);
        let pivot_row = choose_pivot(f, ws, pivoting.scale, preferred).ok_or(col)?;
        let pivot = ws.x[pivot_row];
        f.position[pivot_row] = k;
        f.pivot_row[k] = pivot_row;
        f.diagonal.push(pivot);
        for &i in ws.reached.iter().rev() {
            let v = std::mem::take(&mut ws.x[i]);
            match f.position[i] {
                p if p < k => {
                    f.u_pos.push(p as u32);
                    f.u_val.push(v);
                }
                _ if i == pivot_row => {}
                _ => {
                    f.l_row.push(i as u32);
                    f.l_val.push(v / pivot);
                }
            }
        }
        f.u_ptr.push(f.u_pos.len());
        f.l_ptr.push(f.l_row.len());
    }
    Ok(())
}

/// The rows reached from `rows` through the columns of L (rows already
/// pivotal lead on to their column's rows), in postorder into `ws.reached`,
/// marked with `k`.
fn reach(f: &GeneralFactors, ws: &mut GeneralWorkspace, rows: &[usize], k: usize) {
    ws.reached.clear();
    for &start in rows {
        if ws.mark[start] == k {
            continue;
        }
        ws.mark[start] = k;
        ws.stack.push((start, 0));
        while let Some(&mut (i, ref mut next)) = ws.stack.last_mut() {
            let p = f.position[i];
            let column = if p == NONE { 0..0 } else { f.l_ptr[p]..f.l_ptr[p + 1] };
            let child = column.skip(*next).map(|e| f.l_row[e] as usize).find(|&r| {
                *next += 1;
                ws.mark[r] != k
            });
            match child {
                Some(r) => {
                    ws.mark[r] = k;
                    ws.stack.push((r, 0));
                }
                None => {
                    ws.reached.push(i);
                    ws.stack.pop();
                }
            }
        }
    }
}

/// The pivot among the reached rows not yet pivotal, by scaled magnitude:
/// `preferred` if it is one of them and within the threshold of the
/// largest, else the largest (the first of equals in topological order);
/// `None` if that is zero or not finite.
fn choose_pivot(f: &GeneralFactors, ws: &GeneralWorkspace, scale: &[f64], preferred: usize) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for &i in ws.reached.iter().rev() {
        if f.position[i] != NONE {
            continue;
        }
        let v = ws.x[i].abs() * scale[i];
        if v.is_nan() {
            return None;
        }
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    let (largest_row, largest) = best.filter(|&(_, v)| v > 0.0 && v.is_finite())?;
    let keeps = preferred != NONE
        && f.position[preferred] == NONE
        && ws.mark[preferred] == ws.mark[largest_row]
        && ws.x[preferred] != 0.0
        && ws.x[preferred].abs() * scale[preferred] >= MATCHED_THRESHOLD * largest;
    Some(if keeps { preferred } else { largest_row })
}

impl GeneralFactors {
    /// Entries of L and U (the unit diagonal of L not counted).
    #[cfg(any(test, feature = "internals"))]
    pub fn entries(&self) -> usize {
        self.l_val.len() + self.u_val.len() + self.diagonal.len()
    }

    /// Overwrite `b` with the solution of A x = b (`order` as factored).
    pub fn solve(&self, order: &[usize], b: &mut [f64], ws: &mut GeneralWorkspace) {
        let n = self.diagonal.len();
        // Forward, in the original row numbering: w = L^-1 b.
        for k in 0..n {
            let t = b[self.pivot_row[k]];
            if t != 0.0 {
                for e in self.l_ptr[k]..self.l_ptr[k + 1] {
                    b[self.l_row[e] as usize] -= self.l_val[e] * t;
                }
            }
        }
        // Backward, in pivot positions: z = U^-1 w.
        let z = &mut ws.x;
        z.clear();
        z.extend(self.pivot_row.iter().map(|&i| b[i]));
        for k in (0..n).rev() {
            z[k] /= self.diagonal[k];
            let t = z[k];
            if t != 0.0 {
                for e in self.u_ptr[k]..self.u_ptr[k + 1] {
                    z[self.u_pos[e] as usize] -= self.u_val[e] * t;
                }
            }
        }
        for (&col, &v) in order.iter().zip(z.iter()) {
            b[col] = v;
        }
    }
}

#[cfg(test)]
impl GeneralFactors {
    /// L and U as dense `n x n` arrays (row-major: `l[i * n + k]` for
    /// original row `i` and elimination step `k`, `u[k * n + j]` for the
    /// `j`-th column of the order), so that `A[:, order] = L U`.
    pub(super) fn dense_factors(&self) -> (Vec<f64>, Vec<f64>) {
        let n = self.diagonal.len();
        let (mut l, mut u) = (vec![0.0; n * n], vec![0.0; n * n]);
        for k in 0..n {
            l[self.pivot_row[k] * n + k] = 1.0;
            for e in self.l_ptr[k]..self.l_ptr[k + 1] {
                l[self.l_row[e] as usize * n + k] = self.l_val[e];
            }
            u[k * n + k] = self.diagonal[k];
            for e in self.u_ptr[k]..self.u_ptr[k + 1] {
                u[self.u_pos[e] as usize * n + k] = self.u_val[e];
            }
        }
        (l, u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(seed: &mut u64) -> f64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((*seed >> 33) as f64 / (1u64 << 31) as f64) - 0.5
    }

    #[test]
    fn solves_random_matrices_that_need_pivoting() {
        for (n, per_col, seed) in [(5usize, 2usize, 1u64), (60, 3, 2), (400, 4, 3)] {
            let mut s = seed;
            let mut cols: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
            for (j, col) in cols.iter_mut().enumerate() {
                // A tiny diagonal and a large entry elsewhere: pivoting needed.
                col.push((j, 1e-9 * lcg(&mut s)));
                col.push(((j * 7 + 3) % n, 1.0 + lcg(&mut s)));
                for _ in 0..per_col {
                    col.push((((lcg(&mut s) + 0.5) * n as f64) as usize % n, lcg(&mut s)));
                }
                col.sort_by_key(|e| e.0);
                col.dedup_by_key(|e| e.0);
            }
            let mut col_ptr = vec![0];
            let (mut rows, mut vals) = (Vec::new(), Vec::new());
            for col in &cols {
                for &(i, v) in col {
                    rows.push(i);
                    vals.push(v);
                }
                col_ptr.push(rows.len());
            }
            let a = Csc { n, col_ptr: &col_ptr, row_idx: &rows, value: |q| vals[q] };
            let order: Vec<usize> = (0..n).rev().collect();
            let (mut f, mut ws) = (GeneralFactors::default(), GeneralWorkspace::default());
            let unscaled = vec![1.0; n];
            let pivoting = Pivoting { scale: &unscaled, preferred: None };
            if factor(&a, &order, &pivoting, &mut f, &mut ws).is_err() {
                continue; // a random pattern may be singular
            }
            let b: Vec<f64> = (0..n).map(|i| 1.0 + i as f64).collect();
            let mut x = b.clone();
            f.solve(&order, &mut x, &mut ws);
            let mut r = b.clone();
            for j in 0..n {
                for q in col_ptr[j]..col_ptr[j + 1] {
                    r[rows[q]] -= vals[q] * x[j];
                }
            }
            let scale = x.iter().fold(1.0f64, |m, v| m.max(v.abs()));
            assert!(r.iter().all(|e| e.abs() < 1e-10 * scale), "n={n}: {r:?}");
        }
    }

    #[test]
    fn zero_columns_are_singular() {
        let (col_ptr, rows) = (vec![0, 2, 3, 5], vec![0, 2, 0, 0, 2]);
        let vals = [1.0, 2.0, 3.0, 2.0, 4.0]; // column 2 = 2 * column 0
        let a = Csc { n: 3, col_ptr: &col_ptr, row_idx: &rows, value: |q| vals[q] };
        let (mut f, mut ws) = (GeneralFactors::default(), GeneralWorkspace::default());
        let pivoting = Pivoting { scale: &[1.0; 3], preferred: None };
        assert_eq!(factor(&a, &[0, 1, 2], &pivoting, &mut f, &mut ws), Err(2));
    }
}
