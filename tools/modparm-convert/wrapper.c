// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: wrapper calls.  Every file that may call a wrapper is
 * read for its calls and their arguments' declarations; the wrapper's
 * body converts only when all of them agree.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "convert.h"
#include "diag.h"
#include "lex.h"
#include "names.h"
#include "scope.h"
#include "uses.h"
#include "wrapper.h"

/* Note the names of the function-like macros of f whose body uses MODULE_PARM(). */
void mark_wrappers(struct mp_ctx *ctx, const struct mp_file *f, size_t first)
{
	size_t i;
	unsigned k;

	for (i = first; i < ctx->nmacro; i++) {
		const struct macro *m = &ctx->macros[i];

		if (m->kind != MACRO_FUNCTION)
			continue;
		for (k = m->bstart; k < m->bend; k++) {
			if (is_mp_use(f, k)) {
				hslot(&ctx->wr.wrapper_map, tstr(f, m->name), tlen(f, m->name))->val = 1;
				break;
			}
		}
	}
}

/* Whether f may call any of the macros mark_wrappers() noted. */
bool mentions_wrapper(const struct mp_ctx *ctx, const struct mp_file *f)
{
	size_t i;

	for (i = 0; i < ctx->wr.wrapper_map.cap; i++) {
		const struct hent *e = &ctx->wr.wrapper_map.e[i];

		if (e->k && filter_has(ctx, (size_t)f->idx, hhash(e->k, e->klen)))
			return true;
	}
	return false;
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
	struct cond_chain here;
	size_t ci;

	if (ctx->wr.npname == p0)
		return;
	for (ci = c0; ci < ctx->wr.ncall; ci++) {
		const struct mcall *c = &ctx->wr.calls[ci];
		int have_here = 0;
		unsigned ai;

		for (ai = 0; ai < c->nargs; ai++) {
			struct mcall_arg *a = &ctx->wr.call_args[c->arg0 + ai];
			unsigned k;

			if (a->tok == NONE)
				continue;
			/* newest first: f's own entries come before other files' */
			for (k = hget(&ctx->wr.pname_map, f->data + a->start, a->len);
			     k != NONE && k >= p0; k = ctx->wr.pnames[k].next) {
				if (!have_here) {
					cond_chain_at(f, c->tok, &here);
					have_here = 1;
				}
				if (same_branch(&here, cond_chain_of(&ctx->chains, f,
								     ctx->wr.pnames[k].tok))) {
					a->clash = k;
					break;
				}
			}
		}
	}
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

	for (ci = c0; ci < ctx->wr.ncall; ci++) {
		const struct mcall *c = &ctx->wr.calls[ci];
		unsigned ai;

		for (ai = 0; ai < c->nargs; ai++) {
			struct mcall_arg *a = &ctx->wr.call_args[c->arg0 + ai];
			const struct decl *d, *twin;

			if (a->tok == NONE)
				continue;
			d = decl_in_branch(ctx, f, a->tok, c->tok, SCOPE_BEFORE, &twin);
			if (twin)
				a->twin = (unsigned)(twin - ctx->decls);
			if (d)
				a->decl = (unsigned)(d - ctx->decls);
			else if (decl_in_file(ctx, f, a->tok, SCOPE_BEFORE, c->tok))
				a->other_branch = true;
		}
	}
}

/* Note that token i of f, a MODULE_PARM or module_param*, makes i + 2 a parameter. */
static void add_pname(struct mp_ctx *ctx, const struct mp_file *f, size_t i)
{
	const struct mp_tok *t = &f->toks[i];
	struct hent *e = hslot(&ctx->wr.pname_map, tstr(f, (unsigned)i + 2),
			       tlen(f, (unsigned)i + 2));
	struct pname pn = { (unsigned)i, t->line, t->start, tlen(f, (unsigned)i), e->val };

	e->val = (unsigned)ctx->wr.npname;
	GROW(ctx->wr.pnames, ctx->wr.npname, ctx->wr.pnamecap);
	ctx->wr.pnames[ctx->wr.npname++] = pn;
}

/* Whether token i of f names a wrapper that is called there. */
static bool is_wrapper_call(struct mp_ctx *ctx, const struct mp_file *f, size_t i)
{
	const struct mp_tok *t = &f->toks[i];

	if (t->kind != TK_IDENT || !tp(f, i + 1, '(') || f->toks[i + 1].dir != t->dir ||
	    hget(&ctx->wr.wrapper_map, tstr(f, (unsigned)i), tlen(f, (unsigned)i)) == NONE)
		return false;
	/* the macro's own #define, or defined(NAME) */
	return !(t->dir && i > 0 && f->toks[i - 1].dir == t->dir &&
		 (tis(f, i - 1, "define") || tis(f, i - 1, "defined")));
}

/* Append the argument in tokens s..e of f: a plain name, or NONE. */
static void add_arg(struct mp_ctx *ctx, const struct mp_file *f, size_t s, size_t e)
{
	struct mcall_arg *a;

	GROW(ctx->wr.call_args, ctx->wr.ncarg, ctx->wr.cargcap);
	a = &ctx->wr.call_args[ctx->wr.ncarg++];
	a->tok = e == s + 1 && f->toks[s].kind == TK_IDENT ? (unsigned)s : NONE;
	a->start = a->tok != NONE ? f->toks[s].start : 0;
	a->len = a->tok != NONE ? tlen(f, (unsigned)s) : 0;
	a->clash = a->decl = a->twin = NONE;
	a->other_branch = false;
	a->str_start = a->str_len = 0;
	if (e == s + 1 && f->toks[s].kind == TK_STR) {
		a->str_start = f->toks[s].start;
		a->str_len = tlen(f, (unsigned)s);
	}
}

/* Record the call of a wrapper at token i of f, whose ')' is token r. */
static void add_call(struct mp_ctx *ctx, const struct mp_file *f, size_t i, size_t r)
{
	const struct mp_tok *t = &f->toks[i];
	struct mcall c = {
		.file = f->idx, .tok = (unsigned)i, .line = t->line,
		.in_macro = t->dir != 0, .in_braces = t->depth > 0,
		.arg0 = (unsigned)ctx->wr.ncarg,
	};
	struct hent *e;
	size_t k, s, depth = 0;

	for (k = s = i + 2; k <= r; k++) {
		if (k < r && (tp(f, k, '(') || tp(f, k, '[') || tp(f, k, '{'))) {
			depth++;
		} else if (k < r && (tp(f, k, ')') || tp(f, k, ']') || tp(f, k, '}'))) {
			if (depth)
				depth--;
		} else if (k == r || (tp(f, k, ',') && !depth)) {
			add_arg(ctx, f, s, k);
			c.nargs++;
			s = k + 1;
		}
	}
	e = hslot(&ctx->wr.call_map, tstr(f, (unsigned)i), tlen(f, (unsigned)i));
	c.next = e->val;
	e->val = (unsigned)ctx->wr.ncall;
	GROW(ctx->wr.calls, ctx->wr.ncall, ctx->wr.callcap);
	ctx->wr.calls[ctx->wr.ncall++] = c;
}

/*
 * Record each call in f of a macro that mark_wrappers() noted, with its
 * arguments, and what f makes a parameter outside any #define.
 */
void collect_calls(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t i, r, c0 = ctx->wr.ncall, p0 = ctx->wr.npname;

	for (i = 0; i + 1 < f->ntok; i++) {
		if ((is_module_param(f, i) || (!f->toks[i].dir && is_mp_use(f, i))) &&
		    i + 2 < f->ntok && f->toks[i + 2].kind == TK_IDENT) {
			add_pname(ctx, f, i);
			continue;
		}
		if (!is_wrapper_call(ctx, f, i))
			continue;
		r = match(f, i + 1, f->ntok);
		if (r < f->ntok)
			add_call(ctx, f, i, r);
	}
	mark_clashes(ctx, f, c0, p0);
	mark_arg_decls(ctx, f, c0);
}

/*
 * The declaration of the variable a call in g passes, in scope at the
 * call: its own file's, found by mark_arg_decls() while g's tokens
 * existed, or else one in a header g includes, looked up by its text.
 */
const struct decl *call_arg_decl(struct mp_ctx *ctx, const struct mp_file *g,
				 const struct mcall *c, const struct mcall_arg *a)
{
	if (a->decl != NONE)
		return &ctx->decls[a->decl];
	if (a->other_branch)
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

/* Which parameter of wrap the use's variable is, counted from 0. */
static unsigned param_index(const struct mp_file *f, const struct macro *wrap, unsigned a1)
{
	unsigned pidx = 0, i;

	for (i = wrap->pstart; i < wrap->pend && !teq(f, i, f, a1); i++)
		if (tp(f, i, ','))
			pidx++;
	return pidx;
}

/*
 * The calls that see wrap, in file order (the chain is last first), and
 * how many in *n.  Every call in the macro's own file counts, even one
 * before it: a second, identical #define of the name (which C allows)
 * must convert with the first or not at all.
 */
static const struct mcall **calls_of(struct mp_ctx *ctx, const struct mp_file *f,
				     const struct macro *wrap, unsigned pidx, size_t *n)
{
	unsigned k = hget(&ctx->wr.call_map, tstr(f, wrap->name), tlen(f, wrap->name));
	const struct mcall **calls = NULL;
	size_t cap = 0, i;

	for (*n = 0; k != NONE; k = ctx->wr.calls[k].next) {
		const struct mcall *c = &ctx->wr.calls[k];

		if (c->file != f->idx &&
		    !includes_file(ctx, ctx->files[c->file], f->idx, c->tok))
			continue;	/* another macro of that name */
		if (!c->in_macro && pidx >= c->nargs)
			continue;	/* that call does not compile anyway */
		GROW(calls, *n, cap);
		calls[(*n)++] = c;
	}
	for (i = 0; i < *n / 2; i++) {
		const struct mcall *t = calls[i];

		calls[i] = calls[*n - 1 - i];
		calls[*n - 1 - i] = t;
	}
	return calls;
}

/* Refuse the use if the call cannot pass a variable the body can name. */
static bool call_site_ok(struct conv *cv, const struct mcall *c, const struct mcall_arg *a)
{
	const struct macro *wrap = cv->wrap;
	const char *path = cv->ctx->files[c->file]->path;
	int mlen = (int)tlen(cv->f, wrap->name);
	const char *mname = tstr(cv->f, wrap->name);

	if (c->in_macro)
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called inside another macro at %s:%u, so the variable it passes is not known"),
		     cv->name, mlen, mname, path, c->line);
	else if (c->in_braces)
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called inside a function or initializer at %s:%u"),
		     cv->name, mlen, mname, path, c->line);
	else if (a->tok == NONE)
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with an argument that is not a variable name"),
		     cv->name, mlen, mname, path, c->line);
	else
		return true;
	return false;
}

/*
 * Refuse the use unless the variable the call passes, var, is declared
 * where the call is, once, with a size, is no parameter already, and has
 * the type of the first call's (*first, set here for the first call).
 */
static bool call_var_ok(struct conv *cv, const struct mcall *c, const struct mcall_arg *a,
			const char *var, const struct decl **first)
{
	struct mp_ctx *ctx = cv->ctx;
	const struct mp_file *g = ctx->files[c->file];
	int mlen = (int)tlen(cv->f, cv->wrap->name);
	const char *mname = tstr(cv->f, cv->wrap->name);
	const struct decl *d = call_arg_decl(ctx, g, c, a);
	char *desc = d ? decl_desc(d) : NULL, *desc1 = NULL;
	bool ok = false;

	if (a->twin != NONE) {
		const struct decl *twin = &ctx->decls[a->twin];

		desc1 = decl_desc(twin);
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is declared %s at line %u and %s at line %u, under #if branches that can each be compiled with that call"),
		     cv->name, mlen, mname, g->path, c->line, var, desc, d->line, desc1, twin->line);
	} else if (!d && a->other_branch) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is declared before that call only under other branches of an #if"),
		     cv->name, mlen, mname, g->path, c->line, var);
	} else if (!d) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', and the given files declare no '%s' before that call"),
		     cv->name, mlen, mname, g->path, c->line, var, var);
	} else if (decl_unsized(d)) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', an array whose size is not known there"),
		     cv->name, mlen, mname, g->path, c->line, var);
	} else if (a->clash != NONE) {
		const struct pname *pn = &ctx->wr.pnames[a->clash];

		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which %.*s() at line %u makes a parameter too"),
		     cv->name, mlen, mname, g->path, c->line, var, (int)pn->via_len,
		     g->data + pn->via_start, pn->line);
	} else if (*first && !same_decl_type(*first, d)) {
		desc1 = decl_desc(*first);
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called with '%s' (%s, %s:%u) and with '%s' (%s, %s:%u), and one conversion cannot fit both"),
		     cv->name, mlen, mname, cv->via_var, desc1,
		     ctx->files[cv->via->file]->path, cv->via->line,
		     var, desc, g->path, c->line);
	} else {
		if (!*first)
			*first = d;
		ok = true;
	}
	free(desc);
	free(desc1);
	return ok;
}

/*
 * Refuse the use if the calls' variables are const, volatile or, where
 * the conversion would have to remove it, __initdata: that would mean
 * editing the declaration of every variable the calls pass.
 */
static bool calls_qualifiers_ok(struct conv *cv, const struct decl *first)
{
	const char *what = first->is_const ? "const" :
			   first->const_pointee ? "a pointer to const data" :
			   first->is_volatile ? "volatile" :
			   first->initdata != NONE && ((first->ct == CT_CHAR && first->ptr == 1) ||
						   strcmp(cv->ctx->opt.perm, "0")) ? "__initdata" : NULL;

	if (!what)
		return true;
	diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is %s; converting would have to edit every such declaration, so convert the calls by hand"),
	     cv->name, (int)tlen(cv->f, cv->wrap->name), tstr(cv->f, cv->wrap->name),
	     cv->ctx->files[cv->via->file]->path, cv->via->line, cv->via_var, what);
	return false;
}

/*
 * Name the parameters that stay obsolete if the body does, as the
 * compiler will: in cv->kept, "a, b, ..." cut to fit.
 */
static void list_kept(struct conv *cv, const struct mcall **calls, size_t n, unsigned pidx)
{
	size_t j, len = 0;

	cv->kept[0] = '\0';
	for (j = 0; j < n; j++) {
		const struct mcall_arg *a = &cv->ctx->wr.call_args[calls[j]->arg0 + pidx];
		int w;

		if (calls[j]->in_macro || a->tok == NONE)
			continue;
		if (len + a->len + 2 + sizeof(", ...") > KEPT_MAX) {
			strcpy(cv->kept + len, len ? ", ..." : "...");
			break;
		}
		w = snprintf(cv->kept + len, KEPT_MAX - len, "%s%.*s", len ? ", " : "",
			     (int)a->len, cv->ctx->files[calls[j]->file]->data + a->start);
		len += (size_t)w;
	}
}

/*
 * MODULE_PARM(name, ...) in the body of the macro cv->wrap, where name
 * is one of its parameters and the body does not declare it: the body
 * is converted once for all of the macro's calls, so each call must
 * pass a variable that is declared before the call, and all of them
 * must have one type, which the conversion takes.  2.4's MODULE_PARM()
 * reached its variable through a weak reference and built without one;
 * a module_param() of an undeclared name would not.
 *
 * Return true and set cv->dc to the first call's declaration, cv->via to
 * that call (both NULL when nothing calls the macro) and cv->via_var to
 * the name it passes; or false after warning.  Either way cv->kept lists
 * what the calls pass, for note_calls_kept().
 */
bool wrapper_call_decl(struct conv *cv)
{
	unsigned pidx = param_index(cv->f, cv->wrap, cv->u->a1);
	const struct decl *first = NULL;
	size_t n, j;
	const struct mcall **calls = calls_of(cv->ctx, cv->f, cv->wrap, pidx, &n);
	bool ok = true;

	for (j = 0; j < n && ok; j++) {
		const struct mcall *c = calls[j];
		const struct mcall_arg *a = &cv->ctx->wr.call_args[c->arg0 + pidx];
		char *var;

		if (!call_site_ok(cv, c, a)) {
			ok = false;
			break;
		}
		var = xstrndup(cv->ctx->files[c->file]->data + a->start, a->len);
		ok = call_var_ok(cv, c, a, var, &first);
		if (ok && !cv->via) {
			cv->via = c;
			cv->via_var = var;
		} else {
			free(var);
		}
	}
	if (ok && first)
		ok = calls_qualifiers_ok(cv, first);
	list_kept(cv, calls, n, pidx);
	if (ok) {
		cv->dc = first;
	} else {
		note_calls_kept(cv->f, cv->mp, cv->wrap, cv->kept);
		cv->via = NULL;
	}
	free(calls);
	return ok;
}
