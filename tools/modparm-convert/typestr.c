// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: type strings.  The string may be spelled through
 * macros and __MODULE_STRING(); unknown numbers read as '#'.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "lex.h"
#include "typestr.h"

static int tput(struct tstr *b, const char *s, size_t n)
{
	if (b->n + n + 1 >= sizeof(b->s))
		return -1;
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
	return 0;
}

/* resolve a macro name to a number; "#" when unknown */
static void eval_number(struct mp_ctx *ctx, const struct mp_file *f, unsigned s, unsigned e,
			struct tstr *b, int depth)
{
	while (e - s >= 3 && tp(f, s, '(') && tp(f, e - 1, ')')) {
		s++;
		e--;
	}
	if (e - s == 1 && f->toks[s].kind == TK_NUM) {
		size_t k, n = tlen(f, s);

		for (k = 0; k < n; k++)
			if (!is_digit(tstr(f, s)[k]))
				break;
		if (k == n && !tput(b, tstr(f, s), n))
			return;
	} else if (e - s == 1 && f->toks[s].kind == TK_IDENT && depth < EXPAND_MAX) {
		const struct macro *m = find_macro(ctx, f, s, MACRO_OBJECT);

		if (m) {
			unsigned ms, me;
			const struct mp_file *mf = macro_body(ctx, m, &ms, &me);

			eval_number(ctx, mf, ms, me, b, depth + 1);
			return;
		}
	}
	tput(b, "#", 1);
}

/* Evaluate tokens [s,e) of f as a type string; 0 on success. */
int eval_type(struct mp_ctx *ctx, const struct mp_file *f, unsigned s, unsigned e,
		     struct tstr *b, int depth, const struct macro *wrap)
{
	unsigned i;

	if (s >= e)
		return -1;
	for (i = s; i < e; i++) {
		const struct mp_tok *t = &f->toks[i];

		if (t->kind == TK_STR) {
			const char *p = tstr(f, i);
			size_t n = tlen(f, i);

			if (n < 2 || p[n - 1] != '"' || memchr(p, '\\', n))
				return -1;
			if (tput(b, p + 1, n - 2))
				return -1;
			continue;
		}
		if (t->kind != TK_IDENT)
			return -1;
		if (is_param_of(f, wrap, i))
			return -1;
		if ((tis(f, i, "__MODULE_STRING") || tis(f, i, "__stringify")) && tp(f, i + 1, '(')) {
			size_t r = match(f, i + 1, e);

			if (r >= e)
				return -1;
			if (wrap) {
				unsigned k;

				for (k = i + 2; k < r; k++)
					if (is_param_of(f, wrap, k))
						return -1;
			}
			eval_number(ctx, f, i + 2, (unsigned)r, b, depth);
			i = (unsigned)r;
			continue;
		}
		{
			const struct macro *m = find_macro(ctx, f, i, MACRO_OBJECT);
			const struct mp_file *mf;
			unsigned ms, me;

			if (!m)
				return -1;
			mf = macro_body(ctx, m, &ms, &me);
			if (depth >= EXPAND_MAX || eval_type(ctx, mf, ms, me, b, depth + 1, NULL))
				return -1;
		}
	}
	return 0;
}

static const char *pnum(const char *p, long *v)
{
	long x = 0;

	if (*p == '#') {
		*v = -1;
		return p + 1;
	}
	while (is_digit(*p)) {
		if (x < 100000000)
			x = x * 10 + (*p - '0');
		p++;
	}
	*v = x;
	return p;
}

int parse_type(const char *s, struct ptype *t)
{
	const char *p = s;

	memset(t, 0, sizeof(*t));
	t->len = -1;
	if (is_digit(*p) || *p == '#') {
		t->has_min = 1;
		p = pnum(p, &t->min);
		t->max = t->min;
	}
	if (*p == '-') {
		if (!t->has_min)
			return -1;
		t->has_range = 1;
		p++;
		if (is_digit(*p) || *p == '#')
			p = pnum(p, &t->max);
		else {
			t->max_missing = 1;
			t->max = 0;
		}
	}
	if (!*p || !strchr("bhilsc", *p))
		return -1;
	t->letter = *p++;
	if (t->letter == 'c') {
		if (!is_digit(*p) && *p != '#')
			return -1;
		p = pnum(p, &t->len);
	}
	return *p ? -1 : 0;
}

enum ctype letter_ct(char l)
{
	switch (l) {
	case 'b': return CT_BYTE;
	case 'h': return CT_SHORT;
	case 'i': return CT_INT;
	case 'l': return CT_LONG;
	default: return CT_UNKNOWN;
	}
}

const char *letter_desc(char l)
{
	switch (l) {
	case 'b': return "a byte";
	case 'h': return "a short";
	case 'i': return "an int";
	case 'l': return "a long";
	case 's': return "a char pointer";
	default: return "a char buffer";
	}
}
