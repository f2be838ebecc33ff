/* expected: memsafety=true, memcleanup=true, unreach-call=true — a datum read from field e into an int variable and written into field d keeps its value (3), so p->d != 3 never holds; tvla said unreach-call false and memcleanup false (reach_error exits with p allocated), with a witness taking p->d != 3 (Load_Data_v_p_e sets xeq[v,3] to 1/2: field e has no key 3 to load it from, only field d has, and Set_Data_p_d_v / Data_Cond_p_d_ne_3 are exact); the direct copy p->d = p->e is handled (_copied_keys), the copy through a register is not; fixed in 2b4fefd: tvla now says true/true/true */
#include <stdlib.h>
extern void reach_error(void);
struct node { struct node *next; int d; int e; };
int main(void)
{
    struct node *p = malloc(sizeof(struct node));
    int v;
    p->e = 3;
    v = p->e;
    p->d = v;
    if (p->d != 3)
        reach_error();
    free(p);
    return 0;
}
