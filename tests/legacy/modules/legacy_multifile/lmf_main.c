// SPDX-License-Identifier: GPL-2.0
/*
 * lmf_main.c - MODULE_PARM() on variables that another object file of
 * the module defines (lmf_hw.c), next to one of this file's own.  The
 * loader finds each variable in the module's final symbol table, where a
 * global from another object is as good as a static of this one.
 */
#include <linux/module.h>
#include <linux/init.h>
#include "lmf.h"

MODULE_PARM(lmf_debug, "i");
MODULE_PARM_DESC(lmf_debug, "debug level, defined in lmf_hw.c");
MODULE_PARM(lmf_base, "1-2l");
static char lmf_name[8] = "card";
MODULE_PARM(lmf_name, "c8");

static int __init legacy_multifile_init(void)
{
	lmf_report(lmf_name);
	return 0;
}

static void __exit legacy_multifile_exit(void)
{
}

module_init(legacy_multifile_init);
module_exit(legacy_multifile_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() on variables of another object file");
MODULE_LICENSE("GPL");
