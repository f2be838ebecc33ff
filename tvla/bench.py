"""Benchmark: ``python -m tvla.bench [DIR ...] [--timeout S]`` prints a table.

Each DIR holds a ``bench.txt`` with lines ``PROGRAM INPUT [JOIN] [paper=STRUCTURES/SECONDS]``.
Every analysis runs in its own process (so peak memory is its own) under a
time limit; the table gives total structures, seconds per phase, peak memory,
the verdict (messages or "proved"), and the paper's Table 5 figures.
"""

import json
import os
import resource
import subprocess
import sys
import time

import click

from .results import PHASES

DEFAULT_DIRS = ("programs/sll", "programs/sorting")


def _entries(directory):
    path = os.path.join(directory, "bench.txt")
    if not os.path.isfile(path):
        return []
    out = []
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


def run_one(directory, program, input_name, join):
    """Run one analysis in this process; return its statistics as a dict."""
    from .api import run_analysis
    cwd = os.getcwd()
    os.chdir(directory)
    try:
        t0 = time.perf_counter()
        r = run_analysis(program + ".tvp", input_name + ".tvs", join=join)
        wall = time.perf_counter() - t0
    finally:
        os.chdir(cwd)
    return {
        "structures": r.total_structures,
        "seconds": round(wall, 3),
        "phases": {ph: round(r.seconds.get(ph, 0.0), 3) for ph in PHASES},
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "messages": sorted({f"{m.location}: {m.text}" for m in r.messages}),
        "limit": r.limit_hit,
    }


@click.command()
@click.argument("dirs", nargs=-1)
@click.option("--timeout", default=600, show_default=True, help="Seconds allowed per analysis.")
@click.option("--one", nargs=4, hidden=True, default=None)
def main(dirs, timeout, one):
    """Benchmark the analyses listed in DIR/bench.txt."""
    if one:
        print(json.dumps(run_one(*one)))
        return
    entries = [e for d in (dirs or DEFAULT_DIRS) for e in _entries(d)]
    header = (f"{'program':<16} {'input':<12} {'join':<5} {'structs':>8} {'seconds':>8} "
              + " ".join(f"{ph[:6]:>7}" for ph in PHASES)
              + f" {'MB':>6}  {'paper':>14}  verdict")
    click.echo(header)
    click.echo("-" * len(header))
    for directory, program, input_name, join, paper in entries:
        cmd = [sys.executable, "-m", "tvla.bench", "--one", directory, program, input_name, join]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
            data = json.loads(proc.stdout) if proc.returncode == 0 else None
            err = proc.stderr.strip().splitlines()[-1] if proc.returncode else ""
        except subprocess.TimeoutExpired:
            data, err = None, f"timeout after {timeout}s"
        paper_txt = paper.replace("/", " / ") + "s" if paper else "-"
        if data is None:
            click.echo(f"{program:<16} {input_name:<12} {join:<5} {'-':>8} {'-':>8} "
                       + " ".join(f"{'-':>7}" for _ in PHASES) + f" {'-':>6}  {paper_txt:>14}  {err}")
            continue
        verdict = "proved" if not data["messages"] else "; ".join(data["messages"])
        if data["limit"]:
            verdict = f"stopped ({data['limit']})"
        click.echo(f"{program:<16} {input_name:<12} {join:<5} {data['structures']:>8} {data['seconds']:>8.2f} "
                   + " ".join(f"{data['phases'][ph]:>7.2f}" for ph in PHASES)
                   + f" {data['peak_mb']:>6.0f}  {paper_txt:>14}  {verdict}")


if __name__ == "__main__":  # pragma: no cover
    main()
