/* Minimal <unistd.h> for tvla's C front end. */
#ifndef _TVLA_UNISTD_H
#define _TVLA_UNISTD_H
#include <sys/types.h>
void _exit(int status) __attribute__((__noreturn__));
unsigned int sleep(unsigned int seconds);
int usleep(unsigned int usec);
pid_t getpid(void);
ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
int close(int fd);
#endif
