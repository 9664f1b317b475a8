/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: file-scope declarations of variables, as far as a
 * module parameter needs them: type, pointer, array, qualifiers.
 */
#ifndef MP_DECL_H
#define MP_DECL_H

#include <stdbool.h>

#include "ctx.h"

enum ctype {
	CT_UNKNOWN, CT_BYTE, CT_SHORT, CT_USHORT, CT_INT, CT_UINT, CT_LONG,
	CT_ULONG, CT_ULLONG, CT_LLONG, CT_BOOL, CT_CHAR, CT_SCHAR,
	CT_SIZE, CT_SSIZE	/* size_t and ssize_t: as wide as a long */
};

/* A variable's declaration: one declarator of a file-scope statement. */
struct decl {
	unsigned file;
	unsigned name;		/* token index */
	unsigned end;		/* token index of the terminating ';' */
	unsigned line;		/* of the name, for messages */
	enum ctype ct;
	int ptr, ndims;
	unsigned dim_s, dim_e;	/* tokens inside the first [] */
	unsigned char is_const, const_pointee, is_extern, is_static, has_init, is_volatile;
	unsigned initdata;	/* its __initdata token, or NONE */
	unsigned pointee_const;	/* the one const of a const char *, or NONE */
	unsigned obj_const;	/* the one const of a const object, or NONE */
	unsigned type_tok;	/* its typedef word (size_t, ...), or NONE */
	char *spec;		/* its type words and '*'s, for messages; its own */
	const char *key;	/* the name, in its file's data */
	unsigned klen;
	unsigned next;		/* in the chain of its name, or NONE */
};

/* A growing array of declarations. */
struct declvec {
	struct decl *v;
	size_t n, cap;
};

const char *ct_param_type(enum ctype ct);
int ct_bytes(enum ctype ct);
void parse_stmt(struct mp_file *f, const unsigned *idx, size_t n, struct declvec *out);
void collect_decls(struct mp_file *f, struct declvec *out);
bool same_var_type(const struct decl *a, const struct decl *b);
bool same_decl_type(const struct decl *a, const struct decl *b);
bool decl_unsized(const struct decl *d);
char *decl_desc(const struct decl *d);
void free_decls(struct decl *v, size_t n);

#endif
