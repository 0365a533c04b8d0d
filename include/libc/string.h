/* SPDX-License-Identifier: BSD-2-Clause */
/* <string.h> for libfdt built freestanding inside the firmware. */
#include <sbi/sbi_string.h>
