//! Test helpers shared by the ILU test modules: a residual with a known
//! iteration matrix, matrix writers, and one DJACILU call on it.

use super::*;
use crate::core::messages::CollectMessages;

/// Refuses to write (JACOUT = 0 runs).
pub(super) struct NoWriter;
impl MatrixWriter for NoWriter {
    fn write_unit(&mut self, _unit: FInt, _text: &str) -> Result<String, String> {
        Err("no output in this test".into())
    }
}

/// Keeps what it is asked to write, by unit.
pub(super) struct Capture(pub(super) Vec<(FInt, String)>);
impl MatrixWriter for Capture {
    fn write_unit(&mut self, unit: FInt, text: &str) -> Result<String, String> {
        self.0.push((unit, text.to_string()));
        Ok(format!("unit {unit}"))
    }
}

/// G(y, y') = y' - M y for a 1-D Laplacian-like M with a reaction
/// term, n points; the iteration matrix is cj I - M (tridiagonal).
fn linear_res(n: usize) -> impl FnMut(&[Real], &[Real], &mut [Real]) -> FInt {
    move |y: &[Real], yp: &[Real], d: &mut [Real]| {
        for i in 0..n {
            let left = if i > 0 { y[i - 1] } else { 0.0 };
            let right = if i + 1 < n { y[i + 1] } else { 0.0 };
            d[i] = yp[i] - (left - 2.5 * y[i] + 0.5 * right);
        }
        0
    }
}

/// One DJACILU call on [`linear_res`] with WP/IWP of DASKR's minimum
/// lengths; checks that Y and YPRIME are restored.
pub(super) fn run_jac(
    n: usize,
    ipar: &[FInt],
    rpar: &[Real],
    writer: &mut dyn MatrixWriter,
) -> (JacOutcome, Vec<Real>, Vec<FInt>, Vec<Real>, CollectMessages) {
    let src = SliceParams { ipar, rpar };
    let p = IluParams::decode(&src, Check::Factor).unwrap();
    let (lwp, liwp) = p.minimum_lengths(n as i64);
    let mut wp = vec![0.0; lwp as usize];
    let mut iwp = vec![0; liwp as usize];
    let mut y: Vec<Real> = (0..n).map(|i| (i as Real * 0.3).sin()).collect();
    let mut yp = vec![0.1; n];
    let rewt: Vec<Real> = (0..n).map(|i| 1.0 / (1e-3 + 1e-4 * i as Real)).collect();
    let mut res = linear_res(n);
    let mut savr = vec![0.0; n];
    res(&y, &yp, &mut savr);
    let mut wk = vec![0.0; n];
    let (y0, yp0) = (y.clone(), yp.clone());
    let mut msgs = CollectMessages::default();
    let args = JacArgs { y: &mut y, yp: &mut yp, rewt: &rewt, savr: &mut savr, wk: &mut wk, h: 0.01, cj: 100.0 };
    let o = jac_ilu(&src, args, &mut wp, &mut iwp, &mut res, writer, &mut msgs);
    assert_eq!((y, yp), (y0, yp0), "Y and YPRIME are restored");
    (o, wp, iwp, rewt, msgs)
}
