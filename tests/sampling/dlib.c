/* SPDX-License-Identifier: BSD-2-Clause */
/* The delegation helpers live with the policy tests. */
#include "../deleg/dlib.c"
