"""Benchmark: ``python -m tvla.cli.bench [DIR ...] [--timeout S]`` prints a table.

Each DIR holds a ``bench.txt`` with lines ``PROGRAM INPUT [JOIN] [paper=STRUCTURES/SECONDS]``.
Every analysis runs in its own process (so peak memory is its own) under a
time limit; the table gives total structures, wall and CPU seconds, seconds
per phase, peak memory, the memory held by the stored structures (KB per
structure), the verdict (messages, "proved", or where it stopped) and the
reference figures of the ``paper=`` field.  An analysis that hits the time
limit is stopped from inside and reports what it had stored by then.
"""

import json
import os
import resource
import subprocess
import sys
import time
from typing import Any, Dict, Iterable, List, Optional, Tuple

import click

from tvla.cli.api import attach_witnesses, load, read_inputs
from tvla.engine.options import build_options
from tvla.engine.results import PHASES, NoWitness, Result
from tvla.lang.program import Program
from tvla.logic.structure import Structure

Entry = Tuple[str, str, str, str, Optional[str]]
"""A line of ``bench.txt``: (directory, program, input, join, paper figures or None)."""

Stats = Dict[str, Any]
"""The statistics of one run, as JSON (see :func:`run_one`)."""

DEFAULT_DIRS = ("programs/sll", "programs/sorting", "programs/sorting_tvla", "programs/gc", "programs/dll",
                "programs/decomp", "programs/termination", "programs/tree")


class _OutOfTime(Exception):
    pass


def _entries(directory: str) -> List[Entry]:
    path = os.path.join(directory, "bench.txt")
    if not os.path.isfile(path):
        return []
    out: List[Entry] = []
    with open(path) as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            paper = next((w[6:] for w in words if w.startswith("paper=")), None)
            words = [w for w in words if not w.startswith("paper=")]
            out.append((directory, words[0], words[1], words[2] if len(words) > 2 else "part", paper))
    return out


def stored_bytes(structures: Iterable[Structure]) -> int:
    """Bytes held by the tables of ``structures``; objects shared between
    structures (interned rows, small ints) are counted once."""
    seen = set()
    total = 0

    def add(obj: object) -> None:
        nonlocal total
        if id(obj) in seen:
            return
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, (list, tuple)):
            for x in obj:
                add(x)
        elif isinstance(obj, dict):
            for k, v in obj.items():
                add(k)
                add(v)

    for s in structures:
        add(s)
        for part in (s.nul, s.uT, s.uU, s.bT, s.bU, s.hi):  # the storage itself, by design
            add(part)
    return total


def run_one(directory: str, program: str, input_name: str, join: str, timeout: float) -> Stats:
    """Run one analysis in this process (stopping it after ``timeout`` seconds);
    return its statistics as a dict.  The options are those of ``tvla analyze
    PROGRAM INPUT -join JOIN`` (``PROGRAM.properties`` is read)."""
    cwd = os.getcwd()
    os.chdir(directory)
    t0 = time.perf_counter()
    c0 = time.process_time()
    seen = {"total": 0}

    def progress(_loc: str, _steps: int, total: int, _messages: int) -> None:
        seen["total"] = total
        if time.perf_counter() - t0 > timeout:
            raise _OutOfTime()

    witness = None
    r: Optional[Result]
    try:
        analysis = load(program + ".tvp", build_options(program + ".tvp", join=join))
        structures, given = read_inputs(analysis, input_name + ".tvs")
        r = analysis.run(structures, progress=progress, given=given)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if r.messages and r.limit_hit in (None, "coerce-failed"):
            witness = time_witnesses(r, analysis.program)
    except _OutOfTime:
        r = None
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    finally:
        os.chdir(cwd)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if r is None:
        return {"structures": seen["total"], "seconds": round(wall, 3), "cpu": round(cpu, 3),
                "witness": None, "phases": None, "peak_mb": round(peak_mb, 1), "kb_per_structure": None,
                "messages": [], "limit": f"timeout after {timeout}s"}
    stored = [s for ss in r.locations.values() for s in ss]
    return {
        "structures": r.total_structures,
        "seconds": round(wall, 3),
        "cpu": round(cpu, 3),
        "witness": witness,
        "phases": {ph: round(r.seconds.get(ph, 0.0), 3) for ph in PHASES},
        "peak_mb": round(peak_mb, 1),
        "kb_per_structure": round(stored_bytes(stored) / 1024 / max(1, len(stored)), 2),
        "messages": sorted({f"{m.location}: {m.text}" for m in r.messages}),
        "limit": r.limit_hit,
    }


def time_witnesses(result: Result, program: Program) -> Stats:
    """Seconds of the witness search for every message (default bounds), and how
    many messages got one."""
    t0 = time.perf_counter()
    result = attach_witnesses(result, program)
    found = sum(not isinstance(m.witness, NoWitness) for m in result.messages)
    return {"seconds": round(time.perf_counter() - t0, 3), "found": found, "messages": len(result.messages)}


def _row(program: str, input_name: str, join: str, data: Optional[Stats], paper_txt: str, err: str) -> str:
    head = f"{program:<16} {input_name:<12} {join:<5} "
    if data is None:
        return (head + f"{'-':>8} {'-':>8} {'-':>8} " + " ".join(f"{'-':>7}" for _ in PHASES)
                + f" {'-':>6} {'-':>6} {'-':>12}  {paper_txt:>16}  {err}")
    verdict = "proved" if not data["messages"] else "; ".join(data["messages"])
    if data["limit"]:
        verdict = f"stopped ({data['limit']})" + (f": {verdict}" if data["messages"] else "")
    phases = data["phases"]
    ph_txt = " ".join(f"{phases[ph]:>7.2f}" if phases else f"{'-':>7}" for ph in PHASES)
    kb = data["kb_per_structure"]
    w = data["witness"]
    w_txt = f"{w['seconds']:.2f} ({w['found']}/{w['messages']})" if w else "-"
    return (head + f"{data['structures']:>8} {data['seconds']:>8.2f} {data['cpu']:>8.2f} " + ph_txt
            + f" {data['peak_mb']:>6.0f} {kb if kb is not None else '-':>6} {w_txt:>12}  {paper_txt:>16}  {verdict}")


def read_manifest(directory: str) -> Dict[Tuple[str, str], str]:
    """``DIR/manifest.txt`` of a C corpus: (file, property) -> the true verdict (programs/c/README.md)."""
    out: Dict[Tuple[str, str], str] = {}
    path = os.path.join(directory, "manifest.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                words = line.split("#", 1)[0].split()
                if len(words) >= 3:
                    out[(words[0], words[1])] = words[2]
    return out


def c_rows(directory: str, timeout: float) -> List[str]:
    """One row per C program of ``directory``: lines, seconds, and per property our verdict / the truth."""
    from tvla.cli.verify import VerifyOptions, c_files, verify_files
    if not os.path.isdir(directory):
        raise click.BadParameter(f"{directory} is not a directory", param_hint="--c")
    truth = read_manifest(directory)
    props = ("memsafety", "memcleanup", "unreach-call")
    rows = [f"{'C program':<32} {'lines':>5} {'seconds':>8}  " + "  ".join(f"{p:<24}" for p in props),
            "-" * 120]
    for path in c_files([directory]):
        [f] = verify_files([path], VerifyOptions(props, timeout=timeout), jobs=1)
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = sum(1 for _ in fh)
        name = os.path.basename(path)
        cells = []
        for p in f.properties:
            got = p.verdict + (f"({p.violated})" if p.violated and p.name == "memsafety" else "")
            want = truth.get((name, p.name), "?")
            cells.append(f"{got if got == want else got + ' / ' + want:<24}")
        rows.append(f"{name:<32} {lines:>5} {f.seconds:>8.2f}  " + ("  ".join(cells) if not f.error else f.error))
    return rows


@click.command()
@click.argument("dirs", nargs=-1)
@click.option("--timeout", default=600, show_default=True,
              help="Seconds allowed per analysis (it is stopped and reported as such).")
@click.option("--c", "c_dir", default=None, is_flag=False, flag_value="programs/c",
              help="Time tvla verify on every C program of DIR (default programs/c) instead: "
                   "a cell shows our verdict, and after ' / ' the true one when they differ.")
@click.option("--one", nargs=4, hidden=True, default=None)
def main(dirs: Tuple[str, ...], timeout: int, c_dir: Optional[str], one: Optional[Tuple[str, str, str, str]]) -> None:
    """Benchmark the analyses listed in DIR/bench.txt."""
    if one:
        print(json.dumps(run_one(*one, timeout)))
        return
    if c_dir:
        for row in c_rows(c_dir, min(timeout, 120)):
            click.echo(row)
        return
    entries = [e for d in (dirs or DEFAULT_DIRS) for e in _entries(d)]
    header = (f"{'program':<16} {'input':<12} {'join':<5} {'structs':>8} {'seconds':>8} {'cpu':>8} "
              + " ".join(f"{ph[:6]:>7}" for ph in PHASES)
              + f" {'MB':>6} {'KB/st':>6} {'witness s':>12}  {'paper':>16}  verdict")
    click.echo(header)
    click.echo("-" * len(header))
    for directory, program, input_name, join, paper in entries:
        cmd = [sys.executable, "-m", "tvla.cli.bench", "--timeout", str(timeout),
               "--one", directory, program, input_name, join]
        try:
            # the child stops itself at the limit; the margin covers loading and a last step
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 1.5 + 30,
                                  check=False)
            data = json.loads(proc.stdout) if proc.returncode == 0 else None
            err = proc.stderr.strip().splitlines()[-1] if proc.returncode else ""
        except subprocess.TimeoutExpired:
            data, err = None, f"killed after {timeout * 1.5 + 30:.0f}s"
        paper_txt = paper.replace("/", " / ") + "s" if paper else "-"
        click.echo(_row(program, input_name, join, data, paper_txt, err))


if __name__ == "__main__":  # pragma: no cover
    main()
