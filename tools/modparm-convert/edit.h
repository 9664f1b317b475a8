/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: edits of a file's text, and the rewritten text they
 * make.
 */
#ifndef MP_EDIT_H
#define MP_EDIT_H

#include "ctx.h"

struct mp_edit {
	size_t start, end;
	unsigned seq;
	char *text;
};

void add_edit(struct mp_file *f, size_t s, size_t e, const char *text);
void cut_token(struct mp_file *f, unsigned t);
void replace_use(struct mp_file *f, unsigned first, unsigned last, unsigned semi,
		 const char *call);
void move_call(struct mp_file *f, unsigned first, unsigned last, unsigned after,
	       const char *call);
void move_call_to(struct mp_file *f, unsigned first, unsigned last, struct mp_file *to,
		  size_t ins, const char *call);
void delete_statement(struct mp_file *f, unsigned first, unsigned last);
void tidy_deletions(struct mp_file *f);
void apply_edits(struct mp_file *f);
const char *file_output(struct mp_file *f, size_t *len);

#endif
