/* expected: memsafety=true, memcleanup=true, unreach-call=true — in the style of forester-heap dll-simple-white-blue-1: a DLL of WHITE cells where each BLUE cell is followed by a WHITE one; the check walk steps over the WHITE after each BLUE; freed backwards */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

typedef enum { BLUE, WHITE } Colour;
struct TDLL { struct TDLL *next; struct TDLL *prev; Colour colour; };

int main(void)
{
    struct TDLL *list = malloc(sizeof(struct TDLL));
    list->next = NULL;
    list->prev = NULL;
    list->colour = WHITE;

    struct TDLL *end = list;
    while (__VERIFIER_nondet_int()) {
        end->next = malloc(sizeof(struct TDLL));
        end->next->prev = end;
        end = end->next;
        end->next = NULL;
        if (__VERIFIER_nondet_int()) {
            end->colour = WHITE;
        } else {
            end->colour = BLUE;
            end->next = malloc(sizeof(struct TDLL));
            end->next->prev = end;
            end = end->next;
            end->next = NULL;
            end->colour = WHITE;
        }
    }

    end = list;
    while (NULL != end) {
        if (BLUE == end->colour) {
            end = end->next;
            if (WHITE != end->colour)
                reach_error();
        }
        end = end->next;
    }

    end = list;
    while (end->next)
        end = end->next;
    while (end) {
        list = end->prev;
        free(end);
        end = list;
    }
    return 0;
}
