//! Turning the caller's raw pointers into checked references and slices.

use std::os::raw::c_int;

use crate::core::norms::ToleranceArrays;
use crate::types::Real;

/// A mutable slice of `len` elements at `p`, or None if `p` is null while
/// elements are needed. A zero length gives an empty slice whatever `p` is.
///
/// # Safety
/// If `p` is non-null it must be valid for reads and writes of `len`
/// elements for the lifetime `'a`, and not aliased by another live slice.
pub unsafe fn opt_slice_mut<'a, T>(p: *mut T, len: usize) -> Option<&'a mut [T]> {
    if len == 0 {
        return Some(&mut []);
    }
    if p.is_null() {
        return None;
    }
    // SAFETY: non-null and valid for `len` elements by the contract.
    Some(unsafe { std::slice::from_raw_parts_mut(p, len) })
}

/// A mutable reference to one scalar, or None if null.
///
/// # Safety
/// If non-null, `p` must be valid for reads and writes for `'a`.
pub unsafe fn scalar_mut<'a, T>(p: *mut T) -> Option<&'a mut T> {
    // SAFETY: as_mut checks for null; validity by the contract.
    unsafe { p.as_mut() }
}

/// A read-only slice of `len` elements at `p`, or None if `p` is null while
/// elements are needed. A zero length gives an empty slice whatever `p` is.
///
/// # Safety
/// If `p` is non-null it must be valid for reads of `len` elements for the
/// lifetime `'a`, and not written through another pointer meanwhile.
pub unsafe fn opt_slice<'a, T>(p: *const T, len: usize) -> Option<&'a [T]> {
    if len == 0 {
        return Some(&[]);
    }
    if p.is_null() {
        return None;
    }
    // SAFETY: non-null and valid for `len` elements by the contract.
    Some(unsafe { std::slice::from_raw_parts(p, len) })
}

/// RTOL and ATOL as `n` elements each, or None if either is null. They
/// may be the same Fortran variable: then they are one array,
/// [`ToleranceArrays::Shared`], so that two mutable views of one array
/// never exist (and nothing is copied or allocated per call).
///
/// # Safety
/// Non-null pointers are valid for `n` elements (reads and writes) for as
/// long as the returned slices live.
pub unsafe fn tolerances<'a>(rtol: *mut Real, atol: *mut Real, n: usize) -> Option<ToleranceArrays<'a>> {
    if rtol.is_null() || atol.is_null() {
        return None;
    }
    // SAFETY: non-null and valid for `n` elements, by the caller.
    let rtol_s = unsafe { std::slice::from_raw_parts_mut(rtol, n) };
    if rtol == atol {
        return Some(ToleranceArrays::Shared(rtol_s));
    }
    // SAFETY: as above; a different array from RTOL.
    Some(ToleranceArrays::Separate { rtol: rtol_s, atol: unsafe { std::slice::from_raw_parts_mut(atol, n) } })
}

/// Read scalars passed by reference (MX, MY, NS, NSD, LID; T, H, CJ;
/// ...), or None if any pointer is null.
///
/// # Safety
/// Each pointer null or valid for reading one `T`.
pub unsafe fn read_scalars<T: Copy + Default, const N: usize>(ptrs: [*const T; N]) -> Option<[T; N]> {
    let mut out = [T::default(); N];
    for (o, p) in out.iter_mut().zip(ptrs) {
        // SAFETY: by the contract; null is checked by as_ref.
        *o = *unsafe { p.as_ref() }?;
    }
    Some(out)
}

/// Write `v` to the caller's scalar at `p` (an error flag, IEVENT), if
/// `p` is non-null.
///
/// # Safety
/// If non-null, `p` must be valid for writes, with no live reference to
/// it.
pub unsafe fn store<T>(p: *mut T, v: T) {
    // SAFETY: by the contract; `as_mut` checks for null.
    if let Some(r) = unsafe { p.as_mut() } {
        *r = v;
    }
}

/// Mutable slices of the given lengths at the given pointers (as
/// [`opt_slice_mut`] each), or None if any pointer is null while elements
/// are needed.
///
/// # Safety
/// As for [`opt_slice_mut`], for each pointer; the arrays are distinct
/// (no two slices overlap).
pub unsafe fn opt_slices_mut<'a, T, const N: usize>(arrays: [(*mut T, usize); N]) -> Option<[&'a mut [T]; N]> {
    let mut out: [&'a mut [T]; N] = std::array::from_fn(|_| Default::default());
    for (o, (p, len)) in out.iter_mut().zip(arrays) {
        // SAFETY: by the contract, for this pointer and length.
        *o = unsafe { opt_slice_mut(p, len) }?;
    }
    Some(out)
}

/// Read-only slices of the given lengths at the given pointers (as
/// [`opt_slice`] each), or None if any pointer is null while elements are
/// needed.
///
/// # Safety
/// As for [`opt_slice`], for each pointer.
pub unsafe fn opt_slices<'a, T, const N: usize>(arrays: [(*const T, usize); N]) -> Option<[&'a [T]; N]> {
    let mut out: [&'a [T]; N] = [&[]; N];
    for (o, (p, len)) in out.iter_mut().zip(arrays) {
        // SAFETY: by the contract, for this pointer and length.
        *o = unsafe { opt_slice(p, len) }?;
    }
    Some(out)
}

/// A length argument (NEQ, LRW, NRT, ...) as a slice length: negative
/// lengths give empty slices (the core reports them).
pub fn length(v: c_int) -> usize {
    usize::try_from(v).unwrap_or(0)
}
