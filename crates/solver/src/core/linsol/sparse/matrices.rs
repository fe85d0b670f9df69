//! Test matrices for the sparse LU's tests and benchmarks, coordinate form,
//! 1-based: grid stencils and random patterns; and iteration matrices
//! J = dF/dz + CJ*dF/dzdot shaped like those of the problems DSL48E and
//! INFO(6) = 2 meet, written here from the models' structure (the IVP Test
//! Set's sources are not part of this repository):
//!
//! | generator | what |
//! |---|---|
//! | [`grid_dae`] | the heat DAE of `bench_dsl48e.f` on an m x m grid (5-point stencil, algebraic boundary rows) |
//! | [`circuit`] | modified nodal analysis: resistors of 1e-3..1e9 ohm, capacitors, voltage sources (rows without a diagonal), controlled sources (tba-like) |
//! | [`flowsheet`] | units in series with a recycle: block lower triangular but for a few entries, variables in different units |
//! | [`mechanism`] | constrained mechanics, index 2 (positions, velocities, multipliers; crank- and fekete-like saddle points) |
//! | [`pipe_network`] | flows and pressures of a pipe network, index 2 (water-like: node balances without a diagonal) |
//! | [`kinetics`] | stiff chemical kinetics, rate constants over 1e-5..1e12 (pollu- and emep-like) |
//! | [`random_scaled`] | random unsymmetric, magnitudes 1e-8..1e8 |
//!
//! and the transformations a simulator's way of writing a model applies:
//! [`TestMatrix::permute_rows_in_blocks`] (equations written in a local
//! order of their own), [`TestMatrix::scale_columns`] and
//! [`TestMatrix::scale_rows`] (variables and equations in different units).

use std::collections::BTreeMap;

use crate::types::{FInt, Real};

/// The 5-point stencil on an m x m grid, coordinate form, 1-based.
pub fn stencil(m: usize) -> (Vec<FInt>, Vec<FInt>) {
    let (mut r, mut c) = (Vec::new(), Vec::new());
    let id = |i: usize, j: usize| (i + j * m + 1) as FInt;
    for j in 0..m {
        for i in 0..m {
            for (di, dj) in [(0i64, 0i64), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (ii, jj) = (i as i64 + di, j as i64 + dj);
                if ii >= 0 && jj >= 0 && (ii as usize) < m && (jj as usize) < m {
                    r.push(id(i, j));
                    c.push(id(ii as usize, jj as usize));
                }
            }
        }
    }
    (r, c)
}

/// The 9-point stencil on an m x m grid.
pub fn stencil9(m: usize) -> (Vec<FInt>, Vec<FInt>) {
    let (mut r, mut c) = (Vec::new(), Vec::new());
    let id = |i: usize, j: usize| (i + j * m + 1) as FInt;
    for j in 0..m {
        for i in 0..m {
            for dj in -1i64..=1 {
                for di in -1i64..=1 {
                    let (ii, jj) = (i as i64 + di, j as i64 + dj);
                    if ii >= 0 && jj >= 0 && (ii as usize) < m && (jj as usize) < m {
                        r.push(id(i, j));
                        c.push(id(ii as usize, jj as usize));
                    }
                }
            }
        }
    }
    (r, c)
}

/// A deterministic pseudo-random sequence in [0, 1).
pub struct Lcg(pub u64);
impl Lcg {
    pub fn uniform(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An integer in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.uniform() * n as f64) as usize).min(n.saturating_sub(1))
    }

    /// `10^e` with `e` uniform in `[lo, hi]`.
    pub fn decades(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(lo + (hi - lo) * self.uniform())
    }

    /// +1 or -1.
    pub fn sign(&mut self) -> f64 {
        if self.uniform() < 0.5 {
            -1.0
        } else {
            1.0
        }
    }
}

/// A random pattern: the diagonal and `per_row` other entries a row.
pub fn random_pattern(n: usize, per_row: usize, seed: u64) -> (Vec<FInt>, Vec<FInt>) {
    let mut rng = Lcg(seed);
    let mut set = std::collections::BTreeSet::new();
    for i in 0..n {
        set.insert((i, i));
        for _ in 0..per_row {
            set.insert((i, (rng.uniform() * n as f64) as usize));
        }
    }
    set.into_iter().map(|(i, j)| (i as FInt + 1, j as FInt + 1)).unzip()
}

/// A matrix in the caller's coordinate form: NEQ, 1-based lists (no pair
/// twice), the values in the same order.
#[derive(Clone, Debug)]
pub struct TestMatrix {
    pub name: String,
    pub n: usize,
    pub rows: Vec<FInt>,
    pub cols: Vec<FInt>,
    pub values: Vec<Real>,
}

/// Entries summed by (row, column), 0-based, while a model is assembled.
#[derive(Default)]
struct Entries(BTreeMap<(usize, usize), Real>);

impl Entries {
    fn add(&mut self, i: usize, j: usize, v: Real) {
        *self.0.entry((i, j)).or_insert(0.0) += v;
    }

    /// The matrix, entries in row-major order (explicit zeros kept: they
    /// are part of the pattern).
    fn into_matrix(self, name: impl Into<String>, n: usize) -> TestMatrix {
        let mut m = TestMatrix { name: name.into(), n, rows: Vec::new(), cols: Vec::new(), values: Vec::new() };
        for ((i, j), v) in self.0 {
            m.rows.push(i as FInt + 1);
            m.cols.push(j as FInt + 1);
            m.values.push(v);
        }
        m
    }
}

impl TestMatrix {
    /// The rows renumbered within consecutive blocks of `block` rows by a
    /// pseudo-random permutation per block (equations written near their
    /// unknowns, in a local order of their own).
    pub fn permute_rows_in_blocks(mut self, block: usize, seed: u64) -> Self {
        let mut rng = Lcg(seed);
        let mut new_row: Vec<usize> = (0..self.n).collect();
        for chunk in new_row.chunks_mut(block) {
            for i in (1..chunk.len()).rev() {
                chunk.swap(i, rng.below(i + 1));
            }
        }
        for r in &mut self.rows {
            *r = new_row[*r as usize - 1] as FInt + 1;
        }
        self.name = format!("{}-P{block}", self.name);
        self
    }

    /// Every column multiplied by `10^e`, `e` a pseudo-random integer in
    /// `-decades..=decades` (variables in different units).
    pub fn scale_columns(mut self, decades: i32, seed: u64) -> Self {
        let scale = unit_scales(self.n, decades, seed);
        for (v, &c) in self.values.iter_mut().zip(&self.cols) {
            *v *= scale[c as usize - 1];
        }
        self.name = format!("{}-C{decades}", self.name);
        self
    }

    /// Every row multiplied by `10^e` (equations in different units).
    pub fn scale_rows(mut self, decades: i32, seed: u64) -> Self {
        let scale = unit_scales(self.n, decades, seed);
        for (v, &r) in self.values.iter_mut().zip(&self.rows) {
            *v *= scale[r as usize - 1];
        }
        self.name = format!("{}-R{decades}", self.name);
        self
    }

    /// The dense column-major copy.
    pub fn dense(&self) -> Vec<Real> {
        let mut a = vec![0.0; self.n * self.n];
        for ((&i, &j), &v) in self.rows.iter().zip(&self.cols).zip(&self.values) {
            a[(i as usize - 1) + (j as usize - 1) * self.n] += v;
        }
        a
    }

    /// `b - A x`.
    pub fn residual(&self, x: &[Real], b: &[Real]) -> Vec<Real> {
        let mut r = b.to_vec();
        for ((&i, &j), &v) in self.rows.iter().zip(&self.cols).zip(&self.values) {
            r[i as usize - 1] -= v * x[j as usize - 1];
        }
        r
    }

    /// The largest per-row relative residual of a solution x of A x = b,
    /// |b - A x|_i / (sum_j |a_ij x_j| + |b_i|): the componentwise backward
    /// error of each equation, which no scaling of rows or columns changes.
    pub fn row_error(&self, x: &[Real], b: &[Real]) -> Real {
        let r = self.residual(x, b);
        let mut size: Vec<Real> = b.iter().map(|v| v.abs()).collect();
        for ((&i, &j), &v) in self.rows.iter().zip(&self.cols).zip(&self.values) {
            size[i as usize - 1] += (v * x[j as usize - 1]).abs();
        }
        r.iter().zip(&size).fold(0.0, |m: Real, (e, s)| if *s > 0.0 { m.max(e.abs() / s) } else { m.max(e.abs()) })
    }
}

/// `10^e` per index, `e` a pseudo-random integer in `-decades..=decades`.
fn unit_scales(n: usize, decades: i32, seed: u64) -> Vec<Real> {
    let mut rng = Lcg(seed);
    (0..n).map(|_| 10f64.powi(rng.below(2 * decades as usize + 1) as i32 - decades)).collect()
}

/// The heat DAE of `bench_dsl48e.f` on an m x m grid (its iteration
/// matrix at `cj`): interior rows CJ + 4C - (1 - 2U) on the diagonal and
/// -C on the four neighbours (C = D/H^2, D = 0.1, U = 0.25), boundary rows
/// algebraic (u = 0 on two sides, a zero normal derivative on the others).
pub fn grid_dae(m: usize, cj: Real) -> TestMatrix {
    let (d, h, u) = (0.1, 1.0 / (m - 1) as Real, 0.25);
    let c = d / (h * h);
    let mut s = Entries::default();
    let id = |i: usize, j: usize| i + j * m;
    for j in 0..m {
        for i in 0..m {
            let k = id(i, j);
            if j == 0 || j == m - 1 {
                s.add(k, k, 1.0);
            } else if i == 0 || i == m - 1 {
                s.add(k, k, 1.0);
                s.add(k, if i == 0 { k + 1 } else { k - 1 }, -1.0);
            } else {
                s.add(k, k, cj + 4.0 * c - (1.0 - 2.0 * u));
                for l in [k - 1, k + 1, k - m, k + m] {
                    s.add(k, l, -c);
                }
            }
        }
    }
    s.into_matrix(format!("GRID{m}"), m * m)
}

/// The 3-D heat DAE of `benches/fortran/bench_dsl_scale.f` (HEAT3D) on
/// an m x m x m grid at `cj` with U = 0.25: 7-point stencil inside,
/// U = g on the bottom face, U = 0 on the top face, zero flux on the
/// sides (each side point equal to its neighbour inwards, the faces I = 1,
/// M first); rows in the order of the unknowns, built without a map (a
/// million entries and more).
pub fn grid3d_dae(m: usize, cj: Real) -> TestMatrix {
    let (d, h, u) = (0.1, 1.0 / (m - 1) as Real, 0.25);
    let c = d / (h * h);
    let (m2, n) = (m * m, m * m * m);
    let mut t = TestMatrix { name: format!("GRID3D{m}"), n, rows: Vec::new(), cols: Vec::new(), values: Vec::new() };
    let mut add = |i: usize, j: usize, v: Real| {
        t.rows.push(i as FInt + 1);
        t.cols.push(j as FInt + 1);
        t.values.push(v);
    };
    for k in 0..n {
        let (i, j, l) = (k % m, (k / m) % m, k / m2);
        if l == 0 || l == m - 1 {
            add(k, k, 1.0);
        } else if i == 0 || i == m - 1 || j == 0 || j == m - 1 {
            let other = if i == 0 {
                k + 1
            } else if i == m - 1 {
                k - 1
            } else if j == 0 {
                k + m
            } else {
                k - m
            };
            add(k, k, 1.0);
            add(k, other, -1.0);
        } else {
            add(k, k, cj + 6.0 * c - (1.0 - 2.0 * u));
            for o in [k - 1, k + 1, k - m, k + m, k - m2, k + m2] {
                add(k, o, -c);
            }
        }
    }
    t
}

/// Modified nodal analysis of a random circuit of `nodes` nodes at `cj`:
/// node voltages, then the currents of the voltage sources. Resistors
/// (1e-3..1e9 ohm) along a random spanning tree with local extra edges,
/// capacitors (1e-15..1e-9 F) from most nodes to ground and between some
/// nodes, one voltage source per 8 nodes (its row V_a - V_b = E
/// has no diagonal entry) and transistor-like voltage-controlled current
/// sources (unsymmetric, transconductance 1e-6..1e-2).
pub fn circuit(nodes: usize, cj: Real, seed: u64) -> TestMatrix {
    let mut rng = Lcg(seed);
    let mut s = Entries::default();
    let conductance = |s: &mut Entries, a: usize, b: Option<usize>, g: Real| {
        s.add(a, a, g);
        if let Some(b) = b {
            s.add(b, b, g);
            s.add(a, b, -g);
            s.add(b, a, -g);
        }
    };
    for a in 1..nodes {
        // A tree: each node hangs on a recent one (circuits are local).
        let b = a - 1 - rng.below(a.min(6));
        conductance(&mut s, a, Some(b), 1.0 / rng.decades(-3.0, 9.0));
    }
    for _ in 0..nodes / 2 {
        let a = rng.below(nodes);
        let b = (a + 1 + rng.below(12)).min(nodes - 1);
        if a != b {
            conductance(&mut s, a, Some(b), 1.0 / rng.decades(-3.0, 9.0));
        }
    }
    for a in 0..nodes {
        if rng.uniform() < 0.7 {
            conductance(&mut s, a, None, cj * rng.decades(-15.0, -9.0));
        }
        if rng.uniform() < 0.2 {
            let b = (a + 1 + rng.below(4)).min(nodes - 1);
            if a != b {
                conductance(&mut s, a, Some(b), cj * rng.decades(-15.0, -12.0));
            }
        }
        if rng.uniform() < 0.3 {
            // Current into node `out` controlled by V_gate - V_source.
            let (out, gate, src) = (a, rng.below(nodes), (a + 1).min(nodes - 1));
            let gm = rng.decades(-6.0, -2.0);
            s.add(out, gate, gm);
            s.add(out, src, -gm);
        }
    }
    // Source k sits in nodes 8k..8k+7 (no loop of sources: the matrix
    // stays nonsingular).
    let sources = (nodes / 8).max(1);
    for k in 0..sources {
        let (row, a) = (nodes + k, (8 * k + rng.below(6)).min(nodes - 1));
        s.add(a, row, 1.0);
        s.add(row, a, 1.0);
        if rng.uniform() < 0.5 && a + 1 < nodes {
            s.add(a + 1, row, -1.0);
            s.add(row, a + 1, -1.0);
        }
    }
    s.into_matrix(format!("CIRCUIT{nodes}"), nodes + sources)
}

/// A flowsheet of `units` units of `size` variables in series (unit u
/// takes unit u - 1's outlet) with a recycle from the last unit to the
/// first, at `cj`. Inside a unit: holdups (differential), flows,
/// temperatures and compositions in their own units (1e3, 3e2, 1e-3,
/// enthalpies 1e6), equations in the unit's own order (the pairing of an
/// equation with "its" variable is not the diagonal).
pub fn flowsheet(units: usize, size: usize, cj: Real, seed: u64) -> TestMatrix {
    let mut rng = Lcg(seed);
    let mut s = Entries::default();
    let n = units * size;
    let unit_of_var = [1e3, 3e2, 1e-3, 1e6];
    for u in 0..units {
        let base = u * size;
        // Equation `e` of the unit is paired with variable `pair[e]`.
        let mut pair: Vec<usize> = (0..size).collect();
        for i in (1..size).rev() {
            pair.swap(i, rng.below(i + 1));
        }
        for (e, &paired) in pair.iter().enumerate() {
            let row = base + e;
            let var = base + paired;
            let scale = |v: usize| 1.0 / unit_of_var[v % unit_of_var.len()];
            let differential = e % 3 == 0;
            s.add(row, var, (1.0 + rng.uniform()) * scale(var) * if differential { cj } else { 1.0 });
            for _ in 0..3 {
                let other = base + rng.below(size);
                s.add(row, other, rng.sign() * rng.uniform() * scale(other));
            }
            // The inlet: the previous unit's outlet variables.
            let upstream = if u > 0 { Some(base - size) } else if units > 1 { Some((units - 1) * size) } else { None };
            if let Some(up) = upstream {
                if e < 3 {
                    let v = up + size - 1 - e;
                    s.add(row, v, -rng.uniform() * scale(v));
                }
            }
        }
    }
    s.into_matrix(format!("FLOWSHEET{units}x{size}"), n)
}

/// Constrained mechanics in index-2 form at `cj`: `bodies` planar bodies
/// (positions q, velocities v: q' = v, M v' = f(q, v) - G^T lambda) joined
/// by a chain of distance constraints plus random extra ones (G(q) v = 0);
/// the multipliers' diagonal block is zero (a saddle point, as in the
/// crank and fekete problems).
pub fn mechanism(bodies: usize, cj: Real, seed: u64) -> TestMatrix {
    let mut rng = Lcg(seed);
    let mut s = Entries::default();
    let nq = 2 * bodies;
    let mut links: Vec<(usize, usize)> = (1..bodies).map(|b| (b - 1, b)).collect();
    for _ in 0..bodies / 4 {
        let a = rng.below(bodies);
        let b = rng.below(bodies);
        if a != b {
            links.push((a.min(b), a.max(b)));
        }
    }
    links.sort_unstable();
    links.dedup();
    let nc = links.len();
    let (q, v, lam) = (|i: usize| i, |i: usize| nq + i, |k: usize| 2 * nq + k);
    for i in 0..nq {
        // q' - v = 0
        s.add(q(i), q(i), cj);
        s.add(q(i), v(i), -1.0);
        // M v' - f(q, v) + G^T lambda = 0, stiff springs to neighbours.
        let mass = rng.decades(-1.0, 1.0);
        s.add(v(i), v(i), cj * mass + rng.decades(-2.0, 1.0));
        s.add(v(i), q(i), rng.decades(1.0, 4.0));
    }
    for (k, &(a, b)) in links.iter().enumerate() {
        for d in 0..2 {
            let (ia, ib) = (2 * a + d, 2 * b + d);
            let g = rng.sign() * rng.decades(-1.0, 0.5);
            // G^T lambda in the momentum rows, G v and dG/dq v in the
            // constraint row.
            s.add(v(ia), lam(k), g);
            s.add(v(ib), lam(k), -g);
            s.add(lam(k), v(ia), g);
            s.add(lam(k), v(ib), -g);
            s.add(lam(k), q(ia), rng.uniform() - 0.5);
            s.add(lam(k), q(ib), rng.uniform() - 0.5);
            let spring = rng.decades(0.0, 3.0);
            s.add(v(ia), q(ib), -spring);
            s.add(v(ib), q(ia), -spring);
        }
    }
    s.into_matrix(format!("MECHANISM{bodies}"), 2 * nq + nc)
}

/// A pipe network in index-2 form at `cj`: `nodes` nodes on a ring with
/// chords, a pipe per edge. Unknowns: the pipes' flows (differential:
/// inertia L/A times the flow's derivative, friction), then the nodes'
/// pressures (algebraic). A pipe's momentum row couples its flow and the
/// pressures at its ends; a node's balance row holds only flows, so no
/// pressure column has a diagonal entry (as in the water tube problem).
/// The last node's pressure is fixed (its row is p = p0).
pub fn pipe_network(nodes: usize, cj: Real, seed: u64) -> TestMatrix {
    let mut rng = Lcg(seed);
    let mut s = Entries::default();
    let mut pipes: Vec<(usize, usize)> = (0..nodes).map(|a| (a, (a + 1) % nodes)).collect();
    for a in (0..nodes).step_by(3) {
        let b = (a + 2 + rng.below(nodes / 2)) % nodes;
        if a != b {
            pipes.push((a, b));
        }
    }
    let np = pipes.len();
    let pressure = |a: usize| np + a;
    for (k, &(a, b)) in pipes.iter().enumerate() {
        let inertia = rng.decades(2.0, 5.0);
        let friction = rng.decades(-3.0, 2.0);
        s.add(k, k, cj * inertia + friction);
        s.add(k, pressure(a), -1.0);
        s.add(k, pressure(b), 1.0);
        if a + 1 < nodes {
            s.add(pressure(a), k, -1.0);
        }
        if b + 1 < nodes {
            s.add(pressure(b), k, 1.0);
        }
    }
    s.add(pressure(nodes - 1), pressure(nodes - 1), 1.0);
    s.into_matrix(format!("PIPES{nodes}"), np + nodes)
}

/// Stiff kinetics y' = f(y) at `cj`: `species` species, `reactions`
/// reactions A + B -> C (+ D) with rate constants over 1e-5..1e12 and
/// concentrations over 1e-10..1: J = CJ*I - df/dy (pollu: 20 species, 25
/// reactions; emep: 66 species, about 140 reactions).
pub fn kinetics(species: usize, reactions: usize, cj: Real, seed: u64) -> TestMatrix {
    let mut rng = Lcg(seed);
    let mut s = Entries::default();
    let conc: Vec<Real> = (0..species).map(|_| rng.decades(-10.0, 0.0)).collect();
    for i in 0..species {
        s.add(i, i, cj);
    }
    for _ in 0..reactions {
        let a = rng.below(species);
        let b = rng.below(species);
        let k = rng.decades(-5.0, 12.0);
        let products: Vec<usize> = (0..1 + rng.below(2)).map(|_| rng.below(species)).collect();
        // rate = k y_a y_b: d rate / d y_a = k y_b, / d y_b = k y_a.
        let partials = [(a, k * conc[b]), (b, k * conc[a])];
        for &(x, d) in &partials {
            s.add(a, x, d);
            s.add(b, x, d);
            for &p in &products {
                s.add(p, x, -d);
            }
        }
    }
    s.into_matrix(format!("KINETICS{species}"), species)
}

/// A random unsymmetric matrix: the diagonal and `per_row` other entries
/// a row, magnitudes 10^(-8..8), random signs.
pub fn random_scaled(n: usize, per_row: usize, seed: u64) -> TestMatrix {
    let (rows, cols) = random_pattern(n, per_row, seed);
    let mut rng = Lcg(seed ^ 0x5eed);
    let values = rows.iter().map(|_| rng.sign() * rng.decades(-8.0, 8.0)).collect();
    TestMatrix { name: format!("RANDOM{n}"), n, rows, cols, values }
}
