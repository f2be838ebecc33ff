/* expected: memsafety=false(valid-free), memcleanup=true, unreach-call=true — sll-optional whose loop may let a data-1 cell share the opt cell of the data-1 cell before it: the final loop frees that cell twice */
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
	SLL* y;

	while (__VERIFIER_nondet_int())
	{
		x->next = malloc(sizeof(SLL));
		y = x;
		x = x->next;
		x->next = NULL;

		if (__VERIFIER_nondet_int())
		{
			x->data = 0;
			x->opt = x;
		}
		else if (y->data == 1 && __VERIFIER_nondet_int())
		{
			x->data = 1;
			x->opt = y->opt;
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
