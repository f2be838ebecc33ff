/* expected: memsafety=true, memcleanup=true, unreach-call=true — SV-COMP heap-manipulation dll_of_dll style: a doubly linked list of masters, each holding a doubly linked list of slaves, both built by one generic create(insert) called with a function pointer (inserts twice, then in a loop); the nested lists and the masters are destroyed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);

struct slave_item {
    struct slave_item *next;
    struct slave_item *prev;
};

struct slave_item* alloc_or_die_slave(void)
{
    struct slave_item *ptr = malloc(sizeof(*ptr));
    if (!ptr)
        abort();
    ptr->next = NULL;
    ptr->prev = NULL;
    return ptr;
}

struct master_item {
    struct master_item *next;
    struct master_item *prev;
    struct slave_item *slave;
};

struct master_item* alloc_or_die_master(void)
{
    struct master_item *ptr = malloc(sizeof(*ptr));
    if (!ptr)
        abort();
    ptr->next = NULL;
    ptr->prev = NULL;
    ptr->slave = NULL;
    return ptr;
}

void dll_insert_slave(struct slave_item **dll)
{
    struct slave_item *item = alloc_or_die_slave();
    struct slave_item *next = *dll;
    item->next = next;
    if (next)
        next->prev = item;
    *dll = item;
}

void* dll_create_generic(void (*insert_fnc)())
{
    void *dll = NULL;
    insert_fnc(&dll);
    insert_fnc(&dll);
    while (__VERIFIER_nondet_int())
        insert_fnc(&dll);
    return dll;
}

struct slave_item* dll_create_slave(void)
{
    return dll_create_generic((void (*)())dll_insert_slave);
}

void dll_destroy_slave(struct slave_item *dll)
{
    while (dll) {
        struct slave_item *next = dll->next;
        free(dll);
        dll = next;
    }
}

void dll_destroy_nested_lists(struct master_item *dll)
{
    while (dll) {
        dll_destroy_slave(dll->slave);
        dll = dll->next;
    }
}

void dll_reinit_nested_lists(struct master_item *dll)
{
    while (dll) {
        dll->slave = NULL;
        dll = dll->next;
    }
}

void dll_destroy_master(struct master_item *dll)
{
    while (dll) {
        struct master_item *next = dll->next;
        free(dll);
        dll = next;
    }
}

void dll_insert_master(struct master_item **dll)
{
    struct master_item *item = alloc_or_die_master();
    struct master_item *next = *dll;
    item->next = next;
    if (next)
        next->prev = item;
    item->slave = dll_create_slave();
    *dll = item;
}

struct master_item* dll_create_master(void)
{
    return dll_create_generic((void (*)())dll_insert_master);
}

int main()
{
    struct master_item *dll = dll_create_master();
    dll_destroy_nested_lists(dll);
    dll_reinit_nested_lists(dll);
    dll_destroy_master(dll);
    return 0;
}
