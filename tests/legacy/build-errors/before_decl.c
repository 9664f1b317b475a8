// SPDX-License-Identifier: GPL-2.0
/*
 * MODULE_PARM() before its variable's declaration, as in about one 2.4
 * driver in ten.  The layer reads the variable's type and size at the
 * use, so the variable must be declared by then: a build error, which
 * moving the MODULE_PARM() below the declaration fixes.
 */
#include <linux/module.h>

MODULE_PARM(irq, "i");	/* error: .irq. undeclared|undeclared identifier .irq. */

static int irq = 5;

MODULE_LICENSE("GPL");
