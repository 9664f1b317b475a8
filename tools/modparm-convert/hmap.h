/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: a hash map from names (not copied: they live in the
 * files' data) to an index, NONE when absent; chains of entries hang off
 * it.
 */
#ifndef MP_HMAP_H
#define MP_HMAP_H

#include <stddef.h>

struct hent {
	const char *k;
	unsigned klen;
	unsigned val;
};

struct hmap {
	struct hent *e;
	size_t cap, n;
};

/* FNV-1a of k[0..n): inline, as the filters hash every identifier. */
static inline size_t hhash(const char *k, size_t n)
{
	size_t h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*k++) * 16777619u;
	return h;
}

unsigned hget(struct hmap *m, const char *k, size_t n);
struct hent *hslot(struct hmap *m, const char *k, size_t n);

#endif
