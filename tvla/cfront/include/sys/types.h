/* Minimal <sys/types.h> for tvla's C front end (LP64 as gcc on x86-64, or ILP32 with -m32: the target's widths). */
#ifndef _TVLA_SYS_TYPES_H
#define _TVLA_SYS_TYPES_H
#include <stddef.h>
typedef __PTRDIFF_TYPE__ ssize_t;
typedef long off_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
#endif
