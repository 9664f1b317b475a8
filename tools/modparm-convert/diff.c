// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: the unified diff of a file's text against its
 * rewritten text, built from the edits rather than by comparing lines.
 */
#define _POSIX_C_SOURCE 200809L
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

struct group {
	size_t a, b;	/* old lines [a,b) */
	size_t na, nb;	/* new lines [na,nb) */
};

void mp_write_diff(const struct mp_file *f, FILE *out)
{
	struct lines ol, nl;
	struct group *g = NULL;
	size_t ng = 0, gcap = 0, i, k;
	long delta = 0;
	const char *p = f->path;

	if (!f->changed)
		return;
	split_lines(&ol, f->data, f->len);
	split_lines(&nl, f->out, f->outlen);

	/* old line ranges touched by edits */
	for (i = 0; i < f->nedit; i++) {
		const struct mp_edit *e = &f->edits[i];
		size_t a, b;

		if (e->start == e->end && !e->text[0])
			continue;
		a = line_of(&ol, e->start);
		if (e->end > e->start)
			b = line_of(&ol, e->end - 1) + 1;
		else if (e->start < f->len && ol.start[a] == e->start)
			b = a;
		else if (e->start == f->len && (f->len == 0 || f->data[f->len - 1] == '\n'))
			b = a;
		else {
			if (a == ol.n && a > 0)
				a--;
			b = a + 1;
		}
		if (ng && a <= g[ng - 1].b) {
			if (b > g[ng - 1].b)
				g[ng - 1].b = b;
			continue;
		}
		GROW(g, ng, gcap);
		g[ng].a = a;
		g[ng].b = b;
		ng++;
	}
	/* new line ranges */
	for (i = 0, k = 0; i < ng; i++) {
		size_t os = ol.start[g[i].a], oe = ol.start[g[i].b], nlen = oe - os;
		size_t ns, cnt;

		for (; k < f->nedit && f->edits[k].start <= oe; k++) {
			const struct mp_edit *e = &f->edits[k];

			if (e->start == e->end && !e->text[0])
				continue;
			nlen += strlen(e->text);
			nlen -= e->end - e->start;
		}
		g[i].na = (size_t)((long)g[i].a + delta);
		ns = nl.start[g[i].na];
		cnt = g[i].na;
		while (cnt < nl.n && nl.start[cnt] < ns + nlen)
			cnt++;
		g[i].nb = cnt;
		delta += (long)(g[i].nb - g[i].na) - (long)(g[i].b - g[i].a);
	}

	if (!strncmp(p, "./", 2))
		p += 2;
	fprintf(out, "--- a/%s\n+++ b/%s\n", p, p);
	for (i = 0; i < ng;) {
		size_t j = i, cs, ce, oa, ob, na, nb, x;

		/* merge groups whose context overlaps */
		while (j + 1 < ng && g[j + 1].a <= g[j].b + 6)
			j++;
		cs = g[i].a >= 3 ? g[i].a - 3 : 0;
		ce = g[j].b + 3 <= ol.n ? g[j].b + 3 : ol.n;
		oa = cs;
		ob = ce;
		na = (size_t)((long)cs + ((long)g[i].na - (long)g[i].a));
		nb = (size_t)((long)ce + ((long)g[j].nb - (long)g[j].b));
		fprintf(out, "@@ -%zu", ob - oa ? oa + 1 : oa);
		if (ob - oa != 1)
			fprintf(out, ",%zu", ob - oa);
		fprintf(out, " +%zu", nb - na ? na + 1 : na);
		if (nb - na != 1)
			fprintf(out, ",%zu", nb - na);
		fputs(" @@\n", out);
		x = cs;
		for (k = i; k <= j; k++) {
			size_t m;

			for (; x < g[k].a; x++)
				put_line(out, ' ', &ol, x);
			for (m = g[k].a; m < g[k].b; m++)
				put_line(out, '-', &ol, m);
			for (m = g[k].na; m < g[k].nb; m++)
				put_line(out, '+', &nl, m);
			x = g[k].b;
		}
		for (; x < ce; x++)
			put_line(out, ' ', &ol, x);
		i = j + 1;
	}
	free(g);
	free(ol.start);
	free(nl.start);
}
