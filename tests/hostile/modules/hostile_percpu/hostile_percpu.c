// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_percpu.c - MODULE_PARM() of a DEFINE_PER_CPU() variable, for
 * tests/hostile.  The build accepts it: the variable is a plain int to the
 * compiler.  With CONFIG_SMP the loader must refuse the module: &var is a
 * per-cpu offset, no address in the module, and there is one copy per CPU
 * that a parameter could never set all of.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/percpu.h>

static DEFINE_PER_CPU(int, hp_pcpu) = 1;
MODULE_PARM(hp_pcpu, "i");
static int hp_int = 2;
MODULE_PARM(hp_int, "i");

static int __init hostile_percpu_init(void)
{
	pr_info("hostile_percpu: loaded, hp_pcpu=%d hp_int=%d\n",
		this_cpu_read(hp_pcpu), hp_int);
	return 0;
}

static void __exit hostile_percpu_exit(void)
{
}

module_init(hostile_percpu_init);
module_exit(hostile_percpu_exit);

MODULE_DESCRIPTION("modparm test: MODULE_PARM() of a per-cpu variable");
MODULE_LICENSE("GPL");
