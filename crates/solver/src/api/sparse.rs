//! The sparsity pattern of the iteration matrix, as coordinate lists.

use super::error::SetupError;
use crate::core::linsol::sparse::{validate_pattern, PatternError};
use crate::types::FInt;

/// The entries of the iteration matrix `dG/dy + cj*dG/dy'` that may be
/// nonzero, as two coordinate lists (0-based rows and columns; entry `k`
/// is at `(rows[k], cols[k])`).
///
/// The pattern must hold every entry that can be nonzero at any point of
/// the integration, the diagonal included wherever `dG/dy'` or `dG/dy` has
/// one; each entry at most once. A user Jacobian
/// ([`DaeSystem::jacobian`](crate::api::DaeSystem::jacobian) with
/// [`MatrixStorage::Sparse`](crate::api::MatrixStorage::Sparse)) writes
/// entry `k` into `pd[k]`, in this order. Without a user Jacobian the
/// values are formed by difference quotients, one residual evaluation per
/// group of a column colouring of the pattern.
///
/// ```
/// use daskr::api::SparsePattern;
/// // Tridiagonal, 4 x 4.
/// let p = SparsePattern::from_entries((0..4).flat_map(|i: usize| {
///     (i.saturating_sub(1)..(i + 2).min(4)).map(move |j| (i, j))
/// }));
/// assert_eq!(p.len(), 10);
/// assert_eq!((p.rows()[1], p.cols()[1]), (0, 1));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SparsePattern {
    rows: Vec<usize>,
    cols: Vec<usize>,
}

impl SparsePattern {
    /// A pattern from its row and column lists (equal lengths).
    pub fn new(rows: Vec<usize>, cols: Vec<usize>) -> Result<Self, SetupError> {
        if rows.len() != cols.len() {
            return Err(SetupError::WrongLength { what: "the column list", len: cols.len(), expected: rows.len() });
        }
        Ok(SparsePattern { rows, cols })
    }

    /// A pattern from `(row, column)` pairs, in the order given.
    pub fn from_entries(entries: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let (rows, cols) = entries.into_iter().unzip();
        SparsePattern { rows, cols }
    }

    /// The full `n x n` pattern, column by column.
    pub fn dense(n: usize) -> Self {
        Self::from_entries((0..n).flat_map(|j| (0..n).map(move |i| (i, j))))
    }

    /// The rows of the entries (0-based).
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// The columns of the entries (0-based).
    pub fn cols(&self) -> &[usize] {
        &self.cols
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the pattern has no entries.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The pattern as the solver's 1-based JROW, JCOL lists for an
    /// `n x n` matrix, checked: every entry inside the matrix, none twice,
    /// at least one.
    pub(crate) fn to_fortran(&self, n: usize) -> Result<(Vec<FInt>, Vec<FInt>), SetupError> {
        if self.is_empty() {
            return Err(SetupError::Invalid { what: "sparse pattern", reason: "it has no entries" });
        }
        FInt::try_from(self.len()).map_err(|_| SetupError::TooLarge)?;
        let one_based =
            |v: &[usize]| -> Vec<FInt> { v.iter().map(|&i| if i < n { i as FInt + 1 } else { FInt::MAX }).collect() };
        let (jrow, jcol) = (one_based(&self.rows), one_based(&self.cols));
        match validate_pattern(n, &jrow, &jcol) {
            Ok(()) => Ok((jrow, jcol)),
            Err(PatternError::OutOfRange { k }) => {
                Err(SetupError::Pattern { entry: k - 1, reason: "row or column outside the matrix" })
            }
            Err(PatternError::Duplicate { k }) => {
                Err(SetupError::Pattern { entry: k - 1, reason: "repeats an earlier entry" })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_entries() {
        let p = SparsePattern::from_entries([(0, 0), (1, 1), (1, 0)]);
        assert_eq!(p.to_fortran(2).unwrap(), (vec![1, 2, 2], vec![1, 2, 1]));
        assert_eq!(
            p.to_fortran(1).unwrap_err(),
            SetupError::Pattern { entry: 1, reason: "row or column outside the matrix" }
        );
        let d = SparsePattern::from_entries([(0, 0), (1, 1), (0, 0)]);
        assert!(matches!(d.to_fortran(2), Err(SetupError::Pattern { entry: 2, .. })));
        assert!(SparsePattern::new(vec![0], vec![]).is_err());
        assert_eq!(SparsePattern::dense(3).len(), 9);
    }
}
