/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LMF_H
#define LMF_H

extern int lmf_debug;
extern unsigned long lmf_base[2];
void lmf_report(const char *name);

#endif
