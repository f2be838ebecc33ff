"""``tvla inputs PROGRAM INPUT``: the input structures as the analysis starts from them.

Each structure of INPUT is completed (instrumentation from definitions),
coerced and blurred, as ``tvla analyze`` does before its first step; this
prints every distinct result in TVS, then the smallest concrete stores it
describes, so a user sees what "the input" means to the analysis: dropped
structures, summary nodes that the rules made single, values left 1/2.
"""

from typing import List

from tvla.cli.api import load, read_inputs
from tvla.concrete.interpreter import concretize
from tvla.engine.fixpoint import input_warnings
from tvla.engine.options import Options
from tvla.lang.tvs import format_structure
from tvla.output.witness_view import draw_store

__all__ = ["input_lines"]


def input_lines(program_path: str, input_path: str, nodes: int, stores: int, options: Options) -> List[str]:
    """The report of ``tvla inputs``: a summary, the warnings, then per prepared structure its
    TVS text and up to ``stores`` concrete stores of at most ``nodes`` cells."""
    analysis = load(program_path, options)
    structures, given = read_inputs(analysis, input_path)
    prepared, summary = analysis.prepare_inputs(structures, given)
    lines = [f"{input_path}: {summary.given} given, {summary.used} used (distinct after completion, "
             f"coerce and blur), {len(summary.dropped)} dropped"]
    if summary.completed:
        lines.append(f"completed from their definitions: {', '.join(summary.completed)}")
    lines += [f"warning: {w}" for w in input_warnings(summary)]
    voc = analysis.voc
    for k, s in enumerate(prepared):
        lines += ["", f"// entry structure {k + 1}", *format_structure(s, voc).rstrip("\n").split("\n")]
        found = concretize(s, voc, analysis.coercer, nodes, evaluator=analysis.ev)
        if not found:
            lines.append(f"// describes no store of at most {nodes} cells")
            continue
        lines.append(f"// the smallest stores it describes ({min(stores, len(found))} of {len(found)} "
                     f"with at most {nodes} cells):")
        for c in found[:stores]:
            lines.append("//   " + draw_store(c, [f"c{u}" for u in range(c.n)], voc))
    return lines
