// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: macros.  Their bodies outlive their file's tokens:
 * object-like ones are copied out for the files that expand them.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hmap.h"
#include "lex.h"
#include "macro.h"

void collect_macros(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t d;

	for (d = 0; d < f->ndir; d++) {
		size_t i = f->dirs[d], j;
		const struct mp_tok *t = &f->toks[i];
		struct macro m;

		if (!directive_at(f, i, "define", TK_IDENT))
			continue;
		memset(&m, 0, sizeof(m));
		m.file = f->idx;
		m.kind = MACRO_OBJECT;
		m.name = (unsigned)(i + 2);
		j = i + 3;
		if (tp(f, j, '(') && f->toks[j].dir == t->dir &&
		    f->toks[j].start == f->toks[i + 2].end) {
			size_t r = match(f, j, f->ntok);

			if (r >= f->ntok)
				continue;
			m.kind = MACRO_FUNCTION;
			m.pstart = (unsigned)(j + 1);
			m.pend = (unsigned)r;
			j = r + 1;
		}
		m.bstart = (unsigned)j;
		while (j < f->ntok && f->toks[j].dir == t->dir)
			j++;
		m.bend = (unsigned)j;
		{
			struct hent *e = hslot(&ctx->macro_map, tstr(f, m.name), tlen(f, m.name));

			m.next = e->val;
			e->val = (unsigned)ctx->nmacro;
		}
		GROW(ctx->macros, ctx->nmacro, ctx->macrocap);
		ctx->macros[ctx->nmacro++] = m;
	}
}

/* object-like macro named like token i of f; prefer f's own definition */
const struct macro *find_macro(struct mp_ctx *ctx, const struct mp_file *f, unsigned i,
			       enum macro_kind kind)
{
	unsigned k = hget(&ctx->macro_map, tstr(f, i), tlen(f, i));
	const struct macro *other = NULL;

	for (; k != NONE; k = ctx->macros[k].next) {
		const struct macro *m = &ctx->macros[k];

		if (m->kind != kind)
			continue;
		if (m->file == f->idx)
			return m;
		if (!other)
			other = m;
	}
	return other;
}

/*
 * The body of m.  Only the file being scanned keeps its tokens; object-like
 * macros of other files are evaluated from the copy of their bodies that
 * mp_run() keeps, whose indices differ.
 */
const struct mp_file *macro_body(const struct mp_ctx *ctx, const struct macro *m,
					unsigned *s, unsigned *e)
{
	const struct mp_file *mf = ctx->files[m->file];

	if (mf->toks) {
		*s = m->bstart;
		*e = m->bend;
		return mf;
	}
	*s = m->kept;
	/* keep_bodies() keeps no function-like body: an empty one, to be safe */
	*e = m->kind == MACRO_FUNCTION ? m->kept : m->kept + (m->bend - m->bstart);
	return mf->kept_bodies;
}

/* The #define of f whose body holds token tok, or NULL. */
const struct macro *macro_around(const struct mp_ctx *ctx, const struct mp_file *f,
				 unsigned tok)
{
	size_t k;

	for (k = 0; k < ctx->nmacro; k++) {
		const struct macro *m = &ctx->macros[k];

		if (m->file == f->idx && m->bstart <= tok && tok < m->bend)
			return m;
	}
	return NULL;
}

/* a macro of that name defined in f itself */
const struct macro *find_local_macro(struct mp_ctx *ctx, const struct mp_file *f, unsigned i)
{
	unsigned k = hget(&ctx->macro_map, tstr(f, i), tlen(f, i));

	for (; k != NONE; k = ctx->macros[k].next)
		if (ctx->macros[k].file == f->idx)
			return &ctx->macros[k];
	return NULL;
}

/* Copy the bodies of f's macros [first, nmacro) out of its tokens. */
void keep_bodies(struct mp_ctx *ctx, struct mp_file *f, size_t first)
{
	struct mp_file *kb = xcalloc(1, sizeof(*kb));
	size_t i;

	kb->path = f->path;
	kb->data = f->data;
	kb->len = f->len;
	kb->idx = f->idx;
	for (i = first; i < ctx->nmacro; i++) {
		struct macro *m = &ctx->macros[i];
		unsigned k;

		m->kept = (unsigned)kb->ntok;
		/*
		 * Only type strings and counts are read from another file's
		 * macros, and only object-like ones can stand for those.  A
		 * kernel tree has millions of function-like bodies; a wrapper's
		 * is read while its own file is being scanned.
		 */
		if (m->kind == MACRO_FUNCTION)
			continue;
		for (k = m->bstart; k < m->bend; k++) {
			GROW(kb->toks, kb->ntok, kb->tokcap);
			kb->toks[kb->ntok++] = f->toks[k];
		}
	}
	f->kept_bodies = kb;
}

bool is_param_of(const struct mp_file *f, const struct macro *wrap, unsigned i)
{
	unsigned k;

	if (!wrap)
		return false;
	for (k = wrap->pstart; k < wrap->pend; k++)
		if (f->toks[k].kind == TK_IDENT && teq(f, k, f, i))
			return true;
	return false;
}
