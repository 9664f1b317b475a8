// SPDX-License-Identifier: GPL-2.0
/*
 * tests/hostile: a positive control for vm-run's KASAN detection.  Its
 * init writes one byte past an 8-byte kmalloc(): KASAN must report a
 * slab-out-of-bounds write, and vm-run must call it a splat.
 */
#include <linux/module.h>
#include <linux/slab.h>

static int __init splat_kasan_init(void)
{
	/* volatile: no compiler warning, and the write is not optimised away */
	volatile size_t past = 8;
	char *p = kmalloc(8, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	pr_info("splat_kasan: writing past an 8-byte object\n");
	p[past] = 1;
	kfree(p);
	return 0;
}

module_init(splat_kasan_init);
MODULE_DESCRIPTION("tests/hostile: a deliberate slab out-of-bounds write");
MODULE_LICENSE("GPL");
