/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: tokens and preprocessor directives of one file, and
 * the helpers that read them.
 */
#ifndef MP_LEX_H
#define MP_LEX_H

#include <stdint.h>
#include <string.h>

#include <stdbool.h>

#include "ctx.h"
#include "util.h"

enum { TK_IDENT = 1, TK_NUM, TK_STR, TK_CHR, TK_PUNCT };

#define TF_MPARG 1	/* first argument of MODULE_PARM or MODULE_PARM_DESC */
#define TF_DROPPED 2	/* an __initdata or const the conversion removes */

struct mp_tok {
	unsigned start, end;
	unsigned line, col;
	unsigned dir;		/* preprocessor directive number, 0 if none */
	int depth;		/* brace depth */
	unsigned char kind;
	unsigned char flags;
	char c;			/* first character */
};

/* mp_file.lex_bad: what the lexer found unterminated */
#define LEX_OPEN_COMMENT	1
#define LEX_OPEN_LITERAL	2

enum cond_dir { CD_NONE, CD_IF, CD_ELSE, CD_ENDIF };

void lex(struct mp_file *f);
const char *directive_word(const struct mp_file *f, size_t i, size_t *wn);
enum cond_dir cond_directive(const struct mp_file *f, size_t i,
			     const char **w, size_t *wn);
bool directive_at(const struct mp_file *f, size_t i, const char *name, int kind);
size_t match(const struct mp_file *f, size_t i, size_t lim);

static inline const char *tstr(const struct mp_file *f, unsigned i)
{
	return f->data + f->toks[i].start;
}

static inline unsigned tlen(const struct mp_file *f, unsigned i)
{
	return f->toks[i].end - f->toks[i].start;
}

static inline int tis(const struct mp_file *f, size_t i, const char *s)
{
	size_t n = strlen(s);

	return i < f->ntok && f->toks[i].kind == TK_IDENT &&
	       tlen(f, (unsigned)i) == n && !memcmp(tstr(f, (unsigned)i), s, n);
}

static inline int tp(const struct mp_file *f, size_t i, char c)
{
	return i < f->ntok && f->toks[i].kind == TK_PUNCT && f->toks[i].c == c;
}

static inline int teq(const struct mp_file *a, unsigned i, const struct mp_file *b, unsigned j)
{
	return tlen(a, i) == tlen(b, j) && !memcmp(tstr(a, i), tstr(b, j), tlen(a, i));
}

/* A copy of token i's text, to free. */
static inline char *tok_dup(const struct mp_file *f, unsigned i)
{
	return xstrndup(tstr(f, i), tlen(f, i));
}

/* copy a token's text into buf (truncated) */
static inline const char *tcopy(const struct mp_file *f, unsigned i, char *buf, size_t sz)
{
	size_t n = tlen(f, i);

	if (n >= sz)
		n = sz - 1;
	memcpy(buf, tstr(f, i), n);
	buf[n] = '\0';
	return buf;
}

#endif
