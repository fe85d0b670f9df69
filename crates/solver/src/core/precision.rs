//! What the width of REAL changes.
//!
//! The core is compiled twice from the same sources: by this crate with
//! `Real = f64` (DDASKR) and by `daskr-single` with `Real = f32` (SDASKR,
//! DASKR's `sdaskr.f` and `s*pre.f`). Almost every formula is the same text
//! evaluated in the other type; the few items that depend on the format
//! itself (bit patterns, LINPACK's per-precision constants) are here,
//! behind [`Precision`], implemented for both types. Each method is
//! `#[inline(always)]`, so the double-precision code is what it would be
//! with the items written out.

/// The per-format items of the core, for `f64` and `f32`.
pub trait Precision: Copy + PartialOrd {
    /// LINPACK's NRM2 cut-off below which a square may underflow: DNRM2
    /// uses 8.232D-11, SNRM2 (DASKR's `slinpk.f`) 4.441E-16 (2**-51;
    /// smaller, not larger, in the single-precision routine).
    const NRM2_CUTLO: Self;

    /// The first letter of the routine names of this precision (`D`, `S`),
    /// for the texts that name a routine (DJACILU / SJACILU messages) or
    /// the package (the Harwell-Boeing title " DDASPK Test Matrix ").
    const LETTER: &'static str;

    /// The square root of the unit roundoff, `SQRT(D1MACH(4))` = 2**-26 and
    /// `SQRT(R1MACH(4))` (0x39B504F3, 3.4526698E-04) as the preconditioner
    /// modules compute it: their difference-quotient increments.
    const SQRT_UROUND: Self;

    /// The event detector's bounds (`events/interval.rs`): magnitudes
    /// from which a coefficient sum is treated as possibly overflowing, the
    /// absolute floor of the quick exclusion test, and its relative margin
    /// over the rounding of a few sums. The detector serves DSL48E, which
    /// exists in double precision only; the single-precision instance
    /// compiles it with bounds for f32's range and rounding.
    const EVENT_HUGE: Self;
    const EVENT_TINY: Self;
    const EVENT_REL: Self;

    /// A word whose top bit (bit 63) is set exactly when the exponent
    /// field is all ones (infinity or NaN): the field plus its lowest bit
    /// carries into the bit above it only then. A test on the bits: no
    /// floating-point compare, so no invalid-operation flag on a NaN.
    /// OR-ed over a vector, it tests every entry with AND, ADD and OR on
    /// integers, which SSE2 has for 64-bit lanes (it has no 64-bit
    /// equality compare: a loop testing `bits & exponent == exponent`
    /// stays scalar).
    fn non_finite_mark(self) -> u64;

    /// `self.next_up()` for finite `self`, without branches: -0 becomes +0
    /// (adding +0 does that and changes nothing else), then the bit pattern
    /// moves one step away from zero for `self >= 0`, toward zero for
    /// `self < 0`, as `next_up` does (the largest finite number goes to
    /// infinity, -MIN to -0 in both). `-(-x).next_up_finite()` is
    /// `x.next_down()`, as in the standard library.
    fn next_up_finite(self) -> Self;
}

/// The impl for one format: its constants, the integer types of its bit
/// pattern, the exponent mask and the sign bit's position.
macro_rules! precision {
    ($real:ty, $bits:ty, $signed:ty, exponent = $exp:expr, sign_bit = $sign:expr, {$($consts:tt)*}) => {
        impl Precision for $real {
            $($consts)*

            #[inline(always)]
            fn non_finite_mark(self) -> u64 {
                const EXPONENT: $bits = $exp;
                const LOWEST: $bits = EXPONENT & EXPONENT.wrapping_neg();
                let carried = (self.to_bits() & EXPONENT).wrapping_add(LOWEST);
                (carried as u64) << (63 - $sign)
            }

            #[inline(always)]
            fn next_up_finite(self) -> $real {
                let bits = (self + 0.0).to_bits() as $signed;
                <$real>::from_bits(bits.wrapping_add((bits >> $sign) | 1) as $bits)
            }
        }
    };
}

precision!(f64, u64, i64, exponent = 0x7ff0_0000_0000_0000, sign_bit = 63, {
    const NRM2_CUTLO: f64 = 8.232e-11;
    const LETTER: &'static str = "D";
    const SQRT_UROUND: f64 = 1.0 / 67_108_864.0;
    const EVENT_HUGE: f64 = 1e300;
    const EVENT_TINY: f64 = 1e-300;
    const EVENT_REL: f64 = 1e-9;
});

precision!(f32, u32, i32, exponent = 0x7f80_0000, sign_bit = 31, {
    const NRM2_CUTLO: f32 = 4.441e-16;
    const LETTER: &'static str = "S";
    const SQRT_UROUND: f32 = 3.452_669_8e-4;
    const EVENT_HUGE: f32 = 1e30;
    const EVENT_TINY: f32 = 1e-30;
    const EVENT_REL: f32 = 1e-4;
});

#[cfg(test)]
mod tests {
    use super::Precision;

    #[test]
    fn non_finite_mark_both_formats() {
        let marked = |m: u64| m >> 63 == 1;
        for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, f64::from_bits(0x7ff0_0000_0000_0001)] {
            assert!(marked(x.non_finite_mark()));
            assert!(marked((x as f32).non_finite_mark()));
        }
        for x in [0.0, -0.0, 1.0, -1.0, f64::MAX, f64::MIN, f64::MIN_POSITIVE, 5e-324, -5e-324] {
            assert!(!marked(x.non_finite_mark()));
        }
        for x in [0.0f32, -0.0, 1.0, -1.0, f32::MAX, f32::MIN, f32::MIN_POSITIVE, 1e-45, -1e-45] {
            assert!(!marked(x.non_finite_mark()));
        }
    }

    #[test]
    fn next_up_finite_f32_is_next_up() {
        let mut s = 0x2545_f491_u32;
        let special =
            [0.0f32, -0.0, 1.0, -1.0, f32::MAX, -f32::MAX, f32::MIN_POSITIVE, -f32::MIN_POSITIVE, 1e-45, -1e-45];
        let random = (0..100_000).map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            f32::from_bits(s)
        });
        for x in special.into_iter().chain(random) {
            if x.is_finite() {
                assert_eq!(x.next_up_finite().to_bits(), x.next_up().to_bits(), "{x:e}");
                assert_eq!((-(-x).next_up_finite()).to_bits(), x.next_down().to_bits(), "{x:e}");
            }
        }
    }

    #[test]
    fn sqrt_uround_is_the_rounded_square_root() {
        assert_eq!(<f64 as Precision>::SQRT_UROUND, f64::EPSILON.sqrt());
        assert_eq!(<f32 as Precision>::SQRT_UROUND, f32::EPSILON.sqrt());
        assert_eq!(<f32 as Precision>::SQRT_UROUND.to_bits(), 0x39b5_04f3);
    }

    #[test]
    fn cutlo_values() {
        assert_eq!(<f32 as Precision>::NRM2_CUTLO, 4.441e-16_f32);
        assert_eq!(<f64 as Precision>::NRM2_CUTLO, 8.232e-11);
    }
}
