//! Code compiled for the running CPU's best instruction set.
//!
//! The shipped library runs on any x86-64 (no target-cpu): a kernel that
//! gains from wider vectors is compiled a second time for AVX2 and chosen
//! at run time by pulp's dispatch (through faer, as the dense and band
//! kernels are). The operations stay the same (Rust never contracts a
//! multiply and an add into an FMA), so the results do not depend on the
//! choice.

use faer::traits::pulp::{Arch, Simd, WithSimd};

/// Run `f` compiled for the best instruction set. `f` and everything it
/// calls must be `#[inline(always)]` to be compiled so; the dispatch
/// itself costs ~15 instructions, so it pays on loops of a few dozen
/// entries and more.
#[inline(always)]
pub fn dispatched<R>(f: impl FnOnce() -> R) -> R {
    struct Op<F>(F);
    impl<R, F: FnOnce() -> R> WithSimd for Op<F> {
        type Output = R;
        #[inline(always)]
        fn with_simd<S: Simd>(self, _simd: S) -> R {
            (self.0)()
        }
    }
    Arch::new().dispatch(Op(f))
}
