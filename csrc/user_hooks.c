/*
 * Optional user replacements that DASKR documents: a program may supply its
 * own DDAWTS (error weights), and its own SDAWTS for SDASKR. Weak references
 * find it if the program defines one; otherwise they are null and the solver
 * uses its own weights.
 * Everything here is hidden: nothing is exported from libdaskr.
 */
#include <stddef.h>

typedef void (*daskr_ddawts_fn)(const int *neq, const int *iwt, const double *rtol,
                                const double *atol, const double *y, double *wt,
                                double *rpar, int *ipar);

extern void ddawts_(const int *, const int *, const double *, const double *,
                    const double *, double *, double *, int *) __attribute__((weak));
extern void ddawts(const int *, const int *, const double *, const double *,
                   const double *, double *, double *, int *) __attribute__((weak));
extern void DDAWTS(const int *, const int *, const double *, const double *,
                   const double *, double *, double *, int *) __attribute__((weak));

__attribute__((visibility("hidden"))) daskr_ddawts_fn daskr_internal_user_ddawts(void)
{
    if (ddawts_ != NULL) return ddawts_;
    if (ddawts != NULL) return ddawts;
    if (DDAWTS != NULL) return DDAWTS;
    return NULL;
}

/* The single-precision twin: a program's own SDAWTS for SDASKR. */
typedef void (*daskr_sdawts_fn)(const int *neq, const int *iwt, const float *rtol,
                                const float *atol, const float *y, float *wt,
                                float *rpar, int *ipar);

extern void sdawts_(const int *, const int *, const float *, const float *,
                    const float *, float *, float *, int *) __attribute__((weak));
extern void sdawts(const int *, const int *, const float *, const float *,
                   const float *, float *, float *, int *) __attribute__((weak));
extern void SDAWTS(const int *, const int *, const float *, const float *,
                   const float *, float *, float *, int *) __attribute__((weak));

__attribute__((visibility("hidden"))) daskr_sdawts_fn daskr_internal_user_sdawts(void)
{
    if (sdawts_ != NULL) return sdawts_;
    if (sdawts != NULL) return sdawts;
    if (SDAWTS != NULL) return SDAWTS;
    return NULL;
}
