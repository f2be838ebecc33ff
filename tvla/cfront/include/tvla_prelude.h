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
/* Heap cells of one integer (int *p = malloc(sizeof(int))): the lowering treats each as a struct
   of one field, value (tvla/cfront/cinfo.py, int_cell). */
struct __tvla_int_cell { int value; };
struct __tvla_uint_cell { unsigned int value; };
struct __tvla_char_cell { char value; };
struct __tvla_schar_cell { signed char value; };
struct __tvla_uchar_cell { unsigned char value; };
struct __tvla_short_cell { short value; };
struct __tvla_ushort_cell { unsigned short value; };
struct __tvla_long_cell { long value; };
struct __tvla_ulong_cell { unsigned long value; };
struct __tvla_llong_cell { long long value; };
struct __tvla_ullong_cell { unsigned long long value; };
struct __tvla_bool_cell { _Bool value; };
/* An array element at an index out of bounds (tvla/cfront/arrays.py: a[i] with i no constant). */
void __tvla_out_of_bounds(const char *what);
#endif
