/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: a series of patches, one per module, in the mbox
 * format of git format-patch, with a cover letter.
 */
#ifndef MP_SERIES_H
#define MP_SERIES_H

#include <stdbool.h>
#include <stdio.h>

#include "modparm.h"

struct series_options {
	const char *ident;	/* "Name <email>" for From: and Signed-off-by: */
	bool signoff;		/* add Signed-off-by: */
	const char *top;	/* the current directory from the git top ("drivers/net/"), or "" */
};

struct series;

struct series *series_new(const struct series_options *opt);
void series_free(struct series *s);

/*
 * Add the patch of module name, in directory dir (the whole directory
 * when whole_dir), whose own files are files[0..n) after mp_run(),
 * before their text is released.  Nothing is added when none of them
 * changed.
 */
void series_add(struct series *s, const char *name, const char *dir, bool whole_dir,
		struct mp_file *const *files, size_t n);

/*
 * An empty series with s's options and date, for a -j worker to add
 * one module's patch to; series_take() then moves that patch into s,
 * in the order of the modules.
 */
struct series *series_fork(const struct series *s);
/* Move part's patches to the end of s, and free part. */
void series_take(struct series *s, struct series *part);

/* How many patches were added. */
size_t series_count(const struct series *s);

/*
 * Write dir/0000-cover-letter.patch and dir/NNNN-<subject>.patch, one
 * per patch.  On failure returns -1 with errno set and *failed the path
 * (static until the next call).
 */
int series_write_dir(const struct series *s, const char *dir, const char **failed);

/* Write the patches, without the cover letter, as one mbox stream. */
void series_write_stream(const struct series *s, FILE *out);

#endif
