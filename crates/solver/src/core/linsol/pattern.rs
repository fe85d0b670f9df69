//! The caller's sparse pattern (INFO(6) = 2, DSL48E): its checks, its
//! cache key and the factorisation stamps kept in IWORK. Apart from the
//! sparse solver (`sparse.rs`) so that the single-precision instance of the
//! core, which has no sparse solver, shares the checks.

use crate::types::FInt;

/// An entry of the caller's pattern that cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// JROW(k) or JCOL(k) outside 1..NEQ (k 1-based).
    #[error("entry {k} of the pattern is outside 1..NEQ")]
    OutOfRange { k: usize },
    /// (JROW(k), JCOL(k)) repeats an earlier entry.
    #[error("entry {k} of the pattern repeats an earlier one")]
    Duplicate { k: usize },
}

/// FNV-1a over 32-bit words.
pub(super) fn fnv(words: impl Iterator<Item = u64>) -> u64 {
    words.fold(0xcbf2_9ce4_8422_2325, |h, w| (h ^ w).wrapping_mul(0x0100_0000_01b3))
}

/// FNV-1a over the words of `items`, in four interleaved lanes, then the
/// lanes and the tail through plain FNV-1a: the multiplications of one
/// lane wait for each other, four lanes run four times as fast.
#[inline]
pub(super) fn fnv_lanes<T: Copy>(items: &[T], word: impl Fn(T) -> u64) -> u64 {
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut lanes = [0xcbf2_9ce4_8422_2325u64; 4];
    let chunks = items.chunks_exact(4);
    let tail = chunks.remainder();
    for chunk in chunks {
        for (h, &item) in lanes.iter_mut().zip(chunk) {
            *h = (*h ^ word(item)).wrapping_mul(PRIME);
        }
    }
    fnv(lanes.into_iter().chain(tail.iter().map(|&item| word(item))))
}

/// The cache key of a pattern: NEQ and the coordinate lists. Every call
/// of an integration computes it (to check that the lists did not
/// change), so it runs in four lanes ([`fnv_lanes`]) over two entries of a
/// list per word.
pub fn pattern_key(n: usize, rows: &[FInt], cols: &[FInt]) -> u64 {
    fnv([n as u64, rows.len() as u64, list_hash(rows), list_hash(cols)].into_iter())
}

/// [`fnv_lanes`] over a list of INTEGERs, two per word.
fn list_hash(list: &[FInt]) -> u64 {
    let (pairs, odd) = list.as_chunks::<2>();
    let body = fnv_lanes(pairs, |[a, b]| ((a as u32 as u64) << 32) | b as u32 as u64);
    fnv([body, odd.first().map_or(u64::MAX, |&v| v as u32 as u64)].into_iter())
}

/// Check the caller's pattern: every entry in 1..NEQ, no entry twice.
/// The first entry out of range is named; of the repeated entries, the one
/// with the smallest (column, row), at its second occurrence. Linear in
/// NNZ + NEQ (the first call of every integration runs it).
pub fn validate_pattern(n: usize, rows: &[FInt], cols: &[FInt]) -> Result<(), PatternError> {
    let in_range = |v: FInt| v >= 1 && (v as usize) <= n;
    if let Some(k) = rows.iter().zip(cols).position(|(&r, &c)| !in_range(r) || !in_range(c)) {
        return Err(PatternError::OutOfRange { k: k + 1 });
    }
    // Entries by column (a counting sort keeps each column's in order).
    let mut start = vec![0usize; n + 1];
    for &c in cols {
        start[c as usize] += 1;
    }
    for j in 0..n {
        start[j + 1] += start[j];
    }
    let mut by_column = vec![0u32; rows.len()];
    let mut fill = start.clone();
    for (k, &c) in cols.iter().enumerate() {
        by_column[fill[c as usize - 1]] = k as u32;
        fill[c as usize - 1] += 1;
    }
    // Per column: the rows seen (marked with the column) and the repeat of
    // the smallest row.
    let mut seen = vec![usize::MAX; n];
    for j in 0..n {
        let mut repeat: Option<(FInt, usize)> = None;
        for &k in &by_column[start[j]..start[j + 1]] {
            let (k, r) = (k as usize, rows[k as usize]);
            let slot = &mut seen[r as usize - 1];
            if *slot == j {
                if repeat.is_none_or(|(rr, _)| r < rr) {
                    repeat = Some((r, k));
                }
            } else {
                *slot = j;
            }
        }
        if let Some((_, k)) = repeat {
            return Err(PatternError::Duplicate { k: k + 1 });
        }
    }
    Ok(())
}

/// A stamp as two default INTEGERs (IWORK slots), and back.
pub fn stamp_to_words(s: u64) -> [FInt; 2] {
    [(s >> 32) as u32 as FInt, s as u32 as FInt]
}

pub fn stamp_from_words(w: [FInt; 2]) -> u64 {
    ((w[0] as u32 as u64) << 32) | w[1] as u32 as u64
}
