/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: diagnostics, recorded per file with their position
 * and printed sorted by it.
 */
#ifndef MP_DIAG_H
#define MP_DIAG_H

#include "ctx.h"

void diag(struct mp_file *f, unsigned tok, enum mp_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sort_diags(struct mp_file *f);

#endif
