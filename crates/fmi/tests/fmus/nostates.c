/*
 * Test model without continuous states: y = t^2 (continuous output),
 * s = 0 before t_switch and 1 after, from the event indicator
 * t - t_switch (a state event that depends on time only).
 */
#define MODEL_GUID "{0b6f3c21-daskr-test-nostates}"
#define NR 3
#define NX 0
#define NZ 1
#include "fmu2_model.h"

enum { Y, S, T_SWITCH };

static void model_start(Model *m) { m->r[T_SWITCH] = 0.5; }

static void model_derivatives(Model *m) { m->r[Y] = m->time * m->time; }

static void model_indicators(Model *m, double *z) { z[0] = m->time - m->r[T_SWITCH]; }

static void model_event(Model *m) { m->r[S] = m->time >= m->r[T_SWITCH] ? 1.0 : 0.0; }

static fmi2Status model_status(Model *m, const char *where) {
    (void)m; (void)where;
    return fmi2OK;
}
