// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the declaration parser.  File-scope code is split into
 * statements, and each statement that declares variables is read
 * declarator by declarator.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decl.h"
#include "lex.h"

static const char *const ct_param[] = {
	NULL, "byte", "short", "ushort", "int", "uint", "long", "ulong",
	"ullong", NULL, "bool", NULL, NULL
};

static const int ct_size[] = { 0, 1, 2, 2, 4, 4, 8, 8, 8, 8, 1, 1, 1 };

const char *ct_param_type(enum ctype ct)
{
	return ct_param[ct];
}

int ct_bytes(enum ctype ct)
{
	return ct_size[ct];
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
};

static int find_typedef(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(typedefs) / sizeof(typedefs[0]); i++)
		if (strlen(typedefs[i].name) == n && !memcmp(typedefs[i].name, s, n))
			return (int)i;
	return -1;
}

static int is_annotation(const char *s, size_t n)
{
	return n > 2 && s[0] == '_' && s[1] == '_' && find_typedef(s, n) < 0;
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

/* The first __initdata among tokens idx[from..to) of f, or NO_TOK. */
static unsigned find_initdata(const struct mp_file *f, const unsigned *idx, size_t from, size_t to)
{
	for (; from < to; from++)
		if (tis(f, idx[from], "__initdata"))
			return idx[from];
	return NO_TOK;
}

/*
 * The only const among the specifiers spec[0..n) and nother more consts
 * of the declarator (the last of which is token other); NO_TOK if there
 * is none or there are several.
 */
static unsigned find_sole_const(const struct mp_file *f, const unsigned *spec, size_t n,
				int nother, unsigned other)
{
	unsigned found = nother == 1 ? other : NO_TOK;
	size_t i;

	if (nother > 1)
		return NO_TOK;
	for (i = 0; i < n; i++) {
		if (!tis(f, spec[i], "const"))
			continue;
		if (found != NO_TOK)
			return NO_TOK;
		found = spec[i];
	}
	return found;
}

void parse_stmt(struct mp_file *f, const unsigned *idx, size_t n, struct declvec *out)
{
	const struct mp_tok *T = f->toks;
	size_t segs = 0, specn = 0, i;
	unsigned spec[32];
	int first = 1, is_extern = 0, is_static = 0, spec_const = 0, spec_struct = 0;
	int spec_volatile = 0;
	unsigned spec_initdata = NO_TOK;	/* in the specifiers: every declarator */

	if (n < 3 || !tp(f, idx[n - 1], ';'))
		return;
	if (tis(f, idx[0], "typedef"))
		return;
	n--;	/* drop ';' */

	while (segs < n) {
		size_t s = segs, e, l;
		int has_init = 0, ptr = 0, cobj = 0, ndims = 0, nmid = 0, vol = 0;
		unsigned dim_s = 0, dim_e = 0, name, initdata;
		unsigned mid_const = NO_TOK, cobj_const = NO_TOK;
		struct decl dc;

		/* segment: up to a ',' at depth 0 */
		e = scan_depth0(T, idx, s, n, ',');
		segs = e + 1;
		/* L: up to '=' at depth 0 */
		l = scan_depth0(T, idx, s, e, '=');
		has_init = l < e;
		initdata = find_initdata(f, idx, s, l);
		/* strip trailing annotations and __attribute__((...)) */
		for (;;) {
			if (l > s && T[idx[l - 1]].kind == TK_IDENT &&
			    is_annotation(tstr(f, idx[l - 1]), tlen(f, idx[l - 1]))) {
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
			break;
		}
		/* array dimensions */
		while (l > s && tp(f, idx[l - 1], ']')) {
			int dd;
			size_t m = match_back(f, idx, s, l - 1, '[', ']', &dd);

			if (dd != 0 || m == s)
				return;
			ndims++;
			dim_s = idx[m] + 1;
			dim_e = idx[l - 1];
			l = m;
		}
		if (l <= s || T[idx[l - 1]].kind != TK_IDENT)
			return;
		name = idx[--l];
		while (l > s && (tp(f, idx[l - 1], '*') || tis(f, idx[l - 1], "const") ||
				 tis(f, idx[l - 1], "volatile") ||
				 (T[idx[l - 1]].kind == TK_IDENT &&
				  is_annotation(tstr(f, idx[l - 1]), tlen(f, idx[l - 1]))))) {
			if (T[idx[l - 1]].kind == TK_IDENT && !tis(f, idx[l - 1], "const") &&
			    !tis(f, idx[l - 1], "volatile")) {
				l--;
				continue;
			}
			if (tp(f, idx[l - 1], '*'))
				ptr++;
			else if (!tis(f, idx[l - 1], "const"))
				vol = 1;
			else if (ptr == 0) {
				cobj++;		/* const right before the name */
				cobj_const = idx[l - 1];
			} else {
				nmid++;		/* as in char const *p */
				mid_const = idx[l - 1];
			}
			l--;
		}
		if (first) {
			/* specifiers */
			for (i = s; i < l; i++) {
				const struct mp_tok *t = &T[idx[i]];

				if (t->kind == TK_IDENT) {
					const char *w = tstr(f, idx[i]);
					size_t wn = tlen(f, idx[i]);

					if (word_is(w, wn, "__attribute__") && tp(f, idx[i] + 1, '(')) {
						size_t m = match(f, idx[i] + 1, f->ntok);

						while (i < l && idx[i] < m)
							i++;
						continue;
					}
					if (word_is(w, wn, "extern"))
						is_extern = 1;
					else if (word_is(w, wn, "static"))
						is_static = 1;
					else if (word_is(w, wn, "const"))
						spec_const = 1;
					else if (word_is(w, wn, "volatile"))
						spec_volatile = 1;
					else if (word_is(w, wn, "struct") || word_is(w, wn, "union") ||
						 word_is(w, wn, "enum"))
						spec_struct = 1;
					if (specn < 32)
						spec[specn++] = idx[i];
					continue;
				}
				if (t->kind == TK_PUNCT && t->c == '{' && spec_struct) {
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
				return;	/* not a plain declaration */
			}
			if (!specn)
				return;
			spec_initdata = find_initdata(f, spec, 0, specn);
			first = 0;
		} else if (l != s) {
			return;
		}

		memset(&dc, 0, sizeof(dc));
		dc.file = f->idx;
		dc.name = name;
		dc.end = idx[n];
		dc.line = f->toks[name].line;
		dc.ptr = ptr;
		dc.ndims = ndims;
		dc.dim_s = dim_s;
		dc.dim_e = dim_e;
		dc.is_const = (unsigned char)((spec_const && ptr == 0) || cobj);
		/* the specifiers' const is the pointee's when there is a '*' */
		dc.obj_const = find_sole_const(f, spec, ptr == 0 ? specn : 0, cobj, cobj_const);
		dc.const_pointee = (unsigned char)((spec_const || nmid) && ptr > 0);
		dc.pointee_const = NO_TOK;
		if (dc.const_pointee && ptr == 1)
			dc.pointee_const = find_sole_const(f, spec, specn, nmid, mid_const);
		dc.is_volatile = (unsigned char)(spec_volatile || vol);
		dc.is_extern = (unsigned char)is_extern;
		dc.is_static = (unsigned char)is_static;
		dc.has_init = (unsigned char)has_init;
		dc.initdata = initdata != NO_TOK ? initdata : spec_initdata;
		dc.next = -1;

		/* type from the specifiers */
		{
			int nuns = 0, nsig = 0, nlong = 0, nshort = 0, nint = 0, nchar = 0, bad = 0;
			int td = -1, ntd = 0;
			size_t sl = 0;

			for (i = 0; i < specn; i++) {
				const char *w = tstr(f, spec[i]);
				size_t wn = tlen(f, spec[i]);

				if (word_is(w, wn, "static") || word_is(w, wn, "extern") ||
				    word_is(w, wn, "register") || word_is(w, wn, "volatile") ||
				    word_is(w, wn, "const") || word_is(w, wn, "auto") ||
				    word_is(w, wn, "inline") || is_annotation(w, wn))
					continue;
				if (sl + wn + 2 < sizeof(dc.spec)) {
					if (sl)
						dc.spec[sl++] = ' ';
					memcpy(dc.spec + sl, w, wn);
					sl += wn;
				}
				if (word_is(w, wn, "unsigned"))
					nuns++;
				else if (word_is(w, wn, "signed"))
					nsig++;
				else if (word_is(w, wn, "long"))
					nlong++;
				else if (word_is(w, wn, "short"))
					nshort++;
				else if (word_is(w, wn, "int"))
					nint++;
				else if (word_is(w, wn, "char"))
					nchar++;
				else if ((td = find_typedef(w, wn)) >= 0)
					ntd++;
				else
					bad = 1;
			}
			for (i = 0; i < (size_t)ptr && sl + 3 < sizeof(dc.spec); i++) {
				if (i == 0)
					dc.spec[sl++] = ' ';
				dc.spec[sl++] = '*';
			}
			dc.spec[sl] = '\0';
			if (bad || spec_struct || ntd > 1 || (ntd && (nuns + nsig + nlong + nshort + nint + nchar)))
				dc.ct = CT_UNKNOWN;
			else if (ntd)
				dc.ct = typedefs[td].ct;
			else if (nchar)
				dc.ct = (nlong || nshort || nint) ? CT_UNKNOWN :
					nuns ? CT_BYTE : nsig ? CT_SCHAR : CT_CHAR;
			else if (nshort)
				dc.ct = nlong ? CT_UNKNOWN : nuns ? CT_USHORT : CT_SHORT;
			else if (nlong == 1)
				dc.ct = nuns ? CT_ULONG : CT_LONG;
			else if (nlong == 2)
				dc.ct = nuns ? CT_ULLONG : CT_LLONG;
			else if (nlong)
				dc.ct = CT_UNKNOWN;
			else if (nuns)
				dc.ct = CT_UINT;
			else if (nint || nsig)
				dc.ct = CT_INT;
			else
				dc.ct = CT_UNKNOWN;
			if (nuns && nsig)
				dc.ct = CT_UNKNOWN;
		}
		GROW(out->v, out->n, out->cap);
		out->v[out->n++] = dc;
	}
}

/* Split the file-scope code of f into statements and collect declarations. */
void collect_decls(struct mp_file *f, struct declvec *out)
{
	unsigned *idx = NULL;
	size_t n = 0, cap = 0, i;
	int depth = 0, pdepth = 0;

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
				parse_stmt(f, idx, n, out);
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
}

/* Whether two declarations give a variable the same module_param type. */
int same_var_type(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && a->ndims == b->ndims &&
	       (a->ct != CT_UNKNOWN || !strcmp(a->spec, b->spec));
}

/* A declaration's type for messages: its specifiers, and [] for an array. */
const char *decl_desc(const struct decl *d, char *buf, size_t sz)
{
	snprintf(buf, sz, "%s%s", d->spec, d->ndims ? " []" : "");
	return buf;
}

/* An array declared with [] and no initializer: its size is not known. */
int decl_unsized(const struct decl *d)
{
	return d->ndims == 1 && d->dim_s == d->dim_e && !d->has_init;
}

int same_decl_type(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && a->ndims == b->ndims &&
	       a->is_const == b->is_const && a->const_pointee == b->const_pointee &&
	       a->is_volatile == b->is_volatile && (a->initdata == NO_TOK) == (b->initdata == NO_TOK) &&
	       (a->ct != CT_UNKNOWN || !strcmp(a->spec, b->spec));
}
