//! INFO(1..20) decoded once into a typed, validated options struct
//! (the INFO checks at the top of DDASKR).

use super::error::InputError;
use super::roots::RootOptions;
use crate::types::FInt;

/// The decoded INFO array (INFO(1) is handled by the driver).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// INFO(2): RTOL/ATOL are arrays.
    pub vector_tolerances: bool,
    /// INFO(3): return after every step (intermediate-output mode).
    pub intermediate_output: bool,
    /// INFO(4): do not pass TSTOP = RWORK(1).
    pub use_tstop: bool,
    /// INFO(5): the user's JAC computes the iteration matrix.
    pub user_jacobian: bool,
    /// INFO(6) = 1: banded matrix, ML/MU in IWORK(1..2).
    pub banded: bool,
    /// INFO(6) = 2 (this library's extension; DASKR rejects it): sparse
    /// matrix, NEJAC in IWORK(1) and the pattern JROW, JCOL in IWORK.
    pub sparse: bool,
    /// INFO(7): HMAX in RWORK(2).
    pub use_hmax: bool,
    /// INFO(8): H0 in RWORK(3).
    pub use_h0: bool,
    /// INFO(9): MAXORD in IWORK(3).
    pub use_maxord: bool,
    /// INFO(10): 0 none, 1 constraints in the IC calculation, 2 enforce
    /// nonnegativity during the integration, 3 both.
    pub constraints: u8,
    /// INFO(11): 0 consistent start, 1 compute Y_a and Y'_d, 2 compute Y.
    pub initial_condition: u8,
    /// INFO(12): Krylov (1) instead of direct (0) linear solves.
    pub krylov: bool,
    /// INFO(13): MAXL, KMP, NRMAX, EPLI given in IWORK/RWORK.
    pub krylov_parameters: bool,
    /// INFO(14): return with IDID=4 after the IC calculation.
    pub stop_after_ic: bool,
    /// INFO(15): JAC prepares the preconditioner (Krylov).
    pub preconditioner_setup: bool,
    /// INFO(16): exclude algebraic components from the error test.
    pub exclude_algebraic: bool,
    /// INFO(17): IC heuristic controls given in IWORK/RWORK.
    pub ic_controls: bool,
    /// INFO(18): IC print level 0..2.
    pub ic_print: u8,
    /// INFO(20), this library's root-finding extension (DASKR does not
    /// read INFO(19..20); its prologue asks for all of INFO to be zero
    /// for the simplest use).
    pub roots: RootOptions,
}

impl Options {
    /// Decode INFO(2..18), checking the range of each entry in DDASKR's
    /// order; the error names the first bad element (1-based).
    pub fn decode(info: &[FInt]) -> Result<Options, InputError> {
        let get = |i: usize| info.get(i - 1).copied().unwrap_or(0);
        let flag = |i: usize| -> Result<bool, InputError> {
            match get(i) {
                0 => Ok(false),
                1 => Ok(true),
                _ => Err(InputError::InfoElement { index: i as FInt }),
            }
        };
        let ranged = |i: usize, max: FInt| -> Result<u8, InputError> {
            let v = get(i);
            if (0..=max).contains(&v) {
                Ok(v as u8)
            } else {
                Err(InputError::InfoElement { index: i as FInt })
            }
        };
        let vector_tolerances = flag(2)?;
        let intermediate_output = flag(3)?;
        let use_tstop = flag(4)?;
        let user_jacobian = flag(5)?;
        // INFO(6) = 2 (sparse) is an extension of the double-precision
        // instance; in single precision it is invalid, as in DASKR.
        let matrix = ranged(6, if cfg!(daskr_single) { 1 } else { 2 })?;
        Ok(Options {
            vector_tolerances,
            intermediate_output,
            use_tstop,
            user_jacobian,
            banded: matrix == 1,
            sparse: matrix == 2,
            use_hmax: flag(7)?,
            use_h0: flag(8)?,
            use_maxord: flag(9)?,
            constraints: ranged(10, 3)?,
            initial_condition: ranged(11, 2)?,
            krylov: flag(12)?,
            krylov_parameters: flag(13)?,
            stop_after_ic: flag(14)?,
            preconditioner_setup: flag(15)?,
            exclude_algebraic: flag(16)?,
            ic_controls: flag(17)?,
            ic_print: ranged(18, 2)?,
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
        self.initial_condition == 1 || self.exclude_algebraic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_rejects_in_order() {
        let mut info = [0; 20];
        assert_eq!(Options::decode(&info).unwrap(), Options::default());
        info[5] = 1;
        info[9] = 3;
        info[17] = 2;
        let o = Options::decode(&info).unwrap();
        assert!(o.banded && o.constraints_in_iwork() && o.nonnegative() && o.ic_print == 2);
        info[2] = 2;
        info[10] = 5;
        assert_eq!(Options::decode(&info), Err(InputError::InfoElement { index: 3 }));
        info[2] = 0;
        assert_eq!(Options::decode(&info), Err(InputError::InfoElement { index: 11 }));
    }

    #[test]
    fn info6_two_is_the_sparse_extension() {
        let mut info = [0; 20];
        info[5] = 2;
        let o = Options::decode(&info).unwrap();
        assert!(o.sparse && !o.banded);
        info[5] = 3;
        assert_eq!(Options::decode(&info), Err(InputError::InfoElement { index: 6 }));
    }
}
