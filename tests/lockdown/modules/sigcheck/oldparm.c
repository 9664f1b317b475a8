// SPDX-License-Identifier: GPL-2.0
/*
 * oldparm.c - a signed legacy module: its MODULE_PARM() I/O port is a
 * hardware parameter, which lockdown=integrity forbids setting (as it
 * does module_param_hw()), while the module still loads with its default.
 */
#include <linux/module.h>
#include <linux/init.h>

static int io = 0x300;
MODULE_PARM(io, "i");

static int __init oldparm_init(void)
{
	pr_info("oldparm: loaded, io=%#x\n", io);
	return 0;
}

static void __exit oldparm_exit(void)
{
}

module_init(oldparm_init);
module_exit(oldparm_exit);

MODULE_DESCRIPTION("modparm test: an obsolete parameter under lockdown");
MODULE_LICENSE("GPL");
