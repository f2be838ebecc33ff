/* <stdnoreturn.h> for tvla's C front end. */
#ifndef _TVLA_STDNORETURN_H
#define _TVLA_STDNORETURN_H
#define noreturn _Noreturn
#endif
