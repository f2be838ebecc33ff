/* expected: memsafety=true, memcleanup=true, unreach-call=true — SV-COMP forester-heap sll-optional style: a list whose data-0 cells point to themselves by opt and data-1 cells to a fresh cell of their own; walked to check that, then each cell freed with its opt cell */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TSLL
{
	struct TSLL* next;
	struct TSLL* opt;
	int data;
} SLL;

int main()
{
	SLL* head = malloc(sizeof(SLL));
	head->next = NULL;
	if (__VERIFIER_nondet_int())
	{
		head->data = 0;
		head->opt = head;
	}
	else
	{
		head->data = 1;
		head->opt = malloc(sizeof(SLL));
		head->opt->next = NULL;
		head->opt->opt = NULL;
	}

	SLL* x = head;

	while (__VERIFIER_nondet_int())
	{
		x->next = malloc(sizeof(SLL));
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
			x->opt = malloc(sizeof(SLL));
			x->opt->next = NULL;
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
