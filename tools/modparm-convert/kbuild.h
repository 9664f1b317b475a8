/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: the modules that the given files are linked into, as
 * the Kbuild Makefile of each directory says.
 */
#ifndef MP_KBUILD_H
#define MP_KBUILD_H

#include <stdbool.h>
#include <stddef.h>

/*
 * One module: the given files it converts (its own), and the given
 * headers of other modules that its files include, which it reads for
 * their declarations and macros only.  Both hold indexes into the
 * caller's paths, in ascending order.
 */
struct kb_module {
	char *name;		/* "gus" for gus-objs; the directory's name for a directory */
	char *dir;		/* its directory, "" for the current one */
	bool whole_dir;		/* no Makefile says: the directory is the module */
	size_t *own;
	size_t nown, owncap;
	size_t *ctx;
	size_t nctx, ctxcap;
};

struct kb_modules {
	struct kb_module *v;
	size_t n, cap;
};

/*
 * Group paths[0..n) (C files and headers) into modules, ordered by
 * their first file.  A header goes with the first module that includes
 * it, directly or through other headers, and is read by the others that
 * do; one that no module includes goes with its directory.
 */
void kb_group(char *const *paths, size_t n, struct kb_modules *mods);
void kb_free(struct kb_modules *mods);

#endif
