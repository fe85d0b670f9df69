/*
 * c_ic_restart.c -- a hybrid simulator's inner loop from C: 100000 short
 * integrations, each a fresh start (INFO(1) = 0) with a consistent-
 * initial-condition calculation (INFO(11) = 1), checking that nothing
 * leaks across them ("millions of short integrations", SPEC section 3).
 *
 * Problem: a thermostat, y = (x, u, e),
 *     x' = -x + u                      temperature (differential)
 *      0 = u + sin(u)/5 - c(mode)      heater output (algebraic)
 *     e' = u^2                         energy (differential)
 * with c = 2 + sin(2)/5 (u = 2) when on and c = 0 (u = 0) when off.
 * The mode (in IPAR(1)) flips after every interval of length DT = 0.01;
 * at each restart u and x' still hold the old mode's values, and
 * DDASKR computes the new ones (ID = (+1,-1,+1) in IWORK(41..43), set
 * once before the first call).  Exactly, over one interval
 *     x <- u + (x - u) exp(-DT),   e <- e + u^2 DT.
 *
 * Checks: IDID = 3 at every TOUT with u consistent with the mode; x
 * and e against the exact recurrence (every 1000 restarts and at the
 * end); LENIW/LENRW in IWORK(17..18) equal to LIW/LRW; the steps and
 * residual calls of each integration bounded and not growing; the
 * resident set size (from /proc/self/statm) after 100000 restarts no
 * more than 256 KB above its value after 10000 (warm-up).  Prints the
 * RSS, the counters and the time per restart.  Ends with
 * "PASS C_IC_RESTART" or "FAIL C_IC_RESTART: reason".
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "daskr.h"

#define NEQ 3
#define LRW (60 + 9 * NEQ + NEQ * NEQ)
#define LIW (40 + NEQ + NEQ) /* + NEQ for the ID array (INFO(11) = 1) */
#define NRESTART 100000
#define NWARM 10000
#define DT 0.01
#define RSS_SLACK_KB 256L

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

static double c_of_mode(int mode)
{
    return mode ? 2.0 + 0.2 * sin(2.0) : 0.0;
}

static void res(const double *t, const double *y, const double *yp,
                const double *cj, double *delta, int *ires, double *rpar,
                int *ipar)
{
    (void)t; (void)cj; (void)ires; (void)rpar;
    delta[0] = yp[0] + y[0] - y[1];
    delta[1] = y[1] + 0.2 * sin(y[1]) - c_of_mode(ipar[0]);
    delta[2] = yp[2] - y[1] * y[1];
}

/* Resident set size in KB, or -1 if /proc is not available. */
static long rss_kb(void)
{
    long size = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return -1;
    if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

int main(void)
{
    static double rwork[LRW];
    static int iwork[LIW];
    int info[20], ipar[1], jroot[1];
    int neq = NEQ, lrw = LRW, liw = LIW, nrt = 0, idid = 0;
    double y[NEQ], yp[NEQ], rpar[1], t, tout, rtol = 1.0e-8, atol = 1.0e-8;
    double x_exact = 0.5, e_exact = 0.0, decay = exp(-DT), errmax = 0.0;
    int max_nst_warm = 0, max_nre_warm = 0, max_nst_last = 0, max_nre_last = 0;
    long rss_warm = -1, rss_end = -1, rss_first = -1;
    double cpu0, cpu_warm = 0.0, cpu_end;
    int k;

    y[0] = 0.5; y[1] = 0.0; y[2] = 0.0;
    yp[0] = 0.0; yp[1] = 0.0; yp[2] = 0.0;
    ipar[0] = 1;
    rpar[0] = 0.0;
    t = 0.0;
    memset(iwork, 0, sizeof iwork);
    iwork[40] = 1;  /* IWORK(41): x differential */
    iwork[41] = -1; /* IWORK(42): u algebraic */
    iwork[42] = 1;  /* IWORK(43): e differential */
    printf(" %d restarts of length %g with INFO(11) = 1\n", NRESTART, DT);
    cpu0 = cpu_seconds();

    for (k = 1; k <= NRESTART; k++) {
        double u = ipar[0] ? 2.0 : 0.0, err;
        int nst, nre;

        memset(info, 0, sizeof info);
        info[10] = 1; /* INFO(11) = 1 */
        tout = t + DT;
        ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid,
                rwork, &lrw, iwork, &liw, rpar, ipar, NULL, NULL, NULL,
                &nrt, jroot);
        if (idid != 3 || t != tout) {
            printf("   restart %d: IDID = %d at t = %.10f\n", k, idid, t);
            fail("IDID IS NOT 3 AT TOUT");
            break;
        }
        if (fabs(y[1] - u) > 1.0e-7) {
            printf("   restart %d: u = %.12f, mode value %.1f\n", k, y[1], u);
            fail("ALGEBRAIC VARIABLE NOT CONSISTENT WITH THE MODE");
            break;
        }
        if (iwork[16] != LIW || iwork[17] != LRW) {
            printf("   restart %d: LENIW = %d, LENRW = %d\n", k, iwork[16],
                   iwork[17]);
            fail("IWORK(17..18) DIFFER FROM LIW, LRW");
            break;
        }
        x_exact = u + (x_exact - u) * decay;
        e_exact += u * u * DT;
        nst = iwork[10];
        nre = iwork[11];
        if (k <= NWARM) {
            if (nst > max_nst_warm) max_nst_warm = nst;
            if (nre > max_nre_warm) max_nre_warm = nre;
        } else if (k > NRESTART - NWARM) {
            if (nst > max_nst_last) max_nst_last = nst;
            if (nre > max_nre_last) max_nre_last = nre;
        }
        if (k % 1000 == 0) {
            err = fmax(fabs(y[0] - x_exact), fabs(y[2] - e_exact) / (1.0 + e_exact));
            if (err > errmax) errmax = err;
        }
        if (k == 1000) rss_first = rss_kb();
        if (k == NWARM) {
            rss_warm = rss_kb();
            cpu_warm = cpu_seconds();
        }
        if (k == 1 || k == NWARM || k == NRESTART)
            printf(" restart %6d: t = %10.4f x = %.10f u = %.3f e = %.8f"
                   "  NST = %d NRE = %d NJE = %d NNI = %d\n",
                   k, t, y[0], y[1], y[2], nst, nre, iwork[12], iwork[18]);
        ipar[0] = 1 - ipar[0];
    }
    rss_end = rss_kb();
    cpu_end = cpu_seconds();

    if (!failure) {
        printf(" exact after %d restarts: x = %.10f e = %.8f;"
               " largest error %.2e\n", NRESTART, x_exact, e_exact, errmax);
        if (errmax > 1.0e-6) fail("WRONG SOLUTION");
        printf(" most per integration: NST = %d, NRE = %d (first %d); "
               "NST = %d, NRE = %d (last %d)\n", max_nst_warm, max_nre_warm,
               NWARM, max_nst_last, max_nre_last, NWARM);
        if (max_nst_warm > 50 || max_nre_warm > 200)
            fail("TOO MANY STEPS PER SHORT INTEGRATION");
        if (max_nst_last > max_nst_warm || max_nre_last > max_nre_warm)
            fail("PER-INTEGRATION COUNTERS GROW");
        printf(" resident set size: %ld KB after 1000, %ld KB after %d, "
               "%ld KB after %d restarts\n", rss_first, rss_warm, NWARM,
               rss_end, NRESTART);
        if (rss_warm < 0 || rss_end < 0)
            fail("CANNOT READ /proc/self/statm");
        else if (rss_end - rss_warm > RSS_SLACK_KB)
            fail("RESIDENT MEMORY GROWS ACROSS RESTARTS");
        printf(" CPU time per restart: %.2e s (first %d), %.2e s (rest)\n",
               cpu_warm / NWARM, NWARM,
               (cpu_end - cpu0 - cpu_warm) / (NRESTART - NWARM));
    }

    if (failure)
        printf("FAIL C_IC_RESTART: %s\n", failure);
    else
        printf("PASS C_IC_RESTART\n");
    return 0;
}
