// SPDX-License-Identifier: GPL-2.0
/*
 * legacy_percpu.c - MODULE_PARM() on a per-cpu variable.  The type fits,
 * so it builds; on SMP the variable lives in the module's per-cpu area,
 * which a parameter cannot write for every CPU, and the loader must
 * refuse it.  On UP the per-cpu section is ordinary data and it loads.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/percpu.h>

static DEFINE_PER_CPU(int, count);
MODULE_PARM(count, "i");

static int __init legacy_percpu_init(void)
{
	pr_info("legacy_percpu: count=%d\n", per_cpu(count, 0));
	return 0;
}

static void __exit legacy_percpu_exit(void)
{
}

module_init(legacy_percpu_init);
module_exit(legacy_percpu_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() on a per-cpu variable");
MODULE_LICENSE("GPL");
