/* Included before every C file tvla parses (-include): the SV-COMP verifier functions, declared
   without a prototype so that a program's own declaration (with or without one) is compatible. */
#ifndef _TVLA_PRELUDE_H
#define _TVLA_PRELUDE_H
int __VERIFIER_nondet_int();
unsigned int __VERIFIER_nondet_uint();
_Bool __VERIFIER_nondet_bool();
char __VERIFIER_nondet_char();
unsigned char __VERIFIER_nondet_uchar();
short __VERIFIER_nondet_short();
unsigned short __VERIFIER_nondet_ushort();
long __VERIFIER_nondet_long();
unsigned long __VERIFIER_nondet_ulong();
void *__VERIFIER_nondet_pointer();
void __VERIFIER_assume();
void __VERIFIER_error();
void reach_error();
#endif
