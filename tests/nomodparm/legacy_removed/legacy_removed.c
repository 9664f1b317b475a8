// SPDX-License-Identifier: GPL-2.0
/*
 * A legacy driver, MODULE_PARM() and nothing else.  Against
 * CONFIG_OBSOLETE_MODPARM=n, as against a stock kernel, it does not build:
 * MODULE_PARM is not defined.  Built against =y it references
 * param_ops_obsolete, and an =n kernel refuses it for that unknown symbol.
 */
#include <linux/module.h>

static int irq = 5;
MODULE_PARM(irq, "i");

static int __init legacy_removed_init(void)
{
	pr_info("%s: irq=%d\n", KBUILD_MODNAME, irq);
	return 0;
}
module_init(legacy_removed_init);

static void __exit legacy_removed_exit(void)
{
}
module_exit(legacy_removed_exit);

MODULE_DESCRIPTION("modparm test: a MODULE_PARM() user");
MODULE_LICENSE("GPL");
