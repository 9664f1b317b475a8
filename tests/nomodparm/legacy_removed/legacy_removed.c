// SPDX-License-Identifier: GPL-2.0
/* A legacy driver: with CONFIG_OBSOLETE_MODPARM=n it must not build. */
#include <linux/module.h>

static int irq = 5;
MODULE_PARM(irq, "i");

MODULE_LICENSE("GPL");
