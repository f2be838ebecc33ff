/* expected: memsafety=true, memcleanup=false, unreach-call=false — sll_of_sll_same_type whose second loop stops before the last cell (while (end->next)): that cell has no inner list, the check calls reach_error() on it with the memory still allocated */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TSLL { struct TSLL* next; struct TSLL* inner; } SLL;
int main()
{
	SLL* list = malloc(sizeof(SLL));
	list->next = NULL;
	list->inner = NULL;
	SLL* end = list;
	while (__VERIFIER_nondet_int()) {
		end->next = malloc(sizeof(SLL));
		end = end->next;
		end->next = NULL;
		end->inner = NULL;
	}
	end = list;
	while (NULL != end->next) {
		int len = 0;
		SLL* inner = malloc(sizeof(SLL));
		end->inner = inner;
		inner->next = NULL;
		inner->inner = NULL;
		while (len++ < 1 || __VERIFIER_nondet_int()) {
			inner->next = malloc(sizeof(SLL));
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
