/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: #if chains, and whether code under two of them can be
 * compiled together.
 */
#ifndef MP_COND_H
#define MP_COND_H

#include <stdbool.h>
#include <stddef.h>

struct mp_file;

/*
 * Preprocessor conditions, far enough to tell that two uses are never
 * compiled together: in different branches of one #if, or under
 * conditions that negate each other, as drivers for 2.4 and 2.6 wrote
 * "#if LINUX_VERSION_CODE < KERNEL_VERSION(2,5,0)" and then ">=".
 */
#define COND_MAX 256

struct cond_group {
	unsigned id;		/* which #if, counted from the file's start */
	unsigned branch;	/* 0 for the #if, 1 for the next #elif or #else ... */
	int has_elif;
	int lit;		/* the branch is "cond" (1), "!cond" (-1), or unknown (0) */
	char cond[COND_MAX];
};

struct cond_chain {
	struct cond_group g[16];
	unsigned n, over;	/* groups open; how many beyond g[] */
	int dead;		/* groups exclude each other, as #if A inside #ifndef A */
};

/*
 * The chains of the tokens of one file that are asked about more than
 * once (module_param*() and MODULE_PARM() of the file), computed once.
 */
struct cond_cache {
	const struct mp_file *f;	/* whose tokens the keys are */
	unsigned *tok;			/* open addressing; NONE is free */
	struct cond_chain **chain;
	size_t n, cap;
};

void cond_chain_at(const struct mp_file *f, size_t pos, struct cond_chain *ch);
const struct cond_chain *cond_chain_of(struct cond_cache *cc, const struct mp_file *f,
				       unsigned tok);
void cond_cache_clear(struct cond_cache *cc);
bool same_branch(const struct cond_chain *x, const struct cond_chain *y);
bool never_compiled(const struct cond_chain *ch);

#endif
