// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the edits.  Conversions record replacements of byte
 * ranges; they are sorted, tidied into whole-line deletions and applied.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Remove tokens first..last of f, with their line when nothing else is
 * on it, and put call after token after, a declaration's ';': on a line
 * of its own when the declaration's line has nothing more.
 */
void move_call(struct mp_file *f, unsigned first, unsigned last, unsigned after,
	       const char *call)
{
	size_t s = f->toks[first].start, e = f->toks[last].end, b = s, ins, eol;
	const char *nl;
	char *text;

	while (b > 0 && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'))
		b--;
	if ((b == 0 || f->data[b - 1] == '\n') && line_end_clear(f, e, &eol, REST_BLANKS)) {
		s = b;
		e = eol;
	} else {
		while (e < f->len && (f->data[e] == ' ' || f->data[e] == '\t'))
			e++;
	}
	add_edit(f, s, e, "");
	ins = f->toks[after].end;
	nl = eol_of(f, ins);
	if (line_end_clear(f, ins, &eol, REST_BLANKS_COMMENTS) && eol > ins &&
	    f->data[eol - 1] == '\n') {
		text = xasprintf("%s;%s", call, nl);
	} else if (line_end_clear(f, ins, &eol, REST_BLANKS_COMMENTS)) {
		/* declaration on the last line without a newline */
		text = xasprintf("%s%s;", nl, call);
	} else {
		text = xasprintf(" %s;", call);
		eol = ins;
	}
	add_edit(f, eol, eol, text);
	free(text);
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
