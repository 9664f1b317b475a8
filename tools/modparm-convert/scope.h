/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: which declaration a use sees: its own file's, in its
 * #if branch, or one in a given header it includes.
 */
#ifndef MP_SCOPE_H
#define MP_SCOPE_H

#include <stdbool.h>

#include "ctx.h"
#include "decl.h"

/* Where a declaration may be, relative to a token. */
enum scope_where { SCOPE_BEFORE, SCOPE_AFTER, SCOPE_ANYWHERE };

/* Which const removable_consts() removes. */
enum const_of { CONST_OF_OBJECT, CONST_OF_POINTEE };

#define MAX_CONST_CUTS 8

const struct decl *decl_named(struct mp_ctx *ctx, const struct mp_file *f,
			      const char *key, size_t len, enum scope_where where,
			      unsigned limit);
const struct decl *decl_in_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned name,
				enum scope_where where, unsigned limit);
void index_paths(struct mp_ctx *ctx);
void collect_includes(struct mp_ctx *ctx, struct mp_file *f);
bool includes_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned target,
		   unsigned limit);
const struct decl *decl_in_included(struct mp_ctx *ctx, const struct mp_file *f,
				    const char *key, size_t len, unsigned limit);
bool warn_missing_include(struct mp_file *f, unsigned mp, const char *name);
size_t retype_words(struct mp_ctx *ctx, const struct mp_file *f, const struct decl *dc,
		    unsigned *tok, unsigned *where);
size_t removable_consts(struct mp_ctx *ctx, const struct mp_file *f, const struct decl *dc,
			enum const_of which, unsigned *cut);
const struct decl *decl_in_branch(struct mp_ctx *ctx, const struct mp_file *f,
				  unsigned name, unsigned use, enum scope_where where,
				  const struct decl **other);

#endif
