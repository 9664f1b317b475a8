// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: preprocessor conditions.  Each #if group open at a
 * token is kept with its branch and a canonical text of its condition.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "lex.h"

/* Append token k to the canonical text; 0 if it does not fit. */
static int cond_put(const struct mp_file *f, size_t k, char *buf, size_t *len)
{
	size_t n = tlen(f, (unsigned)k);
	int word = f->toks[k].kind == TK_IDENT || f->toks[k].kind == TK_NUM;

	/* only two words in a row need the space between them */
	int space = word && *len && is_idchar((unsigned char)buf[*len - 1]);

	if (*len + space + n >= COND_MAX)
		return 0;
	if (space)
		buf[(*len)++] = ' ';
	memcpy(buf + *len, tstr(f, (unsigned)k), n);
	*len += n;
	buf[*len] = '\0';
	return 1;
}

/*
 * Canonical text of the condition in tokens [s, e) of f into buf, and
 * its polarity: "!x" is x negated, "defined(X)" is "defined X", and a
 * single comparison ">=", "<=" or "!=" is "<", ">" or "==" negated.
 * Returns 0 for a condition too long to keep.
 */
static int cond_text(const struct mp_file *f, size_t s, size_t e, char *buf, int *pol)
{
	size_t len = 0, k, at = 0, nops = 0, depth = 0;
	char tmp[COND_MAX];

	*pol = 1;
	for (;;) {
		if (s < e && tp(f, s, '!') && !(s + 1 < e && tp(f, s + 1, '='))) {
			*pol = -*pol;
			s++;
		} else if (s + 1 < e && tp(f, s, '(') && match(f, s, e) == e - 1) {
			s++;
			e--;
		} else {
			break;
		}
	}
	buf[0] = '\0';
	for (k = s; k < e; k++) {
		if (tis(f, k, "defined") && k + 3 < e && tp(f, k + 1, '(') &&
		    f->toks[k + 2].kind == TK_IDENT && tp(f, k + 3, ')')) {
			if (!cond_put(f, k, buf, &len) || !cond_put(f, k + 2, buf, &len))
				return 0;
			k += 3;
			continue;
		}
		if (!cond_put(f, k, buf, &len))
			return 0;
	}
	/* one comparison at the top level, and nothing else of its rank */
	for (k = 0; k < len; k++) {
		char c = buf[k], d = buf[k + 1];

		if (c == '(')
			depth++;
		else if (c == ')' && depth)
			depth--;
		if (depth)
			continue;
		if ((c == '&' && d == '&') || (c == '|' && d == '|') || c == '?')
			return 1;
		if ((c == '<' || c == '>') && d == c) {
			k++;
			continue;
		}
		if (c == '-' && d == '>') {
			k++;
			continue;
		}
		if (c == '<' || c == '>' || ((c == '=' || c == '!') && d == '=')) {
			nops++;
			at = k;
			if (d == '=')
				k++;
		}
	}
	if (nops != 1)
		return 1;
	if (buf[at + 1] == '=' && buf[at] != '=') {
		/* ">=" is "<" negated, "<=" is ">" negated, "!=" is "==" negated */
		char flip = buf[at] == '>' ? '<' : buf[at] == '<' ? '>' : '=';
		size_t n = at;

		memcpy(tmp, buf, at);
		tmp[n++] = flip;
		if (flip == '=')
			tmp[n++] = '=';
		strcpy(tmp + n, buf + at + 2);
		strcpy(buf, tmp);
		*pol = -*pol;
	}
	return 1;
}

/* The #if groups open at token pos of f, outermost first. */
void cond_chain_at(const struct mp_file *f, size_t pos, struct cond_chain *ch)
{
	unsigned serial = 0, a, b;
	size_t d;

	ch->n = ch->over = 0;
	for (d = 0; d < f->ndir && f->dirs[d] < pos; d++) {
		size_t i = f->dirs[d], e;
		enum cond_dir kind;
		struct cond_group *g;
		const char *w;
		size_t wn;

		kind = cond_directive(f, i, &w, &wn);
		if (kind == CD_NONE)
			continue;
		for (e = i + 2; e < f->ntok && f->toks[e].dir == f->toks[i].dir; e++)
			;
		if (kind == CD_IF) {
			serial++;
			if (ch->n == sizeof(ch->g) / sizeof(ch->g[0])) {
				ch->over++;
				continue;
			}
			g = &ch->g[ch->n++];
			g->id = serial;
			g->branch = 0;
			g->has_elif = 0;
			g->lit = 0;
			if (wn > 2) {
				/* #ifdef X is "defined X"; #ifndef X its negation */
				if (e == i + 3 && f->toks[i + 2].kind == TK_IDENT) {
					size_t len = 7;

					memcpy(g->cond, "defined", len + 1);
					if (cond_put(f, i + 2, g->cond, &len))
						g->lit = wn == 5 ? 1 : -1;
				}
			} else if (!cond_text(f, i + 2, e, g->cond, &g->lit)) {
				g->lit = 0;
			}
		} else if (kind == CD_ELSE) {
			if (ch->over || !ch->n)
				continue;
			g = &ch->g[ch->n - 1];
			g->branch++;
			if (word_is(w, wn, "else") && !g->has_elif)
				g->lit = -g->lit;	/* #else of a lone #if: its negation */
			else
				g->lit = 0;
			if (!word_is(w, wn, "else"))
				g->has_elif = 1;
		} else {
			if (ch->over)
				ch->over--;
			else if (ch->n)
				ch->n--;
		}
	}
	ch->dead = 0;
	for (a = 0; a < ch->n; a++)
		for (b = a + 1; b < ch->n; b++)
			if (ch->g[a].lit && ch->g[a].lit == -ch->g[b].lit &&
			    !strcmp(ch->g[a].cond, ch->g[b].cond))
				ch->dead = 1;
}

/*
 * Whether code under the groups of x may be compiled with code under y's.
 * Code that is never compiled may as well be taken as compiled with
 * anything: a use there is then refused when it would clash, in every
 * pass, rather than refused for one reason in the first pass (a const
 * that a conversion elsewhere removes) and converted in the second.
 */
bool same_branch(const struct cond_chain *x, const struct cond_chain *y)
{
	unsigned i, j;

	if (x->dead || y->dead)
		return true;
	for (i = 0; i < x->n; i++) {
		for (j = 0; j < y->n; j++) {
			const struct cond_group *p = &x->g[i], *q = &y->g[j];

			if (p->id == q->id && p->branch != q->branch)
				return false;
			if (p->lit && p->lit == -q->lit && !strcmp(p->cond, q->cond))
				return false;
		}
	}
	return true;
}

/*
 * Whether code under ch is never compiled: under #if 0, the #else of
 * #if 1, or conditions that contradict each other.
 */
bool never_compiled(const struct cond_chain *ch)
{
	unsigned i;

	if (ch->dead)
		return true;
	for (i = 0; i < ch->n; i++) {
		const struct cond_group *g = &ch->g[i];

		if (g->lit && !strcmp(g->cond, g->lit > 0 ? "0" : "1"))
			return true;
	}
	return false;
}

static size_t cache_slot(const struct cond_cache *cc, unsigned tok)
{
	size_t i = (tok * 2654435761u) & (cc->cap - 1);

	while (cc->tok[i] != NONE && cc->tok[i] != tok)
		i = (i + 1) & (cc->cap - 1);
	return i;
}

static void cache_grow(struct cond_cache *cc)
{
	struct cond_cache old = *cc;
	size_t i;

	cc->cap = old.cap ? old.cap * 2 : 64;
	cc->tok = xrealloc(NULL, cc->cap * sizeof(*cc->tok));
	cc->chain = xrealloc(NULL, cc->cap * sizeof(*cc->chain));
	for (i = 0; i < cc->cap; i++)
		cc->tok[i] = NONE;
	for (i = 0; i < old.cap; i++) {
		if (old.tok[i] != NONE) {
			size_t j = cache_slot(cc, old.tok[i]);

			cc->tok[j] = old.tok[i];
			cc->chain[j] = old.chain[i];
		}
	}
	free(old.tok);
	free(old.chain);
}

/* The #if groups open at token tok of f, from the cache or into it. */
const struct cond_chain *cond_chain_of(struct cond_cache *cc, const struct mp_file *f,
				       unsigned tok)
{
	size_t i;

	if (cc->f != f)
		cond_cache_clear(cc);
	cc->f = f;
	if ((cc->n + 1) * 2 > cc->cap)
		cache_grow(cc);
	i = cache_slot(cc, tok);
	if (cc->tok[i] == NONE) {
		cc->tok[i] = tok;
		cc->chain[i] = xrealloc(NULL, sizeof(*cc->chain[i]));
		cond_chain_at(f, tok, cc->chain[i]);
		cc->n++;
	}
	return cc->chain[i];
}

/* Forget the chains: their file's tokens are gone. */
void cond_cache_clear(struct cond_cache *cc)
{
	size_t i;

	for (i = 0; i < cc->cap; i++)
		if (cc->tok[i] != NONE)
			free(cc->chain[i]);
	free(cc->tok);
	free(cc->chain);
	memset(cc, 0, sizeof(*cc));
}
