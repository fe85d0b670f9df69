/*
 * c_float.c -- SDASKR (the single-precision DASKR) called from C with
 * float arrays: a small stiff problem with a known solution, a user
 * Jacobian, two root functions and a checkpoint.
 *
 *   y1' = -1000 (y1 - cos t) - sin t     y1(0) = 0
 *   y2' = y1 - y2                        y2(0) = 0
 *
 * Exact solution (evaluated in double):
 *   y1 = cos t - exp(-1000 t)
 *   y2 = (cos t + sin t)/2 + exp(-1000 t)/999 - (1/2 + 1/999) exp(-t)
 *
 * Root functions (NRT = 2):
 *   r1 = y1 - 0.5   rises in the stiff transient (t = ln 2/1000 to
 *                   first order), falls at about pi/3, rises at about
 *                   5 pi/3;
 *   r2 = y2 - 0.25  rises near t = 0.3, falls near t = 1.9, rises
 *                   again near t = 5.8.
 * The expected root times are found by scanning and bisecting the
 * exact solution in double precision.
 *
 * Options: dense user Jacobian (INFO(5) = 1, JAC cast to
 * daskr_generic_fn), scalar tolerances RTOL = 1e-4, ATOL = 1e-6 (a
 * relative tolerance below about 100 * 2^-23 = 1.19e-5 would be refused
 * with IDID = -2 in single precision), outputs at t = 0.5, 1, ..., 6,
 * continuing after every root (IDID = 5).  RWORK and IWORK have
 * exactly DASKR's minimum lengths, counted in floats and ints.
 *
 * Checkpoint: at the root return near pi/3 the program copies RWORK,
 * IWORK, Y, YPRIME, T and INFO, finishes the run, restores the copies
 * into fresh arrays and finishes again: every later return must be
 * identical bit for bit (SDASKR keeps all its state in those arrays).
 *
 * Checks: the six roots in order with their JROOT vectors and times,
 * IDID = 3 at every output, y within 2e-4 (y1) and 1e-3 (y2) of the
 * exact solution, JAC calls = IWORK(13), IWORK(17..18) = LIW, LRW,
 * the restart identical.  Ends with "PASS C_FLOAT" or
 * "FAIL C_FLOAT: reason".
 *
 * SDASKR, its callback types (sdaskr_res_fn, sdaskr_rt_fn, ...) and the
 * macro DASKR_HAS_SDASKR come from daskr.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "daskr.h"

#define NEQ 2
#define NRT 2
#define LRW (60 + 9 * NEQ + 3 * NRT + NEQ * NEQ)
#define LIW (40 + NEQ)
#define TEND 6.0f
#define NROOTS 6
#define MAXREC 64

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

static int njac = 0;

static void res(const float *t, const float *y, const float *yp,
                const float *cj, float *delta, int *ires, float *rpar,
                int *ipar)
{
    (void)cj; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yp[0] + 1000.0f * (y[0] - cosf(*t)) + sinf(*t);
    delta[1] = yp[1] - (y[0] - y[1]);
}

/* Column-major PD(i,j) = dG_i/dy_j + cj dG_i/dy'_j. */
static void jac(const float *t, const float *y, const float *yp, float *pd,
                const float *cj, float *rpar, int *ipar)
{
    (void)t; (void)y; (void)yp; (void)rpar; (void)ipar;
    njac++;
    pd[0 + 0 * NEQ] = *cj + 1000.0f;
    pd[1 + 0 * NEQ] = -1.0f;
    pd[0 + 1 * NEQ] = 0.0f;
    pd[1 + 1 * NEQ] = *cj + 1.0f;
}

static void rt(const int *neq, const float *t, const float *y,
               const float *yp, const int *nrt, float *rval, float *rpar,
               int *ipar)
{
    (void)neq; (void)t; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = y[0] - 0.5f;
    rval[1] = y[1] - 0.25f;
}

static void exact(double t, double *y)
{
    double e = exp(-1000.0 * t);
    y[0] = cos(t) - e;
    y[1] = 0.5 * (cos(t) + sin(t)) + e / 999.0 - (0.5 + 1.0 / 999.0) * exp(-t);
}

/* Expected roots in (0, TEND]: scan each function, then bisect. */
static int expected_roots(double *troot, int (*jr)[NRT])
{
    int n = 0;
    for (int k = 0; k < NRT; k++) {
        double level = k == 0 ? 0.5 : 0.25, ta = 0.0, ya[2], yb[2];
        exact(ta, ya);
        for (int i = 1; i <= 600000; i++) {
            double tb = TEND * i / 600000.0;
            exact(tb, yb);
            double ga = ya[k] - level, gb = yb[k] - level;
            if ((ga < 0.0) != (gb < 0.0) && n < NROOTS + 2) {
                double lo = ta, hi = tb, ylo[2], ym[2];
                for (int it = 0; it < 80; it++) {
                    double mid = 0.5 * (lo + hi);
                    exact(lo, ylo);
                    exact(mid, ym);
                    if ((ylo[k] - level < 0.0) == (ym[k] - level < 0.0))
                        lo = mid;
                    else
                        hi = mid;
                }
                troot[n] = 0.5 * (lo + hi);
                jr[n][k] = gb > ga ? 1 : -1;
                jr[n][1 - k] = 0;
                n++;
            }
            ta = tb;
            ya[0] = yb[0];
            ya[1] = yb[1];
        }
    }
    /* Sort by time (insertion sort, n is small). */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && troot[j] < troot[j - 1]; j--) {
            double tt = troot[j];
            int a = jr[j][0], b = jr[j][1];
            troot[j] = troot[j - 1];
            jr[j][0] = jr[j - 1][0];
            jr[j][1] = jr[j - 1][1];
            troot[j - 1] = tt;
            jr[j - 1][0] = a;
            jr[j - 1][1] = b;
        }
    return n;
}

struct record {
    int idid, jroot[NRT], counters[11];
    float t, y[NEQ], yp[NEQ];
};

struct state {
    float *rwork, y[NEQ], yp[NEQ], t, tout;
    int *iwork, info[20];
};

/* Continues the run from the state s up to TEND; records every return. */
static int finish(struct state *s, struct record *rec, int maxrec,
                  int verbose, struct state *checkpoint)
{
    int neq = NEQ, nrt = NRT, lrw = LRW, liw = LIW, idid = 0, n = 0;
    int jroot[NRT], ipar[1] = {0};
    float rtol = 1e-4f, atol = 1e-6f, rpar[1] = {0.0f};
    while (n < maxrec) {
        sdaskr_(res, &neq, &s->t, s->y, s->yp, &s->tout, s->info, &rtol,
                &atol, &idid, s->rwork, &lrw, s->iwork, &liw, rpar, ipar,
                (daskr_generic_fn)jac, NULL, rt, &nrt, jroot);
        struct record *r = &rec[n++];
        memset(r, 0, sizeof *r);
        r->idid = idid;
        r->t = s->t;
        memcpy(r->y, s->y, sizeof r->y);
        memcpy(r->yp, s->yp, sizeof r->yp);
        if (idid == 5) memcpy(r->jroot, jroot, sizeof r->jroot);
        memcpy(r->counters, &s->iwork[10], sizeof r->counters);
        if (verbose) {
            double ye[2];
            exact(s->t, ye);
            if (idid == 5)
                printf("  root at t = %.7f  JROOT = %2d %2d  y = %.6f %.6f\n",
                       s->t, jroot[0], jroot[1], s->y[0], s->y[1]);
            else
                printf("  IDID = %d  t = %.3f  y = %.6f %.6f  error = %.2e "
                       "%.2e\n",
                       idid, s->t, s->y[0], s->y[1], fabs(s->y[0] - ye[0]),
                       fabs(s->y[1] - ye[1]));
        }
        if (checkpoint && idid == 5 && s->t > 1.0f && s->t < 1.1f) {
            memcpy(checkpoint->rwork, s->rwork, LRW * sizeof(float));
            memcpy(checkpoint->iwork, s->iwork, LIW * sizeof(int));
            memcpy(checkpoint->y, s->y, sizeof s->y);
            memcpy(checkpoint->yp, s->yp, sizeof s->yp);
            memcpy(checkpoint->info, s->info, sizeof s->info);
            checkpoint->t = s->t;
            checkpoint->tout = s->tout;
            checkpoint = NULL;
        }
        if (idid == 3) {
            if (s->tout >= TEND) break;
            s->tout += 0.5f;
        } else if (idid != 5) {
            break;
        }
    }
    return n;
}

int main(void)
{
    static struct record first[MAXREC], second[MAXREC];
    struct state s, ck;
    double texp[NROOTS + 2];
    int jexp[NROOTS + 2][NRT];
    int nexp = expected_roots(texp, jexp);

    printf("C_FLOAT: SDASKR from C, float arrays (sizeof(float) = %d), "
           "stiff 2x2 system, 2 root functions\n", (int)sizeof(float));
    printf("  LRW = %d  LIW = %d  expected roots:", LRW, LIW);
    for (int i = 0; i < nexp; i++) printf(" %.7f", texp[i]);
    printf("\n");
    if (nexp != NROOTS) fail("the exact solution does not have six roots");

    s.rwork = calloc(LRW, sizeof(float));
    s.iwork = calloc(LIW, sizeof(int));
    ck.rwork = calloc(LRW, sizeof(float));
    ck.iwork = calloc(LIW, sizeof(int));
    if (!s.rwork || !s.iwork || !ck.rwork || !ck.iwork) {
        printf("FAIL C_FLOAT: out of memory\n");
        return 1;
    }
    memset(s.info, 0, sizeof s.info);
    s.info[4] = 1; /* INFO(5) = 1: user Jacobian */
    s.t = 0.0f;
    s.tout = 0.5f;
    s.y[0] = 0.0f;
    s.y[1] = 0.0f;
    s.yp[0] = 1000.0f; /* consistent: 1000 cos 0 - sin 0 */
    s.yp[1] = 0.0f;
    ck.t = -1.0f;

    int n1 = finish(&s, first, MAXREC, 1, &ck);
    int iw[21];
    memcpy(iw, s.iwork, sizeof iw);
    printf("  NST = %d NRE = %d NJE = %d NETF = %d NCFN = %d NNI = %d "
           "RT calls = %d JAC calls = %d LENIW = %d LENRW = %d\n",
           iw[10], iw[11], iw[12], iw[13], iw[14], iw[18], s.iwork[35], njac,
           iw[16], iw[17]);

    /* Check the first run's returns. */
    int nroot = 0, nout = 0;
    double errmax[2] = {0.0, 0.0};
    for (int i = 0; i < n1; i++) {
        const struct record *r = &first[i];
        double ye[2];
        exact(r->t, ye);
        if (r->idid == 5) {
            if (nroot < nexp) {
                double tol = 1e-4 + 1e-4 * texp[nroot];
                if (fabs(r->t - texp[nroot]) > tol) fail("root time wrong");
                if (r->jroot[0] != jexp[nroot][0] ||
                    r->jroot[1] != jexp[nroot][1])
                    fail("JROOT differs from the expected vector");
            }
            nroot++;
        } else if (r->idid == 3) {
            nout++;
            if (r->t != 0.5f * nout) fail("IDID = 3 but T is not TOUT");
        } else {
            fail("unexpected IDID");
        }
        for (int k = 0; k < 2; k++)
            if (fabs(r->y[k] - ye[k]) > errmax[k]) errmax[k] = fabs(r->y[k] - ye[k]);
    }
    printf("  roots found = %d, outputs = %d, max errors y1 = %.2e y2 = %.2e\n",
           nroot, nout, errmax[0], errmax[1]);
    if (nroot != NROOTS) fail("not exactly six roots");
    if (nout != 12) fail("not twelve outputs");
    if (errmax[0] > 2e-4 || errmax[1] > 1e-3) fail("solution error too large");
    if (njac != iw[12] || njac < 1) fail("JAC calls differ from IWORK(13)");
    if (iw[16] != LIW || iw[17] != LRW)
        fail("IWORK(17..18) are not the minimum LIW, LRW");

    /* Restart from the checkpoint taken at the root near pi/3. */
    if (ck.t < 0.0f) {
        fail("no checkpoint was taken");
    } else {
        int at = 0;
        float tck = ck.t;
        while (at < n1 && !(first[at].idid == 5 && first[at].t == tck)) at++;
        int n2 = finish(&ck, second, MAXREC, 0, NULL);
        printf("  restart from the checkpoint at t = %.7f: %d returns "
               "(original: %d)\n", tck, n2, n1 - at - 1);
        if (n2 != n1 - at - 1 ||
            memcmp(second, &first[at + 1], n2 * sizeof second[0]) != 0)
            fail("the run restarted from the checkpoint differs");
    }

    free(s.rwork);
    free(s.iwork);
    free(ck.rwork);
    free(ck.iwork);
    if (failure)
        printf("FAIL C_FLOAT: %s\n", failure);
    else
        printf("PASS C_FLOAT\n");
    return 0;
}
