/* SPDX-License-Identifier: BSD-2-Clause */
/* Attribute shorthands, as in the Linux kernel. */
#ifndef PAYLOAD_COMPILER_H
#define PAYLOAD_COMPILER_H

#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define __noreturn		__attribute__((noreturn))

#endif /* PAYLOAD_COMPILER_H */
