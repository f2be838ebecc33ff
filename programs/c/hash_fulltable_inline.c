/* expected: memsafety=true, memcleanup=true, unreach-call=true — heap-data hash_fulltable style (hash inlined): a global table of 5 bucket lists; nondet keys hashed by key % 5 (negative keys rejected); an entry is counted in a per-bucket counter array; every bucket length checked against its counter; all freed */

#include <stdlib.h>
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define SIZE 5

struct entry {
  struct entry *next;
  int key;
};

struct entry *table[SIZE];
int count[SIZE];

int hash_unused(int key) {
  return key % SIZE;
}

void insert(int key) {
  int h = key % SIZE;
  struct entry *e = malloc(sizeof(struct entry));
  if (e == NULL)
    abort();
  e->key = key;
  e->next = table[h];
  table[h] = e;
  count[h]++;
}

int main() {
  int i;
  for (i = 0; i < SIZE; i++) {
    table[i] = NULL;
    count[i] = 0;
  }
  while (__VERIFIER_nondet_int()) {
    int key = __VERIFIER_nondet_int();
    if (key < 0)
      continue;
    insert(key);
  }
  for (i = 0; i < SIZE; i++) {
    int n = 0;
    struct entry *e = table[i];
    while (e) {
      if (e->key % SIZE != i)
        reach_error();
      n++;
      e = e->next;
    }
    if (n != count[i])
      reach_error();
  }
  for (i = 0; i < SIZE; i++) {
    while (table[i]) {
      struct entry *e = table[i];
      table[i] = e->next;
      free(e);
    }
  }
  return 0;
}
