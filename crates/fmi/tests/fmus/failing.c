/*
 * Test model that reports errors: x' = -x, and with the parameter
 * fail_mode = 1 fmi2GetDerivatives returns fmi2Error once t > 0.5,
 * 2: fmi2ExitInitializationMode returns fmi2Fatal,
 * 3: fmi2GetDerivatives returns fmi2Discard once t > 0.5 (no step can
 *    pass it: the solver gives up).
 */
#define MODEL_GUID "{e1c0ffee-daskr-test-failing}"
#define NR 3
#define NX 1
#define NZ 0
#define STATES {0}
#define DERIVATIVES {1}
#include "fmu2_model.h"

enum { X, DER_X, FAIL_MODE };

static void model_start(Model *m) { m->r[X] = 1.0; }

static void model_derivatives(Model *m) { m->r[DER_X] = -m->r[X]; }

static void model_indicators(Model *m, double *z) { (void)m; (void)z; }

static void model_event(Model *m) { (void)m; }

static fmi2Status model_status(Model *m, const char *where) {
    int mode = (int)m->r[FAIL_MODE];
    int in_derivatives = strcmp(where, "fmi2GetDerivatives") == 0 && m->time > 0.5;
    if (mode == 1 && in_derivatives) return fmi2Error;
    if (mode == 2 && strcmp(where, "fmi2ExitInitializationMode") == 0) return fmi2Fatal;
    if (mode == 3 && in_derivatives) return fmi2Discard;
    return fmi2OK;
}
