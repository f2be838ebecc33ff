/* expected: memsafety=true, memcleanup=true, unreach-call=true — in the style of forester-heap sll-rb-sentinel-1: a red-black list ending in a sentinel cell; every RED cell is followed by a BLACK one; the check walk skips two cells after a RED one */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

typedef enum { RED, BLACK } Colour;
struct TSLL { struct TSLL *next; Colour colour; };

int main(void)
{
    struct TSLL *null = malloc(sizeof(struct TSLL));
    null->next = NULL;
    null->colour = BLACK;

    struct TSLL *list = malloc(sizeof(struct TSLL));
    list->next = null;
    list->colour = BLACK;

    struct TSLL *end = list;
    while (__VERIFIER_nondet_int()) {
        end->next = malloc(sizeof(struct TSLL));
        end = end->next;
        end->next = null;
        if (__VERIFIER_nondet_int()) {
            end->colour = RED;
            end->next = malloc(sizeof(struct TSLL));
            end = end->next;
            end->next = null;
            end->colour = BLACK;
        } else {
            end->colour = BLACK;
        }
    }
    end = NULL;

    end = list;
    while (null != end) {
        if (RED == end->colour) {
            end = end->next;
            end = end->next;
        } else
            end = end->next;
    }

    while (null != list) {
        end = list->next;
        free(list);
        list = end;
    }
    free(null);
    return 0;
}
