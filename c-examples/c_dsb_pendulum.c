/*
 * c_dsb_pendulum.c -- DSBSIM from C: the pendulum of the SLICOT
 * nonlinear-systems standard (Appendices H and I) as C routines with the
 * standard's argument lists (ODEDER, ODEOUT, JACFX, an input function),
 * simulated with DDASKR's sparse path.
 *
 *   x1' = x2,  x2' = (u - d x2)/(m l^2) - (g/l) sin x1,  u(t) = sin t,
 *   y = (l sin x1, -l cos x1),  p = (m, l, d, g) = (5, 1, 0.5, 9.81),
 *   x(0) = (1, 0), outputs at t = 0, 0.5, ..., 10.
 *
 * Two runs: (1) sparse pattern {(1,2), (2,1), (2,2)} with JACFX in pattern
 * order (IOPT(1) = 2, IOPT(4) = 1, IOPT(5) = 3); (2) dense matrix with
 * difference quotients (JACFX = NULL). The reference is the classical
 * Runge-Kutta method with the fixed step 1e-4. Checks: INFO = 0, all 21
 * outputs reached, output errors below 2e-6 at RTOL = ATOL = 1e-8, the
 * two runs within 2e-6 of each other, JACFX called in run 1 only; a NULL
 * DERIV is INFO = -6. Prints the output table of run 1 and ends with
 * "PASS C_DSB_PENDULUM" or "FAIL C_DSB_PENDULUM: reason".
 */
#include <math.h>
#include <stdio.h>
#include "daskr.h"

#define NX 2
#define NY 2
#define NT 21

static const char *failure = NULL;
static int jac_calls = 0;

static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

/* ODEDER */
static void pendf(const double *t, const double *x, const double *u,
                  const double *p, double *f, int *ierr)
{
    double m = p[0], l = p[1], d = p[2], g = p[3];
    (void)t;
    f[0] = x[1];
    f[1] = (u[0] - d * x[1]) / (m * l * l) - (g / l) * sin(x[0]);
    *ierr = 0;
}

/* ODEOUT */
static void pendg(const double *t, const double *x, const double *u,
                  const double *p, double *y, int *ierr)
{
    (void)t;
    (void)u;
    y[0] = p[1] * sin(x[0]);
    y[1] = -p[1] * cos(x[0]);
    *ierr = 0;
}

/* JACFX in the order of the pattern (1,2), (2,1), (2,2). */
static void pendj(const double *t, const double *x, const double *u,
                  const double *p, double *fx, const int *ldfx, int *ierr)
{
    (void)t;
    (void)u;
    (void)ldfx;
    fx[0] = 1.0;
    fx[1] = -(p[3] / p[1]) * cos(x[0]);
    fx[2] = -p[2] / (p[0] * p[1] * p[1]);
    jac_calls++;
    *ierr = 0;
}

/* The input signal. */
static void pendu(const double *t, double *u, int *ierr)
{
    u[0] = sin(*t);
    *ierr = 0;
}

static void reference(const double *p, const double *tout, double yref[NT][NY])
{
    double h = 1e-4, t = 0.0, x[NX] = {1.0, 0.0};
    for (int k = 0; k < NT; k++) {
        long steps = lround((tout[k] - t) / h);
        for (long n = 0; n < steps; n++) {
            double k1[NX], k2[NX], k3[NX], k4[NX], xs[NX], u;
            int ierr, i;
            u = sin(t);
            pendf(&t, x, &u, p, k1, &ierr);
            double th = t + h / 2;
            u = sin(th);
            for (i = 0; i < NX; i++) xs[i] = x[i] + h / 2 * k1[i];
            pendf(&th, xs, &u, p, k2, &ierr);
            for (i = 0; i < NX; i++) xs[i] = x[i] + h / 2 * k2[i];
            pendf(&th, xs, &u, p, k3, &ierr);
            double t1 = t + h;
            u = sin(t1);
            for (i = 0; i < NX; i++) xs[i] = x[i] + h * k3[i];
            pendf(&t1, xs, &u, p, k4, &ierr);
            for (i = 0; i < NX; i++) x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            t = t1;
        }
        t = tout[k];
        int ierr;
        pendg(&t, x, NULL, p, yref[k], &ierr);
    }
}

int main(void)
{
    const int itype = 0, nx = NX, nu = 1, np = 4, ny = NY, nt = NT, ldy = NY;
    const double p[4] = {5.0, 1.0, 0.5, 9.81};
    const int irow[3] = {1, 2, 2}, icol[3] = {2, 1, 2};
    const double rtol = 1e-8, atol = 1e-8;
    double tout[NT], y[2][NT][NY], yref[NT][NY];
    for (int k = 0; k < NT; k++) tout[k] = 0.5 * k;
    reference(p, tout, yref);

    for (int run = 0; run < 2; run++) {
        int iopt[20] = {0}, info = -99;
        double t = 0.0, x[NX] = {1.0, 0.0}, xdot[NX] = {0.0, 0.0};
        int calls_before = jac_calls;
        if (run == 0) {
            iopt[0] = 2; /* sparse */
            iopt[3] = 1; /* JACFX supplied */
            iopt[4] = 3; /* NNZ */
        }
        dsbsim(&itype, &nx, &nu, &np, &ny, (daskr_generic_fn)pendf, (daskr_generic_fn)pendg,
               run == 0 ? (daskr_generic_fn)pendj : NULL, pendu, p, &t, x, xdot, &nt, tout, &y[run][0][0],
               &ldy, &rtol, &atol, iopt, irow, icol, &info);
        double err = 0.0;
        for (int k = 0; k < NT; k++)
            for (int i = 0; i < NY; i++) err = fmax(err, fabs(y[run][k][i] - yref[k][i]));
        printf("run %d (%s): INFO = %d, outputs %d, max error %.2e, NST %d NRE %d NJE %d, JACFX calls %d\n",
               run + 1, run == 0 ? "sparse, JACFX" : "dense, difference quotients", info, iopt[18], err,
               iopt[10], iopt[11], iopt[12], jac_calls - calls_before);
        if (info != 0) fail("INFO /= 0");
        if (iopt[18] != NT) fail("not every output time reached");
        if (err > 2e-6) fail("output error above 2e-6");
        if (t != tout[NT - 1]) fail("T is not TOUT(NT) on return");
        if ((run == 0) != (jac_calls > calls_before)) fail("JACFX called when it should not be, or not called");
    }
    double diff = 0.0;
    for (int k = 0; k < NT; k++)
        for (int i = 0; i < NY; i++) diff = fmax(diff, fabs(y[0][k][i] - y[1][k][i]));
    if (diff > 2e-6) fail("the two runs differ by more than 2e-6");

    printf("     t       y1 = l sin x1    y2 = -l cos x1\n");
    for (int k = 0; k < NT; k += 4) printf("  %5.2f  %15.8f  %15.8f\n", tout[k], y[0][k][0], y[0][k][1]);

    /* A NULL DERIV is argument 6. */
    {
        int iopt[20] = {0}, info = 0;
        double t = 0.0, x[NX] = {1.0, 0.0}, xdot[NX] = {0.0, 0.0};
        dsbsim(&itype, &nx, &nu, &np, &ny, NULL, (daskr_generic_fn)pendg, NULL, pendu, p, &t, x, xdot, &nt,
               tout, &y[0][0][0], &ldy, &rtol, &atol, iopt, irow, icol, &info);
        printf("NULL DERIV: INFO = %d\n", info);
        if (info != -6) fail("a NULL DERIV is not INFO = -6");
    }

    if (failure)
        printf("FAIL C_DSB_PENDULUM: %s\n", failure);
    else
        printf("PASS C_DSB_PENDULUM\n");
    return 0;
}
