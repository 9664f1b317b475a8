// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the lexer.  It splits a file into tokens, numbers its
 * directives and gives each token its brace depth.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

/*
 * The lexer's steps are inlined into its loop, so that the compiler can
 * keep struct lexer in registers: one whose address escapes is reloaded
 * after every token stored.
 */
#define LEX_STEP static inline __attribute__((always_inline))

LEX_STEP void push_tok(struct mp_file *f, unsigned char kind, size_t s, size_t e,
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

/* Where the lexer is: offset, line and the start of the line. */
struct lexer {
	struct mp_file *f;
	size_t i, ls;		/* offset; the current line's start */
	unsigned line, dir, ndir;	/* dir: the directive being read, 0 if none */
	bool bol;		/* nothing but blanks since the line began */
};

LEX_STEP void new_line(struct lexer *lx, size_t next)
{
	lx->line++;
	lx->ls = next;
}

/* Skip a comment that starts at lx->i; false if it never ends. */
LEX_STEP bool skip_block_comment(struct lexer *lx)
{
	const char *d = lx->f->data;
	size_t n = lx->f->len, j = lx->i + 2;

	while (j + 1 < n && !(d[j] == '*' && d[j + 1] == '/')) {
		if (d[j] == '\n')
			new_line(lx, j + 1);
		j++;
	}
	if (j + 1 >= n)
		return false;
	lx->i = j + 2;
	return true;
}

/* Skip a // comment, and the lines a backslash joins to it. */
LEX_STEP void skip_line_comment(struct lexer *lx)
{
	const char *d = lx->f->data;
	size_t n = lx->f->len, j = lx->i + 2;

	for (; j < n; j++) {
		if (d[j] != '\n')
			continue;
		if (d[j - 1] != '\\' && !(d[j - 1] == '\r' && j >= 2 && d[j - 2] == '\\'))
			break;
		new_line(lx, j + 1);
	}
	lx->i = j;
}

/*
 * Where the string literal that a raw newline at j interrupts ends, if
 * it goes on as gcc before 3.3 took it: to the next '"' in the lines
 * below, none of which may be a directive, so that a stray quote in an
 * #if 0 block stays on its line.  0 if it does not end so.
 */
static size_t multiline_string_end(const char *d, size_t n, size_t j)
{
	size_t k;

	for (; j < n && d[j] != '"'; j++) {
		if (d[j] == '\\' && j + 1 < n) {
			j++;
			continue;
		}
		if (d[j] != '\n')
			continue;
		for (k = j + 1; k < n && (d[k] == ' ' || d[k] == '\t'); k++)
			;
		if (k < n && d[k] == '#')
			return 0;
	}
	return j < n ? j : 0;
}

/* The end of the string or character literal at lx->i, quote q; marks an unterminated one. */
LEX_STEP size_t literal_end(struct lexer *lx, char q)
{
	const char *d = lx->f->data;
	size_t n = lx->f->len, j = lx->i + 1, close;

	for (;;) {
		while (j < n && d[j] != q && d[j] != '\n') {
			if (d[j] == '\\' && j + 1 < n) {
				if (d[j + 1] == '\n')
					new_line(lx, j + 2);
				j += 2;
			} else {
				j++;
			}
		}
		/* a raw newline in a string, outside directives: old gcc read on */
		if (j >= n || d[j] != '\n' || q != '"' || lx->dir ||
		    !(close = multiline_string_end(d, n, j)))
			break;
		for (; j < close; j++)
			if (d[j] == '\n')
				new_line(lx, j + 1);
	}
	if (j < n && d[j] == q)
		j++;
	else
		lx->f->lex_bad |= LEX_OPEN_LITERAL;
	return j > n ? n : j;
}

/* The end of the number at lx->i, exponent signs included. */
LEX_STEP size_t number_end(const struct lexer *lx)
{
	const char *d = lx->f->data;
	size_t n = lx->f->len, j = lx->i + 1;

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
	return j;
}

/* Push the token lx->i..e and move past it. */
LEX_STEP void take(struct lexer *lx, unsigned char kind, size_t e)
{
	push_tok(lx->f, kind, lx->i, e, lx->line, lx->ls, lx->dir);
	lx->i = e;
	lx->bol = false;
}

/* Skip what is not a token at lx->i: blanks, newlines, comments; false at a token. */
LEX_STEP bool skip_space(struct lexer *lx)
{
	const char *d = lx->f->data;
	size_t n = lx->f->len, i = lx->i;
	unsigned char c = d[i];

	if (c == '\n') {
		new_line(lx, ++lx->i);
		lx->bol = true;
		lx->dir = 0;
		return true;
	}
	if (c == '\\') {
		size_t j = i + 1;

		if (j < n && d[j] == '\r')
			j++;
		if (j < n && d[j] == '\n') {
			lx->i = j + 1;
			new_line(lx, lx->i);
			return true;
		}
	}
	if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\0') {
		lx->i++;
		return true;
	}
	if (c == '/' && i + 1 < n && d[i + 1] == '*') {
		if (!skip_block_comment(lx)) {
			/* nothing after it is code */
			lx->f->lex_bad |= LEX_OPEN_COMMENT;
			lx->i = n;
		}
		return true;
	}
	if (c == '/' && i + 1 < n && d[i + 1] == '/') {
		skip_line_comment(lx);
		return true;
	}
	return false;
}

/* The end of the identifier at i. */
LEX_STEP size_t ident_end(const char *d, size_t n, size_t i)
{
	while (++i < n && is_idchar(d[i]))
		;
	return i;
}

/* A punctuator: one character, and a '#' first on a line starts a directive. */
LEX_STEP void punct(struct lexer *lx, unsigned char c)
{
	struct mp_file *f = lx->f;

	if (c == '#' && lx->bol) {
		lx->dir = ++lx->ndir;
		GROW(f->dirs, f->ndir, f->dircap);
		f->dirs[f->ndir++] = (unsigned)f->ntok;
	}
	take(lx, TK_PUNCT, lx->i + 1);
}

/* Split f's text into tokens, and note where each directive starts. */
static void lex_tokens(struct mp_file *f)
{
	struct lexer lx = { .f = f, .line = 1, .bol = true };
	const char *d = f->data;
	size_t n = f->len;

	while (lx.i < n) {
		unsigned char c = d[lx.i];

		if (skip_space(&lx))
			continue;
		if (c == '"' || c == '\'')
			take(&lx, c == '"' ? TK_STR : TK_CHR, literal_end(&lx, (char)c));
		else if (is_idstart(c))
			take(&lx, TK_IDENT, ident_end(d, n, lx.i));
		else if (is_digit(c) || (c == '.' && lx.i + 1 < n && is_digit(d[lx.i + 1])))
			take(&lx, TK_NUM, number_end(&lx));
		else
			punct(&lx, c);
	}
}

/* A #if group's brace depths, for set_depths(). */
struct if_depth {
	int at_if;		/* at its #if */
	int after_first;	/* at the end of its first branch; -1 while in it */
};

/*
 * Brace depth of code outside directives.  Each #else/#elif branch
 * starts from the depth at its #if; after #endif the depth of the first
 * branch wins, so unbalanced branches do not accumulate.  Branches can
 * still disagree, as when only the #else branch closes a loop (2.4's
 * drivers/atm/horizon.c): a '}' in the first column, which in kernel
 * style ends a function or a file-scope initializer, brings the depth
 * back to file scope.
 */
static void set_depths(struct mp_file *f)
{
	struct if_depth *stack = NULL;
	size_t sp = 0, cap = 0, di = 0, k;
	int depth = 0;

	for (k = 0; k < f->ntok; k++) {
		struct mp_tok *t = &f->toks[k];
		enum cond_dir cd = CD_NONE;
		const char *w;
		size_t wn;

		if (di < f->ndir && f->dirs[di] == k) {
			cd = cond_directive(f, k, &w, &wn);
			di++;
		}
		if (cd == CD_IF) {
			GROW(stack, sp, cap);
			stack[sp].at_if = depth;
			stack[sp++].after_first = -1;
		} else if (cd == CD_ELSE && sp > 0) {
			if (stack[sp - 1].after_first < 0)
				stack[sp - 1].after_first = depth;
			depth = stack[sp - 1].at_if;
		} else if (cd == CD_ENDIF && sp > 0) {
			if (stack[sp - 1].after_first >= 0)
				depth = stack[sp - 1].after_first;
			sp--;
		}
		if (t->kind == TK_PUNCT && t->c == '}' && !t->dir && depth > 0)
			depth = t->col == 1 ? 0 : depth - 1;
		t->depth = depth;
		if (t->kind == TK_PUNCT && t->c == '{' && !t->dir)
			depth++;
	}
	free(stack);
}

void lex(struct mp_file *f)
{
	lex_tokens(f);
	set_depths(f);
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
bool directive_at(const struct mp_file *f, size_t i, const char *name, int kind)
{
	size_t wn;
	const char *w = directive_word(f, i, &wn);

	return w && word_is(w, wn, name) && i + 2 < f->ntok &&
	       f->toks[i + 2].kind == kind && f->toks[i + 2].dir == f->toks[i].dir;
}
