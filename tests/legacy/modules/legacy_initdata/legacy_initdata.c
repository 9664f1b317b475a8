// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_initdata.c - parameters in __initdata, as many 2.4 drivers had
 * them (in 2.4, __initdata meant nothing in a module).  They are only
 * read by init, so they must take their values and load, and stay out
 * of sysfs, since their memory is freed after init.
 */
#include <linux/module.h>
#include <linux/init.h>

static int io __initdata = 0x300;
MODULE_PARM(io, "i");
static int irq[4] __initdata = { 5, 0, 0, 0 };
MODULE_PARM(irq, "1-4i");
static char *options __initdata;
MODULE_PARM(options, "s");
static char *names[2] __initdata;
MODULE_PARM(names, "1-2s");
static char label[16] __initdata = "none";
MODULE_PARM(label, "c16");

static int __init legacy_initdata_init(void)
{
	pr_info("legacy_initdata: io=%#x irq=%d,%d,%d,%d options=%s names=%s,%s label=%s\n",
		io, irq[0], irq[1], irq[2], irq[3],
		options ? options : "(null)",
		names[0] ? names[0] : "(null)", names[1] ? names[1] : "(null)",
		label);
	return 0;
}

static void __exit legacy_initdata_exit(void)
{
}

module_init(legacy_initdata_init);
module_exit(legacy_initdata_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() on __initdata variables");
MODULE_LICENSE("GPL");
