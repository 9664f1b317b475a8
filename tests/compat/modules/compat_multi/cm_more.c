// SPDX-License-Identifier: GPL-2.0
/*
 * cm_more.c - the other half of compat_multi: a parameter of its own and
 * no init.
 */
#include <linux/module.h>

int cm_beta[2] = { 2, 3 };
MODULE_PARM(cm_beta, "1-2i");
