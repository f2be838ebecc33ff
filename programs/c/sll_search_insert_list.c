/* list_search style: a global list filled by four calls of insert_list (whose pointer parameter is
   passed uninitialised and overwritten), searched, one cell deleted; the rest is never freed.
   memsafety: true  memcleanup: false  unreach-call: true */
extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
#include <stdlib.h>

typedef struct list {
    int key;
    struct list *next;
} mlist;

mlist *head;

mlist *search_list(mlist *l, int k)
{
    l = head;
    while (l != NULL && l->key != k)
        l = l->next;
    return l;
}

int delete_list(mlist *l)
{
    mlist *tmp = head;
    if (head != l) {
        while (tmp->next != l)
            tmp = tmp->next;
    } else {
        head = l->next;
    }
    tmp->next = l->next;
    free(l);
    return 0;
}

int insert_list(mlist *l, int k)
{
    l = (mlist *) malloc(sizeof(mlist));
    l->key = k;
    l->next = head;
    head = l;
    return 0;
}

int main(void)
{
    mlist *mylist, *temp;
    insert_list(mylist, 2);
    insert_list(mylist, 5);
    insert_list(mylist, 1);
    insert_list(mylist, 3);
    mylist = head;
    while (mylist)
        mylist = mylist->next;
    temp = search_list(head, 2);
    __VERIFIER_assert(temp->key == 2);
    delete_list(temp);
    mylist = head;
    while (mylist)
        mylist = mylist->next;
    return 0;
}
