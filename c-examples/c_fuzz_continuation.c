/*
 * c_fuzz_continuation.c -- random damage between continuation calls.
 *
 * Each case starts a valid integration, makes a few valid calls, then
 * damages the inputs or the work arrays at random and calls DDASKR
 * again, followed by a few more calls.  Whatever the damage, DDASKR must
 *
 *   - return (no crash: the case runs in a fork()ed child, and a signal
 *     or an abnormal exit is a failure; no hang: alarm(30) in the child),
 *   - leave the 64 guard words before and after every array untouched
 *     (RWORK, IWORK, Y, YPRIME, RTOL, ATOL, INFO, JROOT),
 *   - never return IDID > 0 with a non-finite T, Y or YPRIME,
 *   - return an IDID that DDASKR can return (1..5, -1..-14, -33),
 *   - not panic inside (a panic is caught at the library's boundary and
 *     reported as IDID = -33 "internal error": counted as a failure),
 *   - leave T alone when a continuation call returns IDID = -33,
 *   - continue normally when the "damage" was nothing at all,
 *   - after IDID = -33, continue normally (IDID > 0) once the damaged
 *     words are put back and INFO(1) = 1 (half of the cases), and
 *   - after a checkpoint taken at an earlier return is copied back
 *     (RWORK, IWORK, Y, YPRIME, T, TOUT, INFO: a legal restart),
 *     continue normally.
 *
 * The problem: y' = A y, A tridiagonal (-2, 1, 1), NEQ = 8, decaying;
 * root functions y_1 - 0.5 and t - 0.75 (NRT = 0, 1 or 2).  Variants,
 * chosen per case: dense, band (ML = MU = 1) or Krylov (INFO(12) = 1,
 * PSOL dividing by cj + 2); difference-quotient or user Jacobian;
 * scalar or vector tolerances; intermediate output; TSTOP; HMAX (+Inf,
 * 0.5 or 1e300); MAXORD 1..5; INFO(16) = 1 with an ID array.  LRW and
 * LIW are exactly what the run needs (read from IWORK(17..18) after a
 * probing call with LRW = 0).
 *
 * Damage (one to three at once): an INFO entry, NEQ, NRT, LRW, LIW to
 * a random or extreme value; a random IWORK or RWORK word (mostly in
 * the headers) to an extreme value, NaN, +-Inf, -0.0 or a neighbour of
 * its value; NaN/Inf/negative/zero in RTOL or ATOL; TOUT or T to NaN,
 * Inf, T itself or behind T; HMAX and TSTOP to illegal values; Y, YPRIME
 * or JROOT (outputs) to garbage; the run record RWORK(16..19); or a
 * checkpoint restore (legal).
 *
 * Usage:  c_fuzz_continuation [CASES [SEED [CASE]]]
 *   CASES  number of cases (default 1000, or $DASKR_FUZZ_CASES)
 *   SEED   random seed (default 20240607, or $DASKR_FUZZ_SEED)
 *   CASE   run only this case, in this process, printing every call
 *          (to replay a failure under a debugger)
 * A large campaign (about a minute per 100000 cases):
 *   DASKR_FUZZ_CASES=100000 DASKR_FUZZ_SEED=7 ./c_fuzz_continuation
 * Children's standard output (DDASKR's messages) goes to /dev/null.
 * Prints a summary (outcomes by IDID and by kind of damage), every
 * failure with its case number, and "PASS C_FUZZ_CONTINUATION" (exit 0)
 * or "FAIL C_FUZZ_CONTINUATION: n failed cases" (exit 1).
 */
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "daskr.h"

#define NEQ 8
#define NG 64
#define RGUARD (-7.5e77)
#define IGUARD (-7777777)
#define MAXPERT 3

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
/* The problem. */
static int variant;   /* 0 dense, 1 band, 2 Krylov */

static void res(const double *t, const double *y, const double *yp,
                const double *cj, double *delta, int *ires, double *rpar,
                int *ipar)
{
    int i;
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    for (i = 0; i < NEQ; i++) {
        double l = i > 0 ? y[i - 1] : 0.0, r = i < NEQ - 1 ? y[i + 1] : 0.0;
        delta[i] = yp[i] + 2.0 * y[i] - l - r;
    }
}

static void jac(const double *t, const double *y, const double *yp,
                double *pd, const double *cj, double *rpar, int *ipar)
{
    int i, j;
    (void)t; (void)y; (void)yp; (void)rpar; (void)ipar;
    if (variant == 0) {
        for (j = 0; j < NEQ; j++)
            for (i = 0; i < NEQ; i++)
                pd[i + j * NEQ] = i == j ? 2.0 + *cj : (abs(i - j) == 1 ? -1.0 : 0.0);
    } else {
        /* Band storage, ML = MU = 1: (i, j) at row i - j + ML + MU. */
        const int ml = 1, mu = 1, lda = 2 * ml + mu + 1;
        for (j = 0; j < NEQ; j++)
            for (i = j - mu; i <= j + ml; i++)
                if (i >= 0 && i < NEQ)
                    pd[(i - j + ml + mu) + j * lda] = i == j ? 2.0 + *cj : -1.0;
    }
}

static void psol(const int *neq, const double *t, const double *y,
                 const double *yp, const double *savr, double *wk,
                 const double *cj, const double *wght, double *wp, int *iwp,
                 double *b, const double *eplin, int *ier, double *rpar,
                 int *ipar)
{
    int i;
    (void)neq; (void)t; (void)y; (void)yp; (void)savr; (void)wk; (void)wght;
    (void)wp; (void)iwp; (void)eplin; (void)rpar; (void)ipar;
    for (i = 0; i < NEQ; i++) b[i] /= *cj + 2.0;
    *ier = 0;
}

static void rt(const int *neq, const double *t, const double *y,
               const double *yp, const int *nrt, double *rval, double *rpar,
               int *ipar)
{
    (void)neq; (void)yp; (void)rpar; (void)ipar;
    if (*nrt >= 1) rval[0] = y[0] - 0.5;
    if (*nrt >= 2) rval[1] = *t - 0.75;
}

/* ---------------------------------------------------------------- */
/* The state of a run, every array with NG guard words on both sides. */
struct state {
    int neq, nrt, lrw, liw;           /* as passed (may be damaged) */
    int lrw0, liw0, nrt0;             /* as allocated */
    double t, tout;
    double *rwork, *y, *yp, *rtol, *atol;
    int *iwork, *info, *jroot;
};

static double *alloc_r(int n)
{
    double *p = malloc((size_t)(n + 2 * NG) * sizeof *p);
    int i;
    for (i = 0; i < n + 2 * NG; i++) p[i] = RGUARD;
    for (i = 0; i < n; i++) p[NG + i] = 0.0;
    return p + NG;
}

static int *alloc_i(int n)
{
    int *p = malloc((size_t)(n + 2 * NG) * sizeof *p);
    int i;
    for (i = 0; i < n + 2 * NG; i++) p[i] = IGUARD;
    for (i = 0; i < n; i++) p[NG + i] = 0;
    return p + NG;
}

static int guards_r(const double *p, int n)
{
    int i, bad = 0;
    for (i = 1; i <= NG; i++) bad += (p[-i] != RGUARD) + (p[n - 1 + i] != RGUARD);
    return bad;
}

static int guards_i(const int *p, int n)
{
    int i, bad = 0;
    for (i = 1; i <= NG; i++) bad += (p[-i] != IGUARD) + (p[n - 1 + i] != IGUARD);
    return bad;
}

/* ---------------------------------------------------------------- */
/* Reporting from the child: lines on a pipe ("D" damage, "R" result,
   "F" failure); in replay mode on stdout. */
static int report_fd = -1;
static int verbose = 0;
static int case_failed = 0;

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
    if (report_fd >= 0) {
        if (write(report_fd, buf, (size_t)n) < 0) _exit(3);
    } else {
        fwrite(buf, 1, (size_t)n, stderr);
    }
}

static void failure(const char *fmt, const char *what)
{
    report(fmt, what);
    case_failed = 1;
}

static int valid_idid(int idid)
{
    return (idid >= 1 && idid <= 5) || (idid >= -14 && idid <= -1) || idid == -33;
}

/* One call; the invariants checked afterwards. */
static int call(struct state *s, const char *when)
{
    int idid = 0, i, bad;
    int ipar[1] = {0};
    double rpar[1] = {0.0};
    daskr_generic_fn j = (variant == 2) ? NULL : (daskr_generic_fn)jac;
    daskr_generic_fn p = (variant == 2) ? (daskr_generic_fn)psol : NULL;
    ddaskr_(res, &s->neq, &s->t, s->y, s->yp, &s->tout, s->info, s->rtol,
            s->atol, &idid, s->rwork, &s->lrw, s->iwork, &s->liw, rpar, ipar,
            j, p, rt, &s->nrt, s->jroot);
    if (verbose)
        fprintf(stderr, "   %s: IDID = %d, T = %.17g, INFO(1) = %d\n", when, idid, s->t, s->info[0]);
    bad = guards_r(s->rwork, s->lrw0) + guards_i(s->iwork, s->liw0) + guards_r(s->y, NEQ) +
          guards_r(s->yp, NEQ) + guards_r(s->rtol, NEQ) + guards_r(s->atol, NEQ) +
          guards_i(s->info, 20) + guards_i(s->jroot, s->nrt0 > 0 ? s->nrt0 : 1);
    if (bad) failure("F guard words overwritten (%s call)", when);
    if (!valid_idid(idid)) failure("F IDID out of DDASKR's range (%s call)", when);
    if (idid > 0) {
        int nf = !isfinite(s->t);
        for (i = 0; i < NEQ; i++) nf |= !isfinite(s->y[i]) || !isfinite(s->yp[i]);
        if (nf) failure("F IDID > 0 with a non-finite T, Y or YPRIME (%s call)", when);
    }
    return idid;
}

/* A bitwise copy of everything a caller owns (not the guards). */
struct snapshot {
    int neq, nrt, lrw, liw;
    double t, tout;
    double *rwork, y[NEQ], yp[NEQ], rtol[NEQ], atol[NEQ];
    int *iwork, info[20], jroot[2];
};

static void take(struct snapshot *c, const struct state *s)
{
    c->neq = s->neq; c->nrt = s->nrt; c->lrw = s->lrw; c->liw = s->liw;
    c->t = s->t; c->tout = s->tout;
    c->rwork = malloc((size_t)s->lrw0 * sizeof(double));
    c->iwork = malloc((size_t)s->liw0 * sizeof(int));
    memcpy(c->rwork, s->rwork, (size_t)s->lrw0 * sizeof(double));
    memcpy(c->iwork, s->iwork, (size_t)s->liw0 * sizeof(int));
    memcpy(c->y, s->y, sizeof c->y); memcpy(c->yp, s->yp, sizeof c->yp);
    memcpy(c->rtol, s->rtol, sizeof c->rtol); memcpy(c->atol, s->atol, sizeof c->atol);
    memcpy(c->info, s->info, sizeof c->info);
    memcpy(c->jroot, s->jroot, (size_t)(s->nrt0 > 0 ? s->nrt0 : 1) * sizeof(int));
}

/* Put back every word that differs between `before` and `after` (the
   words the damage changed) to its `before` value; `all` puts back the
   whole snapshot (a checkpoint restore). */
#define BACK(field) do { if (all || memcmp(&b->field, &a->field, sizeof b->field)) \
    memcpy(&s->field, &b->field, sizeof b->field); } while (0)
static void put_back(struct state *s, const struct snapshot *b, const struct snapshot *a, int all)
{
    int i;
    if (all || b->neq != a->neq) s->neq = b->neq;
    if (all || b->nrt != a->nrt) s->nrt = b->nrt;
    if (all || b->lrw != a->lrw) s->lrw = b->lrw;
    if (all || b->liw != a->liw) s->liw = b->liw;
    if (all || memcmp(&b->t, &a->t, sizeof b->t)) s->t = b->t;
    if (all || memcmp(&b->tout, &a->tout, sizeof b->tout)) s->tout = b->tout;
    for (i = 0; i < s->lrw0; i++)
        if (all || memcmp(&b->rwork[i], &a->rwork[i], sizeof(double))) s->rwork[i] = b->rwork[i];
    for (i = 0; i < s->liw0; i++)
        if (all || b->iwork[i] != a->iwork[i]) s->iwork[i] = b->iwork[i];
    for (i = 0; i < NEQ; i++) {
        BACK(y[i]); BACK(yp[i]); BACK(rtol[i]); BACK(atol[i]);
    }
    for (i = 0; i < 20; i++) BACK(info[i]);
    for (i = 0; i < (s->nrt0 > 0 ? s->nrt0 : 1); i++) BACK(jroot[i]);
}

static void drop(struct snapshot *c) { free(c->rwork); free(c->iwork); }

/* ---------------------------------------------------------------- */
/* Damage. */
enum kind {
    K_NONE, K_INFO, K_NEQ, K_NRT, K_LRW, K_LIW, K_IWORK, K_RWORK, K_TOL,
    K_TOUT, K_T, K_HMAX, K_TSTOP, K_OUTPUTS, K_RECORD, K_CHECKPOINT, NKIND
};
static const char *kind_name[NKIND] = {
    "none", "INFO entry", "NEQ", "NRT", "LRW", "LIW", "IWORK word",
    "RWORK word", "RTOL/ATOL", "TOUT", "T", "HMAX", "TSTOP",
    "Y/YPRIME/JROOT", "RWORK(16..19)", "checkpoint restore"
};

static int pick_int(int v)
{
    static const int extreme[] = {0, 1, -1, 2, 3, 5, 6, 99, 40, 1000000, INT_MAX, INT_MIN, INT_MAX - 1};
    switch (rint_(4)) {
    case 0: return extreme[rint_((int)(sizeof extreme / sizeof *extreme))];
    case 1: return v + (chance(50) ? 1 : -1);
    case 2: return chance(50) ? -v : 2 * v;
    default: return (int)(rnd() >> 33) * (chance(50) ? 1 : -1);
    }
}

static double pick_real(double v)
{
    static const double extreme[] = {0.0, -0.0, 1.0, -1.0, 1e308, -1e308, 1e-308, 5e-324, 1e300, 0.5};
    switch (rint_(6)) {
    case 0: return NAN;
    case 1: return chance(50) ? INFINITY : -INFINITY;
    case 2: return extreme[rint_((int)(sizeof extreme / sizeof *extreme))];
    case 3: return nextafter(v, chance(50) ? INFINITY : -INFINITY);
    case 4: return chance(50) ? -v : v * (1.0 + (double)rint_(1000) / 10.0);
    default: return ((double)(rnd() >> 11) / 9007199254740992.0 - 0.5) * pow(10.0, rint_(40) - 20);
    }
}

/* Apply one random damage; returns its kind and describes it. */
static int damage(struct state *s, const struct snapshot *early, char *desc, size_t len)
{
    int k = rint_(NKIND), j;
    double v;
    switch (k) {
    case K_NONE:
        snprintf(desc, len, "nothing");
        break;
    case K_INFO:
        j = rint_(20);
        s->info[j] = chance(50) ? !s->info[j] : pick_int(s->info[j]);
        snprintf(desc, len, "INFO(%d) = %d", j + 1, s->info[j]);
        break;
    case K_NEQ:
        s->neq = chance(50) ? NEQ + rint_(5) - 2 : pick_int(NEQ);
        snprintf(desc, len, "NEQ = %d", s->neq);
        break;
    case K_NRT:
        s->nrt = chance(50) ? s->nrt0 + rint_(5) - 2 : pick_int(s->nrt0);
        snprintf(desc, len, "NRT = %d", s->nrt);
        break;
    case K_LRW:
    case K_LIW: {
        int *l = k == K_LRW ? &s->lrw : &s->liw, l0 = k == K_LRW ? s->lrw0 : s->liw0;
        switch (rint_(4)) {
        case 0: *l = l0 - 1 - rint_(l0); break;         /* below the need */
        case 1: *l = l0 + 1 + rint_(NG); break;          /* into the guards */
        case 2: *l = chance(50) ? INT_MAX : INT_MIN; break;
        default: *l = pick_int(l0); break;
        }
        snprintf(desc, len, "%s = %d (needed %d)", k == K_LRW ? "LRW" : "LIW", *l, l0);
        break;
    }
    case K_IWORK:
        j = chance(60) ? rint_(40) : rint_(s->liw0);
        s->iwork[j] = pick_int(s->iwork[j]);
        snprintf(desc, len, "IWORK(%d) = %d", j + 1, s->iwork[j]);
        break;
    case K_RWORK:
        j = chance(50) ? rint_(60) : rint_(s->lrw0);
        s->rwork[j] = pick_real(s->rwork[j]);
        snprintf(desc, len, "RWORK(%d) = %.17g", j + 1, s->rwork[j]);
        break;
    case K_TOL: {
        static const double bad[] = {NAN, INFINITY, -1e-6, 0.0, 1e300, 1e-300, -0.0};
        double *a = chance(50) ? s->rtol : s->atol;
        j = s->info[1] == 1 ? rint_(NEQ) : 0;
        if (chance(15)) {
            for (j = 0; j < NEQ; j++) s->rtol[j] = s->atol[j] = 0.0;
            snprintf(desc, len, "RTOL = ATOL = 0");
        } else {
            a[j] = bad[rint_((int)(sizeof bad / sizeof *bad))];
            snprintf(desc, len, "%s(%d) = %g", a == s->rtol ? "RTOL" : "ATOL", j + 1, a[j]);
        }
        break;
    }
    case K_TOUT: {
        static const double bad[] = {NAN, INFINITY, -INFINITY, 1e308, -1e308};
        switch (rint_(5)) {
        case 0: s->tout = bad[rint_(5)]; break;
        case 1: s->tout = s->t; break;
        case 2: s->tout = s->t - (double)rint_(3) - 1e-3; break;
        case 3: s->tout = nextafter(s->t, INFINITY); break;
        default: s->tout = s->t + pick_real(1.0); break;
        }
        snprintf(desc, len, "TOUT = %.17g (T = %.17g)", s->tout, s->t);
        break;
    }
    case K_T:
        v = s->t;
        s->t = chance(50) ? pick_real(v) : v + (double)(rint_(5) - 2);
        snprintf(desc, len, "T = %.17g (was %.17g)", s->t, v);
        break;
    case K_HMAX:
        s->info[6] = 1;
        s->rwork[1] = chance(30) ? (chance(50) ? -0.0 : 0.0) : pick_real(s->rwork[1]);
        snprintf(desc, len, "INFO(7) = 1, HMAX = %.17g", s->rwork[1]);
        break;
    case K_TSTOP:
        s->info[3] = 1;
        switch (rint_(4)) {
        case 0: s->rwork[0] = s->t; break;
        case 1: s->rwork[0] = s->t - 0.5; break;
        case 2: s->rwork[0] = 0.5 * (s->t + s->tout); break;
        default: s->rwork[0] = pick_real(s->rwork[3]); break;
        }
        snprintf(desc, len, "INFO(4) = 1, TSTOP = %.17g (T = %.17g, TOUT = %.17g, TN = %.17g)",
                 s->rwork[0], s->t, s->tout, s->rwork[3]);
        break;
    case K_OUTPUTS:
        j = rint_(NEQ);
        if (chance(40)) s->y[j] = pick_real(s->y[j]);
        else if (chance(60)) s->yp[j] = pick_real(s->yp[j]);
        else if (s->nrt0 > 0) s->jroot[rint_(s->nrt0)] = pick_int(0);
        snprintf(desc, len, "Y/YPRIME/JROOT component %d", j + 1);
        break;
    case K_RECORD:
        j = 15 + rint_(4);
        s->rwork[j] = chance(50) ? s->rwork[j] + (chance(50) ? 1.0 : -1.0) : pick_real(s->rwork[j]);
        snprintf(desc, len, "RWORK(%d) = %.17g", j + 1, s->rwork[j]);
        break;
    case K_CHECKPOINT:
        if (early) {
            put_back(s, early, early, 1);
            snprintf(desc, len, "checkpoint of an earlier return restored (T = %.17g)", s->t);
        } else {
            snprintf(desc, len, "checkpoint (none taken: nothing)");
            k = K_NONE;
        }
        break;
    }
    return k;
}

/* ---------------------------------------------------------------- */
/* One case. */
struct outcome {
    int kinds[MAXPERT], nkinds, idid, after[3], nafter, restored, restored_ok;
};

static void run_case(uint64_t seed, int icase, struct outcome *out)
{
    struct state s;
    struct snapshot early, before, after;
    int i, idid, nvalid, npert, have_early = 0, k = K_NONE, first;
    double dt;
    char desc[400];

    memset(out, 0, sizeof *out);
    rng_state = seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(icase + 1));
    memset(&s, 0, sizeof s);
    variant = rint_(3);
    s.neq = NEQ;
    s.nrt = s.nrt0 = rint_(3);
    int info[20] = {0};
    info[1] = chance(50);
    info[2] = chance(20);
    info[4] = variant != 2 && chance(30);
    info[5] = variant == 1;
    info[11] = variant == 2;
    info[15] = chance(10);
    int maxord = 5, hmaxk = -1, tstop = chance(20);
    if (chance(30)) { info[8] = 1; maxord = 1 + rint_(5); }
    if (chance(30)) { info[6] = 1; hmaxk = rint_(3); }
    if (tstop) info[3] = 1;
    dt = (double[]){0.05, 0.3, 1.0}[rint_(3)];
    report("D case %d: %s, NRT %d, INFO(2,3,4,5,7,9,16) = %d %d %d %d %d %d %d, MAXORD %d, DT %g",
           icase, variant == 0 ? "dense" : variant == 1 ? "band" : "Krylov", s.nrt0, info[1], info[2],
           info[3], info[4], info[6], info[8], info[15], maxord, dt);

    /* Probe the lengths: LRW = 0 gives -33 with IWORK(17..18) set. */
    {
        int piw[64] = {0}, pinfo[20], pneq = NEQ, pnrt = s.nrt0, plrw = 0, pliw = 64, pidid;
        int pjroot[2], ipar[1];
        double prw[1] = {0}, py[NEQ] = {0}, pyp[NEQ] = {0}, pt = 0, ptout = 1, prtol[NEQ], patol[NEQ], rpar[1];
        memcpy(pinfo, info, sizeof pinfo);
        for (i = 0; i < NEQ; i++) prtol[i] = patol[i] = 1e-6;
        piw[0] = piw[1] = 1;
        piw[2] = maxord;
        ddaskr_(res, &pneq, &pt, py, pyp, &ptout, pinfo, prtol, patol, &pidid, prw, &plrw, piw, &pliw,
                rpar, ipar, (daskr_generic_fn)jac, (daskr_generic_fn)psol, rt, &pnrt, pjroot);
        s.liw0 = piw[16];
        s.lrw0 = piw[17];
        if (pidid != -33 || s.liw0 < 40 || s.lrw0 < 60 || s.liw0 > 100000 || s.lrw0 > 100000) {
            failure("F %s", "the probing call did not report LENIW/LENRW");
            return;
        }
    }
    s.lrw = s.lrw0;
    s.liw = s.liw0;
    s.rwork = alloc_r(s.lrw0);
    s.iwork = alloc_i(s.liw0);
    s.y = alloc_r(NEQ);
    s.yp = alloc_r(NEQ);
    s.rtol = alloc_r(NEQ);
    s.atol = alloc_r(NEQ);
    s.info = alloc_i(20);
    s.jroot = alloc_i(s.nrt0 > 0 ? s.nrt0 : 1);
    memcpy(s.info, info, sizeof info);
    for (i = 0; i < NEQ; i++) {
        s.y[i] = 1.0 + 0.1 * i;
        s.rtol[i] = s.atol[i] = 1e-6;
    }
    for (i = 0; i < NEQ; i++) {
        double l = i > 0 ? s.y[i - 1] : 0.0, r = i < NEQ - 1 ? s.y[i + 1] : 0.0;
        s.yp[i] = -2.0 * s.y[i] + l + r;
    }
    s.iwork[0] = s.iwork[1] = 1;
    s.iwork[2] = maxord;
    if (info[15])
        for (i = 0; i < NEQ; i++) s.iwork[40 + i] = 1;
    if (hmaxk >= 0) s.rwork[1] = (double[]){INFINITY, 0.5, 1e300}[hmaxk];
    if (tstop) s.rwork[0] = 50.0;
    s.tout = dt;

    /* Valid calls. */
    nvalid = 1 + rint_(5);
    for (i = 0; i < nvalid; i++) {
        idid = call(&s, "valid");
        if (idid == -1) {
            s.info[0] = 1;      /* 500 steps (MAXORD 1): go on */
        } else if (idid <= 0) {
            failure("F a valid call failed (%s)", "before any damage");
            return;
        }
        if (idid == 3 || idid == 2) s.tout = s.t + dt;
        if (i == 0 && chance(50)) {
            take(&early, &s);
            have_early = 1;
        }
    }

    /* Damage and the damaged call. */
    take(&before, &s);
    npert = 1 + (chance(70) ? 0 : rint_(MAXPERT));
    for (i = 0; i < npert; i++) {
        k = damage(&s, have_early ? &early : NULL, desc, sizeof desc);
        out->kinds[out->nkinds++] = k;
        report("D damage %d: %s", i + 1, desc);
    }
    take(&after, &s);
    first = s.info[0] == 0;
    idid = call(&s, "damaged");
    out->idid = idid;
    if (k == K_CHECKPOINT && npert == 1 && idid <= 0)
        failure("F no continuation after a checkpoint restore (%s)", "IDID <= 0");
    for (i = 0; i < npert && out->kinds[i] == K_NONE; i++) {}
    if (i == npert && idid <= 0 && idid != -1)
        failure("F an undamaged continuation call failed (%s)", "IDID <= 0");
    if (idid == -33 && !first && memcmp(&s.t, &after.t, sizeof s.t) != 0)
        failure("F T changed by a call that returned IDID = -33 (%s)", "continuation");

    /* What follows: damage undone (after -33, half of the cases), or
       left in place; INFO(1) = 1 either way.  (Not when the damage made
       the call a first call, INFO(1) = 0: that call starts afresh and
       may set up the work arrays, e.g. IWORK(17..18), before failing.) */
    if (idid == -33 && !first && chance(50)) {
        put_back(&s, &before, &after, 0);
        out->restored = 1;
    }
    for (i = 0; i < 3; i++) {
        if (s.info[0] == -1 || chance(50)) s.info[0] = 1;
        if (idid == 3 || idid == 2) s.tout = s.t + dt;
        idid = call(&s, "later");
        out->after[out->nafter++] = idid;
        if (out->restored && i == 0) {
            out->restored_ok = idid > 0;
            if (idid <= 0) failure("F no continuation after the damage was undone (%s)", "IDID <= 0");
        }
    }
    report("R %d %d %d %d %d %d %d %d %d %d %d", out->idid, out->nkinds, out->kinds[0], out->kinds[1],
           out->kinds[2], out->nafter, out->after[0], out->after[1], out->after[2], out->restored,
           out->restored_ok);
    drop(&before);
    drop(&after);
    if (have_early) drop(&early);
}

/* ---------------------------------------------------------------- */
static int idid_slot(int idid) { return idid == -33 ? 0 : (idid < 0 ? -idid : 14 + idid); }
static const char *slot_name(int s)
{
    static char buf[16];
    if (s == 0) return "-33";
    snprintf(buf, sizeof buf, "%d", s <= 14 ? -s : s - 14);
    return buf;
}

int main(int argc, char **argv)
{
    long ncases = 1000;
    uint64_t seed = 20240607;
    long only = -1, c;
    const char *e;
    long by_idid[20] = {0}, by_idid_after[20] = {0}, by_kind[NKIND] = {0}, by_kind33[NKIND] = {0};
    long nfailed = 0, nrestored = 0, nrestored_ok = 0, nafter = 0, npanic = 0;
    int shown = 0, i;

    if ((e = getenv("DASKR_FUZZ_CASES"))) ncases = atol(e);
    if ((e = getenv("DASKR_FUZZ_SEED"))) seed = strtoull(e, NULL, 10);
    if (argc > 1) ncases = atol(argv[1]);
    if (argc > 2) seed = strtoull(argv[2], NULL, 10);
    if (argc > 3) only = atol(argv[3]);

    if (only >= 0) {
        struct outcome o;
        verbose = 1;
        run_case(seed, (int)only, &o);
        printf("case %ld: damaged call IDID = %d, %s\n", only, o.idid, case_failed ? "FAILED" : "ok");
        return case_failed;
    }

    printf(" continuation fuzz: %ld cases, seed %llu\n", ncases, (unsigned long long)seed);
    fflush(stdout);
    for (c = 0; c < ncases; c++) {
        int fds[2], status;
        pid_t pid;
        struct outcome o;
        static char buf[1 << 20], chunk[4096];
        size_t got;
        ssize_t n;

        if (pipe(fds) != 0) { perror("pipe"); return 2; }
        fflush(stdout);
        pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) {
            /* Everything the child writes (DDASKR's messages, a Rust
               panic report, the case's report lines) goes to the pipe. */
            close(fds[0]);
            dup2(fds[1], 1);
            dup2(fds[1], 2);
            report_fd = fds[1];
            alarm(30);
            run_case(seed, (int)c, &o);
            fflush(stdout);
            _exit(case_failed ? 1 : 0);
        }
        close(fds[1]);
        got = 0;
        while ((n = read(fds[0], chunk, sizeof chunk)) > 0) {
            size_t take_n = (size_t)n < sizeof buf - 1 - got ? (size_t)n : sizeof buf - 1 - got;
            memcpy(buf + got, chunk, take_n);
            got += take_n;
        }
        close(fds[0]);
        buf[got] = '\0';
        waitpid(pid, &status, 0);

        memset(&o, 0, sizeof o);
        char *r = strstr(buf, "\nR ");
        int fields = r ? sscanf(r + 3, "%d %d %d %d %d %d %d %d %d %d %d", &o.idid, &o.nkinds,
                                &o.kinds[0], &o.kinds[1], &o.kinds[2], &o.nafter, &o.after[0],
                                &o.after[1], &o.after[2], &o.restored, &o.restored_ok) : 0;
        int panicked = strstr(buf, "panicked") != NULL || strstr(buf, "internal error") != NULL;
        int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && fields == 11 && !panicked;
        npanic += panicked;
        if (!ok) {
            nfailed++;
            if (shown++ < 20) {
                char *line, *save = NULL;
                printf(" FAILED case %ld (replay: c_fuzz_continuation %ld %llu %ld): ", c, ncases,
                       (unsigned long long)seed, c);
                if (WIFSIGNALED(status))
                    printf("killed by signal %d%s\n", WTERMSIG(status),
                           WTERMSIG(status) == SIGALRM ? " (hang: 30 s alarm)" : "");
                else if (panicked)
                    printf("a panic inside the library (caught: IDID = -33, internal error)\n");
                else
                    printf("exit status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
                /* The case's own lines, and the panic's first line. */
                for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
                    if (line[0] == 'D' || line[0] == 'F' || strstr(line, "panicked"))
                        printf("   %s\n", line);
            }
            continue;
        }
        by_idid[idid_slot(o.idid)]++;
        for (i = 0; i < o.nkinds; i++) {
            by_kind[o.kinds[i]]++;
            if (o.idid == -33) by_kind33[o.kinds[i]]++;
        }
        for (i = 0; i < o.nafter; i++) {
            by_idid_after[idid_slot(o.after[i])]++;
            nafter++;
        }
        nrestored += o.restored;
        nrestored_ok += o.restored_ok;
    }

    printf(" damaged call, cases by IDID:");
    for (i = 0; i < 20; i++)
        if (by_idid[i]) printf(" %s:%ld", slot_name(i), by_idid[i]);
    printf("\n later calls (%ld), by IDID:", nafter);
    for (i = 0; i < 20; i++)
        if (by_idid_after[i]) printf(" %s:%ld", slot_name(i), by_idid_after[i]);
    printf("\n damage applied, by kind (of which in a case ending with IDID = -33):\n");
    for (i = 0; i < NKIND; i++) printf("   %-20s %6ld (%ld)\n", kind_name[i], by_kind[i], by_kind33[i]);
    printf(" damage undone after -33: %ld cases, continued normally: %ld\n", nrestored, nrestored_ok);
    printf(" panics caught at the library's boundary: %ld\n", npanic);
    printf(" failed cases: %ld of %ld\n", nfailed, ncases);
    if (nfailed) {
        printf("FAIL C_FUZZ_CONTINUATION: %ld failed cases\n", nfailed);
        return 1;
    }
    printf("PASS C_FUZZ_CONTINUATION\n");
    return 0;
}
