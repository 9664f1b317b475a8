// SPDX-License-Identifier: GPL-2.0
/*
 * No MODULE_PARM() at all: module_param(), module_param_array() and
 * module_param_string() only.  Built against either CONFIG_OBSOLETE_MODPARM
 * kernel it must load on the other: the option changes nothing such a
 * module sees (struct module, the exported parameter ops).
 */
#include <linux/module.h>

static int x = 5;
module_param(x, int, 0444);
MODULE_PARM_DESC(x, "an int");

static int arr[4] = { 1, 2 };
static unsigned int narr = 2;
module_param_array(arr, int, &narr, 0444);

static char name[16] = "none";
module_param_string(name, name, sizeof(name), 0444);

static int __init plain_params_init(void)
{
	pr_info("%s: x=%d narr=%u name=%s\n", KBUILD_MODNAME, x, narr, name);
	return 0;
}
module_init(plain_params_init);

static void __exit plain_params_exit(void)
{
}
module_exit(plain_params_exit);

MODULE_DESCRIPTION("modparm test: module_param() only, for both kernels");
MODULE_LICENSE("GPL");
