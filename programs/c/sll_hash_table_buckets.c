/* expected: memsafety=true, memcleanup=true, unreach-call=true — a hash table: a global array of 4 bucket heads; keys not negative (a negative one is skipped) go to bucket key % 4, prepended; every bucket is freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct entry {
    struct entry *next;
    int key;
};

struct entry *table[4];

int main(void)
{
    int i;
    struct entry *e, *n;

    while (__VERIFIER_nondet_int()) {
        int k = __VERIFIER_nondet_int();
        if (k < 0)
            continue;
        int h = k % 4;
        e = malloc(sizeof(struct entry));
        e->key = k;
        e->next = table[h];
        table[h] = e;
    }
    for (i = 0; i < 4; i++) {
        e = table[i];
        while (e) {
            n = e->next;
            free(e);
            e = n;
        }
        table[i] = NULL;
    }
    return 0;
}
