/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: which declaration a use sees: its own file's, in its
 * #if branch, or one in a given header it includes.
 */
#ifndef MP_SCOPE_H
#define MP_SCOPE_H

#include "ctx.h"
#include "decl.h"

#define MAX_CONST_CUTS 8

const struct decl *decl_named(struct mp_ctx *ctx, const struct mp_file *f,
			      const char *key, size_t len, int before, unsigned limit);
const struct decl *decl_in_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned name,
				int before, unsigned limit);
void norm_path(const char *in, size_t inlen, char *out, size_t sz);
void collect_includes(struct mp_ctx *ctx, struct mp_file *f);
int includes_file(struct mp_ctx *ctx, const struct mp_file *f, int target, unsigned limit);
const struct decl *decl_in_included(struct mp_ctx *ctx, const struct mp_file *f,
				    const char *key, size_t len, unsigned limit);
int warn_missing_include(struct mp_file *f, unsigned mp, const char *name);
size_t removable_consts(struct mp_ctx *ctx, const struct mp_file *f, const struct decl *dc,
			int pointee, unsigned *cut);
const struct decl *decl_in_branch(struct mp_ctx *ctx, const struct mp_file *f,
				  unsigned name, unsigned use, int after,
				  const struct decl **other);

#endif
