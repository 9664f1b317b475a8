/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: what every part of the core uses: allocation, whose
 * failure ends the program in one place, and character classes.
 */
#ifndef MP_UTIL_H
#define MP_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * "None", for an index of every kind: a token (where 0 is the first of
 * the file), a declaration, a macro, a file, a hash map's value.  They
 * are all unsigned, and none of them reaches it.
 */
#define NONE UINT32_MAX

void *xrealloc(void *p, size_t n);
void *xcalloc(size_t n, size_t size);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* in[0..inlen) with "." and "dir/.." folded, lexically; to free */
char *norm_path(const char *in, size_t inlen);

#define GROW(arr, n, cap) do {						\
	if ((n) >= (cap)) {						\
		(cap) = (cap) ? (cap) * 2 : 16;				\
		(arr) = xrealloc((arr), (cap) * sizeof(*(arr)));	\
	}								\
} while (0)

static inline int is_alpha(unsigned char c)
{
	return (unsigned char)((c | 32) - 'a') < 26;
}

static inline int is_digit(unsigned char c)
{
	return (unsigned char)(c - '0') < 10;
}

static inline int is_idstart(unsigned char c)
{
	return is_alpha(c) || c == '_' || c == '$' || c >= 0x80;
}

static inline int is_idchar(unsigned char c)
{
	return is_idstart(c) || is_digit(c);
}

static inline int word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(s, w, n);
}

#endif
