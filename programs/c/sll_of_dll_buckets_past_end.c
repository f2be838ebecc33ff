/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=true — as sll_of_dll_buckets, but the clamp lets d be 3: the bucket walk runs off the bucket list and reads NULL->data */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

struct TDLL { struct TDLL *next; struct TDLL *prev; int data; };
struct TBCK { struct TBCK *next; struct TDLL *list; int data; };

int main(void)
{
    struct TBCK *bucket = malloc(sizeof(struct TBCK)), *bcki, *bn;
    struct TDLL *item, *itr;
    int d;
    bucket->data = 0;
    bucket->list = NULL;
    bucket->next = malloc(sizeof(struct TBCK));
    bcki = bucket->next;
    bcki->data = 1;
    bcki->list = NULL;
    bcki->next = malloc(sizeof(struct TBCK));
    bcki = bcki->next;
    bcki->data = 2;
    bcki->list = NULL;
    bcki->next = NULL;

    while (__VERIFIER_nondet_int()) {
        d = __VERIFIER_nondet_int();
        if (d < 0 || d > 3)
            d = 0;
        item = malloc(sizeof(struct TDLL));
        item->data = d;
        bcki = bucket;
        while (bcki->data != d)
            bcki = bcki->next;
        item->prev = NULL;
        item->next = bcki->list;
        if (bcki->list)
            bcki->list->prev = item;
        bcki->list = item;
    }

    for (bcki = bucket; bcki; bcki = bcki->next)
        for (itr = bcki->list; itr; itr = itr->next) {
            if (itr->data != bcki->data)
                reach_error();
            if (itr->next && itr->next->prev != itr)
                reach_error();
        }

    while (bucket) {
        itr = bucket->list;
        while (itr) {
            item = itr->next;
            free(itr);
            itr = item;
        }
        bn = bucket->next;
        free(bucket);
        bucket = bn;
    }
    return 0;
}
