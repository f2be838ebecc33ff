/* expected: memsafety=true, memcleanup=true, unreach-call=true — a list of lists of one struct type (forester's
   sll-01): each cell gets an inner list of one or two cells, whose length a counter checks right after it is
   built (len <= 2) and again in a second walk once every inner list exists; then all is freed */
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
