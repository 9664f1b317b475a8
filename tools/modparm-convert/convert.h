/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: the decision for each MODULE_PARM() use: convert it,
 * and how, or refuse it with a reason.  The steps share one struct conv.
 */
#ifndef MP_CONVERT_H
#define MP_CONVERT_H

#include <stdbool.h>

#include "ctx.h"
#include "cond.h"
#include "decl.h"
#include "scope.h"
#include "typestr.h"
#include "wrapper.h"

/* One MODULE_PARM(a1, a2s..a2e) use, found by scan_file(). */
struct use {
	unsigned mp, rp;	/* MODULE_PARM and the ")" that closes it */
	unsigned a1, a2s, a2e;
	unsigned semi;		/* the ';' after it, or NONE */
	/* the file's module_param*( tokens */
	const unsigned *params;
	size_t nparams;
	/* a wrapper's call: the type string its body gives, or NULL ... */
	const char *lit;
	size_t litlen;
	bool add_semi;		/* ... and whether the body gave the ';' too */
};

/* The longest variable name converted; a longer one is refused. */
#define NAME_MAX_LEN 127

enum form { FORM_SCALAR, FORM_ARRAY, FORM_STRING };

/* Where the module_param*() goes. */
enum placement {
	PLACE_AT_USE,		/* replaces the MODULE_PARM() */
	PLACE_AFTER_DECL,	/* after the declaration, which follows the use */
	PLACE_MODULE_SIDE,	/* after the #ifdef MODULE side's declaration */
	PLACE_OTHER_FILE,	/* after the declaration, a static of another file */
};

/* What the steps of converting one use find out, in the order they do. */
struct conv {
	struct mp_ctx *ctx;
	struct mp_file *f;
	const struct use *u;
	unsigned mp;			/* the MODULE_PARM token: diagnostics go there */
	char name[NAME_MAX_LEN + 1];	/* the variable */
	/* resolve_decl(): the declaration it converts for, or NULL */
	const struct macro *wrap;	/* the wrapper whose body has the use */
	const struct decl *dc;
	struct declvec body;		/* declarations in the wrapper's body */
	enum placement place;
	const struct decl *builtin;	/* PLACE_MODULE_SIDE: the other side's declaration ... */
	bool for_initdata;		/* ... placed there for its __initdata */
	size_t target_end;		/* PLACE_OTHER_FILE: where the declaration ends ... */
	size_t target_inc;		/* ... and where <linux/moduleparam.h> goes ... */
	bool target_needs_h;		/* ... if it is needed */
	const struct mcall *via;	/* the wrapper call dc was found for */
	char *via_var;			/* the variable that call passes */
	char kept[KEPT_MAX];		/* what the calls pass, for a refusal */
	/* read_type_string() */
	struct tstr ts;
	struct ptype pt;
	bool typestr_known;		/* ts evaluated and parsed */
	char shown[80];			/* ts for messages, '?' for unknown numbers */
	struct decl letter_decl;	/* dc when only the type letter says the type */
	bool from_letter;
	/* check_qualifiers(): tokens of const to remove */
	unsigned obj_cut[MAX_CONST_CUTS], ptr_cut[MAX_CONST_CUTS];
	size_t n_obj_cut, n_ptr_cut;
	/* retype_here(): size_t and ssize_t words to retype */
	unsigned retype[MAX_CONST_CUTS];
	size_t n_retype;
	/* choose_form() */
	enum form form;
	const char *ptype;		/* module_param type, NULL for a string */
	char *call;			/* the module_param*() call that replaces it */
};

bool resolve_decl(struct conv *cv);

bool names_module_param(const struct mp_file *f, unsigned i);
bool is_module_param(const struct mp_file *f, size_t i);
void convert_use(struct mp_ctx *ctx, struct mp_file *f, const struct use *u);
void dead_param(struct conv *cv);

#endif
