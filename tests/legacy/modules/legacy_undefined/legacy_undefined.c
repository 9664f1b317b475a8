// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_undefined.c - MODULE_PARM() of a name that no file of the
 * module defines, a misspelling as 2.4 drivers had them.  It builds, as
 * it did in 2.4, and the loader must refuse it by name.
 */
#include <linux/module.h>
#include <linux/init.h>

static int debug;
MODULE_PARM(debgu, "i");

static int __init legacy_undefined_init(void)
{
	return debug;
}

module_init(legacy_undefined_init);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() of a name nothing defines");
MODULE_LICENSE("GPL");
