// SPDX-License-Identifier: GPL-2.0
/*
 * vm-run harness: a well-behaved module with parameters.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int count = 3;
module_param(count, int, 0644);
MODULE_PARM_DESC(count, "a number");

static char *name = "world";
module_param(name, charp, 0444);
MODULE_PARM_DESC(name, "a name");

static int __init vmrun_hello_init(void)
{
	if (count < 0) {
		pr_err("vmrun_hello: count %d is negative\n", count);
		return -EINVAL;
	}
	pr_info("vmrun_hello: hello %s, count=%d\n", name, count);
	return 0;
}

static void __exit vmrun_hello_exit(void)
{
	pr_info("vmrun_hello: goodbye %s\n", name);
}

module_init(vmrun_hello_init);
module_exit(vmrun_hello_exit);
MODULE_DESCRIPTION("vm-run harness: well-behaved module");
MODULE_LICENSE("GPL");
