/* Minimal <malloc.h> for tvla's C front end: the allocation functions of <stdlib.h>. */
#ifndef _TVLA_MALLOC_H
#define _TVLA_MALLOC_H
#include <stdlib.h>
#endif
