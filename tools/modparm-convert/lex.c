// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the lexer.  It splits a file into tokens, numbers its
 * directives and gives each token its brace depth.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "lex.h"

static inline void push_tok(struct mp_file *f, unsigned char kind, size_t s, size_t e,
		     unsigned line, size_t ls, unsigned dir)
{
	struct mp_tok *t;

	GROW(f->toks, f->ntok, f->tokcap);
	t = &f->toks[f->ntok++];
	t->start = (unsigned)s;
	t->end = (unsigned)e;
	t->line = line;
	t->col = (unsigned)(s - ls + 1);
	t->dir = dir;
	t->depth = 0;
	t->kind = kind;
	t->flags = 0;
	t->c = f->data[s];
}

/*
 * The word of the directive that token i of f opens ("define" for
 * "#define X"), its length in *wn; NULL if token i opens none.
 */
const char *directive_word(const struct mp_file *f, size_t i, size_t *wn)
{
	const struct mp_tok *t = &f->toks[i];

	if (!t->dir || t->kind != TK_PUNCT || t->c != '#' ||
	    (i > 0 && f->toks[i - 1].dir == t->dir) || i + 1 >= f->ntok ||
	    f->toks[i + 1].dir != t->dir || f->toks[i + 1].kind != TK_IDENT)
		return NULL;
	*wn = f->toks[i + 1].end - f->toks[i + 1].start;
	return f->data + f->toks[i + 1].start;
}

/*
 * Which conditional directive token i of f opens: #if, #ifdef or #ifndef;
 * #elif, #else, #elifdef or #elifndef; #endif; or none.  *w and *wn are
 * its word.
 */
enum cond_dir cond_directive(const struct mp_file *f, size_t i,
				    const char **w, size_t *wn)
{
	*w = directive_word(f, i, wn);
	if (!*w)
		return CD_NONE;
	if (word_is(*w, *wn, "if") || word_is(*w, *wn, "ifdef") || word_is(*w, *wn, "ifndef"))
		return CD_IF;
	if (word_is(*w, *wn, "elif") || word_is(*w, *wn, "else") ||
	    word_is(*w, *wn, "elifdef") || word_is(*w, *wn, "elifndef"))
		return CD_ELSE;
	if (word_is(*w, *wn, "endif"))
		return CD_ENDIF;
	return CD_NONE;
}

void lex(struct mp_file *f)
{
	const char *d = f->data;
	size_t n = f->len, i = 0, ls = 0;
	unsigned line = 1, dir = 0, ndir = 0;
	int bol = 1, depth = 0;
	size_t k;

	while (i < n) {
		unsigned char c = d[i];
		size_t j;

		if (c == '\n') {
			line++;
			ls = ++i;
			bol = 1;
			dir = 0;
			continue;
		}
		if (c == '\\') {
			j = i + 1;
			if (j < n && d[j] == '\r')
				j++;
			if (j < n && d[j] == '\n') {
				i = j + 1;
				line++;
				ls = i;
				continue;
			}
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\0') {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < n && d[i + 1] == '*') {
			j = i + 2;
			while (j + 1 < n && !(d[j] == '*' && d[j + 1] == '/')) {
				if (d[j] == '\n') {
					line++;
					ls = j + 1;
				}
				j++;
			}
			if (j + 1 >= n) {
				f->lex_bad |= 1;
				break;
			}
			i = j + 2;
			continue;
		}
		if (c == '/' && i + 1 < n && d[i + 1] == '/') {
			j = i + 2;
			while (j < n) {
				if (d[j] == '\n') {
					if (d[j - 1] == '\\' ||
					    (d[j - 1] == '\r' && j >= 2 && d[j - 2] == '\\')) {
						line++;
						ls = j + 1;
						j++;
						continue;
					}
					break;
				}
				j++;
			}
			i = j;
			continue;
		}
		if (c == '"' || c == '\'') {
			j = i + 1;
			while (j < n && d[j] != (char)c && d[j] != '\n') {
				if (d[j] == '\\' && j + 1 < n) {
					if (d[j + 1] == '\n') {
						line++;
						ls = j + 2;
					}
					j += 2;
				} else {
					j++;
				}
			}
			if (j < n && d[j] == (char)c)
				j++;
			else
				f->lex_bad |= 2;
			if (j > n)
				j = n;
			push_tok(f, c == '"' ? TK_STR : TK_CHR, i, j, line, ls, dir);
			i = j;
			bol = 0;
			continue;
		}
		if (is_idstart(c)) {
			j = i + 1;
			while (j < n && is_idchar(d[j]))
				j++;
			push_tok(f, TK_IDENT, i, j, line, ls, dir);
			i = j;
			bol = 0;
			continue;
		}
		if (is_digit(c) || (c == '.' && i + 1 < n && is_digit(d[i + 1]))) {
			j = i + 1;
			while (j < n) {
				unsigned char ch = d[j];

				if (is_idchar(ch) || ch == '.')
					j++;
				else if ((ch == '+' || ch == '-') &&
					 ((d[j - 1] | 32) == 'e' || (d[j - 1] | 32) == 'p'))
					j++;
				else
					break;
			}
			push_tok(f, TK_NUM, i, j, line, ls, dir);
			i = j;
			bol = 0;
			continue;
		}
		if (c == '#' && bol) {
			dir = ++ndir;
			GROW(f->dirs, f->ndir, f->dircap);
			f->dirs[f->ndir++] = (unsigned)f->ntok;
		}
		push_tok(f, TK_PUNCT, i, i + 1, line, ls, dir);
		i++;
		bol = 0;
	}

	/*
	 * Brace depth of code outside directives.  Each #else/#elif branch
	 * starts from the depth at its #if; after #endif the depth of the
	 * first branch wins, so unbalanced branches do not accumulate.
	 * Branches can still disagree, as when only the #else branch closes
	 * a loop (2.4's drivers/atm/horizon.c): a '}' in the first column,
	 * which in kernel style ends a function or a file-scope initializer,
	 * brings the depth back to file scope.
	 */
	{
		int stack[64][2], sp = 0;
		size_t di = 0;

		for (k = 0; k < f->ntok; k++) {
			struct mp_tok *t = &f->toks[k];
			enum cond_dir cd = CD_NONE;
			const char *w;
			size_t wn;

			if (di < f->ndir && f->dirs[di] == k) {
				cd = cond_directive(f, k, &w, &wn);
				di++;
			}
			switch (cd) {
			case CD_IF:
				if (sp < 64) {
					stack[sp][0] = depth;
					stack[sp][1] = -1;
				}
				sp++;
				break;
			case CD_ELSE:
				if (sp > 0 && sp <= 64) {
					if (stack[sp - 1][1] < 0)
						stack[sp - 1][1] = depth;
					depth = stack[sp - 1][0];
				}
				break;
			case CD_ENDIF:
				if (sp > 0 && sp <= 64 && stack[sp - 1][1] >= 0)
					depth = stack[sp - 1][1];
				if (sp > 0)
					sp--;
				break;
			case CD_NONE:
				break;
			}
			if (t->kind == TK_PUNCT && t->c == '}' && !t->dir && depth > 0)
				depth = t->col == 1 ? 0 : depth - 1;
			t->depth = depth;
			if (t->kind == TK_PUNCT && t->c == '{' && !t->dir)
				depth++;
		}
	}
}

/* index of the matching closer for the opener at i, limited to tokens in
 * the same directive as i; returns f->ntok when unbalanced */
size_t match(const struct mp_file *f, size_t i, size_t lim)
{
	char open = f->toks[i].c, close = open == '(' ? ')' : open == '[' ? ']' : '}';
	unsigned dir = f->toks[i].dir;
	int depth = 0;

	for (; i < lim; i++) {
		if (f->toks[i].dir != dir)
			return f->ntok;
		if (f->toks[i].kind != TK_PUNCT)
			continue;
		if (f->toks[i].c == open)
			depth++;
		else if (f->toks[i].c == close && --depth == 0)
			return i;
	}
	return f->ntok;
}

/*
 * Whether tokens i, i + 1 and i + 2 of f open a directive "# name X",
 * with X of the given kind: the macro name of a #define, the "..." of an
 * #include.
 */
int directive_at(const struct mp_file *f, size_t i, const char *name, int kind)
{
	size_t wn;
	const char *w = directive_word(f, i, &wn);

	return w && word_is(w, wn, name) && i + 2 < f->ntok &&
	       f->toks[i + 2].kind == kind && f->toks[i + 2].dir == f->toks[i].dir;
}
