// SPDX-License-Identifier: GPL-2.0
/*
 * oldisa.c - a driver as it was written for Linux 2.4: its options are
 * MODULE_PARM()s, and this file is left as it was.  Built against a stock
 * kernel, compat/modparm.h (copied here as modparm.h) is force-included
 * by the Kbuild file and gives MODULE_PARM() back.  It touches no
 * hardware: it prints its settings.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>

static int io = 0x300;
static int irq = 5;
static int options[4];
static char name[16] = "oldisa";
static char *mode = "auto";

MODULE_PARM(io, "i");
MODULE_PARM_DESC(io, "I/O base address");
MODULE_PARM(irq, "i");
MODULE_PARM_DESC(irq, "interrupt line");
MODULE_PARM(options, "1-4i");
MODULE_PARM_DESC(options, "per-port options (up to 4)");
MODULE_PARM(name, "c16");
MODULE_PARM_DESC(name, "board name");
MODULE_PARM(mode, "s");
MODULE_PARM_DESC(mode, "transceiver: auto, 10base2 or 10baseT");

static int __init oldisa_init(void)
{
	printk(KERN_INFO "oldisa: io=0x%x irq=%d options=%d,%d,%d,%d name=%s mode=%s\n",
	       io, irq, options[0], options[1], options[2], options[3],
	       name, mode ? mode : "(none)");
	return 0;
}

static void __exit oldisa_exit(void)
{
	printk(KERN_INFO "oldisa: unloaded\n");
}

module_init(oldisa_init);
module_exit(oldisa_exit);

MODULE_DESCRIPTION("a 2.4-era ISA driver, built with compat/modparm.h");
MODULE_LICENSE("GPL");
