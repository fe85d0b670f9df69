/*
 * peer_lu.c -- KLU and UMFPACK (SuiteSparse) on the matrices that
 * `cargo bench --features internals --bench sparse_bench -- peers DIR`
 * writes in Matrix Market form, for the README's comparison of sparse
 * LUs. Not part of the build or of the tests: benches/peers/run.sh
 * compiles it when SuiteSparse is installed (Debian: libsuitesparse-dev).
 *
 *   cc -O2 peer_lu.c -I/usr/include/suitesparse -lklu -lumfpack -lm
 *   ./a.out [REPS] FILE.mtx...
 *
 * Per matrix and code, medians of REPS samples of this thread's processor
 * time (CLOCK_THREAD_CPUTIME_ID) of: the analysis (klu_analyze;
 * umfpack_di_symbolic), a factorisation (klu_factor, and klu_refactor,
 * which keeps the pivots of the last klu_factor; umfpack_di_numeric),
 * a solve with one right-hand side (b = 1 + (i mod 7), as the Rust
 * bench); the entries of L and U (the unit diagonal of L not counted)
 * and the worst per-row relative residual |b - Ax|_i / (sum_j |a_ij
 * x_j| + |b_i|). Default parameters (KLU: AMD, BTF, max-row scaling,
 * threshold 0.001; UMFPACK: its automatic strategy, max-row scaling).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include <klu.h>
#include <umfpack.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *t, int n)
{
    qsort(t, n, sizeof *t, cmp);
    return t[n / 2];
}

/* A CSC matrix read from a Matrix Market coordinate file. */
typedef struct {
    int n, nnz;
    int *ap, *ai;
    double *ax;
} csc;

static int read_mtx(const char *path, csc *a)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int n, m, nnz, k;
    if (!f)
        return 1;
    do {
        if (!fgets(line, sizeof line, f))
            return 1;
    } while (line[0] == '%');
    sscanf(line, "%d %d %d", &n, &m, &nnz);
    int *ti = malloc(nnz * sizeof(int)), *tj = malloc(nnz * sizeof(int));
    double *tv = malloc(nnz * sizeof(double));
    for (k = 0; k < nnz; k++)
        if (fscanf(f, "%d %d %lf", &ti[k], &tj[k], &tv[k]) != 3)
            return 1;
    fclose(f);
    a->n = n;
    a->nnz = nnz;
    a->ap = calloc(n + 1, sizeof(int));
    a->ai = malloc(nnz * sizeof(int));
    a->ax = malloc(nnz * sizeof(double));
    for (k = 0; k < nnz; k++)
        a->ap[tj[k]]++;
    for (k = 0; k < n; k++)
        a->ap[k + 1] += a->ap[k];
    int *fill = malloc(n * sizeof(int));
    memcpy(fill, a->ap, n * sizeof(int));
    for (k = 0; k < nnz; k++) {
        int p = fill[tj[k] - 1]++;
        a->ai[p] = ti[k] - 1;
        a->ax[p] = tv[k];
    }
    /* Rows ascending within a column (UMFPACK requires it). */
    for (int j = 0; j < n; j++)
        for (int p = a->ap[j] + 1; p < a->ap[j + 1]; p++)
            for (int q = p; q > a->ap[j] && a->ai[q - 1] > a->ai[q]; q--) {
                int ti2 = a->ai[q];
                double tv2 = a->ax[q];
                a->ai[q] = a->ai[q - 1];
                a->ax[q] = a->ax[q - 1];
                a->ai[q - 1] = ti2;
                a->ax[q - 1] = tv2;
            }
    free(ti);
    free(tj);
    free(tv);
    free(fill);
    return 0;
}

static double row_error(const csc *a, const double *x, const double *b)
{
    int n = a->n;
    double *r = malloc(n * sizeof(double)), *s = malloc(n * sizeof(double)), worst = 0;
    for (int i = 0; i < n; i++) {
        r[i] = b[i];
        s[i] = fabs(b[i]);
    }
    for (int j = 0; j < n; j++)
        for (int p = a->ap[j]; p < a->ap[j + 1]; p++) {
            r[a->ai[p]] -= a->ax[p] * x[j];
            s[a->ai[p]] += fabs(a->ax[p] * x[j]);
        }
    for (int i = 0; i < n; i++) {
        double e = s[i] > 0 ? fabs(r[i]) / s[i] : fabs(r[i]);
        if (e > worst)
            worst = e;
    }
    free(r);
    free(s);
    return worst;
}

static void run_klu(const char *name, const csc *a, int reps)
{
    int n = a->n, k;
    double *t = malloc(4 * reps * sizeof(double));
    double *b = malloc(n * sizeof(double)), *x = malloc(n * sizeof(double));
    klu_common c;
    klu_symbolic *sym = NULL;
    klu_numeric *num = NULL;
    for (int i = 0; i < n; i++)
        b[i] = 1.0 + (i % 7);
    klu_defaults(&c);
    for (k = 0; k < reps; k++) {
        double t0 = now();
        klu_symbolic *s = klu_analyze(n, a->ap, a->ai, &c);
        t[k] = now() - t0;
        if (sym)
            klu_free_symbolic(&sym, &c);
        sym = s;
    }
    double analyse = median(t, reps);
    for (k = 0; k < reps; k++) {
        if (num)
            klu_free_numeric(&num, &c);
        double t0 = now();
        num = klu_factor(a->ap, a->ai, a->ax, sym, &c);
        t[k] = now() - t0;
    }
    double factor = median(t, reps);
    if (!num) {
        printf(" %-16s KLU: singular or failed (status %d)\n", name, c.status);
        return;
    }
    for (k = 0; k < reps; k++) {
        double t0 = now();
        klu_refactor(a->ap, a->ai, a->ax, sym, num, &c);
        t[k] = now() - t0;
    }
    double refactor = median(t, reps);
    for (k = 0; k < 4 * reps; k++) {
        memcpy(x, b, n * sizeof(double));
        double t0 = now();
        klu_solve(sym, num, n, 1, x, &c);
        t[k] = now() - t0;
    }
    double solve = median(t, 4 * reps);
    long entries = (long)num->lnz + num->unz - n;
    printf(" %-16s KLU      %12.1f %12.1f %12.1f %12.1f %8ld %10.1e\n", name, 1e6 * analyse, 1e6 * factor,
           1e6 * refactor, 1e6 * solve, entries / 1000, row_error(a, x, b));
    klu_free_numeric(&num, &c);
    klu_free_symbolic(&sym, &c);
    free(t);
    free(b);
    free(x);
}

static void run_umfpack(const char *name, const csc *a, int reps)
{
    int n = a->n, k;
    double *t = malloc(4 * reps * sizeof(double));
    double *b = malloc(n * sizeof(double)), *x = malloc(n * sizeof(double));
    double control[UMFPACK_CONTROL], info[UMFPACK_INFO];
    void *sym = NULL, *num = NULL;
    for (int i = 0; i < n; i++)
        b[i] = 1.0 + (i % 7);
    umfpack_di_defaults(control);
    for (k = 0; k < reps; k++) {
        void *s;
        double t0 = now();
        int st = umfpack_di_symbolic(n, n, a->ap, a->ai, a->ax, &s, control, info);
        t[k] = now() - t0;
        if (st != UMFPACK_OK) {
            printf(" %-16s UMFPACK: symbolic failed (%d)\n", name, st);
            return;
        }
        if (sym)
            umfpack_di_free_symbolic(&sym);
        sym = s;
    }
    double analyse = median(t, reps);
    for (k = 0; k < reps; k++) {
        if (num)
            umfpack_di_free_numeric(&num);
        double t0 = now();
        int st = umfpack_di_numeric(a->ap, a->ai, a->ax, sym, &num, control, info);
        t[k] = now() - t0;
        if (st != UMFPACK_OK) {
            printf(" %-16s UMFPACK: numeric failed (%d)\n", name, st);
            return;
        }
    }
    double factor = median(t, reps);
    for (k = 0; k < 4 * reps; k++) {
        double t0 = now();
        umfpack_di_solve(UMFPACK_A, a->ap, a->ai, a->ax, x, b, num, control, info);
        t[k] = now() - t0;
    }
    double solve = median(t, 4 * reps);
    int lnz, unz, nr, nc, nzud;
    umfpack_di_get_lunz(&lnz, &unz, &nr, &nc, &nzud, num);
    long entries = (long)lnz + unz - n;
    printf(" %-16s UMFPACK  %12.1f %12.1f %12s %12.1f %8ld %10.1e\n", name, 1e6 * analyse, 1e6 * factor, "-",
           1e6 * solve, entries / 1000, row_error(a, x, b));
    umfpack_di_free_numeric(&num);
    umfpack_di_free_symbolic(&sym);
    free(t);
    free(b);
    free(x);
}

int main(int argc, char **argv)
{
    int reps = 11, first = 1;
    if (argc > 1 && atoi(argv[1]) > 0) {
        reps = atoi(argv[1]);
        first = 2;
    }
    printf(" KLU AND UMFPACK ON THE PEER MATRICES (medians of thread CPU time, %d samples)\n", reps);
    printf(" MATRIX           CODE      ANALYSE(US)   FACTOR(US) REFACTOR(US)    SOLVE(US)    LU(K)  ROW-ERROR\n");
    for (int i = first; i < argc; i++) {
        csc a;
        const char *base = strrchr(argv[i], '/');
        char name[64];
        snprintf(name, sizeof name, "%s", base ? base + 1 : argv[i]);
        char *dot = strstr(name, ".mtx");
        if (dot)
            *dot = 0;
        if (read_mtx(argv[i], &a)) {
            printf(" %s: cannot read\n", argv[i]);
            continue;
        }
        run_klu(name, &a, reps);
        run_umfpack(name, &a, reps);
    }
    return 0;
}
