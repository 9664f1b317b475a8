// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: open addressing with linear probing, FNV-1a.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hmap.h"
#include "util.h"

static struct hent *hfind(struct hmap *m, const char *k, size_t n)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = hhash(k, n) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		struct hent *e = &m->e[i];

		if (!e->k)
			return e;
		if (e->klen == n && !memcmp(e->k, k, n))
			return e;
	}
}

unsigned hget(struct hmap *m, const char *k, size_t n)
{
	struct hent *e = hfind(m, k, n);

	return e && e->k ? e->val : NONE;
}

struct hent *hslot(struct hmap *m, const char *k, size_t n)
{
	struct hent *e;

	if ((m->n + 1) * 2 > m->cap) {
		struct hmap nm = { NULL, m->cap ? m->cap * 2 : 256, 0 };
		size_t i;

		nm.e = xcalloc(nm.cap, sizeof(*nm.e));
		for (i = 0; i < m->cap; i++) {
			if (m->e[i].k) {
				*hfind(&nm, m->e[i].k, m->e[i].klen) = m->e[i];
				nm.n++;
			}
		}
		free(m->e);
		*m = nm;
	}
	e = hfind(m, k, n);
	if (!e->k) {
		e->k = k;
		e->klen = (unsigned)n;
		e->val = NONE;
		m->n++;
	}
	return e;
}
