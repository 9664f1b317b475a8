/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: the core's interface, for main.c and fuzz.c.
 *
 * The core works on in-memory buffers only; file I/O lives in main.c so
 * that the fuzz harness can drive the same code.  Its structures are its
 * own: callers hold pointers and ask through the functions below.
 */
#ifndef MODPARM_H
#define MODPARM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define MP_VERSION "1.0"

struct mp_ctx;
struct mp_file;

struct mp_options {
	const char *perm;	/* printed permission, e.g. "0" or "0644" */
	bool delete_dead;	/* --delete-dead: delete dead parameters */
};

struct mp_ctx *mp_new(const struct mp_options *opt);
/* Takes ownership of data (malloc'd) and copies path. */
struct mp_file *mp_add(struct mp_ctx *ctx, const char *path, char *data, size_t len);
void mp_run(struct mp_ctx *ctx);
size_t mp_nfiles(const struct mp_ctx *ctx);
struct mp_file *mp_file_at(struct mp_ctx *ctx, size_t i);
void mp_free(struct mp_ctx *ctx);

/* A file's path as given to mp_add(), and its text as read. */
const char *mp_file_path(const struct mp_file *f);
const char *mp_file_text(const struct mp_file *f, size_t *len);
/* After mp_run(): the rewritten text, or NULL when nothing changed. */
const char *mp_file_output(struct mp_file *f, size_t *len);
/*
 * Free f's text and rewritten text once its output is written; only
 * mp_free() may be called for f after.  A tree then needs the memory of
 * one file's new text at a time, not of all of them.
 */
void mp_file_release(struct mp_file *f);

struct mp_stats {
	unsigned uses;		/* MODULE_PARM() uses found */
	unsigned converted;	/* of which converted */
	unsigned diags;		/* diagnostics of every kind */
	unsigned refused;	/* "cannot convert" warnings */
};

void mp_file_stats(const struct mp_file *f, struct mp_stats *st);

/* One converted use: its line, variable, type string as written, and new call. */
struct mp_conversion {
	unsigned line;
	char *name;
	char *typestr;
	char *call;
};

/* After mp_run(): f's conversions, in file order; *n of them. */
const struct mp_conversion *mp_file_conversions(const struct mp_file *f, size_t *n);
/*
 * The k-th "cannot convert" warning of f, in file order, and its line;
 * NULL after the last.
 */
const char *mp_file_refusal(const struct mp_file *f, size_t k, unsigned *line);

/* Unified diff of the text against the output, a/ and b/ prefixes. */
void mp_write_diff(struct mp_file *f, FILE *out);
/*
 * The same, with the context of each hunk stopping short of the lines
 * for which avoid(line, len) is true (a patch's context that a checker
 * would judge); a hunk's context is then shorter on that side.
 */
typedef bool (*mp_avoid_fn)(const char *line, size_t len);
void mp_write_diff_avoiding(struct mp_file *f, FILE *out, mp_avoid_fn avoid);

enum mp_report { MP_REPORT_ALL, MP_REPORT_REFUSED };

/* Print "file:line:col: kind: msg" lines, every one or the refusals only. */
void mp_write_report(const struct mp_file *f, FILE *out, enum mp_report which);

/*
 * Token-level sanity check: brackets of each kind nest and balance outside
 * directives.  Returns 0 if so, else writes a reason.
 */
int mp_check_syntax(const char *data, size_t len, char *why, size_t whysz);
/* Count MODULE_PARM( uses outside comments and strings (not definitions). */
unsigned mp_count_uses(const char *data, size_t len);

#endif
