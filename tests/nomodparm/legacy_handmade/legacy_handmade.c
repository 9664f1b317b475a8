// SPDX-License-Identifier: GPL-2.0
/*
 * A module that carries a Linux 2.6.0-2.6.16 obsolete-parameter record, laid
 * out by hand in a "__obsparm" section the way MODULE_PARM() of those
 * kernels wrote it.  The series does not use that section: a
 * CONFIG_OBSOLETE_MODPARM=n kernel treats it as stock 6.12 does, it warns
 * "Ignoring obsolete parameters" and loads the module, without a parameter.
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
	pr_info("%s: irq=%d\n", KBUILD_MODNAME, irq);
	return 0;
}
module_init(legacy_handmade_init);

static void __exit legacy_handmade_exit(void)
{
}
module_exit(legacy_handmade_exit);

MODULE_DESCRIPTION("modparm test: a hand-made 2.6.16 obsolete parameter record");
MODULE_LICENSE("GPL");
