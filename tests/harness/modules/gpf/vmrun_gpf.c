// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a module whose init reads through a non-canonical
 * pointer.  On x86_64 that is a general protection fault, reported as
 * "Oops: general protection fault ..." with no "BUG:" line before it,
 * unlike the NULL dereference of vmrun_oops.
 */
#include <linux/module.h>

static unsigned long vmrun_bad_addr = 0xdead000000000000UL;

static int __init vmrun_gpf_init(void)
{
	/* READ_ONCE: the compiler must neither drop the read nor fold it. */
	int *p = (int *)READ_ONCE(vmrun_bad_addr);

	pr_info("vmrun_gpf: read %d\n", READ_ONCE(*p));
	return 0;
}

module_init(vmrun_gpf_init);
MODULE_DESCRIPTION("vm-run harness: general protection fault in init");
MODULE_LICENSE("GPL");
