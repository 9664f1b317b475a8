// SPDX-License-Identifier: GPL-2.0
/*
 * compat_noinit.c - MODULE_PARM() in a module with neither an init nor a
 * cleanup_module(): compat/modparm.h gives it an init_module() of its own,
 * to warn and check the record when it loads, which must not make the
 * module one that can no longer be unloaded.
 */
#include <linux/module.h>

static int level = 3;
MODULE_PARM(level, "i");
MODULE_PARM_DESC(level, "a level nothing reads but sysfs");

MODULE_DESCRIPTION("modparm compat test: MODULE_PARM() in a module without init");
MODULE_LICENSE("GPL");
