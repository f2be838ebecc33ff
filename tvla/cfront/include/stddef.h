/* Minimal <stddef.h> for tvla's C front end (parsed with -nostdinc). */
#ifndef _TVLA_STDDEF_H
#define _TVLA_STDDEF_H
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef int wchar_t;
#define NULL ((void *)0)
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif
