"""A doubly linked list whose cells own item lists (``struct item { struct item *next; }`` beside
``struct node { struct node *next, *prev; struct item *items; }``), freed from its tail back: the
corpus program dll_of_item_lists_freed_from_tail.c and its twin that keeps the cells.

``inv[next,prev]`` holds only on nodes (on items it would only say whether ``next`` is NULL and split
each item list into its last cell and the others); a cut or a forgotten ``prev`` focuses on the
cell it points to only (``prev`` is not in t[all]); and a cell reached back from a node through
``prev`` counts as reachable when every cell on the forward path between is a node inverted by
``prev`` (before, only lists of one struct type had that path)."""

import os
import subprocess
import sys

from tvla.cfront.lower import lower_file
from tvla.cfront.translate import translate
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "programs", "c")


def source(kept: bool = False) -> str:
    name = "dll_of_item_lists_freed_from_tail" + ("_cells_kept" if kept else "")
    with open(os.path.join(CORPUS, name + ".c")) as fh:
        return fh.read()


def write(tmp_path, kept=False):
    path = tmp_path / "dll_items.c"
    path.write_text(source(kept))
    return path


def test_the_library_of_a_list_owning_item_lists(tmp_path):
    tvp = translate(lower_file(str(write(tmp_path))), ALL).tvp
    assert "%i inv[next,prev](v) = type[node](v) & (A(v_1) next(v, v_1) -> prev(v_1, v))" in tvp
    assert "(A(h_5) (t[all](h_6, h_5) & t[all](h_5, h_1) & h_5 != h_1) -> (type[node](h_5) & inv[next,prev](h_5)))" \
        in tvp
    stale = tvp[tvp.index("%action Stale_tail_prev()"):]
    assert stale.split("\n")[2:4] == ["    %f { tail(v),", "         E(v_1) tail(v_1) & prev(v_1, v) }"]


def test_a_list_of_one_type_keeps_its_library(tmp_path):
    # without a second struct with a next field, inv is as before and no path needs a type
    path = tmp_path / "dll.c"
    src = source()
    a, b = src.index("    n->items = NULL;"), src.index("    n->next = NULL;")
    src = src[:a] + src[b:]
    a, b = src.index("    while (tail->items)"), src.index("    free(tail);")
    path.write_text(src[:a] + src[b:])
    tvp = translate(lower_file(str(path)), ALL).tvp
    assert "%i inv[next,prev](v) = A(v_1) next(v, v_1) -> prev(v_1, v)" in tvp
    assert "h_6" not in tvp


def test_verdicts(tmp_path):
    [f] = verify_files([str(write(tmp_path))], VerifyOptions(("memsafety",)))
    assert f.properties[0].verdict == "true", f.properties[0].reason
    [f] = verify_files([str(write(tmp_path, kept=True))], VerifyOptions(("memcleanup",)))
    assert f.properties[0].verdict == "false", f.properties[0].reason


def test_concrete_runs_embed(tmp_path):
    out = tmp_path / "out"
    subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(write(tmp_path)), "-o", str(out)], check=True,
                   capture_output=True)
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "dll_items.tvp"),
                            str(out / "dll_items.tvs"), "--runs", "20"], capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
