/* expected: memsafety=true, memcleanup=false, unreach-call=true — as sll_hash_table_buckets, but the cleanup loop stops before the last bucket: its cells are still reachable from table[3] when main returns */
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
    for (i = 0; i < 3; i++) {
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
