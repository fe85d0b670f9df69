/*
 * c_checkpoint.c -- checkpoint and restart the way legacy codes do it:
 * copy RWORK, IWORK, Y, YPRIME, T and INFO (plus the caller's own TOUT
 * and tolerances) in the middle of a run, continue, later copy them
 * back and continue again.  Both continuations must be identical bit
 * for bit, because DDASKR keeps its whole state in those arrays.
 *
 * Problem: Van der Pol, y1' = y2, y2' = mu (1 - y1^2) y2 - y1 with
 * mu = 2, y(0) = (2, 0), dense difference-quotient Jacobian, root
 * function R = y1 (NRT = 1), output at t = 1, 2, ..., 15, continued
 * after every root (IDID = 5).
 *
 * Checkpoint 1 is taken at the IDID = 3 return at t = 3; checkpoint 2
 * at the first root return after t = 5 (state just after a root, with
 * the root-finding flags set).  Checkpoint 1 is restored into freshly
 * allocated arrays (other addresses), checkpoint 2 into the original
 * arrays after the run has finished with them.  Every return after a
 * checkpoint (IDID, T, Y, YPRIME, JROOT, IWORK(11..21)) must equal the
 * original run's.  Ends with "PASS C_CHECKPOINT" or
 * "FAIL C_CHECKPOINT: reason".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "daskr.h"

#define NEQ 2
#define NRT 1
#define LRW (60 + 9 * NEQ + 3 * NRT + NEQ * NEQ)
#define LIW (40 + NEQ)
#define TEND 15.0
#define MAXREC 200

struct state {
    double *rwork, *y, *yp;
    int *iwork, *info;
    double t, tout, rtol, atol;
};

struct record {
    int idid, jroot, counters[11];
    double t, y[NEQ], yp[NEQ];
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

static void res(const double *t, const double *y, const double *yp,
                const double *cj, double *delta, int *ires, double *rpar,
                int *ipar)
{
    double mu = rpar[0];
    (void)t; (void)cj; (void)ires; (void)ipar;
    delta[0] = yp[0] - y[1];
    delta[1] = yp[1] - (mu * (1.0 - y[0] * y[0]) * y[1] - y[0]);
}

static void rt(const int *neq, const double *t, const double *y,
               const double *yp, const int *nrt, double *rval, double *rpar,
               int *ipar)
{
    (void)neq; (void)t; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = y[0];
}

static struct state *new_state(void)
{
    struct state *s = calloc(1, sizeof *s);
    s->rwork = calloc(LRW, sizeof(double));
    s->y = calloc(NEQ, sizeof(double));
    s->yp = calloc(NEQ, sizeof(double));
    s->iwork = calloc(LIW, sizeof(int));
    s->info = calloc(20, sizeof(int));
    return s;
}

static void free_state(struct state *s)
{
    free(s->rwork); free(s->y); free(s->yp); free(s->iwork); free(s->info);
    free(s);
}

/* What a legacy code writes to its restart file and reads back. */
static void copy_state(struct state *dst, const struct state *src)
{
    memcpy(dst->rwork, src->rwork, LRW * sizeof(double));
    memcpy(dst->y, src->y, NEQ * sizeof(double));
    memcpy(dst->yp, src->yp, NEQ * sizeof(double));
    memcpy(dst->iwork, src->iwork, LIW * sizeof(int));
    memcpy(dst->info, src->info, 20 * sizeof(int));
    dst->t = src->t;
    dst->tout = src->tout;
    dst->rtol = src->rtol;
    dst->atol = src->atol;
}

/* Continue the integration of `s` to TEND, recording every return.
   If cp1/cp2 are given, copy the state into them at the checkpoints
   and note the record index there. */
static void drive(struct state *s, struct trace *tr, struct state *cp1,
                  int *n1, struct state *cp2, int *n2)
{
    int neq = NEQ, nrt = NRT, lrw = LRW, liw = LIW, idid = 0, jroot[NRT];
    int ipar[1] = {0};
    double rpar[1] = {2.0};

    while (tr->n < MAXREC) {
        jroot[0] = 0;
        ddaskr_(res, &neq, &s->t, s->y, s->yp, &s->tout, s->info, &s->rtol,
                &s->atol, &idid, s->rwork, &lrw, s->iwork, &liw, rpar, ipar,
                NULL, NULL, rt, &nrt, jroot);
        struct record *r = &tr->rec[tr->n++];
        memset(r, 0, sizeof *r);
        r->idid = idid;
        r->jroot = idid == 5 ? jroot[0] : 0;
        r->t = s->t;
        memcpy(r->y, s->y, sizeof r->y);
        memcpy(r->yp, s->yp, sizeof r->yp);
        memcpy(r->counters, &s->iwork[10], sizeof r->counters);
        if (idid < 0) return;
        if (idid == 3) {
            if (s->t >= TEND) return;
            s->tout += 1.0;
            if (cp1 && s->t == 3.0) {
                copy_state(cp1, s);
                *n1 = tr->n;
            }
        } else if (idid == 5 && cp2 && *n2 < 0 && s->t > 5.0) {
            copy_state(cp2, s);
            *n2 = tr->n;
        }
    }
}

static int compare(const struct trace *a, int from, const struct trace *b,
                   const char *what)
{
    int n = a->n - from;
    int same = n == b->n &&
               memcmp(&a->rec[from], &b->rec[0], n * sizeof(struct record)) == 0;
    printf("  %s: %d returns after the checkpoint, %s\n", what, b->n,
           same ? "identical to the original run" : "DIFFERENT");
    return same;
}

int main(void)
{
    static struct trace orig, again1, again2;
    struct state *s = new_state(), *cp1 = new_state(), *cp2 = new_state();
    int n1 = -1, n2 = -1, nroot = 0;

    s->t = 0.0;
    s->tout = 1.0;
    s->y[0] = 2.0;
    s->y[1] = 0.0;
    s->yp[0] = 0.0;
    s->yp[1] = -2.0;
    s->rtol = 1e-7;
    s->atol = 1e-7;
    printf("C_CHECKPOINT: Van der Pol (mu = 2) with root y1 = 0, to t = %g\n",
           TEND);
    drive(s, &orig, cp1, &n1, cp2, &n2);
    for (int i = 0; i < orig.n; i++) nroot += orig.rec[i].idid == 5;
    const struct record *last = &orig.rec[orig.n - 1];
    printf("  original run: %d returns (%d roots), last IDID = %d t = %g"
           " y = %.12e %.12e\n", orig.n, nroot, last->idid, last->t,
           last->y[0], last->y[1]);
    printf("  NST = %d NRE = %d NJE = %d NETF = %d NCFN = %d\n",
           last->counters[0], last->counters[1], last->counters[2],
           last->counters[3], last->counters[4]);
    if (last->idid != 3 || last->t != TEND) fail("original run did not reach TEND");
    if (nroot < 3) fail("too few roots in the original run");
    if (n1 < 0 || n2 < 0) fail("a checkpoint was never taken");

    if (!failure) {
        /* Checkpoint 1 into new arrays at other addresses. */
        struct state *r1 = new_state();
        copy_state(r1, cp1);
        drive(r1, &again1, NULL, NULL, NULL, NULL);
        if (!compare(&orig, n1, &again1, "restart from t = 3 in new arrays"))
            fail("restart from checkpoint 1 differs");
        free_state(r1);
        /* Checkpoint 2 back into the original (used) arrays. */
        copy_state(s, cp2);
        drive(s, &again2, NULL, NULL, NULL, NULL);
        if (!compare(&orig, n2, &again2, "restart after a root in old arrays"))
            fail("restart from checkpoint 2 differs");
    }
    free_state(s);
    free_state(cp1);
    free_state(cp2);
    if (failure)
        printf("FAIL C_CHECKPOINT: %s\n", failure);
    else
        printf("PASS C_CHECKPOINT\n");
    return 0;
}
