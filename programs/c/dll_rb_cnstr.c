/* expected: memsafety=true, memcleanup=true, unreach-call=true — (forester-heap dll-rb-cnstr style) a DLL ending in a sentinel cell, each RED cell followed by a BLACK one; the walk checks the constraint; every cell and the sentinel freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef enum {RED, BLACK} Colour;

typedef struct TDLL {
    struct TDLL* next;
    struct TDLL* prev;
    Colour colour;
} DLL;

int main() {
    DLL* null = malloc(sizeof(DLL));
    null->next = NULL;
    null->prev = NULL;
    null->colour = BLACK;

    DLL* list = malloc(sizeof(DLL));
    list->next = null;
    list->prev = null;
    list->colour = BLACK;

    DLL* end = list;

    while (__VERIFIER_nondet_int()) {
        end->next = malloc(sizeof(DLL));
        end->next->prev = end;
        end = end->next;
        end->next = null;

        if (__VERIFIER_nondet_int()) {
            end->colour = RED;
            end->next = malloc(sizeof(DLL));
            end->next->prev = end;
            end = end->next;
            end->next = null;
        }
        end->colour = BLACK;
    }

    end = list;
    if (!end) reach_error();
    if (BLACK != end->colour) reach_error();

    while (null != end) {
        if (RED == end->colour) {
            end = end->next;
            if (!end) reach_error();
            if (BLACK != end->colour) reach_error();
        }
        end = end->next;
        if (!end) reach_error();
    }

    end = NULL;
    while (null != list) {
        end = list->next;
        free(list);
        list = end;
    }
    free(null);
    return 0;
}
