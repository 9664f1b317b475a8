// SPDX-License-Identifier: GPL-2.0
/*
 * MODULE_PARM() of a name nothing declares (a misspelling).  2.4 built it
 * and insmod failed at load; now the compiler names it.
 */
#include <linux/module.h>

static int debug;
MODULE_PARM(debgu, "i");	/* error: .debgu. undeclared|undeclared identifier .debgu. */

static int __init undefined_init(void)
{
	return debug;
}
module_init(undefined_init);
MODULE_LICENSE("GPL");
