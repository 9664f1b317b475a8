/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: wrappers whose calls are converted one by one, each
 * to its own module_param*(), since they pass variables of different
 * types.
 */
#ifndef MP_PERCALL_H
#define MP_PERCALL_H

#include <stdbool.h>
#include <stddef.h>

#include "ctx.h"
#include "macro.h"

/* A wrapper whose body is MODULE_PARM(v, t) alone. */
struct percall {
	unsigned macro;			/* in ctx->macros */
	unsigned var, type;		/* which parameters v and t are; type NONE: t is ... */
	unsigned lit_start, lit_len;	/* ... this string, in the macro's file */
	unsigned name_start, name_len;	/* the macro's name, there too */
	size_t def_start, def_end;	/* its #define's lines */
	bool semi;			/* the body ends with ';' */
	bool twice;			/* another macro has its name: no candidate */
	bool on;			/* its calls are converted one by one */
	unsigned ncalls, nconverted;
	/* the body's use, for finish_percall() */
	bool body_seen;
	size_t body_off;
	unsigned body_line, body_col;
	char var_name[128];
};

void note_percall_shapes(struct mp_ctx *ctx, const struct mp_file *f, size_t first);
void plan_percall(struct mp_ctx *ctx);
struct percall *percall_of(struct mp_ctx *ctx, const struct mp_file *f, const struct macro *m);
void percall_body(struct percall *pc, const struct mp_file *f, unsigned mp, const char *var);
void convert_percall_calls(struct mp_ctx *ctx, struct mp_file *f);
void finish_percall(struct mp_ctx *ctx);

#endif
