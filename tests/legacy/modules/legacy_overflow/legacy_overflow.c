// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_overflow.c - the classic 2.6 bug: the type allows 8 values but
 * the array holds 4.  2.6 wrote past the array; the loader must refuse.
 */
#include <linux/module.h>
#include <linux/init.h>

static int x[4];
MODULE_PARM(x, "1-8i");

static int __init legacy_overflow_init(void)
{
	pr_info("legacy_overflow: loaded, x[0]=%d\n", x[0]);
	return 0;
}

static void __exit legacy_overflow_exit(void)
{
}

module_init(legacy_overflow_init);
module_exit(legacy_overflow_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() type larger than its variable");
MODULE_LICENSE("GPL");
