// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a module whose init panics.
 */
#include <linux/module.h>
#include <linux/panic.h>

static int __init vmrun_panic_init(void)
{
	panic("vmrun_panic: deliberate panic");
	return 0;
}

module_init(vmrun_panic_init);
MODULE_DESCRIPTION("vm-run harness: panic in init");
MODULE_LICENSE("GPL");
