/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: moving a use to the file of the module that defines
 * its variable as a static.
 */
#ifndef MP_RELOCATE_H
#define MP_RELOCATE_H

#include <stdbool.h>

struct conv;
bool relocate_use(struct conv *cv, bool *refused);
void place_in_home(struct conv *cv);

#endif
