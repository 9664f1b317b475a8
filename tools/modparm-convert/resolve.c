// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: which declaration a use converts for.  A use in a
 * wrapper's body looks in the body, then at the wrapper's calls.  Any
 * other looks through a macro that renames it, in its own #if branch, in
 * its file, in the given headers its file includes and, to say why not,
 * in the other given files.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "diag.h"
#include "lex.h"
#include "macro.h"
#include "percall.h"
#include "relocate.h"
#include "util.h"

/*
 * A module_param*() whose parameter is the name at u->a1 and that can be
 * compiled with the use, or NONE: converting the use would define that
 * parameter a second time.  *other is set to the first one in another
 * branch of an #if, or NONE.
 */
static unsigned live_module_param(struct mp_ctx *ctx, const struct mp_file *f,
				  const struct use *u, unsigned *other)
{
	struct cond_chain here;
	int have_here = 0;
	size_t k;

	*other = NONE;
	for (k = 0; k < u->nparams; k++) {
		unsigned i = u->params[k];

		if (i + 3 >= f->ntok || !teq(f, i + 2, f, u->a1) || !tp(f, i + 3, ','))
			continue;
		if (!have_here) {
			cond_chain_at(f, u->mp, &here);
			have_here = 1;
		}
		if (same_branch(&here, cond_chain_of(&ctx->chains, f, i)))
			return i;
		if (*other == NONE)
			*other = i;
	}
	return NONE;
}

/* The last declaration of the use's variable in the wrapper's body before the use. */
static const struct decl *decl_in_body(struct conv *cv)
{
	const struct mp_file *f = cv->f;
	const struct decl *dc = NULL;
	unsigned *idx = NULL;
	size_t n = 0, cap = 0, i;

	for (i = cv->wrap->bstart; i < cv->mp; i++) {
		GROW(idx, n, cap);
		idx[n++] = (unsigned)i;
		if (tp(f, i, ';')) {
			parse_stmt(cv->f, idx, n, &cv->body);
			n = 0;
		}
	}
	free(idx);
	for (i = 0; i < cv->body.n; i++)
		if (teq(f, cv->body.v[i].name, f, cv->u->a1))
			dc = &cv->body.v[i];
	return dc;
}

/* A use inside a #define: only a wrapper's parameter can be converted. */
static bool resolve_in_wrapper(struct conv *cv)
{
	struct mp_file *f = cv->f;
	const struct macro *wrap = macro_around(cv->ctx, f, cv->mp);
	struct percall *pc;

	cv->wrap = wrap;
	if (wrap && names_module_param(f, wrap->name)) {
		/* "#ifndef module_param" shims, for kernels before 2.6 */
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): it defines %.*s() for kernels that lack it; remove that fallback"),
		     cv->name, (int)tlen(f, wrap->name), tstr(f, wrap->name));
		return false;
	}
	if (!wrap || wrap->kind != MACRO_FUNCTION || !is_param_of(f, wrap, cv->u->a1)) {
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): used inside a macro definition whose parameters do not name the variable"), cv->name);
		return false;
	}
	pc = percall_of(cv->ctx, f, wrap);
	if (pc) {
		/* its calls are converted one by one: finish_percall() says the rest */
		percall_body(pc, f, cv->mp, cv->name);
		return false;
	}
	cv->dc = decl_in_body(cv);
	return cv->dc || wrapper_call_decl(cv);
}

/*
 * A module_param*() of the same name that can be compiled with the use
 * refuses it; one in another #if branch earns a note.
 */
static bool no_live_param(struct conv *cv)
{
	struct mp_file *f = cv->f;
	unsigned other, dup = live_module_param(cv->ctx, f, cv->u, &other);

	if (dup != NONE) {
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is already a parameter through %.*s() at line %u; remove this MODULE_PARM()"),
		     cv->name, cv->name, (int)tlen(f, dup), tstr(f, dup), f->toks[dup].line);
		return false;
	}
	if (other != NONE)
		diag(f, cv->mp, MP_NOTE, D("'%s' also has %.*s() at line %u, never compiled with this use; keep one if the #if only served old kernels"),
		     cv->name, (int)tlen(f, other), tstr(f, other), f->toks[other].line);
	return true;
}

/*
 * "#define name other": fine when other is a declared variable, or when
 * name is declared after the #define, which renames the variable to
 * other as well: 2.4's aztcd.c did that so that insmod took aztcd=.
 */
static bool resolve_alias(struct conv *cv)
{
	struct mp_file *f = cv->f;
	const struct macro *alias = find_local_macro(cv->ctx, f, cv->u->a1);
	char *target;

	if (!alias)
		return true;
	if (alias->kind == MACRO_OBJECT && alias->bend == alias->bstart + 1 &&
	    f->toks[alias->bstart].kind == TK_IDENT) {
		cv->dc = decl_in_file(cv->ctx, f, alias->bstart, SCOPE_BEFORE, cv->mp);
		if (!cv->dc) {
			const struct decl *renamed = decl_in_file(cv->ctx, f, cv->u->a1,
								  SCOPE_BEFORE, cv->mp);

			if (renamed && renamed->name > alias->name)
				cv->dc = renamed;
		}
	}
	if (!cv->dc) {
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a macro; name the variable itself"), cv->name, cv->name);
		return false;
	}
	target = tok_dup(f, alias->bstart);
	diag(f, cv->mp, MP_NOTE, D("'%s' is a macro for '%s': the parameter keeps the expanded name, as before"),
	     cv->name, target);
	free(target);
	return true;
}

/*
 * Which side of an #ifdef MODULE the code under ch is on: 1 for modules
 * only, -1 for built-in code only, 0 for both.
 */
static int module_side(const struct cond_chain *ch)
{
	unsigned i;

	for (i = 0; i < ch->n; i++)
		if (ch->g[i].lit && !strcmp(ch->g[i].cond, "defined MODULE"))
			return ch->g[i].lit;
	return 0;
}

/* Whether two declarations hold the same element type, arrays or not. */
static bool same_element(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && !strcmp(a->spec, b->spec);
}

/*
 * The declarations of the use's variable that can be compiled with it,
 * when each is on one side of an #ifdef MODULE that the use is outside
 * of: the module's first into *mod, and the first built-in one (the
 * first with __initdata, when there is one) into *builtin.  The module's
 * must agree in type, the built-in ones hold the module's element type.
 */
static bool module_sides(struct conv *cv, const struct decl **mod, const struct decl **builtin)
{
	struct mp_ctx *ctx = cv->ctx;
	struct mp_file *f = cv->f;
	struct cond_chain here, there;
	unsigned k, first = hget(&ctx->decl_map, cv->name, strlen(cv->name));
	int pass;

	*mod = *builtin = NULL;
	cond_chain_at(f, cv->mp, &here);
	if (module_side(&here))
		return false;
	/* the first pass finds the module's declaration, the second checks the others */
	for (pass = 0; pass < 2; pass++) {
		for (k = first; k != NONE; k = ctx->decls[k].next) {
			const struct decl *d = &ctx->decls[k];
			int side;

			if (d->file != f->idx)
				continue;
			cond_chain_at(f, d->name, &there);
			if (!same_branch(&here, &there) || never_compiled(&there))
				continue;
			side = module_side(&there);
			if (!side)
				return false;
			if (pass == 0 && side > 0 && !*mod)
				*mod = d;
			if (pass == 1 && side < 0 &&
			    (!*builtin || ((*builtin)->initdata == NONE && d->initdata != NONE)))
				*builtin = d;
			if (pass == 1 && (side > 0 ? !same_var_type(*mod, d) : !same_element(*mod, d)))
				return false;
		}
		if (!*mod)
			return false;
	}
	return *builtin != NULL;
}

/*
 * The declarations of the use's variable that disagree in type are the
 * two sides of an #ifdef MODULE, and the use sits outside it.  2.4
 * compiled MODULE_PARM() to nothing in built-in code, so only the module
 * side's declaration ever mattered; module_param*() would be compiled
 * with both, so it goes after the module side's declaration, inside its
 * branch.  That is done only when the sides differ in what the module
 * needs (an array for several values), not in the element type: a
 * built-in char * against a module's int is another variable, which a
 * person should look at.
 */
static bool take_module_side(struct conv *cv)
{
	const struct decl *mod, *builtin;

	if (!module_sides(cv, &mod, &builtin))
		return false;
	cv->dc = mod;
	cv->builtin = builtin;
	cv->place = PLACE_MODULE_SIDE;
	return true;
}

/*
 * The sides of an #ifdef MODULE agree in type, but the built-in one is
 * __initdata and the module's is not.  A module_param() compiled with
 * both would leave a visible parameter (--perm), or a charp, in init
 * memory that is freed after boot: since 2.4 compiled MODULE_PARM() for
 * modules only, it goes after the module's declaration instead.
 */
static void avoid_builtin_initdata(struct conv *cv)
{
	const struct decl *mod, *builtin;
	bool charp = cv->dc && cv->dc->ct == CT_CHAR && cv->dc->ptr == 1 && !cv->dc->ndims;

	if (!cv->dc || (!strcmp(cv->ctx->opt.perm, "0") && !charp) ||
	    !module_sides(cv, &mod, &builtin) || builtin->initdata == NONE ||
	    mod->initdata != NONE)
		return;
	cv->dc = mod;
	cv->builtin = builtin;
	cv->place = PLACE_MODULE_SIDE;
	cv->for_initdata = true;
}

/*
 * The declaration in the use's own #if branch, before it or else after;
 * refused when another branch compiled with it declares another type,
 * unless the two are the sides of an #ifdef MODULE.
 */
static bool resolve_in_branch(struct conv *cv)
{
	const struct decl *twin;
	char *desc, *desc2;

	cv->dc = decl_in_branch(cv->ctx, cv->f, cv->u->a1, cv->mp, SCOPE_BEFORE, &twin);
	if (!cv->dc) {
		cv->dc = decl_in_branch(cv->ctx, cv->f, cv->u->a1, cv->mp, SCOPE_AFTER, &twin);
		if (cv->dc)
			cv->place = PLACE_AFTER_DECL;
	}
	if (!twin)
		avoid_builtin_initdata(cv);
	if (!twin || take_module_side(cv))
		return true;
	desc = decl_desc(cv->dc);
	desc2 = decl_desc(twin);
	diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is declared %s at line %u and %s at line %u, under #if branches that can each be compiled with this use, and no one module_param type fits both"),
	     cv->name, cv->name, desc, cv->dc->line, desc2, twin->line);
	free(desc);
	free(desc2);
	return false;
}

/* None can be compiled with the use: the first in the file, as ever. */
static void resolve_in_file(struct conv *cv)
{
	cv->dc = decl_in_file(cv->ctx, cv->f, cv->u->a1, SCOPE_BEFORE, cv->mp);
	if (cv->dc)
		return;
	cv->dc = decl_in_file(cv->ctx, cv->f, cv->u->a1, SCOPE_ANYWHERE, NONE);
	if (cv->dc)
		cv->place = PLACE_AFTER_DECL;
}

/* Declared under another name that a macro of this file maps onto this one. */
static void resolve_renamed(struct conv *cv)
{
	struct mp_ctx *ctx = cv->ctx;
	struct mp_file *f = cv->f;
	size_t k;

	for (k = 0; k < ctx->nmacro && !cv->dc; k++) {
		const struct macro *m = &ctx->macros[k];
		char *declared;

		if (m->file != f->idx || m->kind != MACRO_OBJECT || m->bend != m->bstart + 1 ||
		    !teq(f, m->bstart, f, cv->u->a1))
			continue;
		cv->dc = decl_in_file(ctx, f, m->name, SCOPE_BEFORE, cv->mp);
		if (!cv->dc) {
			cv->dc = decl_in_file(ctx, f, m->name, SCOPE_ANYWHERE, NONE);
			if (cv->dc)
				cv->place = PLACE_AFTER_DECL;
		}
		if (!cv->dc)
			continue;
		declared = tok_dup(f, m->name);
		diag(f, cv->mp, MP_NOTE, D("'%s' is declared as '%s', which a macro renames to '%s'"),
		     cv->name, declared, cv->name);
		free(declared);
	}
}

/*
 * Declared in another file only: an extern declaration here would reach
 * it, unless every such declaration is static.  Returns false after
 * saying which; true when no given file declares the name at all.
 */
static bool explain_elsewhere(struct conv *cv)
{
	struct mp_ctx *ctx = cv->ctx;
	size_t n = strlen(cv->name);
	unsigned k = hget(&ctx->decl_map, cv->name, n), first = k;

	while (k != NONE && ctx->decls[k].is_static)
		k = ctx->decls[k].next;
	/*
	 * The extern declaration may be in a header that was not given.  A
	 * static elsewhere is a different variable: say so.
	 */
	if (k != NONE && warn_missing_include(cv->f, cv->mp, cv->name))
		return false;
	if (k != NONE) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file (%s has one); add an extern declaration before the use"),
		     cv->name, cv->name, ctx->files[ctx->decls[k].file]->path);
		return false;
	}
	if (first != NONE) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file, and the one in %s is static"),
		     cv->name, cv->name, ctx->files[ctx->decls[first].file]->path);
		return false;
	}
	return true;
}

/*
 * An array declared with [] (here, after the use, or extern in a header)
 * has no size for module_param_array() to take unless a later
 * declaration in this file completes it.
 */
static bool complete_array(struct conv *cv)
{
	struct mp_ctx *ctx = cv->ctx;
	unsigned k = hget(&ctx->decl_map, cv->name, strlen(cv->name));

	cv->dc = NULL;
	for (; k != NONE; k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d->file == cv->f->idx && d->end > cv->mp &&
		    (d->dim_s != d->dim_e || d->has_init) &&
		    (!cv->dc || d->end < cv->dc->end))
			cv->dc = d;
	}
	if (!cv->dc) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is an array of unknown size here"), cv->name, cv->name);
		return false;
	}
	cv->place = PLACE_AFTER_DECL;
	return true;
}

/* A use at file scope, where most are. */
static bool resolve_at_file_scope(struct conv *cv)
{
	bool refused = false;

	if (cv->f->toks[cv->mp].depth > 0) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): used inside a function or initializer"), cv->name);
		return false;
	}
	if (!no_live_param(cv) || !resolve_alias(cv))
		return false;
	if (!cv->dc && !resolve_in_branch(cv))
		return false;
	if (!cv->dc)
		resolve_in_file(cv);
	if (!cv->dc)
		resolve_renamed(cv);
	/* declared in a given header that this file includes first */
	if (!cv->dc)
		cv->dc = decl_in_included(cv->ctx, cv->f, cv->name, strlen(cv->name), cv->mp);
	if (!cv->dc && !relocate_use(cv, &refused) && refused)
		return false;
	if (!cv->dc && !explain_elsewhere(cv))
		return false;
	if (cv->dc && decl_unsized(cv->dc))
		return complete_array(cv);
	return true;
}

/*
 * Find the declaration the use converts for, into cv->dc (NULL when no
 * given file has one), and whether the call goes after it.  Returns
 * false when the use is refused.
 */
bool resolve_decl(struct conv *cv)
{
	if (cv->f->toks[cv->mp].dir)
		return resolve_in_wrapper(cv);
	return resolve_at_file_scope(cv);
}
