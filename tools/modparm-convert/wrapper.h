/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: wrappers, function-like macros whose body uses
 * MODULE_PARM(), and the calls of them whose arguments decide the
 * conversion of that body.
 */
#ifndef MP_WRAPPER_H
#define MP_WRAPPER_H

#include <stdbool.h>

#include "ctx.h"
#include "decl.h"
#include "macro.h"

/*
 * A call of a function-like macro whose body uses MODULE_PARM().  The
 * body is converted once for every call, so each call's arguments are
 * recorded while its file's tokens exist; its arguments' text stays in
 * the file's data.
 */
struct mcall {
	unsigned file;
	unsigned tok, line;	/* the macro name */
	unsigned char in_macro;	/* the call is itself in a #define */
	unsigned char in_braces;	/* in a function or initializer */
	unsigned arg0, nargs;	/* its arguments in ctx->wr.call_args */
	unsigned next;		/* the previous call of a macro of this name */
};

struct mcall_arg {
	unsigned tok;		/* an identifier alone, or NONE */
	unsigned start, len;	/* its text */
	unsigned clash;		/* ctx->wr.pnames entry that makes it a parameter too */
	unsigned decl;		/* its declaration in the call's file */
	unsigned twin;		/* one of another type, also compiled with the call */
	bool other_branch;	/* no decl, but one under another branch of an #if */
	unsigned str_start, str_len;	/* a string literal alone: its text, else 0 */
};

/*
 * A variable that a file makes a parameter outside any #define.  A file's
 * entries are consecutive in ctx->wr.pnames, which is how mark_clashes()
 * tells them from other files'.
 */
struct pname {
	unsigned tok, line;
	unsigned via_start, via_len;	/* MODULE_PARM or module_param*, in its data */
	unsigned next;
};

/* the longest list of names note_calls_kept() gives */
#define KEPT_MAX 200

struct conv;
void mark_wrappers(struct mp_ctx *ctx, const struct mp_file *f, size_t first);
bool mentions_wrapper(const struct mp_ctx *ctx, const struct mp_file *f);
void collect_calls(struct mp_ctx *ctx, struct mp_file *f);
void note_calls_kept(struct mp_file *f, unsigned mp, const struct macro *wrap,
		     const char *kept);
bool wrapper_call_decl(struct conv *cv);
const struct decl *call_arg_decl(struct mp_ctx *ctx, const struct mp_file *g,
				 const struct mcall *c, const struct mcall_arg *a);

#endif
