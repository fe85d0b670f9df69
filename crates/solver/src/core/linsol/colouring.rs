//! Column colourings of a sparse pattern for the difference-quotient
//! Jacobians ([`super::dq`]): columns of one colour share no row, so one
//! residual call perturbs them all (DSL48E's JDTYPE = 0, DDASKR's INFO(6) =
//! 2 with difference quotients).

use super::dq::ColumnGroups;

/// A partition of the columns into groups that share no row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    starts: Vec<usize>,
    columns: Vec<usize>,
    largest: usize,
}

impl ColumnGroups for Colouring {
    fn count(&self) -> usize {
        self.starts.len() - 1
    }
    fn columns(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        self.columns[self.starts[g]..self.starts[g + 1]].iter().copied()
    }
    fn largest(&self) -> usize {
        self.largest
    }
}

/// Rows -> columns (CSR of the pattern): row pointers and column indices.
pub fn rows_to_columns(n: usize, col_ptr: &[usize], row_idx: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut row_ptr = vec![0usize; n + 1];
    for &r in row_idx {
        row_ptr[r + 1] += 1;
    }
    for i in 0..n {
        row_ptr[i + 1] += row_ptr[i];
    }
    let mut fill = row_ptr.clone();
    let mut row_cols = vec![0usize; row_idx.len()];
    for j in 0..n {
        for &r in &row_idx[col_ptr[j]..col_ptr[j + 1]] {
            row_cols[fill[r]] = j;
            fill[r] += 1;
        }
    }
    (row_ptr, row_cols)
}

/// Largest column intersection graph (columns that share a row), in
/// edge visits (the sum of the squared row lengths), for which the
/// orderings below are tried; past it (a pattern with dense rows) the
/// columns are coloured in natural order only.
const INTERSECTION_GRAPH_MAX: usize = 1 << 26;

/// A distance-2 colouring of the columns (no two columns of one colour share
/// a row), for the difference quotients. Candidates: greedy colourings in
/// natural order, largest degree first and smallest degree last (the degree
/// being the number of columns a column shares a row with), and DSATUR; the
/// one with the fewest colours is kept (the first of equals). On 5-point
/// and 9-point stencils DSATUR finds the optimum, 5 and 9 colours, where the
/// greedy orders take 7 and 9-11.
pub fn colouring(n: usize, col_ptr: &[usize], row_idx: &[usize]) -> Colouring {
    let (row_ptr, row_cols) = rows_to_columns(n, col_ptr, row_idx);
    let visits = (0..n).fold(0usize, |acc, r| acc.saturating_add((row_ptr[r + 1] - row_ptr[r]).pow(2)));
    let natural: Vec<usize> = (0..n).collect();
    if visits > INTERSECTION_GRAPH_MAX {
        // Greedy on the rows directly, no graph built.
        let neighbours = |j: usize, f: &mut dyn FnMut(usize)| {
            for &r in &row_idx[col_ptr[j]..col_ptr[j + 1]] {
                for &c in &row_cols[row_ptr[r]..row_ptr[r + 1]] {
                    f(c);
                }
            }
        };
        return groups(&greedy(n, &natural, neighbours));
    }
    // The column intersection graph: adjacency of each column, self excluded.
    let (mut adj_ptr, mut adj) = (Vec::with_capacity(n + 1), Vec::new());
    let mut mark = vec![usize::MAX; n];
    adj_ptr.push(0);
    for j in 0..n {
        mark[j] = j;
        for &r in &row_idx[col_ptr[j]..col_ptr[j + 1]] {
            for &c in &row_cols[row_ptr[r]..row_ptr[r + 1]] {
                if mark[c] != j {
                    mark[c] = j;
                    adj.push(c);
                }
            }
        }
        adj_ptr.push(adj.len());
    }
    let graph = |j: usize, f: &mut dyn FnMut(usize)| adj[adj_ptr[j]..adj_ptr[j + 1]].iter().for_each(|&c| f(c));
    let degree = |j: usize| adj_ptr[j + 1] - adj_ptr[j];
    let mut largest_first = natural.clone();
    largest_first.sort_by_key(|&j| (std::cmp::Reverse(degree(j)), j));
    let smallest_last = smallest_last_order(n, &adj_ptr, &adj);
    let mut best = dsatur(n, &adj_ptr, &adj);
    for order in [natural, largest_first, smallest_last] {
        let c = greedy(n, &order, graph);
        if c.1 < best.1 {
            best = c;
        }
    }
    groups(&best)
}

/// DSATUR (Brelaz): colour next the uncoloured column whose neighbours
/// already carry the most distinct colours (then the one of largest degree,
/// then the lowest index), with the smallest colour free for it.
fn dsatur(n: usize, adj_ptr: &[usize], adj: &[usize]) -> (Vec<usize>, usize) {
    use std::cmp::Reverse;
    use std::collections::BTreeSet;
    let degree = |j: usize| adj_ptr[j + 1] - adj_ptr[j];
    let mut colour = vec![usize::MAX; n];
    // The colours of each column's coloured neighbours, ascending.
    let mut seen: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut queue: BTreeSet<(usize, usize, Reverse<usize>)> = (0..n).map(|j| (0, degree(j), Reverse(j))).collect();
    let mut ncolours = 0;
    while let Some((_, _, Reverse(j))) = queue.pop_last() {
        let taken = &seen[j];
        let pick = (0..).find(|c| taken.binary_search(c).is_err()).unwrap_or(0);
        colour[j] = pick;
        ncolours = ncolours.max(pick + 1);
        seen[j] = Vec::new();
        for &c in &adj[adj_ptr[j]..adj_ptr[j + 1]] {
            if colour[c] != usize::MAX {
                continue;
            }
            if let Err(pos) = seen[c].binary_search(&pick) {
                queue.remove(&(seen[c].len(), degree(c), Reverse(c)));
                seen[c].insert(pos, pick);
                queue.insert((seen[c].len(), degree(c), Reverse(c)));
            }
        }
    }
    (colour, ncolours)
}

/// Smallest-last order: repeatedly remove a column of least remaining
/// degree; colour in the reverse order of removal.
fn smallest_last_order(n: usize, adj_ptr: &[usize], adj: &[usize]) -> Vec<usize> {
    let mut degree: Vec<usize> = (0..n).map(|j| adj_ptr[j + 1] - adj_ptr[j]).collect();
    let max_degree = degree.iter().copied().max().unwrap_or(0);
    // Buckets by degree with lazy deletion: a column may sit in buckets of
    // its older degrees; it is taken only from the bucket of its current one.
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); max_degree + 1];
    for j in (0..n).rev() {
        buckets[degree[j]].push(j);
    }
    let mut removed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut low = 0;
    while order.len() < n {
        let Some(j) = buckets[low].pop() else {
            low += 1;
            continue;
        };
        if removed[j] || degree[j] != low {
            continue;
        }
        removed[j] = true;
        order.push(j);
        for &c in &adj[adj_ptr[j]..adj_ptr[j + 1]] {
            if !removed[c] {
                degree[c] -= 1;
                buckets[degree[c]].push(c);
            }
        }
        low = low.saturating_sub(1);
    }
    order.reverse();
    order
}

/// Greedy colouring in the given order: each column takes the smallest
/// colour none of its neighbours has. Returns the colours and their count.
fn greedy(n: usize, order: &[usize], neighbours: impl Fn(usize, &mut dyn FnMut(usize))) -> (Vec<usize>, usize) {
    let mut colour = vec![usize::MAX; n];
    let mut forbidden: Vec<usize> = Vec::new();
    let mut ncolours = 0;
    for &j in order {
        neighbours(j, &mut |c| {
            if colour[c] != usize::MAX {
                forbidden[colour[c]] = j;
            }
        });
        let pick = (0..ncolours).find(|&c| forbidden[c] != j).unwrap_or(ncolours);
        if pick == ncolours {
            ncolours += 1;
            forbidden.push(usize::MAX);
        }
        colour[j] = pick;
    }
    (colour, ncolours)
}

/// The column groups of a colouring, columns ascending within a group.
fn groups(&(ref colour, ncolours): &(Vec<usize>, usize)) -> Colouring {
    let mut starts = vec![0usize; ncolours + 1];
    for &c in colour {
        starts[c + 1] += 1;
    }
    for g in 0..ncolours {
        starts[g + 1] += starts[g];
    }
    let largest = (0..ncolours).map(|g| starts[g + 1] - starts[g]).max().unwrap_or(0);
    let mut fill = starts.clone();
    let mut columns = vec![0usize; colour.len()];
    for (j, &c) in colour.iter().enumerate() {
        columns[fill[c]] = j;
        fill[c] += 1;
    }
    Colouring { starts, columns, largest }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::linsol::sparse::matrices::{random_pattern, stencil, stencil9};
    use crate::types::FInt;

    /// The CSC structure of 1-based coordinate lists (rows ascending).
    fn csc(n: usize, rows: &[FInt], cols: &[FInt]) -> (Vec<usize>, Vec<usize>) {
        let mut by_col: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (&r, &c) in rows.iter().zip(cols) {
            by_col[c as usize - 1].push(r as usize - 1);
        }
        let mut col_ptr = vec![0];
        let mut row_idx = Vec::new();
        for col in &mut by_col {
            col.sort_unstable();
            row_idx.extend_from_slice(col);
            col_ptr.push(row_idx.len());
        }
        (col_ptr, row_idx)
    }

    /// Colour the pattern and check that no colour has two columns in a
    /// row and every column has one colour; the number of colours.
    fn checked_colour_count(n: usize, rows: &[FInt], cols: &[FInt]) -> usize {
        let (col_ptr, row_idx) = csc(n, rows, cols);
        let groups = colouring(n, &col_ptr, &row_idx);
        let mut seen = vec![usize::MAX; n];
        for g in 0..groups.count() {
            for col in groups.columns(g) {
                for &row in &row_idx[col_ptr[col]..col_ptr[col + 1]] {
                    assert_ne!(seen[row], g, "colour {g} has two columns in row {row}");
                    seen[row] = g;
                }
            }
        }
        let coloured: usize = (0..groups.count()).map(|g| groups.columns(g).count()).sum();
        assert_eq!(coloured, n, "every column has one colour");
        groups.count()
    }

    #[test]
    fn colourings_are_structurally_orthogonal_and_small() {
        for m in [5, 12, 40] {
            let (r, c) = stencil(m);
            assert_eq!(checked_colour_count(m * m, &r, &c), 5, "5-point stencil, m = {m}");
            let (r, c) = stencil9(m);
            assert_eq!(checked_colour_count(m * m, &r, &c), 9, "9-point stencil, m = {m}");
        }
        for (n, per_row, seed) in [(50, 2, 1), (400, 3, 2), (2000, 4, 3)] {
            let (r, c) = random_pattern(n, per_row, seed);
            checked_colour_count(n, &r, &c);
        }
    }
}
