/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: the files and the context the passes share.  Private
 * to the core: main.c and fuzz.c see only modparm.h.
 */
#ifndef MP_CTX_H
#define MP_CTX_H

#include <stdbool.h>
#include <stdint.h>

#include "modparm.h"
#include "hmap.h"
#include "cond.h"

struct mp_tok;
struct mp_edit;
struct mp_diag;
struct mp_include;
struct percall;

/*
 * One given file: its text, what the passes keep of it between them,
 * and the results.  Its tokens exist only while a pass works on it.
 */
struct mp_file {
	char *path;		/* as displayed */
	char *data;
	size_t len;
	unsigned idx;		/* in ctx->files */
	/* the lexer's output, while a pass works on the file */
	struct mp_tok *toks;
	size_t ntok, tokcap;
	unsigned *dirs;		/* the '#' token of each directive */
	size_t ndir, dircap;
	unsigned lex_bad;	/* LEX_OPEN_COMMENT, LEX_OPEN_LITERAL */
	/* kept from the first pass: the bodies of its object-like macros ... */
	struct mp_file *kept_bodies;
	/* ... and its #include "..." directives */
	struct mp_include *incs;
	size_t ninc, inccap;
	/* results: the edits and the text they make ... */
	struct mp_edit *edits;
	size_t nedit, editcap;
	char *out;		/* the rewritten text, when changed */
	size_t outlen;
	int changed;
	bool late_edits;	/* edits from another file's uses, made after its own */
	bool param_h_added;	/* such a use gave it <linux/moduleparam.h> */
	/* ... the diagnostics, and the counts */
	struct mp_diag *diags;
	size_t ndiag, diagcap;
	unsigned seq;		/* orders edits and diagnostics at one offset */
	unsigned nuses, nconverted;
	/* ... and each conversion, for a patch's description */
	struct mp_conversion *convs;
	size_t nconv, convcap;
};

/* An #include "..." of a file: its token and the given file it names, or NONE. */
struct mp_include {
	unsigned tok;
	unsigned file;
};

/*
 * What the passes share.  Each part is written by the pass and the file
 * named beside it, and read by the later ones.
 */
struct mp_ctx {
	struct mp_options opt;
	struct mp_file **files;
	size_t nfiles, filecap;
	/* scope.c: the given files by normalised path, for #include "..." */
	struct {
		char **norm;			/* each file's path, normalised */
		struct hmap map;		/* normalised path -> file */
		unsigned *visited, mark;	/* includes_file()'s files seen */
	} paths;
	/* the first pass: macro.c's macros and decl.c's declarations, by name */
	struct macro *macros;
	size_t nmacro, macrocap;
	struct decl *decls;
	size_t ndecl, declcap;
	struct hmap macro_map, decl_map;
	/* names.c: each file's Bloom filter of its identifiers */
	struct {
		uint64_t *bits;
		size_t *at;		/* file i's is bits[at[i]..at[i + 1]) */
		struct hmap answers;	/* name_used()'s, by name */
	} filter;
	/* run.c: the token and directive arrays of the last file lexed */
	struct {
		struct mp_tok *toks;
		size_t tokcap;
		unsigned *dirs;
		size_t dircap;
	} spare;
	/* cond.c: #if chains of the file whose tokens are in memory */
	struct cond_cache chains;
	/* wrapper.c, the second pass */
	struct {
		/* calls of macros whose body uses MODULE_PARM(), by macro name */
		struct mcall *calls;
		size_t ncall, callcap;
		struct mcall_arg *call_args;
		size_t ncarg, cargcap;
		struct hmap wrapper_map, call_map;
		/* in the files with calls: what MODULE_PARM or module_param*() names */
		struct pname *pnames;
		size_t npname, pnamecap;
		struct hmap pname_map;
	} wr;
	/* percall.c: wrappers whose calls may be converted one by one, by name */
	struct {
		struct percall *v;
		size_t n, cap;
		struct hmap map;
	} pc;
};

#endif
