"""Regenerate programs/c/answers.txt and the README's C corpus table from a run of tvla verify.

    .venv/bin/python scripts/c_answers.py            # run, then rewrite both files
    .venv/bin/python scripts/c_answers.py --check    # run and only print what differs
    .venv/bin/python scripts/c_answers.py --jobs 1   # one program at a time (other work runs)
    .venv/bin/python scripts/c_answers.py --preprocess   # check gcc -E output of each, with glibc's headers

Every program of programs/c is verified for the three properties with a 60 s limit, two
programs at a time (a 2-core machine); a program past 0.7 s is marked ``slow`` (the corpus
test leaves it to this script's ``--check`` and ``python -m tvla.bench --c``, so that the
suite stays under 10 minutes). An answer that contradicts the truth of
manifest.txt is printed and nothing is written: that is a soundness bug, not a record.

``--preprocess`` (needs gcc and glibc's headers) verifies instead each program as a ``.i`` file:
``gcc -E`` of the program after :data:`SYSTEM_HEADERS`, the way competition tasks are made; every
answer must be the one recorded for the ``.c`` file (nothing is written).
"""

import os
import re
import subprocess
import sys
import tempfile

import click

from tvla.cli.bench import read_manifest
from tvla.cli.verify import VerifyOptions, c_files, verify_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "programs", "c")
PROPERTIES = ("memsafety", "memcleanup", "unreach-call")
ANSWERS = os.path.join(CORPUS, "answers.txt")
TIMEOUT, SLOW = 60.0, 0.7

HEADER = """\
# What tvla verify answers today on each (program, property) of programs/c, with the
# default limits (60 s per program here): the truth of manifest.txt, or unknown where the
# abstraction cannot tell (the reason is in tvla verify's output).
#
#   FILE  PROPERTY  ANSWER  [slow]
#
# slow: more than 0.7 s on a 2-core machine; tests/test_cfront_corpus.py leaves those to
# scripts/c_answers.py --check and python -m tvla.bench --c (the suite stays under 10
# minutes).  Regenerate with scripts/c_answers.py after a change of the C front end or
# the engine.
"""


SYSTEM_HEADERS = "#define _GNU_SOURCE\n" + "".join(f"#include <{h}.h>\n" for h in (
    "stdlib", "stdio", "string", "assert", "stdint", "stdbool", "math", "limits", "errno", "time", "ctype",
    "stddef", "stdarg", "unistd", "complex", "wchar", "float", "pthread", "signal"))


def preprocessed(paths, into):
    """``gcc -E`` of each C file after :data:`SYSTEM_HEADERS`, as ``into/NAME.i``."""
    out = []
    for path in paths:
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as fh:
            text = f'{SYSTEM_HEADERS}#line 1 "{os.path.basename(path)}"\n{fh.read()}'
        target = os.path.join(into, name + ".i")
        subprocess.run(["gcc", "-E", "-x", "c", "-", "-o", target], input=text, text=True, check=True)
        out.append(target)
    return out


def check_preprocessed(jobs):
    """Verify the corpus as gcc -E output; print every answer unlike the recorded one."""
    with open(ANSWERS, encoding="utf-8") as fh:
        old = recorded(fh.read())
    with tempfile.TemporaryDirectory() as into:
        files = preprocessed(c_files([CORPUS]), into)
        results = verify_files(files, VerifyOptions(PROPERTIES, timeout=TIMEOUT), jobs=jobs)
    differ = 0
    for f in results:
        name = os.path.splitext(os.path.basename(f.file))[0] + ".c"
        for p in f.properties:
            if old.get((name, p.name)) != answer(p):
                differ += 1
                click.echo(f"differs: {name} {p.name} {answer(p)} (recorded {old.get((name, p.name))}): {p.reason}")
    echo_counts(results)
    sys.exit(1 if differ else 0)


def recorded(text):
    """The answers of an answers.txt text: (file, property) -> answer."""
    return {tuple(line.split()[:2]): line.split()[2] for line in text.splitlines() if line.strip() and line[0] != "#"}


def echo_counts(results):
    click.echo("counts: %d files, %d answers, %d true, %d false, %d unknown" % counts(results))


def answer(p):
    """The recorded form of one property's verdict: memsafety's false names its subproperty."""
    return p.verdict + (f"({p.violated})" if p.verdict == "false" and p.name == "memsafety" else "")


def limited(f):
    return any(p.reason and "stopped early" in p.reason for p in f.properties)


def answers_text(results):
    lines = [HEADER]
    for f in results:
        name = os.path.basename(f.file)
        for p in f.properties:
            slow = "  slow" if f.seconds > SLOW or limited(f) else ""
            lines.append(f"{name:<34} {p.name:<13} {answer(p)}{slow}\n")
    return "".join(lines)


def table(results):
    rows = ["| C program | lines | seconds | memsafety | memcleanup | unreach-call |", "|---|---:|---:|---|---|---|"]
    for f in results:
        seconds = "limit" if limited(f) else f"{f.seconds:.1f}"
        cells = " | ".join(answer(p) for p in f.properties)
        with open(f.file, encoding="utf-8", errors="replace") as fh:
            lines = sum(1 for _ in fh)
        rows.append(f"| {os.path.basename(f.file)} | {lines} | {seconds} | {cells} |")
    return "\n".join(rows) + "\n"


def counts(results):
    verdicts = [p.verdict for f in results for p in f.properties]
    return len(results), len(verdicts), *(verdicts.count(v) for v in ("true", "false", "unknown"))


def rewrite_readme(text, results):
    n_files, n_answers, n_true, n_false, n_unknown = counts(results)
    text = re.sub(r"\| C program \|.*?\n\n", lambda _: table(results) + "\n", text, count=1, flags=re.S)
    text = re.sub(r"`programs/c/` holds \d+ C programs", f"`programs/c/` holds {n_files} C programs", text)
    text = re.sub(r"Of the \d+ \(program, property\) answers, `tvla verify` says \d+ `true`, \d+\s+`false`",
                  f"Of the {n_answers} (program, property) answers, `tvla verify` says {n_true} `true`, {n_false}\n"
                  "`false`", text)
    return re.sub(r"and \d+ `unknown`; none", f"and {n_unknown} `unknown`; none", text)


@click.command()
@click.option("--check", is_flag=True, help="Only print the answers that differ from the records.")
@click.option("--jobs", default=2, show_default=True, help="Programs verified at a time (1 when other work runs).")
@click.option("--preprocess", is_flag=True, help="Check the gcc -E output of each program with glibc's headers.")
def main(check, jobs, preprocess):
    if preprocess:
        check_preprocessed(jobs)
    truth = read_manifest(CORPUS)
    results = verify_files(c_files([CORPUS]), VerifyOptions(PROPERTIES, timeout=TIMEOUT), jobs=jobs)
    wrong = [(os.path.basename(f.file), p.name, answer(p)) for f in results for p in f.properties
             if answer(p) not in (truth[(os.path.basename(f.file), p.name)], "unknown")]
    for name, prop, got in wrong:
        click.echo(f"WRONG {name} {prop} {got} (truth {truth[(name, prop)]})")
    with open(ANSWERS, encoding="utf-8") as fh:
        old = recorded(fh.read())
    new = answers_text(results)
    for key, got in recorded(new).items():
        if old.get(key) != got:
            click.echo(f"changed: {[*key, got]} (was {old.get(key)})")
    echo_counts(results)
    if check or wrong:
        sys.exit(1 if wrong else 0)
    with open(ANSWERS, "w", encoding="utf-8") as fh:
        fh.write(new)
    readme = os.path.join(ROOT, "README.md")
    with open(readme, encoding="utf-8") as fh:
        text = fh.read()
    with open(readme, "w", encoding="utf-8") as fh:
        fh.write(rewrite_readme(text, results))


if __name__ == "__main__":
    main()
