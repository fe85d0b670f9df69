/*
 * c_dsl48e_sens.c -- DSL48E's parametric sensitivities through daskr.h:
 * a C SENRHS, sensitivities carried across state events, two threads,
 * and a checkpoint taken right after an event return.
 *
 * The tank of fortran-tests/dsl_sens_tank.f: h' = u q - w, 0 = w - (1-u)
 * k h, d1 = h - HMAX (full), d2 = HMIN - h (low); u = 1 filling, 0
 * draining; a full tank drains, a low one fills.  h(0) = 1, HMAX = 3,
 * HMIN = 1.5; parameters p = (q, k, h0) with q, k in RPAR[0..1] (each run
 * its own q, k); NP = 3, INFO(20) = 0, RTOL = ATOL = 1e-8, JDTYPE = 1.
 *
 * Checks:
 *  1. a sequential run of each of two parameter sets (A: q = 0.5, k =
 *     0.2; B: q = 0.4, k = 0.25) to T = 16: the event times and
 *     dTEVT/dp against the closed forms (within 1e-6 relative);
 *  2. A and B run at the same time in two POSIX threads (each 10 times,
 *     so that the calls interleave), and A with A: every trace (each
 *     return's T, Z, ZDOT with the sensitivities, dTEVT/dp, IWORK
 *     counters) equal to the sequential one bit for bit;
 *  3. a checkpoint: copies of RWORK, IWORK, Z, ZDOT, TIME and INFO taken
 *     right after the second event return of A, restored later into
 *     fresh arrays (after the original run went on to the end, and in
 *     another thread), restart the same way: the rest of the trace is
 *     the original's bit for bit;
 *  4. INFO(12) = 3 with INFO(15) = 0 and a NULL SENRHS: IDID = -33.
 * Ends with "PASS C_DSL48E_SENS" or "FAIL C_DSL48E_SENS: reason".
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "daskr.h"

#define NEQ 4
#define NP 3
#define NZ (NEQ * (NP + 1))
#define NEJAC 8
#define NC 2
#define ND 2
#define MAXO 5
/* LRW = 60 + (MAXORD+4)*NEQ + NEJAC + NP*(NEQ*(MAXORD+4) + 2) + NEQ */
#define LRW (60 + (MAXO + 4) * NEQ + NEJAC + NP * (NEQ * (MAXO + 4) + 2) + NEQ)
/* LIW = 40 + NP + 5 + NEQ + ND */
#define LIW (40 + NP + 5 + NEQ + ND)
#define LIEVWK NEQ
#define LREVWK ((MAXO + 1) * ND + MAXO + 5 * NEQ + 40)
#define MAXREC 64
#define HMAX 3.0
#define HMIN 1.5
#define H0 1.0
#define TEND 16.0

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

/* ---- the model; IPAR[0] is the locked mode u ---- */
static void res(const int *neq, const double *t, const double *z, const double *zdot, double *delta, int *ires,
                const int *ichvar, double *rpar, int *ipar)
{
    (void)neq, (void)t, (void)ires, (void)ichvar;
    double u = ipar[0];
    delta[0] = zdot[0] - u * rpar[0] + z[1];
    delta[1] = z[1] - (1.0 - u) * rpar[1] * z[0];
    delta[2] = z[2] - (z[0] - HMAX);
    delta[3] = z[3] - (HMIN - z[0]);
}

static void jac(const int *neq, const double *t, const double *z, const double *zdot, const double *cj,
                const int *nejac, const int *jrow, const int *jcol, double *pd, int *ires, double *rpar, int *ipar)
{
    (void)neq, (void)t, (void)z, (void)zdot, (void)nejac, (void)jrow, (void)jcol, (void)ires;
    double u = ipar[0];
    const double v[NEJAC] = {*cj, 1.0, -(1.0 - u) * rpar[1], 1.0, -1.0, 1.0, 1.0, 1.0};
    memcpy(pd, v, sizeof v);
}

static void senrhs(const int *neq, const double *t, const double *z, const double *zdot, const int *ip,
                   double *dfdp, int *ires, double *rpar, int *ipar)
{
    (void)t, (void)zdot, (void)ires, (void)rpar;
    double u = ipar[0];
    for (int i = 0; i < *neq; i++) dfdp[i] = 0.0;
    if (*ip == 1) dfdp[0] = -u;
    if (*ip == 2) dfdp[1] = -(1.0 - u) * z[0];
}

static void stchange(int *ichange, const int *istate, const int *neq, const int *nc, const int *nd, const int *isc,
                     const double *t, const double *z, const double *zdot, double *rpar, int *ipar, const int *ndi,
                     const int *ig)
{
    (void)neq, (void)nc, (void)nd, (void)isc, (void)t, (void)z, (void)zdot, (void)rpar, (void)ndi;
    *ichange = (*istate == 1 && ipar[0] == 1 && ig[0] == 1) || (*istate == 2 && ipar[0] == 0 && ig[0] == 1);
}

static void evtderiv(int *icode, const int *istate, const int *idiscon, const int *neq, const int *nc, const int *nd,
                     const int *isc, const double *time, const double *z, const double *zdot, double *rpar,
                     int *ipar, double *d, double *alpha)
{
    (void)istate, (void)idiscon, (void)nc, (void)nd, (void)isc, (void)time, (void)z, (void)zdot, (void)rpar;
    (void)ipar;
    *icode = 0;
    for (int i = 0; i < *neq; i++) d[i] = 0.0;
    *alpha = 0.0;
}

/* ---- one integration, its state and its trace ---- */
struct record {
    int idid, ievent;
    double t, z[NZ], zdot[NZ], tau[NP];
    int counters[5 + 5];
};

struct run {
    double q, k;
    double time, z[NZ], zdot[NZ], rwork[LRW], revwk[LREVWK], rpar[2];
    int info[20], iwork[LIW], ievwk[LIEVWK], ipar[1];
    int nrec;
    struct record rec[MAXREC];
};

static const int jrow[NEJAC] = {1, 1, 2, 2, 3, 3, 4, 4};
static const int jcol[NEJAC] = {1, 2, 1, 2, 1, 3, 1, 4};
static const int jydot[1] = {1};
static const int isc[NC] = {1, 1};

static void start(struct run *r, double q, double k)
{
    memset(r, 0, sizeof *r);
    r->q = q, r->k = k;
    r->rpar[0] = q, r->rpar[1] = k;
    r->ipar[0] = 1;
    r->z[0] = H0;
    r->z[3 * NEQ + 0] = 1.0; /* dh/dh0 at t = 0 */
    r->info[10] = 1;         /* INFO(11): consistent z, z' and sensitivities */
    r->info[11] = NP;        /* INFO(12) */
    r->iwork[40] = 1;        /* IWORK(41): q is RPAR(1) */
    r->iwork[41] = 2;        /* IWORK(42): k is RPAR(2) */
    r->iwork[42] = 0;        /* IWORK(43): F does not depend on h0 */
}

/* One DSL48E call; the return is recorded.  Returns IDID. */
static int step(struct run *r)
{
    int neq = NEQ, lrw = LRW, liw = LIW, nejac = NEJAC, njydot = 1, jdtype = 1, nc = NC, nd = ND;
    int lievwk = LIEVWK, lrevwk = LREVWK, idid = 0, ievent = 0, idiscon = 0;
    double tout = TEND, rtol = 1e-8, atol = 1e-8, tevt = 0.0, bdum[2] = {0, 0};
    dsl48e(res, senrhs, &neq, &r->time, r->z, r->zdot, &tout, r->info, &rtol, &atol, &idid, r->rwork, &lrw,
           r->iwork, &liw, r->rpar, r->ipar, jac, &nejac, jrow, jcol, jydot, &njydot, &jdtype, bdum, &ievent,
           &idiscon, &nc, &nd, isc, &tevt, &lievwk, r->ievwk, &lrevwk, r->revwk, stchange, evtderiv);
    if (r->nrec < MAXREC) {
        struct record *c = &r->rec[r->nrec++];
        c->idid = idid, c->ievent = ievent, c->t = r->time;
        memcpy(c->z, r->z, sizeof c->z);
        memcpy(c->zdot, r->zdot, sizeof c->zdot);
        memcpy(c->tau, &r->rwork[60 + NP], sizeof c->tau);
        memcpy(c->counters, &r->iwork[10], 5 * sizeof(int));
        memcpy(&c->counters[5], &r->iwork[40 + NP], 5 * sizeof(int));
    }
    if (idid > 0 && ievent > 0) {
        /* Switch the mode and restart at TEVT; INFO(20) = 0 carries the
           sensitivities of h across. */
        r->ipar[0] = 1 - r->ipar[0];
        r->info[0] = 0;
        r->info[10] = 1;
    }
    return ievent > 0 ? -ievent - 100 : idid;
}

/* Integrate to TEND (or to the event return `stop_after`: 0 none). */
static void integrate(struct run *r, int stop_after)
{
    int events = 0;
    for (int calls = 0; calls < 40; calls++) {
        int d = step(r);
        if (d <= -100) {
            if (++events == stop_after) return;
            continue;
        }
        if (d != 3) fail("a run did not reach TEND");
        return;
    }
    fail("too many calls");
}

static int same_records(const struct record *a, const struct record *b, int n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

static int same_trace(const struct run *a, const struct run *b)
{
    return a->nrec == b->nrec && same_records(a->rec, b->rec, a->nrec);
}

/* ---- threads ---- */
struct job {
    double q, k;
    const struct run *want;
    int ok;
    pthread_barrier_t *barrier;
    struct run *r;
};

static struct run thread_runs[2];

static void *worker(void *arg)
{
    struct job *j = arg;
    struct run *r = j->r;
    j->ok = 1;
    pthread_barrier_wait(j->barrier);
    for (int rep = 0; rep < 10; rep++) {
        start(r, j->q, j->k);
        integrate(r, 0);
        if (!same_trace(r, j->want)) j->ok = 0;
    }
    return NULL;
}

static struct run seq[2], tmp, restored;

struct restore_job {
    struct run *from;
    int ok;
};

static void *restore_worker(void *arg)
{
    struct restore_job *j = arg;
    restored = *j->from;
    integrate(&restored, 0);
    j->ok = 1;
    return NULL;
}

/* The closed-form event times and dT/dp (q, k, h0) of parameter set q, k. */
static void exact(double q, double k, double t[4], double dt[4][NP])
{
    double tf = (HMAX - HMIN) / q, td = log(HMAX / HMIN) / k;
    t[0] = (HMAX - H0) / q;
    dt[0][0] = -(HMAX - H0) / (q * q), dt[0][1] = 0.0, dt[0][2] = -1.0 / q;
    for (int j = 1; j < 4; j++) {
        t[j] = t[j - 1] + (j % 2 ? td : tf);
        for (int i = 0; i < NP; i++) dt[j][i] = dt[j - 1][i];
        if (j % 2) dt[j][1] -= td / k;
        else dt[j][0] -= tf / q;
    }
}

int main(void)
{
    const double qs[2] = {0.5, 0.4}, ks[2] = {0.2, 0.25};
    printf("DSL48E sensitivities through daskr.h: a tank, NP = 3, INFO(20) = 0\n");
    for (int s = 0; s < 2; s++) {
        start(&seq[s], qs[s], ks[s]);
        integrate(&seq[s], 0);
        double t[4], dt[4][NP], worst = 0.0;
        exact(qs[s], ks[s], t, dt);
        int e = 0;
        for (int i = 0; i < seq[s].nrec; i++) {
            const struct record *c = &seq[s].rec[i];
            if (c->ievent == 0) continue;
            if (e < 4) {
                worst = fmax(worst, fabs(c->t - t[e]) / t[e]);
                for (int p = 0; p < NP; p++) worst = fmax(worst, fabs(c->tau[p] - dt[e][p]) / (1.0 + fabs(dt[e][p])));
            }
            e++;
        }
        printf("  q = %.2f, k = %.2f: %d events, %d returns, max relative error of TEVT, dTEVT/dp %.2e\n", qs[s],
               ks[s], e,
               seq[s].nrec, worst);
        printf("    at T = 16: dh/dq = %.9f, dh/dk = %.9f, dh/dh0 = %.9f\n", seq[s].z[NEQ], seq[s].z[2 * NEQ],
               seq[s].z[3 * NEQ]);
        if (e != 4) fail("not four events");
        if (worst > 1e-6) fail("event times or dTEVT/dp wrong");
    }

    /* Threads: A with B, and A with A. */
    for (int pair = 0; pair < 2; pair++) {
        pthread_barrier_t barrier;
        pthread_barrier_init(&barrier, NULL, 2);
        struct job jobs[2] = {
            {qs[0], ks[0], &seq[0], 0, &barrier, &thread_runs[0]},
            {pair == 0 ? qs[1] : qs[0], pair == 0 ? ks[1] : ks[0], pair == 0 ? &seq[1] : &seq[0], 0, &barrier,
             &thread_runs[1]},
        };
        pthread_t th[2];
        for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, worker, &jobs[i]);
        for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
        pthread_barrier_destroy(&barrier);
        printf("  threads (%s): %s\n", pair == 0 ? "A with B" : "A with A",
               jobs[0].ok && jobs[1].ok ? "same traces as sequential, bit for bit" : "DIFFER");
        if (!(jobs[0].ok && jobs[1].ok)) fail("a concurrent trace differs from the sequential one");
    }

    /* Checkpoint right after the second event return of A. */
    start(&tmp, qs[0], ks[0]);
    integrate(&tmp, 2);
    static struct run checkpoint;
    checkpoint = tmp; /* RWORK, IWORK, Z, ZDOT, TIME, INFO (and the trace so far) */
    integrate(&tmp, 0);
    /* Wipe the original's arrays, then restore from the copy in another thread. */
    memset(&tmp.rwork, 0x5a, sizeof tmp.rwork);
    memset(&tmp.iwork, 0x5a, sizeof tmp.iwork);
    struct restore_job rj = {&checkpoint, 0};
    pthread_t th;
    pthread_create(&th, NULL, restore_worker, &rj);
    pthread_join(th, NULL);
    int ckpt_ok = rj.ok && same_trace(&restored, &seq[0]);
    printf("  checkpoint after the 2nd event return, restored in another thread: %s\n",
           ckpt_ok ? "same trace, bit for bit" : "DIFFERS");
    if (!ckpt_ok) fail("the restored checkpoint does not restart the same way");

    /* A NULL SENRHS with INFO(15) = 0. */
    start(&tmp, qs[0], ks[0]);
    {
        int neq = NEQ, lrw = LRW, liw = LIW, nejac = NEJAC, njydot = 1, jdtype = 1, nc = NC, nd = ND;
        int lievwk = LIEVWK, lrevwk = LREVWK, idid = 0, ievent = 0, idiscon = 0;
        double tout = TEND, rtol = 1e-8, atol = 1e-8, tevt = 0.0, bdum[2] = {0, 0};
        dsl48e(res, NULL, &neq, &tmp.time, tmp.z, tmp.zdot, &tout, tmp.info, &rtol, &atol, &idid, tmp.rwork, &lrw,
               tmp.iwork, &liw, tmp.rpar, tmp.ipar, jac, &nejac, jrow, jcol, jydot, &njydot, &jdtype, bdum,
               &ievent, &idiscon, &nc, &nd, isc, &tevt, &lievwk, tmp.ievwk, &lrevwk, tmp.revwk, stchange,
               evtderiv);
        printf("  NULL SENRHS with INFO(15) = 0: IDID = %d\n", idid);
        if (idid != -33) fail("a NULL SENRHS was not rejected");
    }

    if (failure) {
        printf("FAIL C_DSL48E_SENS: %s\n", failure);
        return 1;
    }
    printf("PASS C_DSL48E_SENS\n");
    return 0;
}
