"""The fast TVP reader (tvla.lang.tvp_fast) builds the syntax lark builds, positions
included, or declines (None) and leaves the text to lark."""

import dataclasses
import glob
import os
import random
from enum import Enum
from typing import Any

import pytest

from tvla.cfront.lower import lower_file
from tvla.cfront.properties import PROPERTIES
from tvla.cfront.translate import translate
from tvla.cli.verify import VerifyOptions, precisions
from tvla.errors import Located, TvlaError
from tvla.lang import tvp_fast
from tvla.lang.preprocess import preprocess
from tvla.lang.tvp import load_program
from tvla.lang.tvp_parse import parse_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def deep(x: Any) -> Any:
    """``x`` as nested tuples of every field, those left out of ``==`` (positions) too."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple((f.name, deep(getattr(x, f.name))) for f in dataclasses.fields(x))
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        return (type(x).__name__,) + tuple(deep(v) for v in x)
    if isinstance(x, (list, tuple)):
        return tuple(deep(v) for v in x)
    return x.value if isinstance(x, Enum) else x


def both(located: Located) -> Any:
    """The fast reader's syntax (None if it declined) and lark's (None on a syntax error)."""
    fast = tvp_fast.read(located)
    try:
        ref = parse_text(located)
    except TvlaError:
        ref = None
    if fast is not None:
        assert ref is not None, "the fast reader accepted a text lark rejects"
        assert deep(fast) == deep(ref)
    return fast, ref


def text(src: str) -> Located:
    return Located(src, [("t.tvp", k + 1) for k in range(src.count("\n") + 1)], "t.tvp")


def project_tvp_files():
    found = []
    for pattern in ("programs/**/*.tvp", "specs/**/*.tvp", "docs/**/*.tvp", "tests/**/*.tvp"):
        found += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    return sorted(found)


def test_every_project_file_reads_as_with_lark():
    read = 0
    for path in project_tvp_files():
        try:
            located = preprocess(path, None, [os.path.dirname(path), os.path.join(ROOT, "specs")])
        except TvlaError:
            continue
        fast, ref = both(located)
        read += fast is not None
        # only TVLA's decomposition declarations (%dname, %decompose...) are left to lark
        assert fast is not None or ref is None or "%dname" in located.text or "%decompose" in located.text, path
    assert read >= 40


CORPUS = ("dll_rb_cnstr", "sll_process_queue_turns", "dll_deque_drain_either_end", "sort_insertion",
          "sll_list_of_lists", "tree_delete_min_leak", "sll_partition_pivot")


@pytest.mark.parametrize("name", CORPUS)
def test_c_translations_read_as_with_lark(name, tmp_path):
    cprog = lower_file(os.path.join(ROOT, "programs", "c", name + ".c"))
    for precision in precisions(cprog, VerifyOptions(PROPERTIES)):
        (tmp_path / "p.tvp").write_text(translate(cprog, PROPERTIES, precision).tvp)
        fast, ref = both(preprocess(str(tmp_path / "p.tvp"), None, ()))
        assert fast is not None and ref is not None


ATOMS = ("x(v)", "n(v_1, v_2)", "r[n,x](v)", "q()", "n+(v_1, v_2)", "n*(a,b)", "v == w", "v!=w",
         "0", "1", "1/2", "1 /\n 2", "save[at[l],x](v)")


def formula(rng: random.Random, depth: int) -> str:
    """A random formula of the grammar, without parentheses where precedence and quantifiers
    reaching right decide: each is one lark reads."""
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(ATOMS)
    sub = lambda: formula(rng, depth - 1)  # noqa: E731
    ws = rng.choice((" ", "  ", "\n", "\n\t "))
    forms = (lambda: f"!{sub()}", lambda: f"{sub()}{ws}&{ws}{sub()}", lambda: f"{sub()} | {sub()}",
             lambda: f"{sub()} -> {sub()}", lambda: f"{sub()}<->{sub()}", lambda: f"E(v) {sub()}",
             lambda: f"A(v, w){ws}{sub()}", lambda: f"TC(a, b)(c, d) {sub()}", lambda: f"({sub()})",
             lambda: f"({sub()} ? {sub()} : {sub()})", lambda: f"|/{{{sub()} : z in S}}",
             lambda: f"& / {{ {sub()} : z in {{a, b}} - S}}", lambda: f"E(v) E(w) {sub()}")
    return rng.choice(forms)()


def program(rng: random.Random) -> str:
    f = lambda: formula(rng, 4)  # noqa: E731
    return f"""%s S {{a, b}}
%p x(v) unique pointer {{x, 1/2}}
%p n(v_1, v_2) function
%i r[n,x](v) = {f()} nonabs
%r {f()} ==> {f()}
foreach (z in S) {{ %p z(v) }}
%message {f()} -> "global"
%%
%action Act(y) {{
  %t "a \\"b\\"" + y + "c"
  %f {{ {f()}, {f()} {f()} }}
  %p {f()}
  %message [{f()}] {f()} -> y + "x"
  %new
  {{ x(v) = {f()}
     auto n(v_1, v_2) = {f()}
     foreach (z in S + {{c}}) {{ z(v) = {f()} auto }}
     q() = {f()}
  }}
  %retain {f()}
}}
%%
L1 Act(x) L2
L2 Act(q) exit
%% {{L1, L2}}
"""


@pytest.mark.parametrize("seed", range(8))
def test_random_formulae_read_as_with_lark(seed):
    rng = random.Random(seed)
    for _ in range(25):
        fast, ref = both(text(program(rng)))
        assert fast is not None and ref is not None


def test_mutated_programs_are_read_as_with_lark_or_left_to_it():
    rng = random.Random(7)
    words = ("E(v)", "->", '-> "m"', "<->", "|", "&", "!", "(", ")", "[", "]", "{", "}", ",", ":", "?", "==",
             "1/2", "0", "1", "|/{", "+(", "*(", "%p", "%r", "%%", "auto", "foreach", "in", "\n", "%message",
             "==>", "+", "-", "=", "E", "TC", "L1", "1x", "%dname", "\x0b")
    read = 0
    for _ in range(300):
        src = program(rng)
        for _ in range(rng.randint(1, 2)):
            k = rng.randrange(len(src))
            src = src[:k] + rng.choice(words) + src[k + rng.choice((0, 0, 1, 3)):]
        fast, _ref = both(text(src))
        read += fast is not None
    assert read > 10


@pytest.mark.parametrize("src", [
    "%p E(v)\n%%\n%%\n",              # a reserved word as a name
    "%p x(v)\n%%\n%%\nL1 A() 1\n",    # an action named A, a location 1
    "%dname x\n%p x(v)\n%%\n%%\n",    # TVLA's decomposition declarations
    "%p x(v)\n%%\n%%\nL1 x() L2 L3",  # a syntax error
])
def test_the_fast_reader_leaves_rare_or_wrong_text_to_lark(src):
    assert tvp_fast.read(text(src)) is None


def test_deep_nesting_is_left_to_lark(tmp_path):
    depth = tvp_fast.MAX_NESTING + 5
    src = f"%p x(v)\n%i y(v) = {'(' * depth}x(v){')' * depth}\n%%\n%action a() {{ }}\n%%\nL1 a() L2\n"
    assert tvp_fast.read(text(src)) is None
    (tmp_path / "deep.tvp").write_text(src)
    assert "y" in load_program(str(tmp_path / "deep.tvp")).vocabulary


def test_messages_keep_their_arrow():
    src = ('%p x(v)\n%p y(v)\n%%\n%action a() {\n  %message E(v) x(v) -> y(v) -> "both"\n'
           '  %message (x(v) -> y(v)) -> "outer"\n}\n%%\n')
    fast, ref = both(text(src))
    assert fast is not None
    messages = fast.actions[0].items
    assert [m.text for m in messages] == [[("s", "both")], [("s", "outer")]]
