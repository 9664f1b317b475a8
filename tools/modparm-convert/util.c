// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: allocation, and paths.  Running out of memory is the
 * one error the core cannot report through a diagnostic: it ends the
 * program here.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The one way out of the core: it cannot report this through a diagnostic. */
static void __attribute__((noreturn)) out_of_memory(void)
{
	fputs("modparm-convert: error: out of memory\n", stderr);
	exit(2);
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		out_of_memory();
	return q;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xrealloc(NULL, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* A formatted string of any length, to free. */
char *xvasprintf(const char *fmt, va_list ap)
{
	va_list again;
	size_t n;
	char *s;
	int len;

	va_copy(again, ap);
	len = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	n = (size_t)(len > 0 ? len : 0) + 1;
	s = xrealloc(NULL, n);
	if (vsnprintf(s, n, fmt, ap) < 0)
		s[0] = '\0';
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

/*
 * in[0..inlen) with "." components dropped, "dir/.." folded and '/'
 * runs squeezed, to free; never longer than in.  Lexical only: enough
 * to see that an #include from "drivers/net/x.c" of "../net/x.h" names
 * the file given as "drivers/net/x.h".
 */
char *norm_path(const char *in, size_t inlen)
{
	size_t o = 0, i = 0, floor;	/* floor: leading part never folded */
	char *out = xrealloc(NULL, inlen + 2);

	if (inlen && in[0] == '/')
		out[o++] = '/';
	floor = o;
	while (i < inlen) {
		size_t s = i, n;
		int dotdot;

		while (i < inlen && in[i] != '/')
			i++;
		n = i - s;
		i++;
		if (!n || (n == 1 && in[s] == '.'))
			continue;
		dotdot = n == 2 && in[s] == '.' && in[s + 1] == '.';
		if (dotdot && o > floor) {
			while (o > floor && out[o - 1] != '/')
				o--;
			if (o > floor)
				o--;
			continue;
		}
		if (dotdot && floor == 1)
			continue;	/* "/.." is "/" */
		if (o && out[o - 1] != '/')
			out[o++] = '/';
		memcpy(out + o, in + s, n);
		o += n;
		if (dotdot)
			floor = o;
	}
	out[o] = '\0';
	return out;
}
