/* expected: memsafety=false(valid-deref), memcleanup=true, unreach-call=false — in the style of dll-simple-white-blue-2: a BLUE cell gets its WHITE follower only on some runs; a BLUE last cell makes the check walk read NULL->colour (and BLUE followed by BLUE reaches reach_error, which returns) */
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
            if (__VERIFIER_nondet_int()) {
                end->next = malloc(sizeof(struct TDLL));
                end->next->prev = end;
                end = end->next;
                end->next = NULL;
                end->colour = WHITE;
            }
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
