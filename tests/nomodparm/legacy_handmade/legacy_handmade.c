// SPDX-License-Identifier: GPL-2.0
/*
 * A module that carries an obsolete-parameter record although
 * MODULE_PARM() no longer exists: the record is laid out by hand, the
 * way MODULE_PARM() of a CONFIG_OBSOLETE_MODPARM=y kernel writes it.  A
 * CONFIG_OBSOLETE_MODPARM=n kernel must refuse it, not ignore it.
 */
#include <linux/module.h>

struct handmade_obsparm {
	char name[64];
	char type[64 - sizeof(void *)];
	void *addr;
};

static int irq = 5;
static struct handmade_obsparm __obsparm_irq
	__used __section("__obsparm") __aligned(sizeof(void *)) = {
	.name = "irq",
	.type = "i",
	.addr = &irq,
};

static int __init legacy_handmade_init(void)
{
	pr_info("legacy_handmade: irq=%d\n", irq);
	return 0;
}
module_init(legacy_handmade_init);

MODULE_DESCRIPTION("modparm test: a hand-made obsolete parameter record");
MODULE_LICENSE("GPL");
