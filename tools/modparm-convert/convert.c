// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: converting one use.  The use's declaration is found,
 * its type string read, its qualifiers checked; then a module_param form
 * is chosen, notes are given and the call is placed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "decl.h"
#include "diag.h"
#include "edit.h"
#include "lex.h"
#include "macro.h"
#include "names.h"
#include "scope.h"
#include "typestr.h"
#include "wrapper.h"

/* Whether token i of f names module_param or one of its variants. */
int names_module_param(const struct mp_file *f, unsigned i)
{
	return f->toks[i].kind == TK_IDENT && tlen(f, i) >= 12 &&
	       !memcmp(tstr(f, i), "module_param", 12);
}

/* Whether token i of f is a module_param*( outside any #define. */
int is_module_param(const struct mp_file *f, size_t i)
{
	return !f->toks[i].dir && names_module_param(f, (unsigned)i) &&
	       i + 1 < f->ntok && tp(f, i + 1, '(');
}

/*
 * A module_param*() whose parameter is the name at u->a1 and that can be
 * compiled with the use, or NO_TOK: converting the use would define that
 * parameter a second time.  *other is set to the first one in another
 * branch of an #if, or NO_TOK.
 */
static unsigned live_module_param(const struct mp_file *f, const struct use *u,
				  unsigned *other)
{
	struct cond_chain here;
	int have_here = 0;
	size_t k;

	*other = NO_TOK;
	for (k = 0; k < u->nparams; k++) {
		unsigned i = u->params[k];

		if (i + 3 >= f->ntok || !teq(f, i + 2, f, u->a1) || !tp(f, i + 3, ','))
			continue;
		if (!have_here) {
			cond_chain_at(f, u->mp, &here);
			have_here = 1;
		}
		if (!u->chains[k]) {
			u->chains[k] = xrealloc(NULL, sizeof(*u->chains[k]));
			cond_chain_at(f, i, u->chains[k]);
		}
		if (same_branch(&here, u->chains[k]))
			return i;
		if (*other == NO_TOK)
			*other = i;
	}
	return NO_TOK;
}

static void convert_use(struct mp_ctx *ctx, struct mp_file *f, const struct use *u)
{
	char name[128], call[512], spec[80];
	struct tstr ts = { "", 0 };
	struct ptype pt;
	const struct macro *wrap = NULL;
	const struct decl *dc = NULL;
	struct declvec body = { NULL, 0, 0 };
	struct decl fb;
	int resolved, move = 0, fallback = 0;
	unsigned obj_cut[MAX_CONST_CUTS], ptr_cut[MAX_CONST_CUTS];
	size_t n_obj_cut = 0, n_ptr_cut = 0, i;
	const char *ptype_name = NULL;
	enum { K_SCALAR, K_ARRAY, K_STRING } form;
	const char *perm = ctx->opt.perm;
	unsigned mp = u->mp;
	const struct macro *alias = NULL;
	char aname[128], shown[80] = "";
	unsigned dup, other;
	const struct mcall *via = NULL;
	char via_var[128], kept[KEPT_MAX] = "";

	if (tlen(f, u->a1) >= sizeof(name)) {
		/* a truncated copy would convert the wrong name */
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%.32s...): names longer than %d characters are not supported"),
		     tstr(f, u->a1), (int)sizeof(name) - 1);
		goto out;
	}
	tcopy(f, u->a1, name, sizeof(name));

	/* inside a #define? */
	if (f->toks[mp].dir) {
		size_t k;

		for (k = 0; k < ctx->nmacro; k++) {
			const struct macro *m = &ctx->macros[k];

			if (m->file == f->idx && m->bstart <= mp && mp < m->bend) {
				wrap = m;
				break;
			}
		}
		if (wrap && names_module_param(f, wrap->name)) {
			/* "#ifndef module_param" shims, for kernels before 2.6 */
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): it defines %.*s() for kernels that lack it; remove that fallback"),
			     name, (int)tlen(f, wrap->name), tstr(f, wrap->name));
			goto out;
		}
		if (!wrap || !wrap->func || !is_param_of(f, wrap, u->a1)) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): used inside a macro definition whose parameters do not name the variable"), name);
			goto out;
		}
		/* declaration inside the macro body, before the use */
		{
			unsigned *idx = NULL;
			size_t n = 0, cap = 0, i;

			for (i = wrap->bstart; i < mp; i++) {
				GROW(idx, n, cap);
				idx[n++] = (unsigned)i;
				if (tp(f, i, ';')) {
					parse_stmt(f, idx, n, &body);
					n = 0;
				}
			}
			free(idx);
			for (i = 0; i < body.n; i++)
				if (teq(f, body.v[i].name, f, u->a1))
					dc = &body.v[i];
		}
		if (!dc && wrapper_call_decl(ctx, f, u, wrap, name, &dc, &via, via_var, kept) < 0)
			goto out;
	} else {
		if (f->toks[mp].depth > 0) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): used inside a function or initializer"), name);
			goto out;
		}
		dup = live_module_param(f, u, &other);
		if (dup != NO_TOK) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is already a parameter through %.*s() at line %u; remove this MODULE_PARM()"),
			     name, name, (int)tlen(f, dup), tstr(f, dup), f->toks[dup].line);
			goto out;
		}
		if (other != NO_TOK)
			diag(f, mp, MP_NOTE, D("'%s' also has %.*s() at line %u, never compiled with this use; keep one if the #if only served old kernels"),
			     name, (int)tlen(f, other), tstr(f, other), f->toks[other].line);
		alias = find_local_macro(ctx, f, u->a1);
		if (alias) {
			/*
			 * "#define name other": fine when other is a declared
			 * variable, or when name is declared after the #define,
			 * which renames the variable to other as well: 2.4's
			 * aztcd.c did that so that insmod took aztcd=.
			 */
			if (!alias->func && alias->bend == alias->bstart + 1 &&
			    f->toks[alias->bstart].kind == TK_IDENT) {
				dc = decl_in_file(ctx, f, alias->bstart, 1, mp);
				if (!dc) {
					const struct decl *renamed = decl_in_file(ctx, f, u->a1, 1, mp);

					if (renamed && renamed->name > alias->name)
						dc = renamed;
				}
			}
			if (!dc) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a macro; name the variable itself"), name, name);
				goto out;
			}
			diag(f, mp, MP_NOTE, D("'%s' is a macro for '%s': the parameter keeps the expanded name, as before"),
			     name, tcopy(f, alias->bstart, aname, sizeof(aname)));
		}
		if (!dc) {
			const struct decl *twin;
			char desc[80], desc2[80];

			dc = decl_in_branch(ctx, f, u->a1, mp, 0, &twin);
			if (!dc && (dc = decl_in_branch(ctx, f, u->a1, mp, 1, &twin)))
				move = 1;
			if (twin) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is declared %s at line %u and %s at line %u, under #if branches that can each be compiled with this use, and no one module_param type fits both"),
				     name, name, decl_desc(dc, desc, sizeof(desc)), dc->line,
				     decl_desc(twin, desc2, sizeof(desc2)), twin->line);
				goto out;
			}
		}
		/* none can be compiled with the use: the first, as ever */
		if (!dc)
			dc = decl_in_file(ctx, f, u->a1, 1, mp);
		if (!dc) {
			dc = decl_in_file(ctx, f, u->a1, 0, 0);
			if (dc)
				move = 1;
		}
		if (!dc) {
			/* declared under another name that a macro maps onto this one */
			size_t k;

			for (k = 0; k < ctx->nmacro && !dc; k++) {
				const struct macro *m = &ctx->macros[k];

				if (m->file != f->idx || m->func || m->bend != m->bstart + 1 ||
				    !teq(f, m->bstart, f, u->a1))
					continue;
				dc = decl_in_file(ctx, f, m->name, 1, mp);
				if (!dc && (dc = decl_in_file(ctx, f, m->name, 0, 0)))
					move = 1;
				if (dc)
					diag(f, mp, MP_NOTE, D("'%s' is declared as '%s', which a macro renames to '%s'"),
					     name, tcopy(f, m->name, aname, sizeof(aname)), name);
			}
		}
		/* declared in a given header that this file includes first */
		if (!dc)
			dc = decl_in_included(ctx, f, name, strlen(name), mp);
		if (!dc) {
			/*
			 * Declared in another file: an extern declaration here
			 * reaches it, unless every such declaration is static.
			 */
			int k = hget(&ctx->decl_map, name, strlen(name)), first = k;

			while (k >= 0 && ctx->decls[k].is_static)
				k = ctx->decls[k].next;
			/*
			 * The extern declaration may be in a header that was not
			 * given.  A static elsewhere is a different variable: say so.
			 */
			if (k >= 0 && warn_missing_include(f, mp, name))
				goto out;
			if (k >= 0) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file (%s has one); add an extern declaration before the use"),
				     name, name, ctx->files[ctx->decls[k].file]->path);
				goto out;
			}
			if (first >= 0) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file, and the one in %s is static"),
				     name, name, ctx->files[ctx->decls[first].file]->path);
				goto out;
			}
		}
		/*
		 * An array declared with [] (here, after the use, or extern in
		 * a header) has no size for module_param_array() to take
		 * unless a later declaration in this file completes it.
		 */
		if (dc && decl_unsized(dc)) {
			int k = hget(&ctx->decl_map, name, strlen(name));

			dc = NULL;
			for (; k >= 0; k = ctx->decls[k].next) {
				const struct decl *d = &ctx->decls[k];

				if (d->file == f->idx && d->end > mp &&
				    (d->dim_s != d->dim_e || d->has_init) &&
				    (!dc || d->end < dc->end))
					dc = d;
			}
			if (!dc) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is an array of unknown size here"), name, name);
				goto out;
			}
			move = 1;
		}
	}

	resolved = !eval_type(ctx, f, u->a2s, u->a2e, &ts, 0, wrap);
	if (resolved) {
		/* messages show unknown numbers as '?' */
		struct ptype tmp;

		if (!parse_type(ts.s, &tmp)) {
			strcpy(shown, ts.s);
			for (char *q = shown; *q; q++)
				if (*q == '#')
					*q = '?';
		}
	}
	if (resolved && parse_type(ts.s, &pt)) {
		if (!strchr(ts.s, '#')) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): malformed type string \"%s\""), name, ts.s);
			goto out;
		}
		resolved = 0;
	}

	if (!dc) {
		/* no declaration: fall back to the letter when the name is in use */
		size_t i;
		int seen = 0;

		if (!wrap) {
			for (i = 0; i < mp; i++) {
				const struct mp_tok *t = &f->toks[i];

				if (t->kind == TK_IDENT && !t->dir && t->depth == 0 &&
				    !(t->flags & TF_MPARG) && teq(f, (unsigned)i, f, u->a1)) {
					seen = 1;
					break;
				}
			}
		}
		if (!wrap && !seen) {
			if (warn_missing_include(f, mp, name))
				goto out;
			if (name_used(ctx, name))
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no declaration of '%s' found in the given files"), name, name);
			else
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is not declared anywhere (typo?)"), name, name);
			goto out;
		}
		if (!resolved) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): cannot resolve the type string and no declaration was found"), name);
			goto out;
		}
		if (pt.letter == 'c') {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" needs the declaration of '%s'"), name, shown, name);
			goto out;
		}
		memset(&fb, 0, sizeof(fb));
		fb.ct = pt.letter == 's' ? CT_CHAR : letter_ct(pt.letter);
		fb.ptr = pt.letter == 's';
		fb.ndims = pt.has_range || (pt.has_min && pt.min != 1);
		fallback = 1;
		dc = &fb;
	}

	snprintf(spec, sizeof(spec), "%s", dc->spec);
	/* module_param's type check takes no volatile, and dropping it is not safe */
	if (dc->is_volatile) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is volatile, which module_param's type check does not accept"), name, name);
		goto out;
	}
	/*
	 * The 2.4 loader wrote values without looking at const.  A const
	 * object's value could be folded by the compiler, so the parameter
	 * may never have worked; 2.6's conversions removed the const, and so
	 * does this, where removable_consts() says it is safe.
	 */
	if (dc->is_const) {
		n_obj_cut = removable_consts(ctx, f, dc, 0, obj_cut);
		if (!n_obj_cut) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is const; module_param needs a writable object"), name, name);
			goto out;
		}
	}
	/*
	 * Likewise it stored a string pointer into a const char *, while
	 * charp's type check needs char *.  The letter checks below refuse
	 * anything but "s".
	 */
	if (dc->const_pointee) {
		n_ptr_cut = removable_consts(ctx, f, dc, 1, ptr_cut);
		if (!n_ptr_cut) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' points to const data; charp needs 'char *'"), name, name);
			goto out;
		}
	}
	if (dc->ndims > 1 && !(resolved && pt.letter == 'c' && pt.has_min)) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a multi-dimensional array"), name, name);
		goto out;
	}

	if (!resolved) {
		/* decide from the declaration alone */
		if (dc->ct == CT_CHAR && dc->ptr == 0) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): cannot resolve the type string for the char array '%s'"), name, name);
			goto out;
		}
		memset(&pt, 0, sizeof(pt));
		pt.letter = (dc->ct == CT_CHAR && dc->ptr == 1) ? 's' : 'i';
		pt.has_min = pt.has_range = dc->ndims == 1;
		pt.min = 1;
		pt.max = -1;
	}

	if (pt.letter == 'c') {
		if (pt.has_min) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" is an array of char buffers, which has no module_param form"), name, shown);
			goto out;
		}
		if (!(dc->ct == CT_CHAR || dc->ct == CT_BYTE || dc->ct == CT_SCHAR) || dc->ptr || dc->ndims != 1) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), name, shown, spec);
			goto out;
		}
		if (dc->ct != CT_CHAR) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): module_param_string needs a plain char array, not '%s'"), name, spec);
			goto out;
		}
		form = K_STRING;
	} else if (pt.letter == 's') {
		if (dc->ct != CT_CHAR || dc->ptr != 1) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), name, shown, spec);
			goto out;
		}
		ptype_name = "charp";
		form = dc->ndims ? K_ARRAY : K_SCALAR;
	} else {
		if (dc->ptr) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), name, shown, spec);
			goto out;
		}
		ptype_name = ct_param_type(dc->ct);
		if (dc->ct == CT_CHAR) {
			ptype_name = "byte";
			diag(f, mp, MP_NOTE, D("'%s' is a plain char: converted to byte, which takes 0..255"), name);
		}
		if (!ptype_name) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no module_param type for the declared type '%s'"), name, dc->spec[0] ? dc->spec : "?");
			goto out;
		}
		form = dc->ndims ? K_ARRAY : K_SCALAR;
	}

	if (form != K_STRING && !dc->ndims && pt.has_min && !pt.has_range && pt.min != 1) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" asks for exactly %ld values but '%s' is not an array"),
		     name, shown, pt.min, name);
		goto out;
	}

	if (form == K_STRING)
		snprintf(call, sizeof(call), "module_param_string(%s, %s, sizeof(%s), %s)", name, name, name, perm);
	else if (form == K_ARRAY)
		snprintf(call, sizeof(call), "module_param_array(%s, %s, NULL, %s)", name, ptype_name, perm);
	else
		snprintf(call, sizeof(call), "module_param(%s, %s, %s)", name, ptype_name, perm);

	/* __initdata is removed below, but only from this file's declarations */
	if (dc->initdata && dc->file != f->idx &&
	    ((ptype_name && !strcmp(ptype_name, "charp")) || strcmp(perm, "0"))) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is __initdata in %s, which would have to lose it"),
		     name, name, ctx->files[dc->file]->path);
		goto out;
	}

	diag(f, mp, MP_WARN_OBSOLETE, D("MODULE_PARM(%s) is obsolete: use %s"), name, call);

	/* notes */
	if (via)
		diag(f, mp, MP_NOTE, D("'%s' is a parameter of %.*s(): converted for the declaration of '%s' (%s), which its call at %s:%u passes"),
		     name, (int)tlen(f, wrap->name), tstr(f, wrap->name), via_var,
		     decl_desc(dc, aname, sizeof(aname)),
		     ctx->files[via->file]->path, via->line);
	if (fallback)
		diag(f, mp, MP_NOTE, D("declaration of '%s' not found: type '%s' taken from the letter '%c'"), name, ptype_name ? ptype_name : "?", pt.letter);
	if (!resolved)
		diag(f, mp, MP_NOTE, D("type string of '%s' not resolved: converted from its declaration '%s'"), name, spec);
	if (resolved && !fallback && strchr("bhil", pt.letter) &&
	    ct_bytes(letter_ct(pt.letter)) != ct_bytes(dc->ct))
		diag(f, mp, MP_NOTE, D("'%s' is declared '%s' but \"%s\" stored %s: latent bug, converted to the declared type"),
		     name, spec, shown, letter_desc(pt.letter));
	if (form == K_ARRAY && resolved && !pt.has_min && !fallback)
		diag(f, mp, MP_NOTE, D("\"%s\" took one value but '%s' is an array: it now takes up to the array size"), shown, name);
	if (form == K_ARRAY && resolved && pt.has_min && (pt.min > 1 || pt.min < 0))
		diag(f, mp, MP_NOTE, D("minimum count in \"%s\" is no longer enforced"), shown);
	if (form == K_ARRAY && resolved && pt.max_missing)
		diag(f, mp, MP_NOTE, D("\"%s\" has no maximum: the legacy loader rejected every value"), shown);
	if (form == K_SCALAR && resolved && pt.has_range && !fallback)
		diag(f, mp, MP_NOTE, D("\"%s\" on the non-array '%s' looked like a value range: the range is no longer checked"), shown, name);
	if (form == K_STRING && resolved && pt.len > 0 && !via && dc->dim_e == dc->dim_s + 1 &&
	    f == ctx->files[dc->file] && f->toks[dc->dim_s].kind == TK_NUM) {
		char dim[32];
		long dv = strtol(tcopy(f, dc->dim_s, dim, sizeof(dim)), NULL, 0);

		if (dv > 0 && pt.len > dv)
			diag(f, mp, MP_NOTE, D("\"%s\" allowed %ld bytes but '%s' holds %ld: latent overflow fixed"), shown, pt.len, name, dv);
	}

	/*
	 * __initdata is freed after init.  module_param() frees a charp value
	 * at unload and sysfs reads a visible value at any time: both would
	 * touch freed memory, so such a variable loses its __initdata.
	 */
	if (dc->initdata && ((ptype_name && !strcmp(ptype_name, "charp")) || strcmp(perm, "0"))) {
		cut_token(f, dc->initdata - 1);
		if (strcmp(perm, "0"))
			diag(f, mp, MP_NOTE, D("'%s' was __initdata: removed, since its sysfs file (mode %s) can be read after init memory is freed"), name, perm);
		else
			diag(f, mp, MP_NOTE, D("'%s' was __initdata: removed, since module_param() frees a charp value at unload, after init memory is freed"), name);
	}

	for (i = 0; i < n_obj_cut; i++)
		cut_token(f, obj_cut[i]);
	if (n_obj_cut)
		diag(f, mp, MP_NOTE, D("'%s' was const: 'const' removed from %s, since the value is set at load and a const could be folded into the code"),
		     name, n_obj_cut > 1 ? "its declarations" : "its declaration");
	for (i = 0; i < n_ptr_cut; i++)
		cut_token(f, ptr_cut[i]);
	if (n_ptr_cut)
		diag(f, mp, MP_NOTE, D("'%s' pointed to const data: 'const' removed from %s, since charp stores a 'char *'"),
		     name, n_ptr_cut > 1 ? "its declarations" : "its declaration");

	/* edits */
	if (!move) {
		add_edit(f, f->toks[mp].start, f->toks[u->rp].end, call);
	} else {
		size_t s = f->toks[mp].start, e, ins, eol;
		unsigned endt = u->semi >= 0 ? (unsigned)u->semi : u->rp;
		char text[sizeof(call) + 4];
		const char *nl;

		e = f->toks[endt].end;
		/* whole line? */
		{
			size_t b = s;

			while (b > 0 && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'))
				b--;
			if ((b == 0 || f->data[b - 1] == '\n') && line_end_clear(f, e, &eol, 0)) {
				s = b;
				e = eol;
			} else {
				while (e < f->len && (f->data[e] == ' ' || f->data[e] == '\t'))
					e++;
			}
		}
		add_edit(f, s, e, "");
		ins = f->toks[dc->end].end;
		nl = eol_of(f, ins);
		if (line_end_clear(f, ins, &eol, 1) && eol > ins && f->data[eol - 1] == '\n') {
			snprintf(text, sizeof(text), "%s;%s", call, nl);
			add_edit(f, eol, eol, text);
		} else if (line_end_clear(f, ins, &eol, 1)) {
			/* declaration on the last line without a newline */
			snprintf(text, sizeof(text), "%s%s;", nl, call);
			add_edit(f, eol, eol, text);
		} else {
			snprintf(text, sizeof(text), " %s;", call);
			add_edit(f, ins, ins, text);
		}
		diag(f, mp, MP_NOTE, D("'%s' is declared after its MODULE_PARM: module_param placed after the declaration at line %u"),
		     name, f->toks[dc->name].line);
	}
	f->nconverted++;
	free(body.v);
	return;
out:
	/* refused after the calls were looked at: they keep MODULE_PARM() */
	if (via)
		note_calls_kept(f, mp, wrap, kept);
	free(body.v);
}

void scan_file(struct mp_ctx *ctx, struct mp_file *f)
{
	unsigned *params = NULL;
	struct cond_chain **chains;
	size_t i, nparams = 0, cap = 0;

	for (i = 0; i < f->ntok; i++) {
		if (is_module_param(f, i)) {
			GROW(params, nparams, cap);
			params[nparams++] = (unsigned)i;
		}
	}
	chains = xrealloc(NULL, (nparams + 1) * sizeof(*chains));
	memset(chains, 0, (nparams + 1) * sizeof(*chains));
	for (i = 0; i + 1 < f->ntok; i++) {
		struct use u;
		size_t r, k, commas = 0, depth = 0;
		int stray = 0;

		if (!tis(f, i, "MODULE_PARM") || !tp(f, i + 1, '('))
			continue;
		if (f->toks[i + 1].dir != f->toks[i].dir)
			continue;
		if (i >= 1 && tis(f, i - 1, "define") && f->toks[i - 1].dir == f->toks[i].dir)
			continue;
		f->nuses++;
		memset(&u, 0, sizeof(u));
		u.mp = (unsigned)i;
		u.lp = (unsigned)(i + 1);
		u.semi = -1;
		u.params = params;
		u.chains = chains;
		u.nparams = nparams;
		r = match(f, i + 1, f->ntok);
		if (r >= f->ntok) {
			diag(f, (unsigned)i, MP_WARN_CANNOT, D("cannot convert MODULE_PARM: cannot parse the arguments"));
			continue;
		}
		u.rp = (unsigned)r;
		for (k = i + 2; k < r; k++) {
			if (tp(f, k, '(') || tp(f, k, '[') || tp(f, k, '{')) {
				depth++;
			} else if (tp(f, k, ')') || tp(f, k, ']') || tp(f, k, '}')) {
				if (depth)
					depth--;
				else
					stray = 1;
			} else if (tp(f, k, ',') && !depth) {
				commas++;
				u.a2s = (unsigned)(k + 1);
			}
		}
		u.a2e = (unsigned)r;
		u.a1 = (unsigned)(i + 2);
		/* a closer that opens nothing here belongs to the code around */
		if (commas != 1 || stray || f->toks[u.a1].kind != TK_IDENT || !tp(f, u.a1 + 1, ',') ||
		    u.a2s >= u.a2e) {
			diag(f, (unsigned)i, MP_WARN_CANNOT, D("cannot convert MODULE_PARM: cannot parse the arguments"));
			continue;
		}
		if (tp(f, r + 1, ';') && f->toks[r + 1].dir == f->toks[i].dir)
			u.semi = (int)(r + 1);
		convert_use(ctx, f, &u);
		i = r;
	}
	for (i = 0; i < nparams; i++)
		free(chains[i]);
	free(chains);
	free(params);
}
