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

size_t hhash(const char *k, size_t n);
unsigned hget(struct hmap *m, const char *k, size_t n);
struct hent *hslot(struct hmap *m, const char *k, size_t n);

#endif
