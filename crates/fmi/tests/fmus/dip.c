/*
 * Test model: an indicator that dips below zero and comes back within one
 * output interval. x1 = sin(w t), x2 = cos(w t) (w = 2 pi: period 1);
 * the indicator c - x1 (c = 0.9999) is negative only within
 * acos(c) / w = 2.25e-3 of each peak t = 0.25 + k, for 4.5e-3 of every
 * period; `count` counts the entries, `above` is 1 while x1 > c.
 * Provides directional derivatives (d der(x1) = w dx2, d der(x2) =
 * -w dx1), counted in `dd_calls`.
 */
#define MODEL_GUID "{5d2e8a90-daskr-test-dip}"
#define NR 9
#define MODEL_DIRECTIONAL
#define NX 2
#define NZ 1
#define STATES {0, 2}
#define DERIVATIVES {1, 3}
#include "fmu2_model.h"

enum { X1, DER_X1, X2, DER_X2, W, C, COUNT, ABOVE, DD_CALLS };

static void model_start(Model *m) {
    m->r[X1] = 0.0;
    m->r[X2] = 1.0;
    m->r[W] = 6.283185307179586;
    m->r[C] = 0.9999;
}

static void model_derivatives(Model *m) {
    m->r[DER_X1] = m->r[W] * m->r[X2];
    m->r[DER_X2] = -m->r[W] * m->r[X1];
}

static void model_indicators(Model *m, double *z) { z[0] = m->r[C] - m->r[X1]; }

static void model_event(Model *m) {
    int above = m->r[X1] > m->r[C];
    if (above && m->r[ABOVE] < 0.5) m->r[COUNT] += 1.0;
    m->r[ABOVE] = above;
}

static fmi2Status model_status(Model *m, const char *where) {
    (void)m; (void)where;
    return fmi2OK;
}

static fmi2Status model_directional(Model *m, const fmi2ValueReference u[], size_t nu, const fmi2ValueReference k[],
                                    size_t nk, const fmi2Real dk[], fmi2Real du[]) {
    double dx1 = 0.0, dx2 = 0.0;
    for (size_t j = 0; j < nk; j++) {
        if (k[j] == X1) dx1 += dk[j];
        else if (k[j] == X2) dx2 += dk[j];
        else return fmi2Error;
    }
    for (size_t i = 0; i < nu; i++) {
        if (u[i] == DER_X1) du[i] = m->r[W] * dx2;
        else if (u[i] == DER_X2) du[i] = -m->r[W] * dx1;
        else return fmi2Error;
    }
    m->r[DD_CALLS] += 1.0;
    return fmi2OK;
}
