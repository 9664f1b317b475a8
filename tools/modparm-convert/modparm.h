/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: scanner and rewriter for legacy MODULE_PARM() uses.
 *
 * The library works on in-memory buffers only; file I/O lives in main.c so
 * that the fuzz harness can drive the same code.
 */
#ifndef MODPARM_H
#define MODPARM_H

#include <stddef.h>
#include <stdio.h>

#define MP_VERSION "1.0"

/*
 * Every diagnostic format string is wrapped in D() so that the test suite
 * can extract them all and check that the man page catalogues each one.
 */
#define D(s) s

enum mp_kind { MP_WARN_OBSOLETE, MP_WARN_CANNOT, MP_NOTE };

struct mp_diag {
	size_t off;
	unsigned seq;
	unsigned line, col;
	enum mp_kind kind;
	char *msg;
};

struct mp_tok;
struct mp_edit;
struct mp_include;

struct mp_file {
	char *path;		/* as displayed */
	char *data;
	size_t len;
	/* lexer output */
	struct mp_tok *toks;
	size_t ntok, tokcap;
	unsigned *dirs;		/* the '#' token of each directive */
	size_t ndir, dircap;
	int lex_bad;		/* 1: unterminated comment, 2: unterminated literal */
	/* the bodies of its macros, kept when its tokens are dropped */
	struct mp_file *kept_bodies;
	/* its #include "..." directives, also kept */
	struct mp_include *incs;
	size_t ninc, inccap;
	/* rewrite */
	struct mp_edit *edits;
	size_t nedit, editcap;
	char *out;		/* the rewritten text, when changed */
	size_t outlen;
	int changed;
	/* diagnostics */
	struct mp_diag *diags;
	size_t ndiag, diagcap;
	unsigned seq;
	unsigned nuses, nconverted;
	int idx;
};

struct mp_options {
	const char *perm;	/* printed permission, e.g. "0" or "0644" */
};

struct mp_ctx;

struct mp_ctx *mp_new(const struct mp_options *opt);
/* Takes ownership of data (malloc'd) and path (copied). */
struct mp_file *mp_add(struct mp_ctx *ctx, const char *path, char *data, size_t len);
void mp_run(struct mp_ctx *ctx);
size_t mp_nfiles(const struct mp_ctx *ctx);
struct mp_file *mp_file_at(struct mp_ctx *ctx, size_t i);
void mp_free(struct mp_ctx *ctx);

/* Unified diff of f->data against f->out, a/ and b/ prefixes. */
void mp_write_diff(const struct mp_file *f, FILE *out);
/* Print "file:line:col: kind: msg" lines; which: 0 all, 1 only MP_WARN_CANNOT */
void mp_write_report(const struct mp_file *f, FILE *out, int only_cannot);

/*
 * Token-level sanity check: brackets of each kind nest and balance outside
 * directives.  Returns 0 if so, else writes a reason.
 */
int mp_check_syntax(const char *data, size_t len, char *why, size_t whysz);
/* Count MODULE_PARM( uses outside comments and strings (not definitions). */
unsigned mp_count_uses(const char *data, size_t len);

#endif
