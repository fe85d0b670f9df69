/*
 * messages.c -- writes the solver's messages where DASKR's XERRWD would,
 * in order with the calling program's own output.
 *
 * The Rust side (src/ffi/messages.rs) formats the lines; this file only
 * finds out whether and where to print them and writes them out:
 *
 *  - The print flag and the Fortran unit come from IXSAV(2, 0, .FALSE.) and
 *    IXSAV(1, 0, .FALSE.) through a WEAK reference to ixsav_: ours (crate
 *    daskr-msgctl) if the program called our XSETF/XSETUN, the program's own
 *    if it links daux.f or ODEPACK, none at all otherwise (then flag 1, unit
 *    6, DASKR's defaults). A weak reference never pulls an archive member
 *    in, so the solver's objects never drag our XSETF into a static link.
 *
 *  - When the program runs on libgfortran (weak references to two GNU
 *    Fortran intrinsics resolve), the text goes through the unit's own
 *    stream with FPUTC, then FLUSH. Writing to the unit's file descriptor
 *    directly (FNUM) is not enough: libgfortran keeps its own file
 *    position, so a unit opened with POSITION='APPEND', or an existing file
 *    opened at its start, would have the message written at the wrong place
 *    and then overwritten or truncated by the program's next WRITE. Through
 *    FPUTC the message sits exactly where a WRITE would have put it, and the
 *    program's buffered unit 6 stays in order when stdout is a file or pipe.
 *    A unit the program has not opened falls back to unit 6 (XERRWD would
 *    create a file fort.N instead). As a WRITE would, the message ends the
 *    file when it is written into an existing one (end_file_after_message).
 *
 *  - Without libgfortran (C callers, other Fortran runtimes) the text goes
 *    to C's stdout, whatever the unit; stdout is flushed afterwards.
 *
 *  - A C caller may install a handler (daskr_set_message_handler, crate
 *    daskr-msgctl, found through a WEAK reference like IXSAV): it then
 *    gets the text, and nothing is written here.
 *
 *  - C's stdout is flushed first in every case, and its stream lock is held
 *    while a message is written, so a message's lines stay together and in
 *    order with the program's printf output, also across threads.
 *
 * Every definition here is hidden: nothing of this file is exported from
 * libdaskr.so.
 */

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define DASKR_HIDDEN __attribute__((visibility("hidden")))

/* Weak references, null unless the program links a definition. They keep
 * default visibility so that, inside libdaskr.so, the program's own IXSAV
 * takes precedence over ours. */
extern int ixsav_(const int *ipar, const int *ivalue, const int *iset)
    __attribute__((weak, visibility("default")));
/* GNU Fortran's FPUTC(UNIT, C) and FLUSH(UNIT) (libgfortran.so.5, GCC >= 8,
 * where the hidden length argument of a CHARACTER is a size_t). */
extern int _gfortran_fputc(const int *unit, const char *c, size_t c_len)
    __attribute__((weak, visibility("default")));
extern void _gfortran_flush_i4(const int *unit)
    __attribute__((weak, visibility("default")));
/* FNUM(UNIT): the POSIX file descriptor of a unit, -1 if not connected. */
extern int _gfortran_fnum_i4(const int *unit)
    __attribute__((weak, visibility("default")));

/* The installed message handler, if the program installed one. */
typedef void (*daskr_message_fn)(const char *text, size_t len, void *context);
extern daskr_message_fn daskr_internal_message_handler(void **context)
    __attribute__((weak, visibility("default")));

/* DASKR's defaults: print, on unit 6 (standard output). */
enum { DEFAULT_FLAG = 1, DEFAULT_UNIT = 6 };

DASKR_HIDDEN void daskr_internal_message_controls(int *flag, int *unit)
{
    const int ipar_unit = 1, ipar_flag = 2, ignored = 0, set_no = 0;

    if (ixsav_ != NULL) {
        *unit = ixsav_(&ipar_unit, &ignored, &set_no);
        *flag = ixsav_(&ipar_flag, &ignored, &set_no);
    } else {
        *unit = DEFAULT_UNIT;
        *flag = DEFAULT_FLAG;
    }
}

/* A sequential WRITE makes its record the last one of the file. The
 * message went in as plain bytes, so when it lands inside an existing file
 * (opened at its start) and the program writes nothing after it, cut the
 * stale rest as the WRITE would have. Only for regular files the program
 * opened itself (descriptor > 2): the kernel's offset, just after the
 * flush, is then exactly the end of the message. */
static void end_file_after_message(int unit)
{
    struct stat st;
    off_t here;
    int fd;

    if (_gfortran_fnum_i4 == NULL)
        return;
    fd = _gfortran_fnum_i4(&unit);
    if (fd <= 2 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    here = lseek(fd, 0, SEEK_CUR);
    if (here >= 0 && here < st.st_size && ftruncate(fd, here) != 0)
        return; /* nothing better to do: the message itself is written */
}

/* Writes through libgfortran's stream of UNIT; returns 0 when the unit is
 * not connected (nothing written), 1 otherwise. */
static int write_fortran_unit(int unit, const char *text, size_t len)
{
    size_t i;

    if (len == 0)
        return 1;
    if (_gfortran_fputc(&unit, &text[0], 1) != 0)
        return 0;
    for (i = 1; i < len; i++)
        if (_gfortran_fputc(&unit, &text[i], 1) != 0)
            break;
    _gfortran_flush_i4(&unit);
    end_file_after_message(unit);
    return 1;
}

DASKR_HIDDEN void daskr_internal_print_lines(int unit, const char *text, size_t len)
{
    int written = 0;

    if (daskr_internal_message_handler != NULL) {
        void *context = NULL;
        daskr_message_fn handler = daskr_internal_message_handler(&context);
        if (handler != NULL) {
            handler(text, len, context);
            return;
        }
    }
    flockfile(stdout);
    fflush(stdout);
    if (_gfortran_fputc != NULL && _gfortran_flush_i4 != NULL) {
        written = write_fortran_unit(unit, text, len);
        if (!written && unit != DEFAULT_UNIT)
            written = write_fortran_unit(DEFAULT_UNIT, text, len);
    }
    if (!written) {
        fwrite(text, 1, len, stdout);
        fflush(stdout);
    }
    funlockfile(stdout);
}
