/*
 * c_messages.c -- where the solver's messages go, from C.
 *
 * A C simulator often uses standard output as its data channel, so the
 * library's messages (DASKR's XERRWD output) can be sent elsewhere with
 * daskr_set_message_handler().  Each case provokes the same message: a
 * first call with NEQ = 0 ("DASKR--  NEQ (=I1) must be positive", IDID =
 * -33), and a solution run y' = -y that must print nothing.
 *
 *   1. default: the message is on standard output (LOUD markers);
 *   2. a callback collecting into a buffer: it receives the whole message
 *      (text lines and the "In above message" line, each ending with a
 *      newline), context pointer passed back; nothing on stdout;
 *   3. daskr_message_to_stream with a file opened by the program: the file
 *      holds the message;
 *   4. daskr_message_to_stream with stderr (fd 2 redirected to a file by
 *      the program for the check): the message is on stderr;
 *   5. XSETF(0) with a handler installed: the handler is not called;
 *      XSETF(1) again: it is;
 *   6. daskr_set_message_handler(NULL, NULL): standard output again.
 *
 * Ends with "PASS C_MESSAGES" or "FAIL C_MESSAGES: reason".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "daskr.h"

#define LRW (60 + 9 + 1)
#define LIW (40 + 1)
#define EXPECT "DASKR--  NEQ (=I1) must be positive"

static const char *failure = NULL;
static void fail(const char *why)
{
    printf("   *** %s\n", why);
    if (!failure) failure = why;
}

static void res(const double *t, const double *y, const double *yp,
                const double *cj, double *delta, int *ires, double *rpar,
                int *ipar)
{
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yp[0] + y[0];
}

/* One call that DASKR rejects with a message: NEQ = 0. */
static int bad_call(void)
{
    int neq = 0, info[20] = {0}, idid = 0, lrw = LRW, liw = LIW, iwork[LIW];
    int ipar[1] = {0}, nrt = 0, jroot[1];
    double rwork[LRW], rpar[1] = {0.0}, t = 0.0, tout = 1.0;
    double y[1] = {1.0}, yp[1] = {-1.0}, rtol = 1e-6, atol = 1e-6;
    ddaskr(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork,
           &lrw, iwork, &liw, rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    return idid;
}

/* A successful run, which prints nothing. */
static int good_run(void)
{
    int neq = 1, info[20] = {0}, idid = 0, lrw = LRW, liw = LIW, iwork[LIW];
    int ipar[1] = {0}, nrt = 0, jroot[1];
    double rwork[LRW], rpar[1] = {0.0}, t = 0.0, tout = 1.0;
    double y[1] = {1.0}, yp[1] = {-1.0}, rtol = 1e-6, atol = 1e-6;
    ddaskr(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork,
           &lrw, iwork, &liw, rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    return idid;
}

struct collected {
    char text[4096];
    size_t len;
    int calls;
};

static void collect(const char *text, size_t len, void *context)
{
    struct collected *c = context;
    size_t room = sizeof c->text - 1 - c->len;
    size_t n = len < room ? len : room;
    memcpy(c->text + c->len, text, n);
    c->len += n;
    c->text[c->len] = '\0';
    c->calls++;
}

/* The whole content of a stream opened for update, from its start. */
static size_t slurp(FILE *f, char *buf, size_t size)
{
    size_t n;
    fflush(f);
    rewind(f);
    n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    return n;
}

int main(void)
{
    struct collected c = {{0}, 0, 0};
    char buf[4096];
    int zero = 0, one = 1;

    /* 1. Default: standard output. */
    printf("LOUD-BEGIN\n");
    fflush(stdout);
    if (bad_call() != -33) fail("NEQ = 0 not rejected");
    printf("LOUD-END\n");

    /* 2. A callback. */
    daskr_set_message_handler(collect, &c);
    printf("SILENT-BEGIN\n");
    if (bad_call() != -33) fail("NEQ = 0 not rejected (handler)");
    if (good_run() != 3) fail("the solution run failed");
    printf("SILENT-END\n");
    printf(" handler: %d call(s), %zu bytes:\n%s", c.calls, c.len, c.text);
    if (c.calls != 1) fail("the handler was not called exactly once");
    if (strstr(c.text, EXPECT) == NULL) fail("the handler did not get the text");
    if (strstr(c.text, "In above message,  I1 =") == NULL)
        fail("the handler did not get the value line");
    if (c.len == 0 || c.text[c.len - 1] != '\n') fail("lines do not end with newlines");

    /* 3. A file. */
    {
        FILE *log = tmpfile();
        if (log == NULL) {
            fail("tmpfile");
        } else {
            daskr_set_message_handler(daskr_message_to_stream, log);
            printf("SILENT-BEGIN\n");
            bad_call();
            printf("SILENT-END\n");
            slurp(log, buf, sizeof buf);
            if (strstr(buf, EXPECT) == NULL) fail("the file did not get the message");
            fclose(log);
        }
    }

    /* 4. stderr (redirected here to a file to check it). */
    {
        FILE *err = tmpfile();
        int saved = dup(2);
        if (err == NULL || saved < 0) {
            fail("tmpfile/dup");
        } else {
            fflush(stderr);
            dup2(fileno(err), 2);
            daskr_set_message_handler(daskr_message_to_stream, stderr);
            printf("SILENT-BEGIN\n");
            bad_call();
            printf("SILENT-END\n");
            fflush(stderr);
            dup2(saved, 2);
            close(saved);
            slurp(err, buf, sizeof buf);
            if (strstr(buf, EXPECT) == NULL) fail("stderr did not get the message");
            fclose(err);
        }
    }

    /* 5. XSETF(0) still silences everything. */
    c.len = 0;
    c.calls = 0;
    daskr_set_message_handler(collect, &c);
    xsetf(&zero);
    bad_call();
    if (c.calls != 0) fail("XSETF(0) did not silence the handler");
    xsetf(&one);
    bad_call();
    if (c.calls != 1) fail("XSETF(1) did not bring the handler back");

    /* 6. Back to standard output. */
    daskr_set_message_handler(NULL, NULL);
    c.calls = 0;
    printf("LOUD-BEGIN\n");
    fflush(stdout);
    bad_call();
    printf("LOUD-END\n");
    if (c.calls != 0) fail("the handler was called after it was removed");

    if (failure) {
        printf("FAIL C_MESSAGES: %s\n", failure);
        return 1;
    }
    printf("PASS C_MESSAGES\n");
    return 0;
}
