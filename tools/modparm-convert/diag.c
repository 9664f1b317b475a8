// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: diagnostics and the --report.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "lex.h"

/* Record a diagnostic of f at offset off, line and column, with its message. */
static void add_diag(struct mp_file *f, size_t off, unsigned line, unsigned col,
		     enum mp_kind kind, char *msg)
{
	struct mp_diag *dg;

	GROW(f->diags, f->ndiag, f->diagcap);
	dg = &f->diags[f->ndiag++];
	dg->off = off;
	dg->seq = f->seq++;
	dg->line = line;
	dg->col = col;
	dg->kind = kind;
	dg->msg = msg;
}

/* Record a diagnostic of f at token tok. */
void diag(struct mp_file *f, unsigned tok, enum mp_kind kind, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	/* the message is as long as it needs: none is cut short */
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	add_diag(f, f->toks[tok].start, f->toks[tok].line, f->toks[tok].col, kind, msg);
}

/* The same where f's tokens are gone: at a position kept from them. */
void diag_at(struct mp_file *f, size_t off, unsigned line, unsigned col, enum mp_kind kind,
	     const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	add_diag(f, off, line, col, kind, msg);
}

static int cmp_diag(const void *a, const void *b)
{
	const struct mp_diag *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if ((x->kind == MP_NOTE) != (y->kind == MP_NOTE))
		return x->kind == MP_NOTE ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void sort_diags(struct mp_file *f)
{
	if (f->ndiag)
		qsort(f->diags, f->ndiag, sizeof(*f->diags), cmp_diag);
}

void mp_write_report(const struct mp_file *f, FILE *out, enum mp_report which)
{
	size_t i;

	for (i = 0; i < f->ndiag; i++) {
		const struct mp_diag *d = &f->diags[i];

		if (which == MP_REPORT_REFUSED && d->kind != MP_WARN_CANNOT)
			continue;
		fprintf(out, "%s:%u:%u: %s: %s\n", f->path, d->line, d->col,
			d->kind == MP_NOTE ? "note" : "warning", d->msg);
	}
}
