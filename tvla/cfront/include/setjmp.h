/* Minimal <setjmp.h> for tvla's C front end (a call of setjmp or longjmp is unsupported). */
#ifndef _TVLA_SETJMP_H
#define _TVLA_SETJMP_H
typedef long jmp_buf[8];
int setjmp(jmp_buf env);
void longjmp(jmp_buf env, int val) __attribute__((__noreturn__));
#endif
