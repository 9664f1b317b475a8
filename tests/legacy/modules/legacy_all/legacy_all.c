// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_all.c - a make-believe ISA Ethernet driver written the way 2.4
 * drivers were: every option is a MODULE_PARM().  It exercises every type
 * letter (b, h, i, l, s, c<LEN>), scalars, exact counts, ranges, types
 * built from macros, a multi-line use and two uses on one line, next to
 * one new-style module_param().
 *
 * The init function prints every value so that tests/legacy/guest.sh can
 * compare them with sysfs.  The driver touches no hardware.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/stringify.h>

#define NUNITS		3	/* cards this driver can drive */
#define ALIAS_LEN	16	/* like IFNAMSIZ */

/* 0 = quiet ... 9 = chatty.  No MODULE_PARM_DESC on purpose. */
static int debug = 1;
MODULE_PARM(debug, "i");

static int io[4] = { 0x300, 0x320, 0x340, 0x360 };
static int irq[4] = { 5, 9, 10, 11 };
static short dma[3] = { 1, 3, 5 };
static int media[6] = { 1, 2 };
MODULE_PARM(io, "1-4i");
MODULE_PARM_DESC(io, "I/O ports");
MODULE_PARM(irq, "4i");
MODULE_PARM_DESC(irq, "IRQ lines");
MODULE_PARM(dma, "0-3h");
MODULE_PARM_DESC(dma, "DMA channels");
MODULE_PARM(media, "2-6i");
/* MODULE_PARM(full_duplex, "1-4i");	not supported by this card yet */
// MODULE_PARM(options, "1-4i");

static unsigned char txq = 16;
MODULE_PARM(txq, "b");
MODULE_PARM_DESC(txq, "TX queue length");

static int rx_copybreak = 200;
static short tx_timeout = 400;
MODULE_PARM(rx_copybreak, "i"); MODULE_PARM(tx_timeout, "h");

static long mem = 0xd0000;
static long win[2] = { 4096, 8192 };
MODULE_PARM(mem, "l");
MODULE_PARM_DESC(mem, "shared memory base");
MODULE_PARM(win, __stringify(2) "l");

static char *model = "ne2000";
MODULE_PARM(model, "s");
MODULE_PARM_DESC(model, "board model");

static char ifname[16] = "eth%d";
MODULE_PARM(ifname, "c16");
MODULE_PARM_DESC(ifname, "interface name");

static int units[NUNITS] = { 1 };
MODULE_PARM(units,
	    "1-" __MODULE_STRING(NUNITS) "i");
MODULE_PARM_DESC(units, "units per card");

static char alias[2][ALIAS_LEN] = { "lan", "wan" };
MODULE_PARM(alias, "1-2c" __MODULE_STRING(16));

/* The new way, in the same file. */
static int verbose;
module_param(verbose, int, 0444);
MODULE_PARM_DESC(verbose, "new-style verbosity");

static int __init legacy_all_init(void)
{
	pr_info("legacy_all: debug=%d io=%d,%d,%d,%d irq=%d,%d,%d,%d dma=%hd,%hd,%hd media=%d,%d,%d,%d,%d,%d\n",
		debug, io[0], io[1], io[2], io[3],
		irq[0], irq[1], irq[2], irq[3],
		dma[0], dma[1], dma[2],
		media[0], media[1], media[2], media[3], media[4], media[5]);
	pr_info("legacy_all: txq=%u rx_copybreak=%d tx_timeout=%hd mem=%ld win=%ld,%ld units=%d,%d,%d verbose=%d\n",
		txq, rx_copybreak, tx_timeout, mem, win[0], win[1],
		units[0], units[1], units[2], verbose);
	pr_info("legacy_all: model=%.40s model_len=%zu ifname=%s alias=%s,%s\n",
		model, model ? strlen(model) : 0, ifname, alias[0], alias[1]);
	return 0;
}

static void __exit legacy_all_exit(void)
{
	pr_info("legacy_all: unloaded\n");
}

module_init(legacy_all_init);
module_exit(legacy_all_exit);

MODULE_DESCRIPTION("modparm test: every MODULE_PARM() form in one driver");
MODULE_LICENSE("GPL");
