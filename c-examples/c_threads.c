/*
 * c_threads.c -- re-entrancy: two independent integrations running at
 * the same time in two POSIX threads must give exactly the results
 * they give when run one after the other (all state lives in the
 * caller's arrays; nothing is shared between calls).
 *
 * Problem A: heat equation u_t = D u_xx (D = RPAR(1)) by the method of
 *   lines, N = 60, banded difference-quotient Jacobian (INFO(6) = 1,
 *   ML = MU = 1), MAXORD = 3 (INFO(9) = 1), no root functions.
 * Problem B: Van der Pol oscillator y1' = y2, y2' = mu (1 - y1^2) y2 - y1
 *   (mu = RPAR(1)), dense difference-quotient Jacobian, default MAXORD,
 *   root functions y1 and y2 (NRT = 2), continued after each IDID = 5.
 *
 * Each run records every return (IDID, T, Y, JROOT, IWORK(11..21)).
 * The sequential runs are the reference; then A and B run concurrently
 * (started together at a barrier, each repeated 25 times so that the
 * calls interleave), and also A with A and B with B; every concurrent
 * trace must equal its reference bit for bit.  Also checks problem A against its leading Fourier mode and
 * that problem B finds roots.  Ends with "PASS C_THREADS" or
 * "FAIL C_THREADS: reason".
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "daskr.h"

#define NA 60
#define MLA 1
#define MUA 1
#define MAXORD_A 3
/* LRW = 60 + max(MAXORD+4,7)*NEQ + (2ML+MU+1)*NEQ + 2*(NEQ/(ML+MU+1)+1) */
#define LRW_A (60 + 7 * NA + (2 * MLA + MUA + 1) * NA + 2 * (NA / (MLA + MUA + 1) + 1))
#define LIW_A (40 + NA)
#define NB 2
#define NRT_B 2
#define LRW_B (60 + 9 * NB + 3 * NRT_B + NB * NB)
#define LIW_B (40 + NB)
#define MAXREC 400
#define MAXY 60

struct record {
    int idid;
    int jroot[2];
    int counters[11];
    double t;
    double y[MAXY];
};

struct trace {
    int n;
    struct record rec[MAXREC];
};

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

static void res_a(const double *t, const double *u, const double *up,
                  const double *cj, double *delta, int *ires, double *rpar,
                  int *ipar)
{
    double c = rpar[0] * (NA + 1) * (NA + 1);
    (void)t; (void)cj; (void)ires; (void)ipar;
    for (int i = 0; i < NA; i++) {
        double ul = i > 0 ? u[i - 1] : 0.0;
        double ur = i < NA - 1 ? u[i + 1] : 0.0;
        delta[i] = up[i] - c * (ul - 2.0 * u[i] + ur);
    }
}

static void res_b(const double *t, const double *y, const double *yp,
                  const double *cj, double *delta, int *ires, double *rpar,
                  int *ipar)
{
    double mu = rpar[0];
    (void)t; (void)cj; (void)ires; (void)ipar;
    delta[0] = yp[0] - y[1];
    delta[1] = yp[1] - (mu * (1.0 - y[0] * y[0]) * y[1] - y[0]);
}

static void rt_b(const int *neq, const double *t, const double *y,
                 const double *yp, const int *nrt, double *rval, double *rpar,
                 int *ipar)
{
    (void)neq; (void)t; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = y[0];
    rval[1] = y[1];
}

static void record(struct trace *tr, int idid, double t, const double *y,
                   int n, const int *jroot, int nrt, const int *iwork)
{
    if (tr->n >= MAXREC) return;
    struct record *r = &tr->rec[tr->n++];
    r->idid = idid;
    r->t = t;
    memcpy(r->y, y, n * sizeof(double));
    if (nrt > 0) memcpy(r->jroot, jroot, nrt * sizeof(int));
    memcpy(r->counters, &iwork[10], 11 * sizeof(int));
}

static void run_a(struct trace *tr)
{
    int neq = NA, info[20], idid = 0, lrw = LRW_A, liw = LIW_A, nrt = 0;
    int iwork[LIW_A], ipar[1] = {0}, jroot[1] = {0};
    double rwork[LRW_A], rpar[1] = {0.5};
    double t = 0.0, tout, u[NA], up[NA], rtol = 1e-6, atol = 1e-8;
    const double pi = 3.14159265358979323846, dx = 1.0 / (NA + 1);
    double lam = rpar[0] * 4.0 / (dx * dx) * pow(sin(pi * dx / 2.0), 2);

    memset(tr, 0, sizeof *tr);
    memset(info, 0, sizeof info);
    memset(iwork, 0, sizeof iwork);
    memset(rwork, 0, sizeof rwork);
    info[5] = 1;
    info[8] = 1;
    iwork[0] = MLA;
    iwork[1] = MUA;
    iwork[2] = MAXORD_A;
    for (int i = 0; i < NA; i++) {
        double x = (i + 1) * dx;
        u[i] = sin(pi * x) + 0.3 * sin(2.0 * pi * x);
        up[i] = 0.0;
    }
    /* consistent derivative */
    {
        double d[NA];
        int ires = 0;
        double cj = 0.0;
        res_a(&t, u, up, &cj, d, &ires, rpar, ipar);
        for (int i = 0; i < NA; i++) up[i] = -d[i];
    }
    for (int k = 1; k <= 20; k++) {
        tout = 0.02 * k;
        ddaskr_(res_a, &neq, &t, u, up, &tout, info, &rtol, &atol, &idid,
                rwork, &lrw, iwork, &liw, rpar, ipar, NULL, NULL, NULL, &nrt,
                jroot);
        record(tr, idid, t, u, NA, jroot, 0, iwork);
        if (idid < 0) return;
    }
    /* By t = 0.4 the second mode has decayed (factor exp(-4 lam t)):
       compare with the first mode alone, loosely. */
    double err = 0.0;
    for (int i = 0; i < NA; i++) {
        double x = (i + 1) * dx;
        double e = fabs(u[i] - exp(-lam * t) * sin(pi * x));
        if (e > err) err = e;
    }
    if (err > 1e-3) fail("problem A: wrong solution");
}

static void run_b(struct trace *tr)
{
    int neq = NB, info[20], idid = 0, lrw = LRW_B, liw = LIW_B, nrt = NRT_B;
    int iwork[LIW_B], ipar[1] = {0}, jroot[NRT_B] = {0, 0};
    double rwork[LRW_B], rpar[1] = {1.0};
    double t = 0.0, tout, y[NB] = {2.0, 0.0}, yp[NB] = {0.0, -2.0};
    double rtol = 1e-7, atol = 1e-7;
    int nroots = 0;

    memset(tr, 0, sizeof *tr);
    memset(info, 0, sizeof info);
    memset(iwork, 0, sizeof iwork);
    memset(rwork, 0, sizeof rwork);
    for (int k = 1; k <= 20; k++) {
        tout = 1.0 * k;
        for (;;) {
            ddaskr_(res_b, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid,
                    rwork, &lrw, iwork, &liw, rpar, ipar, NULL, NULL, rt_b,
                    &nrt, jroot);
            record(tr, idid, t, y, NB, jroot, NRT_B, iwork);
            if (idid != 5 || tr->n >= MAXREC) break;
            nroots++;
        }
        if (idid < 0) return;
    }
    if (nroots < 10) fail("problem B: too few roots found");
}

static struct trace ref_a, ref_b, out1, out2;

/* Each thread integrates its problem REPS times in a row, so that the
   two threads' calls interleave many times, and counts the runs whose
   trace differs from the sequential reference. */
#define REPS 25

struct job {
    char which;
    struct trace *tr;
    pthread_barrier_t *barrier;
    int ndiff;
};

static void *worker(void *arg)
{
    struct job *job = arg;
    const struct trace *ref = job->which == 'A' ? &ref_a : &ref_b;
    pthread_barrier_wait(job->barrier);
    for (int rep = 0; rep < REPS; rep++) {
        if (job->which == 'A')
            run_a(job->tr);
        else
            run_b(job->tr);
        if (memcmp(job->tr, ref, sizeof *ref) != 0) job->ndiff++;
    }
    return NULL;
}

static void pair(char w1, char w2)
{
    pthread_t th1, th2;
    pthread_barrier_t barrier;
    struct job j1 = {w1, &out1, &barrier, 0}, j2 = {w2, &out2, &barrier, 0};

    pthread_barrier_init(&barrier, NULL, 2);
    pthread_create(&th1, NULL, worker, &j1);
    pthread_create(&th2, NULL, worker, &j2);
    pthread_join(th1, NULL);
    pthread_join(th2, NULL);
    pthread_barrier_destroy(&barrier);
    printf("  concurrent %c + %c, %d runs each: %d and %d differ from the"
           " sequential reference\n", w1, w2, REPS, j1.ndiff, j2.ndiff);
    if (j1.ndiff != 0 || j2.ndiff != 0)
        fail("a concurrent run differs from the sequential one");
}

int main(void)
{
    printf("C_THREADS: sequential reference runs\n");
    run_a(&ref_a);
    run_b(&ref_b);
    const struct record *la = &ref_a.rec[ref_a.n - 1];
    const struct record *lb = &ref_b.rec[ref_b.n - 1];
    printf("  A: %d returns, last IDID = %d t = %g u(N/2) = %.10e"
           " NST = %d NRE = %d NJE = %d NETF = %d NCFN = %d\n",
           ref_a.n, la->idid, la->t, la->y[NA / 2], la->counters[0],
           la->counters[1], la->counters[2], la->counters[3], la->counters[4]);
    printf("  B: %d returns, last IDID = %d t = %g y = %.10e %.10e"
           " NST = %d NRE = %d NJE = %d NETF = %d NCFN = %d\n",
           ref_b.n, lb->idid, lb->t, lb->y[0], lb->y[1], lb->counters[0],
           lb->counters[1], lb->counters[2], lb->counters[3], lb->counters[4]);
    if (la->idid != 3 || la->t != 0.4) fail("problem A did not reach t = 0.4");
    if (lb->idid != 3 || lb->t != 20.0) fail("problem B did not reach t = 20");
    pair('A', 'B');
    pair('A', 'A');
    pair('B', 'B');
    if (failure)
        printf("FAIL C_THREADS: %s\n", failure);
    else
        printf("PASS C_THREADS\n");
    return 0;
}
