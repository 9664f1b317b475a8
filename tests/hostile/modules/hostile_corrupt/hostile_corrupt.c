// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_corrupt.c - the module tests/hostile/corrupt-ko corrupts.  It
 * loads as built; its __obsparm records and the variables around them are
 * raw material: corrupt-ko renames records to the other symbols here (a
 * function, a const array in .rodata, per-cpu data, init data, a
 * new-style parameter) and points their relocations at them.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/percpu.h>

static int hc_int = 1;
MODULE_PARM(hc_int, "i");
static int hc_small[2] = { 2, 3 };
MODULE_PARM(hc_small, "2i");
static long hc_long[4] = { 4, 5, 6, 7 };
MODULE_PARM(hc_long, "1-4l");
static char *hc_str = "str";
MODULE_PARM(hc_str, "s");
static char hc_buf[2][16] = { "b0", "b1" };
MODULE_PARM(hc_buf, "1-2c16");

/* Targets for records pointed elsewhere. */
static const int hc_const[64] __used = { 1, 2, 3 };
static DEFINE_PER_CPU(int, hc_pcpu);
static int hc_initdata[64] __initdata = { 9 };
static int hc_new = 5;
module_param(hc_new, int, 0444);

static int __init hc_init(void)
{
	this_cpu_write(hc_pcpu, hc_initdata[0]);
	/* A record pointed at hc_initdata may have set it. */
	if (hc_initdata[0] != 9)
		pr_info("hostile_corrupt: hc_initdata=%d,%d\n", hc_initdata[0],
			hc_initdata[1]);
	pr_debug("hostile_corrupt: %d %d %ld %s %s %d %d\n", hc_int,
		 hc_small[1], hc_long[3], hc_str, hc_buf[1], hc_const[1],
		 this_cpu_read(hc_pcpu));
	return 0;
}

static void __exit hc_exit(void)
{
}

module_init(hc_init);
module_exit(hc_exit);

MODULE_DESCRIPTION("modparm test: raw material for corrupted MODULE_PARM() records");
MODULE_LICENSE("GPL");
