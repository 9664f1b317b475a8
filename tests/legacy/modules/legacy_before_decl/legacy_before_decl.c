// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_before_decl.c - MODULE_PARM() written before the variable's
 * declaration, as in about one 2.4 driver in ten: the 2.4 loader looked
 * variables up by name, so the order did not matter.  None of these
 * variables is written or has its address taken in C, so a compiler
 * that did not know the loader writes them could fold their initial
 * values into the code; init prints what they hold.
 */
#include <linux/module.h>
#include <linux/init.h>

MODULE_PARM(irq, "i");
MODULE_PARM_DESC(irq, "IRQ line");
MODULE_PARM(ports, "1-4h");
MODULE_PARM(tag, "c8");
MODULE_PARM(mode, "s");
MODULE_PARM(early, "i");

static int irq = 5;
static short ports[4] = { 0x300, 0x310, 0x320, 0x330 };
static char tag[8] = "none";
static char *mode = "auto";
static int early __initdata = 1;

static int __init legacy_before_decl_init(void)
{
	pr_info("legacy_before_decl: irq=%d ports=%d,%d,%d,%d tag=%s mode=%s early=%d\n",
		irq, ports[0], ports[1], ports[2], ports[3], tag, mode, early);
	return 0;
}

static void __exit legacy_before_decl_exit(void)
{
	pr_info("legacy_before_decl: exit irq=%d ports[3]=%d\n", irq, ports[3]);
}

module_init(legacy_before_decl_init);
module_exit(legacy_before_decl_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() before the variable's declaration");
MODULE_LICENSE("GPL");
