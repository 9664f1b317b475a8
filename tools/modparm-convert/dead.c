// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: dead parameters.  A MODULE_PARM() whose variable
 * nothing in the module declares, or even names, never set anything:
 * 2.4's insmod found no symbol for it, and 2.6 refused to load a module
 * that "falsely claims to have parameter" it.  It is reported with a
 * warning of its own, or with --delete-dead deleted together with the
 * MODULE_PARM_DESC() of its name.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <string.h>

#include "convert.h"
#include "diag.h"
#include "edit.h"
#include "lex.h"

/* Whether an edit of f already starts at offset s: the statement is going. */
static bool edited_at(const struct mp_file *f, size_t s)
{
	size_t i;

	for (i = 0; i < f->nedit; i++)
		if (f->edits[i].start == s)
			return true;
	return false;
}

/*
 * The MODULE_PARM_DESC(name, ...) statement of f outside any directive:
 * its first token, and its last in *last; or NONE.
 */
static unsigned find_desc(const struct mp_file *f, const char *name, unsigned *last)
{
	size_t n = strlen(name), i, rp;

	for (i = 0; i + 3 < f->ntok; i++) {
		if (!tis(f, i, "MODULE_PARM_DESC") || f->toks[i].dir || !tp(f, i + 1, '(') ||
		    f->toks[i + 2].kind != TK_IDENT || tlen(f, (unsigned)i + 2) != n ||
		    memcmp(tstr(f, (unsigned)i + 2), name, n) || !tp(f, i + 3, ','))
			continue;
		rp = match(f, i + 1, f->ntok);
		if (rp >= f->ntok)
			continue;
		*last = (unsigned)(tp(f, rp + 1, ';') ? rp + 1 : rp);
		return (unsigned)i;
	}
	return NONE;
}

void dead_param(struct conv *cv)
{
	struct mp_file *f = cv->f;
	const struct use *u = cv->u;
	unsigned desc, desc_end = NONE;

	if (!cv->ctx->opt.delete_dead || f->toks[u->mp].dir) {
		diag(f, cv->mp, MP_WARN_CANNOT, D("MODULE_PARM(%s) is a dead parameter: nothing in the module declares '%s', so it never set anything; delete it (--delete-dead) or correct the name"),
		     cv->name, cv->name);
		return;
	}
	delete_statement(f, u->mp, u->semi != NONE ? u->semi : u->rp);
	desc = find_desc(f, cv->name, &desc_end);
	if (desc != NONE && edited_at(f, f->toks[desc].start))
		desc = NONE;
	if (desc != NONE)
		delete_statement(f, desc, desc_end);
	diag(f, cv->mp, MP_WARN_OBSOLETE, D("MODULE_PARM(%s) is a dead parameter: nothing in the module declares '%s'; deleted%s"),
	     cv->name, cv->name, desc != NONE ? ", with its MODULE_PARM_DESC()" : "");
}
