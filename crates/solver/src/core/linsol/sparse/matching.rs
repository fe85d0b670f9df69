//! A transversal chosen from the values: the matching of columns to rows
//! that maximises the product of the matched magnitudes, and the row and
//! column scaling from its dual variables (Duff and Koster's MC64, its
//! option 5).
//!
//! With `c_ij = lg max_k |a_kj| - lg |a_ij|` (non-negative; no edge for an
//! exact zero) the matching is a minimum-cost assignment. Dual variables
//! `u_i`, `v_j` with `c_ij - u_i - v_j >= 0`, zero on the matched entries,
//! are kept through shortest augmenting paths (Dijkstra on the reduced
//! costs, one free column at a time, after a greedy start on the entries
//! of zero reduced cost). At the end `2^u_i |a_ij| 2^v_j / max_k |a_kj|`
//! is at most 1, and 1 on the matching: scaled so, the matched entries are
//! the largest of their rows and columns, whatever the units of the
//! equations and variables and whatever order the equations were written
//! in, which is what the threshold test of the LU needs to see.
//!
//! The logarithm is the piecewise linear one of the floating-point format
//! (exponent plus mantissa, exact at powers of two, within 0.09 of lg
//! elsewhere, and monotone): the matching is then within a factor 1.07 per
//! entry of the maximum product, the scaled entries at most 1.07, and no
//! call to a logarithm is made. Everything depends on the values only.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

const NONE: usize = usize::MAX;

/// The largest dual variable used for a scale (in binary orders of
/// magnitude): a product with a scale neither overflows nor vanishes.
const DUAL_MAX: f64 = 600.0;

/// The matching and scaling of one matrix, and the search's scratch.
#[derive(Debug, Default)]
pub struct Matching {
    /// The row matched to each column.
    pub row_of_col: Vec<usize>,
    /// `2^u_i` per row: the row scaling (the column scaling, `2^v_j /
    /// max_i |a_ij|`, changes no comparison within a column).
    pub row_scale: Vec<f64>,
    col_of_row: Vec<usize>,
    /// `c_ij` per CSC position (infinite for an exact zero).
    cost: Vec<f64>,
    u: Vec<f64>,
    v: Vec<f64>,
    /// Shortest-path search: tentative distances per row, the column each
    /// row was reached from, the rows whose distance is final.
    dist: Vec<f64>,
    pred: Vec<usize>,
    done: Vec<bool>,
    settled: Vec<usize>,
    touched: Vec<usize>,
    heap: BinaryHeap<Reverse<(u64, usize)>>,
}

/// lg x for a positive finite x, piecewise linear between powers of two.
fn lg(x: f64) -> f64 {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    if exponent == 0 {
        // Subnormal: scale into the normal range first.
        return lg(x * 2f64.powi(64)) - 64.0;
    }
    let mantissa = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    (exponent - 1023) as f64 + (mantissa - 1.0)
}

impl Matching {
    /// Match the columns of the CSC matrix (`value(q)` the value at
    /// position `q`, finite). `prefer`: a transversal to keep where it is
    /// as good (the pattern's structural one: its analysis is at hand).
    /// `false`: the non-zero entries have no transversal (the matrix is
    /// singular).
    pub fn compute(
        &mut self,
        n: usize,
        col_ptr: &[usize],
        row_idx: &[usize],
        value: impl Fn(usize) -> f64,
        prefer: Option<&[usize]>,
    ) -> bool {
        if !self.costs(n, col_ptr, row_idx, value) {
            return false;
        }
        self.greedy(n, col_ptr, row_idx, prefer);
        for j in 0..n {
            if self.row_of_col[j] == NONE && !self.augment(j, col_ptr, row_idx) {
                return false;
            }
        }
        self.row_scale.clear();
        self.row_scale.extend(self.u.iter().map(|&u| u.clamp(-DUAL_MAX, DUAL_MAX).exp2()));
        true
    }

    /// The costs and the starting duals: `u_i` the least cost of row `i`,
    /// `v_j` the least reduced cost of column `j`. `false` if a row or a
    /// column has no non-zero.
    fn costs(&mut self, n: usize, col_ptr: &[usize], row_idx: &[usize], value: impl Fn(usize) -> f64) -> bool {
        self.cost.clear();
        self.u.clear();
        self.u.resize(n, f64::INFINITY);
        for j in 0..n {
            let range = col_ptr[j]..col_ptr[j + 1];
            let largest = range.clone().fold(0.0f64, |m, q| m.max(value(q).abs()));
            if largest == 0.0 {
                return false;
            }
            let top = lg(largest);
            for q in range {
                let a = value(q).abs();
                let c = if a == 0.0 { f64::INFINITY } else { top - lg(a) };
                self.cost.push(c);
                let u = &mut self.u[row_idx[q]];
                *u = u.min(c);
            }
        }
        if self.u.iter().any(|u| u.is_infinite()) {
            return false;
        }
        self.v.clear();
        for j in 0..n {
            let v = (col_ptr[j]..col_ptr[j + 1]).fold(f64::INFINITY, |m, q| m.min(self.cost[q] - self.u[row_idx[q]]));
            self.v.push(v);
        }
        true
    }

    /// Match each column to a free row of zero reduced cost, if any: the
    /// preferred row first.
    fn greedy(&mut self, n: usize, col_ptr: &[usize], row_idx: &[usize], prefer: Option<&[usize]>) {
        self.row_of_col.clear();
        self.row_of_col.resize(n, NONE);
        self.col_of_row.clear();
        self.col_of_row.resize(n, NONE);
        for j in 0..n {
            let rows = &row_idx[col_ptr[j]..col_ptr[j + 1]];
            let tight = |q: usize| self.cost[q] - self.u[row_idx[q]] == self.v[j];
            let preferred = prefer.and_then(|p| rows.binary_search(&p[j]).ok()).map(|t| col_ptr[j] + t);
            let free = |q: &usize| self.col_of_row[row_idx[*q]] == NONE && tight(*q);
            if let Some(q) = preferred.filter(free).or_else(|| (col_ptr[j]..col_ptr[j + 1]).find(free)) {
                let i = row_idx[q];
                self.col_of_row[i] = j;
                self.row_of_col[j] = i;
            }
        }
        self.dist.clear();
        self.dist.resize(n, f64::INFINITY);
        self.pred.clear();
        self.pred.resize(n, NONE);
        self.done.clear();
        self.done.resize(n, false);
    }

    /// Match the free column `j0` by the shortest augmenting path, keeping
    /// the duals feasible. `false` if no path reaches a free row.
    fn augment(&mut self, j0: usize, col_ptr: &[usize], row_idx: &[usize]) -> bool {
        self.settled.clear();
        self.touched.clear();
        self.heap.clear();
        self.relax(j0, 0.0, col_ptr, row_idx);
        let mut found = None;
        while let Some(Reverse((bits, i))) = self.heap.pop() {
            let d = f64::from_bits(bits);
            if self.done[i] || d > self.dist[i] {
                continue;
            }
            self.done[i] = true;
            self.settled.push(i);
            match self.col_of_row[i] {
                NONE => {
                    found = Some((i, d));
                    break;
                }
                j => self.relax(j, d, col_ptr, row_idx),
            }
        }
        let Some((free, length)) = found else {
            self.reset_search();
            return false;
        };
        // Duals: u_i += D_i - L for the settled rows, v_j += L - D_j for
        // the columns reached (j0 at distance 0, the others through their
        // matched settled row).
        self.v[j0] += length;
        for &i in &self.settled {
            if i != free {
                let j = self.col_of_row[i];
                self.v[j] += length - self.dist[i];
            }
            self.u[i] += self.dist[i] - length;
        }
        let mut i = free;
        loop {
            let j = self.pred[i];
            let previous = self.row_of_col[j];
            self.row_of_col[j] = i;
            self.col_of_row[i] = j;
            if j == j0 {
                break;
            }
            i = previous;
        }
        self.reset_search();
        true
    }

    /// Relax the edges of column `j`, reached at distance `d`.
    fn relax(&mut self, j: usize, d: f64, col_ptr: &[usize], row_idx: &[usize]) {
        let range = col_ptr[j]..col_ptr[j + 1];
        for (&i, &c) in row_idx[range.clone()].iter().zip(&self.cost[range]) {
            if self.done[i] || c.is_infinite() {
                continue;
            }
            let di = d + (c - self.u[i] - self.v[j]).max(0.0);
            if di < self.dist[i] {
                if self.dist[i].is_infinite() {
                    self.touched.push(i);
                }
                self.dist[i] = di;
                self.pred[i] = j;
                self.heap.push(Reverse((di.to_bits(), i)));
            }
        }
    }

    /// Clear the distances and marks the last search set.
    fn reset_search(&mut self) {
        for &i in &self.touched {
            self.dist[i] = f64::INFINITY;
            self.done[i] = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dense column-major matrix -> CSC of its non-zeros.
    fn csc(n: usize, a: &[f64]) -> (Vec<usize>, Vec<usize>, Vec<f64>) {
        let (mut ptr, mut rows, mut vals) = (vec![0], Vec::new(), Vec::new());
        for j in 0..n {
            for i in 0..n {
                if a[i + j * n] != 0.0 {
                    rows.push(i);
                    vals.push(a[i + j * n]);
                }
            }
            ptr.push(rows.len());
        }
        (ptr, rows, vals)
    }

    /// The product of the matched magnitudes is the largest over all
    /// permutations (brute force, within the 1.07 per entry of the
    /// approximate logarithm), and the scaled matrix is at most 1.07 with
    /// the matched entries within 1.07 of 1.
    #[test]
    fn the_matching_maximises_the_product_and_scales_to_one() {
        let mut x = 7u64;
        let mut rnd = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        for n in 2..=6 {
            for _ in 0..40 {
                let a: Vec<f64> =
                    (0..n * n).map(|_| if rnd() < 0.35 { 0.0 } else { (rnd() - 0.5) * 10f64.powf(16.0 * rnd() - 8.0) }).collect();
                let (ptr, rows, vals) = csc(n, &a);
                let mut m = Matching::default();
                let found = m.compute(n, &ptr, &rows, |q| vals[q], None);
                // Brute force over permutations.
                let mut best = 0.0f64;
                let mut perm: Vec<usize> = (0..n).collect();
                permutations(&mut perm, 0, &mut |p| {
                    best = best.max(p.iter().enumerate().map(|(j, &i)| a[i + j * n].abs()).product());
                });
                assert_eq!(found, best > 0.0, "n={n}");
                if !found {
                    continue;
                }
                let product: f64 = m.row_of_col.iter().enumerate().map(|(j, &i)| a[i + j * n].abs()).product();
                assert!(product >= best * 1.07f64.powi(-2 * n as i32), "{product} vs {best}");
                for j in 0..n {
                    let colmax = (0..n).fold(0.0f64, |mx, i| mx.max(a[i + j * n].abs()));
                    let cs = m.v[j].exp2() / colmax;
                    for i in 0..n {
                        let s = a[i + j * n].abs() * m.row_scale[i] * cs;
                        assert!(s <= 1.07, "scaled {s}");
                    }
                    let i = m.row_of_col[j];
                    let matched = a[i + j * n].abs() * m.row_scale[i] * cs;
                    assert!((1.0 / 1.07..=1.07).contains(&matched), "matched {matched}");
                }
            }
        }
    }

    fn permutations(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
        if k == p.len() {
            f(p);
            return;
        }
        for i in k..p.len() {
            p.swap(k, i);
            permutations(p, k + 1, f);
            p.swap(k, i);
        }
    }
}
