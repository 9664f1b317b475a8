// SPDX-License-Identifier: GPL-2.0
/*
 * Letters that do not fit their variable's C type.  2.6 loaded each of
 * these and wrote, or read, the wrong number of bytes: "s" on a char
 * array made sysfs read its bytes as a pointer and oops.  Each is a
 * build error at the use that names what would fit.
 */
#include <linux/module.h>

static char opts[16] = "ABCDEFGHIJKLMNO";
MODULE_PARM(opts, "s");	/* error: opts is a char array: use "c" and its size, or module_param_string\(\), for a string */
static int count;
MODULE_PARM(count, "l");	/* error: count is an int: use "i" or module_param\(.., int, 0\) */
static char flag;
MODULE_PARM(flag, "i");	/* error: flag is a char: use "b" or module_param\(.., byte, 0\) */
static char *mode;
MODULE_PARM(mode, "i");	/* error: mode is a char \*: use "s" or module_param\(.., charp, 0\) */
static int irq;
MODULE_PARM(irq, "b");	/* error: irq is an int: use "i" or module_param\(.., int, 0\) */
static long mem;
MODULE_PARM(mem, "h");	/* error: mem is a long: use "l" or module_param\(.., long, 0\) */
static int ioport;
MODULE_PARM(ioport, "c8");	/* error: ioport is an int: use "i" or module_param\(.., int, 0\) */
static short dma[4];
MODULE_PARM(dma, "1-4i");	/* error: dma is a short array: use "h" with a count or module_param_array\(.., short, NULL, 0\) */
static int irqs[4];
MODULE_PARM(irqs, "1-4s");	/* error: irqs is an int array: use "i" with a count or module_param_array\(.., int, NULL, 0\) */
static int words[4];
MODULE_PARM(words, "c4");	/* error: words is an int array: use "i" with a count or module_param_array\(.., int, NULL, 0\) */
static long long big;
MODULE_PARM(big, "l");	/* error: big is of a type no letter describes: use module_param\(\) with its type */
static bool on;
MODULE_PARM(on, "i");	/* error: on is of a type no letter describes: use module_param\(\) with its type */

MODULE_LICENSE("GPL");
