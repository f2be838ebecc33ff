"""Reachability after a cut in a library with fields to another struct type: a pair whose target
no removed edge's end reaches stays connected (``t_cut``), also when the field cut is one between
cells of one struct.  A list cell whose inner list was merged with its successor's, then cut from
that successor, still reaches every merged cell: before, a closure over the remaining edges made
that reachability 1/2 through the 1/2 edge into the merged summary, and freeing the successor
raised a false leak."""

import subprocess
import sys

from pathlib import Path

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

ALL = ("memsafety", "memcleanup", "unreach-call")
MERGE_PAIR = (Path(__file__).resolve().parent / "data" / "c" / "merge_pair.c").read_text()
MERGE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
""" + MERGE_PAIR + """struct node *mk(void) {
    struct node *h = NULL;
    while (__VERIFIER_nondet_int()) { struct node *n = malloc(sizeof *n); n->next = h; h = n; }
    return h;
}
int main()
{
    struct list *data = malloc(sizeof *data), *next = malloc(sizeof *next);
    data->slist = mk(); next->slist = mk();
    data->next = next; next->next = NULL;
    merge_pair(&data->slist, data->slist, next->slist);
    data->next = NULL;
    free(next);
    struct node *node = data->slist;
    free(data);
    while (node) { struct node *t = node->next; FREE_NODE node = t; }
    return 0;
}
"""


def write(tmp_path, src):
    path = tmp_path / "prog.c"
    path.write_text(src)
    return str(path)


def test_the_merged_inner_list_stays_reachable(tmp_path):
    [f] = verify_files([write(tmp_path, MERGE.replace("FREE_NODE", "free(node);"))], VerifyOptions(ALL))
    assert [p.verdict for p in f.properties] == ["true", "true", "true"]


def test_a_merged_cell_not_freed_is_still_found(tmp_path):
    [f] = verify_files([write(tmp_path, MERGE.replace("FREE_NODE", "if (t) free(node);"))],
                       VerifyOptions(ALL))
    # the last cell is lost when node moves past it
    assert [(p.verdict, p.violated) for p in f.properties] == \
        [("false", "valid-memtrack"), ("false", "memcleanup"), ("true", None)]


def test_concrete_runs_embed(tmp_path):
    """Every concrete run of the translation over stores of up to 6 cells embeds in the analysis."""
    _tr, tvp, tvs = write_translation(lower_file(write(tmp_path, MERGE.replace("FREE_NODE", "free(node);"))),
                                      ("memsafety",), str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "6", "--runs", "0"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
