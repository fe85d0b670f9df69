/*
 * static_threads.h -- makes `gfortran -static prog.f libdaskr.a` work.
 *
 * build.rs compiles each C file of csrc/ with `-include csrc/static_threads.h`,
 * so each object of the C shim (at least one of which every program that
 * calls DDASKR pulls out of libdaskr.a) holds the table below: STRONG
 * references to the POSIX thread functions that the GNU Fortran runtime
 * and the unwinder call through WEAK references.
 *
 * Why: libgfortran (and libgcc_eh) decide whether the program is threaded
 * with __gthread_active_p(), which tests whether the weak symbol
 * __pthread_key_create resolved. Rust's std references pthread_key_create
 * (thread-local destructors), so in a static link with glibc >= 2.34 that
 * member of libc.a is linked and the runtime believes threads are active.
 * It then calls pthread_mutex_destroy and friends -- but a weak reference
 * never pulls an archive member in, so those that nothing else needs stay
 * unresolved (address 0). The original DASKR references no pthread
 * function, hence never hit this; with libdaskr.a the program segfaulted
 * at exit, in libgfortran's close_units -> pthread_mutex_destroy(0).
 *
 * A strong reference here makes the linker take these members from libc.a
 * (or libpthread.a with glibc < 2.34, which `-lpthread` of the documented
 * link line provides), so every weak reference resolves to the real
 * function. In dynamic links the functions live in libc.so.6 (or
 * libpthread.so.0, which the library already depends on): nothing changes.
 *
 * The list is the set of weak pthread references in GCC 12's libgfortran.a
 * (`nm libgfortran.a | grep ' w pthread'`) and libgcc_eh.a, plus
 * pthread_cond_signal; scripts/consumer-test.sh checks it against the
 * installed compiler's libraries. The table is static, `used`, and hidden:
 * nothing is exported and the objects stay self-contained.
 */
#ifndef DASKR_STATIC_THREADS_H
#define DASKR_STATIC_THREADS_H

#if defined(__unix__) && !defined(DASKR_NO_STATIC_THREADS)
#include <pthread.h>
#include <signal.h>

typedef void (*daskr_static_threads_fn)(void);

static const daskr_static_threads_fn daskr_static_threads_refs[]
    __attribute__((used)) = {
        (daskr_static_threads_fn)pthread_cond_broadcast,
        (daskr_static_threads_fn)pthread_cond_destroy,
        (daskr_static_threads_fn)pthread_cond_init,
        (daskr_static_threads_fn)pthread_cond_signal,
        (daskr_static_threads_fn)pthread_cond_wait,
        (daskr_static_threads_fn)pthread_create,
        (daskr_static_threads_fn)pthread_getspecific,
        (daskr_static_threads_fn)pthread_join,
        (daskr_static_threads_fn)pthread_key_create,
        (daskr_static_threads_fn)pthread_key_delete,
        (daskr_static_threads_fn)pthread_mutex_destroy,
        (daskr_static_threads_fn)pthread_mutex_init,
        (daskr_static_threads_fn)pthread_mutex_lock,
        (daskr_static_threads_fn)pthread_mutex_trylock,
        (daskr_static_threads_fn)pthread_mutex_unlock,
        (daskr_static_threads_fn)pthread_once,
        (daskr_static_threads_fn)pthread_self,
        (daskr_static_threads_fn)pthread_setspecific,
        (daskr_static_threads_fn)pthread_sigmask,
};
#endif

#endif /* DASKR_STATIC_THREADS_H */
