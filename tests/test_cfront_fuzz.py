"""Reproducers of the C fuzz campaigns (issue 23, scripts/fuzz_c.py), minimized: ``tvla verify`` gives
a verdict or ``prog.c:LINE:COL: message`` with exit 2, never a traceback, an internal error, a dead
worker or a hang."""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import fuzz_c  # noqa: E402 - the fuzz script, for its case generator

C = "__VERIFIER_nondet_int()"
HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node { struct node *next; int data; } *List;
"""


def main_with(body, top=""):
    """A small clean program (a list built and freed) with ``body`` inside main and ``top`` before it."""
    return HEAD + top + """int main(void)
{
    List head = NULL, p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->next = head;
        head = p;
    }
""" + body + """
    while (head != NULL) {
        p = head;
        head = head->next;
        free(p);
    }
    return 0;
}
"""


def verify(tmp_path, text, *args, name="prog.c"):
    """Run tvla verify on ``text`` (str or bytes) in a subprocess: (exit status, stdout, stderr, path)."""
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    res = subprocess.run([sys.executable, "-m", "tvla", "verify", str(path), "--timeout", "20",
                          "--property", "memsafety", *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert "Traceback" not in res.stderr and "internal error" not in res.stdout + res.stderr, res.stderr
    assert "the analysis stopped (" not in res.stdout, res.stdout   # a dead worker
    return res.returncode, res.stdout, res.stderr, str(path)


def located(tmp_path, text, *args):
    """The (line, col, message) of the error a file stops at (exit 2)."""
    rc, out, err, path = verify(tmp_path, text, *args)
    assert rc == 2, out + err
    m = re.match(re.escape(path) + r":(\d+):(\d+): (.+)", out.strip() or err.strip())
    assert m, out + err
    return int(m.group(1)), int(m.group(2)), m.group(3)


def reason(tmp_path, text, *args):
    """The reason of the unknown memsafety verdict of a file (exit 3)."""
    rc, out, err, path = verify(tmp_path, text, *args)
    assert rc == 3, out + err
    m = re.search(r"memsafety: unknown \((.*)\)$", out, re.M)
    assert m, out
    return m.group(1).replace(path, "prog.c")


# ---------------------------------------------------------------- deep nesting (RecursionError, segfault)

def test_nested_ifs_within_the_bracket_limit_are_verified(tmp_path):
    # seed 1 case 280: 200 nested ifs overflowed the worker's recursion limit (a traceback)
    rc, out, _, _ = verify(tmp_path, main_with(f"if ({C}) {{\n" * 200 + ";" + "}\n" * 200))
    assert rc == 0, out


def test_a_long_else_if_chain_is_verified(tmp_path):
    rc, out, _, _ = verify(tmp_path, main_with(f"if ({C}) ;" + f" else if ({C}) ;\n" * 600))
    assert rc == 0, out


def test_nesting_past_the_limit_is_a_located_error(tmp_path):
    # seed 1 cases 116, 175, 186, 226, 270: chains of 1,000 to 10,000 else-ifs, commas, +, ->
    body = f"if ({C}) ;" + f" else if ({C}) ;\n" * 3000
    line, _, msg = located(tmp_path, main_with(body))
    assert msg == "nested too deeply: more than 1000 levels of statements and expressions"
    assert line == 1006   # the 1,001st level
    _, _, msg = located(tmp_path, main_with("{ int v = 0; v = " + " + ".join(["v"] * 5000) + "; }"))
    assert msg.startswith("nested too deeply")


def test_thousands_of_nested_casts_do_not_kill_the_parser(tmp_path):
    # seed 1 cases 71, 110: 3,000 casts overflowed libclang's 8 MB parser thread (a segfault: the
    # worker died: "the analysis stopped (exit status None)", in fact killed by signal 11)
    line, col, msg = located(tmp_path, main_with("{ int v = " + "(int)" * 3000 + "1; }"))
    assert (line, col, msg) == (12, 4986, "nested too deeply: more than 1000 levels of statements and expressions")


def test_deep_but_allowed_expressions_lower_fast(tmp_path):
    # the lowering asked whether each level was constant, each time down to the leaves (quadratic:
    # 19 s for 900 levels); loops nested 900 deep made the liveness and reuse passes quadratic too
    # (how fast is the benchmark's business; here: it finishes within verify's own limits)
    body = ("{ int v = 1; v = " + " + ".join(["v"] * 900) + "; }\n" + f"while ({C})\n" * 900 + ";\n"
            + "if (" + " && ".join([C] * 900) + ") ;\n")
    rc, out, _, _ = verify(tmp_path, main_with(body))
    assert rc == 0, out


# ---------------------------------------------------------------- huge programs

def test_calls_nested_past_the_limit_are_unsupported(tmp_path):
    fns = "void f150(void) {}\n" + "".join(f"void f{k}(void) {{ f{k + 1}(); }}\n" for k in reversed(range(150)))
    # (--no-concrete: the runs of the C program after the analysis take their 10 s)
    assert reason(tmp_path, main_with("f0();", fns), "--no-concrete") == \
        "prog.c:55:18: unsupported: call of f100 nested more than 100 calls deep"


def test_exponential_inlining_stops_at_the_edge_limit(tmp_path):
    # f_k calls f_k+1 twice: 2**40 copies once inlined
    fns = "void f40(void) {}\n" + "".join(f"void f{k}(void) {{ f{k + 1}(); f{k + 1}(); }}\n"
                                          for k in reversed(range(40)))
    why = reason(tmp_path, main_with("f0();", fns), "--no-concrete")
    assert re.fullmatch(r"prog\.c:\d+:\d+: unsupported: call of f\d+: the program has more than 20000 "
                        r"statements once its calls are inlined", why), why


def test_a_struct_with_thousands_of_fields(tmp_path):
    # every field pointing to the struct made registering it quadratic (515 s for 5,000 fields)
    fields = " ".join(f"struct w *f{k};" for k in range(3000))
    rc, out, _, _ = verify(tmp_path, main_with("{ struct w *x = malloc(sizeof(struct w)); x->f7 = 0; free(x); }",
                                               f"struct w {{ {fields} int d; }};\n"))
    assert rc in (0, 3), out


def test_thousands_of_pointer_variables_are_analysed_on_a_deep_stack(tmp_path):
    # 2,000 locals (fuzz seed 59 case 3) give formulae 2,000 deep (the disjunction of their
    # reachability): loading them overflowed Python's stack, an internal error in every verdict;
    # now the analysis runs (and stops at the time limit: each statement updates 2,000 predicates)
    decls = " ".join(f"struct fz *l{k} = 0;" for k in range(2000))
    rc, out, _, _ = verify(tmp_path, main_with("{ " + decls + " }", "struct fz { struct fz *next; int d; };\n"),
                           "--timeout", "2", "--no-concrete")
    assert rc == 3 and out.endswith("memsafety: unknown (the analysis stopped early (time limit))\n"), out


def test_a_translation_past_a_limit_of_the_engine_is_unknown_not_an_error(tmp_path):
    # 500 unused locals in sll_reverse.c's main (fuzz seed 123 case 300): the generated analysis'
    # |/{...} over them passed the engine's expansion limit, reported as an error in the temporary
    # TVP file (exit 2); the C file is fine, its verdicts are unknown with the reason
    with open(os.path.join(ROOT, "programs", "c", "sll_reverse.c")) as fh:
        text = fh.read()
    decls = " ".join(f"struct fz *l{k} = 0;" for k in range(500))
    text = text.replace("int main(void)\n{\n", "struct fz { struct fz *next; int d; };\nint main(void)\n{\n{ " + decls + " }\n", 1)
    assert decls in text
    assert reason(tmp_path, text, "--no-concrete") == ("the analysis stopped early (the generated analysis passes a "
                                                       "limit of the engine: |/{...} and &/{...} expand to more than "
                                                       "1000000 subformulae)")


def test_a_worker_that_gives_up_keeps_the_verdicts_it_settled(tmp_path, monkeypatch):
    # a worker past its memory limit (MemoryError in the analysis) answered unknown for every
    # property, also those its concrete runs had already shown false (a probe, 2026-12-04)
    from tvla.cli import verify as v

    def out_of_memory(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(v, "_analysed", out_of_memory)   # the worker is forked: it inherits this
    path = tmp_path / "leak.c"
    path.write_text(main_with("    head = NULL;\n"))   # p still points to the list: it stays allocated
    [f] = v.verify_files([str(path)], v.VerifyOptions(("memsafety", "memcleanup", "unreach-call"), timeout=30))
    got = {p.name: (p.verdict, p.reason) for p in f.properties}
    assert got["memcleanup"][0] == "false" and got["unreach-call"][0] == "true", got   # a run; no reach_error
    assert got["memsafety"] == ("unknown", "the analysis stopped early (memory limit (4096 MB))"), got


# ---------------------------------------------------------------- names and declarations

def test_a_file_name_with_a_line_break(tmp_path):
    # seed 1 cases 879, 1880: the name went into a // comment of the generated TVP, whose next line
    # was then a syntax error located in a temporary file
    rc, out, _, _ = verify(tmp_path, main_with(""), name="new\nline.c")
    assert rc == 0, out


def test_a_nul_byte_is_binary_data_where_it_is(tmp_path):
    # seed 3 case 182: libclang skips a NUL silently; the C text with it went into the generated TVP,
    # whose reader stopped at it, located in a temporary file
    text = main_with("").replace("while (__VERIFIER_nondet_int())", "while (__VERIFIER_nondet_int(\0))", 1)
    assert located(tmp_path, text.encode()) == (7, 34, "binary data (NUL byte) in a text file")


def test_a_static_assert_in_a_function_is_no_unsupported_declaration(tmp_path):
    rc, out, _, _ = verify(tmp_path, main_with('_Static_assert(sizeof(int) == 4, "int");'))
    assert rc == 0, out


# ---------------------------------------------------------------- the fuzz script itself

def test_fuzz_cases_are_replayable_by_seed():
    a, b = fuzz_c.make_case(7, 11), fuzz_c.make_case(7, 11)
    assert (a.desc, a.base, a.data, a.setup) == (b.desc, b.base, b.data, b.setup)
    assert [fuzz_c.make_case(7, i).data for i in range(5)] != [fuzz_c.make_case(8, i).data for i in range(5)]


@pytest.mark.parametrize("err,ok", [
    ("{p}:3:7: expected ';'", True),
    ("{p}:0:0: bad", False),
    ("{p}: no line", False),
    ("tvla: internal error: X", False),
])
def test_fuzz_classes(err, ok, tmp_path):
    p = str(tmp_path / "prog.c")
    assert (fuzz_c.classify(2, "", err.format(p=p), p, "file") == "ok") == ok


def test_a_thread_past_the_memory_limit_is_the_memory_limit(tmp_path, monkeypatch):
    # the 256 MB stack of the lowering's thread may not fit under the limit: OSError ENOMEM, which
    # was reported as an internal error (a probe, 2026-12-04)
    import errno
    from tvla.cli import verify as v

    def no_room(*args, **kwargs):
        raise OSError(errno.ENOMEM, "Cannot allocate memory")
    monkeypatch.setattr(v, "verify_file", no_room)
    f = v._limited(str(tmp_path / "p.c"), v.VerifyOptions(("memsafety",), memory_mb=0))
    assert [(p.verdict, p.reason) for p in f.properties] == [
        ("unknown", "the analysis stopped early (memory limit (0 MB))")]
