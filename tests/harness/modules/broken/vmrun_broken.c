// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a module that does not compile (build failure, exit 65).
 */
#include <linux/module.h>

static int __init vmrun_broken_init(void)
{
	return vmrun_no_such_function();
}

module_init(vmrun_broken_init);
MODULE_LICENSE("GPL");
