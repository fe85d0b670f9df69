/*
 * Test model: an indicator that dips below zero and comes back within one
 * output interval. x1 = sin(w t), x2 = cos(w t) (w = 2 pi: period 1);
 * the indicator c - x1 (c = 0.9999) is negative only within
 * acos(c) / w = 2.25e-3 of each peak t = 0.25 + k, for 4.5e-3 of every
 * period; `count` counts the entries, `above` is 1 while x1 > c.
 */
#define MODEL_GUID "{5d2e8a90-daskr-test-dip}"
#define NR 8
#define NX 2
#define NZ 1
#define STATES {0, 2}
#define DERIVATIVES {1, 3}
#include "fmu2_model.h"

enum { X1, DER_X1, X2, DER_X2, W, C, COUNT, ABOVE };

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
