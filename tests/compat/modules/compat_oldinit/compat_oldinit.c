// SPDX-License-Identifier: GPL-2.0
/*
 * compat_oldinit.c - a module written the 2.4 way, before module_init():
 * its own init_module() and cleanup_module().  compat/modparm.h renames
 * the former to run it after the load warning, and must pass on what it
 * returns; cleanup_module() is left alone and must run on rmmod.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>

static int io = 0x240;
static char *mode = "auto";
static int fail;

MODULE_PARM(io, "i");
MODULE_PARM(mode, "s");
MODULE_PARM(fail, "i");
MODULE_PARM_DESC(fail, "non-zero: init_module() refuses the module");

int init_module(void)
{
	if (fail) {
		printk(KERN_ERR "compat_oldinit: refusing, as asked\n");
		return -ENODEV;
	}
	printk(KERN_INFO "compat_oldinit: io=%#x mode=%s\n", io,
	       mode ? mode : "(none)");
	return 0;
}

void cleanup_module(void)
{
	printk(KERN_INFO "compat_oldinit: cleanup_module\n");
}

MODULE_DESCRIPTION("modparm compat test: 2.4-style init_module() and cleanup_module()");
MODULE_LICENSE("GPL");
