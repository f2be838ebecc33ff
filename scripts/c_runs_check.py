"""Check the analysis' proofs against concrete runs: every ``true`` of a ``tvla verify --json``
result is searched for a violation by runs of the C program (tvla.concrete.csearch).

    .venv/bin/python -m tvla verify -j 2 --json r.json programs/c
    .venv/bin/python scripts/c_runs_check.py r.json              # 2000 runs per file
    .venv/bin/python scripts/c_runs_check.py r.json --runs 500
    .venv/bin/python scripts/c_runs_check.py /tmp/diff4261/*.c.json   # a diff campaign's results

A run that violates a property the analysis proved is a soundness bug of the analysis (or of
the interpreter): each is printed with the run's violation, and the exit status is 1.  The runs
are seeded, so the same result file gives the same check.
"""

import json
import sys
from typing import Dict, List

import click

from tvla.cfront.parse import deep_stack
from tvla.concrete.csearch import CONCRETE_PROPERTIES, ConcreteSearch, Found


def proved(result: dict) -> Dict[str, List[str]]:
    """Per file of a ``--json`` result, the properties the analysis says are true."""
    files = result if isinstance(result, list) else [result] if "file" in result else result.get("files", [])
    out = {}
    for f in files:
        props = [p for p, v in f.get("properties", {}).items() if v["verdict"] == "true" and p in CONCRETE_PROPERTIES]
        if props:
            out[f["file"]] = props
    return out


def contradictions(path: str, props: List[str], runs: int) -> Dict[str, Found]:
    def go() -> Dict[str, Found]:
        search = ConcreteSearch.of_file(path)
        return search.find(props, 0, runs, 60.0) if search is not None else {}
    return deep_stack(go)


@click.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--runs", default=2000, show_default=True, help="Runs per file.")
def main(results: List[str], runs: int) -> None:
    todo: Dict[str, List[str]] = {}
    for result in results:
        with open(result) as fh:
            todo.update(proved(json.load(fh)))
    bad = 0
    for path, props in todo.items():
        for prop, f in contradictions(path, props, runs).items():
            bad += 1
            click.echo(f"CONTRADICTION {path} {prop}: a run violates it ({f.kind} at {f.pos}: {f.message})")
    click.echo(f"{sum(map(len, todo.values()))} true verdicts of {len(todo)} files checked, {bad} contradicted")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
