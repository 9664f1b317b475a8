// SPDX-License-Identifier: GPL-2.0
/*
 * lmf_hw.c - the half of legacy_multifile that owns the variables: 2.4
 * drivers often defined their settings in one file and declared the
 * parameters in another, against an extern declaration.  The values are
 * read here, where nothing takes their address.
 */
#include <linux/printk.h>
#include "lmf.h"

int lmf_debug = 2;
unsigned long lmf_base[2] = { 0xd0000, 0xe0000 };

void lmf_report(const char *name)
{
	pr_info("legacy_multifile: debug=%d base=%#lx,%#lx name=%s\n",
		lmf_debug, lmf_base[0], lmf_base[1], name);
}
