/*
 * bench_idas_sens.c -- the problem of benches/fortran/bench_dsl_sens.f
 * through SUNDIALS IDAS (6.x) with its staggered sensitivity corrector,
 * for comparison: the cost of NP = 1, 4, 16 sensitivities relative to
 * IDAS's own plain run.  Not built by the test suite (IDAS is not a
 * dependency); benches/idas/README says how to build and run it.
 *
 * 2-D heat with sources, M x M interior points (NEQ = 10000), zero
 * boundary values, 5-point stencil: u' = p1 Lap(u) + sum_k p_k phi_k,
 * p1 = 1, p_k = 1 + 0.1 k (k = 2..16), u(0) = 16 x(1-x) y(1-y); the
 * analytic Jacobian in CSC form and KLU, the analytic sensitivity
 * residual (IDASensInit with IDA_STAGGERED and resS), RTOL = ATOL = 1e-5,
 * t = 0 .. 0.5, sensitivity tolerances from IDASensEEtolerances with
 * pbar = p.  Each case is run REPS times (argv[1], default 3); the
 * smallest processor time is printed with the step and iteration counts.
 */
#include <idas/idas.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>
#include <time.h>

#define M 100
#define NEQ (M * M)
#define NPMAX 16

static double P[NPMAX];

static int cell(int i, int j) /* parameter index 1..15 of point (i,j), or -1 */
{
    int c = i * 4 / M + 4 * (j * 4 / M);
    return c == 15 ? -1 : c + 1;
}

static double lap(const double *u, int i, int j)
{
    int k = i + j * M;
    double a = -4.0 * u[k];
    if (i > 0) a += u[k - 1];
    if (i < M - 1) a += u[k + 1];
    if (j > 0) a += u[k - M];
    if (j < M - 1) a += u[k + M];
    return a * (double)(M + 1) * (M + 1);
}

static int res(realtype t, N_Vector yy, N_Vector yp, N_Vector rr, void *ud)
{
    (void)t, (void)ud;
    const double *u = N_VGetArrayPointer(yy), *up = N_VGetArrayPointer(yp);
    double *r = N_VGetArrayPointer(rr);
    for (int j = 0; j < M; j++)
        for (int i = 0; i < M; i++) {
            int k = i + j * M, c = cell(i, j);
            r[k] = up[k] - P[0] * lap(u, i, j) - (c >= 0 ? P[c] : 0.0);
        }
    return 0;
}

static int jac(realtype t, realtype cj, N_Vector yy, N_Vector yp, N_Vector rr, SUNMatrix J, void *ud, N_Vector t1,
               N_Vector t2, N_Vector t3)
{
    (void)t, (void)yy, (void)yp, (void)rr, (void)ud, (void)t1, (void)t2, (void)t3;
    sunindextype *cp = SUNSparseMatrix_IndexPointers(J), *ri = SUNSparseMatrix_IndexValues(J);
    double *v = SUNSparseMatrix_Data(J), h2 = (double)(M + 1) * (M + 1);
    sunindextype nz = 0;
    for (int j = 0; j < M; j++)
        for (int i = 0; i < M; i++) {
            int col = i + j * M;
            cp[col] = nz;
            int rows[5], nr = 0;
            if (j > 0) rows[nr++] = col - M;
            if (i > 0) rows[nr++] = col - 1;
            rows[nr++] = col;
            if (i < M - 1) rows[nr++] = col + 1;
            if (j < M - 1) rows[nr++] = col + M;
            for (int q = 0; q < nr; q++) {
                ri[nz] = rows[q];
                v[nz++] = rows[q] == col ? cj + 4.0 * P[0] * h2 : -P[0] * h2;
            }
        }
    cp[NEQ] = nz;
    return 0;
}

/* The sensitivity residual F_y s + F_y' s' + dF/dp_i. */
static int resS(int ns, realtype t, N_Vector yy, N_Vector yp, N_Vector rr, N_Vector *yS, N_Vector *ypS, N_Vector *rS,
                void *ud, N_Vector t1, N_Vector t2, N_Vector t3)
{
    (void)t, (void)yp, (void)rr, (void)ud, (void)t1, (void)t2, (void)t3;
    const double *u = N_VGetArrayPointer(yy);
    for (int is = 0; is < ns; is++) {
        const double *s = N_VGetArrayPointer(yS[is]), *sp = N_VGetArrayPointer(ypS[is]);
        double *r = N_VGetArrayPointer(rS[is]);
        for (int j = 0; j < M; j++)
            for (int i = 0; i < M; i++) {
                int k = i + j * M;
                double v = sp[k] - P[0] * lap(s, i, j);
                if (is == 0) v -= lap(u, i, j);
                else if (cell(i, j) == is) v -= 1.0;
                r[k] = v;
            }
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* One integration; returns the wall time, fills the counters. */
static double run(int np, int errcon, long *nst, long *nre, long *nje, long *nsni)
{
    SUNContext ctx;
    SUNContext_Create(NULL, &ctx);
    P[0] = 1.0;
    for (int k = 1; k < NPMAX; k++) P[k] = 1.0 + 0.1 * (k + 1);
    N_Vector y = N_VNew_Serial(NEQ, ctx), yp = N_VNew_Serial(NEQ, ctx);
    double *u = N_VGetArrayPointer(y), *up = N_VGetArrayPointer(yp), h = 1.0 / (M + 1);
    for (int j = 0; j < M; j++)
        for (int i = 0; i < M; i++) {
            double x = (i + 1) * h, z = (j + 1) * h;
            u[i + j * M] = 16.0 * x * (1 - x) * z * (1 - z);
        }
    for (int j = 0; j < M; j++)
        for (int i = 0; i < M; i++) {
            int c = cell(i, j);
            up[i + j * M] = P[0] * lap(u, i, j) + (c >= 0 ? P[c] : 0.0);
        }
    double t0 = now();
    void *mem = IDACreate(ctx);
    IDAInit(mem, res, 0.0, y, yp);
    IDASStolerances(mem, 1e-5, 1e-5);
    SUNMatrix A = SUNSparseMatrix(NEQ, NEQ, 5 * NEQ, CSC_MAT, ctx);
    SUNLinearSolver LS = SUNLinSol_KLU(y, A, ctx);
    IDASetLinearSolver(mem, LS, A);
    IDASetJacFn(mem, jac);
    IDASetMaxNumSteps(mem, 100000);
    N_Vector *yS = NULL, *ypS = NULL;
    double pbar[NPMAX];
    if (np > 0) {
        yS = N_VCloneVectorArray(np, y);
        ypS = N_VCloneVectorArray(np, y);
        for (int i = 0; i < np; i++) {
            N_VConst(0.0, yS[i]);
            double *sp = N_VGetArrayPointer(ypS[i]);
            for (int j = 0; j < M; j++)
                for (int k = 0; k < M; k++)
                    sp[k + j * M] = i == 0 ? lap(u, k, j) : (cell(k, j) == i ? 1.0 : 0.0);
            pbar[i] = P[i];
        }
        IDASensInit(mem, np, IDA_STAGGERED, resS, yS, ypS);
        IDASetSensParams(mem, NULL, pbar, NULL);
        IDASensEEtolerances(mem);
        IDASetSensErrCon(mem, errcon ? SUNTRUE : SUNFALSE);
    }
    double tret;
    int flag = IDASolve(mem, 0.5, &tret, y, yp, IDA_NORMAL);
    double secs = now() - t0;
    if (flag < 0) {
        printf("IDASolve failed: %d\n", flag);
        exit(1);
    }
    IDAGetNumSteps(mem, nst);
    IDAGetNumResEvals(mem, nre);
    IDAGetNumJacEvals(mem, nje);
    *nsni = 0;
    if (np > 0) IDAGetSensNumNonlinSolvIters(mem, nsni);
    if (np > 0) {
        N_VDestroyVectorArray(yS, np);
        N_VDestroyVectorArray(ypS, np);
    }
    IDAFree(&mem);
    SUNLinSolFree(LS);
    SUNMatDestroy(A);
    N_VDestroy(y);
    N_VDestroy(yp);
    SUNContext_Free(&ctx);
    return secs;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    long nst, nre, nje, nsni;
    printf("IDAS %s, staggered sensitivities: 2-D heat with sources, NEQ = %d, KLU,\n", SUNDIALS_VERSION, NEQ);
    printf("RTOL = ATOL = 1e-5, t = 0 .. 0.5; processor time, fastest of %d\n", reps);
    printf("    NP ERRCON  TIME(MS)  RATIO   NST   NRE   NJE SENS-ITER\n");
    double t0 = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = run(0, 0, &nst, &nre, &nje, &nsni);
        if (t < t0) t0 = t;
    }
    printf("%6d %6d %9.1f %6.2f %5ld %5ld %5ld %9ld\n", 0, 0, 1e3 * t0, 1.0, nst, nre, nje, 0L);
    const int nps[3] = {1, 4, 16};
    for (int errcon = 1; errcon >= 0; errcon--)
        for (int c = 0; c < 3; c++) {
            double best = 1e30;
            for (int r = 0; r < reps; r++) {
                double t = run(nps[c], errcon, &nst, &nre, &nje, &nsni);
                if (t < best) best = t;
            }
            printf("%6d %6d %9.1f %6.2f %5ld %5ld %5ld %9ld\n", nps[c], errcon, 1e3 * best, best / t0, nst, nre, nje,
                   nsni);
        }
    return 0;
}
