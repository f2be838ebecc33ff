/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_buckets_masked_index, but the cleanup loop stops before the last bucket: its cells are still held by the table when main returns, and the check that every bucket is empty fails */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct entry {
    struct entry *next;
    int key;
};

int main(void)
{
    struct entry *tab[4] = { NULL, NULL, NULL, NULL };
    while (__VERIFIER_nondet_int()) {
        int k = __VERIFIER_nondet_int();
        int h = k & 3;
        struct entry *e = malloc(sizeof(struct entry));
        e->key = k;
        e->next = tab[h];
        tab[h] = e;
    }
    for (int i = 0; i < 3; i++) {
        struct entry *p = tab[i];
        tab[i] = NULL;
        while (p != NULL) {
            struct entry *t = p->next;
            free(p);
            p = t;
        }
    }
    for (int i = 0; i < 4; i++)
        if (tab[i] != NULL)
            reach_error();
    return 0;
}
