//! XSETF/XSETUN/IXSAV (being written)
