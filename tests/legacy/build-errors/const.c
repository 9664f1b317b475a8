// SPDX-License-Identifier: GPL-2.0
/*
 * MODULE_PARM() on const objects: a parameter would write read-only
 * memory.  2.6 loaded such modules and faulted when a value was given.
 */
#include <linux/module.h>

static const int x[4] = { 1, 2, 3, 4 };
MODULE_PARM(x, "1-4i");	/* error: MODULE_PARM\(x, "1-4i"\): x is a const array: use an array a parameter may write */
static const int y = 1;
MODULE_PARM(y, "i");	/* error: MODULE_PARM\(y, "i"\): y is const: use a variable a parameter may write */
static const char *const name = "eth0";
MODULE_PARM(name, "s");	/* error: MODULE_PARM\(name, "s"\): name is const: use a variable a parameter may write */

MODULE_LICENSE("GPL");
