/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: which names the given files use, for telling a typo
 * from a declaration the files do not include.
 */
#ifndef MP_NAMES_H
#define MP_NAMES_H

#include <stdbool.h>

#include "ctx.h"

/* Whether mark_mp_args() adds the file's names to its filter. */
enum filter_update { FILTER_KEEP, FILTER_ADD };

void init_filters(struct mp_ctx *ctx);
void mark_mp_args(struct mp_ctx *ctx, struct mp_file *f, enum filter_update update);
bool filter_has(const struct mp_ctx *ctx, size_t i, size_t h);
bool name_used(struct mp_ctx *ctx, const char *name);

#endif
