"""Text and JSON reports of a :class:`~tvla.engine.results.Result`.

The text report is TVLA's end-of-run statistics (one line per location,
totals, time per phase, messages) followed by the verdict section: one line
per check and the overall verdict.  The JSON report is ``Result.to_json()``
(docs/json.md) with the witnesses' JSON of ``tvla.output.witness_view``.
"""

import json
from typing import Callable, List, Optional

from tvla.engine.results import ALARM, PHASES, PROVED, UNREACHED, MessageRecord, Result, written
from tvla.output.witness_view import witness_json


WitnessLines = Callable[[MessageRecord], List[str]]
"""Lines to print under a message (``tvla.output.witness_view.witness_lines``)."""


def location_lines(result: Result) -> List[str]:
    out: List[str] = []
    for loc in result.order:
        if loc not in result.reached:
            out.append(f"{loc}: unreached")
            continue
        n = len(result.locations.get(loc, []))
        msgs = result.messages_at(loc)
        # TVLA counts a message once per structure it fired on
        per_structure = sum(m.structures for m in msgs)
        distinct = f" ({len(msgs)} distinct)" if len(msgs) != per_structure else ""
        out.append(f"{loc}: {n} structures, max graph={result.max_nodes(loc)}, "
                   f"{per_structure} messages{distinct}")
    return out


def header_lines(result: Result) -> List[str]:
    inp = result.inputs
    lines = [f"Program: {result.program}", f"Input: {result.input}", f"Join: {result.join}",
             f"Inputs: {inp.given} given, {inp.used} used, {len(inp.dropped)} dropped"
             + (f" (completed from definitions: {', '.join(inp.completed)})" if inp.completed else ""), ""]
    lines += [f"Warning: {w}" for w in result.warnings]
    if result.warnings:
        lines.append("")
    return lines


def message_lines(result: Result, witness_lines: Optional[WitnessLines] = None) -> List[str]:
    """The messages; ``witness_lines(message)`` may add lines under each."""
    if not result.messages:
        return []
    lines = ["", "Messages:"]
    for m in result.messages:
        text = m.text.replace("\n", " ")
        lines.append(f"  {written(m)}{m.location}: {text}  [action: {m.action}; {m.structures} structure"
                     f"{'s' if m.structures != 1 else ''}]")
        if witness_lines is not None:
            lines += [f"    {line}" for line in witness_lines(m)]
    return lines


def check_lines(result: Result) -> List[str]:
    """The verdict section: one line per check, then the overall verdict."""
    lines = ["", "Checks:"]
    if not result.checks:
        lines.append("  (no action of the program reports a message)")
    width = max((len(c.location) for c in result.checks), default=0)
    at = max((len(written(c)) for c in result.checks), default=0)
    for c in result.checks:
        status = c.status
        if status != ALARM and result.limit_hit:
            status += " so far (the analysis stopped early)"
        if status == ALARM:
            status = f"alarm: {c.message} ({c.count} structure{'s' if c.count != 1 else ''})"
        lines.append(f"  {written(c):<{at}}{c.location:<{width}}  {c.title}  [{c.action}]  {status}")
    counts = {s: sum(1 for c in result.checks if c.status == s) for s in (PROVED, ALARM, UNREACHED)}
    lines.append(f"Verdict: {result.verdict} ({counts[PROVED]} proved, {counts[ALARM]} alarm"
                 f"{'s' if counts[ALARM] != 1 else ''}, {counts[UNREACHED]} unreached)")
    return lines


def text_report(result: Result, witness_lines: Optional[WitnessLines] = None) -> str:
    """The whole text report."""
    lines = header_lines(result) + location_lines(result)
    lines.append("")
    lines.append(f"Total: {result.total_structures} structures, {result.total_messages} messages")
    phases = ", ".join(f"{ph} {result.seconds.get(ph, 0.0):.3f}s" for ph in PHASES)
    lines.append(f"Time: {result.total_seconds:.3f}s ({phases})")
    if result.limit_hit:
        what = {"interrupted": "interrupted",
                "coerce-failed": "the coerce after an update found a constraint breach",
                "focus-unbounded": "a focus kept materializing",
                "max-nodes": "max-nodes limit reached (a store grew past the node bound: --max-nodes N "
                             "sets it)"}.get(
            result.limit_hit, f"{result.limit_hit} limit reached")
        lines.append(f"Stopped early: {what}; results are partial.")
    for stop in (result.breach, result.runaway):
        if stop is not None:
            lines.append(f"  {stop}")
    lines += message_lines(result, witness_lines)
    lines += check_lines(result)
    lines += termination_lines(result)
    return "\n".join(lines) + "\n"


def termination_lines(result: Result) -> List[str]:
    """With -td: TVLA's verdict line, then each loop where no progress was shown."""
    term = result.termination
    if term is None:
        return []
    lines = ["", f"Termination analysis result  : {term.verdict}"]
    if term.reason:
        lines.append(f"  ({term.reason})")
    for lp in term.loops[:SHOWN_LOOPS]:
        loc, k = lp.structure
        lines.append(f"  loop through {', '.join(lp.locations)} ({lp.structures} structures; "
                     f"e.g. structure {k + 1} at {loc}): {'; '.join(lp.actions)}")
    if len(term.loops) > SHOWN_LOOPS:
        lines.append(f"  and {len(term.loops) - SHOWN_LOOPS} more loops (all in --json)")
    return lines


SHOWN_LOOPS = 5  # loops listed by the text report


def write_json(result: Result, path: str) -> None:
    with open(path, "w") as fh:
        json.dump(result.to_json(witness_json), fh, indent=2, sort_keys=False)
        fh.write("\n")
