/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: what a MODULE_PARM() use is, for every part that
 * looks for one, and finding a file's uses.
 */
#ifndef MP_USES_H
#define MP_USES_H

#include <stdbool.h>

#include "ctx.h"

bool is_mp_use(const struct mp_file *f, size_t i);
void scan_file(struct mp_ctx *ctx, struct mp_file *f);

#endif
