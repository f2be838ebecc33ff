/* Minimal <float.h> for tvla's C front end (the compiler's predefined values). */
#ifndef _TVLA_FLOAT_H
#define _TVLA_FLOAT_H
#define FLT_MAX __FLT_MAX__
#define FLT_MIN __FLT_MIN__
#define FLT_EPSILON __FLT_EPSILON__
#define DBL_MAX __DBL_MAX__
#define DBL_MIN __DBL_MIN__
#define DBL_EPSILON __DBL_EPSILON__
#define FLT_DIG __FLT_DIG__
#define DBL_DIG __DBL_DIG__
#endif
