// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_demo: a driver the way 2.4 wrote its parameters, with
 * MODULE_PARM().  It builds (with one warning per use) and loads on a
 * CONFIG_OBSOLETE_MODPARM kernel; modparm-convert turns it into
 * module_param() code.
 */
#include <linux/init.h>
#include <linux/module.h>

#define MAX_UNITS 4

static int io[MAX_UNITS] = { 0x280, 0x2a0 };
static int irq[MAX_UNITS] = { 5, 7 };
static int debug;
static char *mode = "auto";
static char ifname[16] = "eth0";

MODULE_PARM(io, "1-" __MODULE_STRING(MAX_UNITS) "i");
MODULE_PARM(irq, "1-" __MODULE_STRING(MAX_UNITS) "i");
MODULE_PARM(debug, "i");
MODULE_PARM(mode, "s");
MODULE_PARM(ifname, "c16");
MODULE_PARM_DESC(io, "I/O base address(es)");
MODULE_PARM_DESC(irq, "IRQ line(s)");
MODULE_PARM_DESC(debug, "Debug level (0-7)");
MODULE_PARM_DESC(mode, "Transceiver mode");
MODULE_PARM_DESC(ifname, "Interface name");

static int __init legacy_demo_init(void)
{
	pr_info("io=%#x,%#x irq=%d,%d debug=%d mode=%s ifname=%s\n",
		io[0], io[1], irq[0], irq[1], debug, mode, ifname);
	return 0;
}

static void __exit legacy_demo_exit(void)
{
}

module_init(legacy_demo_init);
module_exit(legacy_demo_exit);
MODULE_DESCRIPTION("modparm demo: a legacy MODULE_PARM() driver");
MODULE_LICENSE("GPL");
