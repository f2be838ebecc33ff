/* Minimal <alloca.h> for tvla's C front end. */
#ifndef _TVLA_ALLOCA_H
#define _TVLA_ALLOCA_H
#include <stdlib.h>
#endif
