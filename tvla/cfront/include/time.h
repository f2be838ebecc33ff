/* Minimal <time.h> for tvla's C front end. */
#ifndef _TVLA_TIME_H
#define _TVLA_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC 1000000L
time_t time(time_t *t);
clock_t clock(void);
#endif
