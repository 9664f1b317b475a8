// SPDX-License-Identifier: GPL-2.0
/*
 * Compatibility shape (a): MODULE_PARM() where the kernel has it,
 * module_param() where it does not.  Against CONFIG_OBSOLETE_MODPARM=y the
 * MODULE_PARM() branch is taken (and warns); against =n, as against a stock
 * kernel, the module_param() branch, without a warning.
 */
#include <linux/module.h>

static int x = 5;
#ifdef MODULE_PARM
MODULE_PARM(x, "i");
#else
module_param(x, int, 0);
#endif

static int __init compat_ifdef_init(void)
{
	pr_info("%s: x=%d\n", KBUILD_MODNAME, x);
	return 0;
}
module_init(compat_ifdef_init);

static void __exit compat_ifdef_exit(void)
{
}
module_exit(compat_ifdef_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() if defined, else module_param()");
MODULE_LICENSE("GPL");
