//! Reverse Cuthill–McKee ordering of a sparse matrix pattern, as DASKR's
//! DJREORD computes it (with SPARSKIT's BFS and RVERSP).
//!
//! Used by the sparse incomplete-LU preconditioner ([`super::ilu`]) when
//! IREORDER = 1, to bring the nonzeros of the Jacobian close to the
//! diagonal before the incomplete factorisation.
//!
//! This is not the textbook algorithm; to give the original's
//! permutation (and so the original's preconditioner, bit for bit) it
//! follows DJREORD's rules:
//!
//! - the graph is the pattern **as stored**, not symmetrised: the
//!   neighbours of node i are the column indices of row i, in the order
//!   in which the row stores them (repeated or diagonal entries are
//!   skipped because they are already numbered);
//! - the search starts at node 1 (index 0 here), not at a
//!   pseudo-peripheral node;
//! - neighbours are numbered in storage order, not by increasing degree;
//! - when the search runs out of reachable nodes, it continues from the
//!   lowest-numbered node not yet numbered (a new component, or nodes that
//!   only have edges pointing into the part already numbered);
//! - the whole sequence is then reversed, and the same permutation is
//!   applied to rows and columns (`a(i,j)` moves to `a(perm(i), perm(j))`,
//!   SPARSKIT's DPERM with job 1) and to the right-hand side
//!   (`x(perm(i)) = b(i)`, DVPERM), the solution being permuted back
//!   with the inverse.

#![doc(alias = "DJREORD")]

/// The Cuthill–McKee sequence of DJREORD before reversal: `order[k]` is
/// the node numbered k by the breadth-first search over the stored
/// pattern (see the module documentation). `ptr` has `n + 1` entries,
/// `col` the column of each stored entry; columns outside `0..n` are
/// ignored.
#[doc(alias = "BFS")]
pub fn cuthill_mckee_order(n: usize, ptr: &[usize], col: &[usize]) -> Vec<usize> {
    let mut numbered = vec![false; n];
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let mut next_seed = 0;
    while order.len() < n {
        // The lowest-numbered node not yet reached starts the next level
        // structure (node 0 for the first one).
        while numbered[next_seed] {
            next_seed += 1;
        }
        numbered[next_seed] = true;
        order.push(next_seed);
        let mut head = order.len() - 1;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in &col[ptr[v]..ptr[v + 1]] {
                if w < n && !numbered[w] {
                    numbered[w] = true;
                    order.push(w);
                }
            }
        }
    }
    order
}

/// The reverse Cuthill–McKee permutation DJREORD applies to an `n` x `n`
/// CSR pattern, as a map from old to new numbers: row/column `i` of the
/// matrix becomes row/column `perm[i]` of the reordered one (DJREORD's
/// PERM, 0-based).
pub fn rcm_permutation(n: usize, ptr: &[usize], col: &[usize]) -> Vec<usize> {
    let order = cuthill_mckee_order(n, ptr, col);
    // Reversed: the node numbered k by the search gets n - 1 - k.
    let mut perm = vec![0usize; n];
    for (k, &old) in order.iter().enumerate() {
        perm[old] = n - 1 - k;
    }
    perm
}

#[cfg(test)]
/// Largest |i - j| over the stored entries of a CSR pattern.
pub fn bandwidth(n: usize, ptr: &[usize], col: &[usize]) -> usize {
    (0..n).flat_map(|i| col[ptr[i]..ptr[i + 1]].iter().map(move |&j| i.abs_diff(j))).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CSR arrays from rows given as lists of columns, in storage order.
    fn csr(rows: &[&[usize]]) -> (Vec<usize>, Vec<usize>) {
        let mut ptr = vec![0];
        let mut col = Vec::new();
        for r in rows {
            col.extend_from_slice(r);
            ptr.push(col.len());
        }
        (ptr, col)
    }

    /// CSR pattern of a band matrix with half-bandwidth `b`, rows and
    /// columns renumbered by `p` (old -> new), rows sorted by column.
    fn permuted_band(n: usize, b: usize, p: &[usize]) -> (Vec<usize>, Vec<usize>) {
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in 0..n {
            for j in i.saturating_sub(b)..=(i + b).min(n - 1) {
                rows[p[i]].push(p[j]);
            }
        }
        for r in &mut rows {
            r.sort_unstable();
        }
        let refs: Vec<&[usize]> = rows.iter().map(|r| r.as_slice()).collect();
        csr(&refs)
    }

    /// A fixed pseudo-random permutation (linear congruential shuffle).
    fn shuffle(n: usize, seed: u64) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        let mut s = seed;
        for i in (1..n).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let j = ((s >> 33) as usize) % (i + 1);
            p.swap(i, j);
        }
        p
    }

    fn apply(n: usize, ptr: &[usize], col: &[usize], perm: &[usize]) -> (Vec<usize>, Vec<usize>) {
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in 0..n {
            for &j in &col[ptr[i]..ptr[i + 1]] {
                rows[perm[i]].push(perm[j]);
            }
        }
        let refs: Vec<&[usize]> = rows.iter().map(|r| r.as_slice()).collect();
        csr(&refs)
    }

    fn is_permutation(perm: &[usize]) -> bool {
        let mut seen = vec![false; perm.len()];
        perm.iter().all(|&q| q < perm.len() && !std::mem::replace(&mut seen[q], true))
    }

    #[test]
    fn search_starts_at_node_one_and_follows_storage_order() {
        // Star around node 0 stored as 3, 1, 2 in row 0: visited in that
        // order (not by degree, not by index), then reversed.
        let (ptr, col) = csr(&[&[0, 3, 1, 2], &[1, 0], &[2, 0], &[3, 0]]);
        assert_eq!(cuthill_mckee_order(4, &ptr, &col), vec![0, 3, 1, 2]);
        assert_eq!(rcm_permutation(4, &ptr, &col), vec![3, 1, 0, 2]);
        // A path 0-1-2-3-4 numbered from its end, node 0.
        let (ptr, col) = csr(&[&[1], &[0, 2], &[1, 3], &[2, 4], &[3]]);
        assert_eq!(cuthill_mckee_order(5, &ptr, &col), vec![0, 1, 2, 3, 4]);
        assert_eq!(rcm_permutation(5, &ptr, &col), vec![4, 3, 2, 1, 0]);
    }

    #[test]
    fn the_pattern_is_not_symmetrised() {
        // Stored edges 0 -> 2 -> 4, 1 -> 3 -> 0, node 5 isolated. From 0
        // the search reaches 2 and 4 only (a symmetrised graph would also
        // reach 3 through the edge 3 -> 0, and then 1); then 1 starts a
        // new level structure (reaching 3), then 5.
        let (ptr, col) = csr(&[&[2], &[3], &[4], &[0], &[], &[]]);
        assert_eq!(cuthill_mckee_order(6, &ptr, &col), vec![0, 2, 4, 1, 3, 5]);
        // Node 1 points to 0 but nothing points to 1: it is not reached
        // from 0 and starts its own level structure.
        let (ptr, col) = csr(&[&[0, 2], &[0, 1], &[2, 0]]);
        assert_eq!(cuthill_mckee_order(3, &ptr, &col), vec![0, 2, 1]);
        let perm = rcm_permutation(3, &ptr, &col);
        assert_eq!(perm, vec![2, 0, 1]);
        assert!(rcm_permutation(0, &[0], &[]).is_empty());
    }

    #[test]
    fn shuffled_band_matrices_get_a_narrow_band_back() {
        // A permutation of a band matrix, rows sorted: the breadth-first
        // levels from node 0 still bound the bandwidth (each level holds
        // at most 2b nodes of the original band, so |i - j| < 4b).
        for &(n, b, seed) in &[(50usize, 1usize, 7u64), (200, 3, 11), (97, 5, 3)] {
            let p = shuffle(n, seed);
            let (ptr, col) = permuted_band(n, b, &p);
            let before = bandwidth(n, &ptr, &col);
            assert!(before > 4 * b, "the shuffle should spoil the band ({before})");
            let perm = rcm_permutation(n, &ptr, &col);
            assert!(is_permutation(&perm));
            let (p2, c2) = apply(n, &ptr, &col, &perm);
            let after = bandwidth(n, &p2, &c2);
            assert!(after < 4 * b, "n={n} b={b}: bandwidth {before} -> {after}");
        }
    }

    #[test]
    fn out_of_range_columns_are_ignored() {
        let (ptr, col) = csr(&[&[7, 1], &[0, 9], &[]]);
        assert_eq!(cuthill_mckee_order(3, &ptr, &col), vec![0, 1, 2]);
    }
}
