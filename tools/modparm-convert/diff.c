// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the unified diff of a file's text against its
 * rewritten text, built from the edits rather than by comparing lines.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "util.h"

struct lines {
	const char *buf;
	size_t len;
	size_t *start;	/* start offsets; start[n] = len */
	size_t n;
};

static void split_lines(struct lines *l, const char *buf, size_t len)
{
	size_t i, cap = 64;

	l->buf = buf;
	l->len = len;
	l->n = 0;
	l->start = xrealloc(NULL, cap * sizeof(size_t));
	for (i = 0; i < len;) {
		const char *nl;

		if (l->n + 2 >= cap) {
			cap *= 2;
			l->start = xrealloc(l->start, cap * sizeof(size_t));
		}
		l->start[l->n++] = i;
		nl = memchr(buf + i, '\n', len - i);
		i = nl ? (size_t)(nl - buf) + 1 : len;
	}
	l->start[l->n] = len;
}

static size_t line_of(const struct lines *l, size_t off)
{
	size_t lo = 0, hi = l->n;

	/* largest k with start[k] <= off; n when off == len */
	if (off >= l->len)
		return l->n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (l->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void put_line(FILE *out, char pfx, const struct lines *l, size_t k)
{
	size_t s = l->start[k], e = l->start[k + 1];

	fputc(pfx, out);
	fwrite(l->buf + s, 1, e - s, out);
	if (e == s || l->buf[e - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

/* A run of changed lines: old lines [a, b) became new lines [na, nb). */
struct group {
	size_t a, b;
	size_t na, nb;
};

/* The old lines [*a, *b) that edit e replaces; false if it changes nothing. */
static bool edit_lines(const struct mp_file *f, const struct lines *ol,
		       const struct mp_edit *e, size_t *a, size_t *b)
{
	if (e->start == e->end && !e->text[0])
		return false;
	*a = line_of(ol, e->start);
	if (e->end > e->start) {
		*b = line_of(ol, e->end - 1) + 1;
	} else if (e->start < f->len && ol->start[*a] == e->start) {
		*b = *a;	/* an insertion before a line */
	} else if (e->start == f->len && (f->len == 0 || f->data[f->len - 1] == '\n')) {
		*b = *a;	/* ... or at the end of the last one */
	} else {
		if (*a == ol->n && *a > 0)
			--*a;
		*b = *a + 1;
	}
	return true;
}

/* The old line ranges the edits touch, merged where they meet; *ng of them. */
static struct group *old_ranges(const struct mp_file *f, const struct lines *ol, size_t *ng)
{
	struct group *g = NULL;
	size_t cap = 0, i, a, b;

	*ng = 0;
	for (i = 0; i < f->nedit; i++) {
		if (!edit_lines(f, ol, &f->edits[i], &a, &b))
			continue;
		if (*ng && a <= g[*ng - 1].b) {
			if (b > g[*ng - 1].b)
				g[*ng - 1].b = b;
			continue;
		}
		GROW(g, *ng, cap);
		g[*ng].a = a;
		g[*ng].b = b;
		g[*ng].na = g[*ng].nb = 0;
		++*ng;
	}
	return g;
}

/* Where each group's lines are in the new text, from the edits' lengths. */
static void new_ranges(const struct mp_file *f, const struct lines *ol,
		       const struct lines *nl, struct group *g, size_t ng)
{
	size_t i, k = 0;
	long delta = 0;

	for (i = 0; i < ng; i++) {
		size_t os = ol->start[g[i].a], oe = ol->start[g[i].b], nlen = oe - os;
		size_t ns, cnt;

		for (; k < f->nedit && f->edits[k].start <= oe; k++) {
			const struct mp_edit *e = &f->edits[k];

			if (e->start == e->end && !e->text[0])
				continue;
			nlen += strlen(e->text);
			nlen -= e->end - e->start;
		}
		g[i].na = (size_t)((long)g[i].a + delta);
		ns = nl->start[g[i].na];
		cnt = g[i].na;
		while (cnt < nl->n && nl->start[cnt] < ns + nlen)
			cnt++;
		g[i].nb = cnt;
		delta += (long)(g[i].nb - g[i].na) - (long)(g[i].b - g[i].a);
	}
}

/* "-start,count": a count of 1 is left out, and an empty range starts before its line. */
static void put_range(FILE *out, char side, size_t s, size_t e)
{
	fprintf(out, "%c%zu", side, e - s ? s + 1 : s);
	if (e - s != 1)
		fprintf(out, ",%zu", e - s);
}

/* Whether old line k is one that avoid says to keep out of the context. */
static bool avoided(const struct lines *ol, size_t k, mp_avoid_fn avoid)
{
	return avoid && avoid(ol->buf + ol->start[k], ol->start[k + 1] - ol->start[k]);
}

/*
 * One hunk: groups g[i..j] and up to three lines of context around
 * them, which stop short of a line to avoid; after the change, one line
 * stays even so, since a hunk without context after it must end the file.
 */
static void write_hunk(FILE *out, const struct group *g, size_t i, size_t j,
		       const struct lines *ol, const struct lines *nl, mp_avoid_fn avoid)
{
	size_t cs = g[i].a >= 3 ? g[i].a - 3 : 0;
	size_t ce = g[j].b + 3 <= ol->n ? g[j].b + 3 : ol->n;
	size_t na = (size_t)((long)cs + ((long)g[i].na - (long)g[i].a));
	size_t nb = (size_t)((long)ce + ((long)g[j].nb - (long)g[j].b));
	size_t x, k, m;

	for (x = cs; x < g[i].a; x++)
		if (avoided(ol, x, avoid))
			cs = x + 1;
	for (x = g[j].b; x < ce; x++)
		if (avoided(ol, x, avoid)) {
			ce = x > g[j].b ? x : x + 1;
			break;
		}
	na = (size_t)((long)cs + ((long)g[i].na - (long)g[i].a));
	nb = (size_t)((long)ce + ((long)g[j].nb - (long)g[j].b));
	x = cs;
	fputs("@@ ", out);
	put_range(out, '-', cs, ce);
	fputc(' ', out);
	put_range(out, '+', na, nb);
	fputs(" @@\n", out);
	for (k = i; k <= j; k++) {
		for (; x < g[k].a; x++)
			put_line(out, ' ', ol, x);
		for (m = g[k].a; m < g[k].b; m++)
			put_line(out, '-', ol, m);
		for (m = g[k].na; m < g[k].nb; m++)
			put_line(out, '+', nl, m);
		x = g[k].b;
	}
	for (; x < ce; x++)
		put_line(out, ' ', ol, x);
}

/* Whether the old lines between groups a and b hold one to avoid. */
static bool avoided_between(const struct lines *ol, const struct group *a,
			    const struct group *b, mp_avoid_fn avoid)
{
	size_t k;

	for (k = a->b; avoid && k < b->a; k++)
		if (avoided(ol, k, avoid))
			return true;
	return false;
}

void mp_write_diff(struct mp_file *f, FILE *out)
{
	mp_write_diff_avoiding(f, out, NULL);
}

void mp_write_diff_avoiding(struct mp_file *f, FILE *out, mp_avoid_fn avoid)
{
	struct lines ol, nl;
	struct group *g;
	size_t ng, i, j, outlen;
	const char *p = f->path, *text = file_output(f, &outlen);

	if (!text)
		return;
	split_lines(&ol, f->data, f->len);
	split_lines(&nl, text, outlen);
	g = old_ranges(f, &ol, &ng);
	new_ranges(f, &ol, &nl, g, ng);
	if (!strncmp(p, "./", 2))
		p += 2;
	fprintf(out, "--- a/%s\n+++ b/%s\n", p, p);
	for (i = 0; i < ng; i = j + 1) {
		/* one hunk for groups whose context overlaps */
		for (j = i; j + 1 < ng && g[j + 1].a <= g[j].b + 6 &&
			    !avoided_between(&ol, &g[j], &g[j + 1], avoid); j++)
			;
		write_hunk(out, g, i, j, &ol, &nl, avoid);
	}
	free(g);
	free(ol.start);
	free(nl.start);
}
