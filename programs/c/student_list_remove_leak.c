/* expected: memsafety=false(valid-memtrack), memcleanup=false, unreach-call=true — the same, but remove_value unlinks the cell without freeing it */
extern void reach_error(void);
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

typedef struct Node {
    int value;
    struct Node *next;
} Node;

Node *push(Node *head, int value) {
    Node *n = (Node *)malloc(sizeof(Node));
    if (n == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    n->value = value;
    n->next = head;
    return n;
}

Node *remove_value(Node *head, int value) {
    Node *prev = NULL, *cur = head;
    while (cur != NULL) {
        if (cur->value == value) {
            if (prev == NULL)
                head = cur->next;
            else
                prev->next = cur->next;

            return head;
        }
        prev = cur;
        cur = cur->next;
    }
    return head;
}

int length(Node *head) {
    int n = 0;
    for (; head; head = head->next)
        n++;
    return n;
}

void print(Node *head) {
    for (Node *p = head; p != NULL; p = p->next)
        printf("%d ", p->value);
    printf("\n");
}

void free_list(Node *head) {
    while (head != NULL) {
        Node *next = head->next;
        free(head);
        head = next;
    }
}

int main(void) {
    Node *list = NULL;
    for (int i = 1; i <= 5; i++)
        list = push(list, i);
    list = remove_value(list, 3);
    assert(length(list) == 4);
    print(list);
    free_list(list);
    return 0;
}
