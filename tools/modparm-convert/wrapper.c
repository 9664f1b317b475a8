// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: wrapper calls.  Every file that may call a wrapper is
 * read for its calls and their arguments' declarations; the wrapper's
 * body converts only when all of them agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "convert.h"
#include "diag.h"
#include "lex.h"
#include "names.h"
#include "scope.h"
#include "wrapper.h"

/* Note the names of the function-like macros of f whose body uses MODULE_PARM(). */
void mark_wrappers(struct mp_ctx *ctx, const struct mp_file *f, size_t first)
{
	size_t i;
	unsigned k;

	for (i = first; i < ctx->nmacro; i++) {
		const struct macro *m = &ctx->macros[i];

		if (!m->func)
			continue;
		for (k = m->bstart; k < m->bend; k++) {
			if (tis(f, k, "MODULE_PARM")) {
				hslot(&ctx->wrapper_map, tstr(f, m->name), tlen(f, m->name))->val = 1;
				break;
			}
		}
	}
}

/* Whether f may call any of the macros mark_wrappers() noted. */
int mentions_wrapper(const struct mp_ctx *ctx, const struct mp_file *f)
{
	size_t i;

	for (i = 0; i < ctx->wrapper_map.cap; i++) {
		const struct hent *e = &ctx->wrapper_map.e[i];

		if (e->k && filter_has(ctx, (size_t)f->idx, hhash(e->k, e->klen)))
			return 1;
	}
	return 0;
}

/*
 * For each plain-name argument of f's calls from calls[c0] on, the
 * MODULE_PARM() or module_param*() of f, among pnames[p0] on, that makes
 * the name a parameter and can be compiled with the call: converting the
 * macro would then define the parameter twice.  One in another branch of
 * an #if, as compatibility code for 2.4 and 2.6 had, is no clash.
 */
static void mark_clashes(struct mp_ctx *ctx, const struct mp_file *f,
			 size_t c0, size_t p0)
{
	struct cond_chain **chains, here;
	size_t ci, np = ctx->npname - p0;

	if (!np)
		return;
	chains = xrealloc(NULL, np * sizeof(*chains));
	memset(chains, 0, np * sizeof(*chains));
	for (ci = c0; ci < ctx->ncall; ci++) {
		const struct mcall *c = &ctx->calls[ci];
		int have_here = 0;
		unsigned ai;

		for (ai = 0; ai < c->nargs; ai++) {
			struct mcall_arg *a = &ctx->call_args[c->arg0 + ai];
			int k;

			if (a->tok == NO_TOK)
				continue;
			/* newest first: f's own entries come before other files' */
			for (k = hget(&ctx->pname_map, f->data + a->start, a->len);
			     k >= (int)p0; k = ctx->pnames[k].next) {
				struct cond_chain **pc = &chains[k - p0];

				if (!have_here) {
					cond_chain_at(f, c->tok, &here);
					have_here = 1;
				}
				if (!*pc) {
					*pc = xrealloc(NULL, sizeof(**pc));
					cond_chain_at(f, ctx->pnames[k].tok, *pc);
				}
				if (same_branch(&here, *pc)) {
					a->clash = k;
					break;
				}
			}
		}
	}
	for (ci = 0; ci < np; ci++)
		free(chains[ci]);
	free(chains);
}

/*
 * For each argument of f's calls from c0 on that names a variable: its
 * declaration in f before the call, from a branch of any #if that can be
 * compiled with the call.  One under another branch is not the variable
 * the call passes, and taking it would let a conversion elsewhere (one
 * that drops its const) change this call's fate in a second pass.
 */
static void mark_arg_decls(struct mp_ctx *ctx, const struct mp_file *f, size_t c0)
{
	size_t ci;

	for (ci = c0; ci < ctx->ncall; ci++) {
		const struct mcall *c = &ctx->calls[ci];
		unsigned ai;

		for (ai = 0; ai < c->nargs; ai++) {
			struct mcall_arg *a = &ctx->call_args[c->arg0 + ai];
			const struct decl *d, *twin;

			if (a->tok == NO_TOK)
				continue;
			d = decl_in_branch(ctx, f, a->tok, c->tok, 0, &twin);
			if (twin)
				a->twin = (int)(twin - ctx->decls);
			if (d)
				a->decl = (int)(d - ctx->decls);
			else if (decl_in_file(ctx, f, a->tok, 1, c->tok))
				a->decl = ARG_DECL_OTHER_BRANCH;
		}
	}
}

/* Record each call in f of a macro that mark_wrappers() noted, with its arguments. */
void collect_calls(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t i, k, c0 = ctx->ncall, p0 = ctx->npname;

	for (i = 0; i + 1 < f->ntok; i++) {
		const struct mp_tok *t = &f->toks[i];
		struct mcall c;
		size_t r, s, depth = 0;

		if ((is_module_param(f, i) || (!t->dir && tis(f, i, "MODULE_PARM") && tp(f, i + 1, '('))) &&
		    i + 2 < f->ntok && f->toks[i + 2].kind == TK_IDENT) {
			struct hent *e = hslot(&ctx->pname_map, tstr(f, (unsigned)i + 2), tlen(f, (unsigned)i + 2));
			struct pname pn = { (unsigned)i, t->line, t->start, tlen(f, (unsigned)i), e->val };

			e->val = (int)ctx->npname;
			GROW(ctx->pnames, ctx->npname, ctx->pnamecap);
			ctx->pnames[ctx->npname++] = pn;
			continue;
		}
		if (t->kind != TK_IDENT || !tp(f, i + 1, '(') || f->toks[i + 1].dir != t->dir ||
		    hget(&ctx->wrapper_map, tstr(f, (unsigned)i), tlen(f, (unsigned)i)) < 0)
			continue;
		/* the macro's own #define, or defined(NAME) */
		if (t->dir && i > 0 && f->toks[i - 1].dir == t->dir &&
		    (tis(f, i - 1, "define") || tis(f, i - 1, "defined")))
			continue;
		r = match(f, i + 1, f->ntok);
		if (r >= f->ntok)
			continue;
		memset(&c, 0, sizeof(c));
		c.file = f->idx;
		c.tok = (unsigned)i;
		c.line = t->line;
		c.in_macro = t->dir != 0;
		c.in_braces = t->depth > 0;
		c.arg0 = (unsigned)ctx->ncarg;
		for (k = s = i + 2; k <= r; k++) {
			if (k < r && (tp(f, k, '(') || tp(f, k, '[') || tp(f, k, '{'))) {
				depth++;
			} else if (k < r && (tp(f, k, ')') || tp(f, k, ']') || tp(f, k, '}'))) {
				if (depth)
					depth--;
			} else if (k == r || (tp(f, k, ',') && !depth)) {
				struct mcall_arg *a;

				GROW(ctx->call_args, ctx->ncarg, ctx->cargcap);
				a = &ctx->call_args[ctx->ncarg++];
				a->tok = k == s + 1 && f->toks[s].kind == TK_IDENT ? (unsigned)s : NO_TOK;
				a->start = a->tok != NO_TOK ? f->toks[s].start : 0;
				a->len = a->tok != NO_TOK ? tlen(f, (unsigned)s) : 0;
				a->clash = -1;
				a->decl = ARG_DECL_NONE;
				a->twin = -1;
				c.nargs++;
				s = k + 1;
			}
		}
		{
			struct hent *e = hslot(&ctx->call_map, tstr(f, (unsigned)i), tlen(f, (unsigned)i));

			c.next = e->val;
			e->val = (int)ctx->ncall;
		}
		GROW(ctx->calls, ctx->ncall, ctx->callcap);
		ctx->calls[ctx->ncall++] = c;
	}
	mark_clashes(ctx, f, c0, p0);
	mark_arg_decls(ctx, f, c0);
}

/*
 * The declaration of the variable a call in g passes, in scope at the
 * call: its own file's, found by mark_arg_decls() while g's tokens
 * existed, or else one in a header g includes, looked up by its text.
 */
static const struct decl *call_arg_decl(struct mp_ctx *ctx, const struct mp_file *g,
					const struct mcall *c, const struct mcall_arg *a)
{
	if (a->decl >= 0)
		return &ctx->decls[a->decl];
	if (a->decl == ARG_DECL_OTHER_BRANCH)
		return NULL;
	return decl_in_included(ctx, g, g->data + a->start, a->len, c->tok);
}

/* After a wrapper's MODULE_PARM() is refused: which calls keep it. */
void note_calls_kept(struct mp_file *f, unsigned mp, const struct macro *wrap,
			    const char *kept)
{
	if (kept[0])
		diag(f, mp, MP_NOTE, D("%.*s() is left as it is, so MODULE_PARM() stays for what its calls pass: %s"),
		     (int)tlen(f, wrap->name), tstr(f, wrap->name), kept);
}

/*
 * MODULE_PARM(name, ...) in the body of the macro wrap, where name is
 * one of its parameters and the body does not declare it: the body is
 * converted once for all of the macro's calls, so each call must pass a
 * variable that is declared before the call, and all of them must have
 * one type, which the conversion takes.  2.4's MODULE_PARM() reached
 * its variable through a weak reference and built without one; a
 * module_param() of an undeclared name would not.
 *
 * Return 0 and set *dcp to the first call's declaration, *via to that
 * call (both NULL when nothing calls the macro) and via_var to the name
 * it passes, or -1 after warning.  Either way kept lists what the calls
 * pass, for note_calls_kept().
 */
int wrapper_call_decl(struct mp_ctx *ctx, struct mp_file *f, const struct use *u,
			     const struct macro *wrap, const char *name,
			     const struct decl **dcp, const struct mcall **via, char via_var[128],
			     char kept[KEPT_MAX])
{
	int k = hget(&ctx->call_map, tstr(f, wrap->name), tlen(f, wrap->name));
	int mlen = (int)tlen(f, wrap->name);
	const char *mname = tstr(f, wrap->name);
	const struct decl *first = NULL;
	const struct mcall *fc = NULL;
	unsigned pidx = 0, i;
	char var[128], *var1 = via_var, desc[80], desc1[80];
	const struct mcall **calls = NULL;
	size_t n = 0, cap = 0, j, len;
	int ret = -1;

	for (i = wrap->pstart; i < wrap->pend && !teq(f, i, f, u->a1); i++)
		if (tp(f, i, ','))
			pidx++;
	/* the calls that see this macro, in file order (the chain is last first) */
	for (; k >= 0; k = ctx->calls[k].next) {
		const struct mcall *c = &ctx->calls[k];

		/*
		 * Every call in the macro's own file counts, even one before
		 * it: a second, identical #define of the name (which C
		 * allows) must convert with the first or not at all.
		 */
		if (c->file != f->idx &&
		    !includes_file(ctx, ctx->files[c->file], f->idx, c->tok))
			continue;	/* another macro of that name */
		if (!c->in_macro && pidx >= c->nargs)
			continue;	/* that call does not compile anyway */
		GROW(calls, n, cap);
		calls[n++] = c;
	}
	for (j = n; j--; ) {
		const struct mcall *c = calls[j];
		const struct mp_file *g = ctx->files[c->file];
		const struct mcall_arg *a = &ctx->call_args[c->arg0 + pidx];
		const struct decl *d;

		if (c->in_macro) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called inside another macro at %s:%u, so the variable it passes is not known"),
			     name, mlen, mname, g->path, c->line);
			goto refused;
		}
		if (c->in_braces) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called inside a function or initializer at %s:%u"),
			     name, mlen, mname, g->path, c->line);
			goto refused;
		}
		if (a->tok == NO_TOK) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with an argument that is not a variable name"),
			     name, mlen, mname, g->path, c->line);
			goto refused;
		}
		snprintf(var, sizeof(var), "%.*s", (int)a->len, g->data + a->start);
		d = call_arg_decl(ctx, g, c, a);
		if (a->twin >= 0) {
			const struct decl *twin = &ctx->decls[a->twin];

			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is declared %s at line %u and %s at line %u, under #if branches that can each be compiled with that call"),
			     name, mlen, mname, g->path, c->line, var, decl_desc(d, desc, sizeof(desc)),
			     d->line, decl_desc(twin, desc1, sizeof(desc1)), twin->line);
			goto refused;
		}
		if (!d && a->decl == ARG_DECL_OTHER_BRANCH) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is declared before that call only under other branches of an #if"),
			     name, mlen, mname, g->path, c->line, var);
			goto refused;
		}
		if (!d) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', and the given files declare no '%s' before that call"),
			     name, mlen, mname, g->path, c->line, var, var);
			goto refused;
		}
		if (decl_unsized(d)) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', an array whose size is not known there"),
			     name, mlen, mname, g->path, c->line, var);
			goto refused;
		}
		if (a->clash >= 0) {
			const struct pname *pn = &ctx->pnames[a->clash];

			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which %.*s() at line %u makes a parameter too"),
			     name, mlen, mname, g->path, c->line, var, (int)pn->via_len,
			     g->data + pn->via_start, pn->line);
			goto refused;
		}
		if (first && !same_decl_type(first, d)) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called with '%s' (%s, %s:%u) and with '%s' (%s, %s:%u), and one conversion cannot fit both"),
			     name, mlen, mname, var1, decl_desc(first, desc1, sizeof(desc1)),
			     ctx->files[fc->file]->path, fc->line,
			     var, decl_desc(d, desc, sizeof(desc)), g->path, c->line);
			goto refused;
		}
		if (!first) {
			first = d;
			fc = c;
			strcpy(var1, var);
		}
	}
	if (first) {
		const char *what = first->is_const ? "const" :
				   first->const_pointee ? "a pointer to const data" :
				   first->is_volatile ? "volatile" :
				   first->initdata && ((first->ct == CT_CHAR && first->ptr == 1) ||
						       strcmp(ctx->opt.perm, "0")) ? "__initdata" : NULL;

		if (what) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is %s; converting would have to edit every such declaration, so convert the calls by hand"),
			     name, mlen, mname, ctx->files[fc->file]->path, fc->line, var1, what);
			goto refused;
		}
	}
	*dcp = first;
	*via = fc;
	ret = 0;

refused:
	/*
	 * Name the parameters that stay obsolete if the body does, as the
	 * compiler will: now, or in the caller if a later check refuses it.
	 */
	for (j = n, len = 0, kept[0] = '\0'; j--; ) {
		const struct mcall_arg *a = &ctx->call_args[calls[j]->arg0 + pidx];
		int w;

		if (calls[j]->in_macro || a->tok == NO_TOK)
			continue;
		if (len + a->len + 2 + sizeof(", ...") > KEPT_MAX) {
			strcpy(kept + len, len ? ", ..." : "...");
			break;
		}
		w = snprintf(kept + len, KEPT_MAX - len, "%s%.*s", len ? ", " : "",
			     (int)a->len, ctx->files[calls[j]->file]->data + a->start);
		len += (size_t)w;
	}
	if (ret < 0)
		note_calls_kept(f, u->mp, wrap, kept);
	free(calls);
	return ret;
}
