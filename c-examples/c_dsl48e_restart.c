/*
 * c_dsl48e_restart.c -- a hybrid simulator's inner loop on DSL48E: many
 * short integrations, each a fresh start (INFO(1) = 0, INFO(11) = 1)
 * after an event, checking that memory stays flat and that the
 * per-thread caches (the analysed sparse patterns, keyed by the pattern,
 * and the LU factors, keyed by the stamp in IWORK(1..2)) stay bounded
 * (SPEC sections 3 and 5: "nothing leaks when a program runs millions of
 * short integrations").
 *
 * Phase 1, a relay with hysteresis (a thermostat), NEQ = 4:
 *     x' = -K (x - u)          z1 = x, differential (JYDOT = (1))
 *      0 = u - U(mode)         z2 = u, algebraic: U = UON or UOFF
 *      0 = g1 - (x - XHI)      condition 1 "x >= XHI"   (ISC(1) = 1)
 *      0 = g2 - (XLO - x)      condition 2 "x <= XLO"   (ISC(2) = 1)
 *   The guard of the current mode (condition 1 when on, 2 when off) is
 *   locked false; STCHANGE gives ICHANGE = 1 when it becomes true and
 *   ICHANGE = 0 for the other condition, whose function crosses back
 *   just after every restart (exercising the "no event, search goes on"
 *   path once per integration).  EVTDERIV: D = 0, ALPHA = 0.  At each
 *   event the caller flips the mode and restarts at TEVT with INFO(1) =
 *   0, INFO(11) = 1 (u, g1, g2 and x' recomputed), TOUT far away, so
 *   every integration is one DSL48E call that ends at the next switch.
 *   JDTYPE alternates between 1 (user JAC) and 0 (difference quotients).
 *   Closed form between switches: x(t) = u + (x_r - u) exp(-K (t - t_r))
 *   from the restart point (t_r, x_r), so the switch lies at
 *   t_r + ln((u - x_r)/(u - thr))/K.  Checked at every event: IDID = 1,
 *   IEVENT = the guard, IDISCON = 1, TIME = TEVT, TEVT within
 *   (CDG + CINT)*EW/|x'| of the closed form and x within CINT*EW of it
 *   (EW = RTOL*|thr| + ATOL; CDG = 10 weights of polishing offset, CINT
 *   = 10 of integration error), the guard variable on its new side
 *   (>= 0) by at most CDG*EW, u, g and x' consistent (residuals below
 *   CCONS = 0.01 weights of the variable), LENIW/LENRW =
 *   LIW/LRW (the documented minimums, which the arrays have exactly),
 *   a new nonzero factorisation stamp in IWORK(1..2) after every
 *   integration (so each one adds a new key to the factor cache);
 *   exactly one ICHANGE = 0 crossing per restart, EVTDERIV called at
 *   least once per event, NJE = the JAC calls (JDTYPE = 1), no JAC call
 *   with JDTYPE = 0; the steps and residual calls per integration
 *   bounded and not growing.  Default 100000 integrations (argv[1] or
 *   DSL48E_RESTART_RUNS changes it).
 *
 * Phase 2, ever new sparse patterns: the semi-discrete heat equation
 *   x' = C L x (L the 3-point Laplacian on M cells, NEQ = M + 1, M = 6,
 *   8, ..., 84, or the 5-point one on an M x M grid, NEQ = M*M + 1, M =
 *   3, 5, ..., 21: 50 different NEQ from 7 to 442) with one
 *   discontinuity variable g = x(mid) - THETA (condition "g >= 0",
 *   locked true).  C is chosen so that the lowest mode decays as
 *   exp(-t); started on that mode, x(t) = x(0) exp(-t) exactly (the
 *   discrete eigenvector).  Each visit integrates from t = 0 to the
 *   event at T1 (THETA = x(mid)(0) exp(-T1)), then restarts there
 *   (INFO(1) = 0, INFO(11) = 1) with THETA lowered to reach the second
 *   event at T1 + T2: both event times and the whole state at each
 *   event against the closed form.  The pattern lists (JROW, JCOL) of
 *   every visit are a rotation and/or reversal of the natural order
 *   never used before, so every visit is a new pattern key for the
 *   library: its pattern cache must evict.  Guard words after every
 *   array (the arrays have the largest size, the lengths passed are the
 *   minimums of the visit's NEQ) must stay untouched.
 *
 * Memory: the resident set size (/proc/self/statm) of each phase after
 *   its warm-up and at its end.  Bounds and their reason: phase 1 may
 *   grow by at most 512 KB over its last 90000 integrations (a leak of
 *   one heap block, 32 bytes, per integration would be 2.8 MB; a factor
 *   cache that never evicted would grow by a factorisation per
 *   integration); phase 2 by at most 2 MB over its last visits (the
 *   program prints how much an analysed pattern that is never evicted
 *   would hold, a lower bound from its index arrays: many times the
 *   bound).  Prints the RSS figures, the counters and the times.
 * Ends with "PASS C_DSL48E_RESTART" or "FAIL C_DSL48E_RESTART: reason"
 *   (exit status 1).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "daskr.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#ifndef DASKR_HAS_DSL48E
#error "daskr.h does not declare DSL48E"
#endif

#define CDG 10.0  /* error weights of polishing offset (Delta g*) */
#define CINT 10.0 /* error weights of integration error */
#define CCONS 0.01 /* error weights of residual left by polishing (its
                      Newton iteration stops at a correction of 1e-4) */

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
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

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* ------------------------------------------------------------------ */
/* Phase 1: the relay                                                  */

#define R_NEQ 4
#define R_NEJAC 7
#define R_NC 2
#define R_ND 2
#define R_MAXORD 5
#define R_LRW (60 + (R_MAXORD + 4) * R_NEQ + R_NEJAC)
#define R_LIW (40 + R_NEQ + R_ND)
#define R_LIEVWK 4 /* max(NJYDOT + max ISC, NEQ) = max(1 + 1, 4) */
#define R_LREVWK ((R_MAXORD + 1) * R_ND + R_MAXORD + 5 * R_NEQ + 40)
#define R_DEFAULT_RUNS 100000
#define R_WARM 10000
#define R_RSS_SLACK_KB 512L

#define K 2.0
#define UON 1.5
#define UOFF 0.0
#define XLO 0.3
#define XHI 0.7

/* ipar: 0 mode (1 on, 0 off), 1 STCHANGE calls, 2 of them ICHANGE = 0,
   3 EVTDERIV calls, 4 JAC calls */
static void relay_res(const int *neq, const double *t, const double *z,
                      const double *zdot, double *delta, int *ires,
                      const int *ichvar, double *rpar, int *ipar)
{
    (void)neq; (void)t; (void)ires; (void)ichvar; (void)rpar;
    delta[0] = zdot[0] + K * (z[0] - z[1]);
    delta[1] = z[1] - (ipar[0] ? UON : UOFF);
    delta[2] = z[2] - (z[0] - XHI);
    delta[3] = z[3] - (XLO - z[0]);
}

static void relay_jac(const int *neq, const double *t, const double *z,
                      const double *zdot, const double *cj, const int *nejac,
                      const int *jrow, const int *jcol, double *pd,
                      int *ires, double *rpar, int *ipar)
{
    (void)neq; (void)t; (void)z; (void)zdot; (void)ires; (void)rpar;
    ipar[4]++;
    for (int k = 0; k < *nejac; k++) {
        int i = jrow[k], j = jcol[k];
        if (i == 1) pd[k] = (j == 1) ? *cj + K : -K;
        else if (i == 4 && j == 1) pd[k] = 1.0;
        else if (j == 1) pd[k] = -1.0; /* F3 = g1 - x + XHI */
        else pd[k] = 1.0;              /* (2,2), (3,3), (4,4) */
    }
}

static void relay_stchange(int *ichange, const int *istate, const int *neq,
                           const int *nc, const int *nd, const int *isc,
                           const double *t, const double *z,
                           const double *zdot, double *rpar, int *ipar,
                           const int *ndi, const int *ig)
{
    (void)neq; (void)nc; (void)nd; (void)isc; (void)t; (void)z; (void)zdot;
    (void)rpar; (void)ndi;
    int guard = ipar[0] ? 1 : 2;
    ipar[1]++;
    if (*istate != guard) {
        *ichange = 0; /* not this mode's guard: no event */
        ipar[2]++;
    } else {
        *ichange = ig[0] != 0; /* locked false */
    }
}

static void relay_evtderiv(int *icode, const int *istate, const int *idiscon,
                           const int *neq, const int *nc, const int *nd,
                           const int *isc, const double *time,
                           const double *z, const double *zdot, double *rpar,
                           int *ipar, double *d, double *alpha)
{
    (void)istate; (void)idiscon; (void)nc; (void)nd; (void)isc; (void)time;
    (void)z; (void)zdot; (void)rpar;
    ipar[3]++;
    *icode = 0;
    for (int i = 0; i < *neq; i++) d[i] = 0.0;
    *alpha = 0.0;
}

static void phase1(int nruns)
{
    static double rwork[R_LRW], revwk[R_LREVWK];
    static int iwork[R_LIW], ievwk[R_LIEVWK];
    int neq = R_NEQ, info[20], idid = 0, lrw = R_LRW, liw = R_LIW;
    int nejac = R_NEJAC, njydot = 1, jdtype, nc = R_NC, nd = R_ND;
    int ievent = 0, idiscon = 0, lievwk = R_LIEVWK, lrevwk = R_LREVWK;
    int jrow[R_NEJAC] = {1, 1, 2, 3, 3, 4, 4};
    int jcol[R_NEJAC] = {1, 2, 2, 1, 3, 1, 4};
    int jydot[1] = {1}, isc[R_NC] = {1, 1}, ipar[5] = {1, 0, 0, 0, 0};
    double rpar[1] = {0.0}, bounds[2 * R_NEQ];
    double rtol = 1.0e-6, atol = 1.0e-8;
    double time = 0.0, tout, tevt = 0.0, z[R_NEQ], zdot[R_NEQ];
    double terrmax = 0.0, xerrmax = 0.0, gmax = 0.0, consmax = 0.0,
           tsum_on = 0.0,
           tsum_off = 0.0;
    int non = 0, noff = 0, nst_warm = 0, nre_warm = 0, nst_last = 0,
        nre_last = 0, nst_total = 0, nre_total = 0, njac_before;
    int ndq_runs = 0, njac_runs = 0, stamp_prev[2] = {0, 0};
    long rss_first = -1, rss_warm = -1, rss_end = -1, rss_max = -1;
    double wall0, wall_warm = 0.0, cpu0, cpu_warm = 0.0;

    memset(info, 0, sizeof info);
    memset(bounds, 0, sizeof bounds);
    z[0] = 0.5; /* x; the rest comes from INFO(11) = 1 */
    z[1] = z[2] = z[3] = 0.0;
    zdot[0] = zdot[1] = zdot[2] = zdot[3] = 0.0;
    printf(" PHASE 1: relay x' = -%g (x - u), u = %g / %g, switches at"
           " x = %g / %g; %d integrations, RTOL = %g, ATOL = %g\n",
           K, UON, UOFF, XHI, XLO, nruns, rtol, atol);
    printf("   LRW = %d, LIW = %d, LIEVWK = %d, LREVWK = %d (the minimums)\n",
           R_LRW, R_LIW, R_LIEVWK, R_LREVWK);
    wall0 = wall_seconds();
    cpu0 = cpu_seconds();

    for (int run = 1; run <= nruns; run++) {
        int mode = ipar[0], guard = mode ? 1 : 2;
        double u = mode ? UON : UOFF, thr = mode ? XHI : XLO;
        double t_r = time, x_r = z[0];
        double ew = rtol * fabs(thr) + atol;
        int st_before = ipar[1], nochange_before = ipar[2],
            ev_before = ipar[3];
        char why[160];

        jdtype = run & 1;
        njac_before = ipar[4];
        info[0] = 0;
        info[10] = 1; /* INFO(11) = 1: u, g1, g2 and x' from x */
        tout = time + 10.0;
        dsl48e(relay_res, NULL, &neq, &time, z, zdot, &tout, info, &rtol,
               &atol, &idid, rwork, &lrw, iwork, &liw, rpar, ipar,
               jdtype ? relay_jac : NULL, &nejac, jrow, jcol, jydot,
               &njydot, &jdtype, bounds, &ievent, &idiscon, &nc, &nd, isc,
               &tevt, &lievwk, ievwk, &lrevwk, revwk, relay_stchange,
               relay_evtderiv);
        why[0] = '\0';
        if (idid != 1 || ievent != guard || idiscon != 1 || time != tevt)
            snprintf(why, sizeof why, "IDID = %d, IEVENT = %d, IDISCON = %d,"
                     " TIME - TEVT = %g (expected 1, %d, 1, 0)", idid, ievent,
                     idiscon, time - tevt, guard);
        if (why[0]) {
            printf("   integration %d: %s\n", run, why);
            fail("PHASE 1: NOT AN EVENT RETURN AT THE GUARD");
            break;
        }
        /* the closed form from the restart point */
        {
            double dt = log((u - x_r) / (u - thr)) / K;
            double tol_t = (CDG + CINT) * ew / (K * fabs(u - thr));
            double terr = fabs(tevt - (t_r + dt));
            double xex = u + (x_r - u) * exp(-K * (tevt - t_r));
            double xerr = fabs(z[0] - xex);
            double g = z[guard + 1];
            if (terr / tol_t > terrmax) terrmax = terr / tol_t;
            if (xerr / ew > xerrmax) xerrmax = xerr / ew;
            if (g / ew > gmax) gmax = g / ew;
            if (run == 1) { /* from x = 0.5, not from a switch */ }
            else if (mode) { tsum_on += tevt - t_r; non++; }
            else { tsum_off += tevt - t_r; noff++; }
            if (terr > tol_t || xerr > CINT * ew) {
                printf("   integration %d: TEVT = %.12f, closed form %.12f"
                       " (tol %.1e); x = %.12f, closed form %.12f\n", run,
                       tevt, t_r + dt, tol_t, z[0], xex);
                fail("PHASE 1: EVENT AWAY FROM THE CLOSED FORM");
                break;
            }
            if (g < 0.0 || g > CDG * ew) {
                printf("   integration %d: guard variable %.3e (EW %.1e)\n",
                       run, g, ew);
                fail("PHASE 1: GUARD VARIABLE NOT ON ITS NEW SIDE BY ABOUT"
                     " ONE WEIGHT");
                break;
            }
            /* the residuals at the event, in error weights of the
               variable each row defines (x' through K*x) */
            double cons = fabs(z[1] - u) / (rtol * fabs(z[1]) + atol);
            cons = fmax(cons, fabs(z[2] - (z[0] - XHI)) /
                              (rtol * fabs(z[2]) + atol));
            cons = fmax(cons, fabs(z[3] - (XLO - z[0])) /
                              (rtol * fabs(z[3]) + atol));
            cons = fmax(cons, fabs(zdot[0] + K * (z[0] - z[1])) /
                              (K * (rtol * fabs(z[0]) + atol)));
            if (cons > consmax) consmax = cons;
            if (cons > CCONS) {
                printf("   integration %d: z = (%.17g, %.17g, %.17g, %.17g),"
                       " x' = %.17g\n", run, z[0], z[1], z[2], z[3],
                       zdot[0]);
                fail("PHASE 1: Z, ZDOT NOT CONSISTENT AT THE EVENT");
                break;
            }
        }
        /* the factorisation's stamp (IWORK(1..2)): a new one each run,
           so every integration puts a new key into the factor cache */
        if ((iwork[0] == 0 && iwork[1] == 0) ||
            (iwork[0] == stamp_prev[0] && iwork[1] == stamp_prev[1])) {
            printf("   integration %d: stamp %d %d, before %d %d\n", run,
                   iwork[0], iwork[1], stamp_prev[0], stamp_prev[1]);
            fail("PHASE 1: NO NEW FACTORISATION STAMP IN IWORK(1..2)");
            break;
        }
        stamp_prev[0] = iwork[0];
        stamp_prev[1] = iwork[1];
        if (iwork[16] != R_LIW || iwork[17] != R_LRW) {
            printf("   integration %d: LENIW = %d, LENRW = %d\n", run,
                   iwork[16], iwork[17]);
            fail("PHASE 1: IWORK(17..18) DIFFER FROM LIW, LRW");
            break;
        }
        /* one guard STCHANGE (ICHANGE = 1); after a restart also one
           crossing back of the previous guard (ICHANGE = 0) */
        if (ipar[1] - st_before - (ipar[2] - nochange_before) != 1 ||
            ipar[2] - nochange_before != (run > 1 ? 1 : 0) ||
            ipar[3] - ev_before < 1) {
            printf("   integration %d: STCHANGE calls %d (ICHANGE = 0: %d),"
                   " EVTDERIV calls %d\n", run, ipar[1] - st_before,
                   ipar[2] - nochange_before, ipar[3] - ev_before);
            fail("PHASE 1: WRONG NUMBER OF STCHANGE OR EVTDERIV CALLS");
            break;
        }
        if (jdtype) {
            njac_runs++;
            if (ipar[4] - njac_before != iwork[12]) {
                printf("   integration %d: JAC calls %d, NJE = %d\n", run,
                       ipar[4] - njac_before, iwork[12]);
                fail("PHASE 1: NJE DIFFERS FROM THE JAC CALLS");
                break;
            }
        } else {
            ndq_runs++;
            if (ipar[4] != njac_before) {
                fail("PHASE 1: JAC CALLED WITH JDTYPE = 0");
                break;
            }
        }
        nst_total += iwork[10];
        nre_total += iwork[11];
        if (run <= R_WARM) {
            if (iwork[10] > nst_warm) nst_warm = iwork[10];
            if (iwork[11] > nre_warm) nre_warm = iwork[11];
        } else if (run > nruns - R_WARM) {
            if (iwork[10] > nst_last) nst_last = iwork[10];
            if (iwork[11] > nre_last) nre_last = iwork[11];
        }
        if (run == 1 || run == R_WARM || run == nruns)
            printf("   integration %6d: t = %12.6f x = %.10f mode %d -> %d"
                   "  NST = %d NRE = %d NJE = %d\n", run, time, z[0], mode,
                   1 - mode, iwork[10], iwork[11], iwork[12]);
        if (run == 1000) rss_first = rss_kb();
        if (run == R_WARM) {
            rss_warm = rss_kb();
            wall_warm = wall_seconds();
            cpu_warm = cpu_seconds();
        }
        if (run > R_WARM && run % 1000 == 0) {
            long r = rss_kb();
            if (r > rss_max) rss_max = r;
        }
        ipar[0] = 1 - mode; /* the switch: re-lock and restart at TEVT */
    }
    rss_end = rss_kb();
    if (failure) return;

    double wall = wall_seconds() - wall0, cpu = cpu_seconds() - cpu0;
    double t_on = log((UON - XLO) / (UON - XHI)) / K;
    double t_off = log((XHI - UOFF) / (XLO - UOFF)) / K;
    printf("   after a switch: %d times on, mean %.10f (exact %.10f); %d"
           " times off, mean %.10f (exact %.10f)\n", non,
           non ? tsum_on / non : 0.0, t_on, noff,
           noff ? tsum_off / noff : 0.0, t_off);
    printf("   largest errors: TEVT %.2f of its tolerance, x %.2f weights;"
           " largest Delta g* %.2f weights; largest residual at an event"
           " %.1e weights\n", terrmax, xerrmax, gmax, consmax);
    printf("   STCHANGE calls %d (ICHANGE = 0: %d), EVTDERIV calls %d, JAC"
           " calls %d (%d runs with JAC, %d with DQ)\n", ipar[1], ipar[2],
           ipar[3], ipar[4], njac_runs, ndq_runs);
    printf("   per integration: mean NST %.1f, NRE %.1f; most NST = %d,"
           " NRE = %d (first %d), NST = %d, NRE = %d (last %d)\n",
           (double)nst_total / nruns, (double)nre_total / nruns, nst_warm,
           nre_warm, R_WARM, nst_last, nre_last, R_WARM);
    if (nst_warm > 100 || nre_warm > 400)
        fail("PHASE 1: TOO MANY STEPS PER SHORT INTEGRATION");
    if (nruns > 2 * R_WARM && (nst_last > nst_warm || nre_last > nre_warm))
        fail("PHASE 1: PER-INTEGRATION COUNTERS GROW");
    printf("   RSS: %ld KB after 1000, %ld KB after %d (warm-up), at most"
           " %ld KB later, %ld KB after %d integrations: %+ld KB"
           " (bound %ld KB)\n", rss_first, rss_warm, R_WARM, rss_max,
           rss_end, nruns, rss_end - rss_warm, R_RSS_SLACK_KB);
    if (nruns >= R_WARM) {
        if (rss_warm < 0 || rss_end < 0)
            fail("CANNOT READ /proc/self/statm");
        else if (rss_end - rss_warm > R_RSS_SLACK_KB)
            fail("PHASE 1: RESIDENT MEMORY GROWS ACROSS RESTARTS");
    }
    printf("   time: %.2f s wall, %.2f s CPU; %.1f us per integration"
           " (%.1f us after warm-up)\n", wall, cpu, 1e6 * wall / nruns,
           nruns > R_WARM ? 1e6 * (wall - (wall_warm - wall0)) /
           (nruns - R_WARM) : 0.0);
    (void)cpu_warm;
}

/* ------------------------------------------------------------------ */
/* Phase 2: heat equations on ever new patterns                        */

#define H_M1_FIRST 6   /* 1-D: M = 6, 8, ..., 84 (40 sizes) */
#define H_N1 40
#define H_M2_FIRST 3   /* 2-D: M = 3, 5, ..., 21 (10 sizes) */
#define H_N2 10
#define H_SIZES (H_N1 + H_N2)
#define H_MAXM2 (H_M2_FIRST + 2 * (H_N2 - 1))
#define H_MAXNEQ (H_MAXM2 * H_MAXM2 + 1)
#define H_MAXNEJAC (H_MAXM2 * H_MAXM2 + 4 * H_MAXM2 * (H_MAXM2 - 1) + 2)
#define H_MAXORD 5
#define H_MAXLRW (60 + (H_MAXORD + 4) * H_MAXNEQ + H_MAXNEJAC)
#define H_MAXLIW (40 + H_MAXNEQ + 1)
#define H_MAXLREVWK (2 * 1 + H_MAXORD + 5 * H_MAXNEQ + 40)
#define H_GUARD 16
#define H_CYCLES 30    /* visits = H_CYCLES * H_SIZES, two runs each */
#define H_WARM_CYCLES 3
#define H_RSS_SLACK_KB 2048L
#define T1 0.3
#define T2 0.2
#define GUARD_INT 0x5a5a5a5a
#define GUARD_REAL 1.2345e300

/* ipar: 0 kind (1: 1-D, 2: 2-D), 1 M, 2 mid (0-based), 3 locked truth,
   4 STCHANGE calls, 5 EVTDERIV calls, 6 JAC calls;
   rpar: 0 C, 1 THETA */
static void heat_res(const int *neq, const double *t, const double *z,
                     const double *zdot, double *delta, int *ires,
                     const int *ichvar, double *rpar, int *ipar)
{
    (void)t; (void)ires; (void)ichvar;
    int m = ipar[1], n = *neq - 1;
    double c = rpar[0];
    if (ipar[0] == 1) {
        for (int i = 0; i < m; i++) {
            double l = -2.0 * z[i];
            if (i > 0) l += z[i - 1];
            if (i < m - 1) l += z[i + 1];
            delta[i] = zdot[i] - c * l;
        }
    } else {
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) {
                int p = i * m + j;
                double l = -4.0 * z[p];
                if (i > 0) l += z[p - m];
                if (i < m - 1) l += z[p + m];
                if (j > 0) l += z[p - 1];
                if (j < m - 1) l += z[p + 1];
                delta[p] = zdot[p] - c * l;
            }
    }
    delta[n] = z[n] - (z[ipar[2]] - rpar[1]);
}

static void heat_jac(const int *neq, const double *t, const double *z,
                     const double *zdot, const double *cj, const int *nejac,
                     const int *jrow, const int *jcol, double *pd, int *ires,
                     double *rpar, int *ipar)
{
    (void)t; (void)z; (void)zdot; (void)ires;
    double c = rpar[0], diag = ipar[0] == 1 ? 2.0 * c : 4.0 * c;
    ipar[6]++;
    for (int k = 0; k < *nejac; k++) {
        int i = jrow[k], j = jcol[k];
        if (i == *neq) pd[k] = (j == *neq) ? 1.0 : -1.0;
        else if (i == j) pd[k] = *cj + diag;
        else pd[k] = -c;
    }
}

static void heat_stchange(int *ichange, const int *istate, const int *neq,
                          const int *nc, const int *nd, const int *isc,
                          const double *t, const double *z,
                          const double *zdot, double *rpar, int *ipar,
                          const int *ndi, const int *ig)
{
    (void)istate; (void)neq; (void)nc; (void)nd; (void)isc; (void)t;
    (void)z; (void)zdot; (void)rpar; (void)ndi;
    ipar[4]++;
    *ichange = (ig[0] != 0) != (ipar[3] != 0);
}

static void heat_evtderiv(int *icode, const int *istate, const int *idiscon,
                          const int *neq, const int *nc, const int *nd,
                          const int *isc, const double *time,
                          const double *z, const double *zdot, double *rpar,
                          int *ipar, double *d, double *alpha)
{
    (void)istate; (void)idiscon; (void)nc; (void)nd; (void)isc; (void)time;
    (void)z; (void)zdot; (void)rpar;
    ipar[5]++;
    *icode = 0;
    for (int i = 0; i < *neq; i++) d[i] = 0.0;
    *alpha = 0.0;
}

/* The arrays of phase 2, each followed by H_GUARD guard words. */
static double h_rwork[H_MAXLRW + H_GUARD], h_revwk[H_MAXLREVWK + H_GUARD];
static double h_z[H_MAXNEQ + H_GUARD], h_zdot[H_MAXNEQ + H_GUARD];
static double h_phi[H_MAXNEQ];
static int h_iwork[H_MAXLIW + H_GUARD], h_ievwk[H_MAXNEQ + H_GUARD];
static int h_jrow[H_MAXNEJAC + H_GUARD], h_jcol[H_MAXNEJAC + H_GUARD];
static int h_jydot[H_MAXNEQ + H_GUARD];
static int base_row[H_MAXNEJAC], base_col[H_MAXNEJAC];

static void set_guards(int neq, int nejac, int lrw, int liw, int lrevwk,
                       int lievwk)
{
    for (int g = 0; g < H_GUARD; g++) {
        h_rwork[lrw + g] = GUARD_REAL;
        h_revwk[lrevwk + g] = GUARD_REAL;
        h_z[neq + g] = GUARD_REAL;
        h_zdot[neq + g] = GUARD_REAL;
        h_iwork[liw + g] = GUARD_INT;
        h_ievwk[lievwk + g] = GUARD_INT;
        h_jrow[nejac + g] = GUARD_INT;
        h_jcol[nejac + g] = GUARD_INT;
        h_jydot[neq - 1 + g] = GUARD_INT;
    }
}

static int guards_intact(int neq, int nejac, int lrw, int liw, int lrevwk,
                         int lievwk)
{
    for (int g = 0; g < H_GUARD; g++)
        if (h_rwork[lrw + g] != GUARD_REAL ||
            h_revwk[lrevwk + g] != GUARD_REAL ||
            h_z[neq + g] != GUARD_REAL || h_zdot[neq + g] != GUARD_REAL ||
            h_iwork[liw + g] != GUARD_INT ||
            h_ievwk[lievwk + g] != GUARD_INT ||
            h_jrow[nejac + g] != GUARD_INT ||
            h_jcol[nejac + g] != GUARD_INT ||
            h_jydot[neq - 1 + g] != GUARD_INT)
            return 0;
    return 1;
}

/* The natural (row-major) pattern of size s; returns NEJAC and sets the
   kind, M, NEQ, the middle cell, C and the lowest mode in h_phi. */
static int heat_pattern(int s, int *kind, int *m, int *neq, int *mid,
                        double *c)
{
    int nz = 0;
    if (s < H_N1) {
        int mm = H_M1_FIRST + 2 * s;
        double h = M_PI / (mm + 1);
        *kind = 1;
        *m = mm;
        *neq = mm + 1;
        *mid = mm / 2 - 1;
        *c = 1.0 / (4.0 * pow(sin(0.5 * h), 2));
        for (int i = 0; i < mm; i++) {
            h_phi[i] = sin((i + 1) * h);
            for (int j = i - 1; j <= i + 1; j++)
                if (j >= 0 && j < mm) {
                    base_row[nz] = i + 1;
                    base_col[nz++] = j + 1;
                }
        }
    } else {
        int mm = H_M2_FIRST + 2 * (s - H_N1);
        double h = M_PI / (mm + 1);
        *kind = 2;
        *m = mm;
        *neq = mm * mm + 1;
        *mid = (mm / 2) * mm + mm / 2;
        *c = 1.0 / (8.0 * pow(sin(0.5 * h), 2));
        for (int i = 0; i < mm; i++)
            for (int j = 0; j < mm; j++) {
                int p = i * mm + j;
                h_phi[p] = sin((i + 1) * h) * sin((j + 1) * h);
                if (i > 0) { base_row[nz] = p + 1; base_col[nz++] = p - mm + 1; }
                if (j > 0) { base_row[nz] = p + 1; base_col[nz++] = p; }
                base_row[nz] = p + 1; base_col[nz++] = p + 1;
                if (j < mm - 1) { base_row[nz] = p + 1; base_col[nz++] = p + 2; }
                if (i < mm - 1) { base_row[nz] = p + 1; base_col[nz++] = p + mm + 1; }
            }
    }
    base_row[nz] = *neq; base_col[nz++] = *mid + 1;
    base_row[nz] = *neq; base_col[nz++] = *neq;
    return nz;
}

static void phase2(void)
{
    int nvisits = H_CYCLES * H_SIZES, nwarm = H_WARM_CYCLES * H_SIZES;
    int info[20], idid = 0, ievent = 0, idiscon = 0, nc = 1, nd = 1;
    int isc[1] = {1}, ipar[7];
    double rpar[2], bounds[1] = {0.0};
    double rtol = 1.0e-6, atol = 1.0e-8, ew = rtol * 1.0 + atol;
    double terrmax = 0.0, xerrmax = 0.0, gmax = 0.0, consmax = 0.0;
    double pattern_bytes = 0.0, wall0, wall_warm = 0.0, cpu0;
    long rss_warm = -1, rss_end = -1, rss_max = -1;
    int nst_max = 0, nre_max = 0, nruns = 0, min_nejac = 1 << 30;
    int nevt = 0, nst_total = 0;

    printf(" PHASE 2: heat equations, 1-D M = %d..%d and 2-D M = %d..%d"
           " (%d sizes, NEQ up to %d), %d visits of two integrations, each"
           " visit a new pattern order; RTOL = %g, ATOL = %g\n",
           H_M1_FIRST, H_M1_FIRST + 2 * (H_N1 - 1), H_M2_FIRST, H_MAXM2,
           H_SIZES, H_MAXNEQ, nvisits, rtol, atol);
    wall0 = wall_seconds();
    cpu0 = cpu_seconds();

    for (int v = 0; v < nvisits; v++) {
        int s = v % H_SIZES, order = v / H_SIZES;
        int kind, m, neq, mid, nejac, jdtype = (v / 7) & 1;
        int njydot, lrw, liw, lievwk, lrevwk;
        double c, t = 0.0, tout, tevt = 0.0, theta, tevt1 = 0.0;
        char why[200];

        nejac = heat_pattern(s, &kind, &m, &neq, &mid, &c);
        if (nejac < min_nejac) min_nejac = nejac;
        /* this visit's order of the entries: rotation by order/2,
           reversed when order is odd -- never the same list twice */
        for (int k = 0; k < nejac; k++) {
            int src = (k + order / 2) % nejac;
            if (order & 1) src = nejac - 1 - src;
            h_jrow[k] = base_row[src];
            h_jcol[k] = base_col[src];
        }
        njydot = neq - 1;
        for (int i = 0; i < njydot; i++) h_jydot[i] = i + 1;
        lrw = 60 + (H_MAXORD + 4) * neq + nejac;
        liw = 40 + neq + nd;
        lievwk = neq; /* max(NJYDOT + 1, NEQ) */
        lrevwk = (H_MAXORD + 1) * nd + H_MAXORD + 5 * neq + 40;
        set_guards(neq, nejac, lrw, liw, lrevwk, lievwk);
        memset(ipar, 0, sizeof ipar);
        ipar[0] = kind;
        ipar[1] = m;
        ipar[2] = mid;
        ipar[3] = 1; /* g >= 0 at the start: locked true */
        rpar[0] = c;
        theta = h_phi[mid] * exp(-T1);
        for (int i = 0; i < neq - 1; i++) h_z[i] = h_phi[i];
        h_z[neq - 1] = 0.0;
        for (int i = 0; i < neq; i++) h_zdot[i] = 0.0;

        for (int leg = 1; leg <= 2; leg++) {
            double texact = leg == 1 ? T1 : T1 + T2;
            int st_before = ipar[4], ev_before = ipar[5];
            rpar[1] = theta;
            memset(info, 0, sizeof info);
            info[10] = 1; /* INFO(11) = 1: g and x' from x */
            tout = t + 10.0;
            dsl48e(heat_res, NULL, &neq, &t, h_z, h_zdot, &tout, info,
                   &rtol, &atol, &idid, h_rwork, &lrw, h_iwork, &liw, rpar,
                   ipar, jdtype ? heat_jac : NULL, &nejac, h_jrow, h_jcol,
                   h_jydot, &njydot, &jdtype, bounds, &ievent, &idiscon, &nc,
                   &nd, isc, &tevt, &lievwk, h_ievwk, &lrevwk, h_revwk,
                   heat_stchange, heat_evtderiv);
            nruns++;
            why[0] = '\0';
            if (idid != 1 || ievent != 1 || idiscon != 1 || t != tevt)
                snprintf(why, sizeof why, "IDID = %d, IEVENT = %d, IDISCON ="
                         " %d, TIME - TEVT = %g", idid, ievent, idiscon,
                         t - tevt);
            else if (ipar[4] - st_before != 1 || ipar[5] - ev_before < 1)
                snprintf(why, sizeof why, "STCHANGE calls %d, EVTDERIV"
                         " calls %d", ipar[4] - st_before,
                         ipar[5] - ev_before);
            else if (h_iwork[16] != liw || h_iwork[17] != lrw)
                snprintf(why, sizeof why, "LENIW = %d, LENRW = %d (LIW = %d,"
                         " LRW = %d)", h_iwork[16], h_iwork[17], liw, lrw);
            if (why[0]) {
                printf("   visit %d (kind %d, M = %d, NEQ = %d, order %d),"
                       " integration %d: %s\n", v, kind, m, neq, order, leg,
                       why);
                fail("PHASE 2: NOT THE EXPECTED EVENT RETURN");
                return;
            }
            /* the closed form x(t) = phi exp(-t) */
            {
                double tol_t = leg * (CDG + CINT) * ew / theta;
                double terr = fabs(tevt - texact), xerr = 0.0;
                double g = h_z[neq - 1];
                for (int i = 0; i < neq - 1; i++) {
                    double e = fabs(h_z[i] - h_phi[i] * exp(-tevt));
                    if (e > xerr) xerr = e;
                }
                if (terr / tol_t > terrmax) terrmax = terr / tol_t;
                if (xerr / ew > xerrmax) xerrmax = xerr / ew;
                if (-g / ew > gmax) gmax = -g / ew;
                double cons = fabs(g - (h_z[mid] - theta)) /
                              (rtol * fabs(g) + atol);
                if (cons > consmax) consmax = cons;
                if (terr > tol_t || xerr > leg * CINT * ew || g >= 0.0 ||
                    -g > CDG * ew || cons > CCONS) {
                    printf("   visit %d (kind %d, M = %d, NEQ = %d, order %d),"
                           " integration %d: TEVT = %.12f (exact %.12f, tol"
                           " %.1e), largest x error %.2e (tol %.1e),"
                           " g = %.3e (residual %.1e weights)\n", v, kind,
                           m, neq, order, leg, tevt, texact, tol_t, xerr,
                           leg * CINT * ew, g, cons);
                    fail("PHASE 2: EVENT AWAY FROM THE CLOSED FORM");
                    return;
                }
            }
            nevt++;
            if (leg == 1) tevt1 = tevt;
            nst_total += h_iwork[10];
            if (h_iwork[10] > nst_max) nst_max = h_iwork[10];
            if (h_iwork[11] > nre_max) nre_max = h_iwork[11];
            /* the switch: a lower threshold, g true again, restart */
            theta = theta * exp(-T2);
            ipar[3] = 1;
        }
        if (jdtype == 0 && ipar[6] != 0) {
            fail("PHASE 2: JAC CALLED WITH JDTYPE = 0");
            return;
        }
        if (!guards_intact(neq, nejac, lrw, liw, lrevwk, lievwk)) {
            printf("   visit %d (kind %d, M = %d, NEQ = %d)\n", v, kind, m,
                   neq);
            fail("PHASE 2: A WRITE PAST THE END OF AN ARRAY");
            return;
        }
        if (v < 2 || v == nvisits - 1 || (v < H_SIZES && s % 10 == 9))
            printf("   visit %4d: kind %d, M = %2d, NEQ = %3d, NEJAC = %4d,"
                   " JDTYPE = %d: events at %.10f, %.10f; NST = %d\n", v,
                   kind, m, neq, nejac, jdtype, tevt1, tevt, h_iwork[10]);
        if (v >= nwarm) /* what an analysed pattern holds, at least */
            pattern_bytes += 8.0 * (3.0 * nejac + 6.0 * neq);
        if (v == nwarm - 1) {
            rss_warm = rss_kb();
            wall_warm = wall_seconds();
        }
        if (v >= nwarm && v % 25 == 0) {
            long r = rss_kb();
            if (r > rss_max) rss_max = r;
        }
    }
    rss_end = rss_kb();

    double wall = wall_seconds() - wall0, cpu = cpu_seconds() - cpu0;
    if (H_CYCLES > 2 * min_nejac) fail("PHASE 2: PATTERN ORDERS REPEAT");
    if (nst_max > 100) fail("PHASE 2: TOO MANY STEPS PER SHORT INTEGRATION");
    printf("   %d integrations, %d events, %d distinct pattern lists"
           " (%d NEQ); largest errors: TEVT %.2f of its tolerance, x %.2f"
           " weights; largest |Delta g*| %.2f weights; largest residual"
           " of g at an event %.1e weights\n", nruns, nevt, nvisits,
           H_SIZES, terrmax, xerrmax, gmax, consmax);
    printf("   per integration: mean NST %.1f, most NST = %d, NRE = %d\n",
           (double)nst_total / nruns, nst_max, nre_max);
    printf("   RSS: %ld KB after %d visits (warm-up), at most %ld KB later,"
           " %ld KB after %d: %+ld KB (bound %ld KB); patterns analysed"
           " after the warm-up would hold >= %.0f KB if never evicted\n",
           rss_warm, nwarm, rss_max, rss_end, nvisits, rss_end - rss_warm,
           H_RSS_SLACK_KB, pattern_bytes / 1024.0);
    if (rss_warm < 0 || rss_end < 0)
        fail("CANNOT READ /proc/self/statm");
    else if (rss_end - rss_warm > H_RSS_SLACK_KB)
        fail("PHASE 2: RESIDENT MEMORY GROWS WITH NEW PATTERNS");
    printf("   time: %.2f s wall, %.2f s CPU; %.0f us per integration"
           " (%.0f us after warm-up)\n", wall, cpu, 1e6 * wall / nruns,
           1e6 * (wall - (wall_warm - wall0)) / (2.0 * (nvisits - nwarm)));
}

int main(int argc, char **argv)
{
    int nruns = R_DEFAULT_RUNS;
    const char *arg = argc > 1 ? argv[1] : getenv("DSL48E_RESTART_RUNS");
    double wall0 = wall_seconds();

    if (arg && atoi(arg) > 0) nruns = atoi(arg);
    phase1(nruns);
    if (!failure) phase2();
    printf(" total time %.2f s\n", wall_seconds() - wall0);
    if (failure) {
        printf("FAIL C_DSL48E_RESTART: %s\n", failure);
        return 1;
    }
    printf("PASS C_DSL48E_RESTART\n");
    return 0;
}
