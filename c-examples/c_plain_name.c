/*
 * c_plain_name.c -- the three exported names of the solver: the plain
 * lower-case `ddaskr` (what a C caller or a -fno-underscoring Fortran
 * code uses), the upper-case `DDASKR`, and `ddaskr_`.
 *
 * The same problem, y1' = -k y1, y2' = k y1 - y2 (k = RPAR(1) = 3),
 * y(0) = (1,0), exact y1 = exp(-k t), y2 = k/(k-1) (exp(-t) - exp(-k t)),
 * is integrated to t = 1, 2, ..., 5 through each name.  Checks: IDID = 3,
 * answers within tolerance of the exact solution, and the three runs
 * identical bit for bit (same routine behind every name).  Also calls
 * xsetf_(1).  Ends with "PASS C_PLAIN_NAME" or "FAIL C_PLAIN_NAME: ...".
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "daskr.h"

#define NEQ 2
#define LRW (60 + 9 * NEQ + NEQ * NEQ)
#define LIW (40 + NEQ)
#define NOUT 5

typedef void (*solver_fn)(daskr_res_fn, const int *, double *, double *,
                          double *, const double *, int *, double *, double *,
                          int *, double *, const int *, int *, const int *,
                          double *, int *, daskr_generic_fn, daskr_generic_fn,
                          daskr_rt_fn, const int *, int *);

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
    double k = rpar[0];
    (void)t; (void)cj; (void)ires; (void)ipar;
    delta[0] = yp[0] + k * y[0];
    delta[1] = yp[1] - k * y[0] + y[1];
}

/* Integrate through `solve`; store y at each output and the counters. */
static void run(solver_fn solve, const char *name, double out[NOUT][NEQ],
                int counters[5])
{
    int neq = NEQ, info[20], idid = 0, lrw = LRW, liw = LIW, nrt = 0;
    int iwork[LIW], ipar[1] = {0}, jroot[1] = {0};
    double rwork[LRW], rpar[1] = {3.0};
    double t = 0.0, tout, y[NEQ] = {1.0, 0.0}, yp[NEQ] = {-3.0, 3.0};
    double rtol = 1e-8, atol = 1e-10;
    double k = rpar[0];

    memset(info, 0, sizeof info);
    memset(iwork, 0, sizeof iwork);
    memset(rwork, 0, sizeof rwork);
    memset(out, 0, sizeof(double) * NOUT * NEQ);
    for (int i = 1; i <= NOUT; i++) {
        tout = (double)i;
        solve(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork,
              &lrw, iwork, &liw, rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
        if (idid != 3 || t != tout) {
            printf("  %s: IDID = %d at t = %g\n", name, idid, t);
            fail("IDID is not 3 at TOUT");
            return;
        }
        double y1 = exp(-k * t);
        double y2 = k / (k - 1.0) * (exp(-t) - exp(-k * t));
        if (fabs(y[0] - y1) > 1e-6 || fabs(y[1] - y2) > 1e-6)
            fail("solution differs from the exact one");
        out[i - 1][0] = y[0];
        out[i - 1][1] = y[1];
    }
    memcpy(counters, &iwork[10], 5 * sizeof(int));
    printf("  %-8s y(5) = %.15e %.15e  NST = %d NRE = %d NJE = %d NETF = %d"
           " NCFN = %d\n",
           name, y[0], y[1], iwork[10], iwork[11], iwork[12], iwork[13],
           iwork[14]);
}

int main(void)
{
    double a[NOUT][NEQ], b[NOUT][NEQ], c[NOUT][NEQ];
    int ca[5] = {0}, cb[5] = {0}, cc[5] = {0};
    int one = 1;

    xsetf_(&one);
    printf("C_PLAIN_NAME: one problem through ddaskr, DDASKR and ddaskr_\n");
    run(ddaskr, "ddaskr", a, ca);
    run(DDASKR, "DDASKR", b, cb);
    run(ddaskr_, "ddaskr_", c, cc);
    if (memcmp(a, c, sizeof a) != 0 || memcmp(ca, cc, sizeof ca) != 0)
        fail("ddaskr and ddaskr_ give different results");
    if (memcmp(b, c, sizeof b) != 0 || memcmp(cb, cc, sizeof cb) != 0)
        fail("DDASKR and ddaskr_ give different results");
    if (failure)
        printf("FAIL C_PLAIN_NAME: %s\n", failure);
    else
        printf("PASS C_PLAIN_NAME\n");
    return 0;
}
