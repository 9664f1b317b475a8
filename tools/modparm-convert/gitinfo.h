/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: what git says about the work tree, asked by running
 * git itself.
 */
#ifndef MP_GITINFO_H
#define MP_GITINFO_H

#include <stddef.h>

/*
 * Run "git ARGS..." (argv[0] is "git") with stderr silenced and return
 * what it wrote on stdout, to free; NULL when git is missing or fails.
 */
char *git_output(const char *const *argv);

/* "Name <email>" from git config user.name and user.email, or NULL; to free. */
char *git_ident(void);

/*
 * The current directory's path from the top of its git work tree ("" at
 * the top, "drivers/net/" below it), or NULL outside one; to free.
 */
char *git_show_prefix(void);

/*
 * The most common "prefix:" of the subjects of the last 500 commits that
 * touched paths[0..n) ("net: ne2k" of "net: ne2k: fix x"; of a tie, the
 * most recent), or NULL; to free.
 */
char *git_subject_prefix(char *const *paths, size_t n);

#endif
