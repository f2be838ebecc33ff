/* Minimal <errno.h> for tvla's C front end. */
#ifndef _TVLA_ERRNO_H
#define _TVLA_ERRNO_H
extern int errno;
#define ENOMEM 12
#define EINVAL 22
#endif
