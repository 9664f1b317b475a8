// SPDX-License-Identifier: GPL-2.0
/*
 * Counts a variable has no room for.  2.4 and 2.6 wrote past the end of
 * x; the series refuses the module when it loads; compat/modparm.h folds
 * the count out of the literal and refuses to build.
 */
#include <linux/module.h>
#include <linux/stringify.h>

static int x[4];
MODULE_PARM(x, "1-8i");	/* error: MODULE_PARM\(x, "1-8i"\): x has no room for the values "1-8i" takes */
static char names[2][8];
MODULE_PARM(names, "1-3c8");	/* error: MODULE_PARM\(names, "1-3c8"\): names has no room for the values "1-3c8" takes */
static char label[8];
MODULE_PARM(label, "c16");	/* error: MODULE_PARM\(label, "c16"\): label has no room for the values "c16" takes */
static short dma[2];
MODULE_PARM(dma, "3h");	/* error: MODULE_PARM\(dma, "3h"\): dma has no room for the values "3h" takes */
static long units[10];
MODULE_PARM(units, "1-" __stringify(16) "l");	/* error: MODULE_PARM\(units, "1-" "16" "l"\): units has no room */

/* These fit exactly. */
static int y[4];
MODULE_PARM(y, "1-4i");
static char z[3][8];
MODULE_PARM(z, "3c8");
static int many[100];
MODULE_PARM(many, "0-100i");

MODULE_LICENSE("GPL");
