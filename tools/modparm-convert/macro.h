/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: #define directives: object-like macros that type
 * strings and names expand through, and function-like wrappers.
 */
#ifndef MP_MACRO_H
#define MP_MACRO_H

#include <stdbool.h>

#include "ctx.h"

enum macro_kind { MACRO_OBJECT, MACRO_FUNCTION };

struct macro {
	unsigned file;
	unsigned name;		/* token index of the name */
	enum macro_kind kind;
	unsigned pstart, pend;	/* parameter tokens (exclusive of parens) */
	unsigned bstart, bend;	/* body tokens */
	unsigned kept;		/* body in its file's kept_bodies */
	unsigned next;		/* in the chain of its name, or NONE */
};

void collect_macros(struct mp_ctx *ctx, struct mp_file *f);
const struct macro *find_macro(struct mp_ctx *ctx, const struct mp_file *f, unsigned i,
			       enum macro_kind kind);
const struct macro *macro_around(const struct mp_ctx *ctx, const struct mp_file *f,
				 unsigned tok);
const struct mp_file *macro_body(const struct mp_ctx *ctx, const struct macro *m,
				 unsigned *s, unsigned *e);
const struct macro *find_local_macro(struct mp_ctx *ctx, const struct mp_file *f, unsigned i);
void keep_bodies(struct mp_ctx *ctx, struct mp_file *f, size_t first);
bool is_param_of(const struct mp_file *f, const struct macro *wrap, unsigned i);

#endif
