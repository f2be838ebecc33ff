/* Minimal <stdio.h> for tvla's C front end: output calls are ignored by the lowering; scanf's
   targets get any value. */
#ifndef _TVLA_STDIO_H
#define _TVLA_STDIO_H
#include <stddef.h>
typedef struct _TVLA_FILE FILE;
extern FILE *stdin, *stdout, *stderr;
#define EOF (-1)
int printf(const char *fmt, ...);
int fprintf(FILE *f, const char *fmt, ...);
int sprintf(char *s, const char *fmt, ...);
int snprintf(char *s, size_t n, const char *fmt, ...);
int puts(const char *s);
int putchar(int c);
int fflush(FILE *f);
int scanf(const char *fmt, ...);
int fscanf(FILE *f, const char *fmt, ...);
int sscanf(const char *s, const char *fmt, ...);
int getchar(void);
#endif
