/*
 * decay.c -- consumer test of an installed libdaskr (C; the same program
 * as decay.f).
 *
 * y' = -y, y(0) = 1, integrated with DDASKR (dense difference-quotient
 * Jacobian, RTOL = ATOL = 1e-10) to t = 1, 2, ..., 10; each output must
 * be within 1e-8 of exp(-t). Then one call with NEQ = 0 must return
 * IDID = -33 and print DDASKR's message between the lines MESSAGE-BEFORE
 * and MESSAGE-AFTER. Also checks that daskr.h's version macros agree with the
 * version the build was told to expect (-DEXPECT_VERSION="x.y.z").
 * The last line is "PASS DECAY", or "FAIL DECAY" and the reason.
 *
 * Must compile cleanly with cc -std=c99 -Wall -Wextra -pedantic -Werror.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "daskr.h"

#define NEQ 1
#define LRW 70
#define LIW 41

static void res(const double *t, const double *y, const double *yprime,
                const double *cj, double *delta, int *ires, double *rpar,
                int *ipar)
{
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yprime[0] + y[0];
}

int main(void)
{
    int neq = NEQ, neq0 = 0, nrt = 0, lrw = LRW, liw = LIW, idid = 0;
    int info[20], iwork[LIW], ipar[1] = {0}, jroot[1] = {0};
    double rwork[LRW], rpar[1] = {0.0}, rtol[1] = {1e-10}, atol[1] = {1e-10};
    double t = 0.0, tout, y[1] = {1.0}, yp[1] = {-1.0};
    int k, nfail = 0;

    memset(info, 0, sizeof info);
    for (k = 1; k <= 10; k++) {
        double err;
        tout = (double)k;
        ddaskr_(res, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork,
                &lrw, iwork, &liw, rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
        err = fabs(y[0] - exp(-t));
        printf(" T =%5.1f  Y =%22.14E  ERR =%9.2E  IDID =%3d\n", t, y[0], err,
               idid);
        if (idid != 3 || err > 1e-8)
            nfail++;
    }
    printf(" STEPS%5d  RESIDUALS%6d  JACOBIANS%5d\n", iwork[10], iwork[11],
           iwork[12]);

    printf(" MESSAGE-BEFORE\n");
    memset(info, 0, sizeof info);
    t = 0.0;
    tout = 1.0;
    ddaskr_(res, &neq0, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw,
            iwork, &liw, rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    printf(" MESSAGE-AFTER\n");
    printf(" IDID FOR NEQ = 0: %3d\n", idid);
    if (idid != -33)
        nfail++;

#ifdef EXPECT_VERSION
    {
        char v[32];
        sprintf(v, "%d.%d.%d", DASKR_VERSION_MAJOR, DASKR_VERSION_MINOR,
                DASKR_VERSION_PATCH);
        printf(" VERSION %s\n", DASKR_VERSION_STRING);
        if (strcmp(v, EXPECT_VERSION) != 0 ||
            strcmp(DASKR_VERSION_STRING, EXPECT_VERSION) != 0)
            nfail++;
    }
#endif

    if (nfail == 0)
        printf(" PASS DECAY\n");
    else
        printf(" FAIL DECAY: %d checks failed\n", nfail);
    return 0;
}
