// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a module whose init dereferences NULL.
 */
#include <linux/module.h>

static int *vmrun_null;

static int __init vmrun_oops_init(void)
{
	/* READ_ONCE: the compiler must not turn this into a trap or drop it. */
	int *p = READ_ONCE(vmrun_null);

	*p = 42;
	return 0;
}

module_init(vmrun_oops_init);
MODULE_DESCRIPTION("vm-run harness: NULL dereference in init");
MODULE_LICENSE("GPL");
