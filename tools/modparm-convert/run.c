// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the context and the passes over the files: collect
 * every file's macros, declarations and includes; find the wrappers'
 * calls; then convert each file.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "decl.h"
#include "diag.h"
#include "edit.h"
#include "lex.h"
#include "macro.h"
#include "names.h"
#include "percall.h"
#include "scope.h"
#include "uses.h"
#include "wrapper.h"

struct mp_ctx *mp_new(const struct mp_options *opt)
{
	struct mp_ctx *ctx = xcalloc(1, sizeof(*ctx));

	ctx->opt = *opt;
	if (!ctx->opt.perm)
		ctx->opt.perm = "0";
	return ctx;
}

struct mp_file *mp_add(struct mp_ctx *ctx, const char *path, char *data, size_t len)
{
	struct mp_file *f = xcalloc(1, sizeof(*f));

	f->path = xstrndup(path, strlen(path));
	f->data = data;
	f->len = len;
	f->idx = (unsigned)ctx->nfiles;
	GROW(ctx->files, ctx->nfiles, ctx->filecap);
	ctx->files[ctx->nfiles++] = f;
	return f;
}

size_t mp_nfiles(const struct mp_ctx *ctx)
{
	return ctx->nfiles;
}

struct mp_file *mp_file_at(struct mp_ctx *ctx, size_t i)
{
	return ctx->files[i];
}

const char *mp_file_path(const struct mp_file *f)
{
	return f->path;
}

const char *mp_file_text(const struct mp_file *f, size_t *len)
{
	*len = f->len;
	return f->data;
}

const char *mp_file_output(struct mp_file *f, size_t *len)
{
	return file_output(f, len);
}

void mp_file_release(struct mp_file *f)
{
	free(f->out);
	free(f->data);
	f->out = f->data = NULL;
	f->outlen = f->len = 0;
}

void mp_file_stats(const struct mp_file *f, struct mp_stats *st)
{
	size_t i;

	st->uses = f->nuses;
	st->converted = f->nconverted;
	st->diags = (unsigned)f->ndiag;
	st->refused = 0;
	for (i = 0; i < f->ndiag; i++)
		st->refused += f->diags[i].kind == MP_WARN_CANNOT;
}

const struct mp_conversion *mp_file_conversions(const struct mp_file *f, size_t *n)
{
	*n = f->nconv;
	return f->convs;
}

const char *mp_file_refusal(const struct mp_file *f, size_t k, unsigned *line)
{
	size_t i;

	for (i = 0; i < f->ndiag; i++) {
		if (f->diags[i].kind != MP_WARN_CANNOT || k--)
			continue;
		*line = f->diags[i].line;
		return f->diags[i].msg;
	}
	return NULL;
}

/*
 * Only one file's tokens are needed at a time: lex each into the array
 * the last one used, so that a tree of files does not pay for a fresh,
 * growing allocation (and its page faults) per file and pass.
 */
static void lex_file(struct mp_ctx *ctx, struct mp_file *f)
{
	f->toks = ctx->spare.toks;
	f->tokcap = ctx->spare.tokcap;
	f->dirs = ctx->spare.dirs;
	f->dircap = ctx->spare.dircap;
	f->ntok = f->ndir = 0;
	memset(&ctx->spare, 0, sizeof(ctx->spare));
	lex(f);
}

static void drop_tokens(struct mp_ctx *ctx, struct mp_file *f)
{
	free(ctx->spare.toks);
	free(ctx->spare.dirs);
	ctx->spare.toks = f->toks;
	ctx->spare.tokcap = f->tokcap;
	ctx->spare.dirs = f->dirs;
	ctx->spare.dircap = f->dircap;
	f->toks = NULL;
	f->dirs = NULL;
	f->ntok = f->tokcap = f->ndir = f->dircap = 0;
	cond_cache_clear(&ctx->chains);
}

/*
 * The first pass: each file's #include "..."s, macros and declarations,
 * and the names it uses; then the declarations are chained by name.
 */
static void collect_pass(struct mp_ctx *ctx)
{
	struct declvec dv = { NULL, 0, 0 };
	size_t i, k;

	for (i = 0; i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];
		size_t first_decl = dv.n, first_macro = ctx->nmacro;

		lex_file(ctx, f);
		collect_includes(ctx, f);
		collect_macros(ctx, f);
		collect_decls(f, &dv);
		for (k = first_decl; k < dv.n; k++) {
			dv.v[k].key = tstr(f, dv.v[k].name);
			dv.v[k].klen = tlen(f, dv.v[k].name);
		}
		mark_mp_args(ctx, f, FILTER_ADD);
		mark_wrappers(ctx, f, first_macro);
		note_percall_shapes(ctx, f, first_macro);
		keep_bodies(ctx, f, first_macro);
		drop_tokens(ctx, f);
	}
	ctx->decls = dv.v;
	ctx->ndecl = dv.n;
	ctx->declcap = dv.cap;
	/* chain declarations by name, in order */
	for (i = ctx->ndecl; i-- > 0;) {
		struct decl *d = &ctx->decls[i];
		struct hent *e = hslot(&ctx->decl_map, d->key, d->klen);

		d->next = e->val;
		e->val = (unsigned)i;
	}
}

/* The second: the calls of macros that wrap MODULE_PARM(), in every file. */
static void calls_pass(struct mp_ctx *ctx)
{
	size_t i;

	for (i = 0; ctx->wr.wrapper_map.n && i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];

		if (!mentions_wrapper(ctx, f))
			continue;
		lex_file(ctx, f);
		collect_calls(ctx, f);
		drop_tokens(ctx, f);
	}
	plan_percall(ctx);
}

/* The last: convert each file's uses and make its new text. */
static void convert_pass(struct mp_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];

		lex_file(ctx, f);
		mark_mp_args(ctx, f, FILTER_KEEP);
		scan_file(ctx, f);
		convert_percall_calls(ctx, f);
		tidy_deletions(f);
		apply_edits(f);
		drop_tokens(ctx, f);
		sort_diags(f);
	}
	finish_percall(ctx);
	/* a file that another's use moved into after it was converted */
	for (i = 0; i < ctx->nfiles; i++)
		if (ctx->files[i]->late_edits)
			apply_edits(ctx->files[i]);
}

/*
 * Three passes, so that only one file's tokens are in memory at a time:
 * the first collects what every file declares, the second the calls of
 * wrapper macros, and the last lexes each file again to convert it.
 */
void mp_run(struct mp_ctx *ctx)
{
	init_filters(ctx);
	index_paths(ctx);
	collect_pass(ctx);
	calls_pass(ctx);
	convert_pass(ctx);
}

void mp_free(struct mp_ctx *ctx)
{
	size_t i, k;

	for (i = 0; i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];

		for (k = 0; k < f->nedit; k++)
			free(f->edits[k].text);
		for (k = 0; k < f->ndiag; k++)
			free(f->diags[k].msg);
		for (k = 0; k < f->nconv; k++) {
			free(f->convs[k].name);
			free(f->convs[k].typestr);
			free(f->convs[k].call);
		}
		free(f->convs);
		free(f->edits);
		free(f->diags);
		free(f->toks);
		free(f->dirs);
		free(f->incs);
		if (f->kept_bodies)
			free(f->kept_bodies->toks);
		free(f->kept_bodies);
		free(f->out);
		free(f->data);
		free(f->path);
		free(f);
	}
	if (ctx->paths.norm)
		for (i = 0; i < ctx->nfiles; i++)
			free(ctx->paths.norm[i]);
	free(ctx->paths.norm);
	free(ctx->paths.visited);
	free(ctx->paths.map.e);
	free(ctx->files);
	free(ctx->macros);
	free_decls(ctx->decls, ctx->ndecl);
	free(ctx->macro_map.e);
	free(ctx->decl_map.e);
	free(ctx->filter.bits);
	free(ctx->filter.at);
	free(ctx->spare.toks);
	free(ctx->spare.dirs);
	free(ctx->wr.calls);
	free(ctx->wr.call_args);
	for (i = 0; i < ctx->filter.answers.cap; i++)
		free((char *)ctx->filter.answers.e[i].k);
	free(ctx->filter.answers.e);
	free(ctx->wr.wrapper_map.e);
	free(ctx->wr.call_map.e);
	free(ctx->wr.pnames);
	free(ctx->wr.pname_map.e);
	free(ctx->pc.v);
	free(ctx->pc.map.e);
	free(ctx);
}
