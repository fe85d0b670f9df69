//! DDASKR's INFO(1..20) decoded once into typed options: the step controls
//! both protocols share and DDASKR's own entries (the INFO checks at the
//! top of DDASKR).

use crate::core::call::controls::{
    check_info_ranges, info_array, info_entry, info_maxima, info_within, InfoRange, StepControls,
};
use crate::core::error::InputError;
use crate::core::roots::RootOptions;
use crate::types::FInt;

/// The direct method's matrix (INFO(6)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatrixKind {
    #[default]
    Dense,
    /// INFO(6) = 1: banded, ML/MU in IWORK(1..2).
    Band,
    /// INFO(6) = 2 (this library's extension; DASKR rejects it): sparse,
    /// NEJAC in IWORK(1) and the pattern JROW, JCOL in IWORK.
    Sparse,
}

/// The decoded INFO array (INFO(1) is the call shell's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DdaskrOptions {
    /// INFO(2..4), INFO(7..9), INFO(14), INFO(16..18).
    pub controls: StepControls,
    /// INFO(5): the user's JAC computes the iteration matrix.
    pub user_jacobian: bool,
    /// INFO(6).
    pub matrix: MatrixKind,
    /// INFO(10): 0 none, 1 constraints in the IC calculation, 2 enforce
    /// nonnegativity during the integration, 3 both.
    pub constraints: u8,
    /// INFO(11): 0 consistent start, 1 compute Y_a and Y'_d, 2 compute Y.
    pub initial_condition: u8,
    /// INFO(12): Krylov (1) instead of direct (0) linear solves.
    pub krylov: bool,
    /// INFO(13): MAXL, KMP, NRMAX, EPLI given in IWORK/RWORK.
    pub krylov_parameters: bool,
    /// INFO(15): JAC prepares the preconditioner (Krylov).
    pub preconditioner_setup: bool,
    /// INFO(20), this library's root-finding extension (DASKR does not
    /// read INFO(19..20); its prologue asks for all of INFO to be zero
    /// for the simplest use).
    pub roots: RootOptions,
}

/// INFO(2..18) and their legal values, in DDASKR's order. INFO(6) = 2
/// (sparse) is an extension of the double-precision instance; in single
/// precision it is invalid, as in DASKR.
const INFO_RANGES: [InfoRange; 17] = [
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
    (6, if cfg!(daskr_single) { 1 } else { 2 }),
    (7, 1),
    (8, 1),
    (9, 1),
    (10, 3),
    (11, 2),
    (12, 1),
    (13, 1),
    (14, 1),
    (15, 1),
    (16, 1),
    (17, 1),
    (18, 2),
];

/// [`INFO_RANGES`] as the largest value of each entry.
const INFO_MAXIMA: [u32; 20] = info_maxima(&INFO_RANGES);

impl DdaskrOptions {
    /// Decode INFO(2..20), checking the range of each entry in DDASKR's
    /// order; the error names the first bad element (1-based).
    pub fn decode(info: &[FInt]) -> Result<Self, InputError> {
        if !info_within(info, &INFO_MAXIMA) {
            check_info_ranges(info, &INFO_RANGES)?;
        }
        let info = &info_array(info);
        let get = |i| info_entry(info, i);
        Ok(DdaskrOptions {
            controls: StepControls::from_checked_info(info),
            user_jacobian: get(5) == 1,
            matrix: match get(6) {
                0 => MatrixKind::Dense,
                1 => MatrixKind::Band,
                _ => MatrixKind::Sparse,
            },
            constraints: get(10) as u8,
            initial_condition: get(11) as u8,
            krylov: get(12) == 1,
            krylov_parameters: get(13) == 1,
            preconditioner_setup: get(15) == 1,
            roots: RootOptions::from_info20(get(20)),
        })
    }

    /// ICNSTR is present in IWORK(41..40+NEQ) (INFO(10) = 1 or 3).
    pub fn constraints_in_iwork(&self) -> bool {
        matches!(self.constraints, 1 | 3)
    }

    /// Nonnegativity is enforced during the integration (INFO(10) = 2, 3).
    pub fn nonnegative(&self) -> bool {
        matches!(self.constraints, 2 | 3)
    }

    /// The ID array is present (INFO(11) = 1 or INFO(16) = 1).
    pub fn id_in_iwork(&self) -> bool {
        self.initial_condition == 1 || self.controls.exclude_algebraic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_rejects_in_order() {
        let mut info = [0; 20];
        assert_eq!(DdaskrOptions::decode(&info).unwrap(), DdaskrOptions::default());
        info[5] = 1;
        info[9] = 3;
        info[17] = 2;
        let o = DdaskrOptions::decode(&info).unwrap();
        assert!(o.matrix == MatrixKind::Band && o.constraints_in_iwork() && o.nonnegative());
        assert_eq!(o.controls.ic_print, 2);
        info[2] = 2;
        info[10] = 5;
        assert_eq!(DdaskrOptions::decode(&info), Err(InputError::InfoElement { index: 3 }));
        info[2] = 0;
        assert_eq!(DdaskrOptions::decode(&info), Err(InputError::InfoElement { index: 11 }));
    }

    #[test]
    fn info6_two_is_the_sparse_extension() {
        let mut info = [0; 20];
        info[5] = 2;
        assert_eq!(DdaskrOptions::decode(&info).unwrap().matrix, MatrixKind::Sparse);
        info[5] = 3;
        assert_eq!(DdaskrOptions::decode(&info), Err(InputError::InfoElement { index: 6 }));
    }
}
