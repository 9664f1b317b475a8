// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: finding the MODULE_PARM() uses of a file and their
 * arguments, for convert_use().
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "diag.h"
#include "lex.h"
#include "util.h"
#include "uses.h"

void scan_file(struct mp_ctx *ctx, struct mp_file *f)
{
	unsigned *params = NULL;
	size_t i, nparams = 0, cap = 0;

	for (i = 0; i < f->ntok; i++) {
		if (is_module_param(f, i)) {
			GROW(params, nparams, cap);
			params[nparams++] = (unsigned)i;
		}
	}
	for (i = 0; i + 1 < f->ntok; i++) {
		struct use u;
		size_t r, k, commas = 0, depth = 0;
		int stray = 0;

		if (!is_mp_use(f, i))
			continue;
		f->nuses++;
		memset(&u, 0, sizeof(u));
		u.mp = (unsigned)i;
		u.semi = NONE;
		u.params = params;
		u.nparams = nparams;
		r = match(f, i + 1, f->ntok);
		if (r >= f->ntok) {
			diag(f, (unsigned)i, MP_WARN_CANNOT, D("cannot convert MODULE_PARM: cannot parse the arguments"));
			continue;
		}
		u.rp = (unsigned)r;
		for (k = i + 2; k < r; k++) {
			if (tp(f, k, '(') || tp(f, k, '[') || tp(f, k, '{')) {
				depth++;
			} else if (tp(f, k, ')') || tp(f, k, ']') || tp(f, k, '}')) {
				if (depth)
					depth--;
				else
					stray = 1;
			} else if (tp(f, k, ',') && !depth) {
				commas++;
				u.a2s = (unsigned)(k + 1);
			}
		}
		u.a2e = (unsigned)r;
		u.a1 = (unsigned)(i + 2);
		/* a closer that opens nothing here belongs to the code around */
		if (commas != 1 || stray || f->toks[u.a1].kind != TK_IDENT || !tp(f, u.a1 + 1, ',') ||
		    u.a2s >= u.a2e) {
			diag(f, (unsigned)i, MP_WARN_CANNOT, D("cannot convert MODULE_PARM: cannot parse the arguments"));
			continue;
		}
		if (tp(f, r + 1, ';') && f->toks[r + 1].dir == f->toks[i].dir)
			u.semi = (unsigned)(r + 1);
		convert_use(ctx, f, &u);
		i = r;
	}
	free(params);
}
