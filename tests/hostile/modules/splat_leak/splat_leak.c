// SPDX-License-Identifier: GPL-2.0
/*
 * tests/hostile: a positive control for vm-run --kmemleak.  Its init
 * allocates objects and forgets them: the scan at the end of the run must
 * report them, and vm-run must call that a splat.
 */
#include <linux/module.h>
#include <linux/slab.h>

#define SPLAT_LEAK_OBJECTS	8

static int __init splat_leak_init(void)
{
	int i;

	for (i = 0; i < SPLAT_LEAK_OBJECTS; i++) {
		/* volatile: the pointer is dropped, not the allocation */
		void * volatile lost = kmalloc(128, GFP_KERNEL);

		if (!lost)
			return -ENOMEM;
		lost = NULL;
	}
	pr_info("splat_leak: leaked %d objects\n", SPLAT_LEAK_OBJECTS);
	return 0;
}

module_init(splat_leak_init);
MODULE_DESCRIPTION("tests/hostile: a deliberate memory leak");
MODULE_LICENSE("GPL");
