/* Minimal <pthread.h> for tvla's C front end: declarations only (threads are not followed: a call
   of pthread_create is unsupported). */
#ifndef _TVLA_PTHREAD_H
#define _TVLA_PTHREAD_H
#include <stddef.h>
typedef unsigned long pthread_t;
typedef struct { int _tvla_opaque[10]; } pthread_attr_t;
typedef struct { int _tvla_opaque[10]; } pthread_mutex_t;
typedef struct { int _tvla_opaque[2]; } pthread_mutexattr_t;
typedef struct { int _tvla_opaque[12]; } pthread_cond_t;
#define PTHREAD_MUTEX_INITIALIZER { { 0 } }
#define PTHREAD_COND_INITIALIZER { { 0 } }
int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg);
int pthread_join(pthread_t thread, void **value);
void pthread_exit(void *value) __attribute__((__noreturn__));
int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *m);
int pthread_mutex_lock(pthread_mutex_t *m);
int pthread_mutex_unlock(pthread_mutex_t *m);
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int pthread_cond_signal(pthread_cond_t *c);
#endif
