/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: what a MODULE_PARM() use is, for every part that
 * looks for one, and finding a file's uses.
 */
#ifndef MP_USES_H
#define MP_USES_H

#include <stdbool.h>

#include "ctx.h"
#include "lex.h"

/*
 * Whether token i of f is a use of MODULE_PARM(): the name, then '(' in
 * the same directive (or outside any), and not the name a #define
 * defines.
 */
static inline bool is_mp_use(const struct mp_file *f, size_t i)
{
	if (!tis(f, i, "MODULE_PARM") || !tp(f, i + 1, '('))
		return false;
	if (f->toks[i + 1].dir != f->toks[i].dir)
		return false;
	return !(i >= 1 && tis(f, i - 1, "define") && f->toks[i - 1].dir == f->toks[i].dir);
}

void scan_file(struct mp_ctx *ctx, struct mp_file *f);

#endif
