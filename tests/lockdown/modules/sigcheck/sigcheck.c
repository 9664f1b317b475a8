// SPDX-License-Identifier: GPL-2.0
/*
 * sigcheck.c - the smallest module: scripts/vm-run signs it with the test
 * kernel's key, and tests/lockdown/guest.sh loads it signed, unsigned and
 * tampered with, with and without lockdown.
 */
#include <linux/module.h>
#include <linux/init.h>

static int level = 1;
module_param(level, int, 0444);
MODULE_PARM_DESC(level, "printed at load");

static int __init sigcheck_init(void)
{
	pr_info("sigcheck: loaded, level=%d\n", level);
	return 0;
}

static void __exit sigcheck_exit(void)
{
}

module_init(sigcheck_init);
module_exit(sigcheck_exit);

MODULE_DESCRIPTION("modparm test: module signing under lockdown");
MODULE_LICENSE("GPL");
