/*
 * A bouncing ball as an FMI 2.0 Model Exchange FMU (see ../README.md).
 *
 *   h' = v, v' = -g; when h <= 0 with v < 0: v := -e v, h := +tiny
 *
 * One event indicator, h. From h(0) = h0, v(0) = 0 the impacts come at
 * t1 = sqrt(2 h0 / g) and t(k+1) = t(k) + 2 e^k sqrt(2 h0 / g).
 */
#include <float.h>

#define MODEL_GUID "{7c3f2a3e-daskr-bouncing-ball}"
#define NR 6
#define NX 2
#define NZ 1
#define STATES {0, 2}
#define DERIVATIVES {1, 3}
#include "fmu2_model.h"

enum { H, DER_H, V, DER_V, G, E };

static void model_start(Model *m) {
    m->r[H] = 1.0;
    m->r[V] = 0.0;
    m->r[G] = 9.81;
    m->r[E] = 0.8;
}

static void model_derivatives(Model *m) {
    m->r[DER_H] = m->r[V];
    m->r[DER_V] = -m->r[G];
}

static void model_indicators(Model *m, double *z) { z[0] = m->r[H]; }

static void model_event(Model *m) {
    if (m->r[H] <= 0.0 && m->r[V] < 0.0) {
        m->r[H] = DBL_MIN;
        m->r[V] = -m->r[E] * m->r[V];
        m->states_changed = 1;
    }
}

static fmi2Status model_status(Model *m, const char *where) {
    (void)m; (void)where;
    return fmi2OK;
}
