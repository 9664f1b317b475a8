// SPDX-License-Identifier: GPL-2.0
/*
 * cm_main.c - one half of compat_multi, a module of two object files that
 * both use MODULE_PARM() with compat/modparm.h force-included into each:
 * both define the header's init_module(), weak, and the one the linker
 * keeps must see the parameters of both files and run this file's init.
 */
#include <linux/module.h>
#include <linux/init.h>

extern int cm_beta[2];	/* cm_more.c */

static int alpha = 1;
MODULE_PARM(alpha, "i");

static int __init compat_multi_init(void)
{
	pr_info("compat_multi: alpha=%d beta=%d,%d\n", alpha, cm_beta[0],
		cm_beta[1]);
	return 0;
}

static void __exit compat_multi_exit(void)
{
}

module_init(compat_multi_init);
module_exit(compat_multi_exit);

MODULE_DESCRIPTION("modparm compat test: MODULE_PARM() in two object files");
MODULE_LICENSE("GPL");
