// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a module whose init prints a stack trace and goes on,
 * as a hung task or an RCU stall report does: a "Call Trace:" with no
 * Oops, BUG: or WARNING: line before it.
 */
#include <linux/module.h>
#include <linux/printk.h>

static int __init vmrun_stack_init(void)
{
	dump_stack();
	return 0;
}

static void __exit vmrun_stack_exit(void)
{
}

module_init(vmrun_stack_init);
module_exit(vmrun_stack_exit);
MODULE_DESCRIPTION("vm-run harness: a bare stack trace in init");
MODULE_LICENSE("GPL");
