// SPDX-License-Identifier: GPL-2.0
/*
 * tests/hostile: a positive control for vm-run's UBSAN detection.  Its
 * init indexes a four-element array with 4: CONFIG_UBSAN_BOUNDS must
 * report it, and vm-run must call it a splat.
 */
#include <linux/module.h>

static int splat_ubsan_values[4];

static int __init splat_ubsan_init(void)
{
	volatile int index = ARRAY_SIZE(splat_ubsan_values);

	pr_info("splat_ubsan: indexing past a four-element array\n");
	splat_ubsan_values[index] = 1;
	return 0;
}

module_init(splat_ubsan_init);
MODULE_DESCRIPTION("tests/hostile: a deliberate out-of-bounds array index");
MODULE_LICENSE("GPL");
