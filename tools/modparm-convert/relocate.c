// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: a use whose variable is a static of another file of
 * the module.  No declaration here can reach that static, so the call
 * goes to the file that defines it, right after the definition, as a
 * person converting the driver by hand would put it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "diag.h"
#include "edit.h"
#include "lex.h"
#include "relocate.h"
#include "util.h"
#include "uses.h"

/* Whether path names a C file, not a header. */
static bool is_c_file(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".c");
}

/*
 * The one declaration of the name in the given files, when it is a
 * static of another C file; NULL when there is none, or more than one,
 * or it is something else.  Two statics of two files are set in pair[].
 */
static const struct decl *lone_static(const struct conv *cv, const struct decl *pair[2])
{
	struct mp_ctx *ctx = cv->ctx;
	unsigned k = hget(&ctx->decl_map, cv->name, strlen(cv->name));
	const struct decl *d;

	pair[0] = pair[1] = NULL;
	if (k == NONE)
		return NULL;
	d = &ctx->decls[k];
	if (d->next != NONE) {
		for (k = d->next; k != NONE && !pair[1]; k = ctx->decls[k].next)
			if (d->is_static && ctx->decls[k].is_static && ctx->decls[k].file != d->file)
				pair[1] = &ctx->decls[k];
		if (pair[1])
			pair[0] = d;
		return NULL;
	}
	if (!d->is_static || d->file == cv->f->idx || !is_c_file(ctx->files[d->file]->path))
		return NULL;
	return d;
}

/*
 * Whether this file names the variable outside MODULE_PARM() and
 * MODULE_PARM_DESC(): it then means another variable than the other
 * file's static, which it cannot see.
 */
static bool named_here(const struct conv *cv)
{
	const struct mp_file *f = cv->f;
	size_t i;

	for (i = 0; i < f->ntok; i++)
		if (f->toks[i].kind == TK_IDENT && !(f->toks[i].flags & TF_MPARG) &&
		    teq(f, (unsigned)i, f, cv->u->a1))
			return true;
	return false;
}

/* What the file that defines the static says, read by scan_home(). */
struct home {
	unsigned param_line;	/* where it makes the name a parameter, or 0 */
	size_t decl_end;	/* the end of its declaration's ';' */
	bool has_param_h;	/* it includes <linux/module.h> or <linux/moduleparam.h> */
	size_t inc_end;		/* where an #include goes: see scan_includes() */
};

/* Whether token i of t, a directive's '#', includes the header module_param() needs. */
static bool includes_param_h(const struct mp_file *t, size_t i)
{
	const char *s = t->data + t->toks[i].start, *nl = memchr(s, '\n', t->len - t->toks[i].start);
	size_t n = nl ? (size_t)(nl - s) : t->len - t->toks[i].start;
	char line[256];

	if (n >= sizeof(line))
		return false;
	memcpy(line, s, n);
	line[n] = '\0';
	return strstr(line, "<linux/module.h>") || strstr(line, "<linux/moduleparam.h>");
}

/*
 * Where a file without #includes gets one: after the comment it starts
 * with, which is usually its licence and description, or at its start.
 */
static size_t after_first_comment(const struct mp_file *t)
{
	size_t i;

	if (t->len < 4 || memcmp(t->data, "/*", 2))
		return 0;
	for (i = 2; i + 1 < t->len && memcmp(t->data + i, "*/", 2); i++)
		;
	while (i < t->len && t->data[i] != '\n')
		i++;
	return i < t->len ? i + 1 : 0;
}

/*
 * Whether t includes what module_param() needs, and where a new
 * #include goes: after the last #include <...> outside any #if (after
 * the system headers, before the driver's own), or the last #include,
 * or after the comment the file starts with.
 */
static void scan_includes(const struct mp_file *t, struct home *h)
{
	struct cond_chain ch;
	size_t k, wn, angle_end = 0;

	for (k = 0; k < t->ndir; k++) {
		const char *w = directive_word(t, t->dirs[k], &wn);
		const char *nl;

		if (!w || !word_is(w, wn, "include"))
			continue;
		h->has_param_h |= includes_param_h(t, t->dirs[k]);
		cond_chain_at(t, t->dirs[k], &ch);
		nl = memchr(t->data + t->toks[t->dirs[k]].start, '\n',
			    t->len - t->toks[t->dirs[k]].start);
		if (ch.n || !nl)
			continue;
		if (t->dirs[k] + 2 < t->ntok && tp(t, t->dirs[k] + 2, '<'))
			angle_end = (size_t)(nl - t->data) + 1;
		h->inc_end = (size_t)(nl - t->data) + 1;
	}
	if (angle_end)
		h->inc_end = angle_end;
	else if (!h->inc_end)
		h->inc_end = after_first_comment(t);
}

/*
 * Read file g, lexed into its own tokens, for struct home: whether it
 * makes name a parameter itself (MODULE_PARM(), module_param*() or a
 * wrapper's call that passes it), where its declaration dc ends, and
 * its #includes.
 */
static void scan_home(struct mp_ctx *ctx, const struct mp_file *g, const char *name,
		      const struct decl *dc, struct home *h)
{
	struct mp_file t;
	size_t i, k, n = strlen(name);

	memset(&t, 0, sizeof(t));
	memset(h, 0, sizeof(*h));
	t.data = g->data;
	t.len = g->len;
	lex(&t);
	h->decl_end = dc->end < t.ntok ? t.toks[dc->end].end : t.len;
	for (i = 0; !h->param_line && i + 2 < t.ntok; i++) {
		/* a file that has parameters already has what they need */
		if (is_mp_use(&t, i) || is_module_param(&t, i))
			h->has_param_h = true;
		if (!is_mp_use(&t, i) && !is_module_param(&t, i) &&
		    !(t.toks[i].kind == TK_IDENT && tp(&t, i + 1, '(') &&
		      hget(&ctx->wr.wrapper_map, tstr(&t, (unsigned)i), tlen(&t, (unsigned)i)) != NONE))
			continue;
		for (k = i + 2; k < t.ntok && !tp(&t, k, ')') && !tp(&t, k, ';'); k++)
			if (t.toks[k].kind == TK_IDENT && tlen(&t, (unsigned)k) == n &&
			    !memcmp(tstr(&t, (unsigned)k), name, n))
				h->param_line = t.toks[i].line;
	}
	scan_includes(&t, h);
	free(t.toks);
	free(t.dirs);
}

/*
 * An #if group around the use that is not #ifdef MODULE: the condition
 * would not go along to the other file.
 */
static bool under_other_if(const struct conv *cv)
{
	struct cond_chain ch;
	unsigned i;

	cond_chain_at(cv->f, cv->mp, &ch);
	for (i = 0; i < ch.n; i++)
		if (ch.g[i].lit <= 0 || strcmp(ch.g[i].cond, "defined MODULE"))
			return true;
	return ch.over > 0;
}

/*
 * Find the static of another C file that the use names, when it is the
 * only declaration of the name, this file names it nowhere else and
 * that file makes no parameter of it: set cv->dc, the placement and
 * cv->target_end, and return true.  Return false, with *refused set
 * after a warning when the static is there but cannot take the use, or
 * silently for explain_elsewhere() to say why not.
 */
bool relocate_use(struct conv *cv, bool *refused)
{
	const struct mp_file *home;
	const struct decl *dc, *pair[2];
	struct home h;

	dc = lone_static(cv, pair);
	if (pair[0]) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file, and %s and %s each have a static one; declare it in this file, or move the use to the file whose variable it is"),
		     cv->name, cv->name, cv->ctx->files[pair[0]->file]->path,
		     cv->ctx->files[pair[1]->file]->path);
		*refused = true;
		return false;
	}
	if (!dc || named_here(cv) || under_other_if(cv))
		return false;
	home = cv->ctx->files[dc->file];
	scan_home(cv->ctx, home, cv->name, dc, &h);
	if (h.param_line) {
		diag(cv->f, cv->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a static of %s, which makes it a parameter itself at line %u; declare it in this file, or drop this use"),
		     cv->name, cv->name, home->path, h.param_line);
		*refused = true;
		return false;
	}
	cv->dc = dc;
	cv->place = PLACE_OTHER_FILE;
	cv->target_end = h.decl_end;
	cv->target_inc = h.inc_end;
	cv->target_needs_h = !h.has_param_h;
	return true;
}

/*
 * Move the use to the file that defines its static, after the
 * declaration, and give that file <linux/moduleparam.h> when it includes
 * neither that nor <linux/module.h>: once, for all the uses it takes.
 */
void place_in_home(struct conv *cv)
{
	struct mp_file *f = cv->f, *home = cv->ctx->files[cv->dc->file];
	const struct use *u = cv->u;

	move_call_to(f, u->mp, u->semi != NONE ? u->semi : u->rp, home, cv->target_end,
		     cv->call);
	diag(f, cv->mp, MP_NOTE, D("'%s' is a static of %s, which this file cannot name: module_param placed there, after its declaration at line %u"),
	     cv->name, home->path, cv->dc->line);
	if (!cv->target_needs_h || home->param_h_added)
		return;
	add_edit(home, cv->target_inc, cv->target_inc,
		 cv->target_inc >= 2 && home->data[cv->target_inc - 2] == '\r' ?
		 "#include <linux/moduleparam.h>\r\n" : "#include <linux/moduleparam.h>\n");
	home->param_h_added = true;
	diag(f, cv->mp, MP_NOTE, D("%s includes neither <linux/module.h> nor <linux/moduleparam.h>: <linux/moduleparam.h> added"),
	     home->path);
}
