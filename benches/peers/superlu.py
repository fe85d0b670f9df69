"""SuperLU (through SciPy's scipy.sparse.linalg.splu) on the matrices that
`cargo bench --features internals --bench sparse_bench -- peers DIR` writes,
for the README's comparison of sparse LUs. Not part of the build or of the
tests (benches/peers/run.sh runs it when SciPy is installed).

    python3 superlu.py [REPS] FILE.mtx...

Per matrix, medians of REPS samples of this thread's processor time of
splu (COLAMD ordering, SuperLU's default threshold partial pivoting and
equilibration, analysis and factorisation in one call) and of a solve with
one right-hand side (b = 1 + (i mod 7)), the entries of L and U (the unit
diagonal of L not counted) and the worst per-row relative residual.
"""
import os
import sys
import time

import numpy as np
import scipy.io
import scipy.sparse.linalg


def median(samples):
    samples = sorted(samples)
    return samples[len(samples) // 2]


def main(argv):
    reps, files = 11, argv
    if argv and argv[0].isdigit():
        reps, files = int(argv[0]), argv[1:]
    print(f" SUPERLU (SCIPY {scipy.__version__}) ON THE PEER MATRICES (medians of thread CPU time, {reps} samples)")
    print(" MATRIX           CODE       FACTOR(US)    SOLVE(US)    LU(K)  ROW-ERROR")
    for path in files:
        name = os.path.basename(path).removesuffix(".mtx")
        a = scipy.sparse.csc_matrix(scipy.io.mmread(path))
        n = a.shape[0]
        b = 1.0 + (np.arange(n) % 7)
        times = []
        for _ in range(reps):
            t0 = time.thread_time()
            lu = scipy.sparse.linalg.splu(a)
            times.append(time.thread_time() - t0)
        factor = median(times)
        times = []
        for _ in range(4 * reps):
            t0 = time.thread_time()
            x = lu.solve(b)
            times.append(time.thread_time() - t0)
        solve = median(times)
        r = b - a @ x
        size = abs(a) @ abs(x) + abs(b)
        error = np.max(np.abs(r) / np.where(size > 0, size, 1.0))
        entries = lu.L.nnz + lu.U.nnz - n
        print(f" {name:<16} SuperLU {1e6 * factor:12.1f} {1e6 * solve:12.1f} {entries // 1000:8d} {error:10.1e}")


if __name__ == "__main__":
    main(sys.argv[1:])
