/*
 * c_roots.c -- root finding from C, in intermediate-output mode.
 *
 *   y' = -y, y(0) = 1  (y = exp(-t)),  NRT = 4 root functions:
 *     r1 = y - 0.5        root at ln 2,   falling (JROOT = -1)
 *     r2 = y - 0.25       root at ln 4,   falling (JROOT = -1)
 *     r3 = t - 1.5        root at 1.5,    rising  (JROOT = +1)
 *     r4 = 2*(y - 0.5)    the same root as r1: reported together.
 *
 * INFO(3) = 1: the program calls DDASKR until IDID = 3 at TOUT = 3,
 * accepting IDID = 1 (one step) and IDID = 5 (roots) on the way.
 * Checks: exactly three IDID = 5 returns with the expected JROOT
 * vectors (r1 and r4 together), root times within 1e-6 of the exact
 * ones, y at each root, T never decreasing, IWORK(36) > 0.  Ends with
 * "PASS C_ROOTS" or "FAIL C_ROOTS: reason".
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "daskr.h"

#define NEQ 1
#define NRT 4
#define LRW (60 + 9 * NEQ + 3 * NRT + NEQ * NEQ)
#define LIW (40 + NEQ)

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
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yp[0] + y[0];
}

static void rt(const int *neq, const double *t, const double *y,
               const double *yp, const int *nrt, double *rval, double *rpar,
               int *ipar)
{
    (void)neq; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = y[0] - 0.5;
    rval[1] = y[0] - 0.25;
    rval[2] = *t - 1.5;
    rval[3] = 2.0 * (y[0] - 0.5);
}

int main(void)
{
    int neq = NEQ, nrt = NRT, info[20], idid = 0, lrw = LRW, liw = LIW;
    int iwork[LIW], ipar[1] = {0}, jroot[NRT];
    double rwork[LRW], rpar[1] = {0.0};
    double t = 0.0, tout = 3.0, y[1] = {1.0}, yp[1] = {-1.0};
    double rtol = 1e-9, atol = 1e-9, tprev = 0.0;
    const double texp[3] = {log(2.0), log(4.0), 1.5};
    const int jexp[3][NRT] = {{-1, 0, 0, -1}, {0, -1, 0, 0}, {0, 0, 1, 0}};
    int nroot = 0, nstep = 0;

    memset(info, 0, sizeof info);
    memset(iwork, 0, sizeof iwork);
    memset(rwork, 0, sizeof rwork);
    info[2] = 1; /* INFO(3) = 1: intermediate output */
    printf("C_ROOTS: y' = -y with 4 root functions, INFO(3) = 1\n");
    for (int call = 0; call < 5000; call++) {
        ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid,
                rwork, &lrw, iwork, &liw, rpar, ipar, NULL, NULL, rt, &nrt,
                jroot);
        if (t < tprev) fail("T decreased between returns");
        tprev = t;
        if (idid == 1) {
            nstep++;
            continue;
        }
        if (idid != 5) break;
        printf("  IDID=5 at t = %.12f  JROOT = %d %d %d %d  y = %.12f\n", t,
               jroot[0], jroot[1], jroot[2], jroot[3], y[0]);
        if (nroot >= 3) {
            fail("more than three root returns");
            break;
        }
        if (fabs(t - texp[nroot]) > 1e-6) fail("root time wrong");
        if (fabs(y[0] - exp(-t)) > 1e-6) fail("y wrong at a root");
        if (memcmp(jroot, jexp[nroot], sizeof jroot) != 0)
            fail("JROOT differs from the expected vector");
        nroot++;
    }
    printf("  final IDID = %d t = %g y = %.12f (exact %.12f), IDID=1 returns"
           " = %d, RT calls = %d\n",
           idid, t, y[0], exp(-t), nstep, iwork[35]);
    printf("  NST = %d NRE = %d NJE = %d NETF = %d NCFN = %d\n", iwork[10],
           iwork[11], iwork[12], iwork[13], iwork[14]);
    if (idid != 3 || t != tout) fail("did not end with IDID = 3 at TOUT");
    if (nroot != 3) fail("expected exactly three root returns");
    if (fabs(y[0] - exp(-t)) > 1e-6) fail("final y wrong");
    if (nstep < 5) fail("too few IDID = 1 returns");
    if (iwork[35] <= 0) fail("IWORK(36) (RT calls) not positive");
    if (failure)
        printf("FAIL C_ROOTS: %s\n", failure);
    else
        printf("PASS C_ROOTS\n");
    return 0;
}
