// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: scope.  Declarations are looked up by name, in a
 * file, in the given headers it includes (the #include graph), and in
 * the #if branches that can be compiled with a use.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "diag.h"
#include "lex.h"
#include "scope.h"

/*
 * The first declaration of key[0..len) in file f, in file order: before
 * token limit, or anywhere.
 */
const struct decl *decl_named(struct mp_ctx *ctx, const struct mp_file *f,
			      const char *key, size_t len, enum scope_where where,
			      unsigned limit)
{
	unsigned k = hget(&ctx->decl_map, key, len);
	const struct decl *best = NULL;

	for (; k != NONE; k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d->file != f->idx)
			continue;
		if (where == SCOPE_BEFORE && d->end >= limit)
			continue;
		if (!best || d->end < best->end)
			best = d;
	}
	return best;
}

/* first declaration of token `name` in file f, in file order */
const struct decl *decl_in_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned name,
				enum scope_where where, unsigned limit)
{
	return decl_named(ctx, f, tstr(f, name), tlen(f, name), where, limit);
}

/* For #include "...": which given file each normalised path is. */
void index_paths(struct mp_ctx *ctx)
{
	size_t i;

	ctx->paths.norm = xcalloc(ctx->nfiles + 1, sizeof(*ctx->paths.norm));
	for (i = 0; i < ctx->nfiles; i++) {
		const char *path = ctx->files[i]->path;
		char *norm = norm_path(path, strlen(path));
		struct hent *e;

		if (!norm[0]) {
			free(norm);
			continue;
		}
		ctx->paths.norm[i] = norm;
		e = hslot(&ctx->paths.map, norm, strlen(norm));
		if (e->val == NONE)
			e->val = (unsigned)i;
	}
}

/* the given file that the "..." string token tok of f, an #include, names; or NONE */
static unsigned included_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned tok)
{
	const char *inc = tstr(f, tok) + 1, *slash = strrchr(f->path, '/');
	size_t n = tlen(f, tok), dirlen = slash && *inc != '/' ? (size_t)(slash - f->path) + 1 : 0;
	char *joined, *want;
	unsigned file;

	if (n < 2 || inc[n - 2] != '"')
		return NONE;
	/* the path as the compiler looks for it: beside the including file */
	joined = xrealloc(NULL, dirlen + n);
	memcpy(joined, f->path, dirlen);
	memcpy(joined + dirlen, inc, n - 2);
	want = norm_path(joined, dirlen + n - 2);
	file = want[0] ? hget(&ctx->paths.map, want, strlen(want)) : NONE;
	free(want);
	free(joined);
	return file;
}

/* Note f's #include "..." directives, which outlive its tokens. */
void collect_includes(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t d;

	for (d = 0; d < f->ndir; d++) {
		size_t i = f->dirs[d];

		if (!directive_at(f, i, "include", TK_STR))
			continue;
		GROW(f->incs, f->ninc, f->inccap);
		f->incs[f->ninc].tok = (unsigned)i + 2;
		f->incs[f->ninc].file = included_file(ctx, f, (unsigned)i + 2);
		f->ninc++;
	}
}

/*
 * Whether f includes the given file target with #include "...", before
 * token limit (NONE: anywhere), directly or through other given headers:
 * then target's declarations are in scope in f, as for the compiler.
 * Headers often include each other; each is searched once per question.
 */
static bool includes_file_from(struct mp_ctx *ctx, const struct mp_file *f,
			       unsigned target, unsigned limit)
{
	size_t i;

	ctx->paths.visited[f->idx] = ctx->paths.mark;
	for (i = 0; i < f->ninc && f->incs[i].tok < limit; i++) {
		unsigned j = f->incs[i].file;

		if (j == target)
			return true;
		if (j != NONE && ctx->paths.visited[j] != ctx->paths.mark &&
		    includes_file_from(ctx, ctx->files[j], target, NONE))
			return true;
	}
	return false;
}

bool includes_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned target,
		   unsigned limit)
{
	if (!ctx->paths.visited)
		ctx->paths.visited = xcalloc(ctx->nfiles, sizeof(*ctx->paths.visited));
	ctx->paths.mark++;
	return includes_file_from(ctx, f, target, limit);
}

/* A declaration of key[0..len) in a given header that f includes before token limit. */
const struct decl *decl_in_included(struct mp_ctx *ctx, const struct mp_file *f,
					   const char *key, size_t len, unsigned limit)
{
	unsigned k = hget(&ctx->decl_map, key, len);

	for (; k != NONE; k = ctx->decls[k].next)
		if (ctx->decls[k].file != f->idx &&
		    includes_file(ctx, f, ctx->decls[k].file, limit))
			return &ctx->decls[k];
	return NULL;
}

/*
 * If f includes, before its use of name at token mp, an #include "..."
 * that names none of the given files, warn that the declaration may be
 * there and name the first such header.  Return: whether it warned.
 */
bool warn_missing_include(struct mp_file *f, unsigned mp, const char *name)
{
	size_t i;

	for (i = 0; i < f->ninc && f->incs[i].tok < mp; i++) {
		unsigned tok = f->incs[i].tok;

		if (f->incs[i].file != NONE || tlen(f, tok) < 2)
			continue;
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no declaration of '%s' is in scope; give \"%.*s\", which this file includes, too"),
		     name, name, (int)tlen(f, tok) - 2, tstr(f, tok) + 1);
		return true;
	}
	return false;
}

/*
 * The const tokens of f to remove so that the variable of dc becomes
 * writable (CONST_OF_OBJECT) or, for a const char *, points to char
 * (CONST_OF_POINTEE):
 * one per declaration of it in f, each non-extern with exactly one such
 * const, as with 3c59x.c's two definitions under #ifdef.  An extern
 * declaration with a const in another file would then conflict.  Returns
 * how many tokens it stored in cut, or 0 where removing const is not
 * that simple.
 */
size_t removable_consts(struct mp_ctx *ctx, const struct mp_file *f, const struct decl *dc,
			enum const_of which, unsigned *cut)
{
	unsigned t = which == CONST_OF_POINTEE ? dc->pointee_const : dc->obj_const;
	size_t n = 0;
	unsigned k;

	if (t == NONE || dc->is_extern || dc->file != f->idx)
		return 0;
	cut[n++] = t;
	k = hget(&ctx->decl_map, tstr(f, dc->name), tlen(f, dc->name));
	for (; k != NONE; k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d == dc)
			continue;
		if (d->file != f->idx) {
			if (d->is_extern && (d->is_const || d->const_pointee))
				return 0;
			continue;
		}
		t = which == CONST_OF_POINTEE ? d->pointee_const : d->obj_const;
		if (t == NONE || d->is_extern || n == MAX_CONST_CUTS)
			return 0;
		cut[n++] = t;
	}
	return n;
}

/*
 * The first declaration in f of the name at token name, before token use
 * or after it (SCOPE_BEFORE, SCOPE_AFTER), that can be compiled with the
 * use, or NULL.
 * Compatibility code declared a variable once per branch of an #if, as
 * u8 for the built-in driver and int for the module, and the use's own
 * branch says which one it sets.  *other is set to another one that can
 * be compiled with the use but gives the variable another type, or NULL:
 * then no one conversion builds in every configuration.  Declarations
 * that are never compiled, as under #if 0, do not count for a use that
 * is.
 */
const struct decl *decl_in_branch(struct mp_ctx *ctx, const struct mp_file *f,
				  unsigned name, unsigned use, enum scope_where where,
				  const struct decl **other)
{
	const struct decl *best = NULL, *seen = NULL, *odd = NULL;
	struct cond_chain here, there;
	bool have_here = false, live = true;
	unsigned k;

	for (k = hget(&ctx->decl_map, tstr(f, name), tlen(f, name)); k != NONE;
	     k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d->file != f->idx || (where == SCOPE_AFTER ? d->end <= use : d->end >= use))
			continue;
		if (!have_here) {
			cond_chain_at(f, use, &here);
			live = !never_compiled(&here);
			have_here = true;
		}
		cond_chain_at(f, d->name, &there);
		if (!same_branch(&here, &there) || (live && never_compiled(&there)))
			continue;
		if (!best || d->end < best->end)
			best = d;
		if (!seen)
			seen = d;
		else if (!odd && !same_var_type(seen, d))
			odd = d;
	}
	/* of two that disagree, one disagrees with best */
	*other = !odd ? NULL : same_var_type(best, seen) ? odd : seen;
	return best;
}

/*
 * The typedef words to retype for a size_t or ssize_t dc in f: each of
 * f's declarations of its name, into tok[].  0 when one cannot be
 * retyped: dc or an extern declaration in another file (*where is set
 * to that file), or a word that another variable's declaration shares
 * (*where is f).
 */
size_t retype_words(struct mp_ctx *ctx, const struct mp_file *f, const struct decl *dc,
		    unsigned *tok, unsigned *where)
{
	size_t n = 0, i, j;
	unsigned k;

	*where = f->idx;
	k = hget(&ctx->decl_map, tstr(f, dc->name), tlen(f, dc->name));
	for (; k != NONE; k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d->file != f->idx) {
			if (d->is_extern && d->ct == dc->ct) {
				*where = d->file;
				return 0;
			}
			continue;
		}
		if (d->ct != dc->ct)
			continue;	/* another branch's: decl_in_branch() sees to it */
		if (d->type_tok == NONE || n == MAX_CONST_CUTS)
			return 0;
		tok[n++] = d->type_tok;
	}
	if (dc->file != f->idx || dc->type_tok == NONE) {
		*where = dc->file;
		return 0;
	}
	for (i = 0; i < n && tok[i] != dc->type_tok; i++)
		;
	if (i == n && n < MAX_CONST_CUTS)
		tok[n++] = dc->type_tok;
	/* a word of "size_t a, b;" would retype b too */
	for (j = 0; j < ctx->ndecl; j++) {
		const struct decl *d = &ctx->decls[j];

		if (d->file != f->idx || d->type_tok == NONE || teq(f, d->name, f, dc->name))
			continue;
		for (i = 0; i < n; i++)
			if (d->type_tok == tok[i])
				return 0;
	}
	return n;
}
