/* Minimal <assert.h> for tvla's C front end: a failing assert calls __assert_fail, which the
   lowering treats like reach_error() (the unreach-call property). */
#ifndef _TVLA_ASSERT_H
#define _TVLA_ASSERT_H
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
    __attribute__((__noreturn__));
#if !defined(__cplusplus) && __STDC_VERSION__ >= 201112L
#define static_assert _Static_assert
#endif
#endif
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
