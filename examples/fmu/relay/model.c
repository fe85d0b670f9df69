/*
 * A relay with hysteresis (a thermostat) as an FMI 2.0 Model Exchange FMU
 * (see ../README.md).
 *
 *   x' = (K u - x) / tau,   u = 1 (on) or 0 (off)
 *
 * The relay switches off when x rises to hi and on when x falls to lo:
 * one event indicator, hi - x while on and x - lo while off. The band
 * between lo and hi keeps it from chattering. From x(0) = 0, on, with
 * K = 1: the first switch at tau ln(1 / (1 - hi)), then off phases of
 * tau ln(hi / lo) and on phases of tau ln((1 - lo) / (1 - hi)).
 */
#define MODEL_GUID "{1f9b6c4d-daskr-relay}"
#define NR 7
#define NX 1
#define NZ 1
#define STATES {0}
#define DERIVATIVES {1}
#include "fmu2_model.h"

enum { X, DER_X, U, K, TAU, LO, HI };

static void model_start(Model *m) {
    m->r[X] = 0.0;
    m->r[U] = 1.0;
    m->r[K] = 1.0;
    m->r[TAU] = 1.0;
    m->r[LO] = 0.4;
    m->r[HI] = 0.6;
}

static void model_derivatives(Model *m) { m->r[DER_X] = (m->r[K] * m->r[U] - m->r[X]) / m->r[TAU]; }

static void model_indicators(Model *m, double *z) {
    z[0] = m->r[U] > 0.5 ? m->r[HI] - m->r[X] : m->r[X] - m->r[LO];
}

static void model_event(Model *m) {
    if (m->r[U] > 0.5 && m->r[X] >= m->r[HI]) {
        m->r[U] = 0.0;
    } else if (m->r[U] < 0.5 && m->r[X] <= m->r[LO]) {
        m->r[U] = 1.0;
    }
}

static fmi2Status model_status(Model *m, const char *where) {
    (void)m; (void)where;
    return fmi2OK;
}
