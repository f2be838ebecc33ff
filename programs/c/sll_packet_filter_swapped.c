/* expected: memsafety=true, memcleanup=false, unreach-call=false — a packet filter with the priorities mixed up: packets of a nondet unsigned size and a priority 0 or 1 are received; those larger than 500 with priority 1 are dropped (freed), the others pushed on a list; a walk checks that no packet larger than 500 has a priority other than 1; all packets freed (the style of SV-COMP's heap-data packet_filter; strict bounds lt[size,501]) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

#define LOW 0
#define HIGH 1
#define MAX_SIZE 500

typedef struct packet {
  unsigned int size;
  int prio;
  struct packet *next;
} Packet;

Packet *receive(void)
{
  Packet *p = malloc(sizeof(Packet));
  p->size = __VERIFIER_nondet_uint();
  p->prio = __VERIFIER_nondet_int() ? LOW : HIGH;
  p->next = NULL;
  return p;
}

int accept(Packet *p)
{
  return !(p->size > MAX_SIZE && p->prio == HIGH);
}

int main(void)
{
  Packet *head = NULL;
  while (__VERIFIER_nondet_int()) {
    Packet *p = receive();
    if (!accept(p)) {
      free(p);
      continue;
    }
    p->next = head;
    head = p;
  }
  for (Packet *q = head; q != NULL; q = q->next) {
    if (q->size > MAX_SIZE && q->prio != HIGH)
      reach_error();
  }
  while (head != NULL) {
    Packet *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
