// SPDX-License-Identifier: GPL-2.0
/*
 * Compatibility shape (b): a kernel without MODULE_PARM() gets an empty
 * one, and the parameter is dropped.  Against CONFIG_OBSOLETE_MODPARM=n, as
 * against a stock kernel, it builds without a warning and has no
 * parameter; against =y the real MODULE_PARM() is used (and warns).
 */
#include <linux/module.h>

#ifndef MODULE_PARM
#define MODULE_PARM(v, t)
#endif

static int x = 5;
MODULE_PARM(x, "i");

static int __init compat_ifndef_init(void)
{
	pr_info("%s: x=%d\n", KBUILD_MODNAME, x);
	return 0;
}
module_init(compat_ifndef_init);

static void __exit compat_ifndef_exit(void)
{
}
module_exit(compat_ifndef_exit);

MODULE_DESCRIPTION("modparm test: an empty MODULE_PARM() if it is not defined");
MODULE_LICENSE("GPL");
