// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_const.c - a read-only table declared as a parameter, as some old
 * drivers did.  Writing it would fault: the loader must refuse.
 */
#include <linux/module.h>
#include <linux/init.h>

static const int x[4] = { 1, 2, 3, 4 };
MODULE_PARM(x, "1-4i");

static int __init legacy_const_init(void)
{
	pr_info("legacy_const: loaded, x=%d,%d,%d,%d\n", x[0], x[1], x[2], x[3]);
	return 0;
}

static void __exit legacy_const_exit(void)
{
}

module_init(legacy_const_init);
module_exit(legacy_const_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() on a const variable");
MODULE_LICENSE("GPL");
