// SPDX-License-Identifier: GPL-2.0
/*
 * hello_params: a small module with today's module_param() family, the
 * form every legacy MODULE_PARM() is converted to.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static int count = 3;
module_param(count, int, 0444);
MODULE_PARM_DESC(count, "How many greetings");

static char *whom = "world";
module_param(whom, charp, 0444);
MODULE_PARM_DESC(whom, "Whom to greet");

static int ports[4] = { 0x300, 0x320 };
static unsigned int nports;
module_param_array(ports, int, &nports, 0444);
MODULE_PARM_DESC(ports, "I/O ports, up to four");

static int __init hello_params_init(void)
{
	pr_info("hello, %s (x%d), %u port(s), first %#x\n",
		whom, count, nports, ports[0]);
	return 0;
}

static void __exit hello_params_exit(void)
{
	pr_info("goodbye, %s\n", whom);
}

module_init(hello_params_init);
module_exit(hello_params_exit);
MODULE_DESCRIPTION("modparm demo: module_param() parameters");
MODULE_LICENSE("GPL");
