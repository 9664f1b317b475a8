// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_control.c - a module that misbehaves on request, for the
 * controls of tests/hostile: they show that its checks can fail.
 *
 * leak=1: init allocates a small buffer and drops the only pointer to it,
 * for kmemleak to report (from hostile_control_leak(), which stays in
 * core text so that the report can name it while the module is loaded).
 * fail=1: init fails without a word: the log names the module only in the
 * loader's MODULE_PARM() notice, and no refusal says why.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/compiler.h>

static int leak;
MODULE_PARM(leak, "i");
static int fail;
MODULE_PARM(fail, "i");

static noinline void hostile_control_leak(void)
{
	char *p = kmalloc(48, GFP_KERNEL);

	if (p)
		strscpy(p, "hostile_control: leaked on purpose", 48);
	/* Keep the allocation: the compiler may not drop it as unused. */
	OPTIMIZER_HIDE_VAR(p);
}

/*
 * The allocator's frames below hostile_control_leak() leave copies of
 * the pointer on the stack, and a task's stack is memory kmemleak scans
 * (a vmalloc()ed one even after the task is gone, while it waits in the
 * stack cache for reuse): one such copy keeps the leak from being
 * reported.  Overwrite the 4 KB of stack those frames used, from frames
 * at the same depth.
 */
static noinline void hostile_control_wipe_stack(int depth)
{
	char buf[1024];

	memzero_explicit(buf, sizeof(buf));
	if (depth > 1)
		hostile_control_wipe_stack(depth - 1);
	/* Not a tail call: each frame stays below the one before. */
	barrier_data(buf);
}

static int __init hostile_control_init(void)
{
	if (fail)
		return -EINVAL;
	if (leak)
		hostile_control_leak();
		hostile_control_wipe_stack(4);
	return 0;
}

static void __exit hostile_control_exit(void)
{
}

module_init(hostile_control_init);
module_exit(hostile_control_exit);

MODULE_DESCRIPTION("modparm test: leaks or fails on request, for tests/hostile's controls");
MODULE_LICENSE("GPL");
