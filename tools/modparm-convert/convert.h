/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: the decision for each MODULE_PARM() use: convert it,
 * and how, or refuse it with a reason.
 */
#ifndef MP_CONVERT_H
#define MP_CONVERT_H

#include "ctx.h"
#include "cond.h"

struct use {
	unsigned mp, lp, rp;
	unsigned a1, a2s, a2e;
	int semi;
	/* the file's module_param*( tokens, and their #if groups once known */
	const unsigned *params;
	struct cond_chain **chains;
	size_t nparams;
};

int names_module_param(const struct mp_file *f, unsigned i);
int is_module_param(const struct mp_file *f, size_t i);
void scan_file(struct mp_ctx *ctx, struct mp_file *f);

#endif
