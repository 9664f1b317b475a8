// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: checks of a buffer on its own, for --check-syntax,
 * --count and the fuzz target.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "uses.h"

int mp_check_syntax(const char *data, size_t len, char *why, size_t whysz)
{
	struct mp_file f;
	long par = 0, brk = 0, brc = 0;
	const struct mp_tok *bad = NULL, *opener = NULL, **open;
	size_t i, depth = 0;
	int ret = 0;

	memset(&f, 0, sizeof(f));
	f.data = (char *)data;
	f.len = len;
	lex(&f);
	/* equal counts are not enough: "])[" and "[(])" add up but nest wrong */
	open = xrealloc(NULL, (f.ntok + 1) * sizeof(*open));
	for (i = 0; i < f.ntok; i++) {
		const struct mp_tok *t = &f.toks[i];
		char want;

		if (t->dir || t->kind != TK_PUNCT)
			continue;
		switch (t->c) {
		case '(': par++; break;
		case ')': par--; break;
		case '[': brk++; break;
		case ']': brk--; break;
		case '{': brc++; break;
		case '}': brc--; break;
		default: continue;
		}
		if (bad)
			continue;
		if (t->c == '(' || t->c == '[' || t->c == '{') {
			open[depth++] = t;
			continue;
		}
		want = t->c == ')' ? '(' : t->c == ']' ? '[' : '{';
		if (!depth)
			bad = t;
		else if (open[--depth]->c != want)
			bad = t, opener = open[depth];
	}
	if (f.lex_bad & LEX_OPEN_COMMENT) {
		snprintf(why, whysz, "unterminated comment");
		ret = 1;
	} else if (bad && opener) {
		snprintf(why, whysz, "unbalanced: '%c' at line %u, column %u closes the '%c' of line %u, column %u",
			 bad->c, bad->line, bad->col, opener->c, opener->line, opener->col);
		ret = 1;
	} else if (bad) {
		snprintf(why, whysz, "unbalanced: '%c' at line %u, column %u closes nothing",
			 bad->c, bad->line, bad->col);
		ret = 1;
	} else if (par || brk || brc) {
		snprintf(why, whysz, "unbalanced: parentheses %+ld, brackets %+ld, braces %+ld", par, brk, brc);
		ret = 1;
	} else {
		snprintf(why, whysz, "ok");
	}
	free(open);
	free(f.toks);
	free(f.dirs);
	return ret;
}

unsigned mp_count_uses(const char *data, size_t len)
{
	struct mp_file f;
	size_t i;
	unsigned n = 0;

	memset(&f, 0, sizeof(f));
	f.data = (char *)data;
	f.len = len;
	lex(&f);
	for (i = 0; i + 1 < f.ntok; i++)
		if (is_mp_use(&f, i))
			n++;
	free(f.toks);
	free(f.dirs);
	return n;
}
