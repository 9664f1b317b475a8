/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: diagnostics, recorded per file with their position
 * and printed sorted by it.
 */
#ifndef MP_DIAG_H
#define MP_DIAG_H

#include "ctx.h"

/*
 * Every diagnostic format string is wrapped in D() so that the test suite
 * can extract them all and check that the man page catalogues each one.
 */
#define D(s) s

enum mp_kind { MP_WARN_OBSOLETE, MP_WARN_CANNOT, MP_NOTE };

struct mp_diag {
	size_t off;
	unsigned seq;
	unsigned line, col;
	enum mp_kind kind;
	char *msg;
};

void diag(struct mp_file *f, unsigned tok, enum mp_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void diag_at(struct mp_file *f, size_t off, unsigned line, unsigned col, enum mp_kind kind,
	     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void sort_diags(struct mp_file *f);

#endif
