/*
 * Test model: time events. k = 0, 1, 2, ... steps up by one at
 * t = period, 2 period, ... (nextEventTime); x' = k, so x is piecewise
 * linear. The FMU asks to terminate at the first time event at or after
 * t_end.
 */
#define MODEL_GUID "{a4417f05-daskr-test-staircase}"
#define NR 5
#define NX 1
#define NZ 0
#define STATES {0}
#define DERIVATIVES {1}
#include "fmu2_model.h"

enum { X, DER_X, K, PERIOD, T_END };

static void model_start(Model *m) {
    m->r[PERIOD] = 0.3;
    m->r[T_END] = 1e300;
}

static void model_derivatives(Model *m) { m->r[DER_X] = m->r[K]; }

static void model_indicators(Model *m, double *z) { (void)m; (void)z; }

static void model_event(Model *m) {
    double p = m->r[PERIOD];
    if (m->next_defined && m->time >= m->next_time) m->r[K] += 1.0;
    if (m->next_defined && m->time >= m->r[T_END]) m->terminate = 1;
    m->next_defined = 1;
    m->next_time = (m->r[K] + 1.0) * p;
}

static fmi2Status model_status(Model *m, const char *where) {
    (void)m; (void)where;
    return fmi2OK;
}
