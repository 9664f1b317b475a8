// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: a wrapper whose calls pass variables of different
 * types.  One conversion of its body cannot fit them all, but when the
 * body is nothing but MODULE_PARM(), each call can become its own
 * module_param*(); the macro, left unused, then goes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "diag.h"
#include "edit.h"
#include "lex.h"
#include "percall.h"
#include "scope.h"
#include "util.h"

/* Which parameter of m token i of f names, or NONE. */
static unsigned param_at(const struct mp_file *f, const struct macro *m, unsigned i)
{
	unsigned k, idx = 0;

	if (f->toks[i].kind != TK_IDENT)
		return NONE;
	for (k = m->pstart; k < m->pend; k++) {
		if (tp(f, k, ','))
			idx++;
		else if (teq(f, k, f, i))
			return idx;
	}
	return NONE;
}

/*
 * The bytes of the #define of m in f, its continued lines and newline
 * included, and a blank line after it when one is before it.
 */
static void define_extent(const struct mp_file *f, const struct macro *m, size_t *s, size_t *e)
{
	unsigned dir = f->toks[m->name].dir, k = m->name;

	while (k > 0 && f->toks[k - 1].dir == dir)
		k--;
	*s = f->toks[k].start;
	/* the blanks before the '#' go too */
	while (*s > 0 && (f->data[*s - 1] == ' ' || f->data[*s - 1] == '\t'))
		(*s)--;
	for (k = m->name; k + 1 < f->ntok && f->toks[k + 1].dir == dir; k++)
		;
	*e = f->toks[k].end;
	while (*e < f->len && f->data[*e] != '\n')
		(*e)++;
	if (*e < f->len)
		(*e)++;
	/* between two blank lines: one of them goes too */
	if ((*s == 0 || (*s >= 2 && f->data[*s - 1] == '\n' && f->data[*s - 2] == '\n')) &&
	    *e < f->len && f->data[*e] == '\n')
		(*e)++;
}

/*
 * Note each function-like macro of f from macros[first] on whose body is
 * MODULE_PARM(v, t) alone, v a parameter and t a parameter or a string,
 * with an optional ';'.  Two macros of one name make it no candidate.
 */
void note_percall_shapes(struct mp_ctx *ctx, const struct mp_file *f, size_t first)
{
	size_t i;

	for (i = first; i < ctx->nmacro; i++) {
		const struct macro *m = &ctx->macros[i];
		unsigned b = m->bstart, var, type;
		struct percall pc;
		struct hent *e;

		if (m->kind != MACRO_FUNCTION || m->bend < b + 6 || m->bend > b + 7 ||
		    !tis(f, b, "MODULE_PARM") || !tp(f, b + 1, '(') || !tp(f, b + 3, ',') ||
		    !tp(f, b + 5, ')') || (m->bend == b + 7 && !tp(f, b + 6, ';')))
			continue;
		var = param_at(f, m, b + 2);
		type = param_at(f, m, b + 4);
		if (var == NONE || (type == NONE && f->toks[b + 4].kind != TK_STR))
			continue;
		memset(&pc, 0, sizeof(pc));
		pc.macro = (unsigned)i;
		pc.var = var;
		pc.type = type;
		pc.lit_start = f->toks[b + 4].start;
		pc.lit_len = tlen(f, b + 4);
		pc.semi = m->bend == b + 7;
		pc.name_start = f->toks[m->name].start;
		pc.name_len = tlen(f, m->name);
		define_extent(f, m, &pc.def_start, &pc.def_end);
		e = hslot(&ctx->pc.map, tstr(f, m->name), tlen(f, m->name));
		if (e->val != NONE) {
			ctx->pc.v[e->val].twice = true;
			continue;
		}
		e->val = (unsigned)ctx->pc.n;
		GROW(ctx->pc.v, ctx->pc.n, ctx->pc.cap);
		ctx->pc.v[ctx->pc.n++] = pc;
	}
}

/*
 * Whether call c can be converted on its own: at file scope, passing a
 * plain variable name declared once before it, of no const, volatile
 * or __initdata type, that no other use makes a parameter, and a type
 * string that is one string literal.
 */
static bool call_fits(struct mp_ctx *ctx, const struct percall *pc, const struct mcall *c)
{
	const struct mcall_arg *a, *t;
	const struct decl *d;

	if (c->in_macro || c->in_braces || pc->var >= c->nargs ||
	    (pc->type != NONE && pc->type >= c->nargs))
		return false;
	a = &ctx->wr.call_args[c->arg0 + pc->var];
	t = pc->type != NONE ? &ctx->wr.call_args[c->arg0 + pc->type] : NULL;
	if (a->tok == NONE || a->clash != NONE || a->twin != NONE || (t && !t->str_len))
		return false;
	d = call_arg_decl(ctx, ctx->files[c->file], c, a);
	return d && !decl_unsized(d) && !d->is_const && !d->const_pointee && !d->is_volatile &&
	       d->initdata == NONE;
}

/* Whether calls c and o pass variables, or type strings, that differ. */
static bool calls_differ(struct mp_ctx *ctx, const struct percall *pc, const struct mcall *c,
			 const struct mcall *o)
{
	const struct mcall_arg *a = &ctx->wr.call_args[c->arg0 + pc->var];
	const struct mcall_arg *b = &ctx->wr.call_args[o->arg0 + pc->var];
	const struct mcall_arg *s, *t;

	if (!same_decl_type(call_arg_decl(ctx, ctx->files[c->file], c, a),
			    call_arg_decl(ctx, ctx->files[o->file], o, b)))
		return true;
	if (pc->type == NONE)
		return false;
	s = &ctx->wr.call_args[c->arg0 + pc->type];
	t = &ctx->wr.call_args[o->arg0 + pc->type];
	return s->str_len != t->str_len ||
	       memcmp(ctx->files[c->file]->data + s->str_start,
		      ctx->files[o->file]->data + t->str_start, s->str_len);
}

/*
 * Decide, before any file is converted, which wrappers have their calls
 * converted one by one: those whose calls that see them all fit and do
 * not all agree.  When they agree the body is converted once, as ever.
 */
void plan_percall(struct mp_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->pc.n; i++) {
		struct percall *pc = &ctx->pc.v[i];
		const struct mp_file *f = ctx->files[ctx->macros[pc->macro].file];
		const struct mcall *first = NULL;
		bool fits = true, differ = false;
		unsigned k;

		if (pc->twice)
			continue;
		k = hget(&ctx->wr.call_map, f->data + pc->name_start, pc->name_len);
		for (; k != NONE && fits; k = ctx->wr.calls[k].next) {
			const struct mcall *c = &ctx->wr.calls[k];

			if (c->file != f->idx && !includes_file(ctx, ctx->files[c->file], f->idx, c->tok))
				continue;
			fits = call_fits(ctx, pc, c);
			if (fits && first && !differ)
				differ = calls_differ(ctx, pc, first, c);
			if (!first)
				first = c;
			pc->ncalls++;
		}
		pc->on = fits && differ;
	}
}

/* The wrapper m of f if its calls are converted one by one, else NULL. */
struct percall *percall_of(struct mp_ctx *ctx, const struct mp_file *f, const struct macro *m)
{
	unsigned k = hget(&ctx->pc.map, tstr(f, m->name), tlen(f, m->name));

	if (k == NONE || !ctx->pc.v[k].on || &ctx->macros[ctx->pc.v[k].macro] != m)
		return NULL;
	return &ctx->pc.v[k];
}

/*
 * The body's use, met while its file's tokens exist: keep where it is,
 * for finish_percall() to say what became of it once the calls are
 * converted.  Whether any call must be known first, so nothing is said
 * now.
 */
void percall_body(struct percall *pc, const struct mp_file *f, unsigned mp, const char *var)
{
	pc->body_seen = true;
	pc->body_off = f->toks[mp].start;
	pc->body_line = f->toks[mp].line;
	pc->body_col = f->toks[mp].col;
	snprintf(pc->var_name, sizeof(pc->var_name), "%s", var);
}

/* Tokens [*s, *e) of argument k of the call whose '(' is token open. */
static bool arg_range(const struct mp_file *f, unsigned open, unsigned k, unsigned *s,
		      unsigned *e)
{
	unsigned i, idx = 0, depth = 0;

	*s = open + 1;
	for (i = open + 1; i < f->ntok; i++) {
		if (tp(f, i, '(') || tp(f, i, '[') || tp(f, i, '{')) {
			depth++;
		} else if (depth && (tp(f, i, ')') || tp(f, i, ']') || tp(f, i, '}'))) {
			depth--;
		} else if (!depth && (tp(f, i, ',') || tp(f, i, ')'))) {
			if (idx == k) {
				*e = i;
				return *s < *e;
			}
			if (tp(f, i, ')'))
				return false;
			idx++;
			*s = i + 1;
		}
	}
	return false;
}

/*
 * What convert_use() said of a call, from f's diagnostic d0 on, as
 * notes; its "is obsolete" goes, the note on the call saying as much.
 */
static void notes_only(struct mp_file *f, size_t d0)
{
	size_t k, n = d0;

	for (k = d0; k < f->ndiag; k++) {
		if (f->diags[k].kind == MP_WARN_OBSOLETE) {
			free(f->diags[k].msg);
			continue;
		}
		f->diags[n] = f->diags[k];
		f->diags[n++].kind = MP_NOTE;
	}
	f->ndiag = n;
}

/*
 * Convert call c of pc's wrapper in f, whose tokens exist, as a use of
 * MODULE_PARM() of its own.  What convert_use() says of it is a note:
 * the call is no MODULE_PARM() use, which has one warning each.
 */
static void convert_call(struct mp_ctx *ctx, struct mp_file *f, struct percall *pc,
			 const struct mcall *c, const unsigned *params, size_t nparams)
{
	const struct mp_file *home = ctx->files[ctx->macros[pc->macro].file];
	unsigned before = f->nconverted, e;
	size_t d0 = f->ndiag;
	struct use u;

	memset(&u, 0, sizeof(u));
	u.mp = c->tok;
	u.rp = (unsigned)match(f, c->tok + 1, f->ntok);
	u.semi = tp(f, u.rp + 1, ';') ? u.rp + 1 : NONE;
	u.add_semi = pc->semi;
	u.params = params;
	u.nparams = nparams;
	if (!arg_range(f, c->tok + 1, pc->var, &u.a1, &e))
		return;
	if (pc->type == NONE) {
		u.a2s = u.a1;
		u.a2e = u.a1 + 1;
		u.lit = home->data + pc->lit_start;
		u.litlen = pc->lit_len;
	} else if (!arg_range(f, c->tok + 1, pc->type, &u.a2s, &u.a2e)) {
		return;
	}
	convert_use(ctx, f, &u);
	notes_only(f, d0);
	if (f->nconverted > before) {
		pc->nconverted++;
		diag(f, c->tok, MP_NOTE, D("'%.*s' is passed to %.*s(), whose calls pass variables of different types: this call became %s"),
		     (int)tlen(f, u.a1), tstr(f, u.a1), (int)pc->name_len, home->data + pc->name_start,
		     f->convs[f->nconv - 1].call);
	} else {
		diag(f, c->tok, MP_NOTE, D("'%.*s' is passed to %.*s(), whose calls pass variables of different types: this call stays as it is, and so does the macro"),
		     (int)tlen(f, u.a1), tstr(f, u.a1), (int)pc->name_len, home->data + pc->name_start);
	}
}

/* Convert f's calls of the wrappers whose calls are converted one by one. */
void convert_percall_calls(struct mp_ctx *ctx, struct mp_file *f)
{
	unsigned *params = NULL;
	size_t i, n = 0, cap = 0;
	unsigned k;

	for (i = 0; i < ctx->pc.n; i++) {
		struct percall *pc = &ctx->pc.v[i];
		const struct mp_file *home;

		if (!pc->on)
			continue;
		home = ctx->files[ctx->macros[pc->macro].file];
		if (!params) {
			for (k = 0; k < f->ntok; k++)
				if (is_module_param(f, k)) {
					GROW(params, n, cap);
					params[n++] = k;
				}
			GROW(params, n, cap);	/* not NULL any more, even with none */
		}
		k = hget(&ctx->wr.call_map, home->data + pc->name_start, pc->name_len);
		for (; k != NONE; k = ctx->wr.calls[k].next) {
			const struct mcall *c = &ctx->wr.calls[k];

			if (c->file == f->idx &&
			    (f == home || includes_file(ctx, f, home->idx, c->tok)))
				convert_call(ctx, f, pc, c, params, n);
		}
	}
	free(params);
}

/*
 * Once every file is converted: a wrapper all of whose calls were
 * converted is removed, and its body's use counts as converted; one
 * with calls left stays, and its use is refused.
 */
void finish_percall(struct mp_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->pc.n; i++) {
		struct percall *pc = &ctx->pc.v[i];
		struct mp_file *f;

		if (!pc->on || !pc->body_seen)
			continue;
		f = ctx->files[ctx->macros[pc->macro].file];
		if (pc->nconverted == pc->ncalls) {
			add_edit(f, pc->def_start, pc->def_end, "");
			f->late_edits = true;
			f->nconverted++;
			diag_at(f, pc->body_off, pc->body_line, pc->body_col, MP_WARN_OBSOLETE, D("MODULE_PARM(%s) is obsolete: %.*s() is called with variables of different types, so each of its calls became its own module_param*(), and the macro, now unused, is removed"),
				pc->var_name, (int)pc->name_len, f->data + pc->name_start);
		} else {
			diag_at(f, pc->body_off, pc->body_line, pc->body_col, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called with variables of different types; %u of its %u calls became their own module_param*(), and the macro stays for the others"),
				pc->var_name, (int)pc->name_len, f->data + pc->name_start,
				pc->nconverted, pc->ncalls);
		}
		sort_diags(f);
	}
}
