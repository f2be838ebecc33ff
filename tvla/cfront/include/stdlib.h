/* Minimal <stdlib.h> for tvla's C front end: what heap programs use. */
#ifndef _TVLA_STDLIB_H
#define _TVLA_STDLIB_H
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void *alloca(size_t size);
void free(void *ptr);
void exit(int status) __attribute__((__noreturn__));
void _Exit(int status) __attribute__((__noreturn__));
void abort(void) __attribute__((__noreturn__));
int atoi(const char *s);
long atol(const char *s);
long strtol(const char *s, char **end, int base);
int abs(int x);
long labs(long x);
int rand(void);
void srand(unsigned seed);
#endif
