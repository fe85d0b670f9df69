/*
 * fmu2_model.h -- a small FMI 2.0 Model Exchange implementation for the
 * example and test models of this repository (written here; it is not the
 * FMI standard's header, only the same C interface: the types, the
 * function names without a prefix, the structs passed by the importer).
 *
 * A model is one C file that defines, before including this header:
 *
 *   MODEL_GUID      the guid string of its modelDescription.xml
 *   NR              number of Real variables; value reference i is r[i]
 *   NX, NZ          number of continuous states and of event indicators
 *   STATES          { value references of the states }         (NX > 0)
 *   DERIVATIVES     { value references of their derivatives }  (NX > 0)
 *
 * and then the functions
 *
 *   static void model_start(Model *m);        start values into m->r
 *   static void model_derivatives(Model *m);  derivatives (and other
 *                                             continuous variables) from
 *                                             m->time and the states
 *   static void model_indicators(Model *m, double *z);   NZ indicators
 *   static void model_event(Model *m);        the discrete update at an
 *                                             event (also the initial one):
 *                                             may change states (set
 *                                             m->states_changed), ask for a
 *                                             time event (m->next_time,
 *                                             m->next_defined) or the end
 *                                             (m->terminate)
 *   static fmi2Status model_status(Model *m, const char *where);
 *                                             fmi2OK, or an error the model
 *                                             reports from fmi2 call `where`
 *
 * Only Real variables exist; fmi2Get/SetInteger, Boolean and String accept
 * empty requests only. FMU states, directional derivatives and the
 * Co-Simulation functions return fmi2Error.
 */
#ifndef FMU2_MODEL_H
#define FMU2_MODEL_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef void *fmi2Component;
typedef void *fmi2ComponentEnvironment;
typedef void *fmi2FMUstate;
typedef unsigned int fmi2ValueReference;
typedef double fmi2Real;
typedef int fmi2Integer;
typedef int fmi2Boolean;
typedef char fmi2Char;
typedef const fmi2Char *fmi2String;
typedef char fmi2Byte;

typedef enum { fmi2OK, fmi2Warning, fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending } fmi2Status;
typedef enum { fmi2ModelExchange, fmi2CoSimulation } fmi2Type;
typedef int fmi2StatusKind;

typedef struct {
    void (*logger)(fmi2ComponentEnvironment, fmi2String, fmi2Status, fmi2String, fmi2String, ...);
    void *(*allocateMemory)(size_t, size_t);
    void (*freeMemory)(void *);
    void (*stepFinished)(fmi2ComponentEnvironment, fmi2Status);
    fmi2ComponentEnvironment componentEnvironment;
} fmi2CallbackFunctions;

typedef struct {
    fmi2Boolean newDiscreteStatesNeeded;
    fmi2Boolean terminateSimulation;
    fmi2Boolean nominalsOfContinuousStatesChanged;
    fmi2Boolean valuesOfContinuousStatesChanged;
    fmi2Boolean nextEventTimeDefined;
    fmi2Real nextEventTime;
} fmi2EventInfo;

#define FMI2_EXPORT __attribute__((visibility("default")))

typedef struct {
    double r[NR];
    double time;
    int terminate;
    int states_changed;
    int next_defined;
    double next_time;
    /* 0 instantiated, 1 initialisation, 2 event mode, 3 continuous time */
    int mode;
} Model;

static void model_start(Model *m);
static void model_derivatives(Model *m);
static void model_indicators(Model *m, double *z);
static void model_event(Model *m);
static fmi2Status model_status(Model *m, const char *where);

#if NX > 0
static const fmi2ValueReference model_states[NX] = STATES;
static const fmi2ValueReference model_derivative_vrs[NX] = DERIVATIVES;
#endif

FMI2_EXPORT const char *fmi2GetTypesPlatform(void) { return "default"; }
FMI2_EXPORT const char *fmi2GetVersion(void) { return "2.0"; }

FMI2_EXPORT fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean on, size_t n, const fmi2String cat[]) {
    (void)c; (void)on; (void)n; (void)cat;
    return fmi2OK;
}

FMI2_EXPORT fmi2Component fmi2Instantiate(fmi2String name, fmi2Type type, fmi2String guid, fmi2String resources,
                                          const fmi2CallbackFunctions *functions, fmi2Boolean visible,
                                          fmi2Boolean logging) {
    (void)name; (void)resources; (void)functions; (void)visible; (void)logging;
    if (type != fmi2ModelExchange || guid == NULL || strcmp(guid, MODEL_GUID) != 0) return NULL;
    Model *m = calloc(1, sizeof(Model));
    if (m == NULL) return NULL;
    model_start(m);
    return m;
}

FMI2_EXPORT void fmi2FreeInstance(fmi2Component c) { free(c); }

FMI2_EXPORT fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean tol_defined, fmi2Real tol, fmi2Real start,
                                           fmi2Boolean stop_defined, fmi2Real stop) {
    (void)tol_defined; (void)tol; (void)stop_defined; (void)stop;
    ((Model *)c)->time = start;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2EnterInitializationMode(fmi2Component c) {
    ((Model *)c)->mode = 1;
    return model_status(c, "fmi2EnterInitializationMode");
}

FMI2_EXPORT fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
    Model *m = c;
    m->mode = 2;
    model_derivatives(m);
    return model_status(m, "fmi2ExitInitializationMode");
}

FMI2_EXPORT fmi2Status fmi2Terminate(fmi2Component c) { (void)c; return fmi2OK; }

FMI2_EXPORT fmi2Status fmi2Reset(fmi2Component c) {
    Model *m = c;
    memset(m, 0, sizeof(Model));
    model_start(m);
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[]) {
    Model *m = c;
    model_derivatives(m);
    for (size_t i = 0; i < nvr; i++) {
        if (vr[i] >= NR) return fmi2Error;
        value[i] = m->r[vr[i]];
    }
    return model_status(m, "fmi2GetReal");
}

FMI2_EXPORT fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                   const fmi2Real value[]) {
    Model *m = c;
    for (size_t i = 0; i < nvr; i++) {
        if (vr[i] >= NR) return fmi2Error;
        m->r[vr[i]] = value[i];
    }
    return fmi2OK;
}

#define FMU2_EMPTY_ONLY(fn, T)                                                                        \
    FMI2_EXPORT fmi2Status fn(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, T value) { \
        (void)c; (void)vr; (void)value;                                                               \
        return nvr == 0 ? fmi2OK : fmi2Error;                                                         \
    }
FMU2_EMPTY_ONLY(fmi2GetInteger, fmi2Integer *)
FMU2_EMPTY_ONLY(fmi2GetBoolean, fmi2Boolean *)
FMU2_EMPTY_ONLY(fmi2GetString, fmi2String *)
FMU2_EMPTY_ONLY(fmi2SetInteger, const fmi2Integer *)
FMU2_EMPTY_ONLY(fmi2SetBoolean, const fmi2Boolean *)
FMU2_EMPTY_ONLY(fmi2SetString, const fmi2String *)

FMI2_EXPORT fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate *s) { (void)c; (void)s; return fmi2Error; }
FMI2_EXPORT fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate s) { (void)c; (void)s; return fmi2Error; }
FMI2_EXPORT fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate *s) { (void)c; (void)s; return fmi2Error; }
FMI2_EXPORT fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate s, size_t *n) {
    (void)c; (void)s; (void)n;
    return fmi2Error;
}
FMI2_EXPORT fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate s, fmi2Byte b[], size_t n) {
    (void)c; (void)s; (void)b; (void)n;
    return fmi2Error;
}
FMI2_EXPORT fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte b[], size_t n, fmi2FMUstate *s) {
    (void)c; (void)b; (void)n; (void)s;
    return fmi2Error;
}
/* A model that defines MODEL_DIRECTIONAL provides directional derivatives
 * (providesDirectionalDerivative="true" in its description) through
 *   static fmi2Status model_directional(Model *m, const fmi2ValueReference u[], size_t nu,
 *       const fmi2ValueReference k[], size_t nk, const fmi2Real dk[], fmi2Real du[]);
 * (du = d(unknowns)/d(knowns) . dk at the current point); others report
 * fmi2Error. */
#ifdef MODEL_DIRECTIONAL
static fmi2Status model_directional(Model *m, const fmi2ValueReference u[], size_t nu, const fmi2ValueReference k[],
                                    size_t nk, const fmi2Real dk[], fmi2Real du[]);
#endif
FMI2_EXPORT fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference u[], size_t nu,
                                                    const fmi2ValueReference k[], size_t nk, const fmi2Real dk[],
                                                    fmi2Real du[]) {
#ifdef MODEL_DIRECTIONAL
    return model_directional(c, u, nu, k, nk, dk, du);
#else
    (void)c; (void)u; (void)nu; (void)k; (void)nk; (void)dk; (void)du;
    return fmi2Error;
#endif
}

FMI2_EXPORT fmi2Status fmi2EnterEventMode(fmi2Component c) {
    ((Model *)c)->mode = 2;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo *info) {
    Model *m = c;
    m->states_changed = 0;
    model_derivatives(m);
    model_event(m);
    model_derivatives(m);
    info->newDiscreteStatesNeeded = 0;
    info->terminateSimulation = m->terminate;
    info->nominalsOfContinuousStatesChanged = 0;
    info->valuesOfContinuousStatesChanged = m->states_changed;
    info->nextEventTimeDefined = m->next_defined;
    info->nextEventTime = m->next_time;
    return model_status(m, "fmi2NewDiscreteStates");
}

FMI2_EXPORT fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) {
    ((Model *)c)->mode = 3;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2CompletedIntegratorStep(fmi2Component c, fmi2Boolean no_prior, fmi2Boolean *enter_event,
                                                   fmi2Boolean *terminate) {
    (void)c; (void)no_prior;
    *enter_event = 0;
    *terminate = 0;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2SetTime(fmi2Component c, fmi2Real t) {
    ((Model *)c)->time = t;
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], size_t nx) {
    if (nx != NX) return fmi2Error;
#if NX > 0
    Model *m = c;
    for (size_t i = 0; i < nx; i++) m->r[model_states[i]] = x[i];
#else
    (void)c; (void)x;
#endif
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], size_t nx) {
    if (nx != NX) return fmi2Error;
#if NX > 0
    Model *m = c;
    for (size_t i = 0; i < nx; i++) x[i] = m->r[model_states[i]];
#else
    (void)c; (void)x;
#endif
    return fmi2OK;
}

FMI2_EXPORT fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real dx[], size_t nx) {
    Model *m = c;
    if (nx != NX) return fmi2Error;
    model_derivatives(m);
#if NX > 0
    for (size_t i = 0; i < nx; i++) dx[i] = m->r[model_derivative_vrs[i]];
#else
    (void)dx;
#endif
    return model_status(m, "fmi2GetDerivatives");
}

FMI2_EXPORT fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real z[], size_t nz) {
    Model *m = c;
    if (nz != NZ) return fmi2Error;
    model_derivatives(m);
    model_indicators(m, z);
    return model_status(m, "fmi2GetEventIndicators");
}

FMI2_EXPORT fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real x[], size_t nx) {
    (void)c;
    if (nx != NX) return fmi2Error;
    for (size_t i = 0; i < nx; i++) x[i] = 1.0;
    return fmi2OK;
}

/* Co-Simulation is not offered (no <CoSimulation> element); the functions
 * exist so that importers which look up every symbol can load the library. */
FMI2_EXPORT fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                                   const fmi2Integer order[], const fmi2Real value[]) {
    (void)c; (void)vr; (void)nvr; (void)order; (void)value;
    return fmi2Error;
}
FMI2_EXPORT fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                                    const fmi2Integer order[], fmi2Real value[]) {
    (void)c; (void)vr; (void)nvr; (void)order; (void)value;
    return fmi2Error;
}
FMI2_EXPORT fmi2Status fmi2DoStep(fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean no_prior) {
    (void)c; (void)t; (void)h; (void)no_prior;
    return fmi2Error;
}
FMI2_EXPORT fmi2Status fmi2CancelStep(fmi2Component c) { (void)c; return fmi2Error; }
#define FMU2_NO_STATUS(fn, T)                                                 \
    FMI2_EXPORT fmi2Status fn(fmi2Component c, const fmi2StatusKind s, T v) { \
        (void)c; (void)s; (void)v;                                            \
        return fmi2Error;                                                     \
    }
FMU2_NO_STATUS(fmi2GetStatus, fmi2Status *)
FMU2_NO_STATUS(fmi2GetRealStatus, fmi2Real *)
FMU2_NO_STATUS(fmi2GetIntegerStatus, fmi2Integer *)
FMU2_NO_STATUS(fmi2GetBooleanStatus, fmi2Boolean *)
FMU2_NO_STATUS(fmi2GetStringStatus, fmi2String *)

#endif
