/*
 * ida_heat.c -- the heat DAE of benches/fortran/bench_dsl48e.f (HTDSL:
 * M x M grid, 5-point Laplacian inside, algebraic boundary rows) through
 * SUNDIALS IDA with its KLU linear solver, for the README's comparison of
 * whole integrations. Not part of the build or of the tests:
 * benches/peers/run.sh compiles it when SUNDIALS (with KLU) is installed
 * (Debian: libsundials-dev).
 *
 *   cc -O2 ida_heat.c -I/usr/include/suitesparse -lsundials_ida \
 *      -lsundials_nvecserial -lsundials_sunlinsolklu -lsundials_sunmatrixsparse -lklu -lm
 *   ./a.out M TEND [REPS] [DIM]
 *
 * DIM = 3: the 3-D heat DAE of benches/fortran/bench_dsl_scale.f (HEAT3D:
 * M x M x M grid, 7-point Laplacian inside, U = g on the bottom face, 0 on
 * the top face, zero flux on the sides), outputs at 0.1, ..., TEND = 1.
 * The last line gives the process's peak resident memory (getrusage).
 *
 * Same problem, tolerances (RTOL = ATOL = 1e-5) and output times (TEND/10,
 * ..., TEND) as HEAT100-DSL (M = 100, TEND = 1) and HT100L-DSL (TEND =
 * 10); IDA gets the exact Jacobian dF/dU + CJ dF/dU' in CSC form (KLU
 * needs a sparse matrix, IDA has no difference quotients for one), which
 * spares it the residual calls DSL48E spends on difference quotients.
 * Prints the median processor time of one integration, IDA's counters and
 * the final solution's centre value, mean and maximum (as bench_dsl48e.f's
 * HTSHOW).
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#include <sys/resource.h>
#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_sparse.h>
#include <sunlinsol/sunlinsol_klu.h>

static int M, DIM = 2;
static double H, C, PI;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double gb(double t) { return 0.25 + 0.2 * sin(2.0 * PI * t); }

/* HTRES: the residual at (U, U'), K = I + (J-1)*M 0-based as k = i + j*M. */
static void heat_residual(double t, const double *u, const double *up, double *del)
{
    double g = gb(t);
    for (int i = 0; i < M; i++)
        del[i] = u[i] - g;
    for (int j = 1; j < M - 1; j++) {
        int k = j * M;
        del[k] = u[k] - u[k + 1];
        for (int i = 1; i < M - 1; i++) {
            k = i + j * M;
            del[k] = up[k] - C * (u[k - 1] + u[k + 1] + u[k - M] + u[k + M] - 4.0 * u[k]) - u[k] * (1.0 - u[k]);
        }
        k = M - 1 + j * M;
        del[k] = u[k] - u[k - 1];
    }
    for (int i = 0; i < M; i++)
        del[i + (M - 1) * M] = u[i + (M - 1) * M];
}

/* 3-D rows (bench_dsl_scale.f's NKIND): 0 interior, 1 bottom (U = g),
 * 2 top (U = 0), 3 and 4 zero flux, U(k) = U(k + *noff). */
static int kind3(int k, int *noff)
{
    int i = k % M, j = (k / M) % M, l = k / (M * M);
    *noff = 0;
    if (l == 0) return 1;
    if (l == M - 1) return 2;
    if (i == 0) { *noff = 1; return 3; }
    if (i == M - 1) { *noff = -1; return 3; }
    if (j == 0) { *noff = M; return 4; }
    if (j == M - 1) { *noff = -M; return 4; }
    return 0;
}

static void heat3_residual(double t, const double *u, const double *up, double *del)
{
    int n = M * M * M, m2 = M * M, noff;
    double g = gb(t);
    for (int k = 0; k < n; k++) {
        switch (kind3(k, &noff)) {
        case 0:
            del[k] = up[k] - C * (u[k - 1] + u[k + 1] + u[k - M] + u[k + M] + u[k - m2] + u[k + m2] - 6.0 * u[k])
                     - u[k] * (1.0 - u[k]);
            break;
        case 1: del[k] = u[k] - g; break;
        case 2: del[k] = u[k]; break;
        default: del[k] = u[k] - u[k + noff]; break;
        }
    }
}

static int jac3(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector r, SUNMatrix J, void *data,
                N_Vector t1, N_Vector t2, N_Vector t3)
{
    (void)t; (void)yp; (void)r; (void)data; (void)t1; (void)t2; (void)t3;
    const double *u = N_VGetArrayPointer(y);
    sunindextype *cp = SUNSparseMatrix_IndexPointers(J), *ri = SUNSparseMatrix_IndexValues(J);
    double *v = SUNSparseMatrix_Data(J);
    int n = M * M * M, m2 = M * M, nz = 0;
    for (int col = 0; col < n; col++) {
        cp[col] = nz;
        int cand[7] = {col - m2, col - M, col - 1, col, col + 1, col + M, col + m2};
        for (int c = 0; c < 7; c++) {
            int row = cand[c], noff;
            if (row < 0 || row >= n)
                continue;
            int kind = kind3(row, &noff), d = col - row;
            double val = 0.0;
            int present = 0;
            if (kind == 0) {
                if (d == 0) { val = cj + 6.0 * C - (1.0 - 2.0 * u[row]); present = 1; }
                else { val = -C; present = 1; }
            } else if (kind == 1 || kind == 2) {
                if (d == 0) { val = 1.0; present = 1; }
            } else {
                if (d == 0) { val = 1.0; present = 1; }
                else if (d == noff) { val = -1.0; present = 1; }
            }
            if (present) {
                ri[nz] = row;
                v[nz] = val;
                nz++;
            }
        }
    }
    cp[n] = nz;
    return 0;
}

/* bench_dsl_scale.f's SCINIT in 3-D. */
static void heat3_init(double *u, double *up)
{
    int n = M * M * M, m2 = M * M, noff;
    double *w = malloc(n * sizeof(double));
    for (int k = 0; k < n; k++) {
        int i = k % M, j = (k / M) % M, l = k / m2;
        double x = i * H, yv = l * H, ww = j * H;
        u[k] = 0.25 * (1.0 - yv) + 0.3 * x * (1.0 - x) * 4.0 * ww * (1.0 - ww) * sin(PI * yv);
        up[k] = 0.0;
    }
    for (int pass = 1; pass <= 3; pass++)
        for (int k = 0; k < n; k++) {
            int kind = kind3(k, &noff);
            if (pass == 1 && kind == 1) { u[k] = gb(0.0); up[k] = 0.4 * PI * cos(0.0); }
            else if (pass == 1 && kind == 2) u[k] = 0.0;
            else if (pass == 2 && kind == 4) u[k] = u[k + noff];
            else if (pass == 3 && kind == 3) u[k] = u[k + noff];
        }
    heat3_residual(0.0, u, up, w);
    for (int k = 0; k < n; k++)
        if (kind3(k, &noff) == 0)
            up[k] = -w[k];
    for (int pass = 2; pass <= 3; pass++)
        for (int k = 0; k < n; k++)
            if (kind3(k, &noff) == 6 - pass)
                up[k] = up[k + noff];
    free(w);
}

static int res(sunrealtype t, N_Vector y, N_Vector yp, N_Vector r, void *data)
{
    (void)data;
    if (DIM == 3)
        heat3_residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(r));
    else
        heat_residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(r));
    return 0;
}

/* dF/dU + CJ dF/dU' in CSC (columns ascending, rows ascending). */
static int jac(sunrealtype t, sunrealtype cj, N_Vector y, N_Vector yp, N_Vector r, SUNMatrix J, void *data,
               N_Vector t1, N_Vector t2, N_Vector t3)
{
    (void)t; (void)yp; (void)r; (void)data; (void)t1; (void)t2; (void)t3;
    const double *u = N_VGetArrayPointer(y);
    sunindextype *cp = SUNSparseMatrix_IndexPointers(J), *ri = SUNSparseMatrix_IndexValues(J);
    double *v = SUNSparseMatrix_Data(J);
    int n = M * M, nz = 0;
    for (int col = 0; col < n; col++) {
        cp[col] = nz;
        int ci = col % M, cjj = col / M;
        /* Rows that reference column col, ascending: col-M, col-1, col, col+1, col+M. */
        int cand[5] = {col - M, col - 1, col, col + 1, col + M};
        for (int c = 0; c < 5; c++) {
            int row = cand[c];
            if (row < 0 || row >= n)
                continue;
            int i = row % M, j = row / M;
            double val = 0.0;
            int present = 0;
            if (j == 0 || j == M - 1) {
                if (row == col) { val = 1.0; present = 1; }
            } else if (i == 0) {
                if (row == col) { val = 1.0; present = 1; }
                else if (col == row + 1) { val = -1.0; present = 1; }
            } else if (i == M - 1) {
                if (row == col) { val = 1.0; present = 1; }
                else if (col == row - 1) { val = -1.0; present = 1; }
            } else {
                if (row == col) { val = cj + 4.0 * C - (1.0 - 2.0 * u[row]); present = 1; }
                else if ((col == row - 1 && ci == i - 1 && cjj == j) || (col == row + 1 && ci == i + 1 && cjj == j) ||
                         col == row - M || col == row + M) { val = -C; present = 1; }
            }
            if (present) {
                ri[nz] = row;
                v[nz] = val;
                nz++;
            }
        }
    }
    cp[n] = nz;
    return 0;
}

/* HTINIT: consistent initial values. */
static void heat_init(double *u, double *up)
{
    int n = M * M;
    double *w = malloc(n * sizeof(double));
    for (int j = 0; j < M; j++)
        for (int i = 0; i < M; i++) {
            double x = i * H, y = j * H;
            u[i + j * M] = 0.25 * (1.0 - y) + 0.3 * x * (1.0 - x) * sin(PI * y);
            up[i + j * M] = 0.0;
        }
    for (int i = 0; i < M; i++) {
        u[i] = gb(0.0);
        u[i + (M - 1) * M] = 0.0;
    }
    for (int j = 1; j < M - 1; j++) {
        u[j * M] = u[1 + j * M];
        u[M - 1 + j * M] = u[M - 2 + j * M];
    }
    heat_residual(0.0, u, up, w);
    for (int j = 1; j < M - 1; j++)
        for (int i = 1; i < M - 1; i++)
            up[i + j * M] = -w[i + j * M];
    for (int i = 0; i < M; i++) {
        up[i] = 0.4 * PI * cos(0.0);
        up[i + (M - 1) * M] = 0.0;
    }
    for (int j = 1; j < M - 1; j++) {
        up[j * M] = up[1 + j * M];
        up[M - 1 + j * M] = up[M - 2 + j * M];
    }
    free(w);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    M = argc > 1 ? atoi(argv[1]) : 100;
    double tend = argc > 2 ? atof(argv[2]) : 1.0;
    int reps = argc > 3 ? atoi(argv[3]) : 5;
    DIM = argc > 4 ? atoi(argv[4]) : 2;
    PI = 4.0 * atan(1.0);
    H = 1.0 / (M - 1);
    C = 0.1 / (H * H);
    int n = M * M, nnz = 5 * (M - 2) * (M - 2) + 2 * M + 4 * (M - 2);
    if (DIM == 3) {
        int inner = (M - 2) * (M - 2) * (M - 2), sides = (M - 2) * M * M - inner;
        n = M * M * M;
        nnz = 7 * inner + 2 * sides + 2 * M * M;
    }
    SUNContext ctx;
    SUNContext_Create(NULL, &ctx);
    double *times = malloc(reps * sizeof(double));
    long nst = 0, nre = 0, nje = 0, nni = 0, netf = 0, ncfn = 0, nsetups = 0;
    N_Vector y = N_VNew_Serial(n, ctx), yp = N_VNew_Serial(n, ctx);
    for (int rep = 0; rep < reps; rep++) {
        if (DIM == 3)
            heat3_init(N_VGetArrayPointer(y), N_VGetArrayPointer(yp));
        else
            heat_init(N_VGetArrayPointer(y), N_VGetArrayPointer(yp));
        double t0 = now();
        void *ida = IDACreate(ctx);
        IDAInit(ida, res, 0.0, y, yp);
        IDASStolerances(ida, 1e-5, 1e-5);
        SUNMatrix J = SUNSparseMatrix(n, n, nnz, CSC_MAT, ctx);
        SUNLinearSolver ls = SUNLinSol_KLU(y, J, ctx);
        IDASetLinearSolver(ida, ls, J);
        IDASetJacFn(ida, DIM == 3 ? jac3 : jac);
        double t = 0.0;
        for (int k = 1; k <= 10; k++) {
            int flag = IDASolve(ida, 0.1 * tend * k, &t, y, yp, IDA_NORMAL);
            if (flag < 0) {
                printf("IDASolve failed: %d at t = %g\n", flag, t);
                return 1;
            }
        }
        times[rep] = now() - t0;
        IDAGetNumSteps(ida, &nst);
        IDAGetNumResEvals(ida, &nre);
        IDAGetNumJacEvals(ida, &nje);
        IDAGetNumNonlinSolvIters(ida, &nni);
        IDAGetNumErrTestFails(ida, &netf);
        IDAGetNumNonlinSolvConvFails(ida, &ncfn);
        IDAGetNumLinSolvSetups(ida, &nsetups);
        IDAFree(&ida);
        SUNLinSolFree(ls);
        SUNMatDestroy(J);
    }
    qsort(times, reps, sizeof *times, cmp);
    const double *u = N_VGetArrayPointer(y);
    double s = 0, umax = u[0];
    for (int k = 0; k < n; k++) {
        s += u[k];
        if (u[k] > umax)
            umax = u[k];
    }
    int kc = M / 2 - 1 + (M / 2 - 1) * M;
    if (DIM == 3)
        kc += (M / 2 - 1) * M * M;
    printf(" IDA+KLU heat %d-D M = %d, T = 0..%g: median CPU %.1f ms over %d runs; NST %ld NRE %ld NJE %ld NNI %ld NETF %ld NCFN %ld setups %ld\n",
           DIM, M, tend, 1e3 * times[reps / 2], reps, nst, nre, nje, nni, netf, ncfn, nsetups);
    printf("    U(END): CENTRE %.15e  MEAN %.15e  MAX %.15e\n", u[kc], s / n, umax);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("    peak resident memory %.0f MB\n", ru.ru_maxrss / 1024.0);
    return 0;
}
