/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: MODULE_PARM type strings ("i", "1-4i", "c16", ...):
 * evaluating the tokens that spell one, and the grammar of the result.
 */
#ifndef MP_TYPESTR_H
#define MP_TYPESTR_H

#include "ctx.h"
#include "decl.h"
#include "macro.h"

/* How many macros deep a type string or a number in it is looked for. */
#define EXPAND_MAX 8

struct tstr {
	char s[80];
	size_t n;
};

struct ptype {
	int has_min, has_range, max_missing;
	long min, max;		/* -1 when unknown ('#') */
	char letter;
	long len;		/* for 'c': -1 when unknown */
};

int eval_type(struct mp_ctx *ctx, const struct mp_file *f, unsigned s, unsigned e,
	      struct tstr *b, int depth, const struct macro *wrap);
int parse_type(const char *s, struct ptype *t);
enum ctype letter_ct(char l);
const char *letter_desc(char l);

#endif
