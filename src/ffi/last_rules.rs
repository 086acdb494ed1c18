// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The rules struct that passed its checks last, byte for byte, with its scoring table: the
//! quick path of the functions that take rules by pointer.
//!
//! A caller scoring many selections passes the same struct every time, and checking its game
//! settings and comparing its scoring fields with the cache's cost more than the scoring
//! itself. Comparing its bytes with those of the struct that passed last costs a handful of
//! vector instructions. Padding bytes are masked off (the caller may leave them
//! uninitialized, and memory checkers would rightly object to a decision taken on them).
//!
//! Two places hold such a struct. The process-wide one ([`with_shared`]) is read with one
//! plain load and no thread-local access: in a position-independent library (both the shared
//! and the static one are) a thread-local's address is a call as far as the compiler knows,
//! so every value a function needs after it is saved and restored around it, which cost
//! `farkle_points()` about a seventh of its instructions. Its structs and tables are kept
//! for the life of the process, so a thread reading one while another publishes the next
//! needs no lock; at most [`SHARED_RULES`] of them are ever kept (the first distinct ones to
//! pass), bounding that memory. The thread's own ([`with_same`]) serves every other struct,
//! so threads that score under different rules do not undo each other's quick path.

use std::cell::{Cell, RefCell, UnsafeCell};
use std::mem::{size_of, MaybeUninit};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Arc, Mutex};

use crate::ffi::rules::FarkleRules;
use crate::scoring::ScoringTable;

/// Bytes of a FarkleRules, compared in chunks of 16 (the last chunk overlaps the one before).
const SIZE: usize = size_of::<FarkleRules>();
const _: () = assert!(SIZE >= 16);

/// Which bytes are fields' (0xff) and which padding (0), in chunks as the comparison reads
/// them: the struct's first 112 bytes, then the 16 ending at its last byte.
#[cfg(target_arch = "x86_64")]
#[repr(C, align(16))]
struct Masks([u8; 128]);

const MASK_BYTES: [u8; 128] = {
    let mut m = [0u8; 128];
    let mut i = 0;
    while i < 112 {
        m[i] = FarkleRules::FIELD_BYTES[i];
        i += 1;
    }
    while i < 128 {
        m[i] = FarkleRules::FIELD_BYTES[i + SIZE - 128];
        i += 1;
    }
    m
};

#[cfg(target_arch = "x86_64")]
static MASKS: Masks = Masks(MASK_BYTES);

/// Whether the chunk of 16 bytes at `at` in `MASKS` holds padding.
const fn has_padding(at: usize) -> bool {
    let mut i = at;
    while i < at + 16 {
        if MASK_BYTES[i] == 0 {
            return true;
        }
        i += 1;
    }
    false
}

// The assembly masks the chunks at 48, 80, 96 and the last one, and only those: a change of
// the struct's layout that moves its padding fails here, until the assembly follows.
const _: () = assert!(
    !has_padding(0)
        && !has_padding(16)
        && !has_padding(32)
        && has_padding(48)
        && !has_padding(64)
        && has_padding(80)
        && has_padding(96)
        && has_padding(112)
);

/// A copy of a caller's struct, padding included (so possibly uninitialized bytes: only
/// copied and compared as raw bytes, never read as values by Rust code).
#[repr(C, align(16))]
struct RulesBytes(MaybeUninit<[u8; SIZE]>);

struct Last {
    bytes: UnsafeCell<RulesBytes>,
    /// The table of those rules, kept alive by `KEEP`; null when there is none.
    table: Cell<*const ScoringTable>,
}

/// Owns the table `LAST` points to, and clears that pointer when the thread's locals are
/// destroyed (a call from another thread-exit destructor then takes the full path).
struct Keep(Option<Arc<ScoringTable>>);

impl Drop for Keep {
    fn drop(&mut self) {
        LAST.with(|last| last.table.set(std::ptr::null()));
    }
}

thread_local! {
    // No destructor: the quick path reads it without a check of the thread's state.
    static LAST: Last = const {
        Last {
            bytes: UnsafeCell::new(RulesBytes(MaybeUninit::uninit())),
            table: Cell::new(std::ptr::null()),
        }
    };
    static KEEP: RefCell<Keep> = const { RefCell::new(Keep(None)) };
}

/// Distinct rules structs (byte for byte, padding aside) whose tables are kept for the life
/// of the process for the shared quick path: 8 tables of 12 dice are 4.3 MB, of 6 dice
/// 0.2 MB.
pub(crate) const SHARED_RULES: usize = 8;

/// A struct that passed its checks and its table, never freed (so never written after it
/// is published).
struct Shared {
    bytes: RulesBytes,
    table: Arc<ScoringTable>,
}

/// The shared struct the quick path compares first; null until one is published.
static SHARED: AtomicPtr<Shared> = AtomicPtr::new(std::ptr::null_mut());

/// Every struct ever published, for finding one again without a new allocation.
static SHARED_KEPT: Mutex<Vec<&'static Shared>> = Mutex::new(Vec::new());

/// Runs `f` with the table of `rules` when they hold the same bytes as the struct published
/// last for every thread; gives `f` back otherwise. No thread-local access.
#[inline(always)]
pub(crate) fn with_shared<R, F: FnOnce(&ScoringTable) -> R>(
    rules: &FarkleRules,
    f: F,
) -> Result<R, F> {
    let shared = SHARED.load(Ordering::Acquire);
    if shared.is_null() {
        return Err(f);
    }
    // SAFETY: a published pointer comes from `Box::leak` in `publish` and is never freed;
    // its fields were written before the Release store that published it.
    let shared = unsafe { &*shared };
    if !same_bytes(rules, &raw const shared.bytes) {
        return Err(f);
    }
    Ok(f(&shared.table))
}

/// Runs `f` with the table of `rules` when they hold the same bytes as the shared struct or
/// the struct that passed last on this thread; gives `f` back otherwise.
#[inline(always)]
pub(crate) fn with_same<R, F: FnOnce(&ScoringTable) -> R>(
    rules: &FarkleRules,
    f: F,
) -> Result<R, F> {
    with_shared(rules, f).or_else(|f| with_thread_last(rules, f))
}

/// [`with_same`] with this thread's struct only.
#[inline(always)]
fn with_thread_last<R, F: FnOnce(&ScoringTable) -> R>(rules: &FarkleRules, f: F) -> Result<R, F> {
    LAST.with(|last| {
        let table = last.table.get();
        if table.is_null() || !same_bytes(rules, last.bytes.get()) {
            return Err(f);
        }
        // SAFETY: `table` is non-null, so `KEEP` holds its Arc, which only `remember`
        // replaces: `f` (this crate's scoring of a selection) never calls it, and the
        // thread's locals are not destroyed during a call.
        Ok(f(unsafe { &*table }))
    })
}

/// Makes `rules` (which passed every check) and their table the ones the quick path finds:
/// this thread's, and the shared ones while fewer than [`SHARED_RULES`] structs are kept or
/// when these are one of them. Never called from inside [`with_same`]'s `f`.
pub(crate) fn remember(rules: &FarkleRules, table: &Arc<ScoringTable>) {
    remember_on_thread(rules, table);
    publish(rules, table);
}

/// Publishes `rules` and their table as the shared struct. Skipped when another thread
/// holds the list (it is publishing its own) or the list is full of other structs.
fn publish(rules: &FarkleRules, table: &Arc<ScoringTable>) {
    let Ok(mut kept) = SHARED_KEPT.try_lock() else {
        return;
    };
    let found = kept
        .iter()
        .copied()
        .find(|k| same_bytes(rules, &raw const k.bytes));
    let shared = match found {
        Some(k) => k,
        None if kept.len() < SHARED_RULES => {
            let mut bytes = RulesBytes(MaybeUninit::uninit());
            // SAFETY: both are SIZE bytes, the destination a local MaybeUninit (padding may
            // be uninitialized: only ever compared as raw bytes).
            unsafe {
                std::ptr::copy_nonoverlapping(
                    std::ptr::from_ref(rules).cast::<u8>(),
                    bytes.0.as_mut_ptr().cast::<u8>(),
                    SIZE,
                );
            }
            let k: &'static Shared = Box::leak(Box::new(Shared {
                bytes,
                table: Arc::clone(table),
            }));
            kept.push(k);
            k
        }
        None => return,
    };
    SHARED.store(std::ptr::from_ref(shared).cast_mut(), Ordering::Release);
}

/// Makes `rules` and their table this thread's.
fn remember_on_thread(rules: &FarkleRules, table: &Arc<ScoringTable>) {
    let _ = KEEP.try_with(|keep| {
        let Ok(mut keep) = keep.try_borrow_mut() else {
            return;
        };
        LAST.with(|last| {
            // SAFETY: both are SIZE bytes; the copy goes into MaybeUninit storage (padding
            // may be uninitialized) in this thread's own local, through its UnsafeCell; no
            // reference to it is alive (`with_same` only reads it through a raw pointer,
            // and not during this call).
            unsafe {
                std::ptr::copy_nonoverlapping(
                    std::ptr::from_ref(rules).cast::<u8>(),
                    last.bytes.get().cast::<u8>(),
                    SIZE,
                );
            }
            keep.0 = Some(Arc::clone(table));
            last.table.set(Arc::as_ptr(table));
        });
    });
}

/// Whether the caller's struct holds the field bytes of `copy` (padding ignored). The bytes
/// are compared by the processor (SSE2 on x86-64), never read as Rust values: the loads take
/// padding too, and the masks drop it before anything depends on it.
#[inline(always)]
fn same_bytes(rules: &FarkleRules, copy: *const RulesBytes) -> bool {
    let a = std::ptr::from_ref(rules).cast::<u8>();
    let b = copy.cast::<u8>();
    #[cfg(target_arch = "x86_64")]
    {
        // The chunks: seven 16-byte loads cover 0 to 112, the last one the rest.
        const _: () = assert!(SIZE > 112 && SIZE <= 128);
        let same: u32;
        // SAFETY: both pointers are valid for SIZE bytes (a live FarkleRules, and its copy);
        // the assembly only loads from them.
        unsafe {
            std::arch::asm!(
                // Seven chunks at 0 to 96 (the copy is 16-aligned, so it can be an operand),
                // the last one ending at the last byte; the differences in fields' bytes
                // (padding masked off) gathered in acc.
                "movdqu {acc}, xmmword ptr [{a}]",
                "pxor {acc}, xmmword ptr [{b}]",
                "movdqu {x}, xmmword ptr [{a} + 16]",
                "pxor {x}, xmmword ptr [{b} + 16]",
                "por {acc}, {x}",
                "movdqu {x}, xmmword ptr [{a} + 32]",
                "pxor {x}, xmmword ptr [{b} + 32]",
                "por {acc}, {x}",
                "movdqu {x}, xmmword ptr [{a} + 48]",
                "pxor {x}, xmmword ptr [{b} + 48]",
                "pand {x}, xmmword ptr [{m} + 48]",
                "por {acc}, {x}",
                "movdqu {x}, xmmword ptr [{a} + 64]",
                "pxor {x}, xmmword ptr [{b} + 64]",
                "por {acc}, {x}",
                "movdqu {x}, xmmword ptr [{a} + 80]",
                "pxor {x}, xmmword ptr [{b} + 80]",
                "pand {x}, xmmword ptr [{m} + 80]",
                "por {acc}, {x}",
                "movdqu {x}, xmmword ptr [{a} + 96]",
                "pxor {x}, xmmword ptr [{b} + 96]",
                "pand {x}, xmmword ptr [{m} + 96]",
                "por {acc}, {x}",
                "movdqu {x}, xmmword ptr [{a} + {last}]",
                "movdqu {y}, xmmword ptr [{b} + {last}]",
                "pxor {x}, {y}",
                "pand {x}, xmmword ptr [{m} + 112]",
                "por {acc}, {x}",
                "pxor {x}, {x}",
                "pcmpeqb {acc}, {x}",
                "pmovmskb {same:e}, {acc}",
                a = in(reg) a,
                b = in(reg) b,
                m = in(reg) &raw const MASKS,
                last = const SIZE - 16,
                same = out(reg) same,
                acc = out(xmm_reg) _,
                x = out(xmm_reg) _,
                y = out(xmm_reg) _,
                options(pure, readonly, nostack),
            );
        }
        same == 0xffff
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        same_words(a, b)
    }
}

/// Words of 4 bytes in a FarkleRules, and which of their bytes are fields' (all ones) and
/// which padding (0), as `same_words` reads them (in the machine's byte order).
const WORDS: usize = SIZE / 4;
const _: () = assert!(SIZE % 4 == 0 && std::mem::align_of::<FarkleRules>() >= 4);
const WORD_MASKS: [u32; WORDS] = {
    let b = FarkleRules::FIELD_BYTES;
    let mut m = [0u32; WORDS];
    let mut i = 0;
    while i < WORDS {
        m[i] = u32::from_ne_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
        i += 1;
    }
    m
};

/// same_bytes() without x86-64's vector instructions (WebAssembly, other processors): the
/// struct compared a 4-byte word at a time through volatile reads, which the compiler takes
/// as the hardware's bytes, padding masked off; no branch until the end. Byte by byte, the
/// WebAssembly build spent about 90 ns a call on this comparison.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn same_words(a: *const u8, b: *const u8) -> bool {
    let a = a.cast::<u32>();
    let b = b.cast::<u32>();
    let mut differ = 0u32;
    for (i, mask) in WORD_MASKS.iter().enumerate() {
        // SAFETY: both pointers are valid for SIZE bytes and 4-aligned (a FarkleRules, and
        // its 16-aligned copy); word i ends within them.
        differ |= unsafe { a.add(i).read_volatile() ^ b.add(i).read_volatile() } & mask;
    }
    differ == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A struct's bytes, every one of them initialized (any bytes are a valid FarkleRules:
    /// its fields are plain integers).
    #[repr(C, align(16))]
    struct Bytes([u8; SIZE]);

    impl Bytes {
        fn rules(&self) -> &FarkleRules {
            // SAFETY: aligned, SIZE initialized bytes, and every bit pattern is a FarkleRules.
            unsafe { &*self.0.as_ptr().cast::<FarkleRules>() }
        }
    }

    /// Every bit of every field takes part, and no padding byte: a change in a field is
    /// seen, one in padding is not; by the comparison this machine uses and by the
    /// word-wise one of other targets (WebAssembly).
    #[test]
    fn a_change_in_any_field_byte_is_seen_and_padding_is_not() {
        let base = Bytes(std::array::from_fn(|i| (i * 7 + 3) as u8));
        let copy = RulesBytes(MaybeUninit::new(base.0));
        let words = |rules: &FarkleRules| {
            same_words(std::ptr::from_ref(rules).cast(), (&raw const copy).cast())
        };
        assert!(same_bytes(base.rules(), &raw const copy));
        assert!(words(base.rules()));
        // The padding, written out from the C declaration: after
        // three_pairs_with_four_of_a_kind, final_round, singles_only_before_entry and
        // auto_take_straight_and_three_pairs.
        let padding = [
            0x39, 0x3a, 0x3b, 0x59, 0x5a, 0x5b, 0x6d, 0x6e, 0x6f, 0x7a, 0x7b,
        ];
        assert_eq!(SIZE, 124);
        for i in 0..SIZE {
            for bit in 0..8 {
                let mut other = Bytes(base.0);
                other.0[i] ^= 1 << bit;
                let field = !padding.contains(&i);
                assert_eq!(
                    !same_bytes(other.rules(), &raw const copy),
                    field,
                    "byte {i}, bit {bit}"
                );
                assert_eq!(!words(other.rules()), field, "words: byte {i}, bit {bit}");
            }
        }
    }

    /// However many distinct structs pass, the process keeps at most SHARED_RULES of them
    /// (and their tables), and each call still answers for its own struct.
    #[test]
    fn the_shared_structs_are_bounded() {
        let classic = FarkleRules::from(&crate::Preset::Classic.rules());
        for five in 0..3 * SHARED_RULES as i32 {
            let rules = FarkleRules {
                single_five: 50 + five,
                ..classic
            };
            let mut p = -1;
            // SAFETY: valid pointers.
            let status = unsafe {
                crate::ffi::scoring::farkle_points(&raw const rules, [5u8].as_ptr(), 1, &raw mut p)
            };
            assert_eq!(
                (status, p),
                (crate::ffi::error::FarkleStatus::Ok, 50 + five)
            );
        }
        let kept = SHARED_KEPT.lock().unwrap().len();
        assert!((1..=SHARED_RULES).contains(&kept), "{kept} structs kept");
    }
}
