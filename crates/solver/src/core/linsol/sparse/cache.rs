//! The per-thread cache of the sparse solver and the stamps that name
//! factorisations (see the parent module's "State and caches"): analysed
//! patterns by [`pattern_key`](super::pattern_key), factorisations by
//! stamp with the checksum of the values they came from, and the
//! workspaces of the two LUs. Everything here can be dropped at any time:
//! whoever misses an entry rebuilds it from the work arrays, bit for bit.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::frontal::FrontalWorkspace;
use super::general::GeneralWorkspace;
use super::matching::Matching;
use super::{Factors, Pattern, SparseFactors};
use crate::core::linsol::pattern::{fnv, fnv_lanes};
use crate::types::Real;

/// The checksum of the values of J (their bit patterns), FNV-1a in four
/// lanes ([`fnv_lanes`]). Only the per-thread cache compares it, nothing
/// stores it.
#[allow(clippy::useless_conversion)] // u32 -> u64 for the single-precision instance
pub(super) fn checksum(values: &[Real]) -> u64 {
    fnv_lanes(values, |v| u64::from(v.to_bits()))
}

/// Most patterns and factorisations kept per thread.
const CACHED_PATTERNS: usize = 4;
const CACHED_FACTORS: usize = 8;

#[derive(Default)]
pub(super) struct Cache {
    /// Most recently used last.
    patterns: Vec<(u64, Rc<Pattern>)>,
    factors: Vec<(u64, Box<Factors>)>,
    /// The workspaces of the multifrontal and the general LU, and of the
    /// matching.
    pub(super) frontal: Option<FrontalWorkspace>,
    pub(super) general: Option<GeneralWorkspace>,
    pub(super) matching: Option<Matching>,
    /// The difference quotients' saved components (2 * the largest
    /// colour group of a pattern), for [`Pattern::evaluate`].
    pub(super) dq_save: Option<Vec<Real>>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// Take an entry out of an LRU list.
fn take<T>(list: &mut Vec<(u64, T)>, key: u64) -> Option<T> {
    list.iter().position(|(k, _)| *k == key).map(|i| list.remove(i).1)
}

/// Put an entry back as the most recently used, dropping the oldest.
fn put<T>(list: &mut Vec<(u64, T)>, key: u64, value: T, capacity: usize) {
    list.retain(|(k, _)| *k != key);
    if list.len() >= capacity {
        list.remove(0);
    }
    list.push((key, value));
}

/// A stamp no other factorisation carries (never 0).
pub(super) fn new_stamp() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut current = NEXT.load(Ordering::Relaxed);
    loop {
        let seed = if current == 0 { initial_stamp() } else { current };
        let next = seed.wrapping_add(1).max(1);
        match NEXT.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return seed,
            Err(seen) => current = seen,
        }
    }
}

/// The start of the stamp sequence: clock and process id mixed, so stamps
/// saved by one process (a checkpoint file) do not name another process's
/// factorisations.
fn initial_stamp() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    fnv([nanos, u64::from(std::process::id())].into_iter()).max(1)
}

/// The cached analysis of the pattern with this key, if any, made the
/// most recently used. Every call of an integration asks for its
/// pattern, which is then already the most recently used: that hit
/// reorders nothing.
pub(super) fn cached_pattern(key: u64) -> Option<Rc<Pattern>> {
    CACHE.with(|c| {
        let list = &mut c.borrow_mut().patterns;
        let i = list.iter().rposition(|(k, _)| *k == key)?;
        if i + 1 != list.len() {
            let entry = list.remove(i);
            list.push(entry);
        }
        list.last().map(|(_, p)| Rc::clone(p))
    })
}

/// Keep a pattern's analysis as the most recently used.
pub(super) fn keep_pattern(key: u64, pattern: Rc<Pattern>) {
    CACHE.with(|c| put(&mut c.borrow_mut().patterns, key, pattern, CACHED_PATTERNS));
}

/// Take the factors cached under this stamp out of the cache.
pub(super) fn take_factors(stamp: u64) -> Option<Box<Factors>> {
    CACHE.with(|c| take(&mut c.borrow_mut().factors, stamp))
}

/// Cache factors under their stamp as the most recently used (nothing
/// when the cache is unavailable: the thread being torn down, or
/// re-entered).
pub(super) fn keep_factors(stamp: u64, factors: Box<Factors>) {
    let _ = CACHE.try_with(|c| {
        let Ok(mut c) = c.try_borrow_mut() else { return };
        put(&mut c.factors, stamp, factors, CACHED_FACTORS);
    });
}

/// Storage for a factorisation that has none of its own (the first one
/// of an integration, or one after a checkpoint was restored): the least
/// recently used cached factors of the same pattern, taken out of the
/// cache (an entry is only a cache: whoever needs it again refactors from
/// RWORK). Allocating and first touching the megabytes of a large pattern
/// instead costs as much as half a factorisation.
pub(super) fn reusable_storage(pattern: u64) -> Option<SparseFactors> {
    CACHE.with(|c| {
        let list = &mut c.borrow_mut().factors;
        let i = list.iter().position(|(_, f)| f.pattern == pattern)?;
        Some(SparseFactors(list.remove(i).1))
    })
}

/// Run `f` with one of the thread's workspaces (`slot` picks it out of
/// the cache), or with a fresh one when the cache is unavailable (the
/// thread being torn down, or re-entered).
pub(super) fn with_workspace<W: Default, R>(slot: fn(&mut Cache) -> &mut Option<W>, f: impl FnOnce(&mut W) -> R) -> R {
    let taken = CACHE.try_with(|c| c.try_borrow_mut().ok().and_then(|mut c| slot(&mut c).take()));
    let mut ws = taken.ok().flatten().unwrap_or_default();
    let out = f(&mut ws);
    let _ = CACHE.try_with(|c| {
        if let Ok(mut c) = c.try_borrow_mut() {
            *slot(&mut c) = Some(ws);
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_unique_and_nonzero() {
        let a = new_stamp();
        let b = new_stamp();
        assert!(a != 0 && b != 0 && a != b);
    }
}
