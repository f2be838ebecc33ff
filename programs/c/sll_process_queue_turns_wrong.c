/* expected: memsafety=true, memcleanup=false, unreach-call=false — as sll_process_queue_turns.c, but turn = 4 - turn gives wait times 1, 3, 1...: the check of the second process calls reach_error */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }

typedef struct process_node {
    int process_id;
    int time_to_wait;
    struct process_node *next;
} *process_t;

void append_to_queue(process_t n, process_t *q)
{
    n->next = *q;
    *q = n;
}

process_t choose_next(process_t *q)
{
    process_t node = *q;
    process_t prev = NULL;
    process_t result = NULL;
    while (node != NULL) {
        if (node->time_to_wait == 1) {
            result = node;
            if (prev == NULL)
                *q = node->next;
            else
                prev->next = node->next;
            break;
        }
        prev = node;
        node = node->next;
    }
    return result;
}

void check_queue(process_t q)
{
    for (; q != NULL; q = q->next)
        if (q->time_to_wait != 1 && q->time_to_wait != 2)
            reach_error();
}

int main(void)
{
    process_t queue = NULL;
    int next_time = 1;
    while (__VERIFIER_nondet_int()) {
        process_t n = malloc(sizeof(*n));
        n->process_id = __VERIFIER_nondet_int();
        n->time_to_wait = next_time;
        next_time = 4 - next_time;
        append_to_queue(n, &queue);
    }
    check_queue(queue);
    while (queue != NULL) {
        process_t p = choose_next(&queue);
        if (p == NULL) {
            p = queue;
            queue = queue->next;
        }
        free(p);
    }
    return 0;
}
