/*
 * c_fuzz_firstcall.c -- bad sizes on the FIRST call (INFO(1) = 0) of
 * DDASKR, SDASKR and DSL48E must cost nothing.
 *
 * Each case takes a tiny valid problem and makes one to three of its
 * size arguments huge, negative or inconsistent:
 *   DDASKR, SDASKR  NEQ, NRT, LRW, LIW; ML and MU in IWORK(1..2) with
 *                   INFO(6) = 1; NEJAC in IWORK(1) with the sparse
 *                   extension INFO(6) = 2; INFO(2) = 1 with RTOL and
 *                   ATOL the same array (SDASKR has no sparse method:
 *                   INFO(6) = 2 is itself invalid there);
 *   DSL48E          NEQ, NEJAC, ND, NC, NJYDOT, LRW, LIW, LIEVWK, LREVWK,
 *                   JDTYPE, the ISC entries (huge or negative, ND
 *                   consistent or not), INFO(2) = 1 with RTOL = ATOL;
 * with the values 0, -1, -2^31, 2^31-1, 2^31-2, 2^30, 2^28, 2^24, 2^20,
 * 46341 and 46340 (around the square root of 2^31), random large and
 * random negative ones, and the work lengths short (0, 1, 145, the
 * length needed minus one) while the sizes are huge.  Also every
 * required callback NULL in turn (RES; JAC with INFO(5) = 1 or
 * JDTYPE = 1; RT with NRT > 0; STCHANGE, EVTDERIV with NC > 0).
 *
 * The arrays stay small and real (256 elements, RWORK and IWORK 512),
 * whatever the sizes say: 64 guard words before every array and after
 * every array the library may write, and an inaccessible page right
 * after each one (after the input-only arrays RTOL, ATOL, JROW, JCOL,
 * JYDOT, ISC, BOUNDS directly, with no guard words between), so a read
 * past the real end is a SIGSEGV that names the array.  A bad call must
 * be rejected from the scalars alone.
 *
 * The test computes from the documented formulas whether a case is
 * invalid (LRW >= 60 + max(MAXORD+4,7)*NEQ + 3*NRT + NEQ^2 and so on,
 * in 64 bits: a length above 2^31-1 is invalid).  Invalid cases must
 * give, in a fork()ed child with alarm() and RLIMIT_AS = 2 GB:
 *   - IDID = -33 (DSL48E: and IEVENT = 0, set to 12345 before the call),
 *   - no callback called, guard words intact, no SIGSEGV, no abort (a
 *     failed allocation in the library aborts), no hang (the alarm),
 *     no panic (caught by the library and reported on stderr),
 *   - wall time (CLOCK_MONOTONIC, best of 3 identical calls) < 1 ms,
 *   - getrusage ru_maxrss grown by at most 1024 KB over the 3 calls,
 *     and (Linux) VmPeak grown by at most 16 MB.
 * A case whose sizes are all valid runs too when the real arrays are
 * large enough for it (only a declared work length larger than needed):
 * it must proceed (IDID > 0) with the guard words intact.  Valid cases
 * that would need more than the real arrays are skipped (random ones
 * are drawn again).
 *
 * About 1350 systematic cases come first, then CASES random ones; each
 * runs in its own child (fork, alarm, RLIMIT_AS; a warm-up call with
 * NEQ = 0 first, so one-time set-up is not measured).
 * Usage:  c_fuzz_firstcall [CASES [SEED [CASE]]]
 *   CASES  random cases (default 600, or $DASKR_FIRSTCALL_CASES)
 *   SEED   random seed (default 20250101, or $DASKR_FIRSTCALL_SEED)
 *   CASE   run only this case (numbered from 0, systematic ones first)
 *          in this process, messages on stdout: to replay a failure
 *          (under gdb; $DASKR_FIRSTCALL_NO_RLIMIT=1 lifts RLIMIT_AS)
 * $DASKR_FIRSTCALL_ALARM: seconds per case before a hang (default 3).
 * Children's standard output (the library's messages) goes to
 * /dev/null, their standard error (panics, allocation failures) to the
 * parent.  Prints every failing case (the first 400) with its values,
 * the fuzzed ones marked '*', what failed (for a SIGSEGV the array and
 * element), and a replay command; then a summary per routine and parameter and by cause, and "PASS
 * C_FUZZ_FIRSTCALL" (exit 0) or "FAIL C_FUZZ_FIRSTCALL: n failed cases"
 * (exit 1).
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "daskr.h"

#ifndef DASKR_HAS_DSL48E
#error "daskr.h does not declare DSL48E"
#endif
#ifndef DASKR_HAS_SDASKR
#error "daskr.h does not declare SDASKR"
#endif
#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

#define CAPN 256          /* Y, YPRIME, Z, ZDOT, RTOL, ATOL, JROOT, ... */
#define CAPW 512          /* RWORK, IWORK, REVWK */
#define NG 64             /* guard words */
#define RGUARD (-7.5e77)
#define FGUARD (-7.5e30f)
#define IGUARD (-7777777)
#define TIME_LIMIT_NS 1000000L      /* 1 ms */
#define RSS_LIMIT_KB 1024L
#define VM_LIMIT_KB (16L * 1024)
#define AS_LIMIT ((rlim_t)2 << 30)  /* RLIMIT_AS in the child: 2 GB */
#define REPS 3

/* ---------------------------------------------------------------- */
/* Random numbers: splitmix64, one stream per case. */
static uint64_t rng_state;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rint_(int n) { return n > 0 ? (int)(rnd() % (uint64_t)n) : 0; }
static int chance(int percent) { return rint_(100) < percent; }

/* ---------------------------------------------------------------- */
/* Arrays: allocated once by the parent (a fork()ed child gets its own
   copy), each in its own mapping: [no access][.. NG guards | array |
   NG guards (writable arrays only)][no access]. */
enum { K_DOUBLE, K_FLOAT, K_INT };
enum {
    A_DY, A_DYP, A_DRTOL, A_DATOL, A_DRWORK, A_DRPAR,
    A_SY, A_SYP, A_SRTOL, A_SATOL, A_SRWORK, A_SRPAR,
    A_INFO, A_IWORK, A_IPAR, A_JROOT,
    A_JROW, A_JCOL, A_JYDOT, A_ISC, A_BOUNDS, A_IEVWK, A_REVWK,
    NARR
};
struct garr {
    const char *name;
    int kind, n, tail;        /* tail: guard words after the array */
    void *p;                  /* the array */
    unsigned char *map;       /* the mapping, and its length */
    size_t maplen, lo, hi;    /* accessible part [map+lo, map+hi) */
};
static struct garr arr[NARR] = {
    [A_DY] = {"Y/Z", K_DOUBLE, CAPN, 1},
    [A_DYP] = {"YPRIME/ZDOT", K_DOUBLE, CAPN, 1},
    [A_DRTOL] = {"RTOL", K_DOUBLE, CAPN, 0},
    [A_DATOL] = {"ATOL", K_DOUBLE, CAPN, 0},
    [A_DRWORK] = {"RWORK", K_DOUBLE, CAPW, 1},
    [A_DRPAR] = {"RPAR", K_DOUBLE, 4, 1},
    [A_SY] = {"Y (float)", K_FLOAT, CAPN, 1},
    [A_SYP] = {"YPRIME (float)", K_FLOAT, CAPN, 1},
    [A_SRTOL] = {"RTOL (float)", K_FLOAT, CAPN, 0},
    [A_SATOL] = {"ATOL (float)", K_FLOAT, CAPN, 0},
    [A_SRWORK] = {"RWORK (float)", K_FLOAT, CAPW, 1},
    [A_SRPAR] = {"RPAR (float)", K_FLOAT, 4, 1},
    [A_INFO] = {"INFO", K_INT, 20, 1},
    [A_IWORK] = {"IWORK", K_INT, CAPW, 1},
    [A_IPAR] = {"IPAR", K_INT, 4, 1},
    [A_JROOT] = {"JROOT", K_INT, CAPN, 1},
    [A_JROW] = {"JROW", K_INT, CAPN, 0},
    [A_JCOL] = {"JCOL", K_INT, CAPN, 0},
    [A_JYDOT] = {"JYDOT", K_INT, CAPN, 0},
    [A_ISC] = {"ISC", K_INT, CAPN, 0},
    [A_BOUNDS] = {"BOUNDS", K_DOUBLE, 2 * CAPN, 0},
    [A_IEVWK] = {"IEVWK", K_INT, CAPN, 1},
    [A_REVWK] = {"REVWK", K_DOUBLE, CAPW, 1},
};
#define D(a) ((double *)arr[a].p)
#define F(a) ((float *)arr[a].p)
#define I(a) ((int *)arr[a].p)

static size_t esize(int kind) { return kind == K_DOUBLE ? sizeof(double) : kind == K_FLOAT ? sizeof(float) : sizeof(int); }

static int alloc_arrays(void)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    int a;
    for (a = 0; a < NARR; a++) {
        struct garr *g = &arr[a];
        size_t es = esize(g->kind);
        size_t block = (size_t)(NG + g->n + (g->tail ? NG : 0)) * es;
        size_t body = (block + page - 1) / page * page;
        g->maplen = body + 2 * page;
#ifdef MAP_ANONYMOUS
        g->map = mmap(NULL, g->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#else
        {
            int fd = open("/dev/zero", O_RDWR);
            g->map = mmap(NULL, g->maplen, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
            if (fd >= 0) close(fd);
        }
#endif
        if (g->map == MAP_FAILED) { perror("mmap"); return -1; }
        if (mprotect(g->map, page, PROT_NONE) != 0 ||
            mprotect(g->map + page + body, page, PROT_NONE) != 0) {
            perror("mprotect");
            return -1;
        }
        g->lo = page;
        g->hi = page + body;
        /* The block ends where the inaccessible page begins. */
        g->p = g->map + g->hi - block + (size_t)NG * es;
    }
    return 0;
}

/* Guard words and contents: guards everywhere, then zeros in the array. */
static void fill_guards(int a)
{
    struct garr *g = &arr[a];
    int i, lo = -NG, hi = g->n + (g->tail ? NG : 0);
    for (i = lo; i < hi; i++) {
        int in = i >= 0 && i < g->n;
        if (g->kind == K_DOUBLE) D(a)[i] = in ? 0.0 : RGUARD;
        else if (g->kind == K_FLOAT) F(a)[i] = in ? 0.0f : FGUARD;
        else I(a)[i] = in ? 0 : IGUARD;
    }
}

static int guard_bad(int a)
{
    struct garr *g = &arr[a];
    const double rg = RGUARD;
    const float fg = FGUARD;
    int i, bad = 0, hi = g->n + (g->tail ? NG : 0);
    for (i = -NG; i < hi; i++) {
        if (i >= 0 && i < g->n) continue;
        if (g->kind == K_DOUBLE) bad += memcmp(&D(a)[i], &rg, sizeof rg) != 0;
        else if (g->kind == K_FLOAT) bad += memcmp(&F(a)[i], &fg, sizeof fg) != 0;
        else bad += I(a)[i] != IGUARD;
    }
    return bad;
}

/* ---------------------------------------------------------------- */
/* A case. */
enum routine { R_DDASKR, R_SDASKR, R_DSL48E, NROUTINE };
static const char *routine_name[NROUTINE] = {"DDASKR", "SDASKR", "DSL48E"};
enum { M_DENSE, M_BAND, M_SPARSE };
enum { CB_NONE, CB_RES, CB_JAC, CB_RT, CB_STCHANGE, CB_EVTDERIV };
static const char *cb_name[] = {"", "RES", "JAC", "RT", "STCHANGE", "EVTDERIV"};

enum param {
    P_NEQ, P_NRT, P_LRW, P_LIW, P_ML, P_MU, P_NEJAC1, P_NEJAC, P_ND, P_NC, P_ISC,
    P_NJYDOT, P_LIEVWK, P_LREVWK, P_JDTYPE, P_TOL, P_CALLBACK, NPARAM
};
static const char *param_name[NPARAM] = {
    "NEQ", "NRT", "LRW", "LIW", "ML, IWORK(1)", "MU, IWORK(2)", "NEJAC, IWORK(1)",
    "NEJAC", "ND", "NC", "ISC entries", "NJYDOT", "LIEVWK", "LREVWK", "JDTYPE",
    "RTOL = ATOL, INFO(2)=1", "null callback"
};

#define NISC 4      /* ISC(1..4) as chosen; ISC(5..) = 1 */
struct cfg {
    int routine, mode, info2, alias, cb;
    int neq, nrt, lrw, liw, iw1, iw2;                       /* DDASKR */
    int nejac, nd, nc, njydot, lievwk, lrevwk, jdtype, isc[NISC]; /* DSL48E */
    unsigned fuzzed;                                       /* 1 << param */
};

/* The expectation, from the documented formulas. */
enum { X_REJECT, X_PROCEED, X_SKIP };
struct expect {
    int what;
    char why[160];
    double lenrw, leniw;      /* the lengths needed (when computable) */
};

static const int values[] = {0, -1, INT_MIN, INT_MAX, INT_MAX - 1, 1 << 30, 1 << 28, 46341};
#define NVALUES ((int)(sizeof values / sizeof *values))
/* Huge NEQ (and the other sizes) for the combinations. */
static const int huge[] = {INT_MAX, INT_MAX - 1, 1 << 30, 1 << 28, 1 << 24, 1 << 20, 46341, 46340, 1000};
#define NHUGE ((int)(sizeof huge / sizeof *huge))

static void base_cfg(struct cfg *c, int routine, int mode)
{
    memset(c, 0, sizeof *c);
    c->routine = routine;
    c->mode = routine == R_DSL48E ? M_SPARSE : mode;
    c->jdtype = 1;
    if (routine != R_DSL48E) {
        c->neq = 1;
        c->nrt = 1;
        c->liw = 40 + 1;
        if (mode == M_DENSE) c->lrw = 60 + 9 + 3 + 1;
        if (mode == M_BAND) c->lrw = 60 + 9 + 3 + 1 + 2 * (1 / 1 + 1);   /* ML = MU = 0 */
        if (mode == M_SPARSE) { c->iw1 = 1; c->lrw = 60 + 9 + 3 + 1; c->liw = 40 + 2; }
    } else {
        /* z = (x, d): x' = -x, d = x - 1/2; one condition d >= 0. */
        c->neq = 2;
        c->nejac = 3;
        c->nd = 1;
        c->nc = 1;
        c->isc[0] = 1;
        c->isc[1] = c->isc[2] = c->isc[3] = 1;
        c->njydot = 1;
        c->lrw = 60 + 9 * 2 + 3;
        c->liw = 40 + 2 + 1;
        c->lievwk = 2;
        c->lrevwk = 6 * 1 + 5 + 5 * 2 + 40;
    }
}

static int isc_at(const struct cfg *c, int k) { return k < NISC ? c->isc[k] : 1; }

/* The NULL callback is one the call needs: RES always, JAC with
   INFO(5) = 1 (DDASKR) or JDTYPE = 1, RT with NRT > 0, STCHANGE and
   EVTDERIV with NC > 0. */
static int cb_required(const struct cfg *c)
{
    switch (c->cb) {
    case CB_RES: return 1;
    case CB_JAC: return c->routine != R_DSL48E || c->jdtype == 1;
    case CB_RT: return c->nrt > 0;
    case CB_STCHANGE: case CB_EVTDERIV: return c->nc > 0;
    default: return 0;
    }
}

/* Everything in double: exact below 2^53; a result above 2^31-1 is
   invalid whatever the rounding. */
static void classify(const struct cfg *c, struct expect *e)
{
    double n = c->neq, big = (double)INT_MAX;
    memset(e, 0, sizeof *e);
    e->what = X_REJECT;
#define REJECT(...) do { snprintf(e->why, sizeof e->why, __VA_ARGS__); return; } while (0)
    if (cb_required(c)) REJECT("%s is NULL", cb_name[c->cb]);
    if (c->routine != R_DSL48E) {
        double r = c->nrt, pd = 0, save = 0, iwk;
        if (c->neq < 1) REJECT("NEQ < 1");
        if (c->nrt < 0) REJECT("NRT < 0");
        if (c->mode == M_BAND) {
            if (c->iw1 < 0 || c->iw1 >= c->neq) REJECT("ML not in 0..NEQ-1");
            if (c->iw2 < 0 || c->iw2 >= c->neq) REJECT("MU not in 0..NEQ-1");
            pd = (2.0 * c->iw1 + c->iw2 + 1) * n;
            save = 2 * ((double)(c->neq / (c->iw1 + c->iw2 + 1)) + 1);
        } else if (c->mode == M_SPARSE) {
            if (c->routine == R_SDASKR) REJECT("INFO(6) = 2 (SDASKR has no sparse method)");
            if (c->iw1 < 1 || (double)c->iw1 > n * n) REJECT("NEJAC not in 1..NEQ^2");
            pd = c->iw1;
        } else {
            pd = n * n;
        }
        e->lenrw = 60 + 9 * n + 3 * r + pd + save;
        e->leniw = iwk = c->mode == M_SPARSE ? 40 + 2.0 * c->iw1 : 40 + n;
        if (e->lenrw > big) REJECT("LENRW = %.4g > 2^31-1", e->lenrw);
        if (iwk > big) REJECT("LENIW = %.4g > 2^31-1", iwk);
        if (c->lrw < e->lenrw) REJECT("LRW < LENRW = %.0f", e->lenrw);
        if (c->liw < iwk) REJECT("LIW < LENIW = %.0f", iwk);
        /* Valid sizes: only the declared lengths may differ from the
           base problem (the real arrays hold nothing larger). */
        if (c->neq != 1 || c->nrt != 1 || (c->mode != M_DENSE && (c->iw1 != (c->mode == M_SPARSE) || c->iw2 != 0)))
            e->what = X_SKIP;
        else
            e->what = X_PROCEED;
        snprintf(e->why, sizeof e->why, "valid sizes");
        return;
    } else {
        double nd = c->nd, lenrw, leniw, need_i, need_r;
        int k, maxisc = 0, realizable;
        double sum = 0;
        if (c->neq < 1) REJECT("NEQ < 1");
        if (c->nc < 0) REJECT("NC < 0");
        if (c->nc == 0 && c->nd != 0) REJECT("ND /= 0 with NC = 0");
        if (c->nd < 0) REJECT("ND < 0");
        if (c->nc > c->nd) REJECT("NC > ND (every condition has a function)");
        if (c->nd >= c->neq) REJECT("ND >= NEQ");
        if (c->njydot < 0 || c->njydot > c->neq - c->nd) REJECT("NJYDOT not in 0..NEQ-ND");
        if (c->nejac < 1 || (double)c->nejac > n * n) REJECT("NEJAC not in 1..NEQ^2");
        if (c->jdtype != 0 && c->jdtype != 1) REJECT("JDTYPE not 0 or 1");
        e->lenrw = lenrw = 60 + 9 * n + c->nejac;
        e->leniw = leniw = 40 + n + nd;
        if (lenrw > big) REJECT("LENRW = %.4g > 2^31-1", lenrw);
        if (leniw > big) REJECT("LENIW = %.4g > 2^31-1", leniw);
        if (c->lrw < lenrw) REJECT("LRW < LENRW = %.0f", lenrw);
        if (c->liw < leniw) REJECT("LIW < LENIW = %.0f", leniw);
        if (c->lievwk < c->neq) REJECT("LIEVWK < NEQ");
        if (c->nc > 0 && (double)c->lievwk < (double)c->njydot + 1) REJECT("LIEVWK < NJYDOT + 1");
        need_r = 6 * nd + 5 + 5 * n + 40;
        if (c->lrevwk < need_r) REJECT("LREVWK < %.0f", need_r);
        /* Valid as far as the scalars go: the contents decide, if the
           real arrays hold what the sizes say. */
        realizable = c->neq <= CAPN && c->nejac <= CAPN && c->nc <= CAPN && c->njydot <= CAPN &&
                     lenrw <= CAPW && leniw <= CAPW && need_r <= CAPW;
        if (!realizable) {
            e->what = X_SKIP;
            snprintf(e->why, sizeof e->why, "valid scalars, larger than the real arrays");
            return;
        }
        for (k = 0; k < c->nc; k++) {
            int v = isc_at(c, k);
            if (v < 1) REJECT("ISC(%d) < 1", k + 1);
            sum += v;
            if (v > maxisc) maxisc = v;
        }
        if (sum != nd) REJECT("ND /= ISC(1)+...+ISC(NC)");
        need_i = (double)c->njydot + maxisc > n ? (double)c->njydot + maxisc : n;
        if (c->lievwk < need_i) REJECT("LIEVWK < %.0f", need_i);
        if (c->nejac > 3) REJECT("JROW/JCOL(4..NEJAC) repeat (1,1)");
        if (c->njydot > 1) REJECT("JYDOT(2..NJYDOT) repeat 1");
        if (c->neq != 2 || c->nejac != 3 || c->nd != 1 || c->nc != 1 || c->isc[0] != 1 || c->njydot != 1)
            e->what = X_SKIP;
        else
            e->what = X_PROCEED;
        snprintf(e->why, sizeof e->why, "valid sizes");
    }
#undef REJECT
}

/* The case's scalars as text, the fuzzed ones marked with '*'. */
static void describe_cfg(const struct cfg *c, char *buf, size_t len)
{
    size_t o = 0;
#define PUT(...) do { int n_ = snprintf(buf + o, o < len ? len - o : 0, __VA_ARGS__); \
        if (n_ > 0) o += (size_t)n_; } while (0)
#define MARK(p) ((c->fuzzed >> (p)) & 1 ? "*" : "")
    PUT("%s", routine_name[c->routine]);
    if (c->routine != R_DSL48E) {
        PUT(" NEQ=%d%s NRT=%d%s LRW=%d%s LIW=%d%s", c->neq, MARK(P_NEQ), c->nrt, MARK(P_NRT), c->lrw,
            MARK(P_LRW), c->liw, MARK(P_LIW));
        if (c->mode == M_BAND)
            PUT(" INFO(6)=1 ML=%d%s MU=%d%s", c->iw1, MARK(P_ML), c->iw2, MARK(P_MU));
        if (c->mode == M_SPARSE) PUT(" INFO(6)=2 NEJAC=IWORK(1)=%d%s", c->iw1, MARK(P_NEJAC1));
    } else {
        int k;
        PUT(" NEQ=%d%s NEJAC=%d%s ND=%d%s NC=%d%s ISC=(", c->neq, MARK(P_NEQ), c->nejac, MARK(P_NEJAC), c->nd,
            MARK(P_ND), c->nc, MARK(P_NC));
        for (k = 0; k < (c->nc < NISC ? c->nc : NISC); k++) PUT("%s%d", k ? "," : "", c->isc[k]);
        PUT("%s)%s NJYDOT=%d%s JDTYPE=%d%s LRW=%d%s LIW=%d%s LIEVWK=%d%s LREVWK=%d%s",
            c->nc > NISC ? ",1,..." : "", MARK(P_ISC), c->njydot, MARK(P_NJYDOT), c->jdtype, MARK(P_JDTYPE),
            c->lrw, MARK(P_LRW), c->liw, MARK(P_LIW), c->lievwk, MARK(P_LIEVWK), c->lrevwk, MARK(P_LREVWK));
    }
    if (c->info2) PUT(" INFO(2)=1%s%s", c->alias ? " RTOL=ATOL (one array)" : "", MARK(P_TOL));
    if (c->cb) PUT(" %s=NULL%s", cb_name[c->cb], MARK(P_CALLBACK));
#undef PUT
#undef MARK
}

/* The length the case declares for array `a` (-1: not passed). */
static double declared(const struct cfg *c, int a)
{
    int dsl = c->routine == R_DSL48E, sgl = c->routine == R_SDASKR;
    double ntol = c->info2 ? c->neq : 1;
    switch (a) {
    case A_DY: case A_DYP: return sgl ? -1 : c->neq;
    case A_SY: case A_SYP: return sgl ? c->neq : -1;
    case A_DRTOL: return sgl ? -1 : ntol;
    case A_DATOL: return sgl || c->alias ? -1 : ntol;
    case A_SRTOL: return sgl ? ntol : -1;
    case A_SATOL: return sgl && !c->alias ? ntol : -1;
    case A_DRWORK: return sgl ? -1 : c->lrw;
    case A_SRWORK: return sgl ? c->lrw : -1;
    case A_IWORK: return c->liw;
    case A_INFO: return 20;
    case A_JROOT: return dsl ? -1 : c->nrt;
    case A_JROW: case A_JCOL: return dsl ? c->nejac : -1;
    case A_JYDOT: return dsl ? c->njydot : -1;
    case A_ISC: return dsl ? c->nc : -1;
    case A_BOUNDS: return dsl ? 0 : -1;
    case A_IEVWK: return dsl ? c->lievwk : -1;
    case A_REVWK: return dsl ? c->lrevwk : -1;
    default: return -1;
    }
}

/* Which array an address belongs to (for a SIGSEGV): its mapping, or
   the declared (not real) length of one the case passes. */
static void describe_address(const struct cfg *c, uintptr_t addr, char *buf, size_t len)
{
    int a;
    size_t o = 0;
    for (a = 0; a < NARR; a++) {
        struct garr *g = &arr[a];
        uintptr_t m = (uintptr_t)g->map, p = (uintptr_t)g->p;
        uintptr_t end = p + (size_t)g->n * esize(g->kind);
        if (addr < m || addr >= m + g->maplen) continue;
        if (addr >= m + g->hi)
            snprintf(buf, len, "%s past the end of %s (its %d elements and %d guard words)",
                     addr - end < 1024 ? "just" : "far", g->name, g->n, g->tail ? NG : 0);
        else if (addr < m + g->lo)
            snprintf(buf, len, "before the start of %s", g->name);
        else
            snprintf(buf, len, "inside %s", g->name);
        return;
    }
    /* Outside every mapping: a copy that reads its source from the far
       end first, say. */
    o = (size_t)snprintf(buf, len, "outside the test arrays");
    for (a = 0; a < NARR && o < len; a++) {
        uintptr_t p = (uintptr_t)arr[a].p;
        size_t es = esize(arr[a].kind);
        double d = declared(c, a);
        if (d > arr[a].n && addr >= p && (double)(addr - p) < d * (double)es) {
            int n = snprintf(buf + o, len - o, "; element %lu of %s (declared %.0f, real %d)",
                             (unsigned long)((addr - p) / es + 1), arr[a].name, d, arr[a].n);
            if (n > 0) o += (size_t)n;
        }
    }
}

/* ---------------------------------------------------------------- */
/* The problems.  Every callback counts its calls (a rejected call must
   call none) and touches only the elements the base problem has. */
static volatile long ncallback;

static void d_res(const double *t, const double *y, const double *yp, const double *cj, double *delta,
                  int *ires, double *rpar, int *ipar)
{
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    ncallback++;
    delta[0] = yp[0] + y[0];
}

static void d_jac(const double *t, const double *y, const double *yp, double *pd, const double *cj,
                  double *rpar, int *ipar)
{
    (void)t; (void)y; (void)yp; (void)rpar; (void)ipar;
    ncallback++;
    pd[0] = 1.0 + *cj;
}

static void d_rt(const int *neq, const double *t, const double *y, const double *yp, const int *nrt,
                 double *rval, double *rpar, int *ipar)
{
    (void)neq; (void)t; (void)yp; (void)rpar; (void)ipar;
    ncallback++;
    if (*nrt >= 1) rval[0] = y[0] - 0.5;
}

static void s_res(const float *t, const float *y, const float *yp, const float *cj, float *delta, int *ires,
                  float *rpar, int *ipar)
{
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    ncallback++;
    delta[0] = yp[0] + y[0];
}

static void s_jac(const float *t, const float *y, const float *yp, float *pd, const float *cj, float *rpar,
                  int *ipar)
{
    (void)t; (void)y; (void)yp; (void)rpar; (void)ipar;
    ncallback++;
    pd[0] = 1.0f + *cj;
}

static void s_rt(const int *neq, const float *t, const float *y, const float *yp, const int *nrt, float *rval,
                 float *rpar, int *ipar)
{
    (void)neq; (void)t; (void)yp; (void)rpar; (void)ipar;
    ncallback++;
    if (*nrt >= 1) rval[0] = y[0] - 0.5f;
}

static void e_res(const int *neq, const double *t, const double *z, const double *zdot, double *delta,
                  int *ires, const int *ichvar, double *rpar, int *ipar)
{
    (void)neq; (void)t; (void)ires; (void)ichvar; (void)rpar; (void)ipar;
    ncallback++;
    delta[0] = zdot[0] + z[0];
    delta[1] = z[1] - (z[0] - 0.5);
}

static void e_jac(const int *neq, const double *t, const double *z, const double *zdot, const double *cj,
                  const int *nejac, const int *jrow, const int *jcol, double *pd, int *ires, double *rpar,
                  int *ipar)
{
    int k;
    (void)neq; (void)t; (void)z; (void)zdot; (void)ires; (void)rpar; (void)ipar;
    ncallback++;
    for (k = 0; k < *nejac && k < 3; k++)
        pd[k] = jrow[k] == 1 ? 1.0 + *cj : (jcol[k] == 1 ? -1.0 : 1.0);
}

static void e_stchange(int *ichange, const int *istate, const int *neq, const int *nc, const int *nd,
                       const int *isc, const double *t, const double *z, const double *zdot, double *rpar,
                       int *ipar, const int *ndi, const int *ig)
{
    (void)istate; (void)neq; (void)nc; (void)nd; (void)isc; (void)t; (void)z; (void)zdot; (void)rpar;
    (void)ndi;
    ncallback++;
    *ichange = (ig[0] ? 1 : 0) != ipar[0];
}

static void e_evtderiv(int *icode, const int *istate, const int *idiscon, const int *neq, const int *nc,
                       const int *nd, const int *isc, const double *time, const double *z, const double *zdot,
                       double *rpar, int *ipar, double *d, double *alpha)
{
    (void)istate; (void)idiscon; (void)neq; (void)nc; (void)nd; (void)isc; (void)time; (void)z; (void)zdot;
    (void)rpar; (void)ipar;
    ncallback++;
    *icode = 0;
    d[0] = d[1] = 0.0;
    *alpha = 0.0;
}

/* The arrays for one call: guards, zeros, the base problem's values. */
static void init_arrays(const struct cfg *c)
{
    int a, i;
    for (a = 0; a < NARR; a++) fill_guards(a);
    for (i = 0; i < CAPN; i++) {
        D(A_DRTOL)[i] = D(A_DATOL)[i] = 1e-6;
        F(A_SRTOL)[i] = F(A_SATOL)[i] = 1e-4f;
        I(A_ISC)[i] = i < NISC ? c->isc[i] : 1;
        I(A_JROW)[i] = I(A_JCOL)[i] = 1;   /* (1,1) again: a repeated entry */
        I(A_JYDOT)[i] = 1;                 /* 1 again: a repeated entry */
        D(A_BOUNDS)[2 * i] = -1e300;
        D(A_BOUNDS)[2 * i + 1] = 1e300;
    }
    if (c->routine != R_DSL48E) {
        D(A_DY)[0] = 1.0;
        D(A_DYP)[0] = -1.0;
        F(A_SY)[0] = 1.0f;
        F(A_SYP)[0] = -1.0f;
        if (c->mode != M_DENSE) {
            I(A_IWORK)[0] = c->iw1;
            I(A_IWORK)[1] = c->iw2;
        }
        if (c->mode == M_SPARSE)     /* JROW, JCOL from IWORK(41): (1,1), then repeats */
            for (i = 40; i < CAPW; i++) I(A_IWORK)[i] = 1;
        I(A_INFO)[1] = c->info2;
        I(A_INFO)[4] = c->cb == CB_JAC;
        I(A_INFO)[5] = c->mode;
    } else {
        static const int jrow[3] = {1, 2, 2}, jcol[3] = {1, 1, 2};
        D(A_DY)[0] = 1.0;
        D(A_DY)[1] = 0.5;
        D(A_DYP)[0] = -1.0;
        D(A_DYP)[1] = -1.0;
        for (i = 0; i < 3; i++) {
            I(A_JROW)[i] = jrow[i];
            I(A_JCOL)[i] = jcol[i];
        }
        I(A_IPAR)[0] = 1;        /* the condition d >= 0 is true at the start */
        I(A_INFO)[1] = c->info2;
    }
}

struct call_out {
    int idid, ievent;
};

/* One call of the case's routine with its scalars (NEQ = 0 instead when
   `neq0`, the warm-up). */
static void call_routine(const struct cfg *c, int neq0, struct call_out *o)
{
    int neq = neq0 ? 0 : c->neq, idid = 12345;
    o->ievent = 0;
    if (c->routine == R_DDASKR) {
        double t = 0.0, tout = 1.0;
        ddaskr_(c->cb == CB_RES ? NULL : d_res, &neq, &t, D(A_DY), D(A_DYP), &tout, I(A_INFO), D(A_DRTOL),
                c->alias ? D(A_DRTOL) : D(A_DATOL), &idid, D(A_DRWORK), &c->lrw, I(A_IWORK), &c->liw,
                D(A_DRPAR), I(A_IPAR), c->cb == CB_JAC ? NULL : (daskr_generic_fn)d_jac, NULL,
                c->cb == CB_RT ? NULL : d_rt, &c->nrt, I(A_JROOT));
    } else if (c->routine == R_SDASKR) {
        float t = 0.0f, tout = 1.0f;
        sdaskr_(c->cb == CB_RES ? NULL : s_res, &neq, &t, F(A_SY), F(A_SYP), &tout, I(A_INFO), F(A_SRTOL),
                c->alias ? F(A_SRTOL) : F(A_SATOL), &idid, F(A_SRWORK), &c->lrw, I(A_IWORK), &c->liw,
                F(A_SRPAR), I(A_IPAR), c->cb == CB_JAC ? NULL : (daskr_generic_fn)s_jac, NULL,
                c->cb == CB_RT ? NULL : s_rt, &c->nrt, I(A_JROOT));
    } else {
        double time = 0.0, tout = 1.0, tevt = -1.0;
        int ievent = 12345, idiscon = 12345;
        dsl48e_(c->cb == CB_RES ? NULL : e_res, NULL, &neq, &time, D(A_DY), D(A_DYP), &tout, I(A_INFO),
                D(A_DRTOL), c->alias ? D(A_DRTOL) : D(A_DATOL), &idid, D(A_DRWORK), &c->lrw, I(A_IWORK),
                &c->liw, D(A_DRPAR), I(A_IPAR), c->cb == CB_JAC ? NULL : e_jac, &c->nejac, I(A_JROW),
                I(A_JCOL), I(A_JYDOT), &c->njydot, &c->jdtype, D(A_BOUNDS), &ievent, &idiscon, &c->nc,
                &c->nd, I(A_ISC), &tevt, &c->lievwk, I(A_IEVWK), &c->lrevwk, D(A_REVWK),
                c->cb == CB_STCHANGE ? NULL : e_stchange, c->cb == CB_EVTDERIV ? NULL : e_evtderiv);
        o->ievent = ievent;
    }
    o->idid = idid;
}

/* ---------------------------------------------------------------- */
/* The child's side. */
enum {
    F_IDID = 1, F_IEVENT = 2, F_GUARD = 4, F_TIME = 8, F_MEM = 16, F_VM = 32, F_CALLBACK = 64,
    F_PROCEED = 128, F_PANIC = 256, F_HANG = 512, F_SEGV = 1024, F_ABORT = 2048, F_CRASH = 4096,
    F_NOREPORT = 8192, NFAILBIT = 14
};
static const char *fail_name[NFAILBIT] = {
    "IDID /= -33", "IEVENT /= 0", "guard words overwritten", "time >= 1 ms", "ru_maxrss grew > 1024 KB",
    "VmPeak grew > 16 MB", "a callback was called", "valid call did not proceed (IDID <= 0)",
    "panic inside the library", "hang (alarm)", "SIGSEGV/SIGBUS (memory beyond a real array)",
    "abort (e.g. a failed allocation)", "other crash or exit", "no report from the child"
};

static int report_fd = -1;
static volatile int cur_rep = -1;
static struct timespec case_start;

static void report(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof buf - 2) n = (int)sizeof buf - 2;
    buf[n++] = '\n';
    if (write(report_fd >= 0 ? report_fd : 2, buf, (size_t)n) < 0) _exit(3);
}

static long maxrss_kb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return -1;
#ifdef __APPLE__
    return (long)(ru.ru_maxrss / 1024);   /* bytes there */
#else
    return (long)ru.ru_maxrss;
#endif
}

/* VmPeak in KB (Linux), -1 elsewhere. */
static long vmpeak_kb(void)
{
    char buf[4096];
    long v = -1;
    ssize_t n;
    int fd = open("/proc/self/status", O_RDONLY);
    if (fd < 0) return -1;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n > 0) {
        char *p;
        buf[n] = '\0';
        p = strstr(buf, "VmPeak:");
        if (p) v = strtol(p + 7, NULL, 10);
    }
    return v;
}

static long elapsed_ns(const struct timespec *a, const struct timespec *b)
{
    return (long)(b->tv_sec - a->tv_sec) * 1000000000L + (b->tv_nsec - a->tv_nsec);
}

/* Async-signal-safe number formatting for the handlers. */
static char *put_num(char *p, unsigned long long v, int base)
{
    char tmp[32];
    int n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[v % (unsigned)base];
        v /= (unsigned)base;
    } while (v);
    while (n) *p++ = tmp[--n];
    return p;
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
    char buf[160], *p = buf;
    struct timespec now;
    struct rusage ru;
    (void)uc;
    clock_gettime(CLOCK_MONOTONIC, &now);
    memcpy(p, "C ", 2); p += 2;
    p = put_num(p, (unsigned long long)sig, 10); *p++ = ' ';
    p = put_num(p, (unsigned long long)(uintptr_t)(sig == SIGSEGV || sig == SIGBUS ? si->si_addr : 0), 16);
    *p++ = ' ';
    p = put_num(p, (unsigned long long)(cur_rep + 1), 10); *p++ = ' ';
    p = put_num(p, (unsigned long long)(elapsed_ns(&case_start, &now) / 1000000), 10); *p++ = ' ';
    p = put_num(p, (unsigned long long)(getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0), 10);
    *p++ = '\n';
    if (write(report_fd >= 0 ? report_fd : 2, buf, (size_t)(p - buf)) < 0) {}
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_handlers(void)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGABRT, SIGALRM, SIGFPE, SIGILL};
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, NULL);
}

/* Runs the case (in the child, or in-process for a replay) and reports
   "R fails idid ievent guardbad best_ns drss_kb dvm_kb leniw lenrw
   ncallback". */
static void run_case(const struct cfg *c, int verbose)
{
    struct expect e;
    struct call_out o, first = {0, 0};
    struct rlimit rl;
    long best = -1, rss0, rss1, vm0, vm1, ncb = 0;
    int rep, fails = 0, gbad = 0, leniw = 0, lenrw = 0, a, worst_idid = 0, worst_ievent = 0, bad_arr = -1;

    classify(c, &e);
    clock_gettime(CLOCK_MONOTONIC, &case_start);
    /* Warm-up: a rejected call (NEQ = 0) of the same routine, so that
       one-time set-up (message output, ...) is not counted. */
    {
        struct cfg w;
        base_cfg(&w, c->routine, c->mode);
        init_arrays(&w);
        call_routine(&w, 1, &o);
    }
    rl.rlim_cur = rl.rlim_max = AS_LIMIT;
    if (!verbose || !getenv("DASKR_FIRSTCALL_NO_RLIMIT")) setrlimit(RLIMIT_AS, &rl);
    rss0 = maxrss_kb();
    vm0 = vmpeak_kb();
    for (rep = 0; rep < REPS; rep++) {
        struct timespec t0, t1;
        long dt;
        init_arrays(c);
        I(A_IWORK)[16] = I(A_IWORK)[17] = 0;
        ncallback = 0;
        cur_rep = rep;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        call_routine(c, 0, &o);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        cur_rep = -1;
        dt = elapsed_ns(&t0, &t1);
        if (best < 0 || dt < best) best = dt;
        if (rep == 0) {
            first = o;
            leniw = I(A_IWORK)[16];
            lenrw = I(A_IWORK)[17];
        }
        for (a = 0; a < NARR; a++) {
            int b = guard_bad(a);
            if (b && bad_arr < 0) bad_arr = a;
            gbad += b;
        }
        if (verbose)
            fprintf(stderr, "   call %d: IDID = %d, IEVENT = %d, %.1f us, callbacks %ld, IWORK(17..18) = %d %d\n",
                    rep + 1, o.idid, o.ievent, dt / 1000.0, (long)ncallback, I(A_IWORK)[16], I(A_IWORK)[17]);
        ncb += ncallback;
        if (e.what == X_REJECT) {
            if (o.idid != -33 && !(fails & F_IDID)) { fails |= F_IDID; worst_idid = o.idid; }
            if (c->routine == R_DSL48E && o.ievent != 0 && !(fails & F_IEVENT)) {
                fails |= F_IEVENT;
                worst_ievent = o.ievent;
            }
        } else if (o.idid <= 0 && !(fails & F_PROCEED)) {
            fails |= F_PROCEED;
            worst_idid = o.idid;
        }
    }
    rss1 = maxrss_kb();
    vm1 = vmpeak_kb();
    if (gbad) fails |= F_GUARD;
    if (e.what == X_REJECT) {
        if (ncb) fails |= F_CALLBACK;
        if (best >= TIME_LIMIT_NS) fails |= F_TIME;
        if (rss1 - rss0 > RSS_LIMIT_KB) fails |= F_MEM;
        if (vm0 >= 0 && vm1 - vm0 > VM_LIMIT_KB) fails |= F_VM;
    }
    report("R %d %d %d %d %d %ld %ld %ld %d %d %ld", fails, (fails & (F_IDID | F_PROCEED)) ? worst_idid : first.idid,
           (fails & F_IEVENT) ? worst_ievent : first.ievent, gbad, bad_arr, best, rss1 - rss0,
           vm0 >= 0 ? vm1 - vm0 : 0, leniw, lenrw, ncb);
}

/* ---------------------------------------------------------------- */
/* The cases. */
static struct cfg *sys;
static int nsys, capsys;

static void add(const struct cfg *c)
{
    if (nsys == capsys) {
        capsys = capsys ? 2 * capsys : 256;
        sys = realloc(sys, (size_t)capsys * sizeof *sys);
        if (!sys) { perror("realloc"); exit(2); }
    }
    sys[nsys++] = *c;
}

/* A length needed (from `classify`) minus one, or 2^31-1 if it does
   not fit. */
static int need_minus_1(double need) { return need - 1 <= (double)INT_MAX ? (int)(need - 1) : INT_MAX; }

static double need_of(const struct cfg *c, int which)
{
    double n = c->neq;
    if (c->routine != R_DSL48E) {
        struct cfg t = *c;
        struct expect e;
        t.lrw = t.liw = INT_MAX;
        classify(&t, &e);
        return which == P_LRW ? e.lenrw : e.leniw;
    }
    switch (which) {
    case P_LRW: return 60 + 9 * n + c->nejac;
    case P_LIW: return 40 + n + c->nd;
    case P_LIEVWK: return (double)c->njydot + isc_at(c, 0) > n ? (double)c->njydot + isc_at(c, 0) : n;
    default: return 6.0 * c->nd + 5 + 5 * n + 40;
    }
}

static int *param_slot(struct cfg *c, int p)
{
    switch (p) {
    case P_NEQ: return &c->neq;
    case P_NRT: return &c->nrt;
    case P_LRW: return &c->lrw;
    case P_LIW: return &c->liw;
    case P_ML: case P_NEJAC1: return &c->iw1;
    case P_MU: return &c->iw2;
    case P_NEJAC: return &c->nejac;
    case P_ND: return &c->nd;
    case P_NC: return &c->nc;
    case P_NJYDOT: return &c->njydot;
    case P_LIEVWK: return &c->lievwk;
    case P_LREVWK: return &c->lrevwk;
    case P_JDTYPE: return &c->jdtype;
    default: return NULL;
    }
}

static void set(struct cfg *c, int p, int v)
{
    int *s = param_slot(c, p);
    if (s) *s = v;
    c->fuzzed |= 1u << p;
}

/* The work lengths as large as they can be (so that one short length or
   an overflow is the only fault). */
static void all_lengths_max(struct cfg *c)
{
    c->lrw = c->liw = INT_MAX;
    if (c->routine == R_DSL48E) c->lievwk = c->lrevwk = INT_MAX;
}

static void build_systematic(void)
{
    static const int dparams[] = {P_NEQ, P_NRT, P_LRW, P_LIW};
    static const int eparams[] = {P_NEQ, P_NEJAC, P_ND, P_NC, P_NJYDOT, P_LRW, P_LIW, P_LIEVWK, P_LREVWK, P_JDTYPE};
    static const int dlens[] = {P_LRW, P_LIW};
    static const int elens[] = {P_LRW, P_LIW, P_LIEVWK, P_LREVWK};
    struct cfg c;
    int r, i, j, k, m;

    for (r = 0; r < NROUTINE; r++) {
        int dsl = r == R_DSL48E;
        const int *params = dsl ? eparams : dparams, *lens = dsl ? elens : dlens;
        int nparams = dsl ? 10 : 4, nlens = dsl ? 4 : 2;

        /* The base problem itself, and each length one short. */
        for (m = 0; m < (dsl ? 1 : 3); m++) {
            base_cfg(&c, r, m);
            add(&c);
            for (i = 0; i < nlens; i++) {
                base_cfg(&c, r, m);
                set(&c, lens[i], need_minus_1(need_of(&c, lens[i])));
                add(&c);
            }
        }
        /* One size at a time, every special value. */
        for (i = 0; i < nparams; i++)
            for (j = 0; j < NVALUES; j++) {
                base_cfg(&c, r, M_DENSE);
                set(&c, params[i], values[j]);
                add(&c);
            }
        /* Huge NEQ with each work length short (0, 1, 145, needed - 1),
           the other lengths as large as they go. */
        for (i = 0; i < NHUGE; i++)
            for (j = 0; j < nlens; j++)
                for (k = 0; k < 4; k++) {
                    static const int shortv[] = {0, 1, 145, -1};
                    base_cfg(&c, r, M_DENSE);
                    all_lengths_max(&c);
                    set(&c, P_NEQ, huge[i]);
                    set(&c, lens[j], shortv[k] >= 0 ? shortv[k] : need_minus_1(need_of(&c, lens[j])));
                    add(&c);
                }
        /* Huge NEQ with the base lengths, and with every length 2^31-1. */
        for (i = 0; i < NHUGE; i++) {
            base_cfg(&c, r, M_DENSE);
            set(&c, P_NEQ, huge[i]);
            add(&c);
            all_lengths_max(&c);
            c.fuzzed |= 1u << P_LRW | 1u << P_LIW;
            add(&c);
        }
        /* INFO(2) = 1 with RTOL and ATOL one array (and two), NEQ huge,
           LRW short. */
        for (i = 0; i < NHUGE; i++)
            for (j = 0; j < 2; j++) {
                base_cfg(&c, r, M_DENSE);
                set(&c, P_NEQ, huge[i]);
                c.info2 = 1;
                c.alias = j;
                c.fuzzed |= 1u << P_TOL;
                set(&c, P_LRW, 145);
                add(&c);
            }
        /* Every required callback NULL, the sizes valid. */
        for (i = CB_RES; i <= CB_EVTDERIV; i++) {
            if (dsl ? i == CB_RT : i >= CB_STCHANGE) continue;
            base_cfg(&c, r, M_DENSE);
            c.cb = i;
            c.fuzzed |= 1u << P_CALLBACK;
            add(&c);
        }
        if (!dsl) {
            /* Band: ML and MU special, alone and with NEQ huge (the
               matrix length (2 ML + MU + 1) NEQ overflows 32 bits). */
            for (i = 0; i < 2; i++)
                for (j = 0; j < NVALUES; j++) {
                    base_cfg(&c, r, M_BAND);
                    set(&c, i ? P_MU : P_ML, values[j]);
                    add(&c);
                    set(&c, P_NEQ, INT_MAX);
                    all_lengths_max(&c);
                    add(&c);
                }
            for (i = 0; i < NHUGE; i++) {
                base_cfg(&c, r, M_BAND);
                set(&c, P_NEQ, huge[i]);
                set(&c, P_ML, huge[i] / 2);
                set(&c, P_MU, huge[i] / 3);
                all_lengths_max(&c);
                add(&c);
                set(&c, P_LIW, huge[i] + 39);
                add(&c);
            }
            /* Sparse: NEJAC in IWORK(1) special, alone, with NEQ huge and
               the lengths 2^31-1, and with LRW or LIW short. */
            for (j = 0; j < NVALUES; j++) {
                base_cfg(&c, r, M_SPARSE);
                set(&c, P_NEJAC1, values[j]);
                add(&c);
                for (i = 0; i < NHUGE; i++) {
                    base_cfg(&c, r, M_SPARSE);
                    set(&c, P_NEJAC1, values[j]);
                    set(&c, P_NEQ, huge[i]);
                    all_lengths_max(&c);
                    add(&c);
                    set(&c, P_LRW, 145);
                    add(&c);
                    c.lrw = INT_MAX;
                    set(&c, P_LIW, 145);
                    add(&c);
                }
            }
            /* NRT huge with LRW 2^31-1 or needed - 1. */
            for (i = 0; i < NHUGE; i++) {
                base_cfg(&c, r, M_DENSE);
                set(&c, P_NRT, huge[i]);
                all_lengths_max(&c);
                add(&c);
                set(&c, P_LRW, need_minus_1(need_of(&c, P_LRW)));
                add(&c);
            }
        } else {
            /* NEJAC huge with LRW short (145, 0, needed - 1), NEQ small
               and huge. */
            for (i = 0; i < NHUGE; i++)
                for (j = 0; j < 2; j++)
                    for (k = 0; k < 3; k++) {
                        base_cfg(&c, r, M_SPARSE);
                        all_lengths_max(&c);
                        set(&c, P_NEJAC, huge[i]);
                        if (j) set(&c, P_NEQ, huge[(i + 3) % NHUGE]);
                        set(&c, P_LRW, k == 0 ? 145 : k == 1 ? 0 : need_minus_1(need_of(&c, P_LRW)));
                        add(&c);
                    }
            /* ISC(1) special, ND the base (1), equal to it, or -1; and two
               conditions whose ISC sum wraps around in 32 bits. */
            for (j = 0; j < NVALUES; j++)
                for (k = 0; k < 3; k++) {
                    base_cfg(&c, r, M_SPARSE);
                    set(&c, P_ISC, 0);
                    c.isc[0] = values[j];
                    if (k == 1) set(&c, P_ND, values[j]);
                    if (k == 2) set(&c, P_ND, -1);
                    add(&c);
                    set(&c, P_NEQ, INT_MAX);
                    all_lengths_max(&c);
                    add(&c);
                }
            {
                static const int pair[][3] = {
                    {INT_MAX, INT_MAX, -2}, {INT_MAX, 1, INT_MIN}, {INT_MIN, -1, INT_MAX},
                    {1 << 30, 1 << 30, INT_MIN}, {-1, 2, 1}, {2, -1, 1}, {1, 1, 2},
                };
                for (i = 0; i < (int)(sizeof pair / sizeof *pair); i++)
                    for (k = 0; k < 2; k++) {
                        base_cfg(&c, r, M_SPARSE);
                        set(&c, P_NC, 2);
                        set(&c, P_ISC, 0);
                        c.isc[0] = pair[i][0];
                        c.isc[1] = pair[i][1];
                        set(&c, P_ND, pair[i][2]);
                        if (k) {
                            set(&c, P_NEQ, INT_MAX);
                            all_lengths_max(&c);
                        }
                        add(&c);
                    }
            }
            /* NC huge (the real ISC has 256 entries, all >= 1), with ND
               huge or not, NEQ huge or not. */
            for (i = 0; i < NHUGE; i++)
                for (k = 0; k < 4; k++) {
                    base_cfg(&c, r, M_SPARSE);
                    set(&c, P_NC, huge[i]);
                    if (k & 1) set(&c, P_ND, huge[i]);
                    if (k & 2) {
                        set(&c, P_NEQ, INT_MAX);
                        all_lengths_max(&c);
                    }
                    add(&c);
                }
            /* NJYDOT huge (the real JYDOT has 256 entries), NEQ huge, LRW
               short or every length 2^31-1. */
            for (i = 0; i < NHUGE; i++)
                for (k = 0; k < 2; k++) {
                    base_cfg(&c, r, M_SPARSE);
                    set(&c, P_NEQ, huge[i] == INT_MAX ? INT_MAX : huge[i] + 2);
                    set(&c, P_NJYDOT, huge[i]);
                    all_lengths_max(&c);
                    if (k) set(&c, P_LRW, 145);
                    add(&c);
                }
            /* ND huge with NEQ huge (LIW and LREVWK grow with ND). */
            for (i = 0; i < NHUGE; i++)
                for (k = 0; k < 3; k++) {
                    base_cfg(&c, r, M_SPARSE);
                    set(&c, P_NEQ, INT_MAX);
                    set(&c, P_ND, huge[i] - 1);
                    all_lengths_max(&c);
                    if (k == 1) set(&c, P_LIW, 145);
                    if (k == 2) set(&c, P_LREVWK, 145);
                    add(&c);
                }
        }
    }
}

static const int dsizes[] = {P_NEQ, P_NRT, P_ML, P_MU, P_NEJAC1};
static const int esizes[] = {P_NEQ, P_NEJAC, P_ND, P_NC, P_NJYDOT, P_JDTYPE, P_ISC};

static int pick_value(int base)
{
    switch (rint_(7)) {
    case 0: case 1: return values[rint_(NVALUES)];
    case 2: return (int)((rnd() >> 33) | (1ull << (20 + rint_(11))));     /* 2^20 .. 2^31-1 */
    case 3: return rint_(4) ? -(int)(rnd() >> 33) - 1 : -1 - rint_(3);
    case 4: return base + rint_(7) - 3;
    case 5: return huge[rint_(NHUGE)];
    default: return (int)(uint32_t)rnd();
    }
}

static int pick_length(const struct cfg *c, int p)
{
    switch (rint_(6)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 145;
    case 3: return need_minus_1(need_of(c, p));
    case 4: return chance(50) ? INT_MAX : -1;
    default: return pick_value(*param_slot((struct cfg *)c, p));
    }
}

/* A random case: a base problem, one to three sizes changed, sometimes
   NEQ huge too, then the work lengths; retried until the case is one
   the test can run (invalid, or valid within the real arrays). */
static void random_cfg(uint64_t seed, long icase, struct cfg *c)
{
    int tries;
    rng_state = seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(icase + 1));
    for (tries = 0; tries < 1000; tries++) {
        struct expect e;
        int r = rint_(NROUTINE), dsl = r == R_DSL48E, n, i;
        const int *sizes = dsl ? esizes : dsizes;
        int nsizes = dsl ? 7 : 5;
        base_cfg(c, r, dsl ? M_SPARSE : rint_(3));
        n = 1 + rint_(3);
        for (i = 0; i < n; i++) {
            int p = sizes[rint_(nsizes)];
            if (p == P_ML || p == P_MU) { if (c->mode != M_BAND) continue; }
            if (p == P_NEJAC1 && c->mode != M_SPARSE) continue;
            if (p == P_ISC) {
                int k = rint_(NISC);
                c->isc[k] = pick_value(1);
                c->fuzzed |= 1u << P_ISC;
                if (chance(50)) set(c, P_ND, chance(50) ? c->isc[0] + (c->nc > 1 ? c->isc[1] : 0) : pick_value(1));
                continue;
            }
            set(c, p, pick_value(*param_slot(c, p)));
        }
        if (chance(30)) set(c, P_NEQ, chance(50) ? huge[rint_(NHUGE)] : pick_value(c->neq));
        if (chance(60)) all_lengths_max(c);
        if (dsl) {
            static const int lens[] = {P_LRW, P_LIW, P_LIEVWK, P_LREVWK};
            n = rint_(3);
            for (i = 0; i < n; i++) {
                int p = lens[rint_(4)];
                set(c, p, pick_length(c, p));
            }
        } else {
            n = rint_(3);
            for (i = 0; i < n; i++) {
                int p = chance(50) ? P_LRW : P_LIW;
                set(c, p, pick_length(c, p));
            }
        }
        if (chance(8)) {
            c->info2 = 1;
            c->alias = chance(50);
            c->fuzzed |= 1u << P_TOL;
        }
        if (chance(3)) {
            c->cb = dsl ? (int[]){CB_RES, CB_JAC, CB_STCHANGE, CB_EVTDERIV}[rint_(4)] : CB_RES + rint_(3);
            if (c->cb == CB_JAC && dsl) c->jdtype = 1;
            c->fuzzed |= 1u << P_CALLBACK;
        }
        classify(c, &e);
        if (e.what != X_SKIP) return;
    }
    base_cfg(c, R_DDASKR, M_DENSE);
    set(c, P_NEQ, 0);
}

static void get_case(uint64_t seed, long icase, struct cfg *c)
{
    if (icase < nsys) *c = sys[icase];
    else random_cfg(seed, icase, c);
}

/* ---------------------------------------------------------------- */
/* The parent: statistics. */
struct stat_row {
    long cases, reject, proceed, failed, timed;
    long max_ns, max_rss, max_vm;
};
static struct stat_row stats[NROUTINE][NPARAM + 1];   /* NPARAM: base cases */
static long by_cause[NFAILBIT];

static const char *signame(int s)
{
    switch (s) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGABRT: return "SIGABRT";
    case SIGALRM: return "SIGALRM";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    default: return "signal";
    }
}

int main(int argc, char **argv)
{
    long ncases = 600, only = -1, c, total, nfailed = 0, nskipped_print = 0, nrun[3] = {0, 0, 0};
    long formula_mismatch = 0;
    uint64_t seed = 20250101;
    unsigned alarm_s = 3;
    const char *e;
    int devnull, r, p, i;
    struct timespec t_start, t_end;

    if ((e = getenv("DASKR_FIRSTCALL_CASES"))) ncases = atol(e);
    if ((e = getenv("DASKR_FIRSTCALL_SEED"))) seed = strtoull(e, NULL, 10);
    if ((e = getenv("DASKR_FIRSTCALL_ALARM")) && atoi(e) > 0) alarm_s = (unsigned)atoi(e);
    if (argc > 1) ncases = atol(argv[1]);
    if (argc > 2) seed = strtoull(argv[2], NULL, 10);
    if (argc > 3) only = atol(argv[3]);
    if (ncases < 0) ncases = 0;

    if (alloc_arrays() != 0) return 2;
    build_systematic();
    total = nsys + ncases;

    if (only >= 0) {
        struct cfg cf;
        struct expect ex;
        char desc[512];
        get_case(seed, only, &cf);
        classify(&cf, &ex);
        describe_cfg(&cf, desc, sizeof desc);
        fprintf(stderr, "case %ld: %s\n   expected: %s (%s)\n", only, desc,
                ex.what == X_REJECT ? "IDID = -33" : ex.what == X_PROCEED ? "IDID > 0" : "skipped", ex.why);
        if (ex.what == X_SKIP && !getenv("DASKR_FIRSTCALL_FORCE")) {
            fprintf(stderr, "   not run (valid sizes that the real arrays cannot hold;"
                            " DASKR_FIRSTCALL_FORCE=1 runs it anyway)\n");
            return 0;
        }
        install_handlers();
        run_case(&cf, 1);
        return 0;
    }

    devnull = open("/dev/null", O_WRONLY);
    /* A panic or a failed allocation in a child: its message, not a
       backtrace (slow, and long). */
    setenv("RUST_BACKTRACE", "0", 1);
    printf(" first-call fuzz: %d systematic + %ld random cases, seed %llu, alarm %u s, RLIMIT_AS %d MB\n",
           nsys, ncases, (unsigned long long)seed, alarm_s, (int)(AS_LIMIT >> 20));
    fflush(stdout);
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    for (c = 0; c < total; c++) {
        struct cfg cf;
        struct expect ex;
        int fds[2], status, fails = 0, idid = 0, ievent = 0, gbad = 0, bad_arr = -1, leniw = 0, lenrw = 0;
        int fields = 0, sig = 0, sigrep = 0;
        long best = -1, drss = 0, dvm = 0, ncb = 0, sigms = 0, sigrss = 0;
        unsigned long long sigaddr = 0;
        pid_t pid;
        static char buf[1 << 16], chunk[4096];
        size_t got = 0;
        ssize_t n;
        struct timespec c0, c1;
        char *line, *save = NULL, stderr_text[400] = "";
        int in_trace = 0;

        get_case(seed, c, &cf);
        classify(&cf, &ex);
        if (ex.what == X_SKIP) { nrun[2]++; continue; }
        nrun[ex.what]++;

        if (pipe(fds) != 0) { perror("pipe"); return 2; }
        fflush(stdout);
        clock_gettime(CLOCK_MONOTONIC, &c0);
        pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) {
            close(fds[0]);
            if (devnull >= 0) dup2(devnull, 1);
            dup2(fds[1], 2);
            report_fd = fds[1];
            install_handlers();
            alarm(alarm_s);
            run_case(&cf, 0);
            _exit(0);
        }
        close(fds[1]);
        while ((n = read(fds[0], chunk, sizeof chunk)) > 0) {
            size_t take = (size_t)n < sizeof buf - 1 - got ? (size_t)n : sizeof buf - 1 - got;
            memcpy(buf + got, chunk, take);
            got += take;
        }
        close(fds[0]);
        buf[got] = '\0';
        waitpid(pid, &status, 0);
        clock_gettime(CLOCK_MONOTONIC, &c1);

        for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            if (line[0] == 'R' && line[1] == ' ') {
                fields = sscanf(line + 2, "%d %d %d %d %d %ld %ld %ld %d %d %ld", &fails, &idid, &ievent, &gbad,
                                &bad_arr, &best, &drss, &dvm, &leniw, &lenrw, &ncb);
            } else if (line[0] == 'C' && line[1] == ' ') {
                sscanf(line + 2, "%d %llx %d %ld %ld", &sig, &sigaddr, &sigrep, &sigms, &sigrss);
            } else {
                size_t l = strlen(stderr_text);
                if (strstr(line, "panicked")) fails |= F_PANIC;
                if (strstr(line, "stack backtrace") || strncmp(line, "note: ", 6) == 0) in_trace = 1;
                if (!in_trace && l < sizeof stderr_text - 80)
                    snprintf(stderr_text + l, sizeof stderr_text - l, "%s%.*s", l ? " | " : "", 150, line);
            }
        }
        if (WIFSIGNALED(status)) {
            int s = WTERMSIG(status);
            fails |= s == SIGALRM ? F_HANG : (s == SIGSEGV || s == SIGBUS) ? F_SEGV : s == SIGABRT ? F_ABORT : F_CRASH;
        } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fails |= F_CRASH;
        } else if (fields != 11) {
            fails |= F_NOREPORT;
        }
        if (fields == 11 && ex.what == X_REJECT && ex.lenrw > 0 && ex.lenrw <= INT_MAX && ex.leniw <= INT_MAX &&
            (lenrw != 0 || leniw != 0) && (lenrw != (int)ex.lenrw || leniw != (int)ex.leniw))
            formula_mismatch++;

        /* Statistics per routine and fuzzed parameter. */
        for (p = 0; p <= NPARAM; p++) {
            struct stat_row *s;
            if (p < NPARAM ? !((cf.fuzzed >> p) & 1) : cf.fuzzed != 0) continue;
            s = &stats[cf.routine][p];
            s->cases++;
            if (ex.what == X_REJECT) s->reject++; else s->proceed++;
            if (fails) s->failed++;
            if (fields == 11 && ex.what == X_REJECT) {
                s->timed++;
                if (best > s->max_ns) s->max_ns = best;
                if (drss > s->max_rss) s->max_rss = drss;
                if (dvm > s->max_vm) s->max_vm = dvm;
            }
        }
        if (!fails) continue;
        nfailed++;
        for (i = 0; i < NFAILBIT; i++)
            if (fails & (1 << i)) by_cause[i]++;
        if (nfailed > 400) { nskipped_print++; continue; }
        {
            char desc[512], what[1200];
            size_t o = 0;
#define W(...) do { int n_ = snprintf(what + o, sizeof what - o, __VA_ARGS__); \
        if (n_ > 0) o += (size_t)n_ < sizeof what - o ? (size_t)n_ : sizeof what - o - 1; } while (0)
            describe_cfg(&cf, desc, sizeof desc);
            for (i = 0; i < NFAILBIT; i++)
                if (fails & (1 << i)) W("%s%s", o ? "; " : "", fail_name[i]);
            if (fails & (F_IDID | F_PROCEED)) W(" [IDID = %d]", idid);
            if (fails & F_IEVENT) W(" [IEVENT = %d]", ievent);
            if (fails & F_GUARD) W(" [%d guard words, first in %s]", gbad, bad_arr >= 0 ? arr[bad_arr].name : "?");
            if (fails & F_CALLBACK) W(" [%ld callback calls]", ncb);
            if (fields == 11)
                W(" [best of %d: %.3f ms, ru_maxrss +%ld KB, VmPeak +%ld KB]", REPS, best / 1e6, drss, dvm);
            if (sig) {
                if (sigrep > 0)
                    W(" [%s in call %d of %d after %ld ms, maxrss %ld KB", signame(sig), sigrep, REPS, sigms, sigrss);
                else
                    W(" [%s outside the measured calls after %ld ms, maxrss %ld KB", signame(sig), sigms, sigrss);
                if (sig == SIGSEGV || sig == SIGBUS) {
                    char where[400];
                    describe_address(&cf, (uintptr_t)sigaddr, where, sizeof where);
                    W(", address %#llx: %s", sigaddr, where);
                }
                W("]");
            } else if (fails & (F_HANG | F_ABORT | F_CRASH)) {
                W(" [after %.2f s]", elapsed_ns(&c0, &c1) / 1e9);
            }
            if (stderr_text[0]) W(" [stderr: %s]", stderr_text);
#undef W
            printf(" FAILED case %ld (replay: c_fuzz_firstcall %ld %llu %ld): %s\n   expected %s (%s): %s\n", c,
                   ncases, (unsigned long long)seed, c, desc, ex.what == X_REJECT ? "IDID = -33" : "IDID > 0",
                   ex.why, what);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t_end);
    if (nskipped_print) printf(" (%ld more failed cases not printed)\n", nskipped_print);

    printf(" cases run: %ld expected IDID = -33, %ld valid (expected to proceed); %ld skipped (valid sizes larger"
           " than the real arrays); %.1f s\n", nrun[X_REJECT], nrun[X_PROCEED], nrun[X_SKIP], elapsed_ns(&t_start, &t_end) / 1e9);
    printf(" per routine and fuzzed parameter (a case counts under each parameter it changed; time, memory:"
           " largest over the\n rejected cases that returned, time the best of %d calls):\n", REPS);
    printf("   %-7s %-24s %6s %6s %6s %6s %10s %10s %10s\n", "routine", "parameter", "cases", "-33", "valid",
           "failed", "max us", "max KB rss", "max KB vm");
    for (r = 0; r < NROUTINE; r++)
        for (p = 0; p <= NPARAM; p++) {
            struct stat_row *s = &stats[r][p];
            if (!s->cases) continue;
            printf("   %-7s %-24s %6ld %6ld %6ld %6ld %10.1f %10ld %10ld\n", routine_name[r],
                   p < NPARAM ? param_name[p] : "(base problem)", s->cases, s->reject, s->proceed, s->failed,
                   s->max_ns / 1e3, s->max_rss, s->max_vm);
        }
    printf(" failed cases by cause (a case may have several):\n");
    for (i = 0; i < NFAILBIT; i++)
        if (by_cause[i]) printf("   %-45s %6ld\n", fail_name[i], by_cause[i]);
    if (formula_mismatch)
        printf(" note: %ld cases where IWORK(17..18) differ from the test's LENIW/LENRW formulas\n",
               formula_mismatch);
    printf(" failed cases: %ld of %ld run\n", nfailed, nrun[X_REJECT] + nrun[X_PROCEED]);
    if (nfailed) {
        printf("FAIL C_FUZZ_FIRSTCALL: %ld failed cases\n", nfailed);
        return 1;
    }
    printf("PASS C_FUZZ_FIRSTCALL\n");
    return 0;
}
