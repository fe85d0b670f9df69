/*
 * c_dsl48e.c -- DSL48E from C: a bouncing ball with an AND condition,
 * and two integrations running at the same time in two POSIX threads.
 *
 *   h' = v, v' = -g;  impact when h <= 0 AND v < 0, i.e. one state
 *   condition (NC = 1) with two discontinuity functions (ISC(1) = 2,
 *   ND = 2): g1 = -h, g2 = -v.  z = (h, v, d1, d2), JYDOT = (1, 2),
 *   F3 = d1 + h, F4 = d2 + v.  STCHANGE: the condition is IG(1) AND
 *   IG(2), compared with the locked value in ipar[0]; at an impact the
 *   caller sets v = -e*v, locks the condition at its (false) value and
 *   restarts with INFO(1) = 0, INFO(11) = 1.  EVTDERIV: D = 0,
 *   ALPHA = 0 (no explicit time dependence).
 *
 * Problem A: h0 = 10, e = 0.9, g = 9.81, to t = 20 (13 impacts),
 *   JDTYPE = 1 (user JAC), RTOL = ATOL = 1e-8.
 * Problem B: h0 = 5, e = 0.7, g = 9.81, to t = 5 (6 impacts; the
 *   impacts accumulate at t = 5.72), JDTYPE = 0 with JAC = NULL,
 *   RTOL = ATOL = 1e-7.
 * SENRHS is reserved and never called: NULL.  All per-run state is in
 *   the caller's arrays and rpar/ipar (call counters in ipar too).
 *
 * Each run records every return (IDID, IEVENT, IDISCON, TIME, Z, ZDOT,
 * IWORK(11..15)).  The sequential runs are the reference; then A and
 * B, A and A, B and B run in two threads started together at a
 * barrier, each repeated 20 times: every trace must equal its
 * reference bit for bit.  The reference runs are also checked against
 * the closed-form impact times t1 = sqrt(2 h0/g), t(k+1) = t(k) +
 * 2 e^k t1, within k*(CDG + 10)*EWH/VMIN (CDG = 10 error weights of
 * polishing offset, 10 of integration error, EWH = RTOL*h0 + ATOL,
 * VMIN the smallest impact speed), with D1 >= 0 (new side) at each
 * impact and exactly the expected number of impacts.
 * Ends with "PASS C_DSL48E" or "FAIL C_DSL48E: reason".
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "daskr.h"

#ifndef DASKR_HAS_DSL48E
#error "daskr.h does not declare DSL48E"
#endif

#define NEQ 4
#define NEJAC 7
#define NCOND 1
#define NDISC 2
#define LRW (60 + 10 * NEQ + NEJAC + 3 * NDISC)
#define LIW (40 + 2 * NEQ + NDISC)
#define LIEVWK 4 /* max(NX + max ISC, NEQ) = max(2 + 2, 4) */
#define LREVWK (6 * NDISC + 5 + 5 * NEQ + 40)
#define MAXREC 64
#define MAXIMP 20
#define CDG 10.0

struct record {
    int idid, ievent, idiscon, counters[5];
    double time, z[NEQ], zdot[NEQ];
};

struct trace {
    int n, nimpact, ok;
    struct record rec[MAXREC];
};

struct problem {
    const char *name;
    double h0, e, g, tend, rtol;
    int jdtype;
};

static const struct problem prob_a = {"A", 10.0, 0.9, 9.81, 20.0, 1e-8, 1};
static const struct problem prob_b = {"B", 5.0, 0.7, 9.81, 5.0, 1e-7, 0};

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

/* rpar = (g), ipar = (locked condition, STCHANGE calls, EVTDERIV calls,
   JAC calls) */
static void res(const int *neq, const double *t, const double *z,
                const double *zdot, double *delta, int *ires,
                const int *ichvar, double *rpar, int *ipar)
{
    (void)neq; (void)t; (void)ires; (void)ichvar; (void)ipar;
    delta[0] = zdot[0] - z[1];
    delta[1] = zdot[1] + rpar[0];
    delta[2] = z[2] + z[0];
    delta[3] = z[3] + z[1];
}

static void jac(const int *neq, const double *t, const double *z,
                const double *zdot, const double *cj, const int *nejac,
                const int *jrow, const int *jcol, double *pd, int *ires,
                double *rpar, int *ipar)
{
    (void)neq; (void)t; (void)z; (void)zdot; (void)ires; (void)rpar;
    ipar[3]++;
    for (int k = 0; k < *nejac; k++) {
        int i = jrow[k], j = jcol[k];
        if (i == j && i <= 2) pd[k] = *cj;
        else if (i == 1 && j == 2) pd[k] = -1.0;
        else pd[k] = 1.0;
    }
}

static void stchange(int *ichange, const int *istate, const int *neq,
                     const int *nc, const int *nd, const int *isc,
                     const double *t, const double *z, const double *zdot,
                     double *rpar, int *ipar, const int *ndi, const int *ig)
{
    (void)istate; (void)neq; (void)nc; (void)nd; (void)isc; (void)t;
    (void)z; (void)zdot; (void)rpar; (void)ndi;
    ipar[1]++;
    *ichange = ((ig[0] && ig[1]) ? 1 : 0) != ipar[0];
}

static void evtderiv(int *icode, const int *istate, const int *idiscon,
                     const int *neq, const int *nc, const int *nd,
                     const int *isc, const double *time, const double *z,
                     const double *zdot, double *rpar, int *ipar, double *d,
                     double *alpha)
{
    (void)istate; (void)idiscon; (void)nc; (void)nd; (void)isc; (void)time;
    (void)z; (void)zdot; (void)rpar;
    ipar[2]++;
    *icode = 0;
    for (int i = 0; i < *neq; i++) d[i] = 0.0;
    *alpha = 0.0;
}

static void record(struct trace *tr, int idid, int ievent, int idiscon,
                   double time, const double *z, const double *zdot,
                   const int *iwork)
{
    if (tr->n >= MAXREC) return;
    struct record *r = &tr->rec[tr->n++];
    r->idid = idid;
    r->ievent = ievent;
    r->idiscon = idiscon;
    memcpy(r->counters, &iwork[10], sizeof r->counters);
    r->time = time;
    memcpy(r->z, z, sizeof r->z);
    memcpy(r->zdot, zdot, sizeof r->zdot);
}

/* One integration of a problem; everything it needs is local. */
static void integrate(const struct problem *p, struct trace *tr)
{
    int neq = NEQ, info[20], idid = 0, lrw = LRW, liw = LIW;
    int iwork[LIW], ievwk[LIEVWK], ipar[4] = {0, 0, 0, 0};
    int nejac = NEJAC, njydot = 2, jdtype = p->jdtype, nc = NCOND,
        nd = NDISC, ievent = 0, idiscon = 0, lievwk = LIEVWK,
        lrevwk = LREVWK;
    int jrow[NEJAC] = {1, 1, 2, 3, 3, 4, 4};
    int jcol[NEJAC] = {1, 2, 2, 1, 3, 2, 4};
    int jydot[2] = {1, 2}, isc[NCOND] = {2};
    double rwork[LRW], revwk[LREVWK], bounds[2 * NEQ], rpar[1];
    double time = 0.0, tout = p->tend, tevt = 0.0;
    double rtol = p->rtol, atol = p->rtol;
    double z[NEQ], zdot[NEQ];

    memset(tr, 0, sizeof *tr);
    memset(info, 0, sizeof info);
    memset(iwork, 0, sizeof iwork);
    memset(rwork, 0, sizeof rwork);
    memset(bounds, 0, sizeof bounds);
    rpar[0] = p->g;
    z[0] = p->h0;
    z[1] = 0.0;
    z[2] = -z[0];
    z[3] = -z[1];
    zdot[0] = 0.0;
    zdot[1] = -p->g;
    zdot[2] = 0.0;
    zdot[3] = p->g;
    tr->ok = 1;
    for (int call = 0; call < MAXREC; call++) {
        dsl48e_(res, NULL, &neq, &time, z, zdot, &tout, info,
                &rtol, &atol, &idid, rwork, &lrw, iwork, &liw, rpar, ipar,
                jdtype ? jac : NULL, &nejac, jrow, jcol, jydot,
                &njydot, &jdtype, bounds, &ievent, &idiscon, &nc, &nd, isc,
                &tevt, &lievwk, ievwk, &lrevwk, revwk,
                stchange, evtderiv);
        record(tr, idid, ievent, idiscon, time, z, zdot, iwork);
        if (idid < 0) {
            tr->ok = 0;
            return;
        }
        if (ievent == 0) {
            if (idid != 3 || time != tout) tr->ok = 0;
            return;
        }
        /* An impact: bounce, lock the condition (false now), restart. */
        tr->nimpact++;
        z[1] = -p->e * z[1];
        zdot[0] = z[1];
        ipar[0] = (-z[0] >= 0.0 && -z[1] >= 0.0) ? 1 : 0;
        info[0] = 0;
        info[10] = 1;
    }
    tr->ok = 0;
}

/* Checks of a reference run against the closed form. */
static void check_reference(const struct problem *p, const struct trace *tr)
{
    double t1 = sqrt(2.0 * p->h0 / p->g), timp[MAXIMP];
    int nimp = 0;
    double t = t1;
    for (int k = 1; t < p->tend && nimp < MAXIMP; k++) {
        timp[nimp++] = t;
        t += 2.0 * pow(p->e, k) * t1;
    }
    double vmin = pow(p->e, nimp - 1) * p->g * t1;
    double ewh = p->rtol * p->h0 + p->rtol;
    double errmax = 0.0;
    int k = 0;

    printf(" PROBLEM %s: h0 = %g, e = %g, RTOL = %g, JDTYPE = %d: %d returns,"
           " %d impacts (expected %d)\n", p->name, p->h0, p->e, p->rtol,
           p->jdtype, tr->n, tr->nimpact, nimp);
    if (!tr->ok) fail("integration failed or ended wrongly");
    if (tr->nimpact != nimp) fail("wrong number of impacts");
    for (int i = 0; i < tr->n; i++) {
        const struct record *r = &tr->rec[i];
        if (r->ievent == 0) continue;
        if (k >= nimp) break;
        double tol = (k + 1) * (CDG + 10.0) * ewh / vmin;
        double err = fabs(r->time - timp[k]);
        if (err > errmax) errmax = err;
        if (k < 2 || k == nimp - 1)
            printf("   impact %2d at t = %.12f (exact %.12f, tol %.1e),"
                   " d1 = %.2e\n", k + 1, r->time, timp[k], tol, r->z[2]);
        if (r->idid != 1 || r->ievent != 1 || r->idiscon != 1)
            fail("event return: IDID, IEVENT or IDISCON wrong");
        if (err > tol) fail("impact time wrong");
        if (r->z[2] < 0.0 || r->z[3] <= 0.0)
            fail("d1 not on its new side or d2 not true at an impact");
        if (fabs(r->z[2]) > CDG * ewh) fail("|Delta g*| above 10 weights");
        k++;
    }
    printf("   largest impact time error %.2e\n", errmax);
}

static int same_trace(const struct trace *a, const struct trace *b)
{
    if (a->n != b->n || a->nimpact != b->nimpact || a->ok != b->ok) return 0;
    for (int i = 0; i < a->n; i++) {
        const struct record *r = &a->rec[i], *s = &b->rec[i];
        if (r->idid != s->idid || r->ievent != s->ievent ||
            r->idiscon != s->idiscon || r->time != s->time)
            return 0;
        if (memcmp(r->counters, s->counters, sizeof r->counters) != 0 ||
            memcmp(r->z, s->z, sizeof r->z) != 0 ||
            memcmp(r->zdot, s->zdot, sizeof r->zdot) != 0)
            return 0;
    }
    return 1;
}

#define REPS 20

static struct trace ref_a, ref_b;

struct job {
    const struct problem *p;
    const struct trace *ref;
    pthread_barrier_t *barrier;
    struct trace out;
    int ndiff;
};

static void *worker(void *arg)
{
    struct job *job = arg;
    pthread_barrier_wait(job->barrier);
    for (int r = 0; r < REPS; r++) {
        integrate(job->p, &job->out);
        if (!same_trace(&job->out, job->ref)) job->ndiff++;
    }
    return NULL;
}

static struct job job1, job2;

static void pair(const struct problem *p1, const struct trace *r1,
                 const struct problem *p2, const struct trace *r2)
{
    pthread_t th1, th2;
    pthread_barrier_t barrier;
    pthread_barrier_init(&barrier, NULL, 2);
    memset(&job1, 0, sizeof job1);
    memset(&job2, 0, sizeof job2);
    job1.p = p1;
    job1.ref = r1;
    job1.barrier = &barrier;
    job2.p = p2;
    job2.ref = r2;
    job2.barrier = &barrier;
    if (pthread_create(&th1, NULL, worker, &job1) != 0 ||
        pthread_create(&th2, NULL, worker, &job2) != 0) {
        fail("pthread_create failed");
        return;
    }
    pthread_join(th1, NULL);
    pthread_join(th2, NULL);
    pthread_barrier_destroy(&barrier);
    printf(" THREADS %s + %s: %d x 2 runs, differing from the sequential"
           " ones: %d, %d\n", p1->name, p2->name, REPS, job1.ndiff,
           job2.ndiff);
    if (job1.ndiff || job2.ndiff)
        fail("a threaded run differs from the sequential run");
}

int main(void)
{
    integrate(&prob_a, &ref_a);
    check_reference(&prob_a, &ref_a);
    integrate(&prob_b, &ref_b);
    check_reference(&prob_b, &ref_b);
    pair(&prob_a, &ref_a, &prob_b, &ref_b);
    pair(&prob_a, &ref_a, &prob_a, &ref_a);
    pair(&prob_b, &ref_b, &prob_b, &ref_b);
    if (failure) {
        printf("FAIL C_DSL48E: %s\n", failure);
        return 1;
    }
    printf("PASS C_DSL48E\n");
    return 0;
}
