//! Krylov corrector (being written)
