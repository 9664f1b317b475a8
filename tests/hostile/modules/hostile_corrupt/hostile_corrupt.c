// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_corrupt.c - the module tests/hostile/corrupt-ko corrupts.  It
 * loads as built.  Its MODULE_PARM() records (struct obsolete_param
 * __obsparm_VAR in .ref.rodata), their kernel_params in __param and the
 * objects around them are raw material: corrupt-ko edits the records'
 * fields and retargets their relocations at the other objects here (a
 * function, a const array in .rodata, per-cpu data, init data, a
 * new-style parameter, a string pool, writable look-alikes of a type
 * string and of a record).
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
static unsigned short hc_zero;		/* .bss */
MODULE_PARM(hc_zero, "h");
static int hc_initdata[64] __initdata = { 9 };
MODULE_PARM(hc_initdata, "1-2i");

/*
 * A char buffer parameter whose contents are a valid type string, and a
 * long array parameter whose contents are a valid record (for hc_int):
 * writable memory a record's type or a kernel_param's arg can be pointed
 * at.  A value given to the parameter would then rewrite the metadata of
 * another one after the loader checked it.
 */
static char hc_tbuf[8] = "i";
MODULE_PARM(hc_tbuf, "c8");
static unsigned long hc_recbuf[4] = {
	(unsigned long)"i", (unsigned long)&hc_int,
	sizeof(int), OBSPARM_INT,
};
MODULE_PARM(hc_recbuf, "1-4l");

/* Targets for records pointed elsewhere. */
static const int hc_const[64] __used = { 1, 2, 3 };
static DEFINE_PER_CPU(int, hc_pcpu);
static int hc_new = 5;
module_param(hc_new, int, 0444);

/*
 * Zeros in a read-only section of their own, which ends where the pool
 * does: corrupt-ko writes new type strings and names here and points
 * records at them, or fills it to its end (a string with no NUL).
 */
static const char hc_pool[512] __used __section(".hc_pool") = { 0 };

static int __init hc_init(void)
{
	this_cpu_write(hc_pcpu, hc_initdata[0]);
	/* Values given to hc_initdata, or to a record pointed at it. */
	if (hc_initdata[0] != 9)
		pr_info("hostile_corrupt: hc_initdata=%d,%d\n", hc_initdata[0],
			hc_initdata[1]);
	pr_debug("hostile_corrupt: %d %d %ld %s %s %hu %s %lu %d %d %d\n",
		 hc_int, hc_small[1], hc_long[3], hc_str, hc_buf[1], hc_zero,
		 hc_tbuf, hc_recbuf[3], hc_const[1], this_cpu_read(hc_pcpu),
		 hc_pool[0]);
	return 0;
}

static void __exit hc_exit(void)
{
}

module_init(hc_init);
module_exit(hc_exit);

MODULE_DESCRIPTION("modparm test: raw material for corrupted MODULE_PARM() records");
MODULE_LICENSE("GPL");
