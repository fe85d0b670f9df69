//! A nested-dissection order of a symmetric pattern, from the graph alone
//! (no coordinates): for large 2-D and 3-D meshes it fills less and
//! costs fewer operations than minimum degree, whose fronts near the
//! root grow irregularly.
//!
//! Each subgraph is split by a level set of a breadth-first search from a
//! pseudo-peripheral vertex (George and Liu's level structures): the
//! narrowest level that leaves at least a third of the vertices on either
//! side, thinned to the vertices that touch the far side, is the
//! separator, numbered after both sides; the two sides are dissected in
//! turn. Disconnected pieces are ordered one after the other; a subgraph
//! of at most [`LEAF`] vertices, or one whose levels are too few to be
//! split, is ordered by approximate minimum degree. Every choice depends
//! on the pattern alone (ties broken by the lowest index), so the order is
//! deterministic.

use super::symbolic::{minimum_degree_symmetric, SymbolicFailure};

const NONE: usize = usize::MAX;

/// Subgraphs of at most this many vertices are ordered by minimum degree.
pub const LEAF: usize = 256;

/// The order (`order[new] = old`) of the graph `adj[adj_ptr[v]..adj_ptr[v
/// + 1]]` (symmetric, no self loops).
pub fn nested_dissection(n: usize, adj_ptr: &[usize], adj: &[usize]) -> Result<Vec<usize>, SymbolicFailure> {
    let mut d = Dissection {
        adj_ptr,
        adj,
        label: vec![0; n],
        seen: vec![NONE; n],
        level_of: vec![0; n],
        stamp: 0,
        next_label: 1,
        order: vec![NONE; n],
        local: vec![NONE; n],
    };
    // Work list: (vertices, label, first position of their range).
    let mut work: Vec<(Vec<usize>, usize, usize)> = vec![((0..n).collect(), 0, 0)];
    while let Some((verts, label, lo)) = work.pop() {
        d.split(verts, label, lo, &mut work)?;
    }
    debug_assert!(d.order.iter().all(|&v| v != NONE));
    Ok(d.order)
}

struct Dissection<'a> {
    adj_ptr: &'a [usize],
    adj: &'a [usize],
    /// The subgraph each vertex belongs to (separators: [`NONE`]).
    label: Vec<usize>,
    /// Breadth-first search marks (`seen[v] == stamp`: visited in the
    /// current search) and levels.
    seen: Vec<usize>,
    level_of: Vec<usize>,
    stamp: usize,
    next_label: usize,
    order: Vec<usize>,
    /// Local indices of a leaf's vertices.
    local: Vec<usize>,
}

impl Dissection<'_> {
    fn neighbours(&self, v: usize) -> &[usize] {
        &self.adj[self.adj_ptr[v]..self.adj_ptr[v + 1]]
    }

    /// Breadth-first search from `root` inside subgraph `label`: the
    /// vertices in the order reached and the start of each level in it.
    fn levels(&mut self, root: usize, label: usize) -> (Vec<usize>, Vec<usize>) {
        self.stamp += 1;
        let stamp = self.stamp;
        let mut reached = vec![root];
        let mut starts = vec![0];
        self.seen[root] = stamp;
        self.level_of[root] = 0;
        let mut head = 0;
        while head < reached.len() {
            let end = reached.len();
            for idx in head..end {
                let v = reached[idx];
                for &w in &self.adj[self.adj_ptr[v]..self.adj_ptr[v + 1]] {
                    if self.label[w] == label && self.seen[w] != stamp {
                        self.seen[w] = stamp;
                        self.level_of[w] = starts.len();
                        reached.push(w);
                    }
                }
            }
            head = end;
            if reached.len() > end {
                starts.push(end);
            }
        }
        (reached, starts)
    }

    /// The degree of `v` inside subgraph `label`.
    fn degree(&self, v: usize, label: usize) -> usize {
        self.neighbours(v).iter().filter(|&&w| self.label[w] == label).count()
    }

    /// Order subgraph `label` (`verts`) at positions `lo..`, or split it and
    /// queue its parts.
    // The levels are ranges of `reached` delimited by `starts`: indexed by
    // level number on purpose.
    #[allow(clippy::needless_range_loop)]
    fn split(
        &mut self,
        verts: Vec<usize>,
        label: usize,
        lo: usize,
        work: &mut Vec<(Vec<usize>, usize, usize)>,
    ) -> Result<(), SymbolicFailure> {
        if verts.len() <= LEAF {
            return self.leaf(&verts, label, lo);
        }
        let (mut reached, mut starts) = self.levels(verts[0], label);
        if reached.len() < verts.len() {
            // Disconnected: this piece first, the rest after it.
            let piece_label = self.fresh_label();
            for &v in &reached {
                self.label[v] = piece_label;
            }
            let rest: Vec<usize> = verts.iter().copied().filter(|&v| self.label[v] == label).collect();
            let len = reached.len();
            work.push((rest, label, lo + len));
            work.push((reached, piece_label, lo));
            return Ok(());
        }
        // Pseudo-peripheral root: restart from a vertex of least degree in
        // the last level while the depth grows.
        for _ in 0..8 {
            let last = &reached[*starts.last().expect("a level")..];
            let far = last
                .iter()
                .copied()
                .min_by_key(|&v| (self.degree(v, label), v))
                .expect("a vertex");
            let (r2, s2) = self.levels(far, label);
            if s2.len() <= starts.len() {
                break;
            }
            (reached, starts) = (r2, s2);
        }
        // Levels by the last search (its marks are the current ones).
        let (reached, starts) = {
            let root = reached[0];
            self.levels(root, label)
        };
        let nlev = starts.len();
        let total = reached.len();
        let level_len = |l: usize| if l + 1 < nlev { starts[l + 1] - starts[l] } else { total - starts[l] };
        // The narrowest level with at least a third of the vertices on
        // either side; failing that, the best balanced one.
        let mut best: Option<(usize, usize)> = None;
        for l in 1..nlev.saturating_sub(1) {
            let (below, above) = (starts[l], total - starts[l] - level_len(l));
            let rest = total - level_len(l);
            if 3 * below >= rest && 3 * above >= rest && best.is_none_or(|(_, w)| level_len(l) < w) {
                best = Some((l, level_len(l)));
            }
        }
        if best.is_none() {
            for l in 1..nlev.saturating_sub(1) {
                let (below, above) = (starts[l], total - starts[l] - level_len(l));
                let balance = below.min(above);
                if best.is_none_or(|(b, _)| balance > starts[b].min(total - starts[b] - level_len(b))) {
                    best = Some((l, level_len(l)));
                }
            }
        }
        let Some((sep_level, _)) = best else {
            return self.leaf(&verts, label, lo);
        };
        // Sides: levels below (and separator vertices that do not touch
        // the level above), levels above; the separator last.
        let (below_label, above_label) = (self.fresh_label(), self.fresh_label());
        let mut below = Vec::new();
        let mut above = Vec::new();
        let mut separator = Vec::new();
        for &v in &reached {
            let l = self.level_of[v];
            if l < sep_level {
                below.push(v);
            } else if l > sep_level {
                above.push(v);
            } else {
                let touches =
                    self.neighbours(v).iter().any(|&w| self.label[w] == label && self.level_of[w] == sep_level + 1);
                if touches {
                    separator.push(v);
                } else {
                    below.push(v);
                }
            }
        }
        for &v in &below {
            self.label[v] = below_label;
        }
        for &v in &above {
            self.label[v] = above_label;
        }
        let sep_lo = lo + below.len() + above.len();
        for (i, &v) in separator.iter().enumerate() {
            self.label[v] = NONE;
            self.order[sep_lo + i] = v;
        }
        let above_lo = lo + below.len();
        work.push((above, above_label, above_lo));
        work.push((below, below_label, lo));
        Ok(())
    }

    fn fresh_label(&mut self) -> usize {
        self.next_label += 1;
        self.next_label
    }

    /// Minimum degree on the subgraph `label` (`verts`), at positions
    /// `lo..`.
    fn leaf(&mut self, verts: &[usize], label: usize, lo: usize) -> Result<(), SymbolicFailure> {
        for (i, &v) in verts.iter().enumerate() {
            self.local[v] = i;
        }
        let mut ptr = Vec::with_capacity(verts.len() + 1);
        let mut rows = Vec::new();
        ptr.push(0);
        for &v in verts {
            for &w in self.neighbours(v) {
                if self.label[w] == label {
                    rows.push(self.local[w]);
                }
            }
            ptr.push(rows.len());
        }
        let order = minimum_degree_symmetric(verts.len(), &ptr, &rows)?;
        for (i, &l) in order.iter().enumerate() {
            self.order[lo + i] = verts[l];
        }
        for &v in verts {
            self.label[v] = NONE;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 5-point graph of an m x m grid.
    fn grid(m: usize) -> (Vec<usize>, Vec<usize>) {
        let mut ptr = vec![0];
        let mut adj = Vec::new();
        for j in 0..m {
            for i in 0..m {
                let k = i + j * m;
                if j > 0 {
                    adj.push(k - m);
                }
                if i > 0 {
                    adj.push(k - 1);
                }
                if i + 1 < m {
                    adj.push(k + 1);
                }
                if j + 1 < m {
                    adj.push(k + m);
                }
                ptr.push(adj.len());
            }
        }
        (ptr, adj)
    }

    /// A permutation, the same on every call, and on a disconnected graph.
    #[test]
    fn dissection_is_a_deterministic_permutation() {
        let (ptr, adj) = grid(40);
        let a = nested_dissection(1600, &ptr, &adj).unwrap();
        let b = nested_dissection(1600, &ptr, &adj).unwrap();
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().enumerate().all(|(i, &v)| i == v));
        // Two copies of the grid side by side, not connected.
        let mut ptr2 = ptr.clone();
        let mut adj2 = adj.clone();
        for k in 0..1600 {
            adj2.extend(adj[ptr[k]..ptr[k + 1]].iter().map(|&w| w + 1600));
            ptr2.push(adj2.len());
        }
        let c = nested_dissection(3200, &ptr2, &adj2).unwrap();
        let mut sorted = c.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().enumerate().all(|(i, &v)| i == v));
    }
}
