// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: a Bloom filter of each file's identifiers, and the
 * question it answers.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "names.h"
#include "uses.h"

/* Bit h of file i's filter of identifiers, as a word and a mask. */
static uint64_t *name_bit(const struct mp_ctx *ctx, size_t i, size_t h, uint64_t *mask)
{
	size_t nbits = (ctx->filter.at[i + 1] - ctx->filter.at[i]) * 64;

	h &= nbits - 1;
	*mask = 1ull << (h % 64);
	return &ctx->filter.bits[ctx->filter.at[i] + h / 64];
}

/* Put the name whose hhash() is h in file i's filter: two bits, from two parts of h. */
static void filter_add(struct mp_ctx *ctx, size_t i, size_t h)
{
	uint64_t m, *w;

	w = name_bit(ctx, i, h, &m);
	*w |= m;
	w = name_bit(ctx, i, h >> 16, &m);
	*w |= m;
}

/* Whether file i's filter lets through the name whose hhash() is h. */
bool filter_has(const struct mp_ctx *ctx, size_t i, size_t h)
{
	uint64_t m1, m2;
	const uint64_t *w1 = name_bit(ctx, i, h, &m1), *w2 = name_bit(ctx, i, h >> 16, &m2);

	/* name_bit() sets the masks: call it before they are read */
	return (*w1 & m1) && (*w2 & m2);
}

/*
 * name_used()'s filters: a bit for every two bytes of a file (a power of
 * 2, 512 to 65536 bits) lets about one file in a hundred through for a
 * name it does not use.
 */
void init_filters(struct mp_ctx *ctx)
{
	size_t i;

	ctx->filter.at = xcalloc(ctx->nfiles + 1, sizeof(*ctx->filter.at));
	for (i = 0; i < ctx->nfiles; i++) {
		size_t nbits = 512;

		while (nbits < 65536 && nbits < ctx->files[i]->len / 2)
			nbits *= 2;
		ctx->filter.at[i + 1] = ctx->filter.at[i] + nbits / 64;
	}
	ctx->filter.bits = xcalloc(ctx->filter.at[ctx->nfiles] + 1, sizeof(*ctx->filter.bits));
}

/*
 * Flag the first argument of each MODULE_PARM() and MODULE_PARM_DESC().
 * With FILTER_ADD, also put each identifier of f in f's filter of them.
 */
void mark_mp_args(struct mp_ctx *ctx, struct mp_file *f, enum filter_update update)
{
	size_t k;

	for (k = 0; k < f->ntok; k++) {
		if (f->toks[k].kind != TK_IDENT)
			continue;
		if (update == FILTER_ADD)
			filter_add(ctx, (size_t)f->idx, hhash(tstr(f, (unsigned)k), tlen(f, (unsigned)k)));
		if (k >= 2 && tp(f, k - 1, '(') &&
		    (is_mp_use(f, k - 2) || tis(f, k - 2, "MODULE_PARM_DESC")))
			f->toks[k].flags |= TF_MPARG;
	}
}

/*
 * Whether any given file uses name as an identifier other than as the
 * first argument of MODULE_PARM() or MODULE_PARM_DESC().  The question is
 * rare and the files are many: each file's filter rules out most of them,
 * and a file it lets through is lexed again to be sure.
 */
bool name_used(struct mp_ctx *ctx, const char *name)
{
	size_t n = strlen(name), h = hhash(name, n), i, k;
	struct hent *answer = hslot(&ctx->filter.answers, name, n);

	/* asked again for a name, as for each of several uses: the same answer */
	if (answer->val != NONE)
		return answer->val;
	answer->k = xstrndup(name, n);
	answer->val = 0;
	for (i = 0; !answer->val && i < ctx->nfiles; i++) {
		struct mp_file g;
		int used = 0;

		/* the filter has every identifier; the check leaves out MODULE_PARM()'s arguments */
		if (!filter_has(ctx, i, h))
			continue;
		memset(&g, 0, sizeof(g));
		g.data = ctx->files[i]->data;
		g.len = ctx->files[i]->len;
		lex(&g);
		mark_mp_args(ctx, &g, FILTER_KEEP);
		for (k = 0; !used && k < g.ntok; k++)
			used = g.toks[k].kind == TK_IDENT && !(g.toks[k].flags & TF_MPARG) &&
			       tlen(&g, (unsigned)k) == n && !memcmp(tstr(&g, (unsigned)k), name, n);
		free(g.toks);
		free(g.dirs);
		answer->val = used;
	}
	return answer->val;
}
