/* <iso646.h> for tvla's C front end. */
#ifndef _TVLA_ISO646_H
#define _TVLA_ISO646_H
#define and &&
#define and_eq &=
#define bitand &
#define bitor |
#define compl ~
#define not !
#define not_eq !=
#define or ||
#define or_eq |=
#define xor ^
#define xor_eq ^=
#endif
