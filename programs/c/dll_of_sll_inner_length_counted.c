/* expected: memsafety=true, memcleanup=true, unreach-call=true — a doubly linked list whose cells each own a
   sub-list of one or two cells of the same struct type (forester's dll-01), built at the head; walked back
   from the tail by prev, each sub-list's length counted (1 or 2, its head has no prev) and freed with it */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

typedef struct TDLL {
	struct TDLL *next;
	struct TDLL *prev;
	struct TDLL *inner;
} DLL;

static DLL *cell(DLL *next)
{
	DLL *c = malloc(sizeof(DLL));
	c->next = next;
	c->prev = NULL;
	c->inner = NULL;
	return c;
}

int main(void)
{
	DLL *list = NULL;
	do {
		DLL *c = cell(list);
		if (list != NULL)
			list->prev = c;
		c->inner = malloc(sizeof(DLL));
		c->inner->next = NULL;
		c->inner->prev = NULL;
		c->inner->inner = NULL;
		if (__VERIFIER_nondet_int()) {
			c->inner->next = malloc(sizeof(DLL));
			c->inner->next->next = NULL;
			c->inner->next->prev = c->inner;
			c->inner->next->inner = NULL;
		}
		list = c;
	} while (__VERIFIER_nondet_int());

	DLL *end = list;
	while (end->next != NULL)
		end = end->next;
	while (end != NULL) {
		DLL *inner = end->inner;
		int len = 0;
		if (inner->prev != NULL)
			reach_error();
		while (inner != NULL) {
			DLL *t = inner->next;
			free(inner);
			inner = t;
			len++;
		}
		if (len == 0 || len > 2)
			reach_error();
		DLL *p = end->prev;
		free(end);
		end = p;
	}
	return 0;
}
