// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: converting one use, as a sequence of steps over one
 * struct conv: resolve the declaration (resolve.c), read the type
 * string, check the qualifiers, choose the form, give the notes, and
 * place the call.  A step that refuses the use says why and stops it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "diag.h"
#include "edit.h"
#include "lex.h"
#include "macro.h"
#include "names.h"
#include "relocate.h"
#include "util.h"

/* Whether token i of f names module_param or one of its variants. */
bool names_module_param(const struct mp_file *f, unsigned i)
{
	return f->toks[i].kind == TK_IDENT && tlen(f, i) >= 12 &&
	       !memcmp(tstr(f, i), "module_param", 12);
}

/* Whether token i of f is a module_param*( outside any #define. */
bool is_module_param(const struct mp_file *f, size_t i)
{
	return !f->toks[i].dir && names_module_param(f, (unsigned)i) &&
	       i + 1 < f->ntok && tp(f, i + 1, '(');
}

/* The variable's name, refused when too long to keep whole. */
static bool read_name(struct conv *cv)
{
	struct mp_file *f = cv->f;

	if (tlen(f, cv->u->a1) > NAME_MAX_LEN) {
		/* a truncated copy would convert the wrong name */
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%.32s...): names longer than %d characters are not supported"),
		     tstr(f, cv->u->a1), NAME_MAX_LEN);
		return false;
	}
	tcopy(f, cv->u->a1, cv->name, sizeof(cv->name));
	return true;
}

/* A type string written as one plain string literal; 0 on success. */
static int literal_type(const char *s, size_t n, struct tstr *b)
{
	if (n < 2 || s[0] != '"' || s[n - 1] != '"' || memchr(s, '\\', n) ||
	    n - 2 >= sizeof(b->s))
		return -1;
	memcpy(b->s, s + 1, n - 2);
	b->s[n - 2] = '\0';
	b->n = n - 2;
	return 0;
}

/*
 * Evaluate the type string.  One that cannot be evaluated, or that has
 * an unknown number, leaves the type to the declaration; a known one
 * that does not parse is refused.
 */
static bool read_type_string(struct conv *cv)
{
	struct ptype tmp;
	char *q;

	if (cv->u->lit)
		cv->typestr_known = !literal_type(cv->u->lit, cv->u->litlen, &cv->ts);
	else
		cv->typestr_known = !eval_type(cv->ctx, cv->f, cv->u->a2s, cv->u->a2e, &cv->ts, 0,
					       cv->wrap);
	if (!cv->typestr_known)
		return true;
	if (!parse_type(cv->ts.s, &tmp)) {
		/* messages show unknown numbers as '?' */
		strcpy(cv->shown, cv->ts.s);
		for (q = cv->shown; *q; q++)
			if (*q == '#')
				*q = '?';
	}
	if (!parse_type(cv->ts.s, &cv->pt))
		return true;
	if (!strchr(cv->ts.s, '#')) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): malformed type string \"%s\""), cv->name, cv->ts.s);
		return false;
	}
	cv->typestr_known = false;
	return true;
}

/*
 * Where the file names the variable before the use, outside
 * MODULE_PARM() arguments: the first such token, or NONE.
 */
static unsigned named_before_use(const struct conv *cv)
{
	const struct mp_file *f = cv->f;
	size_t i;

	for (i = 0; i < cv->mp; i++) {
		const struct mp_tok *t = &f->toks[i];

		if (t->kind == TK_IDENT && !t->dir && t->depth == 0 &&
		    !(t->flags & TF_MPARG) && teq(f, (unsigned)i, f, cv->u->a1))
			return (unsigned)i;
	}
	return NONE;
}

/*
 * A direct use whose file names the variable above it, in a statement
 * the parser could not read as a declaration.  The type letter would
 * be a guess where the compiler sees the real type (an unsigned char
 * taken for an int, a char * keeping __initdata), so the use is
 * refused.  An identifier right after the name (and its []) is most
 * likely an attribute macro from a header: name it.
 */
static bool refuse_unread_decl(struct conv *cv, unsigned at)
{
	struct mp_file *f = cv->f;
	size_t j = at + 1;
	char *after;

	while (tp(f, j, '[') && (j = match(f, j, f->ntok)) < f->ntok)
		j++;
	if (j < f->ntok && f->toks[j].kind == TK_IDENT && !f->toks[j].dir &&
	    (tp(f, j + 1, '=') || tp(f, j + 1, ';') || tp(f, j + 1, ','))) {
		after = tok_dup(f, (unsigned)j);
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): the declaration of '%s' at line %u has '%s' after the name, which no #define of this file makes an attribute"),
		     cv->name, cv->name, f->toks[at].line, after);
		free(after);
		return false;
	}
	diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is named at line %u, but not in a declaration the tool can read"),
	     cv->name, cv->name, f->toks[at].line);
	return false;
}

/*
 * No declaration was found: convert by the type letter alone when the
 * file uses the name (a declaration the tool cannot read), else say
 * where the declaration may be, or that it is a dead parameter.
 */
static bool decl_from_letter(struct conv *cv)
{
	struct mp_file *f = cv->f;
	struct decl *fb = &cv->letter_decl;
	unsigned at = cv->wrap ? NONE : named_before_use(cv);

	if (at != NONE)
		return refuse_unread_decl(cv, at);
	if (!cv->wrap) {
		if (warn_missing_include(f, cv->mp, cv->name))
			return false;
		if (name_used(cv->ctx, cv->name))
			diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no declaration of '%s' found in the given files"), cv->name, cv->name);
		else
			dead_param(cv);
		return false;
	}
	if (!cv->typestr_known) {
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): cannot resolve the type string and no declaration was found"), cv->name);
		return false;
	}
	if (cv->pt.letter == 'c') {
		diag(f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" needs the declaration of '%s'"), cv->name, cv->shown, cv->name);
		return false;
	}
	memset(fb, 0, sizeof(*fb));
	fb->ct = cv->pt.letter == 's' ? CT_CHAR : letter_ct(cv->pt.letter);
	fb->ptr = cv->pt.letter == 's';
	fb->ndims = cv->pt.has_range || (cv->pt.has_min && cv->pt.min != 1);
	fb->initdata = fb->pointee_const = fb->obj_const = NONE;
	fb->spec = xstrndup("", 0);
	cv->from_letter = true;
	cv->dc = fb;
	return true;
}

/*
 * volatile refuses the use: module_param's type check takes none, and
 * dropping it is not safe.  const is removed where removable_consts()
 * says it is safe: the 2.4 loader wrote values without looking at it, so
 * a const object's value could be folded by the compiler and the
 * parameter may never have worked; 2.6's conversions removed the const
 * too.  Likewise the loader stored a string pointer into a const char *,
 * while charp's type check needs char *.
 */
static bool check_qualifiers(struct conv *cv)
{
	const struct decl *dc = cv->dc;

	if (dc->is_volatile) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is volatile, which module_param's type check does not accept"), cv->name, cv->name);
		return false;
	}
	if (dc->is_const) {
		cv->n_obj_cut = removable_consts(cv->ctx, cv->f, dc, CONST_OF_OBJECT, cv->obj_cut);
		if (!cv->n_obj_cut) {
			diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is const; module_param needs a writable object"), cv->name, cv->name);
			return false;
		}
	}
	/* the letter checks in choose_form() refuse anything but "s" here */
	if (dc->const_pointee) {
		cv->n_ptr_cut = removable_consts(cv->ctx, cv->f, dc, CONST_OF_POINTEE, cv->ptr_cut);
		if (!cv->n_ptr_cut) {
			diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' points to const data; charp needs 'char *'"), cv->name, cv->name);
			return false;
		}
	}
	if (dc->ndims > 1 && !(cv->typestr_known && cv->pt.letter == 'c' && cv->pt.has_min)) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a multi-dimensional array"), cv->name, cv->name);
		return false;
	}
	return true;
}

/* Without a type string, the declaration alone says the type. */
static bool type_from_decl(struct conv *cv)
{
	const struct decl *dc = cv->dc;

	if (dc->ct == CT_CHAR && dc->ptr == 0) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): cannot resolve the type string for the char array '%s'"), cv->name, cv->name);
		return false;
	}
	memset(&cv->pt, 0, sizeof(cv->pt));
	cv->pt.letter = (dc->ct == CT_CHAR && dc->ptr == 1) ? 's' : 'i';
	cv->pt.has_min = cv->pt.has_range = dc->ndims == 1;
	cv->pt.min = 1;
	cv->pt.max = -1;
	return true;
}

static bool refuse_mismatch(struct conv *cv)
{
	diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), cv->name, cv->shown, cv->dc->spec);
	return false;
}

/* "cN": module_param_string() of a plain char array. */
static bool choose_string(struct conv *cv)
{
	const struct decl *dc = cv->dc;

	if (cv->pt.has_min) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" is an array of char buffers, which has no module_param form"), cv->name, cv->shown);
		return false;
	}
	if (!(dc->ct == CT_CHAR || dc->ct == CT_BYTE || dc->ct == CT_SCHAR) || dc->ptr || dc->ndims != 1)
		return refuse_mismatch(cv);
	if (dc->ct != CT_CHAR) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): module_param_string needs a plain char array, not '%s'"), cv->name, dc->spec);
		return false;
	}
	cv->form = FORM_STRING;
	return true;
}

/* "s", or a number letter: module_param() or module_param_array() of a type. */
static bool choose_typed(struct conv *cv)
{
	const struct decl *dc = cv->dc;

	if (cv->pt.letter == 's' && dc->ct == CT_CHAR && !dc->ptr && dc->ndims == 1 &&
	    !cv->pt.has_min && !decl_unsized(dc)) {
		/*
		 * "s" on char buf[N]: the legacy loader stored a pointer to
		 * the value into the buffer's first bytes, which no driver
		 * meant; module_param_string() copies the text, as wanted.
		 */
		diag(cv->f, cv->mp, MP_NOTE, D("'%s' is a char array: \"s\" stored a pointer into it, module_param_string() copies the value"),
		     cv->name);
		cv->form = FORM_STRING;
		return true;
	}
	if (cv->pt.letter == 's') {
		if (dc->ct != CT_CHAR || dc->ptr != 1)
			return refuse_mismatch(cv);
		cv->ptype = "charp";
	} else {
		if (dc->ptr)
			return refuse_mismatch(cv);
		cv->ptype = ct_param_type(dc->ct);
		if (dc->ct == CT_CHAR) {
			cv->ptype = "byte";
			diag(cv->f, cv->mp, MP_NOTE, D("'%s' is a plain char: converted to byte, which takes 0..255"), cv->name);
		}
		if (!cv->ptype) {
			diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no module_param type for the declared type '%s'"), cv->name, dc->spec[0] ? dc->spec : "?");
			return false;
		}
	}
	cv->form = dc->ndims ? FORM_ARRAY : FORM_SCALAR;
	return true;
}

/* The module_param*() form, from the type letter and the declaration. */
static bool choose_form(struct conv *cv)
{
	const struct ptype *pt = &cv->pt;
	bool ok;

	if (!cv->typestr_known && !type_from_decl(cv))
		return false;
	ok = pt->letter == 'c' ? choose_string(cv) : choose_typed(cv);
	if (!ok)
		return false;
	if (cv->form != FORM_STRING && !cv->dc->ndims && pt->has_min && !pt->has_range &&
	    pt->min != 1) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" asks for exactly %ld values but '%s' is not an array"),
		     cv->name, cv->shown, pt->min, cv->name);
		return false;
	}
	return true;
}

/* Whether the conversion removes __initdata from the declaration. */
static bool loses_initdata(const struct conv *cv)
{
	return cv->dc->initdata != NONE &&
	       ((cv->ptype && !strcmp(cv->ptype, "charp")) || strcmp(cv->ctx->opt.perm, "0"));
}

/* __initdata is removed, but only from this file's declarations. */
static bool initdata_here(struct conv *cv)
{
	if (!loses_initdata(cv) || cv->dc->file == cv->f->idx)
		return true;
	diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is __initdata in %s, which would have to lose it"),
	     cv->name, cv->name, cv->ctx->files[cv->dc->file]->path);
	return false;
}


/*
 * size_t and ssize_t are as wide as long on every 6.12 architecture, but
 * they are unsigned int and int on the 32-bit ones, whose ulong and long
 * type checks refuse them: their declarations become unsigned long and
 * long, the types they are on 64-bit ones.
 */
static bool retype_here(struct conv *cv)
{
	const struct decl *dc = cv->dc;
	unsigned where;

	if (cv->from_letter || (dc->ct != CT_SIZE && dc->ct != CT_SSIZE) || !cv->ptype)
		return true;
	cv->n_retype = retype_words(cv->ctx, cv->f, dc, cv->retype, &where);
	if (cv->n_retype)
		return true;
	if (where != cv->f->idx)
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is %s, which %s takes only on 64-bit architectures, and %s declares it too"),
		     cv->name, cv->name, dc->spec, cv->ptype, cv->ctx->files[where]->path);
	else
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is %s, which %s takes only on 64-bit architectures, and its declaration declares other variables too"),
		     cv->name, cv->name, dc->spec, cv->ptype);
	return false;
}

/* Retype what retype_here() found. */
static void retype(struct conv *cv)
{
	bool sz = cv->dc->ct == CT_SIZE;
	const char *to = sz ? "unsigned long" : "long";
	size_t i;

	for (i = 0; i < cv->n_retype; i++)
		add_edit(cv->f, cv->f->toks[cv->retype[i]].start, cv->f->toks[cv->retype[i]].end, to);
	if (cv->n_retype)
		diag(cv->f, cv->mp, MP_NOTE, D("'%s' was %s: declared %s, which the type check of %s takes on every architecture (%s is %s on 32-bit ones)"),
		     cv->name, sz ? "size_t" : "ssize_t", to, cv->ptype, sz ? "size_t" : "ssize_t", sz ? "unsigned int" : "int");
}
static void make_call(struct conv *cv)
{
	const char *perm = cv->ctx->opt.perm, *name = cv->name;

	if (cv->form == FORM_STRING)
		cv->call = xasprintf("module_param_string(%s, %s, sizeof(%s), %s)", name, name, name, perm);
	else if (cv->form == FORM_ARRAY)
		cv->call = xasprintf("module_param_array(%s, %s, NULL, %s)", name, cv->ptype, perm);
	else
		cv->call = xasprintf("module_param(%s, %s, %s)", name, cv->ptype, perm);
}

/* A "cN" larger than the array it fills: the conversion fixes an overflow. */
static void note_string_overflow(struct conv *cv)
{
	const struct decl *dc = cv->dc;
	const struct mp_file *f = cv->f;
	long dv;

	if (cv->pt.len <= 0 || cv->via || dc->dim_e != dc->dim_s + 1 ||
	    f != cv->ctx->files[dc->file] || f->toks[dc->dim_s].kind != TK_NUM)
		return;
	/* the ']' after the number ends it */
	dv = strtol(tstr(f, dc->dim_s), NULL, 0);
	if (dv > 0 && cv->pt.len > dv)
		diag(cv->f, cv->mp, MP_NOTE, D("\"%s\" allowed %ld bytes but '%s' holds %ld: latent overflow fixed"), cv->shown, cv->pt.len, cv->name, dv);
}

/* What the conversion changes in meaning, beside the obsolete warning. */
/*
 * A signed letter on an unsigned variable: the legacy loader read the
 * value with simple_strtol() and took -1 (all bits set, a common "auto"
 * value), while the unsigned module_param types refuse a minus sign.
 */
static void note_unsigned(struct conv *cv)
{
	enum ctype ct = cv->dc->ct;

	if (!strchr("hil", cv->pt.letter) || cv->dc->ptr ||
	    (ct != CT_UINT && ct != CT_USHORT && ct != CT_ULONG && ct != CT_ULLONG &&
	     ct != CT_SIZE))
		return;
	diag(cv->f, cv->mp, MP_NOTE, D("'%s' is declared '%s': as %s it refuses values below zero, such as -1, which \"%s\" took"),
	     cv->name, cv->dc->spec, ct_param_type(ct), cv->shown);
}

/*
 * MIN-MAX on an array larger than MAX: module_param_array() takes as
 * many values as the array holds, so the legacy bound is gone.  Only a
 * size written as a number is compared.
 */
static void note_max_widened(struct conv *cv)
{
	const struct decl *dc = cv->dc;
	struct mp_file *f = cv->f;
	char buf[32], *end;
	long size;

	if (dc->ndims != 1 || dc->file != f->idx || dc->dim_e != dc->dim_s + 1 ||
	    f->toks[dc->dim_s].kind != TK_NUM)
		return;
	size = strtol(tcopy(f, dc->dim_s, buf, sizeof(buf)), &end, 0);
	if (*end || size <= cv->pt.max)
		return;
	diag(f, cv->mp, MP_NOTE, D("\"%s\" took at most %ld values but '%s' holds %ld: module_param_array() now takes up to %ld"),
	     cv->shown, cv->pt.max, cv->name, size, size);
}

static void emit_notes(struct conv *cv)
{
	struct mp_file *f = cv->f;
	const struct ptype *pt = &cv->pt;
	const char *name = cv->name, *shown = cv->shown;
	bool known = cv->typestr_known, letter = cv->from_letter;
	char *desc;

	diag(f, cv->mp, MP_WARN_OBSOLETE, D("MODULE_PARM(%s) is obsolete: use %s"), name, cv->call);
	if (cv->via) {
		desc = decl_desc(cv->dc);
		diag(f, cv->mp, MP_NOTE, D("'%s' is a parameter of %.*s(): converted for the declaration of '%s' (%s), which its call at %s:%u passes"),
		     name, (int)tlen(f, cv->wrap->name), tstr(f, cv->wrap->name), cv->via_var,
		     desc, cv->ctx->files[cv->via->file]->path, cv->via->line);
		free(desc);
	}
	if (letter)
		diag(f, cv->mp, MP_NOTE, D("declaration of '%s' not found: type '%s' taken from the letter '%c'"), name, cv->ptype ? cv->ptype : "?", pt->letter);
	if (!known)
		diag(f, cv->mp, MP_NOTE, D("type string of '%s' not resolved: converted from its declaration '%s'"), name, cv->dc->spec);
	if (known && !letter && strchr("bhil", pt->letter) &&
	    ct_bytes(letter_ct(pt->letter)) != ct_bytes(cv->dc->ct))
		diag(f, cv->mp, MP_NOTE, D("'%s' is declared '%s' but \"%s\" stored %s: latent bug, converted to the declared type"),
		     name, cv->dc->spec, shown, letter_desc(pt->letter));
	if (cv->form == FORM_ARRAY && known && !pt->has_min && !letter)
		diag(f, cv->mp, MP_NOTE, D("\"%s\" took one value but '%s' is an array: it now takes up to the array size"), shown, name);
	if (cv->form == FORM_ARRAY && known && pt->has_min && (pt->min > 1 || pt->min < 0))
		diag(f, cv->mp, MP_NOTE, D("minimum count in \"%s\" is no longer enforced"), shown);
	if (cv->form == FORM_ARRAY && known && pt->max_missing)
		diag(f, cv->mp, MP_NOTE, D("\"%s\" has no maximum: the legacy loader rejected every value"), shown);
	if (cv->form == FORM_SCALAR && known && pt->has_range && !letter)
		diag(f, cv->mp, MP_NOTE, D("\"%s\" on the non-array '%s' looked like a value range: the range is no longer checked"), shown, name);
	if (cv->form == FORM_STRING && known)
		note_string_overflow(cv);
	if (known && !letter)
		note_unsigned(cv);
	if (cv->form == FORM_ARRAY && known && pt->has_range && pt->max > 0)
		note_max_widened(cv);
}

/*
 * Whether token i is an initialiser checkpatch calls zero: NULL, false,
 * or a number of zeros (0, 00, 0x0) with an integer suffix.  A number is
 * a TK_NUM token, never the TK_IDENT that tis() matches.
 */
static bool zero_value(const struct mp_file *f, unsigned i)
{
	const char *s, *e;

	if (tis(f, i, "NULL") || tis(f, i, "false"))
		return true;
	if (i >= f->ntok || f->toks[i].kind != TK_NUM)
		return false;
	s = tstr(f, i);
	e = s + tlen(f, i);
	if (*s != '0')
		return false;
	if (e - s > 2 && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	while (s < e && *s == '0')
		s++;
	while (s < e && *s && strchr("uUlL", *s))
		s++;
	return s == e;
}

/*
 * The zero initialiser (" = 0", " = NULL") of a static declaration of f that loses its
 * __initdata: a static starts as zero anyway, and checkpatch refuses the
 * initialiser on the line that a patch adds.  Only "name ... = 0;" with
 * no other declarator: true when removed.
 */
static bool drop_zero_init(struct conv *cv)
{
	const struct decl *dc = cv->dc;
	struct mp_file *f = cv->f;
	unsigned eq, k;

	if (!dc->is_static || !dc->has_init || dc->file != f->idx || dc->end < dc->name + 3)
		return false;
	eq = dc->end - 2;
	if (!tp(f, eq, '=') || !zero_value(f, eq + 1))
		return false;
	for (k = dc->name; k < eq; k++)
		if (tp(f, k, ',') || tp(f, k, '='))
			return false;
	if (!(f->toks[eq - 1].flags & TF_DROPPED)) {
		add_edit(f, f->toks[eq - 1].end, f->toks[eq + 1].end, "");
	} else {
		/* cut_token() took the __initdata before it and the blank after that */
		size_t at = f->toks[eq - 1].start, end = f->toks[eq - 1].end;

		if (end >= f->len || (f->data[end] != ' ' && f->data[end] != '\t') ||
		    at == 0 || (f->data[at - 1] != ' ' && f->data[at - 1] != '\t'))
			return false;
		add_edit(f, at - 1, at, "");
		add_edit(f, f->toks[eq].start, f->toks[eq + 1].end, "");
	}
	diag(f, cv->mp, MP_NOTE, D("'%s' was initialised to %.*s: the initialiser went with __initdata, since a static starts as zero"),
	     cv->name, (int)tlen(f, eq + 1), tstr(f, eq + 1));
	return true;
}

/*
 * Remove __initdata and const where check_qualifiers() and
 * loses_initdata() said so.  __initdata is freed after init, while
 * module_param() frees a charp value at unload and sysfs reads a visible
 * value at any time: both would touch freed memory.
 */
static void drop_qualifiers(struct conv *cv)
{
	struct mp_file *f = cv->f;
	const char *perm = cv->ctx->opt.perm;
	size_t i;

	if (loses_initdata(cv)) {
		cut_token(f, cv->dc->initdata);
		if (strcmp(perm, "0"))
			diag(f, cv->mp, MP_NOTE, D("'%s' was __initdata: removed, since its sysfs file (mode %s) can be read after init memory is freed"), cv->name, perm);
		else
			diag(f, cv->mp, MP_NOTE, D("'%s' was __initdata: removed, since module_param() frees a charp value at unload, after init memory is freed"), cv->name);
		drop_zero_init(cv);
	}
	for (i = 0; i < cv->n_obj_cut; i++)
		cut_token(f, cv->obj_cut[i]);
	if (cv->n_obj_cut)
		diag(f, cv->mp, MP_NOTE, D("'%s' was const: 'const' removed from %s, since the value is set at load and a const could be folded into the code"),
		     cv->name, cv->n_obj_cut > 1 ? "its declarations" : "its declaration");
	for (i = 0; i < cv->n_ptr_cut; i++)
		cut_token(f, cv->ptr_cut[i]);
	if (cv->n_ptr_cut)
		diag(f, cv->mp, MP_NOTE, D("'%s' pointed to const data: 'const' removed from %s, since charp stores a 'char *'"),
		     cv->name, cv->n_ptr_cut > 1 ? "its declarations" : "its declaration");
}

/* Replace the use by the call, or move it after the declaration. */
static void place_call(struct conv *cv)
{
	const struct use *u = cv->u;
	struct mp_file *f = cv->f;

	if (cv->place == PLACE_AT_USE && u->add_semi && u->semi == NONE) {
		char *text = xasprintf("%s;", cv->call);

		replace_use(f, u->mp, u->rp, u->semi, text);
		free(text);
		return;
	}
	if (cv->place == PLACE_AT_USE) {
		replace_use(f, u->mp, u->rp, u->semi, cv->call);
		return;
	}
	if (cv->place == PLACE_OTHER_FILE) {
		place_in_home(cv);
		return;
	}
	move_call(f, u->mp, u->semi != NONE ? u->semi : u->rp, cv->dc->end, cv->call);
	if (cv->place == PLACE_MODULE_SIDE && cv->for_initdata) {
		diag(f, cv->mp, MP_NOTE, D("'%s' is __initdata for built-in code at line %u, which is freed while the parameter lives on: module_param placed after the module's declaration at line %u, since MODULE_PARM() was compiled for modules only"),
		     cv->name, cv->builtin->line, cv->dc->line);
		return;
	}
	if (cv->place == PLACE_MODULE_SIDE) {
		char *mod = decl_desc(cv->dc), *builtin = decl_desc(cv->builtin);

		diag(f, cv->mp, MP_NOTE, D("'%s' is declared %s for modules at line %u and %s for built-in code at line %u: %s() placed after the module's declaration, since MODULE_PARM() was compiled for modules only"),
		     cv->name, mod, cv->dc->line, builtin, cv->builtin->line,
		     cv->form == FORM_STRING ? "module_param_string" :
		     cv->form == FORM_ARRAY ? "module_param_array" : "module_param");
		free(mod);
		free(builtin);
		return;
	}
	diag(f, cv->mp, MP_NOTE, D("'%s' is declared after its MODULE_PARM: module_param placed after the declaration at line %u"),
	     cv->name, f->toks[cv->dc->name].line);
}

/*
 * Keep what the use was and became, for a patch's description: the type
 * string as written (blanks, newlines and line continuations one space)
 * and the call.
 */
static void record_conversion(struct conv *cv)
{
	struct mp_file *f = cv->f;
	struct mp_conversion *c;
	const char *text = cv->u->lit ? cv->u->lit : f->data;
	size_t s = f->toks[cv->u->a2s].start, e = f->toks[cv->u->a2e - 1].end, n = 0, i;
	char *ts;

	if (cv->u->lit) {
		s = 0;
		e = cv->u->litlen;
	}
	ts = xrealloc(NULL, e - s + 1);
	/* as written, each run of blanks and newlines one space */
	for (i = s; i < e; i++) {
		bool blank = strchr(" \t\r\n\\", text[i]) != NULL;

		if (!blank)
			ts[n++] = text[i];
		else if (n && ts[n - 1] != ' ')
			ts[n++] = ' ';
	}
	ts[n] = '\0';
	GROW(f->convs, f->nconv, f->convcap);
	c = &f->convs[f->nconv++];
	c->line = f->toks[cv->mp].line;
	c->name = xstrndup(cv->name, strlen(cv->name));
	c->typestr = ts;
	c->call = xstrndup(cv->call, strlen(cv->call));
}

/* Convert the use u of f, or refuse it with a warning that says why. */
void convert_use(struct mp_ctx *ctx, struct mp_file *f, const struct use *u)
{
	struct conv cv;

	memset(&cv, 0, sizeof(cv));
	cv.ctx = ctx;
	cv.f = f;
	cv.u = u;
	cv.mp = u->mp;
	cv.place = PLACE_AT_USE;
	if (read_name(&cv) && resolve_decl(&cv) && read_type_string(&cv) &&
	    (cv.dc || decl_from_letter(&cv)) && check_qualifiers(&cv) &&
	    choose_form(&cv) && initdata_here(&cv) && retype_here(&cv)) {
		make_call(&cv);
		emit_notes(&cv);
		drop_qualifiers(&cv);
		retype(&cv);
		place_call(&cv);
		record_conversion(&cv);
		f->nconverted++;
	} else if (cv.via) {
		/* refused after the calls were looked at: they keep MODULE_PARM() */
		note_calls_kept(f, cv.mp, cv.wrap, cv.kept);
	}
	free_decls(cv.body.v, cv.body.n);
	free(cv.letter_decl.spec);
	free(cv.via_var);
	free(cv.call);
}
