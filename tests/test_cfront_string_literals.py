"""A string literal as a pointer value (an argument ``die("oom")``, ``const char *s = "x"``,
``n->name = "x"``) is a cell not on the heap of its first character: never NULL, never to be
freed.  It was an unsupported pointer expression, so an error helper taking a message made
memory safety unknown (a helper's probe)."""

import pytest

from conftest import c_verdicts

HEAD = """#include <stdlib.h>
extern void reach_error(void);
struct node { struct node *next; char *name; };
"""


@pytest.mark.parametrize("concrete", [True, False])
@pytest.mark.parametrize("body, expected", [
    # never called: malloc does not fail
    ('static void die(const char *msg) { abort(); }\n'
     'int main(void) { int *p = malloc(sizeof(int)); if (p == NULL) die("oom"); free(p); return 0; }',
     ("true", "true", "true")),
    ('static void use(const char *m) { if (m == NULL) reach_error(); }\n'
     'int main(void) { use("x"); const char *s = "abc"; if (!s) reach_error(); return 0; }',
     ("true", "true", "true")),
    ('static void drop(char *msg) { free(msg); }\nint main(void) { drop("oom"); return 0; }',
     ("false (valid-free)", "true", "true")),
    ('int main(void) { struct node *n = malloc(sizeof *n); n->next = NULL; n->name = "a";\n'
     '  free(n->name); free(n); return 0; }', ("false (valid-free)", "true", "true")),
])
def test_a_string_literal_is_a_cell_not_on_the_heap(tmp_path, body, expected, concrete):
    assert c_verdicts(tmp_path, HEAD + body + "\n", concrete=concrete) == expected
