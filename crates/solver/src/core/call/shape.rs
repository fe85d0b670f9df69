//! A run's checked shape, remembered per thread (the last four): what a
//! continuation call with the INFO convention derives from its scalar
//! inputs and the structural words of IWORK/RWORK alone (the decoded
//! options, the layout, the checks of those words), kept with the words it
//! was derived from.
//!
//! The next continuation call whose words are all equal would derive the
//! same options and layout and pass the same checks: those checks are pure
//! functions of the words compared. It compares the words and uses the
//! remembered options and layout instead of decoding INFO, recomputing the
//! layout and re-reading the run's record and segment pointers, which is
//! most of a continuation call's fixed cost when one step is taken per
//! call. Everything else a continuation call checks (the order, H, TN,
//! the pivots, the tolerances, T, TOUT, TSTOP, HMAX) is checked on every
//! call as before.
//!
//! This is a cache as SPEC section 3 allows it: rebuilt from the work
//! arrays whenever it does not match (any word differs, another run on the
//! same thread, a nested call from a user routine), with the same results,
//! since a call it does not answer takes the full path.

use super::Common;
use crate::core::layout::{iw, rw};
use crate::types::{FInt, Real};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::thread::LocalKey;

/// INFO(1..20), as compared.
const INFO_LEN: usize = 20;

/// The most IWORK and RWORK words a protocol's shape may include.
pub const MAX_IWORK_WORDS: usize = 16;
pub const MAX_RWORK_WORDS: usize = 4;

/// The words of IWORK's and RWORK's headers that a protocol's layout and
/// structural checks read on a continuation call, as its shape compares
/// them (a protocol gathers them with constant positions; a word gathered
/// that they do not read only costs a call its shape when it changes).
#[derive(Clone, Copy, Debug)]
pub struct HeaderWords {
    pub iwork: [FInt; MAX_IWORK_WORDS],
    pub rwork: [u64; MAX_RWORK_WORDS],
}

/// How a protocol gathers its [`HeaderWords`] from the headers (with
/// constant positions): a function item, so that the gathering is inlined.
pub trait Gather: Fn(&[FInt; iw::HEADER], &[Real; rw::HEADER]) -> HeaderWords {}
impl<F: Fn(&[FInt; iw::HEADER], &[Real; rw::HEADER]) -> HeaderWords> Gather for F {}

/// A real's bits, as compared (widened in single precision).
#[allow(clippy::useless_conversion)]
pub fn bits(v: Real) -> u64 {
    u64::from(v.to_bits())
}

/// The words a shape was derived from (compared by [`Shape::matches`],
/// not with `==`).
#[derive(Clone, Debug)]
struct Key {
    info: [FInt; INFO_LEN],
    sizes: [FInt; 4],
    headers: HeaderWords,
}

/// A remembered shape: the options and layout of a checked continuation
/// call with the words they were derived from.
pub struct Shape<O, L> {
    key: Key,
    pub options: O,
    pub layout: L,
}

/// A slot for a remembered shape, shared with the call that uses the
/// shape (a nested call of a user routine may remember another meanwhile).
pub type Slot<O, L> = Rc<Option<Shape<O, L>>>;

/// How many shapes a thread remembers per protocol: up to four runs
/// stepped in turn on one thread (the models of a plant, or a run nested
/// in another's residual) each find theirs.
const WAYS: usize = 4;

/// A thread's remembered shapes for one protocol. Its slots are reserved
/// by a first call; a continuation call remembers its shape in an empty
/// slot, or else in place of the one after the recent one, allocating
/// nothing, unless a call further out still uses that one.
pub struct Ways<O, L> {
    slots: [Option<Slot<O, L>>; WAYS],
    /// The slot used most recently (tried first).
    recent: Cell<usize>,
}

impl<O, L> Ways<O, L> {
    /// No shape yet (`const`, for the thread-local's initialiser).
    pub const fn new() -> Self {
        Ways { slots: [const { None }; WAYS], recent: Cell::new(0) }
    }

    /// The slot a new shape takes: an empty one, else the one after the
    /// recent one (never the recent one). Up to `WAYS` runs in turn fill
    /// the slots and keep them; more replace one another.
    fn victim(&self) -> usize {
        let empty = |w: &usize| self.slots[*w].as_deref().is_none_or(Option::is_none);
        (0..WAYS).find(empty).unwrap_or((self.recent.get() + 1) % WAYS)
    }
}

impl<O, L> Default for Ways<O, L> {
    fn default() -> Self {
        Self::new()
    }
}

/// A thread's remembered shapes for one protocol.
pub type ShapeMemo<O, L> = RefCell<Ways<O, L>>;

/// Where a protocol keeps its thread's shape.
pub type MemoKey<O, L> = LocalKey<ShapeMemo<O, L>>;

/// The headers of IWORK and RWORK, or None if either array is shorter.
#[inline(always)]
fn headers<'h>(c: &'h Common<'_>) -> Option<(&'h [FInt; iw::HEADER], &'h [Real; rw::HEADER])> {
    Some((c.iwork.first_chunk()?, c.rwork.first_chunk()?))
}

impl<O, L> Shape<O, L> {
    /// The shape of a call whose checks passed with these options and
    /// layout: its words as they are now (None if INFO or the arrays are
    /// too short to hold them).
    pub fn of(info: &[FInt], sizes: [FInt; 4], c: &Common<'_>, gather: impl Gather, options: O, layout: L) -> Option<Self> {
        let (ih, rh) = headers(c)?;
        let key = Key { info: *info.first_chunk::<INFO_LEN>()?, sizes, headers: gather(ih, rh) };
        Some(Shape { key, options, layout })
    }

    /// Are this call's words those the shape was derived from?
    ///
    /// Word by word, the differences OR-ed, not as array equality: that
    /// would compare the gathered words in a call of memcmp, whose wide
    /// loads wait for the narrow stores that gathered them.
    #[inline(always)]
    pub fn matches(&self, info: &[FInt], sizes: [FInt; 4], c: &Common<'_>, gather: impl Gather) -> bool {
        let k = &self.key;
        let (Some(info), Some((ih, rh))) = (info.first_chunk::<INFO_LEN>(), headers(c)) else {
            return false;
        };
        // The sizes first: another run's shape differs there most often.
        if differences(&sizes, &k.sizes) != 0 || differences(info, &k.info) != 0 {
            return false;
        }
        let now = gather(ih, rh);
        differences(&now.iwork, &k.headers.iwork) == 0 && differences(&now.rwork, &k.headers.rwork) == 0
    }
}

/// The bits in which `now` differs from `then`, OR-ed over the words.
#[inline(always)]
fn differences<T, const N: usize>(now: &[T; N], then: &[T; N]) -> T
where
    T: Copy + Default + std::ops::BitXor<Output = T> + std::ops::BitOr<Output = T>,
{
    now.iter().zip(then).fold(T::default(), |d, (&a, &b)| d | (a ^ b))
}

/// The thread's slot for `memo` that holds a shape this call's words
/// match, if one does (the one used most recently tried first). The call
/// runs outside the thread-local's access: inside it, in a frame of its
/// own, or on a copy of the shape, it runs slower.
#[inline(always)]
pub fn matching<O: 'static, L: 'static>(
    memo: &'static MemoKey<O, L>,
    (info, sizes): (&[FInt], [FInt; 4]),
    c: &Common<'_>,
    gather: impl Gather,
) -> Option<Slot<O, L>> {
    memo.with(|cell| {
        let ways = cell.try_borrow().ok()?;
        let recent = ways.recent.get();
        (0..WAYS).map(|k| (recent + k) % WAYS).find_map(|way| {
            let slot = ways.slots[way].as_ref()?;
            let shape = slot.as_ref().as_ref()?;
            shape.matches(info, sizes, c, &gather).then(|| {
                ways.recent.set(way);
                Rc::clone(slot)
            })
        })
    })
}

/// Reserve the thread's slots (a first call), so that continuation calls
/// allocate nothing to remember their shapes.
pub fn reserve<O: 'static, L: 'static>(memo: &'static MemoKey<O, L>) {
    memo.with(|cell| {
        if let Ok(mut ways) = cell.try_borrow_mut() {
            for slot in &mut ways.slots {
                slot.get_or_insert_with(|| Rc::new(None));
            }
        }
    });
}

/// Remember the shape `build` makes in the slot [`Ways::victim`] chooses
/// (in a new slot if a call further out still uses that one).
pub fn remember<O: 'static, L: 'static>(memo: &'static MemoKey<O, L>, build: impl FnOnce() -> Option<Shape<O, L>>) {
    memo.with(|cell| {
        let Ok(mut ways) = cell.try_borrow_mut() else { return };
        let way = ways.victim();
        match ways.slots[way].as_mut().and_then(Rc::get_mut) {
            Some(in_place) => *in_place = build(),
            None => ways.slots[way] = Some(Rc::new(build())),
        }
        ways.recent.set(way);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static MEMO: ShapeMemo<u8, u16> = const { RefCell::new(Ways::new()) };
    }

    /// IWORK(3) and RWORK(16) as the shape's header words.
    fn gather(ih: &[FInt; iw::HEADER], rh: &[Real; rw::HEADER]) -> HeaderWords {
        let mut iwork = [0; MAX_IWORK_WORDS];
        iwork[0] = ih[2];
        HeaderWords { iwork, rwork: [bits(rh[15]), 0, 0, 0] }
    }

    /// A call's arguments over `rwork` and `iwork` (NEQ 1), for `f`.
    fn with_call<R>(rwork: &mut [Real], iwork: &mut [FInt], f: impl FnOnce(&Common<'_>) -> R) -> R {
        let (mut t, mut y, mut yp) = (0.0, [1.0], [0.0]);
        let (mut rtol, mut atol) = ([1e-6], [1e-8]);
        f(&Common::owned((&mut t, &mut y, &mut yp), 1.0, (&mut rtol, &mut atol), rwork, iwork))
    }

    /// The options and layout found for these words.
    fn found(info: &[FInt], sizes: [FInt; 4], rwork: &mut [Real], iwork: &mut [FInt]) -> Option<(u8, u16)> {
        let slot = with_call(rwork, iwork, |c| matching(&MEMO, (info, sizes), c, gather))?;
        slot.as_ref().as_ref().map(|s| (s.options, s.layout))
    }

    /// Remember options `o` and layout `l` for these words.
    fn remember_now(info: &[FInt], sizes: [FInt; 4], rwork: &mut [Real], iwork: &mut [FInt], (o, l): (u8, u16)) {
        with_call(rwork, iwork, |c| remember(&MEMO, || Shape::of(info, sizes, c, gather, o, l)));
    }

    #[test]
    fn a_shape_is_found_while_every_word_is_as_remembered() {
        let (mut rwork, mut iwork) = (vec![0.0; 70], vec![0; 41]);
        let mut info = [0; 20];
        info[0] = 1;
        let sizes = [1, 0, 70, 41];
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), None, "nothing remembered yet");
        reserve(&MEMO);
        remember_now(&info, sizes, &mut rwork, &mut iwork, (7, 9));
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), Some((7, 9)));
        // A word the shape does not gather changes nothing.
        iwork[10] = 5;
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), Some((7, 9)));
        // Each gathered word, INFO and the sizes do.
        iwork[2] = 4;
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), None);
        iwork[2] = 0;
        rwork[15] = -0.0;
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), None, "compared as bits");
        rwork[15] = 0.0;
        info[19] = 1;
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), None);
        info[19] = 0;
        assert_eq!(found(&info, [1, 0, 70, 42], &mut rwork, &mut iwork), None);
        assert_eq!(found(&info[..19], sizes, &mut rwork, &mut iwork), None, "a short INFO");
        assert_eq!(found(&info, sizes, &mut rwork[..59], &mut iwork), None, "a short RWORK");
        assert_eq!(found(&info, sizes, &mut rwork, &mut iwork), Some((7, 9)));
    }

    #[test]
    fn four_shapes_are_kept_and_a_fifth_replaces_the_one_after_the_recent() {
        let (mut rwork, mut iwork) = (vec![0.0; 70], vec![0; 41]);
        let mut info = [0; 20];
        info[0] = 1;
        let size = |lrw| [1, 0, lrw, 41];
        let keep = |lrw, o| {
            with_call(&mut [0.0; 70], &mut [0; 41], |c| remember(&MEMO, || Shape::of(&info, size(lrw), c, gather, o, 0)))
        };
        let mut find = |lrw| found(&info, size(lrw), &mut rwork, &mut iwork).map(|(o, _)| o);
        reserve(&MEMO);
        // Slots 0, 1, 2; then slot 0 used: the fourth shape still takes
        // the empty slot 3.
        keep(70, 1);
        keep(69, 2);
        keep(68, 3);
        assert_eq!(find(70), Some(1));
        keep(67, 4);
        assert_eq!([find(70), find(69), find(68), find(67)], [Some(1), Some(2), Some(3), Some(4)]);
        // All full, slot 1 (LRW 69) the recent one: a fifth shape takes
        // slot 2 (LRW 68).
        assert_eq!(find(69), Some(2));
        keep(66, 5);
        assert_eq!([find(68), find(70), find(69), find(67), find(66)], [None, Some(1), Some(2), Some(4), Some(5)]);
        // A shape still in use is not overwritten when its slot is
        // reused: the new shape gets a slot of its own, the user keeps
        // its shape. (LRW 70 in slot 0 held; slot 3 made the recent one.)
        let held = with_call(&mut rwork, &mut iwork, |c| matching(&MEMO, (&info, size(70)), c, gather)).expect("found");
        let mut find = |lrw| found(&info, size(lrw), &mut rwork, &mut iwork).map(|(o, _)| o);
        assert_eq!(find(67), Some(4));
        keep(65, 6);
        assert_eq!(held.as_ref().as_ref().map(|s| s.options), Some(1));
        let mut find = |lrw| found(&info, size(lrw), &mut rwork, &mut iwork).map(|(o, _)| o);
        assert_eq!([find(70), find(65), find(69), find(67), find(66)], [None, Some(6), Some(2), Some(4), Some(5)]);
    }
}
