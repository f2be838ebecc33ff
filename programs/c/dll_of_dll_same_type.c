/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list of doubly linked lists of one struct type (struct TSLL { next, prev, inner }, as forester's dll-01): each cell gets an inner list of one or more cells whose own inner is NULL; the shape is checked, then every inner list and the list are freed */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TSLL { struct TSLL* next; struct TSLL* prev; struct TSLL* inner; } SLL;
int main()
{
	SLL* list = malloc(sizeof(SLL));
	list->next = NULL;
	list->prev = NULL;
	list->inner = NULL;
	SLL* end = list;
	while (__VERIFIER_nondet_int()) {
		end->next = malloc(sizeof(SLL));
		end->next->prev = end;
		end = end->next;
		end->next = NULL;
		end->inner = NULL;
	}
	end = list;
	while (NULL != end) {
		int len = 0;
		SLL* inner = malloc(sizeof(SLL));
		end->inner = inner;
		inner->next = NULL;
		inner->prev = NULL;
		inner->inner = NULL;
		while (len++ < 1 || __VERIFIER_nondet_int()) {
			inner->next = malloc(sizeof(SLL));
			inner->next->prev = inner;
			inner = inner->next;
			inner->next = NULL;
			inner->inner = NULL;
		}
		end = end->next;
	}
	end = list;
	while (NULL != end) {
		SLL* inner = end->inner;
		if (NULL == inner) reach_error();
		while (NULL != inner) {
			if (NULL != inner->inner) reach_error();
			inner = inner->next;
		}
		end = end->next;
	}
	while (NULL != list) {
		end = list->inner;
		while (NULL != end) {
			SLL* temp = end->next;
			free(end);
			end = temp;
		}
		end = list->next;
		free(list);
		list = end;
	}
	return 0;
}
