"""SARIF 2.1.0 logs: the pieces every writer shares, and the log of ``tvla analyze``.

A log has one run of tvla with its rules and one result per finding.  For
``tvla analyze`` a finding is a distinct message: its location is the line of
the TVP file where the CFG edge that reports it is written; its level is
``error`` when a concrete witness was found, ``warning`` otherwise; the
witness's steps (the CFG lines taken, each with its concrete store) form a
code flow.  ``tvla verify``'s log (``verify_report.sarif``) uses the same
pieces.
"""

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence

from tvla.engine.results import EdgeRecord, MessageRecord, Result, Witness
from tvla.output.witness_view import draw_store
from tvla.version import __version__

__all__ = ["location", "code_flow", "log_text", "analysis_sarif", "ANALYSIS_RULES"]

ANALYSIS_RULES = {
    "message": "A %message of the program's actions holds on a reachable structure.",
    "constraint-breach": "The coerce after an update found a consistency rule that no store can satisfy.",
    "focus-unbounded": "A focus formula kept materializing nodes: it has no finite set of definite structures.",
}


def location(file: str, line: int, column: int = 1, text: str = "") -> Dict[str, Any]:
    """A SARIF location: ``file`` at ``line``/``column``, with an optional message."""
    loc: Dict[str, Any] = {"physicalLocation": {"artifactLocation": {"uri": file},
                                                "region": {"startLine": max(line, 1), "startColumn": max(column, 1)}}}
    if text:
        loc["message"] = {"text": text}
    return loc


def code_flow(steps: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The ``codeFlows`` value of one trace made of ``location(...)`` steps."""
    return [{"threadFlows": [{"locations": [{"location": s} for s in steps]}]}]


def log_text(rules: Mapping[str, str], results: List[Dict[str, Any]]) -> str:
    """The whole log as indented JSON: one run of tvla with ``rules`` (id -> description)."""
    run = {"tool": {"driver": {"name": "tvla", "version": __version__,
                               "rules": [{"id": k, "shortDescription": {"text": v}} for k, v in rules.items()]}},
           "results": results}
    log = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2) + "\n"


def witness_flow(witness: Witness, fallback: str) -> Optional[List[Dict[str, Any]]]:
    """The code flow of an analysis witness: per step, the CFG line taken and the store before it."""
    steps: List[Dict[str, Any]] = []
    for st in witness.steps:
        pos: Sequence[Any] = getattr(st.edge, "pos", None) or ()
        file, line = (str(pos[0]), int(pos[1])) if len(pos) == 3 else (fallback, 1)
        title = getattr(getattr(st.edge, "action", None), "title", "")
        steps.append(location(file, line, 1, f"{st.location}: {title}  [{draw_store(st.store, st.names, witness.voc)}]"))
    return code_flow(steps) if steps else None


def message_result(m: MessageRecord, program: str) -> Dict[str, Any]:
    """One SARIF result for a distinct message."""
    w = m.witness
    found = isinstance(w, Witness)
    res: Dict[str, Any] = {
        "ruleId": "message",
        "level": "error" if found else "warning",
        "message": {"text": f"{m.location}: {m.text.replace(chr(10), ' ')}  [action: {m.action}]"},
        "locations": [location(m.file or program, m.line or 1)]}
    if isinstance(w, Witness):
        flow = witness_flow(w, m.file or program)
        if flow:
            res["codeFlows"] = flow
    return res


def analysis_sarif(result: Result) -> str:
    """The SARIF log of one ``tvla analyze`` run."""
    results = [message_result(m, result.program) for m in result.messages]
    b = result.breach
    if b is not None:
        results.append(stop_result("constraint-breach", b.edge, b.rule, result.program))
    r = result.runaway
    if r is not None:
        what = f"focus on '{r.formula}' kept materializing ({r.before} to {r.after} nodes)"
        results.append(stop_result("focus-unbounded", r.edge, what, result.program))
    return log_text(ANALYSIS_RULES, results)


def stop_result(rule: str, edge: EdgeRecord, what: str, program: str) -> Dict[str, Any]:
    """The SARIF result of a stop of the run (rule ``rule``) on ``edge``: ``what`` stopped it."""
    return {"ruleId": rule, "level": "warning",
            "message": {"text": f"{edge.source}: {what}  [action: {edge.title}]"},
            "locations": [location(edge.file or program, edge.line or 1)]}
