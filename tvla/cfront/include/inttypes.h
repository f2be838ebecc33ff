/* Minimal <inttypes.h> for tvla's C front end. */
#ifndef _TVLA_INTTYPES_H
#define _TVLA_INTTYPES_H
#include <stdint.h>
#define PRId32 "d"
#define PRIu32 "u"
#define PRIx32 "x"
#define PRId64 "ld"
#define PRIu64 "lu"
#define PRIx64 "lx"
#endif
