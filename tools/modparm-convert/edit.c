// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the edits.  Conversions record replacements of byte
 * ranges; they are sorted, tidied into whole-line deletions and applied.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "edit.h"
#include "lex.h"

void add_edit(struct mp_file *f, size_t s, size_t e, const char *text)
{
	struct mp_edit *ed;

	GROW(f->edits, f->nedit, f->editcap);
	ed = &f->edits[f->nedit++];
	ed->start = s;
	ed->end = e;
	ed->seq = f->seq++;
	ed->text = xstrndup(text, strlen(text));
}

/*
 * Remove token t of f (an __initdata or a const) and one blank next to
 * it.  Several uses may share one declaration: remove it once.
 */
void cut_token(struct mp_file *f, unsigned t)
{
	size_t s = f->toks[t].start, e = f->toks[t].end;

	if (f->toks[t].flags & TF_DROPPED)
		return;
	if (e < f->len && (f->data[e] == ' ' || f->data[e] == '\t'))
		e++;
	else if (s > 0 && (f->data[s - 1] == ' ' || f->data[s - 1] == '\t'))
		s--;
	add_edit(f, s, e, "");
	f->toks[t].flags |= TF_DROPPED;
}

/* What line_end_clear() lets stand between an offset and the line's end. */
enum line_rest { REST_BLANKS, REST_BLANKS_COMMENTS };

static bool line_end_clear(const struct mp_file *f, size_t off, size_t *eol,
			   enum line_rest rest)
{
	/* whitespace only up to the newline? */
	size_t i = off;

	for (;;) {
		while (i < f->len && (f->data[i] == ' ' || f->data[i] == '\t' || f->data[i] == '\r'))
			i++;
		if (rest == REST_BLANKS_COMMENTS && i + 1 < f->len && f->data[i] == '/' &&
		    f->data[i + 1] == '*') {
			/* a comment that ends on this line */
			size_t j = i + 2;

			while (j + 1 < f->len && f->data[j] != '\n' &&
			       !(f->data[j] == '*' && f->data[j + 1] == '/'))
				j++;
			if (j + 1 < f->len && f->data[j] == '*') {
				i = j + 2;
				continue;
			}
			return false;
		}
		if (rest == REST_BLANKS_COMMENTS && i + 1 < f->len && f->data[i] == '/' &&
		    f->data[i + 1] == '/') {
			while (i < f->len && f->data[i] != '\n')
				i++;
			if (i > 0 && f->data[i - 1] == '\\')
				return false;
		}
		break;
	}
	if (i < f->len && f->data[i] == '\n') {
		*eol = i + 1;
		return true;
	}
	if (i == f->len) {
		*eol = i;
		return true;
	}
	return false;
}

static const char *eol_of(const struct mp_file *f, size_t off)
{
	const char *nl = memchr(f->data + off, '\n', f->len - off);

	if (nl && nl > f->data && nl[-1] == '\r')
		return "\r\n";
	if (!nl) {
		/* last line: look at the line before */
		size_t i = off;

		while (i > 0 && f->data[i - 1] != '\n')
			i--;
		if (i >= 2 && f->data[i - 2] == '\r')
			return "\r\n";
	}
	return "\n";
}

/* Whether only blanks and a '\' that continues the line follow offset off. */
static bool continued_line(const struct mp_file *f, size_t off)
{
	while (off < f->len && (f->data[off] == ' ' || f->data[off] == '\t'))
		off++;
	return off + 1 < f->len && f->data[off] == '\\' &&
	       (f->data[off + 1] == '\n' || f->data[off + 1] == '\r');
}

/*
 * Replace tokens first..last of f, a use up to its ')', by call.  A use
 * alone on its line at file scope loses the blanks before it, before its
 * ';' and after it, so that the new line is clean for checkpatch; one
 * alone on a line of a macro body indented with spaces, as i2c.h's
 * I2C_CLIENT_MODULE_PARM(), is indented with a tab instead.
 */
void replace_use(struct mp_file *f, unsigned first, unsigned last, unsigned semi,
		 const char *call)
{
	size_t s = f->toks[first].start, e = f->toks[last].end, b = s, tail, eol;
	char *text;

	while (b > 0 && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'))
		b--;
	tail = semi != NONE ? f->toks[semi].end : e;
	if (f->toks[first].dir && (b == 0 || f->data[b - 1] == '\n') &&
	    memchr(f->data + b, ' ', s - b) && continued_line(f, tail)) {
		/* in a macro body, indented with spaces: a tab */
		text = xasprintf("\t%s%s", call, semi != NONE ? ";" : "");
		add_edit(f, b, tail, text);
		free(text);
		return;
	}
	if (f->toks[first].dir || f->toks[first].depth > 0 || (b > 0 && f->data[b - 1] != '\n') ||
	    !line_end_clear(f, tail, &eol, REST_BLANKS)) {
		add_edit(f, s, e, call);
		return;
	}
	while (eol > tail && (f->data[eol - 1] == '\n' || f->data[eol - 1] == '\r'))
		eol--;
	text = xasprintf("%s%s", call, semi != NONE ? ";" : "");
	add_edit(f, b, eol, text);
	free(text);
}

/* The start of the line that offset off is on. */
static size_t line_start(const struct mp_file *f, size_t off)
{
	while (off > 0 && f->data[off - 1] != '\n')
		off--;
	return off;
}

/*
 * The comments after offset e up to the end of its line, for a use that
 * moves: its own comment goes with it rather than stay as an orphan
 * line.  Their text with the blanks before them, to free; NULL if none.
 */
static char *trailing_comment(const struct mp_file *f, size_t e)
{
	size_t eol, c = e, end;

	if (!line_end_clear(f, e, &eol, REST_BLANKS_COMMENTS))
		return NULL;
	while (c < eol && (f->data[c] == ' ' || f->data[c] == '\t'))
		c++;
	if (c >= eol || f->data[c] != '/')
		return NULL;
	end = eol;
	while (end > c && strchr(" \t\r\n", f->data[end - 1]))
		end--;
	if (c == e)
		return xasprintf(" %.*s", (int)(end - c), f->data + c);
	return xstrndup(f->data + e, end - e);
}

/* The '#' of the directive before token t (or after it), or NONE. */
static size_t dir_near(const struct mp_file *f, unsigned t, bool after)
{
	size_t k;

	if (after) {
		for (k = t + 1; k < f->ntok && !f->toks[k].dir; k++)
			;
		return k < f->ntok ? k : NONE;
	}
	for (k = t; k-- > 0 && !f->toks[k].dir;)
		;
	if (k == (size_t)-1)
		return NONE;
	while (k > 0 && f->toks[k - 1].dir == f->toks[k].dir)
		k--;
	return k;
}

/*
 * The #if group that holds tokens first..last and nothing else: its
 * '#if' and '#endif' tokens in *ifd and *endd.  False if there is none.
 */
static bool sole_content_of(const struct mp_file *f, unsigned first, unsigned last,
			    size_t *ifd, size_t *endd)
{
	const char *w;
	size_t wn;

	*ifd = dir_near(f, first, false);
	*endd = dir_near(f, last, true);
	if (*ifd == NONE || *endd == NONE)
		return false;
	/* the directive before is the #if, and nothing but it stands between */
	if (cond_directive(f, *ifd, &w, &wn) != CD_IF ||
	    cond_directive(f, *endd, &w, &wn) != CD_ENDIF)
		return false;
	return first > 0 && f->toks[first - 1].dir == f->toks[*ifd].dir &&
	       f->toks[last + 1].dir == f->toks[*endd].dir;
}

/* Whether the #if at token i asks for MODULE: #ifdef MODULE, #if defined(MODULE). */
static bool if_module(const struct mp_file *f, size_t i)
{
	unsigned dir = f->toks[i].dir;
	size_t k = i + 2, end = k;

	while (end < f->ntok && f->toks[end].dir == dir)
		end++;
	if (tis(f, i + 1, "ifdef"))
		return end == k + 1 && tis(f, k, "MODULE");
	if (!tis(f, i + 1, "if") || !tis(f, k, "defined"))
		return false;
	if (end == k + 2)
		return tis(f, k + 1, "MODULE");
	return end == k + 4 && tp(f, k + 1, '(') && tis(f, k + 2, "MODULE") && tp(f, k + 3, ')');
}

/* The text of the line that offset off is on, newline included. */
static void line_of(const struct mp_file *f, size_t off, size_t *s, size_t *e)
{
	const char *nl;

	*s = line_start(f, off);
	nl = memchr(f->data + off, '\n', f->len - off);
	*e = nl ? (size_t)(nl - f->data) + 1 : f->len;
}

/* A copy of the line s..e (newline included) without blanks at its end. */
static char *copy_line(const struct mp_file *f, size_t s, size_t e)
{
	size_t nl = e, b;

	while (nl > s && (f->data[nl - 1] == '\n' || f->data[nl - 1] == '\r'))
		nl--;
	for (b = nl; b > s && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'); b--)
		;
	return xasprintf("%.*s%.*s", (int)(b - s), f->data + s, (int)(e - nl), f->data + nl);
}

/*
 * Whether token after (a declaration) is under the condition of the #if
 * group around token first, known to be the same: the call that moves
 * there needs no copy of it.
 */
static bool under_same_if(const struct mp_file *f, unsigned first, unsigned after)
{
	struct cond_chain cu, cd;
	const struct cond_group *g;
	unsigned k;

	cond_chain_at(f, first, &cu);
	cond_chain_at(f, after, &cd);
	if (cu.over || !cu.n || !cu.g[cu.n - 1].lit)
		return false;
	g = &cu.g[cu.n - 1];
	for (k = 0; k < cd.n; k++)
		if (cd.g[k].lit == g->lit && !strcmp(cd.g[k].cond, g->cond))
			return true;
	return false;
}

/*
 * A use that moves below its declaration, and is all its #if group
 * holds, takes the group along: deleted, its lines go around the call.
 * Under #ifdef MODULE they go, as 2.6's conversions dropped them:
 * module_param() works for a built-in driver too.  *wrap_s and *wrap_e
 * get the two lines, to free; NULL when none go along.
 */
static void move_group(struct mp_file *f, unsigned first, unsigned last, unsigned after,
		       char **wrap_s, char **wrap_e)
{
	size_t ifd, endd, is, ie, es, ee;

	*wrap_s = *wrap_e = NULL;
	if (!sole_content_of(f, first, last, &ifd, &endd) || endd > after)
		return;
	line_of(f, f->toks[ifd].start, &is, &ie);
	line_of(f, f->toks[endd].start, &es, &ee);
	if (f->data[ie - 2] == '\\' || f->data[ee - 1] != '\n')
		return;
	add_edit(f, is, ie, "");
	add_edit(f, es, ee, "");
	if (if_module(f, ifd) || under_same_if(f, first, after))
		return;
	*wrap_s = copy_line(f, is, ie);
	*wrap_e = copy_line(f, es, ee);
}

/*
 * Remove tokens first..last of f, a statement, with the lines they are
 * on when nothing else is (a comment after it goes along); else the
 * blanks beside it, so that none is left at the end of a line.
 */
void delete_statement(struct mp_file *f, unsigned first, unsigned last)
{
	size_t s = f->toks[first].start, e = f->toks[last].end, b = s, eol;

	while (b > 0 && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'))
		b--;
	if ((b == 0 || f->data[b - 1] == '\n') && line_end_clear(f, e, &eol, REST_BLANKS_COMMENTS)) {
		s = b;
		e = eol;
	} else if (line_end_clear(f, e, &eol, REST_BLANKS)) {
		s = b;		/* last on its line: no blank left at the end */
	} else {
		while (e < f->len && (f->data[e] == ' ' || f->data[e] == '\t'))
			e++;
	}
	add_edit(f, s, e, "");
}

/*
 * Remove tokens first..last of f, a use, with their line when nothing
 * else is on it.  The comment after them on that line goes too, and is
 * returned (to free) for the call to take along, unless the call goes
 * inside a line, where a // comment cannot follow it.
 */
static char *cut_use(struct mp_file *f, unsigned first, unsigned last, bool inside)
{
	size_t s = f->toks[first].start, e = f->toks[last].end, b = s, eol;
	char *comment = NULL;

	while (b > 0 && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'))
		b--;
	if ((b == 0 || f->data[b - 1] == '\n') && line_end_clear(f, e, &eol, REST_BLANKS)) {
		s = b;
		e = eol;
	} else if ((b == 0 || f->data[b - 1] == '\n') && (comment = trailing_comment(f, e)) &&
		   !(inside && strstr(comment, "//")) &&
		   line_end_clear(f, e, &eol, REST_BLANKS_COMMENTS)) {
		s = b;
		e = eol;
	} else {
		free(comment);
		comment = NULL;
		while (e < f->len && (f->data[e] == ' ' || f->data[e] == '\t'))
			e++;
	}
	add_edit(f, s, e, "");
	return comment;
}

/*
 * Remove the use at tokens first..last of f and put call after token
 * after, a declaration's ';': on a line of its own when the
 * declaration's line has nothing more.  A comment after the use on its
 * line, and an #if group that holds only the use, go along.
 */
void move_call(struct mp_file *f, unsigned first, unsigned last, unsigned after,
	       const char *call)
{
	size_t ins, eol;
	char *comment, *wrap_s, *wrap_e;
	const char *nl;
	char *text;
	/* the call goes inside the declaration's line: no // comment can follow it */
	bool inside = !line_end_clear(f, f->toks[after].end, &eol, REST_BLANKS_COMMENTS);

	comment = cut_use(f, first, last, inside);
	move_group(f, first, last, after, &wrap_s, &wrap_e);
	ins = f->toks[after].end;
	nl = eol_of(f, ins);
	if (line_end_clear(f, ins, &eol, REST_BLANKS_COMMENTS) && eol > ins &&
	    f->data[eol - 1] == '\n') {
		text = xasprintf("%s%s;%s%s%s", wrap_s ? wrap_s : "", call,
				 comment ? comment : "", nl, wrap_e ? wrap_e : "");
	} else if (line_end_clear(f, ins, &eol, REST_BLANKS_COMMENTS)) {
		/* declaration on the last line without a newline */
		text = xasprintf("%s%s%s;%s%s", nl, wrap_s ? wrap_s : "", call,
				 comment ? comment : "", wrap_e ? nl : "");
		if (wrap_e) {
			char *t = xasprintf("%s%.*s", text, (int)strcspn(wrap_e, "\r\n"), wrap_e);

			free(text);
			text = t;
		}
	} else {
		text = xasprintf(" %s;%s", call, comment ? comment : "");
		eol = ins;
		if (wrap_s) {
			/* the group's lines cannot go inside a line: keep them */
			f->nedit -= 2;
			free(f->edits[f->nedit].text);
			free(f->edits[f->nedit + 1].text);
		}
	}
	add_edit(f, eol, eol, text);
	free(text);
	free(comment);
	free(wrap_s);
	free(wrap_e);
}

/*
 * Remove the use at tokens first..last of f and put call in the file to,
 * after the offset ins, where a declaration's ';' ends: as move_call()
 * does, but to a file whose tokens are gone.  The file's new text is
 * made again once every file is converted.
 */
void move_call_to(struct mp_file *f, unsigned first, unsigned last, struct mp_file *to,
		  size_t ins, const char *call)
{
	size_t eol;
	bool inside = !line_end_clear(to, ins, &eol, REST_BLANKS_COMMENTS);
	char *comment = cut_use(f, first, last, inside), *text;
	const char *nl = eol_of(to, ins), *c = comment ? comment : "";

	if (!inside && eol > ins && to->data[eol - 1] == '\n') {
		text = xasprintf("%s;%s%s", call, c, nl);
	} else if (!inside) {
		/* declaration on the last line without a newline */
		text = xasprintf("%s%s;%s", nl, call, c);
	} else {
		text = xasprintf(" %s;%s", call, c);
		eol = ins;
	}
	add_edit(to, eol, eol, text);
	to->late_edits = true;
	free(text);
	free(comment);
}

static int cmp_edit(const void *a, const void *b)
{
	const struct mp_edit *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * Whether the deletions among f's sorted edits remove every byte but
 * blanks of s..e, and one at least reaches into it.
 */
static bool deleted_by_edits(const struct mp_file *f, size_t s, size_t e)
{
	size_t i, pos = s;
	bool any = false;

	/* new text anywhere in it, at its ends too, keeps it */
	for (i = 0; i < f->nedit; i++)
		if (f->edits[i].text[0] && f->edits[i].start <= e && f->edits[i].end >= s)
			return false;
	for (i = 0; i < f->nedit && pos < e; i++) {
		const struct mp_edit *x = &f->edits[i];

		if (x->end <= pos || x->start == x->end)
			continue;
		if (x->start >= e)
			break;
		for (; pos < x->start; pos++)
			if (!strchr(" \t\r\n", f->data[pos]))
				return false;
		if (x->text[0])
			return false;
		any = true;
		if (x->end > pos)
			pos = x->end;
	}
	for (; pos < e; pos++)
		if (!strchr(" \t\r\n", f->data[pos]))
			return false;
	return any;
}

/*
 * An #if and its #endif with nothing left between them once the uses
 * they held have moved below their declarations: remove the pair too,
 * rather than leave an empty block behind.  Only a pair with no #else
 * and no directive between, whose lines no edit touches yet.
 */
static void drop_emptied_groups(struct mp_file *f)
{
	size_t d, n = f->nedit, is, ie, es, ee;
	const char *w;
	size_t wn;

	for (d = 0; d + 1 < f->ndir; d++) {
		size_t i = f->dirs[d], j = f->dirs[d + 1];

		if (cond_directive(f, i, &w, &wn) != CD_IF ||
		    cond_directive(f, j, &w, &wn) != CD_ENDIF)
			continue;
		line_of(f, f->toks[i].start, &is, &ie);
		line_of(f, f->toks[j].start, &es, &ee);
		if (ie > es || f->data[ie - 1] != '\n' || (ie >= 2 && f->data[ie - 2] == '\\') ||
		    !deleted_by_edits(f, ie, es) || deleted_by_edits(f, is, ie) ||
		    deleted_by_edits(f, es, ee))
			continue;
		add_edit(f, is, ie, "");
		add_edit(f, es, ee, "");
	}
	if (f->nedit != n)
		qsort(f->edits, f->nedit, sizeof(*f->edits), cmp_edit);
}

/* Whether an edit touches s..e, or inserts text at e. */
static bool edited(const struct mp_file *f, size_t s, size_t e)
{
	size_t i;

	for (i = 0; i < f->nedit; i++)
		if (f->edits[i].start <= e && f->edits[i].end > s)
			return true;
	return false;
}

/*
 * Remove the blanks at the end of the line that offset off is on: a
 * line the patch changes must not end in blanks, which git apply and
 * checkpatch warn about.  Not after a '\', which they would join to
 * the next line, nor when an edit reaches into them.
 */
static void trim_line_end(struct mp_file *f, size_t off)
{
	const char *nl = memchr(f->data + off, '\n', f->len - off);
	size_t le = nl ? (size_t)(nl - f->data) : f->len, tb;

	if (le > off && f->data[le - 1] == '\r')
		le--;
	tb = le;
	while (tb > off && (f->data[tb - 1] == ' ' || f->data[tb - 1] == '\t'))
		tb--;
	if (tb == le || (tb > 0 && f->data[tb - 1] == '\\') || edited(f, tb, le))
		return;
	add_edit(f, tb, le, "");
}

/*
 * The lines that f's edits change keep none of their trailing blanks.
 * An edit that only adds whole lines or deletes them changes no line
 * that stays.
 */
static void trim_changed_lines(struct mp_file *f)
{
	size_t i, n = f->nedit;

	for (i = 0; i < n; i++) {
		const struct mp_edit *x = &f->edits[i];
		size_t tl = strlen(x->text);
		bool at_ls = x->start == line_start(f, x->start);
		bool whole = at_ls && (x->end == x->start || x->end == line_start(f, x->end) ||
				       x->end == f->len) &&
			     (tl == 0 || x->text[tl - 1] == '\n');

		if (whole || (x->start == x->end && !tl))
			continue;
		trim_line_end(f, x->end);
		if (x->start < x->end && line_start(f, x->start) != line_start(f, x->end))
			trim_line_end(f, x->start);
	}
	if (f->nedit != n)
		qsort(f->edits, f->nedit, sizeof(*f->edits), cmp_edit);
}

/*
 * When deletions remove everything but whitespace from a line, remove the
 * whole line instead of leaving a blank one behind.
 */
void tidy_deletions(struct mp_file *f)
{
	size_t i, j;

	if (f->nedit)
		qsort(f->edits, f->nedit, sizeof(*f->edits), cmp_edit);
	for (i = 0; i < f->nedit; i++) {
		struct mp_edit *e = &f->edits[i];
		size_t ls, le, pos, last = i;
		int covered = 1;

		if (e->text[0] || e->end == e->start)
			continue;
		ls = e->start;
		while (ls > 0 && f->data[ls - 1] != '\n')
			ls--;
		if (e->start == ls && e->end > ls && f->data[e->end - 1] == '\n')
			continue;	/* already a whole line */
		le = e->start;
		while (le < f->len && f->data[le] != '\n')
			le++;
		pos = ls;
		for (j = i; j < f->nedit && f->edits[j].start <= le; j++) {
			const struct mp_edit *x = &f->edits[j];

			if (x->text[0]) {
				covered = 0;
				break;
			}
			for (; pos < x->start; pos++)
				if (f->data[pos] != ' ' && f->data[pos] != '\t' && f->data[pos] != '\r')
					covered = 0;
			if (x->end > pos)
				pos = x->end;
			last = j;
		}
		for (; pos < le; pos++)
			if (f->data[pos] != ' ' && f->data[pos] != '\t' && f->data[pos] != '\r')
				covered = 0;
		if (!covered || pos > le)
			continue;
		e->start = ls;
		e->end = le < f->len ? le + 1 : le;
		for (j = i + 1; j <= last; j++)
			f->edits[j].start = f->edits[j].end = e->end;
		i = last;
	}
	drop_emptied_groups(f);
	trim_changed_lines(f);
}

/*
 * The text the sorted edits make of f's, in *len.  An edit that
 * overlaps the one before it is dropped, and left empty for the diff.
 */
static char *build_output(struct mp_file *f, size_t *len)
{
	size_t i, pos = 0, n = 0, cap = f->len + 64;
	char *out;

	for (i = 0; i < f->nedit; i++)
		cap += strlen(f->edits[i].text);
	out = xrealloc(NULL, cap);
	for (i = 0; i < f->nedit; i++) {
		struct mp_edit *e = &f->edits[i];
		size_t tl = strlen(e->text);

		if (e->start < pos) {	/* overlapping: drop */
			e->end = e->start;
			e->text[0] = '\0';
			continue;
		}
		memcpy(out + n, f->data + pos, e->start - pos);
		n += e->start - pos;
		memcpy(out + n, e->text, tl);
		n += tl;
		pos = e->end;
	}
	memcpy(out + n, f->data + pos, f->len - pos);
	*len = n + f->len - pos;
	return out;
}

/*
 * Sort f's edits and find whether they change its text.  The new text
 * is not kept: a tree's would double the memory the tool needs, and
 * file_output() makes it again for one file at a time.
 */
void apply_edits(struct mp_file *f)
{
	size_t n;
	char *out;

	if (!f->nedit)
		return;
	qsort(f->edits, f->nedit, sizeof(*f->edits), cmp_edit);
	out = build_output(f, &n);
	f->changed = n != f->len || memcmp(out, f->data, n);
	free(out);
}

/* f's new text, NULL when unchanged; made when first asked for. */
const char *file_output(struct mp_file *f, size_t *len)
{
	*len = 0;
	if (!f->changed)
		return NULL;
	if (!f->out)
		f->out = build_output(f, &f->outlen);
	*len = f->outlen;
	return f->out;
}
