// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The module's allocator: the standard library's own (dlmalloc), asking the host for memory
//! an eighth of what the module has at a time (at least 1 MiB) instead of exactly what it
//! lacks.
//!
//! Why: every `memory.grow` replaces the memory's `ArrayBuffer` in JavaScript, and V8
//! collects garbage after each, at a cost that rises with the objects alive. Grown 64 KiB at
//! a time, 10,000 games alive made 1,600 grows and took 7 s to create (2,000 took 0.1 s);
//! 20,000 left to the garbage collector took 48 s. Grown in steps, memory grows a few dozen
//! times on the way to a gigabyte.

use std::alloc::{GlobalAlloc, Layout};
use std::arch::wasm32;
use std::cell::UnsafeCell;
use std::ptr;

use dlmalloc::{Allocator, Dlmalloc};

/// A WebAssembly page.
const PAGE: usize = 64 * 1024;

/// The smallest step, in pages (1 MiB).
const MIN_STEP: usize = 16;

/// Memory from `memory.grow`, in steps (see the module docs); never given back (a memory
/// cannot shrink).
struct Steps;

// SAFETY: `alloc` returns memory no one else uses (pages just grown, of the size returned)
// or null, and nothing is ever released or moved, as the trait requires of a system
// allocator.
unsafe impl Allocator for Steps {
    fn alloc(&self, size: usize) -> (*mut u8, usize, u32) {
        let need = size.div_ceil(PAGE);
        let step = need.max(wasm32::memory_size(0) / 8).max(MIN_STEP);
        // The step when the host allows it, else only what is needed.
        for pages in [step, need] {
            let previous = wasm32::memory_grow(0, pages);
            if previous == usize::MAX {
                continue;
            }
            let base = previous * PAGE;
            // The last page of a 4 GiB memory: a pointer may not wrap to 0 at its end.
            let len = match base.checked_add(pages * PAGE) {
                Some(_) => pages * PAGE,
                None => pages * PAGE - 16,
            };
            return (base as *mut u8, len, 0);
        }
        (ptr::null_mut(), 0, 0)
    }

    fn remap(&self, _ptr: *mut u8, _old: usize, _new: usize, _can_move: bool) -> *mut u8 {
        ptr::null_mut()
    }

    fn free_part(&self, _ptr: *mut u8, _old: usize, _new: usize) -> bool {
        false
    }

    fn free(&self, _ptr: *mut u8, _size: usize) -> bool {
        false
    }

    fn can_release_part(&self, _flags: u32) -> bool {
        false
    }

    fn allocates_zeros(&self) -> bool {
        // Grown pages are zeroed.
        true
    }

    fn page_size(&self) -> usize {
        PAGE
    }
}

#[cfg(target_feature = "atomics")]
compile_error!("the module's allocator assumes one thread: build without the atomics feature");

/// dlmalloc over [`Steps`], for the module's one thread.
struct ModuleAllocator(UnsafeCell<Dlmalloc<Steps>>);

// SAFETY: wasm32-unknown-unknown without the atomics feature (checked above) runs one thread,
// so no two calls into the allocator overlap.
unsafe impl Sync for ModuleAllocator {}

impl ModuleAllocator {
    /// The allocator, for one call (see `Sync` above: calls never overlap).
    #[allow(clippy::mut_from_ref)]
    fn get(&self) -> &mut Dlmalloc<Steps> {
        // SAFETY: one thread and no call re-enters the allocator, so this is the only
        // reference while it lives.
        unsafe { &mut *self.0.get() }
    }
}

// SAFETY: each method passes its arguments on to dlmalloc's, which keep GlobalAlloc's
// contract (the layouts are the caller's, as GlobalAlloc requires of it).
unsafe impl GlobalAlloc for ModuleAllocator {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl.
        unsafe { self.get().malloc(layout.size(), layout.align()) }
    }

    #[inline(never)]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl.
        unsafe { self.get().calloc(layout.size(), layout.align()) }
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: see the impl.
        unsafe { self.get().free(ptr, layout.size(), layout.align()) }
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: see the impl.
        unsafe {
            self.get()
                .realloc(ptr, layout.size(), layout.align(), new_size)
        }
    }
}

#[global_allocator]
static ALLOCATOR: ModuleAllocator =
    ModuleAllocator(UnsafeCell::new(Dlmalloc::new_with_allocator(Steps)));
