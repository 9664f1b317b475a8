// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert core: a small C tokenizer, a file-scope declaration
 * parser, the MODULE_PARM type-string evaluator, the rewriter and a
 * unified diff writer.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modparm.h"

/* "No such token", where 0 is the first token of the file. */
#define NO_TOK UINT32_MAX

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fputs("modparm-convert: error: out of memory\n", stderr);
		exit(2);
	}
	return q;
}

static char *xstrndup(const char *s, size_t n)
{
	char *p = xrealloc(NULL, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

#define GROW(arr, n, cap) do {						\
	if ((n) >= (cap)) {						\
		(cap) = (cap) ? (cap) * 2 : 16;				\
		(arr) = xrealloc((arr), (cap) * sizeof(*(arr)));	\
	}								\
} while (0)

static int is_alpha(unsigned char c)
{
	return (unsigned char)((c | 32) - 'a') < 26;
}

static int is_digit(unsigned char c)
{
	return (unsigned char)(c - '0') < 10;
}

static int is_idstart(unsigned char c)
{
	return is_alpha(c) || c == '_' || c == '$' || c >= 0x80;
}

static int is_idchar(unsigned char c)
{
	return is_idstart(c) || is_digit(c);
}

static int word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(s, w, n);
}

/* ------------------------------------------------------------------ */
/* tokens                                                              */

enum { TK_IDENT = 1, TK_NUM, TK_STR, TK_CHR, TK_PUNCT };

#define TF_MPARG 1	/* first argument of MODULE_PARM or MODULE_PARM_DESC */
#define TF_DROPPED 2	/* an __initdata or const the conversion removes */

struct mp_tok {
	unsigned start, end;
	unsigned line, col;
	unsigned dir;		/* preprocessor directive number, 0 if none */
	int depth;		/* brace depth */
	unsigned char kind;
	unsigned char flags;
	char c;			/* first character */
};

struct mp_edit {
	size_t start, end;
	unsigned seq;
	char *text;
};

struct macro {
	int file;
	unsigned name;		/* token index of the name */
	int func;
	unsigned pstart, pend;	/* parameter tokens (exclusive of parens) */
	unsigned bstart, bend;	/* body tokens */
	unsigned kept;		/* body in its file's kept_bodies */
	int next;
};

enum ctype {
	CT_UNKNOWN, CT_BYTE, CT_SHORT, CT_USHORT, CT_INT, CT_UINT, CT_LONG,
	CT_ULONG, CT_ULLONG, CT_LLONG, CT_BOOL, CT_CHAR, CT_SCHAR
};

static const char *const ct_param[] = {
	NULL, "byte", "short", "ushort", "int", "uint", "long", "ulong",
	"ullong", NULL, "bool", NULL, NULL
};

static const int ct_size[] = { 0, 1, 2, 2, 4, 4, 8, 8, 8, 8, 1, 1, 1 };

struct decl {
	int file;
	unsigned name;		/* token index */
	unsigned end;		/* token index of the terminating ';' */
	unsigned line;		/* of the name, for messages */
	enum ctype ct;
	int ptr, ndims;
	unsigned dim_s, dim_e;	/* tokens inside the first [] */
	unsigned char is_const, const_pointee, is_extern, is_static, has_init, is_volatile;
	unsigned initdata;	/* its __initdata token + 1, or 0 */
	unsigned pointee_const;	/* the one const of a const char * + 1, or 0 */
	unsigned obj_const;	/* the one const of a const object + 1, or 0 */
	char spec[64];
	const char *key;	/* the name, in its file's data */
	unsigned klen;
	int next;
};

/*
 * A call of a function-like macro whose body uses MODULE_PARM().  The
 * body is converted once for every call, so each call's arguments are
 * recorded while its file's tokens exist; its arguments' text stays in
 * the file's data.
 */
struct mcall {
	int file;
	unsigned tok, line;	/* the macro name */
	unsigned char in_macro;	/* the call is itself in a #define */
	unsigned char in_braces;	/* in a function or initializer */
	unsigned arg0, nargs;	/* its arguments in ctx->call_args */
	int next;		/* the previous call of a macro of this name */
};

struct mcall_arg {
	unsigned tok;		/* an identifier alone, or NO_TOK */
	unsigned start, len;	/* its text */
	int clash;		/* ctx->pnames entry that makes it a parameter too, or -1 */
	int decl;		/* its declaration in the call's file, or an ARG_DECL_* */
	int twin;		/* one of another type, also compiled with the call, or -1 */
};

/* mcall_arg.decl when the call's file has no declaration for it */
#define ARG_DECL_NONE		(-1)	/* not before the call */
#define ARG_DECL_OTHER_BRANCH	(-2)	/* only under other branches of an #if */

/*
 * A variable that a file makes a parameter outside any #define.  A file's
 * entries are consecutive in ctx->pnames, which is how mark_clashes()
 * tells them from other files'.
 */
struct pname {
	unsigned tok, line;
	unsigned via_start, via_len;	/* MODULE_PARM or module_param*, in its data */
	int next;
};

struct hent {
	const char *k;
	unsigned klen;
	int val;
};

struct hmap {
	struct hent *e;
	size_t cap, n;
};

/* An #include "..." of a file: its token and the given file it names, or -1. */
struct mp_include {
	unsigned tok;
	int file;
};

struct mp_ctx {
	struct mp_options opt;
	struct mp_file **files;
	size_t nfiles, filecap;
	char **norm_paths;		/* each file's path, normalised */
	struct hmap path_map;		/* normalised path -> file */
	unsigned *visited, visit_mark;	/* includes_file()'s files seen */
	struct macro *macros;
	size_t nmacro, macrocap;
	struct decl *decls;
	size_t ndecl, declcap;
	struct hmap macro_map, decl_map;
	/* for name_used(): each file's Bloom filter of its identifiers */
	uint64_t *names;
	size_t *names_at;		/* file i's is names[names_at[i]..names_at[i + 1]) */
	struct hmap used_map;		/* name_used()'s answers, by name */
	/* the token and directive arrays of the last file lexed, for the next */
	struct {
		struct mp_tok *toks;
		size_t tokcap;
		unsigned *dirs;
		size_t dircap;
	} spare;
	/* calls of macros whose body uses MODULE_PARM(), by macro name */
	struct mcall *calls;
	size_t ncall, callcap;
	struct mcall_arg *call_args;
	size_t ncarg, cargcap;
	struct hmap wrapper_map, call_map;
	/* in the files with such calls: what MODULE_PARM or module_param*() names */
	struct pname *pnames;
	size_t npname, pnamecap;
	struct hmap pname_map;
};

static size_t hhash(const char *k, size_t n)
{
	size_t h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*k++) * 16777619u;
	return h;
}

static struct hent *hfind(struct hmap *m, const char *k, size_t n)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = hhash(k, n) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		struct hent *e = &m->e[i];

		if (!e->k)
			return e;
		if (e->klen == n && !memcmp(e->k, k, n))
			return e;
	}
}

static int hget(struct hmap *m, const char *k, size_t n)
{
	struct hent *e = hfind(m, k, n);

	return e && e->k ? e->val : -1;
}

static struct hent *hslot(struct hmap *m, const char *k, size_t n)
{
	struct hent *e;

	if ((m->n + 1) * 2 > m->cap) {
		struct hmap nm = { NULL, m->cap ? m->cap * 2 : 256, 0 };
		size_t i;

		nm.e = calloc(nm.cap, sizeof(*nm.e));
		if (!nm.e) {
			fputs("modparm-convert: error: out of memory\n", stderr);
			exit(2);
		}
		for (i = 0; i < m->cap; i++) {
			if (m->e[i].k) {
				*hfind(&nm, m->e[i].k, m->e[i].klen) = m->e[i];
				nm.n++;
			}
		}
		free(m->e);
		*m = nm;
	}
	e = hfind(m, k, n);
	if (!e->k) {
		e->k = k;
		e->klen = (unsigned)n;
		e->val = -1;
		m->n++;
	}
	return e;
}

/* ------------------------------------------------------------------ */
/* lexer                                                               */

static inline void push_tok(struct mp_file *f, unsigned char kind, size_t s, size_t e,
		     unsigned line, size_t ls, unsigned dir)
{
	struct mp_tok *t;

	GROW(f->toks, f->ntok, f->tokcap);
	t = &f->toks[f->ntok++];
	t->start = (unsigned)s;
	t->end = (unsigned)e;
	t->line = line;
	t->col = (unsigned)(s - ls + 1);
	t->dir = dir;
	t->depth = 0;
	t->kind = kind;
	t->flags = 0;
	t->c = f->data[s];
}

/*
 * The word of the directive that token i of f opens ("define" for
 * "#define X"), its length in *wn; NULL if token i opens none.
 */
static const char *directive_word(const struct mp_file *f, size_t i, size_t *wn)
{
	const struct mp_tok *t = &f->toks[i];

	if (!t->dir || t->kind != TK_PUNCT || t->c != '#' ||
	    (i > 0 && f->toks[i - 1].dir == t->dir) || i + 1 >= f->ntok ||
	    f->toks[i + 1].dir != t->dir || f->toks[i + 1].kind != TK_IDENT)
		return NULL;
	*wn = f->toks[i + 1].end - f->toks[i + 1].start;
	return f->data + f->toks[i + 1].start;
}

enum cond_dir { CD_NONE, CD_IF, CD_ELSE, CD_ENDIF };

/*
 * Which conditional directive token i of f opens: #if, #ifdef or #ifndef;
 * #elif, #else, #elifdef or #elifndef; #endif; or none.  *w and *wn are
 * its word.
 */
static enum cond_dir cond_directive(const struct mp_file *f, size_t i,
				    const char **w, size_t *wn)
{
	*w = directive_word(f, i, wn);
	if (!*w)
		return CD_NONE;
	if (word_is(*w, *wn, "if") || word_is(*w, *wn, "ifdef") || word_is(*w, *wn, "ifndef"))
		return CD_IF;
	if (word_is(*w, *wn, "elif") || word_is(*w, *wn, "else") ||
	    word_is(*w, *wn, "elifdef") || word_is(*w, *wn, "elifndef"))
		return CD_ELSE;
	if (word_is(*w, *wn, "endif"))
		return CD_ENDIF;
	return CD_NONE;
}

static void lex(struct mp_file *f)
{
	const char *d = f->data;
	size_t n = f->len, i = 0, ls = 0;
	unsigned line = 1, dir = 0, ndir = 0;
	int bol = 1, depth = 0;
	size_t k;

	while (i < n) {
		unsigned char c = d[i];
		size_t j;

		if (c == '\n') {
			line++;
			ls = ++i;
			bol = 1;
			dir = 0;
			continue;
		}
		if (c == '\\') {
			j = i + 1;
			if (j < n && d[j] == '\r')
				j++;
			if (j < n && d[j] == '\n') {
				i = j + 1;
				line++;
				ls = i;
				continue;
			}
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\0') {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < n && d[i + 1] == '*') {
			j = i + 2;
			while (j + 1 < n && !(d[j] == '*' && d[j + 1] == '/')) {
				if (d[j] == '\n') {
					line++;
					ls = j + 1;
				}
				j++;
			}
			if (j + 1 >= n) {
				f->lex_bad |= 1;
				break;
			}
			i = j + 2;
			continue;
		}
		if (c == '/' && i + 1 < n && d[i + 1] == '/') {
			j = i + 2;
			while (j < n) {
				if (d[j] == '\n') {
					if (d[j - 1] == '\\' ||
					    (d[j - 1] == '\r' && j >= 2 && d[j - 2] == '\\')) {
						line++;
						ls = j + 1;
						j++;
						continue;
					}
					break;
				}
				j++;
			}
			i = j;
			continue;
		}
		if (c == '"' || c == '\'') {
			j = i + 1;
			while (j < n && d[j] != (char)c && d[j] != '\n') {
				if (d[j] == '\\' && j + 1 < n) {
					if (d[j + 1] == '\n') {
						line++;
						ls = j + 2;
					}
					j += 2;
				} else {
					j++;
				}
			}
			if (j < n && d[j] == (char)c)
				j++;
			else
				f->lex_bad |= 2;
			if (j > n)
				j = n;
			push_tok(f, c == '"' ? TK_STR : TK_CHR, i, j, line, ls, dir);
			i = j;
			bol = 0;
			continue;
		}
		if (is_idstart(c)) {
			j = i + 1;
			while (j < n && is_idchar(d[j]))
				j++;
			push_tok(f, TK_IDENT, i, j, line, ls, dir);
			i = j;
			bol = 0;
			continue;
		}
		if (is_digit(c) || (c == '.' && i + 1 < n && is_digit(d[i + 1]))) {
			j = i + 1;
			while (j < n) {
				unsigned char ch = d[j];

				if (is_idchar(ch) || ch == '.')
					j++;
				else if ((ch == '+' || ch == '-') &&
					 ((d[j - 1] | 32) == 'e' || (d[j - 1] | 32) == 'p'))
					j++;
				else
					break;
			}
			push_tok(f, TK_NUM, i, j, line, ls, dir);
			i = j;
			bol = 0;
			continue;
		}
		if (c == '#' && bol) {
			dir = ++ndir;
			GROW(f->dirs, f->ndir, f->dircap);
			f->dirs[f->ndir++] = (unsigned)f->ntok;
		}
		push_tok(f, TK_PUNCT, i, i + 1, line, ls, dir);
		i++;
		bol = 0;
	}

	/*
	 * Brace depth of code outside directives.  Each #else/#elif branch
	 * starts from the depth at its #if; after #endif the depth of the
	 * first branch wins, so unbalanced branches do not accumulate.
	 * Branches can still disagree, as when only the #else branch closes
	 * a loop (2.4's drivers/atm/horizon.c): a '}' in the first column,
	 * which in kernel style ends a function or a file-scope initializer,
	 * brings the depth back to file scope.
	 */
	{
		int stack[64][2], sp = 0;
		size_t di = 0;

		for (k = 0; k < f->ntok; k++) {
			struct mp_tok *t = &f->toks[k];
			enum cond_dir cd = CD_NONE;
			const char *w;
			size_t wn;

			if (di < f->ndir && f->dirs[di] == k) {
				cd = cond_directive(f, k, &w, &wn);
				di++;
			}
			switch (cd) {
			case CD_IF:
				if (sp < 64) {
					stack[sp][0] = depth;
					stack[sp][1] = -1;
				}
				sp++;
				break;
			case CD_ELSE:
				if (sp > 0 && sp <= 64) {
					if (stack[sp - 1][1] < 0)
						stack[sp - 1][1] = depth;
					depth = stack[sp - 1][0];
				}
				break;
			case CD_ENDIF:
				if (sp > 0 && sp <= 64 && stack[sp - 1][1] >= 0)
					depth = stack[sp - 1][1];
				if (sp > 0)
					sp--;
				break;
			case CD_NONE:
				break;
			}
			if (t->kind == TK_PUNCT && t->c == '}' && !t->dir && depth > 0)
				depth = t->col == 1 ? 0 : depth - 1;
			t->depth = depth;
			if (t->kind == TK_PUNCT && t->c == '{' && !t->dir)
				depth++;
		}
	}
}

/* ------------------------------------------------------------------ */
/* token helpers                                                       */

static const char *tstr(const struct mp_file *f, unsigned i)
{
	return f->data + f->toks[i].start;
}

static unsigned tlen(const struct mp_file *f, unsigned i)
{
	return f->toks[i].end - f->toks[i].start;
}

static int tis(const struct mp_file *f, size_t i, const char *s)
{
	size_t n = strlen(s);

	return i < f->ntok && f->toks[i].kind == TK_IDENT &&
	       tlen(f, (unsigned)i) == n && !memcmp(tstr(f, (unsigned)i), s, n);
}

static int tp(const struct mp_file *f, size_t i, char c)
{
	return i < f->ntok && f->toks[i].kind == TK_PUNCT && f->toks[i].c == c;
}

static int teq(const struct mp_file *a, unsigned i, const struct mp_file *b, unsigned j)
{
	return tlen(a, i) == tlen(b, j) && !memcmp(tstr(a, i), tstr(b, j), tlen(a, i));
}

/* copy a token's text into buf (truncated) */
static const char *tcopy(const struct mp_file *f, unsigned i, char *buf, size_t sz)
{
	size_t n = tlen(f, i);

	if (n >= sz)
		n = sz - 1;
	memcpy(buf, tstr(f, i), n);
	buf[n] = '\0';
	return buf;
}

/* index of the matching closer for the opener at i, limited to tokens in
 * the same directive as i; returns f->ntok when unbalanced */
static size_t match(const struct mp_file *f, size_t i, size_t lim)
{
	char open = f->toks[i].c, close = open == '(' ? ')' : open == '[' ? ']' : '}';
	unsigned dir = f->toks[i].dir;
	int depth = 0;

	for (; i < lim; i++) {
		if (f->toks[i].dir != dir)
			return f->ntok;
		if (f->toks[i].kind != TK_PUNCT)
			continue;
		if (f->toks[i].c == open)
			depth++;
		else if (f->toks[i].c == close && --depth == 0)
			return i;
	}
	return f->ntok;
}

/* ------------------------------------------------------------------ */
/* diagnostics                                                         */

static void diag(struct mp_file *f, unsigned tok, enum mp_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void diag(struct mp_file *f, unsigned tok, enum mp_kind kind, const char *fmt, ...)
{
	struct mp_diag *dg;
	va_list ap;
	char buf[512];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	GROW(f->diags, f->ndiag, f->diagcap);
	dg = &f->diags[f->ndiag++];
	dg->off = f->toks[tok].start;
	dg->seq = f->seq++;
	dg->line = f->toks[tok].line;
	dg->col = f->toks[tok].col;
	dg->kind = kind;
	dg->msg = xstrndup(buf, strlen(buf));
}

static void add_edit(struct mp_file *f, size_t s, size_t e, const char *text)
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
static void cut_token(struct mp_file *f, unsigned t)
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

/* ------------------------------------------------------------------ */
/* declarations                                                        */

static const struct { const char *name; enum ctype ct; } typedefs[] = {
	{ "u8", CT_BYTE }, { "__u8", CT_BYTE }, { "uint8_t", CT_BYTE },
	{ "u_int8_t", CT_BYTE }, { "u_char", CT_BYTE }, { "unchar", CT_BYTE },
	{ "u16", CT_USHORT }, { "__u16", CT_USHORT }, { "uint16_t", CT_USHORT },
	{ "u_int16_t", CT_USHORT }, { "u_short", CT_USHORT }, { "ushort", CT_USHORT },
	{ "s16", CT_SHORT }, { "__s16", CT_SHORT }, { "int16_t", CT_SHORT },
	{ "u32", CT_UINT }, { "__u32", CT_UINT }, { "uint32_t", CT_UINT },
	{ "u_int32_t", CT_UINT }, { "u_int", CT_UINT }, { "uint", CT_UINT },
	/* __kernel_uid32_t and __kernel_gid32_t: unsigned int on every arch */
	{ "uid_t", CT_UINT }, { "gid_t", CT_UINT },
	{ "s32", CT_INT }, { "__s32", CT_INT }, { "int32_t", CT_INT },
	{ "u_long", CT_ULONG }, { "ulong", CT_ULONG },
	{ "u64", CT_ULLONG }, { "__u64", CT_ULLONG }, { "uint64_t", CT_ULLONG },
	{ "u_int64_t", CT_ULLONG },
	{ "s64", CT_LLONG }, { "__s64", CT_LLONG }, { "int64_t", CT_LLONG },
	{ "s8", CT_SCHAR }, { "__s8", CT_SCHAR }, { "int8_t", CT_SCHAR },
	{ "bool", CT_BOOL }, { "_Bool", CT_BOOL },
};

static int find_typedef(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(typedefs) / sizeof(typedefs[0]); i++)
		if (strlen(typedefs[i].name) == n && !memcmp(typedefs[i].name, s, n))
			return (int)i;
	return -1;
}

static int is_annotation(const char *s, size_t n)
{
	return n > 2 && s[0] == '_' && s[1] == '_' && find_typedef(s, n) < 0;
}

/* First token in idx[from..to) that is @stop outside any brackets, or to. */
static size_t scan_depth0(const struct mp_tok *T, const unsigned int *idx,
			  size_t from, size_t to, char stop)
{
	size_t i, depth = 0;

	for (i = from; i < to; i++) {
		const struct mp_tok *t = &T[idx[i]];

		if (t->kind != TK_PUNCT)
			continue;
		if (t->c == '(' || t->c == '[' || t->c == '{')
			depth++;
		else if ((t->c == ')' || t->c == ']' || t->c == '}') && depth)
			depth--;
		else if (t->c == stop && !depth)
			break;
	}
	return i;
}

/*
 * Scan back from idx[e], a closing bracket, to the token that opens it,
 * stopping at idx[s].  Returns that position; *depth is 0 if it matched.
 */
static size_t match_back(const struct mp_file *f, const unsigned int *idx, size_t s,
			 size_t e, char open, char close, int *depth)
{
	size_t m = e;
	int dd = 0;

	for (;; m--) {
		if (tp(f, idx[m], close))
			dd++;
		else if (tp(f, idx[m], open) && --dd == 0)
			break;
		if (m == s)
			break;
	}
	*depth = dd;
	return m;
}

/*
 * Parse one statement (token indices idx[0..n), ending in ';') as a
 * declaration and append each declarator found to ctx->decls (or to the
 * caller's array when out != NULL).
 */
struct declvec {
	struct decl *v;
	size_t n, cap;
};

/* The first __initdata among tokens idx[from..to) of f, + 1; or 0. */
static unsigned find_initdata(const struct mp_file *f, const unsigned *idx, size_t from, size_t to)
{
	for (; from < to; from++)
		if (tis(f, idx[from], "__initdata"))
			return idx[from] + 1;
	return 0;
}

/*
 * The only const among the specifiers spec[0..n) and nother more consts
 * of the declarator (the last of which is token other - 1), + 1; 0 if
 * there is none or there are several.
 */
static unsigned find_sole_const(const struct mp_file *f, const unsigned *spec, size_t n,
				int nother, unsigned other)
{
	unsigned found = nother == 1 ? other : 0;
	size_t i;

	if (nother > 1)
		return 0;
	for (i = 0; i < n; i++) {
		if (!tis(f, spec[i], "const"))
			continue;
		if (found)
			return 0;
		found = spec[i] + 1;
	}
	return found;
}

static void parse_stmt(struct mp_file *f, const unsigned *idx, size_t n, struct declvec *out)
{
	const struct mp_tok *T = f->toks;
	size_t segs = 0, specn = 0, i;
	unsigned spec[32];
	int first = 1, is_extern = 0, is_static = 0, spec_const = 0, spec_struct = 0;
	int spec_volatile = 0;
	unsigned spec_initdata = 0;	/* in the specifiers: every declarator */

	if (n < 3 || !tp(f, idx[n - 1], ';'))
		return;
	if (tis(f, idx[0], "typedef"))
		return;
	n--;	/* drop ';' */

	while (segs < n) {
		size_t s = segs, e, l;
		int has_init = 0, ptr = 0, cobj = 0, ndims = 0, nmid = 0, vol = 0;
		unsigned dim_s = 0, dim_e = 0, name, initdata, mid_const = 0, cobj_const = 0;
		struct decl dc;

		/* segment: up to a ',' at depth 0 */
		e = scan_depth0(T, idx, s, n, ',');
		segs = e + 1;
		/* L: up to '=' at depth 0 */
		l = scan_depth0(T, idx, s, e, '=');
		has_init = l < e;
		initdata = find_initdata(f, idx, s, l);
		/* strip trailing annotations and __attribute__((...)) */
		for (;;) {
			if (l > s && T[idx[l - 1]].kind == TK_IDENT &&
			    is_annotation(tstr(f, idx[l - 1]), tlen(f, idx[l - 1]))) {
				l--;
				continue;
			}
			if (l > s && tp(f, idx[l - 1], ')')) {
				int dd;
				size_t m = match_back(f, idx, s, l - 1, '(', ')', &dd);

				if (dd == 0 && m > s && tis(f, idx[m - 1], "__attribute__")) {
					l = m - 1;
					continue;
				}
			}
			break;
		}
		/* array dimensions */
		while (l > s && tp(f, idx[l - 1], ']')) {
			int dd;
			size_t m = match_back(f, idx, s, l - 1, '[', ']', &dd);

			if (dd != 0 || m == s)
				return;
			ndims++;
			dim_s = idx[m] + 1;
			dim_e = idx[l - 1];
			l = m;
		}
		if (l <= s || T[idx[l - 1]].kind != TK_IDENT)
			return;
		name = idx[--l];
		while (l > s && (tp(f, idx[l - 1], '*') || tis(f, idx[l - 1], "const") ||
				 tis(f, idx[l - 1], "volatile") ||
				 (T[idx[l - 1]].kind == TK_IDENT &&
				  is_annotation(tstr(f, idx[l - 1]), tlen(f, idx[l - 1]))))) {
			if (T[idx[l - 1]].kind == TK_IDENT && !tis(f, idx[l - 1], "const") &&
			    !tis(f, idx[l - 1], "volatile")) {
				l--;
				continue;
			}
			if (tp(f, idx[l - 1], '*'))
				ptr++;
			else if (!tis(f, idx[l - 1], "const"))
				vol = 1;
			else if (ptr == 0) {
				cobj++;		/* const right before the name */
				cobj_const = idx[l - 1] + 1;
			} else {
				nmid++;		/* as in char const *p */
				mid_const = idx[l - 1] + 1;
			}
			l--;
		}
		if (first) {
			/* specifiers */
			for (i = s; i < l; i++) {
				const struct mp_tok *t = &T[idx[i]];

				if (t->kind == TK_IDENT) {
					const char *w = tstr(f, idx[i]);
					size_t wn = tlen(f, idx[i]);

					if (word_is(w, wn, "__attribute__") && tp(f, idx[i] + 1, '(')) {
						size_t m = match(f, idx[i] + 1, f->ntok);

						while (i < l && idx[i] < m)
							i++;
						continue;
					}
					if (word_is(w, wn, "extern"))
						is_extern = 1;
					else if (word_is(w, wn, "static"))
						is_static = 1;
					else if (word_is(w, wn, "const"))
						spec_const = 1;
					else if (word_is(w, wn, "volatile"))
						spec_volatile = 1;
					else if (word_is(w, wn, "struct") || word_is(w, wn, "union") ||
						 word_is(w, wn, "enum"))
						spec_struct = 1;
					if (specn < 32)
						spec[specn++] = idx[i];
					continue;
				}
				if (t->kind == TK_PUNCT && t->c == '{' && spec_struct) {
					/* struct body: skip */
					int dd = 0;

					for (; i < l; i++) {
						if (tp(f, idx[i], '{'))
							dd++;
						else if (tp(f, idx[i], '}') && --dd == 0)
							break;
					}
					continue;
				}
				return;	/* not a plain declaration */
			}
			if (!specn)
				return;
			spec_initdata = find_initdata(f, spec, 0, specn);
			first = 0;
		} else if (l != s) {
			return;
		}

		memset(&dc, 0, sizeof(dc));
		dc.file = f->idx;
		dc.name = name;
		dc.end = idx[n];
		dc.line = f->toks[name].line;
		dc.ptr = ptr;
		dc.ndims = ndims;
		dc.dim_s = dim_s;
		dc.dim_e = dim_e;
		dc.is_const = (unsigned char)((spec_const && ptr == 0) || cobj);
		/* the specifiers' const is the pointee's when there is a '*' */
		dc.obj_const = find_sole_const(f, spec, ptr == 0 ? specn : 0, cobj, cobj_const);
		dc.const_pointee = (unsigned char)((spec_const || nmid) && ptr > 0);
		if (dc.const_pointee && ptr == 1)
			dc.pointee_const = find_sole_const(f, spec, specn, nmid, mid_const);
		dc.is_volatile = (unsigned char)(spec_volatile || vol);
		dc.is_extern = (unsigned char)is_extern;
		dc.is_static = (unsigned char)is_static;
		dc.has_init = (unsigned char)has_init;
		dc.initdata = initdata ? initdata : spec_initdata;
		dc.next = -1;

		/* type from the specifiers */
		{
			int nuns = 0, nsig = 0, nlong = 0, nshort = 0, nint = 0, nchar = 0, bad = 0;
			int td = -1, ntd = 0;
			size_t sl = 0;

			for (i = 0; i < specn; i++) {
				const char *w = tstr(f, spec[i]);
				size_t wn = tlen(f, spec[i]);

				if (word_is(w, wn, "static") || word_is(w, wn, "extern") ||
				    word_is(w, wn, "register") || word_is(w, wn, "volatile") ||
				    word_is(w, wn, "const") || word_is(w, wn, "auto") ||
				    word_is(w, wn, "inline") || is_annotation(w, wn))
					continue;
				if (sl + wn + 2 < sizeof(dc.spec)) {
					if (sl)
						dc.spec[sl++] = ' ';
					memcpy(dc.spec + sl, w, wn);
					sl += wn;
				}
				if (word_is(w, wn, "unsigned"))
					nuns++;
				else if (word_is(w, wn, "signed"))
					nsig++;
				else if (word_is(w, wn, "long"))
					nlong++;
				else if (word_is(w, wn, "short"))
					nshort++;
				else if (word_is(w, wn, "int"))
					nint++;
				else if (word_is(w, wn, "char"))
					nchar++;
				else if ((td = find_typedef(w, wn)) >= 0)
					ntd++;
				else
					bad = 1;
			}
			for (i = 0; i < (size_t)ptr && sl + 3 < sizeof(dc.spec); i++) {
				if (i == 0)
					dc.spec[sl++] = ' ';
				dc.spec[sl++] = '*';
			}
			dc.spec[sl] = '\0';
			if (bad || spec_struct || ntd > 1 || (ntd && (nuns + nsig + nlong + nshort + nint + nchar)))
				dc.ct = CT_UNKNOWN;
			else if (ntd)
				dc.ct = typedefs[td].ct;
			else if (nchar)
				dc.ct = (nlong || nshort || nint) ? CT_UNKNOWN :
					nuns ? CT_BYTE : nsig ? CT_SCHAR : CT_CHAR;
			else if (nshort)
				dc.ct = nlong ? CT_UNKNOWN : nuns ? CT_USHORT : CT_SHORT;
			else if (nlong == 1)
				dc.ct = nuns ? CT_ULONG : CT_LONG;
			else if (nlong == 2)
				dc.ct = nuns ? CT_ULLONG : CT_LLONG;
			else if (nlong)
				dc.ct = CT_UNKNOWN;
			else if (nuns)
				dc.ct = CT_UINT;
			else if (nint || nsig)
				dc.ct = CT_INT;
			else
				dc.ct = CT_UNKNOWN;
			if (nuns && nsig)
				dc.ct = CT_UNKNOWN;
		}
		GROW(out->v, out->n, out->cap);
		out->v[out->n++] = dc;
	}
}

/* Split the file-scope code of f into statements and collect declarations. */
static void collect_decls(struct mp_file *f, struct declvec *out)
{
	unsigned *idx = NULL;
	size_t n = 0, cap = 0, i;
	int depth = 0, pdepth = 0;

	for (i = 0; i < f->ntok; i++) {
		const struct mp_tok *t = &f->toks[i];

		if (t->dir)
			continue;
		if (t->kind == TK_PUNCT && t->c == '{' && depth == 0 && pdepth == 0 &&
		    (n == 0 || tp(f, idx[n - 1], ')'))) {
			/*
			 * A block or a function body: skip to the brace that
			 * closes it, using the #if-aware depth from the lexer.
			 */
			int d0 = t->depth;

			for (i++; i < f->ntok; i++) {
				if (!f->toks[i].dir && tp(f, i, '}') && f->toks[i].depth <= d0)
					break;
			}
			n = 0;
			continue;
		}
		GROW(idx, n, cap);
		idx[n++] = (unsigned)i;
		if (t->kind != TK_PUNCT)
			continue;
		switch (t->c) {
		case '{':
			depth++;
			break;
		case '}':
			if (--depth < 0) {
				depth = 0;
				n = 0;
			}
			break;
		case '(': case '[':
			pdepth++;
			break;
		case ')': case ']':
			if (pdepth)
				pdepth--;
			break;
		case ';':
			if (depth == 0 && pdepth == 0) {
				parse_stmt(f, idx, n, out);
				n = 0;
			} else if (depth == 0) {
				/* unbalanced parens: resynchronise */
				pdepth = 0;
				n = 0;
			}
			break;
		}
	}
	free(idx);
}

/* ------------------------------------------------------------------ */
/* macros                                                              */

/*
 * Whether tokens i, i + 1 and i + 2 of f open a directive "# name X",
 * with X of the given kind: the macro name of a #define, the "..." of an
 * #include.
 */
static int directive_at(const struct mp_file *f, size_t i, const char *name, int kind)
{
	size_t wn;
	const char *w = directive_word(f, i, &wn);

	return w && word_is(w, wn, name) && i + 2 < f->ntok &&
	       f->toks[i + 2].kind == kind && f->toks[i + 2].dir == f->toks[i].dir;
}

static void collect_macros(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t d;

	for (d = 0; d < f->ndir; d++) {
		size_t i = f->dirs[d], j;
		const struct mp_tok *t = &f->toks[i];
		struct macro m;

		if (!directive_at(f, i, "define", TK_IDENT))
			continue;
		memset(&m, 0, sizeof(m));
		m.file = f->idx;
		m.name = (unsigned)(i + 2);
		j = i + 3;
		if (tp(f, j, '(') && f->toks[j].dir == t->dir &&
		    f->toks[j].start == f->toks[i + 2].end) {
			size_t r = match(f, j, f->ntok);

			if (r >= f->ntok)
				continue;
			m.func = 1;
			m.pstart = (unsigned)(j + 1);
			m.pend = (unsigned)r;
			j = r + 1;
		}
		m.bstart = (unsigned)j;
		while (j < f->ntok && f->toks[j].dir == t->dir)
			j++;
		m.bend = (unsigned)j;
		{
			struct hent *e = hslot(&ctx->macro_map, tstr(f, m.name), tlen(f, m.name));

			m.next = e->val;
			e->val = (int)ctx->nmacro;
		}
		GROW(ctx->macros, ctx->nmacro, ctx->macrocap);
		ctx->macros[ctx->nmacro++] = m;
	}
}

/* object-like macro named like token i of f; prefer f's own definition */
static const struct macro *find_macro(struct mp_ctx *ctx, const struct mp_file *f, unsigned i, int want_func)
{
	int k = hget(&ctx->macro_map, tstr(f, i), tlen(f, i));
	const struct macro *other = NULL;

	for (; k >= 0; k = ctx->macros[k].next) {
		const struct macro *m = &ctx->macros[k];

		if (m->func != want_func)
			continue;
		if (m->file == f->idx)
			return m;
		if (!other)
			other = m;
	}
	return other;
}

/*
 * The body of m.  Only the file being scanned keeps its tokens; object-like
 * macros of other files are evaluated from the copy of their bodies that
 * mp_run() keeps, whose indices differ.
 */
static const struct mp_file *macro_body(const struct mp_ctx *ctx, const struct macro *m,
					unsigned *s, unsigned *e)
{
	const struct mp_file *mf = ctx->files[m->file];

	if (mf->toks) {
		*s = m->bstart;
		*e = m->bend;
		return mf;
	}
	*s = m->kept;
	/* keep_bodies() keeps no function-like body: an empty one, to be safe */
	*e = m->func ? m->kept : m->kept + (m->bend - m->bstart);
	return mf->kept_bodies;
}

/* a macro of that name defined in f itself */
static const struct macro *find_local_macro(struct mp_ctx *ctx, const struct mp_file *f, unsigned i)
{
	int k = hget(&ctx->macro_map, tstr(f, i), tlen(f, i));

	for (; k >= 0; k = ctx->macros[k].next)
		if (ctx->macros[k].file == f->idx)
			return &ctx->macros[k];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* type strings                                                        */

struct tstr {
	char s[80];
	size_t n;
};

static int tput(struct tstr *b, const char *s, size_t n)
{
	if (b->n + n + 1 >= sizeof(b->s))
		return -1;
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
	return 0;
}

static int is_param_of(const struct mp_file *f, const struct macro *wrap, unsigned i)
{
	unsigned k;

	if (!wrap)
		return 0;
	for (k = wrap->pstart; k < wrap->pend; k++)
		if (f->toks[k].kind == TK_IDENT && teq(f, k, f, i))
			return 1;
	return 0;
}

/* resolve a macro name to a number; "#" when unknown */
static void eval_number(struct mp_ctx *ctx, const struct mp_file *f, unsigned s, unsigned e,
			struct tstr *b, int depth)
{
	while (e - s >= 3 && tp(f, s, '(') && tp(f, e - 1, ')')) {
		s++;
		e--;
	}
	if (e - s == 1 && f->toks[s].kind == TK_NUM) {
		size_t k, n = tlen(f, s);

		for (k = 0; k < n; k++)
			if (!is_digit(tstr(f, s)[k]))
				break;
		if (k == n && !tput(b, tstr(f, s), n))
			return;
	} else if (e - s == 1 && f->toks[s].kind == TK_IDENT && depth < 8) {
		const struct macro *m = find_macro(ctx, f, s, 0);

		if (m) {
			unsigned ms, me;
			const struct mp_file *mf = macro_body(ctx, m, &ms, &me);

			eval_number(ctx, mf, ms, me, b, depth + 1);
			return;
		}
	}
	tput(b, "#", 1);
}

/* Evaluate tokens [s,e) of f as a type string; 0 on success. */
static int eval_type(struct mp_ctx *ctx, const struct mp_file *f, unsigned s, unsigned e,
		     struct tstr *b, int depth, const struct macro *wrap)
{
	unsigned i;

	if (s >= e || depth > 8)
		return -1;
	for (i = s; i < e; i++) {
		const struct mp_tok *t = &f->toks[i];

		if (t->kind == TK_STR) {
			const char *p = tstr(f, i);
			size_t n = tlen(f, i);

			if (n < 2 || p[n - 1] != '"' || memchr(p, '\\', n))
				return -1;
			if (tput(b, p + 1, n - 2))
				return -1;
			continue;
		}
		if (t->kind != TK_IDENT)
			return -1;
		if (is_param_of(f, wrap, i))
			return -1;
		if ((tis(f, i, "__MODULE_STRING") || tis(f, i, "__stringify")) && tp(f, i + 1, '(')) {
			size_t r = match(f, i + 1, e);

			if (r >= e)
				return -1;
			if (wrap) {
				unsigned k;

				for (k = i + 2; k < r; k++)
					if (is_param_of(f, wrap, k))
						return -1;
			}
			eval_number(ctx, f, i + 2, (unsigned)r, b, depth);
			i = (unsigned)r;
			continue;
		}
		{
			const struct macro *m = find_macro(ctx, f, i, 0);
			const struct mp_file *mf;
			unsigned ms, me;

			if (!m)
				return -1;
			mf = macro_body(ctx, m, &ms, &me);
			if (eval_type(ctx, mf, ms, me, b, depth + 1, NULL))
				return -1;
		}
	}
	return 0;
}

struct ptype {
	int has_min, has_range, max_missing;
	long min, max;		/* -1 when unknown ('#') */
	char letter;
	long len;		/* for 'c': -1 when unknown */
};

static const char *pnum(const char *p, long *v)
{
	long x = 0;

	if (*p == '#') {
		*v = -1;
		return p + 1;
	}
	while (is_digit(*p)) {
		if (x < 100000000)
			x = x * 10 + (*p - '0');
		p++;
	}
	*v = x;
	return p;
}

static int parse_type(const char *s, struct ptype *t)
{
	const char *p = s;

	memset(t, 0, sizeof(*t));
	t->len = -1;
	if (is_digit(*p) || *p == '#') {
		t->has_min = 1;
		p = pnum(p, &t->min);
		t->max = t->min;
	}
	if (*p == '-') {
		if (!t->has_min)
			return -1;
		t->has_range = 1;
		p++;
		if (is_digit(*p) || *p == '#')
			p = pnum(p, &t->max);
		else {
			t->max_missing = 1;
			t->max = 0;
		}
	}
	if (!*p || !strchr("bhilsc", *p))
		return -1;
	t->letter = *p++;
	if (t->letter == 'c') {
		if (!is_digit(*p) && *p != '#')
			return -1;
		p = pnum(p, &t->len);
	}
	return *p ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* conversion                                                          */

static enum ctype letter_ct(char l)
{
	switch (l) {
	case 'b': return CT_BYTE;
	case 'h': return CT_SHORT;
	case 'i': return CT_INT;
	case 'l': return CT_LONG;
	default: return CT_UNKNOWN;
	}
}

static const char *letter_desc(char l)
{
	switch (l) {
	case 'b': return "a byte";
	case 'h': return "a short";
	case 'i': return "an int";
	case 'l': return "a long";
	case 's': return "a char pointer";
	default: return "a char buffer";
	}
}

/* first declaration of key[0..len) in file f, in file order */
static const struct decl *decl_named(struct mp_ctx *ctx, const struct mp_file *f,
				     const char *key, size_t len, int before, unsigned limit)
{
	int k = hget(&ctx->decl_map, key, len);
	const struct decl *best = NULL;

	for (; k >= 0; k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d->file != f->idx)
			continue;
		if (before && d->end >= limit)
			continue;
		if (!best || d->end < best->end)
			best = d;
	}
	return best;
}

/* first declaration of token `name` in file f, in file order */
static const struct decl *decl_in_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned name,
				       int before, unsigned limit)
{
	return decl_named(ctx, f, tstr(f, name), tlen(f, name), before, limit);
}

/*
 * in[0..inlen) with "." components dropped, "dir/.." folded and '/'
 * runs squeezed, into out; "" if it does not fit.  Lexical only: enough
 * to see that an #include from "drivers/net/x.c" of "../net/x.h" names
 * the file given as "drivers/net/x.h".
 */
static void norm_path(const char *in, size_t inlen, char *out, size_t sz)
{
	size_t o = 0, i = 0, floor;	/* floor: leading part never folded */

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
		if (o + n + 2 > sz) {
			o = 0;
			break;
		}
		if (o && out[o - 1] != '/')
			out[o++] = '/';
		memcpy(out + o, in + s, n);
		o += n;
		if (dotdot)
			floor = o;
	}
	out[o] = '\0';
}

/* the given file that the "..." string token tok of f, an #include, names; or -1 */
static int included_file(struct mp_ctx *ctx, const struct mp_file *f, unsigned tok)
{
	char joined[4096], want[4096];
	const char *inc = tstr(f, tok) + 1, *slash = strrchr(f->path, '/');
	size_t n = tlen(f, tok), dirlen = slash && *inc != '/' ? (size_t)(slash - f->path) + 1 : 0;

	if (n < 2 || inc[n - 2] != '"' || dirlen + n - 2 >= sizeof(joined))
		return -1;
	memcpy(joined, f->path, dirlen);
	memcpy(joined + dirlen, inc, n - 2);
	norm_path(joined, dirlen + n - 2, want, sizeof(want));
	return want[0] ? hget(&ctx->path_map, want, strlen(want)) : -1;
}

/* Note f's #include "..." directives, which outlive its tokens. */
static void collect_includes(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t d;

	for (d = 0; d < f->ndir; d++) {
		size_t i = f->dirs[d];

		if (!directive_at(f, i, "include", TK_STR))
			continue;
		GROW(f->incs, f->ninc, f->inccap);
		f->incs[f->ninc].tok = (unsigned)i + 2;
		f->incs[f->ninc].file = included_file(ctx, f, (unsigned)i + 2);
		f->ninc++;
	}
}

/*
 * Whether f includes the given file target with #include "...", before
 * token limit (0: anywhere), directly or through other given headers:
 * then target's declarations are in scope in f, as for the compiler.
 * Headers often include each other; each is searched once per question.
 */
static int includes_file_from(struct mp_ctx *ctx, const struct mp_file *f, int target,
			      unsigned limit)
{
	size_t i;

	ctx->visited[f->idx] = ctx->visit_mark;
	for (i = 0; i < f->ninc && (!limit || f->incs[i].tok < limit); i++) {
		int j = f->incs[i].file;

		if (j == target)
			return 1;
		if (j >= 0 && ctx->visited[j] != ctx->visit_mark &&
		    includes_file_from(ctx, ctx->files[j], target, 0))
			return 1;
	}
	return 0;
}

static int includes_file(struct mp_ctx *ctx, const struct mp_file *f, int target, unsigned limit)
{
	if (!ctx->visited) {
		ctx->visited = calloc(ctx->nfiles, sizeof(*ctx->visited));
		if (!ctx->visited)
			exit(2);
	}
	ctx->visit_mark++;
	return includes_file_from(ctx, f, target, limit);
}

/* A declaration of key[0..len) in a given header that f includes before token limit. */
static const struct decl *decl_in_included(struct mp_ctx *ctx, const struct mp_file *f,
					   const char *key, size_t len, unsigned limit)
{
	int k = hget(&ctx->decl_map, key, len);

	for (; k >= 0; k = ctx->decls[k].next)
		if (ctx->decls[k].file != f->idx &&
		    includes_file(ctx, f, ctx->decls[k].file, limit))
			return &ctx->decls[k];
	return NULL;
}

/*
 * If f includes, before its use of name at token mp, an #include "..."
 * that names none of the given files, warn that the declaration may be
 * there and name the first such header.  Return: whether it warned.
 */
static int warn_missing_include(struct mp_file *f, unsigned mp, const char *name)
{
	size_t i;

	for (i = 0; i < f->ninc && f->incs[i].tok < mp; i++) {
		unsigned tok = f->incs[i].tok;

		if (f->incs[i].file >= 0 || tlen(f, tok) < 2)
			continue;
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no declaration of '%s' is in scope; give \"%.*s\", which this file includes, too"),
		     name, name, (int)tlen(f, tok) - 2, tstr(f, tok) + 1);
		return 1;
	}
	return 0;
}

#define MAX_CONST_CUTS 8

/*
 * The const tokens of f to remove so that the variable of dc becomes
 * writable (pointee 0) or, for a const char *, points to char (pointee 1):
 * one per declaration of it in f, each non-extern with exactly one such
 * const, as with 3c59x.c's two definitions under #ifdef.  An extern
 * declaration with a const in another file would then conflict.  Returns
 * how many tokens it stored in cut, or 0 where removing const is not
 * that simple.
 */
static size_t removable_consts(struct mp_ctx *ctx, const struct mp_file *f, const struct decl *dc,
			       int pointee, unsigned *cut)
{
	unsigned t = pointee ? dc->pointee_const : dc->obj_const;
	size_t n = 0;
	int k;

	if (!t || dc->is_extern || dc->file != f->idx)
		return 0;
	cut[n++] = t - 1;
	k = hget(&ctx->decl_map, tstr(f, dc->name), tlen(f, dc->name));
	for (; k >= 0; k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d == dc)
			continue;
		if (d->file != f->idx) {
			if (d->is_extern && (d->is_const || d->const_pointee))
				return 0;
			continue;
		}
		t = pointee ? d->pointee_const : d->obj_const;
		if (!t || d->is_extern || n == MAX_CONST_CUTS)
			return 0;
		cut[n++] = t - 1;
	}
	return n;
}

static int line_end_clear(const struct mp_file *f, size_t off, size_t *eol, int comments)
{
	/* whitespace only up to the newline? */
	size_t i = off;

	for (;;) {
		while (i < f->len && (f->data[i] == ' ' || f->data[i] == '\t' || f->data[i] == '\r'))
			i++;
		if (comments && i + 1 < f->len && f->data[i] == '/' && f->data[i + 1] == '*') {
			/* a comment that ends on this line */
			size_t j = i + 2;

			while (j + 1 < f->len && f->data[j] != '\n' &&
			       !(f->data[j] == '*' && f->data[j + 1] == '/'))
				j++;
			if (j + 1 < f->len && f->data[j] == '*') {
				i = j + 2;
				continue;
			}
			return 0;
		}
		if (comments && i + 1 < f->len && f->data[i] == '/' && f->data[i + 1] == '/') {
			while (i < f->len && f->data[i] != '\n')
				i++;
			if (i > 0 && f->data[i - 1] == '\\')
				return 0;
		}
		break;
	}
	if (i < f->len && f->data[i] == '\n') {
		*eol = i + 1;
		return 1;
	}
	if (i == f->len) {
		*eol = i;
		return 1;
	}
	return 0;
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

/*
 * Preprocessor conditions, far enough to tell that two uses are never
 * compiled together: in different branches of one #if, or under
 * conditions that negate each other, as drivers for 2.4 and 2.6 wrote
 * "#if LINUX_VERSION_CODE < KERNEL_VERSION(2,5,0)" and then ">=".
 */
#define COND_MAX 256

struct cond_group {
	unsigned id;		/* which #if, counted from the file's start */
	unsigned branch;	/* 0 for the #if, 1 for the next #elif or #else ... */
	int has_elif;
	int lit;		/* the branch is "cond" (1), "!cond" (-1), or unknown (0) */
	char cond[COND_MAX];
};

struct cond_chain {
	struct cond_group g[16];
	unsigned n, over;	/* groups open; how many beyond g[] */
	int dead;		/* groups exclude each other, as #if A inside #ifndef A */
};

/* Append token k to the canonical text; 0 if it does not fit. */
static int cond_put(const struct mp_file *f, size_t k, char *buf, size_t *len)
{
	size_t n = tlen(f, (unsigned)k);
	int word = f->toks[k].kind == TK_IDENT || f->toks[k].kind == TK_NUM;

	/* only two words in a row need the space between them */
	int space = word && *len && is_idchar((unsigned char)buf[*len - 1]);

	if (*len + space + n >= COND_MAX)
		return 0;
	if (space)
		buf[(*len)++] = ' ';
	memcpy(buf + *len, tstr(f, (unsigned)k), n);
	*len += n;
	buf[*len] = '\0';
	return 1;
}

/*
 * Canonical text of the condition in tokens [s, e) of f into buf, and
 * its polarity: "!x" is x negated, "defined(X)" is "defined X", and a
 * single comparison ">=", "<=" or "!=" is "<", ">" or "==" negated.
 * Returns 0 for a condition too long to keep.
 */
static int cond_text(const struct mp_file *f, size_t s, size_t e, char *buf, int *pol)
{
	size_t len = 0, k, at = 0, nops = 0, depth = 0;
	char tmp[COND_MAX];

	*pol = 1;
	for (;;) {
		if (s < e && tp(f, s, '!') && !(s + 1 < e && tp(f, s + 1, '='))) {
			*pol = -*pol;
			s++;
		} else if (s + 1 < e && tp(f, s, '(') && match(f, s, e) == e - 1) {
			s++;
			e--;
		} else {
			break;
		}
	}
	buf[0] = '\0';
	for (k = s; k < e; k++) {
		if (tis(f, k, "defined") && k + 3 < e && tp(f, k + 1, '(') &&
		    f->toks[k + 2].kind == TK_IDENT && tp(f, k + 3, ')')) {
			if (!cond_put(f, k, buf, &len) || !cond_put(f, k + 2, buf, &len))
				return 0;
			k += 3;
			continue;
		}
		if (!cond_put(f, k, buf, &len))
			return 0;
	}
	/* one comparison at the top level, and nothing else of its rank */
	for (k = 0; k < len; k++) {
		char c = buf[k], d = buf[k + 1];

		if (c == '(')
			depth++;
		else if (c == ')' && depth)
			depth--;
		if (depth)
			continue;
		if ((c == '&' && d == '&') || (c == '|' && d == '|') || c == '?')
			return 1;
		if ((c == '<' || c == '>') && d == c) {
			k++;
			continue;
		}
		if (c == '-' && d == '>') {
			k++;
			continue;
		}
		if (c == '<' || c == '>' || ((c == '=' || c == '!') && d == '=')) {
			nops++;
			at = k;
			if (d == '=')
				k++;
		}
	}
	if (nops != 1)
		return 1;
	if (buf[at + 1] == '=' && buf[at] != '=') {
		/* ">=" is "<" negated, "<=" is ">" negated, "!=" is "==" negated */
		char flip = buf[at] == '>' ? '<' : buf[at] == '<' ? '>' : '=';
		size_t n = at;

		memcpy(tmp, buf, at);
		tmp[n++] = flip;
		if (flip == '=')
			tmp[n++] = '=';
		strcpy(tmp + n, buf + at + 2);
		strcpy(buf, tmp);
		*pol = -*pol;
	}
	return 1;
}

/* The #if groups open at token pos of f, outermost first. */
static void cond_chain_at(const struct mp_file *f, size_t pos, struct cond_chain *ch)
{
	unsigned serial = 0, a, b;
	size_t d;

	ch->n = ch->over = 0;
	for (d = 0; d < f->ndir && f->dirs[d] < pos; d++) {
		size_t i = f->dirs[d], e;
		enum cond_dir kind;
		struct cond_group *g;
		const char *w;
		size_t wn;

		kind = cond_directive(f, i, &w, &wn);
		if (kind == CD_NONE)
			continue;
		for (e = i + 2; e < f->ntok && f->toks[e].dir == f->toks[i].dir; e++)
			;
		if (kind == CD_IF) {
			serial++;
			if (ch->n == sizeof(ch->g) / sizeof(ch->g[0])) {
				ch->over++;
				continue;
			}
			g = &ch->g[ch->n++];
			g->id = serial;
			g->branch = 0;
			g->has_elif = 0;
			g->lit = 0;
			if (wn > 2) {
				/* #ifdef X is "defined X"; #ifndef X its negation */
				if (e == i + 3 && f->toks[i + 2].kind == TK_IDENT) {
					size_t len = 7;

					memcpy(g->cond, "defined", len + 1);
					if (cond_put(f, i + 2, g->cond, &len))
						g->lit = wn == 5 ? 1 : -1;
				}
			} else if (!cond_text(f, i + 2, e, g->cond, &g->lit)) {
				g->lit = 0;
			}
		} else if (kind == CD_ELSE) {
			if (ch->over || !ch->n)
				continue;
			g = &ch->g[ch->n - 1];
			g->branch++;
			if (word_is(w, wn, "else") && !g->has_elif)
				g->lit = -g->lit;	/* #else of a lone #if: its negation */
			else
				g->lit = 0;
			if (!word_is(w, wn, "else"))
				g->has_elif = 1;
		} else {
			if (ch->over)
				ch->over--;
			else if (ch->n)
				ch->n--;
		}
	}
	ch->dead = 0;
	for (a = 0; a < ch->n; a++)
		for (b = a + 1; b < ch->n; b++)
			if (ch->g[a].lit && ch->g[a].lit == -ch->g[b].lit &&
			    !strcmp(ch->g[a].cond, ch->g[b].cond))
				ch->dead = 1;
}

/*
 * Whether code under the groups of x may be compiled with code under y's.
 * Code that is never compiled may as well be taken as compiled with
 * anything: a use there is then refused when it would clash, in every
 * pass, rather than refused for one reason in the first pass (a const
 * that a conversion elsewhere removes) and converted in the second.
 */
static int same_branch(const struct cond_chain *x, const struct cond_chain *y)
{
	unsigned i, j;

	if (x->dead || y->dead)
		return 1;
	for (i = 0; i < x->n; i++) {
		for (j = 0; j < y->n; j++) {
			const struct cond_group *p = &x->g[i], *q = &y->g[j];

			if (p->id == q->id && p->branch != q->branch)
				return 0;
			if (p->lit && p->lit == -q->lit && !strcmp(p->cond, q->cond))
				return 0;
		}
	}
	return 1;
}

/*
 * Whether code under ch is never compiled: under #if 0, the #else of
 * #if 1, or conditions that contradict each other.
 */
static int never_compiled(const struct cond_chain *ch)
{
	unsigned i;

	if (ch->dead)
		return 1;
	for (i = 0; i < ch->n; i++) {
		const struct cond_group *g = &ch->g[i];

		if (g->lit && !strcmp(g->cond, g->lit > 0 ? "0" : "1"))
			return 1;
	}
	return 0;
}

/* Whether two declarations give a variable the same module_param type. */
static int same_var_type(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && a->ndims == b->ndims &&
	       (a->ct != CT_UNKNOWN || !strcmp(a->spec, b->spec));
}

/*
 * The first declaration in f of the name at token name, before token use
 * (after it, if after is set), that can be compiled with the use, or NULL.
 * Compatibility code declared a variable once per branch of an #if, as
 * u8 for the built-in driver and int for the module, and the use's own
 * branch says which one it sets.  *other is set to another one that can
 * be compiled with the use but gives the variable another type, or NULL:
 * then no one conversion builds in every configuration.  Declarations
 * that are never compiled, as under #if 0, do not count for a use that
 * is.
 */
static const struct decl *decl_in_branch(struct mp_ctx *ctx, const struct mp_file *f,
					 unsigned name, unsigned use, int after,
					 const struct decl **other)
{
	const struct decl *best = NULL, *seen = NULL, *odd = NULL;
	struct cond_chain here, there;
	int have_here = 0, live = 1, k;

	for (k = hget(&ctx->decl_map, tstr(f, name), tlen(f, name)); k >= 0;
	     k = ctx->decls[k].next) {
		const struct decl *d = &ctx->decls[k];

		if (d->file != f->idx || (after ? d->end <= use : d->end >= use))
			continue;
		if (!have_here) {
			cond_chain_at(f, use, &here);
			live = !never_compiled(&here);
			have_here = 1;
		}
		cond_chain_at(f, d->name, &there);
		if (!same_branch(&here, &there) || (live && never_compiled(&there)))
			continue;
		if (!best || d->end < best->end)
			best = d;
		if (!seen)
			seen = d;
		else if (!odd && !same_var_type(seen, d))
			odd = d;
	}
	/* of two that disagree, one disagrees with best */
	*other = !odd ? NULL : same_var_type(best, seen) ? odd : seen;
	return best;
}

/* Whether token i of f names module_param or one of its variants. */
static int names_module_param(const struct mp_file *f, unsigned i)
{
	return f->toks[i].kind == TK_IDENT && tlen(f, i) >= 12 &&
	       !memcmp(tstr(f, i), "module_param", 12);
}

/* Whether token i of f is a module_param*( outside any #define. */
static int is_module_param(const struct mp_file *f, size_t i)
{
	return !f->toks[i].dir && names_module_param(f, (unsigned)i) &&
	       i + 1 < f->ntok && tp(f, i + 1, '(');
}

struct use {
	unsigned mp, lp, rp;
	unsigned a1, a2s, a2e;
	int semi;
	/* the file's module_param*( tokens, and their #if groups once known */
	const unsigned *params;
	struct cond_chain **chains;
	size_t nparams;
};

/*
 * A module_param*() whose parameter is the name at u->a1 and that can be
 * compiled with the use, or NO_TOK: converting the use would define that
 * parameter a second time.  *other is set to the first one in another
 * branch of an #if, or NO_TOK.
 */
static unsigned live_module_param(const struct mp_file *f, const struct use *u,
				  unsigned *other)
{
	struct cond_chain here;
	int have_here = 0;
	size_t k;

	*other = NO_TOK;
	for (k = 0; k < u->nparams; k++) {
		unsigned i = u->params[k];

		if (i + 3 >= f->ntok || !teq(f, i + 2, f, u->a1) || !tp(f, i + 3, ','))
			continue;
		if (!have_here) {
			cond_chain_at(f, u->mp, &here);
			have_here = 1;
		}
		if (!u->chains[k]) {
			u->chains[k] = xrealloc(NULL, sizeof(*u->chains[k]));
			cond_chain_at(f, i, u->chains[k]);
		}
		if (same_branch(&here, u->chains[k]))
			return i;
		if (*other == NO_TOK)
			*other = i;
	}
	return NO_TOK;
}

/* A declaration's type for messages: its specifiers, and [] for an array. */
static const char *decl_desc(const struct decl *d, char *buf, size_t sz)
{
	snprintf(buf, sz, "%s%s", d->spec, d->ndims ? " []" : "");
	return buf;
}

/*
 * The declaration of the variable a call in g passes, in scope at the
 * call: its own file's, found by mark_arg_decls() while g's tokens
 * existed, or else one in a header g includes, looked up by its text.
 */
static const struct decl *call_arg_decl(struct mp_ctx *ctx, const struct mp_file *g,
					const struct mcall *c, const struct mcall_arg *a)
{
	if (a->decl >= 0)
		return &ctx->decls[a->decl];
	if (a->decl == ARG_DECL_OTHER_BRANCH)
		return NULL;
	return decl_in_included(ctx, g, g->data + a->start, a->len, c->tok);
}

/* An array declared with [] and no initializer: its size is not known. */
static int decl_unsized(const struct decl *d)
{
	return d->ndims == 1 && d->dim_s == d->dim_e && !d->has_init;
}

static int same_decl_type(const struct decl *a, const struct decl *b)
{
	return a->ct == b->ct && a->ptr == b->ptr && a->ndims == b->ndims &&
	       a->is_const == b->is_const && a->const_pointee == b->const_pointee &&
	       a->is_volatile == b->is_volatile && !a->initdata == !b->initdata &&
	       (a->ct != CT_UNKNOWN || !strcmp(a->spec, b->spec));
}

/* the longest list of names note_calls_kept() gives */
#define KEPT_MAX 200

/* After a wrapper's MODULE_PARM() is refused: which calls keep it. */
static void note_calls_kept(struct mp_file *f, unsigned mp, const struct macro *wrap,
			    const char *kept)
{
	if (kept[0])
		diag(f, mp, MP_NOTE, D("%.*s() is left as it is, so MODULE_PARM() stays for what its calls pass: %s"),
		     (int)tlen(f, wrap->name), tstr(f, wrap->name), kept);
}

/* Bit h of file i's filter of identifiers, as a word and a mask. */
static uint64_t *name_bit(const struct mp_ctx *ctx, size_t i, size_t h, uint64_t *mask)
{
	size_t nbits = (ctx->names_at[i + 1] - ctx->names_at[i]) * 64;

	h &= nbits - 1;
	*mask = 1ull << (h % 64);
	return &ctx->names[ctx->names_at[i] + h / 64];
}

/* Put the name whose hhash() is h in file i's filter: two bits, from two parts of h. */
static void filter_add(struct mp_ctx *ctx, size_t i, size_t h)
{
	uint64_t m, *w;

	w = name_bit(ctx, i, h, &m);
	*w |= m;
	w = name_bit(ctx, i, h >> 16, &m);
	*w |= m;
}

/* Whether file i's filter lets through the name whose hhash() is h. */
static int filter_has(const struct mp_ctx *ctx, size_t i, size_t h)
{
	uint64_t m1, m2;
	const uint64_t *w1 = name_bit(ctx, i, h, &m1), *w2 = name_bit(ctx, i, h >> 16, &m2);

	/* name_bit() sets the masks: call it before they are read */
	return (*w1 & m1) && (*w2 & m2);
}

/*
 * Flag the first argument of each MODULE_PARM() and MODULE_PARM_DESC().
 * With count, also put each identifier of f in f's filter of them.
 */
static void mark_mp_args(struct mp_ctx *ctx, struct mp_file *f, int count)
{
	size_t k;

	for (k = 0; k < f->ntok; k++) {
		if (f->toks[k].kind != TK_IDENT)
			continue;
		if (count)
			filter_add(ctx, (size_t)f->idx, hhash(tstr(f, (unsigned)k), tlen(f, (unsigned)k)));
		if (k >= 2 && tp(f, k - 1, '(') &&
		    (tis(f, k - 2, "MODULE_PARM") || tis(f, k - 2, "MODULE_PARM_DESC")))
			f->toks[k].flags |= TF_MPARG;
	}
}

/*
 * Whether any given file uses name as an identifier other than as the
 * first argument of MODULE_PARM() or MODULE_PARM_DESC().  The question is
 * rare and the files are many: each file's filter rules out most of them,
 * and a file it lets through is lexed again to be sure.
 */
static int name_used(struct mp_ctx *ctx, const char *name)
{
	size_t n = strlen(name), h = hhash(name, n), i, k;
	struct hent *answer = hslot(&ctx->used_map, name, n);

	/* asked again for a name, as for each of several uses: the same answer */
	if (answer->val >= 0)
		return answer->val;
	answer->k = xstrndup(name, n);
	answer->val = 0;
	for (i = 0; !answer->val && i < ctx->nfiles; i++) {
		struct mp_file g;
		int used = 0;

		/* the filter has every identifier; the check leaves out MODULE_PARM()'s arguments */
		if (!filter_has(ctx, i, h))
			continue;
		memset(&g, 0, sizeof(g));
		g.data = ctx->files[i]->data;
		g.len = ctx->files[i]->len;
		lex(&g);
		mark_mp_args(ctx, &g, 0);
		for (k = 0; !used && k < g.ntok; k++)
			used = g.toks[k].kind == TK_IDENT && !(g.toks[k].flags & TF_MPARG) &&
			       tlen(&g, (unsigned)k) == n && !memcmp(tstr(&g, (unsigned)k), name, n);
		free(g.toks);
		free(g.dirs);
		answer->val = used;
	}
	return answer->val;
}

/*
 * MODULE_PARM(name, ...) in the body of the macro wrap, where name is
 * one of its parameters and the body does not declare it: the body is
 * converted once for all of the macro's calls, so each call must pass a
 * variable that is declared before the call, and all of them must have
 * one type, which the conversion takes.  2.4's MODULE_PARM() reached
 * its variable through a weak reference and built without one; a
 * module_param() of an undeclared name would not.
 *
 * Return 0 and set *dcp to the first call's declaration, *via to that
 * call (both NULL when nothing calls the macro) and via_var to the name
 * it passes, or -1 after warning.  Either way kept lists what the calls
 * pass, for note_calls_kept().
 */
static int wrapper_call_decl(struct mp_ctx *ctx, struct mp_file *f, const struct use *u,
			     const struct macro *wrap, const char *name,
			     const struct decl **dcp, const struct mcall **via, char via_var[128],
			     char kept[KEPT_MAX])
{
	int k = hget(&ctx->call_map, tstr(f, wrap->name), tlen(f, wrap->name));
	int mlen = (int)tlen(f, wrap->name);
	const char *mname = tstr(f, wrap->name);
	const struct decl *first = NULL;
	const struct mcall *fc = NULL;
	unsigned pidx = 0, i;
	char var[128], *var1 = via_var, desc[80], desc1[80];
	const struct mcall **calls = NULL;
	size_t n = 0, cap = 0, j, len;
	int ret = -1;

	for (i = wrap->pstart; i < wrap->pend && !teq(f, i, f, u->a1); i++)
		if (tp(f, i, ','))
			pidx++;
	/* the calls that see this macro, in file order (the chain is last first) */
	for (; k >= 0; k = ctx->calls[k].next) {
		const struct mcall *c = &ctx->calls[k];

		/*
		 * Every call in the macro's own file counts, even one before
		 * it: a second, identical #define of the name (which C
		 * allows) must convert with the first or not at all.
		 */
		if (c->file != f->idx &&
		    !includes_file(ctx, ctx->files[c->file], f->idx, c->tok))
			continue;	/* another macro of that name */
		if (!c->in_macro && pidx >= c->nargs)
			continue;	/* that call does not compile anyway */
		GROW(calls, n, cap);
		calls[n++] = c;
	}
	for (j = n; j--; ) {
		const struct mcall *c = calls[j];
		const struct mp_file *g = ctx->files[c->file];
		const struct mcall_arg *a = &ctx->call_args[c->arg0 + pidx];
		const struct decl *d;

		if (c->in_macro) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called inside another macro at %s:%u, so the variable it passes is not known"),
			     name, mlen, mname, g->path, c->line);
			goto refused;
		}
		if (c->in_braces) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called inside a function or initializer at %s:%u"),
			     name, mlen, mname, g->path, c->line);
			goto refused;
		}
		if (a->tok == NO_TOK) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with an argument that is not a variable name"),
			     name, mlen, mname, g->path, c->line);
			goto refused;
		}
		snprintf(var, sizeof(var), "%.*s", (int)a->len, g->data + a->start);
		d = call_arg_decl(ctx, g, c, a);
		if (a->twin >= 0) {
			const struct decl *twin = &ctx->decls[a->twin];

			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is declared %s at line %u and %s at line %u, under #if branches that can each be compiled with that call"),
			     name, mlen, mname, g->path, c->line, var, decl_desc(d, desc, sizeof(desc)),
			     d->line, decl_desc(twin, desc1, sizeof(desc1)), twin->line);
			goto refused;
		}
		if (!d && a->decl == ARG_DECL_OTHER_BRANCH) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is declared before that call only under other branches of an #if"),
			     name, mlen, mname, g->path, c->line, var);
			goto refused;
		}
		if (!d) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', and the given files declare no '%s' before that call"),
			     name, mlen, mname, g->path, c->line, var, var);
			goto refused;
		}
		if (decl_unsized(d)) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', an array whose size is not known there"),
			     name, mlen, mname, g->path, c->line, var);
			goto refused;
		}
		if (a->clash >= 0) {
			const struct pname *pn = &ctx->pnames[a->clash];

			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which %.*s() at line %u makes a parameter too"),
			     name, mlen, mname, g->path, c->line, var, (int)pn->via_len,
			     g->data + pn->via_start, pn->line);
			goto refused;
		}
		if (first && !same_decl_type(first, d)) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called with '%s' (%s, %s:%u) and with '%s' (%s, %s:%u), and one conversion cannot fit both"),
			     name, mlen, mname, var1, decl_desc(first, desc1, sizeof(desc1)),
			     ctx->files[fc->file]->path, fc->line,
			     var, decl_desc(d, desc, sizeof(desc)), g->path, c->line);
			goto refused;
		}
		if (!first) {
			first = d;
			fc = c;
			strcpy(var1, var);
		}
	}
	if (first) {
		const char *what = first->is_const ? "const" :
				   first->const_pointee ? "a pointer to const data" :
				   first->is_volatile ? "volatile" :
				   first->initdata && ((first->ct == CT_CHAR && first->ptr == 1) ||
						       strcmp(ctx->opt.perm, "0")) ? "__initdata" : NULL;

		if (what) {
			diag(f, u->mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): %.*s() is called at %s:%u with '%s', which is %s; converting would have to edit every such declaration, so convert the calls by hand"),
			     name, mlen, mname, ctx->files[fc->file]->path, fc->line, var1, what);
			goto refused;
		}
	}
	*dcp = first;
	*via = fc;
	ret = 0;

refused:
	/*
	 * Name the parameters that stay obsolete if the body does, as the
	 * compiler will: now, or in the caller if a later check refuses it.
	 */
	for (j = n, len = 0, kept[0] = '\0'; j--; ) {
		const struct mcall_arg *a = &ctx->call_args[calls[j]->arg0 + pidx];
		int w;

		if (calls[j]->in_macro || a->tok == NO_TOK)
			continue;
		if (len + a->len + 2 + sizeof(", ...") > KEPT_MAX) {
			strcpy(kept + len, len ? ", ..." : "...");
			break;
		}
		w = snprintf(kept + len, KEPT_MAX - len, "%s%.*s", len ? ", " : "",
			     (int)a->len, ctx->files[calls[j]->file]->data + a->start);
		len += (size_t)w;
	}
	if (ret < 0)
		note_calls_kept(f, u->mp, wrap, kept);
	free(calls);
	return ret;
}

static void convert_use(struct mp_ctx *ctx, struct mp_file *f, const struct use *u)
{
	char name[128], call[512], spec[80];
	struct tstr ts = { "", 0 };
	struct ptype pt;
	const struct macro *wrap = NULL;
	const struct decl *dc = NULL;
	struct declvec body = { NULL, 0, 0 };
	struct decl fb;
	int resolved, move = 0, fallback = 0;
	unsigned obj_cut[MAX_CONST_CUTS], ptr_cut[MAX_CONST_CUTS];
	size_t n_obj_cut = 0, n_ptr_cut = 0, i;
	const char *ptype_name = NULL;
	enum { K_SCALAR, K_ARRAY, K_STRING } form;
	const char *perm = ctx->opt.perm;
	unsigned mp = u->mp;
	const struct macro *alias = NULL;
	char aname[128], shown[80] = "";
	unsigned dup, other;
	const struct mcall *via = NULL;
	char via_var[128], kept[KEPT_MAX] = "";

	if (tlen(f, u->a1) >= sizeof(name)) {
		/* a truncated copy would convert the wrong name */
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%.32s...): names longer than %d characters are not supported"),
		     tstr(f, u->a1), (int)sizeof(name) - 1);
		goto out;
	}
	tcopy(f, u->a1, name, sizeof(name));

	/* inside a #define? */
	if (f->toks[mp].dir) {
		size_t k;

		for (k = 0; k < ctx->nmacro; k++) {
			const struct macro *m = &ctx->macros[k];

			if (m->file == f->idx && m->bstart <= mp && mp < m->bend) {
				wrap = m;
				break;
			}
		}
		if (wrap && names_module_param(f, wrap->name)) {
			/* "#ifndef module_param" shims, for kernels before 2.6 */
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): it defines %.*s() for kernels that lack it; remove that fallback"),
			     name, (int)tlen(f, wrap->name), tstr(f, wrap->name));
			goto out;
		}
		if (!wrap || !wrap->func || !is_param_of(f, wrap, u->a1)) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): used inside a macro definition whose parameters do not name the variable"), name);
			goto out;
		}
		/* declaration inside the macro body, before the use */
		{
			unsigned *idx = NULL;
			size_t n = 0, cap = 0, i;

			for (i = wrap->bstart; i < mp; i++) {
				GROW(idx, n, cap);
				idx[n++] = (unsigned)i;
				if (tp(f, i, ';')) {
					parse_stmt(f, idx, n, &body);
					n = 0;
				}
			}
			free(idx);
			for (i = 0; i < body.n; i++)
				if (teq(f, body.v[i].name, f, u->a1))
					dc = &body.v[i];
		}
		if (!dc && wrapper_call_decl(ctx, f, u, wrap, name, &dc, &via, via_var, kept) < 0)
			goto out;
	} else {
		if (f->toks[mp].depth > 0) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): used inside a function or initializer"), name);
			goto out;
		}
		dup = live_module_param(f, u, &other);
		if (dup != NO_TOK) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is already a parameter through %.*s() at line %u; remove this MODULE_PARM()"),
			     name, name, (int)tlen(f, dup), tstr(f, dup), f->toks[dup].line);
			goto out;
		}
		if (other != NO_TOK)
			diag(f, mp, MP_NOTE, D("'%s' also has %.*s() at line %u, never compiled with this use; keep one if the #if only served old kernels"),
			     name, (int)tlen(f, other), tstr(f, other), f->toks[other].line);
		alias = find_local_macro(ctx, f, u->a1);
		if (alias) {
			/*
			 * "#define name other": fine when other is a declared
			 * variable, or when name is declared after the #define,
			 * which renames the variable to other as well: 2.4's
			 * aztcd.c did that so that insmod took aztcd=.
			 */
			if (!alias->func && alias->bend == alias->bstart + 1 &&
			    f->toks[alias->bstart].kind == TK_IDENT) {
				dc = decl_in_file(ctx, f, alias->bstart, 1, mp);
				if (!dc) {
					const struct decl *renamed = decl_in_file(ctx, f, u->a1, 1, mp);

					if (renamed && renamed->name > alias->name)
						dc = renamed;
				}
			}
			if (!dc) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a macro; name the variable itself"), name, name);
				goto out;
			}
			diag(f, mp, MP_NOTE, D("'%s' is a macro for '%s': the parameter keeps the expanded name, as before"),
			     name, tcopy(f, alias->bstart, aname, sizeof(aname)));
		}
		if (!dc) {
			const struct decl *twin;
			char desc[80], desc2[80];

			dc = decl_in_branch(ctx, f, u->a1, mp, 0, &twin);
			if (!dc && (dc = decl_in_branch(ctx, f, u->a1, mp, 1, &twin)))
				move = 1;
			if (twin) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is declared %s at line %u and %s at line %u, under #if branches that can each be compiled with this use, and no one module_param type fits both"),
				     name, name, decl_desc(dc, desc, sizeof(desc)), dc->line,
				     decl_desc(twin, desc2, sizeof(desc2)), twin->line);
				goto out;
			}
		}
		/* none can be compiled with the use: the first, as ever */
		if (!dc)
			dc = decl_in_file(ctx, f, u->a1, 1, mp);
		if (!dc) {
			dc = decl_in_file(ctx, f, u->a1, 0, 0);
			if (dc)
				move = 1;
		}
		if (!dc) {
			/* declared under another name that a macro maps onto this one */
			size_t k;

			for (k = 0; k < ctx->nmacro && !dc; k++) {
				const struct macro *m = &ctx->macros[k];

				if (m->file != f->idx || m->func || m->bend != m->bstart + 1 ||
				    !teq(f, m->bstart, f, u->a1))
					continue;
				dc = decl_in_file(ctx, f, m->name, 1, mp);
				if (!dc && (dc = decl_in_file(ctx, f, m->name, 0, 0)))
					move = 1;
				if (dc)
					diag(f, mp, MP_NOTE, D("'%s' is declared as '%s', which a macro renames to '%s'"),
					     name, tcopy(f, m->name, aname, sizeof(aname)), name);
			}
		}
		/* declared in a given header that this file includes first */
		if (!dc)
			dc = decl_in_included(ctx, f, name, strlen(name), mp);
		if (!dc) {
			/*
			 * Declared in another file: an extern declaration here
			 * reaches it, unless every such declaration is static.
			 */
			int k = hget(&ctx->decl_map, name, strlen(name)), first = k;

			while (k >= 0 && ctx->decls[k].is_static)
				k = ctx->decls[k].next;
			/*
			 * The extern declaration may be in a header that was not
			 * given.  A static elsewhere is a different variable: say so.
			 */
			if (k >= 0 && warn_missing_include(f, mp, name))
				goto out;
			if (k >= 0) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file (%s has one); add an extern declaration before the use"),
				     name, name, ctx->files[ctx->decls[k].file]->path);
				goto out;
			}
			if (first >= 0) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' has no declaration in this file, and the one in %s is static"),
				     name, name, ctx->files[ctx->decls[first].file]->path);
				goto out;
			}
		}
		/*
		 * An array declared with [] (here, after the use, or extern in
		 * a header) has no size for module_param_array() to take
		 * unless a later declaration in this file completes it.
		 */
		if (dc && decl_unsized(dc)) {
			int k = hget(&ctx->decl_map, name, strlen(name));

			dc = NULL;
			for (; k >= 0; k = ctx->decls[k].next) {
				const struct decl *d = &ctx->decls[k];

				if (d->file == f->idx && d->end > mp &&
				    (d->dim_s != d->dim_e || d->has_init) &&
				    (!dc || d->end < dc->end))
					dc = d;
			}
			if (!dc) {
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is an array of unknown size here"), name, name);
				goto out;
			}
			move = 1;
		}
	}

	resolved = !eval_type(ctx, f, u->a2s, u->a2e, &ts, 0, wrap);
	if (resolved) {
		/* messages show unknown numbers as '?' */
		struct ptype tmp;

		if (!parse_type(ts.s, &tmp)) {
			strcpy(shown, ts.s);
			for (char *q = shown; *q; q++)
				if (*q == '#')
					*q = '?';
		}
	}
	if (resolved && parse_type(ts.s, &pt)) {
		if (!strchr(ts.s, '#')) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): malformed type string \"%s\""), name, ts.s);
			goto out;
		}
		resolved = 0;
	}

	if (!dc) {
		/* no declaration: fall back to the letter when the name is in use */
		size_t i;
		int seen = 0;

		if (!wrap) {
			for (i = 0; i < mp; i++) {
				const struct mp_tok *t = &f->toks[i];

				if (t->kind == TK_IDENT && !t->dir && t->depth == 0 &&
				    !(t->flags & TF_MPARG) && teq(f, (unsigned)i, f, u->a1)) {
					seen = 1;
					break;
				}
			}
		}
		if (!wrap && !seen) {
			if (warn_missing_include(f, mp, name))
				goto out;
			if (name_used(ctx, name))
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no declaration of '%s' found in the given files"), name, name);
			else
				diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is not declared anywhere (typo?)"), name, name);
			goto out;
		}
		if (!resolved) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): cannot resolve the type string and no declaration was found"), name);
			goto out;
		}
		if (pt.letter == 'c') {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" needs the declaration of '%s'"), name, shown, name);
			goto out;
		}
		memset(&fb, 0, sizeof(fb));
		fb.ct = pt.letter == 's' ? CT_CHAR : letter_ct(pt.letter);
		fb.ptr = pt.letter == 's';
		fb.ndims = pt.has_range || (pt.has_min && pt.min != 1);
		fallback = 1;
		dc = &fb;
	}

	snprintf(spec, sizeof(spec), "%s", dc->spec);
	/* module_param's type check takes no volatile, and dropping it is not safe */
	if (dc->is_volatile) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is volatile, which module_param's type check does not accept"), name, name);
		goto out;
	}
	/*
	 * The 2.4 loader wrote values without looking at const.  A const
	 * object's value could be folded by the compiler, so the parameter
	 * may never have worked; 2.6's conversions removed the const, and so
	 * does this, where removable_consts() says it is safe.
	 */
	if (dc->is_const) {
		n_obj_cut = removable_consts(ctx, f, dc, 0, obj_cut);
		if (!n_obj_cut) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is const; module_param needs a writable object"), name, name);
			goto out;
		}
	}
	/*
	 * Likewise it stored a string pointer into a const char *, while
	 * charp's type check needs char *.  The letter checks below refuse
	 * anything but "s".
	 */
	if (dc->const_pointee) {
		n_ptr_cut = removable_consts(ctx, f, dc, 1, ptr_cut);
		if (!n_ptr_cut) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' points to const data; charp needs 'char *'"), name, name);
			goto out;
		}
	}
	if (dc->ndims > 1 && !(resolved && pt.letter == 'c' && pt.has_min)) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is a multi-dimensional array"), name, name);
		goto out;
	}

	if (!resolved) {
		/* decide from the declaration alone */
		if (dc->ct == CT_CHAR && dc->ptr == 0) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): cannot resolve the type string for the char array '%s'"), name, name);
			goto out;
		}
		memset(&pt, 0, sizeof(pt));
		pt.letter = (dc->ct == CT_CHAR && dc->ptr == 1) ? 's' : 'i';
		pt.has_min = pt.has_range = dc->ndims == 1;
		pt.min = 1;
		pt.max = -1;
	}

	if (pt.letter == 'c') {
		if (pt.has_min) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" is an array of char buffers, which has no module_param form"), name, shown);
			goto out;
		}
		if (!(dc->ct == CT_CHAR || dc->ct == CT_BYTE || dc->ct == CT_SCHAR) || dc->ptr || dc->ndims != 1) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), name, shown, spec);
			goto out;
		}
		if (dc->ct != CT_CHAR) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): module_param_string needs a plain char array, not '%s'"), name, spec);
			goto out;
		}
		form = K_STRING;
	} else if (pt.letter == 's') {
		if (dc->ct != CT_CHAR || dc->ptr != 1) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), name, shown, spec);
			goto out;
		}
		ptype_name = "charp";
		form = dc->ndims ? K_ARRAY : K_SCALAR;
	} else {
		if (dc->ptr) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" does not match the declaration '%s'"), name, shown, spec);
			goto out;
		}
		ptype_name = ct_param[dc->ct];
		if (dc->ct == CT_CHAR) {
			ptype_name = "byte";
			diag(f, mp, MP_NOTE, D("'%s' is a plain char: converted to byte, which takes 0..255"), name);
		}
		if (!ptype_name) {
			diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): no module_param type for the declared type '%s'"), name, dc->spec[0] ? dc->spec : "?");
			goto out;
		}
		form = dc->ndims ? K_ARRAY : K_SCALAR;
	}

	if (form != K_STRING && !dc->ndims && pt.has_min && !pt.has_range && pt.min != 1) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): \"%s\" asks for exactly %ld values but '%s' is not an array"),
		     name, shown, pt.min, name);
		goto out;
	}

	if (form == K_STRING)
		snprintf(call, sizeof(call), "module_param_string(%s, %s, sizeof(%s), %s)", name, name, name, perm);
	else if (form == K_ARRAY)
		snprintf(call, sizeof(call), "module_param_array(%s, %s, NULL, %s)", name, ptype_name, perm);
	else
		snprintf(call, sizeof(call), "module_param(%s, %s, %s)", name, ptype_name, perm);

	/* __initdata is removed below, but only from this file's declarations */
	if (dc->initdata && dc->file != f->idx &&
	    ((ptype_name && !strcmp(ptype_name, "charp")) || strcmp(perm, "0"))) {
		diag(f, mp, MP_WARN_CANNOT, D("cannot convert MODULE_PARM(%s): '%s' is __initdata in %s, which would have to lose it"),
		     name, name, ctx->files[dc->file]->path);
		goto out;
	}

	diag(f, mp, MP_WARN_OBSOLETE, D("MODULE_PARM(%s) is obsolete: use %s"), name, call);

	/* notes */
	if (via)
		diag(f, mp, MP_NOTE, D("'%s' is a parameter of %.*s(): converted for the declaration of '%s' (%s), which its call at %s:%u passes"),
		     name, (int)tlen(f, wrap->name), tstr(f, wrap->name), via_var,
		     decl_desc(dc, aname, sizeof(aname)),
		     ctx->files[via->file]->path, via->line);
	if (fallback)
		diag(f, mp, MP_NOTE, D("declaration of '%s' not found: type '%s' taken from the letter '%c'"), name, ptype_name ? ptype_name : "?", pt.letter);
	if (!resolved)
		diag(f, mp, MP_NOTE, D("type string of '%s' not resolved: converted from its declaration '%s'"), name, spec);
	if (resolved && !fallback && strchr("bhil", pt.letter) &&
	    ct_size[letter_ct(pt.letter)] != ct_size[dc->ct])
		diag(f, mp, MP_NOTE, D("'%s' is declared '%s' but \"%s\" stored %s: latent bug, converted to the declared type"),
		     name, spec, shown, letter_desc(pt.letter));
	if (form == K_ARRAY && resolved && !pt.has_min && !fallback)
		diag(f, mp, MP_NOTE, D("\"%s\" took one value but '%s' is an array: it now takes up to the array size"), shown, name);
	if (form == K_ARRAY && resolved && pt.has_min && (pt.min > 1 || pt.min < 0))
		diag(f, mp, MP_NOTE, D("minimum count in \"%s\" is no longer enforced"), shown);
	if (form == K_ARRAY && resolved && pt.max_missing)
		diag(f, mp, MP_NOTE, D("\"%s\" has no maximum: the legacy loader rejected every value"), shown);
	if (form == K_SCALAR && resolved && pt.has_range && !fallback)
		diag(f, mp, MP_NOTE, D("\"%s\" on the non-array '%s' looked like a value range: the range is no longer checked"), shown, name);
	if (form == K_STRING && resolved && pt.len > 0 && !via && dc->dim_e == dc->dim_s + 1 &&
	    f == ctx->files[dc->file] && f->toks[dc->dim_s].kind == TK_NUM) {
		char dim[32];
		long dv = strtol(tcopy(f, dc->dim_s, dim, sizeof(dim)), NULL, 0);

		if (dv > 0 && pt.len > dv)
			diag(f, mp, MP_NOTE, D("\"%s\" allowed %ld bytes but '%s' holds %ld: latent overflow fixed"), shown, pt.len, name, dv);
	}

	/*
	 * __initdata is freed after init.  module_param() frees a charp value
	 * at unload and sysfs reads a visible value at any time: both would
	 * touch freed memory, so such a variable loses its __initdata.
	 */
	if (dc->initdata && ((ptype_name && !strcmp(ptype_name, "charp")) || strcmp(perm, "0"))) {
		cut_token(f, dc->initdata - 1);
		if (strcmp(perm, "0"))
			diag(f, mp, MP_NOTE, D("'%s' was __initdata: removed, since its sysfs file (mode %s) can be read after init memory is freed"), name, perm);
		else
			diag(f, mp, MP_NOTE, D("'%s' was __initdata: removed, since module_param() frees a charp value at unload, after init memory is freed"), name);
	}

	for (i = 0; i < n_obj_cut; i++)
		cut_token(f, obj_cut[i]);
	if (n_obj_cut)
		diag(f, mp, MP_NOTE, D("'%s' was const: 'const' removed from %s, since the value is set at load and a const could be folded into the code"),
		     name, n_obj_cut > 1 ? "its declarations" : "its declaration");
	for (i = 0; i < n_ptr_cut; i++)
		cut_token(f, ptr_cut[i]);
	if (n_ptr_cut)
		diag(f, mp, MP_NOTE, D("'%s' pointed to const data: 'const' removed from %s, since charp stores a 'char *'"),
		     name, n_ptr_cut > 1 ? "its declarations" : "its declaration");

	/* edits */
	if (!move) {
		add_edit(f, f->toks[mp].start, f->toks[u->rp].end, call);
	} else {
		size_t s = f->toks[mp].start, e, ins, eol;
		unsigned endt = u->semi >= 0 ? (unsigned)u->semi : u->rp;
		char text[sizeof(call) + 4];
		const char *nl;

		e = f->toks[endt].end;
		/* whole line? */
		{
			size_t b = s;

			while (b > 0 && (f->data[b - 1] == ' ' || f->data[b - 1] == '\t'))
				b--;
			if ((b == 0 || f->data[b - 1] == '\n') && line_end_clear(f, e, &eol, 0)) {
				s = b;
				e = eol;
			} else {
				while (e < f->len && (f->data[e] == ' ' || f->data[e] == '\t'))
					e++;
			}
		}
		add_edit(f, s, e, "");
		ins = f->toks[dc->end].end;
		nl = eol_of(f, ins);
		if (line_end_clear(f, ins, &eol, 1) && eol > ins && f->data[eol - 1] == '\n') {
			snprintf(text, sizeof(text), "%s;%s", call, nl);
			add_edit(f, eol, eol, text);
		} else if (line_end_clear(f, ins, &eol, 1)) {
			/* declaration on the last line without a newline */
			snprintf(text, sizeof(text), "%s%s;", nl, call);
			add_edit(f, eol, eol, text);
		} else {
			snprintf(text, sizeof(text), " %s;", call);
			add_edit(f, ins, ins, text);
		}
		diag(f, mp, MP_NOTE, D("'%s' is declared after its MODULE_PARM: module_param placed after the declaration at line %u"),
		     name, f->toks[dc->name].line);
	}
	f->nconverted++;
	free(body.v);
	return;
out:
	/* refused after the calls were looked at: they keep MODULE_PARM() */
	if (via)
		note_calls_kept(f, mp, wrap, kept);
	free(body.v);
}

static void scan_file(struct mp_ctx *ctx, struct mp_file *f)
{
	unsigned *params = NULL;
	struct cond_chain **chains;
	size_t i, nparams = 0, cap = 0;

	for (i = 0; i < f->ntok; i++) {
		if (is_module_param(f, i)) {
			GROW(params, nparams, cap);
			params[nparams++] = (unsigned)i;
		}
	}
	chains = xrealloc(NULL, (nparams + 1) * sizeof(*chains));
	memset(chains, 0, (nparams + 1) * sizeof(*chains));
	for (i = 0; i + 1 < f->ntok; i++) {
		struct use u;
		size_t r, k, commas = 0, depth = 0;
		int stray = 0;

		if (!tis(f, i, "MODULE_PARM") || !tp(f, i + 1, '('))
			continue;
		if (f->toks[i + 1].dir != f->toks[i].dir)
			continue;
		if (i >= 1 && tis(f, i - 1, "define") && f->toks[i - 1].dir == f->toks[i].dir)
			continue;
		f->nuses++;
		memset(&u, 0, sizeof(u));
		u.mp = (unsigned)i;
		u.lp = (unsigned)(i + 1);
		u.semi = -1;
		u.params = params;
		u.chains = chains;
		u.nparams = nparams;
		r = match(f, i + 1, f->ntok);
		if (r >= f->ntok) {
			diag(f, (unsigned)i, MP_WARN_CANNOT, D("cannot convert MODULE_PARM: cannot parse the arguments"));
			continue;
		}
		u.rp = (unsigned)r;
		for (k = i + 2; k < r; k++) {
			if (tp(f, k, '(') || tp(f, k, '[') || tp(f, k, '{')) {
				depth++;
			} else if (tp(f, k, ')') || tp(f, k, ']') || tp(f, k, '}')) {
				if (depth)
					depth--;
				else
					stray = 1;
			} else if (tp(f, k, ',') && !depth) {
				commas++;
				u.a2s = (unsigned)(k + 1);
			}
		}
		u.a2e = (unsigned)r;
		u.a1 = (unsigned)(i + 2);
		/* a closer that opens nothing here belongs to the code around */
		if (commas != 1 || stray || f->toks[u.a1].kind != TK_IDENT || !tp(f, u.a1 + 1, ',') ||
		    u.a2s >= u.a2e) {
			diag(f, (unsigned)i, MP_WARN_CANNOT, D("cannot convert MODULE_PARM: cannot parse the arguments"));
			continue;
		}
		if (tp(f, r + 1, ';') && f->toks[r + 1].dir == f->toks[i].dir)
			u.semi = (int)(r + 1);
		convert_use(ctx, f, &u);
		i = r;
	}
	for (i = 0; i < nparams; i++)
		free(chains[i]);
	free(chains);
	free(params);
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

static int cmp_diag(const void *a, const void *b)
{
	const struct mp_diag *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if ((x->kind == MP_NOTE) != (y->kind == MP_NOTE))
		return x->kind == MP_NOTE ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * When deletions remove everything but whitespace from a line, remove the
 * whole line instead of leaving a blank one behind.
 */
static void tidy_deletions(struct mp_file *f)
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

static void apply_edits(struct mp_file *f)
{
	size_t i, pos = 0, n = 0, cap = f->len + 64;
	char *out;

	/* most files of a tree have nothing to convert: keep no copy of them */
	if (!f->nedit)
		return;
	qsort(f->edits, f->nedit, sizeof(*f->edits), cmp_edit);
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
	n += f->len - pos;
	f->changed = n != f->len || memcmp(out, f->data, n);
	if (!f->changed) {
		free(out);
		return;
	}
	f->out = out;
	f->outlen = n;
}

/* ------------------------------------------------------------------ */
/* context                                                             */

struct mp_ctx *mp_new(const struct mp_options *opt)
{
	struct mp_ctx *ctx = calloc(1, sizeof(*ctx));

	if (!ctx)
		exit(2);
	ctx->opt = *opt;
	if (!ctx->opt.perm)
		ctx->opt.perm = "0";
	return ctx;
}

struct mp_file *mp_add(struct mp_ctx *ctx, const char *path, char *data, size_t len)
{
	struct mp_file *f = calloc(1, sizeof(*f));

	if (!f)
		exit(2);
	f->path = xstrndup(path, strlen(path));
	f->data = data;
	f->len = len;
	f->idx = (int)ctx->nfiles;
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

/* Copy the bodies of f's macros [first, nmacro) out of its tokens. */
static void keep_bodies(struct mp_ctx *ctx, struct mp_file *f, size_t first)
{
	struct mp_file *kb = calloc(1, sizeof(*kb));
	size_t i;

	if (!kb)
		exit(2);
	kb->path = f->path;
	kb->data = f->data;
	kb->len = f->len;
	kb->idx = f->idx;
	for (i = first; i < ctx->nmacro; i++) {
		struct macro *m = &ctx->macros[i];
		unsigned k;

		m->kept = (unsigned)kb->ntok;
		/*
		 * Only type strings and counts are read from another file's
		 * macros, and only object-like ones can stand for those.  A
		 * kernel tree has millions of function-like bodies; a wrapper's
		 * is read while its own file is being scanned.
		 */
		if (m->func)
			continue;
		for (k = m->bstart; k < m->bend; k++) {
			GROW(kb->toks, kb->ntok, kb->tokcap);
			kb->toks[kb->ntok++] = f->toks[k];
		}
	}
	f->kept_bodies = kb;
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
}

/* Note the names of the function-like macros of f whose body uses MODULE_PARM(). */
static void mark_wrappers(struct mp_ctx *ctx, const struct mp_file *f, size_t first)
{
	size_t i;
	unsigned k;

	for (i = first; i < ctx->nmacro; i++) {
		const struct macro *m = &ctx->macros[i];

		if (!m->func)
			continue;
		for (k = m->bstart; k < m->bend; k++) {
			if (tis(f, k, "MODULE_PARM")) {
				hslot(&ctx->wrapper_map, tstr(f, m->name), tlen(f, m->name))->val = 1;
				break;
			}
		}
	}
}

/* Whether f may call any of the macros mark_wrappers() noted. */
static int mentions_wrapper(const struct mp_ctx *ctx, const struct mp_file *f)
{
	size_t i;

	for (i = 0; i < ctx->wrapper_map.cap; i++) {
		const struct hent *e = &ctx->wrapper_map.e[i];

		if (e->k && filter_has(ctx, (size_t)f->idx, hhash(e->k, e->klen)))
			return 1;
	}
	return 0;
}

/*
 * For each plain-name argument of f's calls from calls[c0] on, the
 * MODULE_PARM() or module_param*() of f, among pnames[p0] on, that makes
 * the name a parameter and can be compiled with the call: converting the
 * macro would then define the parameter twice.  One in another branch of
 * an #if, as compatibility code for 2.4 and 2.6 had, is no clash.
 */
static void mark_clashes(struct mp_ctx *ctx, const struct mp_file *f,
			 size_t c0, size_t p0)
{
	struct cond_chain **chains, here;
	size_t ci, np = ctx->npname - p0;

	if (!np)
		return;
	chains = xrealloc(NULL, np * sizeof(*chains));
	memset(chains, 0, np * sizeof(*chains));
	for (ci = c0; ci < ctx->ncall; ci++) {
		const struct mcall *c = &ctx->calls[ci];
		int have_here = 0;
		unsigned ai;

		for (ai = 0; ai < c->nargs; ai++) {
			struct mcall_arg *a = &ctx->call_args[c->arg0 + ai];
			int k;

			if (a->tok == NO_TOK)
				continue;
			/* newest first: f's own entries come before other files' */
			for (k = hget(&ctx->pname_map, f->data + a->start, a->len);
			     k >= (int)p0; k = ctx->pnames[k].next) {
				struct cond_chain **pc = &chains[k - p0];

				if (!have_here) {
					cond_chain_at(f, c->tok, &here);
					have_here = 1;
				}
				if (!*pc) {
					*pc = xrealloc(NULL, sizeof(**pc));
					cond_chain_at(f, ctx->pnames[k].tok, *pc);
				}
				if (same_branch(&here, *pc)) {
					a->clash = k;
					break;
				}
			}
		}
	}
	for (ci = 0; ci < np; ci++)
		free(chains[ci]);
	free(chains);
}

/*
 * For each argument of f's calls from c0 on that names a variable: its
 * declaration in f before the call, from a branch of any #if that can be
 * compiled with the call.  One under another branch is not the variable
 * the call passes, and taking it would let a conversion elsewhere (one
 * that drops its const) change this call's fate in a second pass.
 */
static void mark_arg_decls(struct mp_ctx *ctx, const struct mp_file *f, size_t c0)
{
	size_t ci;

	for (ci = c0; ci < ctx->ncall; ci++) {
		const struct mcall *c = &ctx->calls[ci];
		unsigned ai;

		for (ai = 0; ai < c->nargs; ai++) {
			struct mcall_arg *a = &ctx->call_args[c->arg0 + ai];
			const struct decl *d, *twin;

			if (a->tok == NO_TOK)
				continue;
			d = decl_in_branch(ctx, f, a->tok, c->tok, 0, &twin);
			if (twin)
				a->twin = (int)(twin - ctx->decls);
			if (d)
				a->decl = (int)(d - ctx->decls);
			else if (decl_in_file(ctx, f, a->tok, 1, c->tok))
				a->decl = ARG_DECL_OTHER_BRANCH;
		}
	}
}

/* Record each call in f of a macro that mark_wrappers() noted, with its arguments. */
static void collect_calls(struct mp_ctx *ctx, struct mp_file *f)
{
	size_t i, k, c0 = ctx->ncall, p0 = ctx->npname;

	for (i = 0; i + 1 < f->ntok; i++) {
		const struct mp_tok *t = &f->toks[i];
		struct mcall c;
		size_t r, s, depth = 0;

		if ((is_module_param(f, i) || (!t->dir && tis(f, i, "MODULE_PARM") && tp(f, i + 1, '('))) &&
		    i + 2 < f->ntok && f->toks[i + 2].kind == TK_IDENT) {
			struct hent *e = hslot(&ctx->pname_map, tstr(f, (unsigned)i + 2), tlen(f, (unsigned)i + 2));
			struct pname pn = { (unsigned)i, t->line, t->start, tlen(f, (unsigned)i), e->val };

			e->val = (int)ctx->npname;
			GROW(ctx->pnames, ctx->npname, ctx->pnamecap);
			ctx->pnames[ctx->npname++] = pn;
			continue;
		}
		if (t->kind != TK_IDENT || !tp(f, i + 1, '(') || f->toks[i + 1].dir != t->dir ||
		    hget(&ctx->wrapper_map, tstr(f, (unsigned)i), tlen(f, (unsigned)i)) < 0)
			continue;
		/* the macro's own #define, or defined(NAME) */
		if (t->dir && i > 0 && f->toks[i - 1].dir == t->dir &&
		    (tis(f, i - 1, "define") || tis(f, i - 1, "defined")))
			continue;
		r = match(f, i + 1, f->ntok);
		if (r >= f->ntok)
			continue;
		memset(&c, 0, sizeof(c));
		c.file = f->idx;
		c.tok = (unsigned)i;
		c.line = t->line;
		c.in_macro = t->dir != 0;
		c.in_braces = t->depth > 0;
		c.arg0 = (unsigned)ctx->ncarg;
		for (k = s = i + 2; k <= r; k++) {
			if (k < r && (tp(f, k, '(') || tp(f, k, '[') || tp(f, k, '{'))) {
				depth++;
			} else if (k < r && (tp(f, k, ')') || tp(f, k, ']') || tp(f, k, '}'))) {
				if (depth)
					depth--;
			} else if (k == r || (tp(f, k, ',') && !depth)) {
				struct mcall_arg *a;

				GROW(ctx->call_args, ctx->ncarg, ctx->cargcap);
				a = &ctx->call_args[ctx->ncarg++];
				a->tok = k == s + 1 && f->toks[s].kind == TK_IDENT ? (unsigned)s : NO_TOK;
				a->start = a->tok != NO_TOK ? f->toks[s].start : 0;
				a->len = a->tok != NO_TOK ? tlen(f, (unsigned)s) : 0;
				a->clash = -1;
				a->decl = ARG_DECL_NONE;
				a->twin = -1;
				c.nargs++;
				s = k + 1;
			}
		}
		{
			struct hent *e = hslot(&ctx->call_map, tstr(f, (unsigned)i), tlen(f, (unsigned)i));

			c.next = e->val;
			e->val = (int)ctx->ncall;
		}
		GROW(ctx->calls, ctx->ncall, ctx->callcap);
		ctx->calls[ctx->ncall++] = c;
	}
	mark_clashes(ctx, f, c0, p0);
	mark_arg_decls(ctx, f, c0);
}

/*
 * Two passes, so that only one file's tokens are in memory at a time:
 * the first collects every file's macros and declarations, the second
 * lexes each file again to convert it.
 */
void mp_run(struct mp_ctx *ctx)
{
	size_t i;
	struct declvec dv = { NULL, 0, 0 };

	/*
	 * name_used()'s filters: a bit for every two bytes of a file (a
	 * power of 2, 512 to 65536 bits) lets about one file in a hundred
	 * through for a name it does not use.
	 */
	ctx->names_at = calloc(ctx->nfiles + 1, sizeof(*ctx->names_at));
	if (!ctx->names_at)
		exit(2);
	for (i = 0; i < ctx->nfiles; i++) {
		size_t nbits = 512;

		while (nbits < 65536 && nbits < ctx->files[i]->len / 2)
			nbits *= 2;
		ctx->names_at[i + 1] = ctx->names_at[i] + nbits / 64;
	}
	ctx->names = calloc(ctx->names_at[ctx->nfiles] + 1, sizeof(*ctx->names));
	if (!ctx->names)
		exit(2);
	/* for #include "...": which given file each normalised path is */
	ctx->norm_paths = calloc(ctx->nfiles + 1, sizeof(*ctx->norm_paths));
	if (!ctx->norm_paths)
		exit(2);
	for (i = 0; i < ctx->nfiles; i++) {
		const char *path = ctx->files[i]->path;
		char norm[4096];
		struct hent *e;

		norm_path(path, strlen(path), norm, sizeof(norm));
		if (!norm[0])
			continue;
		ctx->norm_paths[i] = strdup(norm);
		if (!ctx->norm_paths[i])
			exit(2);
		e = hslot(&ctx->path_map, ctx->norm_paths[i], strlen(norm));
		if (!e->k || e->val < 0)
			e->val = (int)i;
	}
	for (i = 0; i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];
		size_t first_decl = dv.n, first_macro = ctx->nmacro, k;

		lex_file(ctx, f);
		collect_includes(ctx, f);
		collect_macros(ctx, f);
		collect_decls(f, &dv);
		for (k = first_decl; k < dv.n; k++) {
			dv.v[k].key = tstr(f, dv.v[k].name);
			dv.v[k].klen = tlen(f, dv.v[k].name);
		}
		mark_mp_args(ctx, f, 1);
		mark_wrappers(ctx, f, first_macro);
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
		e->val = (int)i;
	}
	/* the calls of macros that wrap MODULE_PARM(), in every file */
	for (i = 0; ctx->wrapper_map.n && i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];

		if (!mentions_wrapper(ctx, f))
			continue;
		lex_file(ctx, f);
		collect_calls(ctx, f);
		drop_tokens(ctx, f);
	}
	for (i = 0; i < ctx->nfiles; i++) {
		struct mp_file *f = ctx->files[i];

		lex_file(ctx, f);
		mark_mp_args(ctx, f, 0);
		scan_file(ctx, f);
		tidy_deletions(f);
		apply_edits(f);
		drop_tokens(ctx, f);
		if (f->ndiag)
			qsort(f->diags, f->ndiag, sizeof(*f->diags), cmp_diag);
	}
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
	if (ctx->norm_paths)
		for (i = 0; i < ctx->nfiles; i++)
			free(ctx->norm_paths[i]);
	free(ctx->norm_paths);
	free(ctx->visited);
	free(ctx->path_map.e);
	free(ctx->files);
	free(ctx->macros);
	free(ctx->decls);
	free(ctx->macro_map.e);
	free(ctx->decl_map.e);
	free(ctx->names);
	free(ctx->names_at);
	free(ctx->spare.toks);
	free(ctx->spare.dirs);
	free(ctx->calls);
	free(ctx->call_args);
	for (i = 0; i < ctx->used_map.cap; i++)
		free((char *)ctx->used_map.e[i].k);
	free(ctx->used_map.e);
	free(ctx->wrapper_map.e);
	free(ctx->call_map.e);
	free(ctx->pnames);
	free(ctx->pname_map.e);
	free(ctx);
}

/* ------------------------------------------------------------------ */
/* report and diff                                                     */

void mp_write_report(const struct mp_file *f, FILE *out, int only_cannot)
{
	size_t i;

	for (i = 0; i < f->ndiag; i++) {
		const struct mp_diag *d = &f->diags[i];

		if (only_cannot && d->kind != MP_WARN_CANNOT)
			continue;
		fprintf(out, "%s:%u:%u: %s: %s\n", f->path, d->line, d->col,
			d->kind == MP_NOTE ? "note" : "warning", d->msg);
	}
}

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

/* ------------------------------------------------------------------ */
/* standalone checks                                                   */

int mp_check_syntax(const char *data, size_t len, char *why, size_t whysz)
{
	struct mp_file f;
	long par = 0, brk = 0, brc = 0;
	const struct mp_tok *bad = NULL, *opener = NULL, **open;
	size_t i, depth = 0;
	int ret = 0;

	memset(&f, 0, sizeof(f));
	f.data = (char *)data;
	f.len = len;
	lex(&f);
	/* equal counts are not enough: "])[" and "[(])" add up but nest wrong */
	open = xrealloc(NULL, (f.ntok + 1) * sizeof(*open));
	for (i = 0; i < f.ntok; i++) {
		const struct mp_tok *t = &f.toks[i];
		char want;

		if (t->dir || t->kind != TK_PUNCT)
			continue;
		switch (t->c) {
		case '(': par++; break;
		case ')': par--; break;
		case '[': brk++; break;
		case ']': brk--; break;
		case '{': brc++; break;
		case '}': brc--; break;
		default: continue;
		}
		if (bad)
			continue;
		if (t->c == '(' || t->c == '[' || t->c == '{') {
			open[depth++] = t;
			continue;
		}
		want = t->c == ')' ? '(' : t->c == ']' ? '[' : '{';
		if (!depth)
			bad = t;
		else if (open[--depth]->c != want)
			bad = t, opener = open[depth];
	}
	if (f.lex_bad & 1) {
		snprintf(why, whysz, "unterminated comment");
		ret = 1;
	} else if (bad && opener) {
		snprintf(why, whysz, "unbalanced: '%c' at line %u, column %u closes the '%c' of line %u, column %u",
			 bad->c, bad->line, bad->col, opener->c, opener->line, opener->col);
		ret = 1;
	} else if (bad) {
		snprintf(why, whysz, "unbalanced: '%c' at line %u, column %u closes nothing",
			 bad->c, bad->line, bad->col);
		ret = 1;
	} else if (par || brk || brc) {
		snprintf(why, whysz, "unbalanced: parentheses %+ld, brackets %+ld, braces %+ld", par, brk, brc);
		ret = 1;
	} else {
		snprintf(why, whysz, "ok");
	}
	free(open);
	free(f.toks);
	free(f.dirs);
	return ret;
}

unsigned mp_count_uses(const char *data, size_t len)
{
	struct mp_file f;
	size_t i;
	unsigned n = 0;

	memset(&f, 0, sizeof(f));
	f.data = (char *)data;
	f.len = len;
	lex(&f);
	for (i = 0; i + 1 < f.ntok; i++)
		if (tis(&f, i, "MODULE_PARM") && tp(&f, i + 1, '(') &&
		    !(i >= 1 && tis(&f, i - 1, "define")))
			n++;
	free(f.toks);
	free(f.dirs);
	return n;
}
