/* SPDX-License-Identifier: BSD-2-Clause */
/* lower_call() and hpm_csr_read() live with the policy tests. */
#include "../deleg/dlib.S"
