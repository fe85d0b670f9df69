//! Test matrices for the sparse LU's tests and benchmarks: grid
//! stencils and random patterns, coordinate form, 1-based.

use crate::types::FInt;

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
