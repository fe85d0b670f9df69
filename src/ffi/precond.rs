//! Exported preconditioner routines (being written)
