/* expected: memsafety=true, memcleanup=true, unreach-call=true — two int fields of one cell both given 1 are equal, so p->e != p->d never holds; tvla said unreach-call false and memcleanup false, with a witness taking p->e != p->d (the comparison of two different fields is not tracked but not marked abstracted either: Data_Cond_p_e_ne_p_d has no data predicates); found by diff_c seed 1 id 6 (there the field e was a _Bool); fixed in 2b4fefd: tvla now says true/true/true */
#include <stdlib.h>
extern void reach_error(void);
struct node { struct node *next; int d; int e; };
int main(void)
{
    struct node *p = malloc(sizeof(struct node));
    p->d = 1;
    p->e = 1;
    if (p->e != p->d)
        reach_error();
    free(p);
    return 0;
}
