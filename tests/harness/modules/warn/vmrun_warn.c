// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a module whose init warns and then loads fine.
 */
#include <linux/module.h>

static int __init vmrun_warn_init(void)
{
	WARN_ON(1);
	return 0;
}

static void __exit vmrun_warn_exit(void)
{
}

module_init(vmrun_warn_init);
module_exit(vmrun_warn_exit);
MODULE_DESCRIPTION("vm-run harness: WARN_ON(1) in init");
MODULE_LICENSE("GPL");
