//! Reverse Cuthill–McKee ordering of a sparse matrix pattern.
//!
//! Used by the sparse incomplete-LU preconditioner ([`super::ilu`]) when
//! IREORDER = 1, to bring the nonzeros of the Jacobian close to the
//! diagonal before the incomplete factorisation.
//!
//! The graph is the symmetrised pattern of the matrix (an edge i–j when
//! a(i,j) or a(j,i) is stored, self-loops ignored). Each connected
//! component is numbered by a breadth-first search that starts at a
//! pseudo-peripheral node (found by the George–Liu iteration: repeat the
//! search from a node of smallest degree in the last level while the
//! number of levels grows) and visits the unnumbered neighbours of each
//! node in order of increasing degree (ties by index). Components are taken
//! in the order of their lowest-numbered node, and the whole sequence is
//! reversed at the end.

/// The symmetrised adjacency structure of a square pattern, without
/// self-loops and without repeated neighbours, neighbours sorted by index.
#[derive(Clone, Debug)]
pub struct Graph {
    start: Vec<usize>,
    adj: Vec<usize>,
}

impl Graph {
    /// The graph of the pattern of an `n` x `n` CSR matrix (`ptr` has
    /// `n + 1` entries, `col` the column of each stored entry). Column
    /// indices outside `0..n` are ignored.
    pub fn from_csr_pattern(n: usize, ptr: &[usize], col: &[usize]) -> Self {
        let mut count = vec![0usize; n + 1];
        let edges = || {
            (0..n).flat_map(move |i| {
                col[ptr[i]..ptr[i + 1]].iter().copied().filter(move |&j| j < n && j != i).map(move |j| (i, j))
            })
        };
        for (i, j) in edges() {
            count[i] += 1;
            count[j] += 1;
        }
        let mut start = vec![0usize; n + 1];
        for i in 0..n {
            start[i + 1] = start[i] + count[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![0usize; start[n]];
        for (i, j) in edges() {
            adj[fill[i]] = j;
            fill[i] += 1;
            adj[fill[j]] = i;
            fill[j] += 1;
        }
        // Sort and remove repeated neighbours, compacting in place.
        let mut compact_start = vec![0usize; n + 1];
        let mut out = 0;
        for i in 0..n {
            let (lo, hi) = (start[i], start[i + 1]);
            adj[lo..hi].sort_unstable();
            compact_start[i] = out;
            let mut last = usize::MAX;
            for k in lo..hi {
                let j = adj[k];
                if j != last {
                    adj[out] = j;
                    out += 1;
                    last = j;
                }
            }
        }
        compact_start[n] = out;
        adj.truncate(out);
        Graph { start: compact_start, adj }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// True for the graph with no nodes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Neighbours of node `i`, sorted by index.
    pub fn neighbours(&self, i: usize) -> &[usize] {
        &self.adj[self.start[i]..self.start[i + 1]]
    }

    /// Degree of node `i`.
    pub fn degree(&self, i: usize) -> usize {
        self.start[i + 1] - self.start[i]
    }
}

/// Breadth-first level structure of the component containing `root`,
/// restricted to nodes with `numbered[v] == false`. Returns the nodes in
/// visiting order and the number of levels; `last_level` receives the
/// nodes of the deepest level. `stamp`/`mark` avoid clearing a visited
/// array for every search.
fn level_structure(
    g: &Graph,
    root: usize,
    numbered: &[bool],
    mark: &mut [u32],
    stamp: u32,
    last_level: &mut Vec<usize>,
) -> (usize, usize) {
    let mut queue = vec![root];
    mark[root] = stamp;
    let mut level_begin = 0;
    let mut levels = 0;
    while level_begin < queue.len() {
        let level_end = queue.len();
        levels += 1;
        for q in level_begin..level_end {
            let v = queue[q];
            for &w in g.neighbours(v) {
                if !numbered[w] && mark[w] != stamp {
                    mark[w] = stamp;
                    queue.push(w);
                }
            }
        }
        if queue.len() == level_end {
            last_level.clear();
            last_level.extend_from_slice(&queue[level_begin..level_end]);
        }
        level_begin = level_end;
    }
    (queue.len(), levels)
}

/// A pseudo-peripheral node of the component of `start` (George–Liu).
fn pseudo_peripheral_node(g: &Graph, start: usize, numbered: &[bool], mark: &mut [u32], stamp: &mut u32) -> usize {
    let mut root = start;
    let mut last = Vec::new();
    *stamp += 1;
    let (_, mut levels) = level_structure(g, root, numbered, mark, *stamp, &mut last);
    loop {
        // Smallest degree in the last level, ties by index.
        let Some(&candidate) = last.iter().min_by_key(|&&v| (g.degree(v), v)) else {
            return root;
        };
        if candidate == root {
            return root;
        }
        *stamp += 1;
        let mut next_last = Vec::new();
        let (_, next_levels) = level_structure(g, candidate, numbered, mark, *stamp, &mut next_last);
        if next_levels > levels {
            root = candidate;
            levels = next_levels;
            last = next_last;
        } else {
            return root;
        }
    }
}

/// Reverse Cuthill–McKee order of a graph: `order[k]` is the node that
/// gets new number `k`.
pub fn rcm_order(g: &Graph) -> Vec<usize> {
    let n = g.len();
    let mut numbered = vec![false; n];
    let mut mark = vec![0u32; n];
    let mut stamp = 0u32;
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let mut scratch: Vec<usize> = Vec::new();
    for seed in 0..n {
        if numbered[seed] {
            continue;
        }
        let root = pseudo_peripheral_node(g, seed, &numbered, &mut mark, &mut stamp);
        // Cuthill–McKee from the root: numbered nodes in queue order.
        let mut head = order.len();
        order.push(root);
        numbered[root] = true;
        while head < order.len() {
            let v = order[head];
            head += 1;
            scratch.clear();
            scratch.extend(g.neighbours(v).iter().copied().filter(|&w| !numbered[w]));
            scratch.sort_unstable_by_key(|&w| (g.degree(w), w));
            for &w in &scratch {
                numbered[w] = true;
                order.push(w);
            }
        }
    }
    order.reverse();
    order
}

/// The reverse Cuthill–McKee permutation of an `n` x `n` CSR pattern as a
/// map from old to new numbers: row/column `i` of the matrix becomes
/// row/column `perm[i]` of the reordered one.
pub fn rcm_permutation(n: usize, ptr: &[usize], col: &[usize]) -> Vec<usize> {
    let g = Graph::from_csr_pattern(n, ptr, col);
    let order = rcm_order(&g);
    let mut perm = vec![0usize; n];
    for (new, &old) in order.iter().enumerate() {
        perm[old] = new;
    }
    perm
}

/// Largest |i - j| over the stored entries of a CSR pattern.
pub fn bandwidth(n: usize, ptr: &[usize], col: &[usize]) -> usize {
    (0..n).flat_map(|i| col[ptr[i]..ptr[i + 1]].iter().map(move |&j| i.abs_diff(j))).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CSR pattern of a band matrix with half-bandwidth `b`, rows and
    /// columns renumbered by `p` (old -> new).
    fn permuted_band(n: usize, b: usize, p: &[usize]) -> (Vec<usize>, Vec<usize>) {
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in 0..n {
            for j in i.saturating_sub(b)..=(i + b).min(n - 1) {
                rows[p[i]].push(p[j]);
            }
        }
        let mut ptr = vec![0];
        let mut col = Vec::new();
        for r in &mut rows {
            r.sort_unstable();
            col.extend_from_slice(r);
            ptr.push(col.len());
        }
        (ptr, col)
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
        let mut p2 = vec![0];
        let mut c2 = Vec::new();
        for r in &mut rows {
            r.sort_unstable();
            c2.extend_from_slice(r);
            p2.push(c2.len());
        }
        (p2, c2)
    }

    #[test]
    fn rcm_recovers_band_of_shuffled_band_matrix() {
        for &(n, b, seed) in &[(50usize, 1usize, 7u64), (200, 3, 11), (97, 5, 3)] {
            let p = shuffle(n, seed);
            let (ptr, col) = permuted_band(n, b, &p);
            let before = bandwidth(n, &ptr, &col);
            assert!(before > 4 * b, "the shuffle should spoil the band ({before})");
            let perm = rcm_permutation(n, &ptr, &col);
            let mut seen = vec![false; n];
            for &q in &perm {
                assert!(!seen[q]);
                seen[q] = true;
            }
            let (p2, c2) = apply(n, &ptr, &col, &perm);
            let after = bandwidth(n, &p2, &c2);
            assert!(after <= 2 * b, "n={n} b={b}: bandwidth {before} -> {after}");
        }
    }

    #[test]
    fn rcm_on_grid_is_near_optimal() {
        // 5-point Laplacian on an m x m grid, numbered randomly.
        let m = 12;
        let n = m * m;
        let p = shuffle(n, 5);
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); n];
        for y in 0..m {
            for x in 0..m {
                let i = y * m + x;
                let mut nb = vec![i];
                if x > 0 {
                    nb.push(i - 1);
                }
                if x + 1 < m {
                    nb.push(i + 1);
                }
                if y > 0 {
                    nb.push(i - m);
                }
                if y + 1 < m {
                    nb.push(i + m);
                }
                for j in nb {
                    rows[p[i]].push(p[j]);
                }
            }
        }
        let mut ptr = vec![0];
        let mut col = Vec::new();
        for r in &mut rows {
            r.sort_unstable();
            col.extend_from_slice(r);
            ptr.push(col.len());
        }
        let perm = rcm_permutation(n, &ptr, &col);
        let (p2, c2) = apply(n, &ptr, &col, &perm);
        // Diagonal level sets from a corner give bandwidth about m.
        assert!(bandwidth(n, &p2, &c2) <= m + 1, "bandwidth {}", bandwidth(n, &p2, &c2));
    }

    #[test]
    fn disconnected_and_unsymmetric_patterns() {
        // Two chains 0-2-4 and 1-3, stored only above the diagonal, plus
        // an isolated node 5.
        let ptr = vec![0, 1, 2, 3, 3, 3, 3];
        let col = vec![2, 3, 4];
        let perm = rcm_permutation(6, &ptr, &col);
        let mut sorted = perm.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..6).collect::<Vec<_>>());
        let (p2, c2) = apply(6, &ptr, &col, &perm);
        assert!(bandwidth(6, &p2, &c2) <= 1);
        assert!(rcm_permutation(0, &[0], &[]).is_empty());
    }
}
