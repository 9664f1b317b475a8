// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the declaration parser.  File-scope code is split into
 * statements, and each statement that declares variables is read
 * declarator by declarator.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decl.h"
#include "lex.h"

/* Each C type: its module_param type, if it has one, and its size. */
static const struct {
	const char *param;
	int bytes;
} ctypes[] = {
	[CT_UNKNOWN]	= { NULL, 0 },
	[CT_BYTE]	= { "byte", 1 },
	[CT_SHORT]	= { "short", 2 },
	[CT_USHORT]	= { "ushort", 2 },
	[CT_INT]	= { "int", 4 },
	[CT_UINT]	= { "uint", 4 },
	[CT_LONG]	= { "long", 8 },
	[CT_ULONG]	= { "ulong", 8 },
	[CT_ULLONG]	= { "ullong", 8 },
	[CT_LLONG]	= { NULL, 8 },		/* module_param has no llong */
	[CT_BOOL]	= { "bool", 1 },
	[CT_CHAR]	= { NULL, 1 },		/* signed or not: byte, with a note */
	[CT_SCHAR]	= { NULL, 1 },
	/* the same width as long on every 6.12 arch, but the type of that
	 * width only on 64-bit ones: convert.c retypes the declaration */
	[CT_SIZE]	= { "ulong", 8 },
	[CT_SSIZE]	= { "long", 8 },
};

const char *ct_param_type(enum ctype ct)
{
	return ctypes[ct].param;
}

int ct_bytes(enum ctype ct)
{
	return ctypes[ct].bytes;
}

static const struct { const char *name; enum ctype ct; } typedefs[] = {
	{ "u8", CT_BYTE }, { "__u8", CT_BYTE }, { "uint8_t", CT_BYTE },
	{ "u_int8_t", CT_BYTE }, { "u_char", CT_BYTE }, { "unchar", CT_BYTE },
	{ "u16", CT_USHORT }, { "__u16", CT_USHORT }, { "uint16_t", CT_USHORT },
	{ "u_int16_t", CT_USHORT }, { "u_short", CT_USHORT }, { "ushort", CT_USHORT },
	{ "s16", CT_SHORT }, { "__s16", CT_SHORT }, { "int16_t", CT_SHORT },
	{ "u32", CT_UINT }, { "__u32", CT_UINT }, { "uint32_t", CT_UINT },
	{ "u_int32_t", CT_UINT }, { "u_int", CT_UINT }, { "uint", CT_UINT },
	/* __kernel_uid32_t and __kernel_gid32_t: unsigned int on every arch */
	{ "uid_t", CT_UINT }, { "gid_t", CT_UINT },
	{ "s32", CT_INT }, { "__s32", CT_INT }, { "int32_t", CT_INT },
	{ "u_long", CT_ULONG }, { "ulong", CT_ULONG },
	{ "u64", CT_ULLONG }, { "__u64", CT_ULLONG }, { "uint64_t", CT_ULLONG },
	{ "u_int64_t", CT_ULLONG },
	{ "s64", CT_LLONG }, { "__s64", CT_LLONG }, { "int64_t", CT_LLONG },
	{ "s8", CT_SCHAR }, { "__s8", CT_SCHAR }, { "int8_t", CT_SCHAR },
	{ "bool", CT_BOOL }, { "_Bool", CT_BOOL },
	{ "size_t", CT_SIZE }, { "ssize_t", CT_SSIZE },
};

/* The typedef s[0..n) names, in typedefs[]; or NONE. */
static unsigned find_typedef(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(typedefs) / sizeof(typedefs[0]); i++)
		if (strlen(typedefs[i].name) == n && !memcmp(typedefs[i].name, s, n))
			return (unsigned)i;
	return NONE;
}

static int is_annotation(const char *s, size_t n)
{
	return n > 2 && s[0] == '_' && s[1] == '_' && find_typedef(s, n) == NONE;
}

/* First token in idx[from..to) that is @stop outside any brackets, or to. */
static size_t scan_depth0(const struct mp_tok *T, const unsigned int *idx,
			  size_t from, size_t to, char stop)
{
	size_t i, depth = 0;

	for (i = from; i < to; i++) {
		const struct mp_tok *t = &T[idx[i]];

		if (t->kind != TK_PUNCT)
			continue;
		if (t->c == '(' || t->c == '[' || t->c == '{')
			depth++;
		else if ((t->c == ')' || t->c == ']' || t->c == '}') && depth)
			depth--;
		else if (t->c == stop && !depth)
			break;
	}
	return i;
}

/*
 * Scan back from idx[e], a closing bracket, to the token that opens it,
 * stopping at idx[s].  Returns that position; *depth is 0 if it matched.
 */
static size_t match_back(const struct mp_file *f, const unsigned int *idx, size_t s,
			 size_t e, char open, char close, int *depth)
{
	size_t m = e;
	int dd = 0;

	for (;; m--) {
		if (tp(f, idx[m], close))
			dd++;
		else if (tp(f, idx[m], open) && --dd == 0)
			break;
		if (m == s)
			break;
	}
	*depth = dd;
	return m;
}

/* The first __initdata among tokens idx[from..to) of f, or NONE. */
static unsigned find_initdata(const struct mp_file *f, const unsigned *idx, size_t from, size_t to)
{
	for (; from < to; from++)
		if (tis(f, idx[from], "__initdata"))
			return idx[from];
	return NONE;
}

/*
 * The only const among the specifiers spec[0..n) and nother more consts
 * of the declarator (the last of which is token other); NONE if there
 * is none or there are several.
 */
static unsigned find_sole_const(const struct mp_file *f, const unsigned *spec, size_t n,
				int nother, unsigned other)
{
	unsigned found = nother == 1 ? other : NONE;
	size_t i;

	if (nother > 1)
		return NONE;
	for (i = 0; i < n; i++) {
		if (!tis(f, spec[i], "const"))
			continue;
		if (found != NONE)
			return NONE;
		found = spec[i];
	}
	return found;
}

/* The most specifier words a declaration may have; more, and it is not read. */
#define MAX_SPECS 32

/* The specifiers of a declaration, which all its declarators share. */
struct specs {
	unsigned tok[MAX_SPECS];	/* its words, __attribute__s left out */
	size_t n;
	bool is_extern, is_static, is_const, is_volatile, is_struct;
	unsigned initdata;		/* an __initdata among them, or NONE */
};

/* One declarator: the name and what stands around it. */
struct declarator {
	unsigned name;
	int ptr, ndims;
	unsigned dim_s, dim_e;		/* tokens inside the first [] */
	int nobj_const;			/* consts right before the name ... */
	unsigned obj_const;		/* ... the last of them, or NONE */
	int nmid_const;			/* consts after a '*', as in char const *p ... */
	unsigned mid_const;		/* ... the last of them, or NONE */
	bool is_volatile, has_init;
	unsigned initdata;		/* or NONE */
};

static bool is_annotation_tok(const struct mp_file *f, unsigned t)
{
	return f->toks[t].kind == TK_IDENT && is_annotation(tstr(f, t), tlen(f, t));
}

/*
 * An object-like macro of the file that stands for attributes only, as
 * "#define FOO_INITDATA __initdata" does: where it follows a declarator
 * the compiler sees the attributes, so the parser must too, or it takes
 * the macro for the variable's name.  "initdata" when any of its
 * definitions expands to __initdata: removing __initdata then means
 * removing the macro from the declaration.
 */
struct attr_macro {
	unsigned name;		/* the name's token in the #define */
	unsigned bstart, bend;	/* its body */
	bool attr, initdata;
};

/* The object-like #defines of a file, for attr_macro_at(). */
struct attr_macros {
	const struct mp_file *f;
	struct attr_macro *v;
	size_t n, cap;
};

/*
 * Whether token t is a macro that only stands for attributes, every
 * definition of it before t considered; *initdata is set if one
 * expands to __initdata.
 */
static bool is_attr_macro(const struct attr_macros *am, unsigned t, bool *initdata)
{
	size_t k;
	bool any = false;

	*initdata = false;
	if (!am || am->f->toks[t].kind != TK_IDENT)
		return false;
	for (k = 0; k < am->n; k++) {
		const struct attr_macro *m = &am->v[k];

		if (m->name >= t || !teq(am->f, m->name, am->f, t))
			continue;
		if (!m->attr)
			return false;
		any = true;
		*initdata |= m->initdata;
	}
	return any;
}

/*
 * Whether a macro body, tokens s..e of f, holds attributes only:
 * __annotations, __attribute__((...)) and macros that do; nothing at
 * all counts, as "#define FOO_INITDATA" for the built-in driver.
 */
static bool attr_body(const struct attr_macros *am, unsigned s, unsigned e, bool *initdata)
{
	const struct mp_file *f = am->f;
	unsigned i;
	bool sub;

	*initdata = false;
	for (i = s; i < e; i++) {
		if (tis(f, i, "__attribute__") && i + 1 < e && tp(f, i + 1, '(')) {
			size_t r = match(f, i + 1, e);

			if (r >= e)
				return false;
			i = (unsigned)r;
		} else if (f->toks[i].kind == TK_IDENT && is_annotation(tstr(f, i), tlen(f, i))) {
			*initdata |= tis(f, i, "__initdata");
		} else if (is_attr_macro(am, i, &sub)) {
			*initdata |= sub;
		} else {
			return false;
		}
	}
	return true;
}

/*
 * Read the object-like #defines of f into am, and which of them stand
 * for attributes.  Each round can only turn an entry from attribute to
 * not, so a few rounds settle macros defined through one another.
 */
static void find_attr_macros(const struct mp_file *f, struct attr_macros *am)
{
	size_t d, k, round;
	bool changed = true;

	memset(am, 0, sizeof(*am));
	am->f = f;
	for (d = 0; d < f->ndir; d++) {
		size_t i = f->dirs[d], j;
		unsigned dir = f->toks[i].dir;

		if (!directive_at(f, i, "define", TK_IDENT))
			continue;
		j = i + 3;
		if (tp(f, j, '(') && f->toks[j].dir == dir && f->toks[j].start == f->toks[i + 2].end)
			continue;	/* function-like */
		GROW(am->v, am->n, am->cap);
		am->v[am->n].name = (unsigned)(i + 2);
		am->v[am->n].bstart = (unsigned)j;
		while (j < f->ntok && f->toks[j].dir == dir)
			j++;
		am->v[am->n].bend = (unsigned)j;
		am->v[am->n].attr = true;
		am->v[am->n++].initdata = false;
	}
	for (round = 0; changed && round < 8; round++) {
		changed = false;
		for (k = 0; k < am->n; k++) {
			struct attr_macro *m = &am->v[k];
			bool was = m->attr, was_init = m->initdata;

			m->attr = attr_body(am, m->bstart, m->bend, &m->initdata);
			changed |= m->attr != was || m->initdata != was_init;
		}
	}
}

/* Whether a specifier word says nothing of the type. */
static bool storage_word(const char *w, size_t wn)
{
	return word_is(w, wn, "static") || word_is(w, wn, "extern") ||
	       word_is(w, wn, "register") || word_is(w, wn, "volatile") ||
	       word_is(w, wn, "const") || word_is(w, wn, "auto") ||
	       word_is(w, wn, "inline") || is_annotation(w, wn);
}

/* Whether a specifier word names a type or storage, which no declarator name does. */
static bool type_word(const struct mp_file *f, unsigned t)
{
	static const char *const words[] = {
		"unsigned", "signed", "long", "short", "int", "char", "void", "float",
		"double", "struct", "union", "enum",
	};
	size_t i;

	if (storage_word(tstr(f, t), tlen(f, t)) || find_typedef(tstr(f, t), tlen(f, t)) != NONE)
		return true;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (tis(f, t, words[i]))
			return true;
	return false;
}

/*
 * Whether idx[l - 1] is an attribute macro after a declarator's name
 * (or its []), as in "static char *id FOO_INITDATA": the compiler
 * expands it away.  A name right after a type word is the variable.
 */
static bool trailing_attr_macro(const struct mp_file *f, const unsigned *idx, size_t s,
				size_t l, const struct attr_macros *am, bool *initdata)
{
	unsigned prev;

	if (l < s + 2 || !is_attr_macro(am, idx[l - 1], initdata))
		return false;
	prev = idx[l - 2];
	return tp(f, prev, ']') || (f->toks[prev].kind == TK_IDENT && !type_word(f, prev));
}

/*
 * Drop trailing annotations, attribute macros and __attribute__((...))
 * from idx[s..l): the new l.  An attribute macro for __initdata goes
 * into *initdata, if that is NONE.
 */
static size_t strip_attributes(const struct mp_file *f, const unsigned *idx, size_t s, size_t l,
			       const struct attr_macros *am, unsigned *initdata)
{
	bool init;

	for (;;) {
		if (l > s && is_annotation_tok(f, idx[l - 1])) {
			l--;
			continue;
		}
		if (trailing_attr_macro(f, idx, s, l, am, &init)) {
			if (init && *initdata == NONE)
				*initdata = idx[l - 1];
			l--;
			continue;
		}
		if (l > s && tp(f, idx[l - 1], ')')) {
			int dd;
			size_t m = match_back(f, idx, s, l - 1, '(', ')', &dd);

			if (dd == 0 && m > s && tis(f, idx[m - 1], "__attribute__")) {
				l = m - 1;
				continue;
			}
		}
		return l;
	}
}

/* Read the [] after the name, back from *l; false if they do not match. */
static bool read_dims(const struct mp_file *f, const unsigned *idx, size_t s, size_t *l,
		      struct declarator *d)
{
	while (*l > s && tp(f, idx[*l - 1], ']')) {
		int dd;
		size_t m = match_back(f, idx, s, *l - 1, '[', ']', &dd);

		if (dd != 0 || m == s)
			return false;
		d->ndims++;
		d->dim_s = idx[m] + 1;
		d->dim_e = idx[*l - 1];
		*l = m;
	}
	return true;
}

/* Read the '*', const, volatile and annotations before the name, back from *l. */
static void read_pointer(const struct mp_file *f, const unsigned *idx, size_t s, size_t *l,
			 struct declarator *d)
{
	for (; *l > s; --*l) {
		unsigned t = idx[*l - 1];

		if (tp(f, t, '*')) {
			d->ptr++;
		} else if (tis(f, t, "volatile")) {
			d->is_volatile = true;
		} else if (tis(f, t, "const") && d->ptr == 0) {
			d->nobj_const++;	/* const right before the name */
			d->obj_const = t;
		} else if (tis(f, t, "const")) {
			d->nmid_const++;
			d->mid_const = t;
		} else if (!is_annotation_tok(f, t)) {
			return;
		}
	}
}

/*
 * Read the declarator in idx[s..e), where the specifiers (of the first
 * declarator) end at *rest.  False if it is not one of a variable.
 */
static bool read_declarator(const struct mp_file *f, const unsigned *idx, size_t s, size_t e,
			    const struct attr_macros *am, struct declarator *d, size_t *rest)
{
	size_t l = scan_depth0(f->toks, idx, s, e, '=');

	memset(d, 0, sizeof(*d));
	d->obj_const = d->mid_const = NONE;
	d->has_init = l < e;
	d->initdata = find_initdata(f, idx, s, l);
	l = strip_attributes(f, idx, s, l, am, &d->initdata);
	if (!read_dims(f, idx, s, &l, d))
		return false;
	if (l <= s || f->toks[idx[l - 1]].kind != TK_IDENT)
		return false;
	d->name = idx[--l];
	read_pointer(f, idx, s, &l, d);
	*rest = l;
	return true;
}

/* Note one specifier word, token t; false if there are too many. */
static bool add_spec(const struct mp_file *f, unsigned t, struct specs *sp)
{
	const char *w = tstr(f, t);
	size_t wn = tlen(f, t);

	if (word_is(w, wn, "extern"))
		sp->is_extern = true;
	else if (word_is(w, wn, "static"))
		sp->is_static = true;
	else if (word_is(w, wn, "const"))
		sp->is_const = true;
	else if (word_is(w, wn, "volatile"))
		sp->is_volatile = true;
	else if (word_is(w, wn, "struct") || word_is(w, wn, "union") || word_is(w, wn, "enum"))
		sp->is_struct = true;
	if (sp->n == MAX_SPECS)
		return false;
	sp->tok[sp->n++] = t;
	return true;
}

/*
 * Read the specifiers idx[s..l): words, __attribute__((...)) and a
 * struct's body.  False if anything else is there, or nothing.
 */
static bool read_specs(const struct mp_file *f, const unsigned *idx, size_t s, size_t l,
		       const struct attr_macros *am, struct specs *sp)
{
	unsigned macro_init = NONE;
	size_t i;
	bool init;

	memset(sp, 0, sizeof(*sp));
	for (i = s; i < l; i++) {
		const struct mp_tok *t = &f->toks[idx[i]];

		if (is_attr_macro(am, idx[i], &init)) {
			/* "static FOO_INITDATA int x": attributes, as the compiler sees them */
			if (init && macro_init == NONE)
				macro_init = idx[i];
			continue;
		}

		if (tis(f, idx[i], "__attribute__") && tp(f, idx[i] + 1, '(')) {
			size_t m = match(f, idx[i] + 1, f->ntok);

			while (i < l && idx[i] < m)
				i++;
			continue;
		}
		if (t->kind == TK_IDENT) {
			if (!add_spec(f, idx[i], sp))
				return false;
			continue;
		}
		if (t->kind == TK_PUNCT && t->c == '{' && sp->is_struct) {
			/* struct body: skip */
			int dd = 0;

			for (; i < l; i++) {
				if (tp(f, idx[i], '{'))
					dd++;
				else if (tp(f, idx[i], '}') && --dd == 0)
					break;
			}
			continue;
		}
		return false;	/* not a plain declaration */
	}
	sp->initdata = find_initdata(f, sp->tok, 0, sp->n);
	if (sp->initdata == NONE)
		sp->initdata = macro_init;
	return sp->n > 0;
}

/* Counts of the type words among the specifiers. */
struct type_words {
	int nuns, nsig, nlong, nshort, nint, nchar, ntd, bad;
	unsigned td;	/* the typedef, in typedefs[] */
};

static enum ctype type_of_words(const struct type_words *w, bool is_struct)
{
	enum ctype ct;

	if (w->bad || is_struct || w->ntd > 1 ||
	    (w->ntd && (w->nuns + w->nsig + w->nlong + w->nshort + w->nint + w->nchar)))
		ct = CT_UNKNOWN;
	else if (w->ntd)
		ct = typedefs[w->td].ct;
	else if (w->nchar)
		ct = (w->nlong || w->nshort || w->nint) ? CT_UNKNOWN :
		     w->nuns ? CT_BYTE : w->nsig ? CT_SCHAR : CT_CHAR;
	else if (w->nshort)
		ct = w->nlong ? CT_UNKNOWN : w->nuns ? CT_USHORT : CT_SHORT;
	else if (w->nlong == 1)
		ct = w->nuns ? CT_ULONG : CT_LONG;
	else if (w->nlong == 2)
		ct = w->nuns ? CT_ULLONG : CT_LLONG;
	else if (w->nlong)
		ct = CT_UNKNOWN;
	else if (w->nuns)
		ct = CT_UINT;
	else if (w->nint || w->nsig)
		ct = CT_INT;
	else
		ct = CT_UNKNOWN;
	return w->nuns && w->nsig ? CT_UNKNOWN : ct;
}

/* Count one type word of the specifiers. */
static void count_type_word(const char *w, size_t wn, struct type_words *tw)
{
	unsigned td;

	if (word_is(w, wn, "unsigned"))
		tw->nuns++;
	else if (word_is(w, wn, "signed"))
		tw->nsig++;
	else if (word_is(w, wn, "long"))
		tw->nlong++;
	else if (word_is(w, wn, "short"))
		tw->nshort++;
	else if (word_is(w, wn, "int"))
		tw->nint++;
	else if (word_is(w, wn, "char"))
		tw->nchar++;
	else if ((td = find_typedef(w, wn)) != NONE)
		tw->ntd++, tw->td = td;
	else
		tw->bad = 1;
}

/* The declared type, from the specifiers, and its text in dc->spec. */
static void type_of_specs(const struct mp_file *f, const struct specs *sp, struct decl *dc)
{
	struct type_words tw = { .td = NONE };
	size_t i, sl = 0, cap = (size_t)dc->ptr + 2;
	char *text;

	for (i = 0; i < sp->n; i++)
		cap += tlen(f, sp->tok[i]) + 1;
	text = xrealloc(NULL, cap);
	for (i = 0; i < sp->n; i++) {
		const char *w = tstr(f, sp->tok[i]);
		size_t wn = tlen(f, sp->tok[i]);

		if (storage_word(w, wn))
			continue;
		if (sl)
			text[sl++] = ' ';
		memcpy(text + sl, w, wn);
		sl += wn;
		count_type_word(w, wn, &tw);
		if (tw.ntd == 1 && tw.td != NONE && dc->type_tok == NONE)
			dc->type_tok = sp->tok[i];
	}
	for (i = 0; i < (size_t)dc->ptr; i++) {
		if (i == 0)
			text[sl++] = ' ';
		text[sl++] = '*';
	}
	text[sl] = '\0';
	dc->spec = text;
	dc->ct = type_of_words(&tw, sp->is_struct);
}

/* The declaration of one declarator d, whose statement ends at token end. */
static void make_decl(const struct mp_file *f, const struct specs *sp,
		      const struct declarator *d, unsigned end, struct decl *dc)
{
	memset(dc, 0, sizeof(*dc));
	dc->file = f->idx;
	dc->name = d->name;
	dc->end = end;
	dc->line = f->toks[d->name].line;
	dc->ptr = d->ptr;
	dc->ndims = d->ndims;
	dc->dim_s = d->dim_s;
	dc->dim_e = d->dim_e;
	dc->is_const = (unsigned char)((sp->is_const && d->ptr == 0) || d->nobj_const);
	/* the specifiers' const is the pointee's when there is a '*' */
	dc->obj_const = find_sole_const(f, sp->tok, d->ptr == 0 ? sp->n : 0,
					d->nobj_const, d->obj_const);
	dc->const_pointee = (unsigned char)((sp->is_const || d->nmid_const) && d->ptr > 0);
	dc->pointee_const = NONE;
	if (dc->const_pointee && d->ptr == 1)
		dc->pointee_const = find_sole_const(f, sp->tok, sp->n, d->nmid_const,
						    d->mid_const);
	dc->is_volatile = (unsigned char)(sp->is_volatile || d->is_volatile);
	dc->is_extern = (unsigned char)sp->is_extern;
	dc->is_static = (unsigned char)sp->is_static;
	dc->has_init = (unsigned char)d->has_init;
	dc->initdata = d->initdata != NONE ? d->initdata : sp->initdata;
	dc->next = NONE;
	dc->type_tok = NONE;
	type_of_specs(f, sp, dc);
}

/*
 * Parse one statement (token indices idx[0..n), ending in ';') as a
 * declaration and append each declarator found to out, up to the first
 * that is not one of a variable.
 */
static void parse_decl(struct mp_file *f, const unsigned *idx, size_t n,
		       const struct attr_macros *am, struct declvec *out)
{
	struct specs sp;
	size_t s, e, l;

	if (n < 3 || !tp(f, idx[n - 1], ';') || tis(f, idx[0], "typedef"))
		return;
	n--;	/* drop ';' */
	for (s = 0; s < n; s = e + 1) {
		struct declarator d;

		/* one declarator: up to a ',' outside brackets */
		e = scan_depth0(f->toks, idx, s, n, ',');
		if (!read_declarator(f, idx, s, e, am, &d, &l))
			return;
		if (s == 0 && !read_specs(f, idx, s, l, am, &sp))
			return;
		if (s > 0 && l != s)
			return;
		GROW(out->v, out->n, out->cap);
		make_decl(f, &sp, &d, idx[n], &out->v[out->n++]);
	}
}

/* The same, for a statement of a macro body, where no attribute macro is looked at. */
void parse_stmt(struct mp_file *f, const unsigned *idx, size_t n, struct declvec *out)
{
	parse_decl(f, idx, n, NULL, out);
}

/* Split the file-scope code of f into statements and collect declarations. */
void collect_decls(struct mp_file *f, struct declvec *out)
{
	struct attr_macros am;
	unsigned *idx = NULL;
	size_t n = 0, cap = 0, i;
	int depth = 0, pdepth = 0;

	find_attr_macros(f, &am);

	for (i = 0; i < f->ntok; i++) {
		const struct mp_tok *t = &f->toks[i];

		if (t->dir)
			continue;
		if (t->kind == TK_PUNCT && t->c == '{' && depth == 0 && pdepth == 0 &&
		    (n == 0 || tp(f, idx[n - 1], ')'))) {
			/*
			 * A block or a function body: skip to the brace that
			 * closes it, using the #if-aware depth from the lexer.
			 */
			int d0 = t->depth;

			for (i++; i < f->ntok; i++) {
				if (!f->toks[i].dir && tp(f, i, '}') && f->toks[i].depth <= d0)
					break;
			}
			n = 0;
			continue;
		}
		GROW(idx, n, cap);
		idx[n++] = (unsigned)i;
		if (t->kind != TK_PUNCT)
			continue;
		switch (t->c) {
		case '{':
			depth++;
			break;
		case '}':
			if (--depth < 0) {
				depth = 0;
				n = 0;
			}
			break;
		case '(': case '[':
			pdepth++;
			break;
		case ')': case ']':
			if (pdepth)
				pdepth--;
			break;
		case ';':
			if (depth == 0 && pdepth == 0) {
				parse_decl(f, idx, n, &am, out);
				n = 0;
			} else if (depth == 0) {
				/* unbalanced parens: resynchronise */
				pdepth = 0;
				n = 0;
			}
			break;
		}
	}
	free(idx);
	free(am.v);
}

/* Whether two declarations give a variable the same module_param type. */
bool same_var_type(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && a->ndims == b->ndims &&
	       (a->ct != CT_UNKNOWN || !strcmp(a->spec, b->spec));
}

/* A declaration's type for messages, to free: its specifiers, and [] for an array. */
char *decl_desc(const struct decl *d)
{
	return xasprintf("%s%s", d->spec, d->ndims ? " []" : "");
}

/* Free the declarations v[0..n) and the array. */
void free_decls(struct decl *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].spec);
	free(v);
}

/* An array declared with [] and no initializer: its size is not known. */
bool decl_unsized(const struct decl *d)
{
	return d->ndims == 1 && d->dim_s == d->dim_e && !d->has_init;
}

bool same_decl_type(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && a->ndims == b->ndims &&
	       a->is_const == b->is_const && a->const_pointee == b->const_pointee &&
	       a->is_volatile == b->is_volatile && (a->initdata == NONE) == (b->initdata == NONE) &&
	       (a->ct != CT_UNKNOWN || !strcmp(a->spec, b->spec));
}
