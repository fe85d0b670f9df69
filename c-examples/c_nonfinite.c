/*
 * c_nonfinite.c -- user routines that return NaN or Inf, from C.
 *
 * Problem: y_i' = -lambda_i y_i, lambda_i = (i+1)/2, y_i(0) = 1
 * (i = 0..9), exact solution exp(-lambda_i t); root function
 * R = y_0 - 0.5 (root at t = 2 ln 2), every root return continued;
 * output every 0.1 up to t = 2.  Krylov runs (INFO(12) = 1) use a PSOL
 * that divides by cj + lambda_i (the exact preconditioner), LENWP =
 * LENIWP = 0, and DASKR's minimum LRW = 101 + 18 NEQ + 3 NRT,
 * LIW = 40; dense runs LRW = 60 + 9 NEQ + 3 NRT + NEQ^2, LIW = 40 + NEQ.
 *
 * Every array handed to DDASKR (RWORK, IWORK, Y, YPRIME, RTOL, ATOL,
 * INFO, JROOT) has 16 guard words before and after it that must
 * survive every call, and after every call with IDID > 0, T, Y and
 * YPRIME must be finite.  Checked:
 *
 *   1. Krylov reference run: the exact solution at t = 2.
 *   2. PSOL puts a NaN in B(3) on its 20th call (IER = 0): DDASKR
 *      treats it as a recoverable PSOL failure (IER = 1) and the run
 *      still ends at t = 2 with the right answer; NCFN + NCFL grow.
 *   3. PSOL returns NaN in B(3) for every t > 1: IDID = -14 at the last
 *      good point (t <= 1, y right there); the message names PSOL and
 *      B(I1) with I1 = 3 (standard output is captured with dup2 and
 *      read back); then the same between LOUD markers.
 *   4. Dense run, RES puts +Inf in DELTA(5) on its 50th call: recovers;
 *      RES returns +Inf for every t > 1: IDID = -10 naming RES and
 *      DELTA(5) (checked in the captured output, then shown under
 *      XSETF(0) between SILENT markers: nothing printed).
 *   5. y' = y^2, y(0) = 1 (blows up at t = 1) integrated towards t = 2
 *      in dense and Krylov mode, continuing after every error return
 *      (INFO(1) = 1) for 40 calls: no return with IDID > 0 may carry a
 *      non-finite T, Y or YPRIME, and the run ends with IDID = -10 (RES
 *      overflows to Inf near y = 1e154).  The original DASKR takes
 *      steps far below HMIN here until Y overflows, then returns
 *      IDID = 3 at t = 2 with Y = NaN.
 *   6. Continuation changes on a Krylov run: INFO(12) switched to 0,
 *      and MAXL (IWORK(24)) changed from 5 to 3, between calls: each
 *      gives IDID = -33, INFO(1) = -1, a message, T, Y, YPRIME
 *      unchanged; restored (with INFO(1) = 1) the run ends at t = 2
 *      with the same answer as run 1, bit for bit.
 *
 * Ends with "PASS C_NONFINITE" (exit 0) or "FAIL C_NONFINITE: reason"
 * (exit 1).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "daskr.h"

#define NEQ 10
#define NRT 1
#define G 16
#define LRW_DENSE (60 + 9 * NEQ + 3 * NRT + NEQ * NEQ)
#define LIW_DENSE (40 + NEQ)
#define LRW_KRY (101 + 18 * NEQ + 3 * NRT)
#define LIW_KRY 40
#define RGUARD (-7.5e77)
#define IGUARD (-7777777)

static const char *failure = NULL;
static int nfail = 0;
static int quiet = 0;

static void fail(const char *why)
{
    if (!quiet) printf("   *** %s\n", why);
    if (!failure) failure = why;
    nfail++;
}

/* ---------------------------------------------------------------- */
/* Callback control. */
static int res_mode, res_calls, res_bad, res_comp;   /* 1 once, 2 t > tbad, 3 y^2 */
static int psol_mode, psol_calls, psol_bad, psol_comp;
static double res_tbad, psol_tbad;

static double lambda(int i) { return 0.5 * (i + 1); }

static void res(const double *t, const double *y, const double *yp,
                const double *cj, double *delta, int *ires, double *rpar,
                int *ipar)
{
    int i;
    (void)cj; (void)ires; (void)rpar; (void)ipar;
    res_calls++;
    for (i = 0; i < NEQ; i++)
        delta[i] = yp[i] + (res_mode == 3 ? -y[i] * y[i] : lambda(i) * y[i]);
    if ((res_mode == 1 && res_calls == res_bad) || (res_mode == 2 && *t > res_tbad))
        delta[res_comp - 1] = INFINITY;
}

static void psol(const int *neq, const double *t, const double *y,
                 const double *yp, const double *savr, double *wk,
                 const double *cj, const double *wght, double *wp, int *iwp,
                 double *b, const double *eplin, int *ier, double *rpar,
                 int *ipar)
{
    int i;
    (void)neq; (void)savr; (void)wk; (void)wght; (void)wp; (void)iwp;
    (void)eplin; (void)rpar; (void)ipar; (void)yp;
    psol_calls++;
    for (i = 0; i < NEQ; i++)
        b[i] /= *cj + (res_mode == 3 ? -2.0 * y[i] : lambda(i));
    if ((psol_mode == 1 && psol_calls == psol_bad) || (psol_mode == 2 && *t > psol_tbad))
        b[psol_comp - 1] = NAN;
    *ier = 0;
}

static void rt(const int *neq, const double *t, const double *y,
               const double *yp, const int *nrt, double *rval, double *rpar,
               int *ipar)
{
    (void)neq; (void)t; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = y[0] - 0.5;
}

/* ---------------------------------------------------------------- */
/* Guarded arrays. */
static double *alloc_r(int n)
{
    double *p = malloc((n + 2 * G) * sizeof *p);
    int i;
    for (i = 0; i < n + 2 * G; i++) p[i] = RGUARD;
    for (i = 0; i < n; i++) p[G + i] = 0.0;
    return p + G;
}

static int *alloc_i(int n)
{
    int *p = malloc((n + 2 * G) * sizeof *p);
    int i;
    for (i = 0; i < n + 2 * G; i++) p[i] = IGUARD;
    for (i = 0; i < n; i++) p[G + i] = 0;
    return p + G;
}

static int bad_r(const double *p, int n)
{
    int i, bad = 0;
    for (i = 1; i <= G; i++) {
        bad += p[-i] != RGUARD;
        bad += p[n - 1 + i] != RGUARD;
    }
    return bad;
}

static int bad_i(const int *p, int n)
{
    int i, bad = 0;
    for (i = 1; i <= G; i++) {
        bad += p[-i] != IGUARD;
        bad += p[n - 1 + i] != IGUARD;
    }
    return bad;
}

struct run {
    int neq, nrt, lrw, liw, idid, krylov;
    double t, tout;
    double *rwork, *y, *yp, *rtol, *atol;
    int *iwork, *info, *jroot;
};

static void new_run(struct run *r, int krylov, int blowup)
{
    int i;
    memset(r, 0, sizeof *r);
    r->krylov = krylov;
    r->neq = NEQ;
    r->nrt = blowup ? 0 : NRT;
    r->lrw = krylov ? LRW_KRY : LRW_DENSE;
    r->liw = krylov ? LIW_KRY : LIW_DENSE;
    r->rwork = alloc_r(r->lrw);
    r->iwork = alloc_i(r->liw);
    r->y = alloc_r(NEQ);
    r->yp = alloc_r(NEQ);
    r->rtol = alloc_r(NEQ);
    r->atol = alloc_r(NEQ);
    r->info = alloc_i(20);
    r->jroot = alloc_i(NRT);
    for (i = 0; i < NEQ; i++) {
        r->y[i] = 1.0;
        r->yp[i] = blowup ? 1.0 : -lambda(i);
        r->rtol[i] = 1e-7;
        r->atol[i] = 1e-7;
    }
    r->info[1] = 1;           /* vector tolerances */
    r->info[11] = krylov;
    res_mode = blowup ? 3 : 0;
    res_calls = psol_calls = 0;
    psol_mode = 0;
}

static void free_run(struct run *r)
{
    free(r->rwork - G); free(r->iwork - G); free(r->y - G); free(r->yp - G);
    free(r->rtol - G); free(r->atol - G); free(r->info - G); free(r->jroot - G);
}

/* One DDASKR call, then the guards and the finiteness guarantee. */
static int call(struct run *r)
{
    int ipar[1] = {0}, i, nonfinite = 0;
    double rpar[1] = {0.0};
    ddaskr_(res, &r->neq, &r->t, r->y, r->yp, &r->tout, r->info, r->rtol,
            r->atol, &r->idid, r->rwork, &r->lrw, r->iwork, &r->liw, rpar,
            ipar, NULL, r->krylov ? (daskr_generic_fn)psol : NULL, rt,
            &r->nrt, r->jroot);
    if (bad_r(r->rwork, r->krylov ? LRW_KRY : LRW_DENSE) ||
        bad_i(r->iwork, r->krylov ? LIW_KRY : LIW_DENSE) ||
        bad_r(r->y, NEQ) || bad_r(r->yp, NEQ) || bad_r(r->rtol, NEQ) ||
        bad_r(r->atol, NEQ) || bad_i(r->info, 20) || bad_i(r->jroot, NRT))
        fail("a guard word was overwritten");
    if (r->idid > 0) {
        nonfinite = !isfinite(r->t);
        for (i = 0; i < NEQ; i++)
            nonfinite |= !isfinite(r->y[i]) || !isfinite(r->yp[i]);
        if (nonfinite) fail("IDID > 0 with a non-finite T, Y or YPRIME");
    }
    return r->idid;
}

/* Continue to tend with output every dt (roots continued); returns the
   last IDID (3 at tend, or the first negative one). */
static int drive(struct run *r, double tend, double dt)
{
    int n;
    if (r->info[0] == 0 && r->tout == 0.0) r->tout = dt;
    for (n = 0; n < 200; n++) {
        int idid = call(r);
        if (idid < 0) return idid;
        if (idid == 5) {
            if (fabs(r->y[0] - 0.5) > 1e-9 || r->jroot[0] != -1)
                fail("root return: y0 is not 0.5 or JROOT is not -1");
            continue;
        }
        if (idid != 3 || r->t != r->tout) {
            fail("unexpected IDID in a valid run");
            return idid;
        }
        if (r->t >= tend - 1e-12) return idid;
        r->tout = r->t + dt > tend - 1e-12 ? tend : r->t + dt;
    }
    fail("too many returns");
    return 0;
}

static double error_at(const struct run *r)
{
    double err = 0.0;
    int i;
    for (i = 0; i < NEQ; i++) {
        double e = fabs(r->y[i] - exp(-lambda(i) * r->t));
        err = e > err || e != e ? e : err;
    }
    return err;
}

static void counters(const char *name, const struct run *r)
{
    const int *iw = r->iwork;
    printf("   %-22s NST %4d NRE %5d NETF %2d NCFN %2d NCFL %3d NNI %4d NLI %4d NPS %4d\n",
           name, iw[10], iw[11], iw[13], iw[14], iw[15], iw[18], iw[19], iw[20]);
}

/* ---------------------------------------------------------------- */
/* Standard output captured in a temporary file (the library writes its
   messages with C stdio when the program has no Fortran runtime). */
static FILE *cap_file;
static int cap_saved = -1;
static char captured[16384];

static void cap_on(void)
{
    fflush(stdout);
    cap_file = tmpfile();
    cap_saved = dup(1);
    dup2(fileno(cap_file), 1);
}

static void cap_off(void)
{
    size_t n;
    fflush(stdout);
    dup2(cap_saved, 1);
    close(cap_saved);
    rewind(cap_file);
    n = fread(captured, 1, sizeof captured - 1, cap_file);
    captured[n] = '\0';
    fclose(cap_file);
}

/* The integer I1 printed on the line after the line holding `text`, or
   -999 when the text is not there. */
static int message_int(const char *text)
{
    const char *p = strstr(captured, text), *q;
    int v = -999;
    if (!p) return -999;
    p = strchr(p, '\n');
    if (!p) return -999;
    q = strstr(p, "I1 =");
    if (q && sscanf(q + 4, "%d", &v) == 1) return v;
    return -999;
}

/* ---------------------------------------------------------------- */
int main(void)
{
    struct run r;
    double ref_y[NEQ], ref_t, err;
    int ref_ncf, idid, c;

    /* 1. Krylov reference. */
    printf(" 1. KRYLOV REFERENCE RUN\n");
    new_run(&r, 1, 0);
    idid = drive(&r, 2.0, 0.1);
    err = error_at(&r);
    counters("reference", &r);
    printf("    IDID = %d, T = %.2f, max error %.3e\n", idid, r.t, err);
    if (idid != 3 || err > 1e-5) fail("Krylov reference run: wrong answer");
    memcpy(ref_y, r.y, sizeof ref_y);
    ref_t = r.t;
    ref_ncf = r.iwork[14] + r.iwork[15];
    free_run(&r);

    /* 2. PSOL NaN once. */
    printf(" 2. PSOL: NaN IN B(3) ON ITS 20TH CALL\n");
    new_run(&r, 1, 0);
    psol_mode = 1; psol_bad = 20; psol_comp = 3;
    idid = drive(&r, 2.0, 0.1);
    err = error_at(&r);
    counters("PSOL NaN once", &r);
    printf("    IDID = %d, T = %.2f, max error %.3e, PSOL calls %d\n", idid, r.t, err, psol_calls);
    if (psol_calls < psol_bad) fail("PSOL NaN once: the bad call was not reached");
    if (idid != 3 || err > 1e-5) fail("PSOL NaN once: the run did not recover");
    if (r.iwork[14] + r.iwork[15] <= ref_ncf) fail("PSOL NaN once: NCFN + NCFL do not show it");
    free_run(&r);

    /* 3. PSOL NaN for t > 1: captured, then loud. */
    for (c = 0; c < 2; c++) {
        printf(" 3. PSOL: NaN IN B(3) FOR EVERY T > 1%s\n", c ? " (MESSAGE SHOWN)" : "");
        new_run(&r, 1, 0);
        psol_mode = 2; psol_tbad = 1.0; psol_comp = 3;
        if (c == 0) cap_on(); else printf("LOUD-BEGIN\n");
        idid = drive(&r, 2.0, 0.1);
        if (c == 0) cap_off(); else printf("LOUD-END\n");
        err = error_at(&r);
        printf("    IDID = %d, T = %.6f, max error %.3e, INFO(1) = %d\n", idid, r.t, err, r.info[0]);
        if (idid != -14) fail("PSOL NaN for good: IDID is not -14");
        if (r.t > 1.0 || r.t <= 0.5 || err > 1e-5) fail("PSOL NaN for good: T or Y wrong");
        if (c == 0) {
            int comp = message_int("PSOL returned a non-finite value in B(I1)");
            printf("    message names PSOL, B(I1), I1 = %d\n", comp);
            if (comp != 3) fail("PSOL NaN for good: the message does not name PSOL and B(3)");
        }
        free_run(&r);
    }

    /* 4. RES +Inf once and for good (dense). */
    printf(" 4. RES: +INF IN DELTA(5) ON ITS 50TH CALL (DENSE)\n");
    new_run(&r, 0, 0);
    res_mode = 1; res_bad = 50; res_comp = 5;
    idid = drive(&r, 2.0, 0.1);
    err = error_at(&r);
    counters("RES Inf once", &r);
    printf("    IDID = %d, T = %.2f, max error %.3e\n", idid, r.t, err);
    if (res_calls < res_bad) fail("RES Inf once: the bad call was not reached");
    if (idid != 3 || err > 1e-5) fail("RES Inf once: the run did not recover");
    if (r.iwork[14] < 1) fail("RES Inf once: NCFN does not show the retry");
    free_run(&r);
    for (c = 0; c < 2; c++) {
        printf(" 4. RES: +INF IN DELTA(5) FOR EVERY T > 1%s\n", c ? " (XSETF(0))" : "");
        new_run(&r, 0, 0);
        res_mode = 2; res_tbad = 1.0; res_comp = 5;
        if (c == 0) {
            cap_on();
        } else {
            int zero = 0;
            xsetf_(&zero);
            quiet = 1;
            printf("SILENT-BEGIN\n");
        }
        idid = drive(&r, 2.0, 0.1);
        if (c == 0) {
            cap_off();
        } else {
            int one = 1;
            printf("SILENT-END\n");
            quiet = 0;
            xsetf_(&one);
        }
        err = error_at(&r);
        printf("    IDID = %d, T = %.6f, max error %.3e\n", idid, r.t, err);
        if (idid != -10) fail("RES Inf for good: IDID is not -10");
        if (r.t > 1.0 || r.t <= 0.5 || err > 1e-5) fail("RES Inf for good: T or Y wrong");
        if (c == 0) {
            int comp = message_int("RES returned a non-finite value in DELTA(I1)");
            printf("    message names RES, DELTA(I1), I1 = %d\n", comp);
            if (comp != 5) fail("RES Inf for good: the message does not name RES and DELTA(5)");
        }
        free_run(&r);
    }

    /* 5. Blow-up: never IDID > 0 with a non-finite solution. */
    for (c = 0; c < 2; c++) {
        int n, last = 0, npos = 0;
        printf(" 5. Y' = Y^2 THROUGH THE BLOW-UP AT T = 1 (%s)\n", c ? "KRYLOV" : "DENSE");
        new_run(&r, c, 1);
        r.tout = 2.0;
        cap_on();
        for (n = 0; n < 40; n++) {
            last = call(&r);
            if (last > 0) npos++;
            if (last == 3) break;
            if (last < 0) {
                if (r.info[0] != -1) fail("blow-up: INFO(1) is not -1 after an error");
                r.info[0] = 1;
            }
        }
        cap_off();
        printf("    %d calls, %d with IDID > 0, last IDID = %d at T = %.6f, Y(1) = %.3e\n",
               n, npos, last, r.t, r.y[0]);
        if (last == 3) fail("blow-up: reached t = 2");
        if (last != -10) fail("blow-up: the run did not end with IDID = -10");
        free_run(&r);
    }

    /* 6. Continuation changes on a Krylov run. */
    printf(" 6. KRYLOV RUN: INFO(12) AND MAXL CHANGED BETWEEN CALLS\n");
    new_run(&r, 1, 0);
    for (c = 0; c < 2; c++) {
        double t0, y0[NEQ], yp0[NEQ];
        int saved;
        idid = drive(&r, 0.5 * (c + 1), 0.1);
        if (idid != 3) fail("continuation changes: a valid leg failed");
        t0 = r.t;
        memcpy(y0, r.y, sizeof y0);
        memcpy(yp0, r.yp, sizeof yp0);
        r.tout = r.t + 0.1;
        if (c == 0) {
            saved = r.info[11];
            r.info[11] = 0;
        } else {
            saved = r.iwork[23];
            r.iwork[23] = 3;
        }
        cap_on();
        idid = call(&r);
        cap_off();
        printf("    %s: IDID = %d, INFO(1) = %d\n", c ? "MAXL 5 -> 3" : "INFO(12) 1 -> 0", idid, r.info[0]);
        printf("%s", captured);
        if (idid != -33 || r.info[0] != -1) fail("continuation change: IDID is not -33, INFO(1) not -1");
        if (captured[0] == '\0') fail("continuation change: no message");
        if (c == 0 && !strstr(captured, "INFO(12) (=I1) differs"))
            fail("INFO(12) switched: the message does not name INFO(12)");
        if (r.t != t0 || memcmp(y0, r.y, sizeof y0) || memcmp(yp0, r.yp, sizeof yp0))
            fail("continuation change: T, Y or YPRIME changed");
        if (c == 0) r.info[11] = saved; else r.iwork[23] = saved;
        r.info[0] = 1;
    }
    idid = drive(&r, 2.0, 0.1);
    err = error_at(&r);
    printf("    IDID = %d, T = %.2f, max error %.3e, same as run 1: %s\n", idid, r.t, err,
           r.t == ref_t && memcmp(r.y, ref_y, sizeof ref_y) == 0 ? "yes" : "no");
    if (idid != 3 || err > 1e-5) fail("continuation changes: wrong answer at the end");
    if (r.t != ref_t || memcmp(r.y, ref_y, sizeof ref_y) != 0)
        fail("continuation changes: the run differs from run 1");
    free_run(&r);

    if (failure) {
        printf(" %d check(s) failed\n", nfail);
        printf("FAIL C_NONFINITE: %s\n", failure);
        return 1;
    }
    printf("PASS C_NONFINITE\n");
    return 0;
}
