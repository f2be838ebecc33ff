/* Source of preprocessed.i (gcc -E with glibc's headers): a list built, checked and freed. */
#include <stdlib.h>
#include <assert.h>
#include <stdio.h>
#include <stdbool.h>
extern int __VERIFIER_nondet_int(void);

typedef struct cell {
    struct cell *next;
    int data;
} Cell;

static void push(Cell **list, int d)
{
    Cell *c = calloc(1, sizeof(Cell));
    if (c == NULL)
        abort();
    c->data = d;
    c->next = *list;
    *list = c;
}

int main(void)
{
    Cell *list = NULL;
    bool more = true;
    while (more) {
        push(&list, 3);
        more = __VERIFIER_nondet_int() != 0;
    }
    for (Cell *p = list; p != NULL; p = p->next)
        assert(p->data == 3);
    printf("built\n");
    while (list) {
        Cell *next = list->next;
        free(list);
        list = next;
    }
    return EXIT_SUCCESS;
}
