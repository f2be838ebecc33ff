/* expected: memsafety=true, memcleanup=false, unreach-call=false — the same, but a rare inner list gets a
   third cell, so the check len <= 2 after it is built fails (reach_error() ends the program with every
   cell still allocated) */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TSLL { struct TSLL *next; struct TSLL *inner; } SLL;

static SLL *cell(void)
{
	SLL *c = malloc(sizeof(SLL));
	c->next = NULL;
	c->inner = NULL;
	return c;
}

static int length(SLL *inner)
{
	int len = 0;
	while (inner != NULL) {
		if (inner->inner != NULL)
			reach_error();
		inner = inner->next;
		len++;
	}
	return len;
}

int main(void)
{
	SLL *list = cell();
	SLL *end = list;
	while (__VERIFIER_nondet_int()) {
		end->next = cell();
		end = end->next;
	}
	for (end = list; end != NULL; end = end->next) {
		end->inner = malloc(sizeof(SLL));
		end->inner->next = NULL;
		end->inner->inner = NULL;
		if (__VERIFIER_nondet_int()) {
			end->inner->next = malloc(sizeof(SLL));
			end->inner->next->next = NULL;
			end->inner->next->inner = NULL;
			if (__VERIFIER_nondet_int()) {
				end->inner->next->next = malloc(sizeof(SLL));
				end->inner->next->next->next = NULL;
				end->inner->next->next->inner = NULL;
			}
		}
		int len = 0;
		SLL *inner = end->inner;
		while (inner != NULL) {
			if (inner->inner != NULL)
				reach_error();
			inner = inner->next;
			len++;
		}
		if (len > 2)
			reach_error();
	}
	for (end = list; end != NULL; end = end->next)
		if (length(end->inner) > 2)
			reach_error();
	while (list != NULL) {
		end = list->inner;
		while (end != NULL) {
			SLL *t = end->next;
			free(end);
			end = t;
		}
		end = list->next;
		free(list);
		list = end;
	}
	return 0;
}
