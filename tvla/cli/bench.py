"""Benchmark: ``python -m tvla.cli.bench [DIR ...] [--timeout S]`` prints a table.

Each DIR holds a ``bench.txt`` with lines ``PROGRAM INPUT [JOIN] [paper=STRUCTURES/SECONDS]``.
Every analysis runs in its own process (so peak memory is its own) under a
time limit; the table gives total structures, wall and CPU seconds, seconds
per phase, peak memory, the memory held by the stored structures (KB per
structure), the verdict (messages, "proved", or where it stopped) and the
reference figures of the ``paper=`` field.  An analysis that hits the time
limit is stopped from inside and reports what it had stored by then.

``--vs-tvla PATH`` runs each analysis with the original TVLA too (PATH: its
launcher) and prints both sides' wall seconds, peak MB and stored structures,
with the ratios ours / TVLA and their geometric means (:func:`vs_tvla`).
"""

import json
import math
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from dataclasses import dataclass
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


def run_one(directory: str, program: str, input_name: str, join: str, timeout: float,
            lean: bool = False) -> Stats:
    """Run one analysis in this process (stopping it after ``timeout`` seconds);
    return its statistics as a dict.  The options are those of ``tvla analyze
    PROGRAM INPUT -join JOIN`` (``PROGRAM.properties`` is read).  ``lean`` skips
    what TVLA does not do (the witness search, the memory walk of the stored
    structures), for :func:`vs_tvla_rows`."""
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
        if r.messages and r.limit_hit in (None, "coerce-failed") and not lean:
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
        "kb_per_structure": None if lean else round(stored_bytes(stored) / 1024 / max(1, len(stored)), 2),
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


@dataclass
class Side:
    """One side of a row of the ``--vs-tvla`` table: how its process ended
    (``ok``, ``timeout`` or ``error``), its wall seconds and peak MB (the whole
    process: the JVM for TVLA, the interpreter for us), the structures stored
    per location summed (None when unknown) and a note (a stop, an error)."""
    state: str
    seconds: float
    mb: float
    stored: Optional[int] = None
    note: str = ""


@dataclass
class Measured:
    """A child process run by :func:`measure`: exit code (None: killed at the time
    limit), wall seconds, peak resident MB, and its output."""
    code: Optional[int]
    seconds: float
    mb: float
    output: str


def measure(cmd: List[str], cwd: str, timeout: float) -> Measured:
    """Run ``cmd`` in ``cwd`` (its own process group, killed after ``timeout``
    seconds); its wall time by ``perf_counter``, its peak memory by ``wait4``."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:  # pragma: no cover - it ended meanwhile
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    return Measured(None if killed.is_set() else proc.returncode, seconds, usage.ru_maxrss / 1024, text)


def count_tvs_structures(text: str) -> int:
    """Structures stored at the locations of a TVS file written by TVLA's ``-tvs``:
    the ``%n`` lines inside ``%location`` blocks, less those of a ``%message``
    (a structure with a message is written once more, after its messages) and
    those written before any location (the structures of a constraint breach)."""
    count, inside, after_message = 0, False, False
    for line in text.splitlines():
        word = line.strip()
        if line.startswith("%location"):
            inside = True
        elif line.startswith("}"):
            inside = False
        elif inside and word.startswith("%message"):
            after_message = True
        elif inside and word.startswith("%n"):
            count += not after_message
            after_message = False
    return count


def strip_print_list(text: str) -> str:
    """A TVP program without its last section, the locations whose structures TVLA
    prints (after the third ``%%``), so that its ``-tvs`` output holds them all."""
    lines = text.splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if line.startswith("%%")]
    return "".join(lines[:marks[2]]) if len(marks) >= 3 else text


def tvla_copy(root: str, directory: str) -> str:
    """Copy ``directory`` under ``root`` with the layout TVLA's ``#include`` needs
    (paths relative to its working directory: ``specs/`` beside ``programs/``),
    the print lists stripped; return the copy's path."""
    rel = os.path.relpath(directory)
    if rel.startswith(".."):
        rel = os.path.join("programs", os.path.basename(os.path.abspath(directory)))
    dest = os.path.join(root, rel)
    if not os.path.isdir(dest):
        shutil.copytree(directory, dest)
        for name in os.listdir(dest):
            if name.endswith(".tvp"):
                with open(os.path.join(dest, name), "r+", encoding="utf-8") as fh:
                    text = strip_print_list(fh.read())
                    fh.seek(0)
                    fh.write(text)
                    fh.truncate()
    if os.path.isdir("specs") and not os.path.isdir(os.path.join(root, "specs")):
        shutil.copytree("specs", os.path.join(root, "specs"))
    return dest


def run_tvla(launcher: str, root: str, entry: Entry, timeout: float) -> Side:
    """Run TVLA on ``entry`` in a copy under ``root`` (:func:`tvla_copy`), DOT output off."""
    directory, program, input_name, join, _ = entry
    cwd = tvla_copy(root, directory)
    props = os.path.join(root, "bench.properties")
    with open(props, "w", encoding="utf-8") as fh:
        fh.write("tvla.dot.enabled = false\n")
    tvs = os.path.join(root, "out.tvs")
    if os.path.exists(tvs):
        os.remove(tvs)
    m = measure([launcher, program, input_name, "-join", join, "-terse", "-tvs", tvs, "-props", props],
                cwd, timeout)
    if m.code is None:
        return Side("timeout", m.seconds, m.mb)
    lines = [line.strip() for line in m.output.splitlines() if line.strip()]
    if m.code != 0 or not os.path.exists(tvs) or "Analysis finished." not in lines:
        why = next((line for line in lines if "rror" in line), lines[-1] if lines else f"exit {m.code}")
        return Side("error", m.seconds, m.mb, note=why)
    with open(tvs, encoding="utf-8", errors="replace") as fh:
        stored = count_tvs_structures(fh.read())
    at = next((line.split("=", 1)[1].strip() for line in lines if line.startswith("Program location =")), "?")
    note = f"TVLA stopped: constraint breach at {at}" if any("constraint was breached" in x for x in lines) else ""
    return Side("ok", m.seconds, m.mb, stored, note)


def run_ours(entry: Entry, timeout: float) -> Side:
    """Run our analysis of ``entry`` in a child process (:func:`run_one`, lean)."""
    directory, program, input_name, join, _ = entry
    cmd = [sys.executable, "-m", "tvla.cli.bench", "--timeout", str(timeout), "--lean",
           "--one", directory, program, input_name, join]
    m = measure(cmd, os.getcwd(), timeout * 1.5 + 30)
    if m.code is None:
        return Side("timeout", m.seconds, m.mb)
    lines = m.output.strip().splitlines()
    try:
        data = json.loads(next(line for line in reversed(lines) if line.startswith("{")))
    except (ValueError, StopIteration):
        return Side("error", m.seconds, m.mb, note=lines[-1] if lines else f"exit {m.code}")
    if str(data["limit"] or "").startswith("timeout"):
        return Side("timeout", m.seconds, m.mb)
    note = f"ours stopped ({data['limit']})" if data["limit"] else ""
    return Side("ok", m.seconds, m.mb, data["structures"], note)


def _ratio(ours: Side, theirs: Side, key: str) -> Optional[float]:
    """ours / TVLA of ``key`` when both finished, else None."""
    a, b = getattr(ours, key), getattr(theirs, key)
    return a / b if theirs.state == ours.state == "ok" and a > 0 and b > 0 else None


def _geomean(xs: List[float]) -> Optional[float]:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def _fmt(x: Optional[float]) -> str:
    return "-" if x is None else f"{x:.2f}"


VS_HEADER = (f"{'analysis':<40} {'TVLA s':>8} {'ours s':>8} {'ratio':>6} {'TVLA MB':>8} {'ours MB':>8} {'ratio':>6}"
             f" {'TVLA st':>8} {'ours st':>8}  note")
"""The head line of the ``--vs-tvla`` table (``st``: stored structures)."""


def vs_tvla_row(name: str, theirs: Side, ours: Side, timeout: float) -> str:
    """A line of the ``--vs-tvla`` table: ``>T`` for a time-out, ``error`` for a
    failed run; the note says where the stored structures differ and why a run
    stopped or failed (the error itself is under the table)."""
    def cells(s: Side) -> Tuple[str, str, str]:
        if s.state == "error":
            return "error", "error", "error"
        if s.state == "timeout":
            return f">{timeout:g}", f"{s.mb:.0f}", "-"
        return f"{s.seconds:.2f}", f"{s.mb:.0f}", str(s.stored)

    (ts, tm, tst), (os_, om, ost) = cells(theirs), cells(ours)
    notes = ["stored differ"] if theirs.state == ours.state == "ok" and theirs.stored != ours.stored else []
    for who, s in (("TVLA", theirs), ("ours", ours)):
        notes += [f"{who} error (below)"] if s.state == "error" else [s.note] if s.note else []
    return (f"{name:<40} {ts:>8} {os_:>8} {_fmt(_ratio(ours, theirs, 'seconds')):>6} {tm:>8} {om:>8}"
            f" {_fmt(_ratio(ours, theirs, 'mb')):>6} {tst:>8} {ost:>8}  {'; '.join(notes)}").rstrip()


def vs_tvla_footer(rows: List[Tuple[str, Side, Side]]) -> List[str]:
    """The last lines of the ``--vs-tvla`` table: the geometric means of the
    ratios ours / TVLA over the rows where both finished, then over those of
    them where both store as many structures and neither stopped early; then
    every error, with the rows it stopped."""
    out = ["-" * len(VS_HEADER)]
    same = [(n, t, o) for n, t, o in rows if t.stored == o.stored and not t.note and not o.note]
    for what, subset in (("", rows), ("same stored, ", same)):
        times = [r for r in (_ratio(o, t, "seconds") for _, t, o in subset) if r is not None]
        mbs = [r for r in (_ratio(o, t, "mb") for _, t, o in subset) if r is not None]
        label = f"geometric mean ({what}{len(times)} rows)"
        out.append(f"{label:<40} {'':>8} {'':>8} {_fmt(_geomean(times)):>6} {'':>8} {'':>8}"
                   f" {_fmt(_geomean(mbs)):>6}".rstrip())
    errors: Dict[str, List[str]] = {}
    for name, theirs, ours in rows:
        for who, s in (("TVLA", theirs), ("ours", ours)):
            if s.state == "error":
                errors.setdefault(f"{who} error: {s.note}", []).append(name)
    for why, names in errors.items():
        out.append(why)
        out += textwrap.wrap(", ".join(names), len(VS_HEADER), initial_indent="    ", subsequent_indent="    ")
    return out


def vs_tvla_table(rows: List[Tuple[str, Side, Side]], timeout: float) -> List[str]:
    """The whole ``--vs-tvla`` table of (analysis, TVLA, ours) rows."""
    return ([VS_HEADER, "-" * len(VS_HEADER)] + [vs_tvla_row(n, t, o, timeout) for n, t, o in rows]
            + vs_tvla_footer(rows))


def vs_tvla(launcher: str, entries: List[Entry], timeout: float) -> None:
    """Print the ``--vs-tvla`` table, a row as soon as both of its runs end."""
    if not os.path.isfile(launcher):
        click.echo(f"tvla.bench: {launcher}: no such TVLA launcher", err=True)
        sys.exit(2)
    launcher = os.path.abspath(launcher)
    click.echo(VS_HEADER)
    click.echo("-" * len(VS_HEADER))
    rows = []
    with tempfile.TemporaryDirectory(prefix="tvla-bench-") as root:
        for entry in entries:
            directory, program, input_name, join, _ = entry
            name = f"{os.path.basename(os.path.normpath(directory))}/{program} {input_name} {join}"
            rows.append((name, run_tvla(launcher, root, entry, timeout), run_ours(entry, timeout)))
            click.echo(vs_tvla_row(*rows[-1], timeout))
    for line in vs_tvla_footer(rows):
        click.echo(line)


@click.command()
@click.argument("dirs", nargs=-1)
@click.option("--timeout", default=600, show_default=True,
              help="Seconds allowed per analysis (it is stopped and reported as such).")
@click.option("--c", "c_dir", default=None, is_flag=False, flag_value="programs/c",
              help="Time tvla verify on every C program of DIR (default programs/c) instead: "
                   "a cell shows our verdict, and after ' / ' the true one when they differ.")
@click.option("--vs-tvla", "launcher", default=None, metavar="PATH",
              help="Run every analysis with the original TVLA too (PATH: its launcher script, run as "
                   "'PATH PROGRAM INPUT -join JOIN -terse -tvs FILE' in a copy of DIR and specs/) and print, "
                   "side by side, TVLA's and our wall seconds, peak MB (whole processes: the JVM, the "
                   "interpreter) and stored structures (summed over locations), with the ratios ours / TVLA "
                   "and their geometric means.")
@click.option("--one", nargs=4, hidden=True, default=None)
@click.option("--lean", is_flag=True, hidden=True)
def main(dirs: Tuple[str, ...], timeout: int, c_dir: Optional[str], launcher: Optional[str],
         one: Optional[Tuple[str, str, str, str]], lean: bool) -> None:
    """Benchmark the analyses listed in DIR/bench.txt."""
    if one:
        print(json.dumps(run_one(*one, timeout, lean=lean)))
        return
    if c_dir:
        for row in c_rows(c_dir, min(timeout, 120)):
            click.echo(row)
        return
    if launcher:
        vs_tvla(launcher, [e for d in (dirs or DEFAULT_DIRS) for e in _entries(d)], timeout)
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
