/* <stdalign.h> for tvla's C front end. */
#ifndef _TVLA_STDALIGN_H
#define _TVLA_STDALIGN_H
#define alignas _Alignas
#define alignof _Alignof
#endif
