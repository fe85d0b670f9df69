/*
 * c_dense.c -- DDASKR called from C on a dense linear system with an
 * analytic solution.
 *
 *   y' = A y,  A = [[-2,1,0],[1,-2,1],[0,1,-2]],  y(0) = (1,0,0).
 *
 * A is symmetric with eigenvalues -2+sqrt(2), -2, -2-sqrt(2) and
 * orthonormal eigenvectors (1,sqrt2,1)/2, (1,0,-1)/sqrt2, (1,-sqrt2,1)/2,
 * so y(t) = sum_k v_k exp(l_k t) (v_k . y0).  The residual reads the
 * diagonal value -2 from RPAR(1) (RPAR/IPAR pass-through), and counts
 * its calls in IPAR(1).
 *
 * Two runs: (1) difference-quotient Jacobian (INFO(5)=0, JAC = NULL),
 * (2) a user Jacobian (INFO(5)=1) passed as (daskr_generic_fn).
 * Checks: IDID=3 at each TOUT = 0.5, 1, ..., 5, error within a small
 * multiple of the tolerances, IPAR(1) equals NRE = IWORK(12), and the
 * user JAC was called IWORK(13) times.  Prints the counters and ends
 * with "PASS C_DENSE" or "FAIL C_DENSE: reason".
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "daskr.h"

#define NEQ 3
#define LRW (60 + 9 * NEQ + NEQ * NEQ)
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
    double d = rpar[0];
    (void)t; (void)cj; (void)ires;
    delta[0] = yp[0] - (d * y[0] + y[1]);
    delta[1] = yp[1] - (y[0] + d * y[1] + y[2]);
    delta[2] = yp[2] - (y[1] + d * y[2]);
    ipar[0] += 1;
}

/* Column-major PD(i,j) = dG_i/dy_j + cj dG_i/dy'_j = -A(i,j) + cj I. */
static void jac(const double *t, const double *y, const double *yp,
                double *pd, const double *cj, double *rpar, int *ipar)
{
    double d = rpar[0];
    (void)t; (void)y; (void)yp;
    pd[0 + 0 * NEQ] = *cj - d;
    pd[1 + 0 * NEQ] = -1.0;
    pd[0 + 1 * NEQ] = -1.0;
    pd[1 + 1 * NEQ] = *cj - d;
    pd[2 + 1 * NEQ] = -1.0;
    pd[1 + 2 * NEQ] = -1.0;
    pd[2 + 2 * NEQ] = *cj - d;
    ipar[1] += 1;
}

static void exact(double t, double *y)
{
    double s2 = sqrt(2.0);
    /* coefficients v_k . y0 with y0 = (1,0,0) */
    double c1 = 0.5, c2 = 1.0 / s2, c3 = 0.5;
    double e1 = c1 * exp((-2.0 + s2) * t);
    double e2 = c2 * exp(-2.0 * t);
    double e3 = c3 * exp((-2.0 - s2) * t);
    y[0] = 0.5 * e1 + e2 / s2 + 0.5 * e3;
    y[1] = s2 / 2.0 * e1 - s2 / 2.0 * e3;
    y[2] = 0.5 * e1 - e2 / s2 + 0.5 * e3;
}

int main(void)
{
    for (int run = 1; run <= 2; run++) {
        int neq = NEQ, info[20], idid = 0, lrw = LRW, liw = LIW, nrt = 0;
        int iwork[LIW], ipar[2] = {0, 0}, jroot[1] = {0};
        double rwork[LRW], rpar[1] = {-2.0};
        double t = 0.0, tout, y[NEQ], yp[NEQ], rtol = 1e-7, atol = 1e-9;
        double yex[NEQ], errmax = 0.0;

        memset(info, 0, sizeof info);
        memset(iwork, 0, sizeof iwork);
        memset(rwork, 0, sizeof rwork);
        if (run == 2) info[4] = 1;
        exact(0.0, y);
        yp[0] = -2.0 * y[0] + y[1];
        yp[1] = y[0] - 2.0 * y[1] + y[2];
        yp[2] = y[1] - 2.0 * y[2];
        printf("C_DENSE run %d: %s Jacobian, LRW = %d, LIW = %d\n", run,
               run == 1 ? "difference-quotient" : "user", LRW, LIW);
        for (int k = 1; k <= 10; k++) {
            tout = 0.5 * k;
            ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid,
                    rwork, &lrw, iwork, &liw, rpar, ipar,
                    run == 2 ? (daskr_generic_fn)jac : NULL, NULL, NULL,
                    &nrt, jroot);
            if (idid != 3 || t != tout) {
                printf("   IDID = %d at T = %g\n", idid, t);
                fail("IDID is not 3 at TOUT");
                break;
            }
            exact(t, yex);
            double err = 0.0;
            for (int i = 0; i < NEQ; i++) {
                double e = fabs(y[i] - yex[i]) / (rtol * fabs(yex[i]) + atol);
                if (e > err) err = e;
            }
            if (err > errmax) errmax = err;
            printf("  t = %4.1f  y = %14.10f %14.10f %14.10f  err/tol = %6.2f\n",
                   t, y[0], y[1], y[2], err);
        }
        printf("  NST = %d NRE = %d NJE = %d NETF = %d NCFN = %d;"
               " RES calls (IPAR(1)) = %d, JAC calls = %d\n",
               iwork[10], iwork[11], iwork[12], iwork[13], iwork[14],
               ipar[0], ipar[1]);
        if (errmax > 10.0) fail("global error above 10 times the tolerance");
        if (ipar[0] != iwork[11]) fail("RES call count differs from NRE");
        if (run == 1 && ipar[1] != 0) fail("JAC called with INFO(5)=0");
        if (run == 2 && (ipar[1] != iwork[12] || ipar[1] < 1))
            fail("JAC call count differs from NJE");
        if (rpar[0] != -2.0) fail("RPAR was changed");
    }
    if (failure)
        printf("FAIL C_DENSE: %s\n", failure);
    else
        printf("PASS C_DENSE\n");
    return 0;
}
