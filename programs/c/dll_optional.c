/* expected: memsafety=true, memcleanup=true, unreach-call=true — dll-optional style: a doubly linked list whose data-0 cells point to themselves by opt and data-1 cells to a fresh cell of their own; walked to check opt and prev, then each cell freed with its opt cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TDLL
{
	struct TDLL* next;
	struct TDLL* prev;
	struct TDLL* opt;
	int data;
} DLL;

int main()
{
	DLL* head = malloc(sizeof(DLL));
	head->next = NULL;
	head->prev = NULL;
	if (__VERIFIER_nondet_int())
	{
		head->data = 0;
		head->opt = head;
	}
	else
	{
		head->data = 1;
		head->opt = malloc(sizeof(DLL));
		head->opt->next = NULL;
		head->opt->prev = NULL;
		head->opt->opt = NULL;
	}

	DLL* x = head;

	while (__VERIFIER_nondet_int())
	{
		x->next = malloc(sizeof(DLL));
		x->next->prev = x;
		x = x->next;
		x->next = NULL;

		if (__VERIFIER_nondet_int())
		{
			x->data = 0;
			x->opt = x;
		}
		else
		{
			x->data = 1;
			x->opt = malloc(sizeof(DLL));
			x->opt->next = NULL;
			x->opt->prev = NULL;
			x->opt->opt = NULL;
		}
	}

	x = head;
	while (x != NULL)
	{
		if (x->data == 0 && x->opt != x)
			reach_error();
		if (x->data == 1 && (x->opt == x || x->opt == NULL))
			reach_error();
		if (x->next != NULL && x->next->prev != x)
			reach_error();
		x = x->next;
	}

	x = head;
	while (x != NULL)
	{
		head = x->next;
		if (x->data == 1)
			free(x->opt);
		free(x);
		x = head;
	}

	return 0;
}
