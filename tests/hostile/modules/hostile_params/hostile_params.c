// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_params.c - one MODULE_PARM() of every form, for tests/hostile:
 * scalars of each type letter, an exact count and ranges.  The defaults
 * are distinct so that a value that lands in the wrong element shows.
 * Type letters match the C declarations exactly.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>

static unsigned char pb = 1;
MODULE_PARM(pb, "b");
static short ph = 2;
MODULE_PARM(ph, "h");
static int pi = 3;
MODULE_PARM(pi, "i");
static long pl = 4;
MODULE_PARM(pl, "l");
static char *ps = "s-default";
MODULE_PARM(ps, "s");
static char pc[16] = "c-default";
MODULE_PARM(pc, "c16");

static int ai[4] = { 30, 31, 32, 33 };
MODULE_PARM(ai, "4i");
static short ah[4] = { 20, 21, 22, 23 };
MODULE_PARM(ah, "1-4h");
static long al[3] = { 10, 11, 12 };
MODULE_PARM(al, "0-3l");
static char *as[3] = { "s0", "s1", "s2" };
MODULE_PARM(as, "1-3s");
static char ac[2][8] = { "c0", "c1" };
MODULE_PARM(ac, "1-2c8");

static int __init hostile_params_init(void)
{
	/* Touch every value so that a bad pointer shows here, under KASAN. */
	pr_debug("hostile_params: %u %hd %d %ld %zu %zu %d %hd %ld %zu,%zu,%zu %zu,%zu\n",
		 pb, ph, pi, pl, ps ? strlen(ps) : 0, strlen(pc), ai[3], ah[3],
		 al[2], as[0] ? strlen(as[0]) : 0, as[1] ? strlen(as[1]) : 0,
		 as[2] ? strlen(as[2]) : 0, strlen(ac[0]), strlen(ac[1]));
	return 0;
}

static void __exit hostile_params_exit(void)
{
}

module_init(hostile_params_init);
module_exit(hostile_params_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() of every form, for hostile values");
MODULE_LICENSE("GPL");
