"""Writers of ``tvla verify``'s results: compiler-style text, JSON (docs/json.md) and SARIF 2.1.0.

They read :class:`tvla.cfront.verdict.FileVerdict` values and nothing else.
Text: one ``prog.c:LINE:COL: KIND violated: WHAT`` line per finding (``... (an alarm: PROPERTY is
unknown)`` where no witness shows it), the
witness of each ``false`` property as source lines with the store before each
step, then one ``prog.c: PROPERTY: VERDICT`` line per property.  SARIF: one
result per finding (``error`` when its property is false, ``warning`` when it
is an alarm without a witness), the witness as a code flow.
"""

import json
import os
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from jinja2 import Environment, PackageLoader, select_autoescape

from tvla.cfront.ir import Pos
from tvla.cfront.verdict import FALSE, Alarm, FileVerdict, PropertyVerdict, WitnessStep
from tvla.output.sarif import code_flow, location, log_text
from tvla.version import __version__

__all__ = ["text_lines", "summary_lines", "file_json", "verify_json", "sarif", "RULES", "write_html"]

RULES = {
    "valid-deref": "No dereference of NULL, of a freed cell or of an uninitialised pointer.",
    "valid-free": "free only of a heap cell that is still allocated (free(NULL) is fine).",
    "valid-memtrack": "No allocated cell becomes unreachable from every live pointer before the program ends.",
    "memcleanup": "Every allocated cell is freed when the program terminates.",
    "unreach-call": "reach_error() is never called.",
    "sorted": "The list is sorted by its data when main returns.",
    "unsupported": "A construct outside the subset tvla verify handles: every property of the file is unknown.",
}


def _what(alarm: Alarm) -> str:
    prefix = alarm.kind + ": "
    return alarm.message[len(prefix):] if alarm.message.startswith(prefix) else alarm.message


def _unconfirmed(p: PropertyVerdict, a: Alarm) -> str:
    """What a finding of a property not found false says: an alarm the analysis could not rule
    out, not a violation shown (the verdict line says why)."""
    if p.verdict != FALSE:
        return f" (an alarm: {p.name} is {p.verdict})"
    return "" if a.witness else " (an alarm without a witness)"


def _step_line(step: WitnessStep) -> str:
    where = f"{step.pos.file}:{step.pos.line}" if step.pos else "(start)"
    return f"    {where}: {step.action}    [{step.store}]"


def _verdict_text(p: PropertyVerdict) -> str:
    if p.verdict == FALSE:
        return f"false ({p.violated})"
    return p.verdict + (f" ({p.reason})" if p.reason else "")


def text_lines(f: FileVerdict) -> List[str]:
    """The report of one file."""
    if f.error:
        return [f.error]
    lines = [f"{pos}: {what}" for pos, what in f.unsupported]
    seen = set()
    for p in f.properties:
        for a in p.findings:
            if (a.pos, a.message) not in seen:
                seen.add((a.pos, a.message))
                lines.append(f"{a.pos}: {a.kind} violated: {_what(a)}{_unconfirmed(p, a)}")
        if p.verdict == FALSE:
            n = len(p.witness)
            lines.append(f"  witness of {p.name} ({p.violated}), {n} step{'s' if n != 1 else ''}:")
            lines += [_step_line(s) for s in p.witness]
    lines += [f"{f.file}: {p.name}: {_verdict_text(p)}" for p in f.properties]
    return lines


def summary_lines(files: Sequence[FileVerdict]) -> List[str]:
    """The table ending a run over several files: file, property, verdict, seconds; with the
    verdicts task files expect, an ``expected`` column and a count of the answers against them."""
    rows = [(f.file, prop, "error", f.seconds, want) for f in files if f.error for prop, want in f.expected or [("-", "")]]
    rows += [(f.file, p.name, _table_verdict(p), f.seconds, dict(f.expected).get(p.name, ""))
             for f in files if not f.error for p in f.properties]
    width = max([len("file")] + [len(r[0]) for r in rows])
    pwidth = max([len("property")] + [len(r[1]) for r in rows])
    tasks = any(f.expected for f in files)
    out = [f"{'file':<{width}}  {'property':<{pwidth}}  {'verdict':<24}  seconds" + ("  expected" if tasks else ""),
           "-" * (width + pwidth + 36 + (26 if tasks else 0))]
    out += [f"{r[0]:<{width}}  {r[1]:<{pwidth}}  {r[2]:<24}  {r[3]:7.2f}" + (f"  {r[4]}" if tasks else "")
            for r in rows]
    if tasks:
        out.append(_score([(r[2], r[4]) for r in rows if r[4]]))
    return out


def _table_verdict(p: PropertyVerdict) -> str:
    """``true``, ``unknown``, ``false`` or ``false (valid-memtrack)``: as task files state verdicts."""
    return p.verdict + (f" ({p.violated})" if p.violated else "")


def _score(pairs: List[Tuple[str, str]]) -> str:
    """How the answers compare with the expected verdicts (a false with another subproperty than the
    one expected is not as expected; where none is expected, any is)."""
    right = sum(got == want or "(" not in want and got.split(" ")[0] == want for got, want in pairs)
    unknown = sum(got.startswith(("unknown", "error")) for got, _ in pairs)   # no answer
    return (f"{len(pairs)} expected verdicts: {right} as expected, {unknown} unknown, "
            f"{len(pairs) - right - unknown} not as expected")


def _pos_json(pos: Pos) -> Dict[str, Any]:
    return {"file": pos.file, "line": pos.line, "column": pos.column}


def _property_json(p: PropertyVerdict, expected: Optional[str] = None) -> Dict[str, Any]:
    out = {"verdict": p.verdict, "violated": p.violated, "reason": p.reason,
           "findings": [dict(_pos_json(a.pos), message=a.message) for a in p.findings],
           "witness": [{"file": s.pos.file if s.pos else None, "line": s.pos.line if s.pos else None,
                        "action": s.action, "store": s.store} for s in p.witness]}
    if expected is not None:   # from a task file
        out["expected"] = expected
    return out


def file_json(f: FileVerdict) -> Dict[str, Any]:
    """``{"file", "error", "unsupported", "properties": {name: {...}}}`` (docs/json.md; no times: the same
    input gives the same bytes)."""
    return {"file": f.file, "error": f.error,
            "unsupported": [dict(_pos_json(pos), message=what) for pos, what in f.unsupported],
            "properties": {p.name: _property_json(p, dict(f.expected).get(p.name)) for p in f.properties}}


def verify_json(files: Sequence[FileVerdict]) -> str:
    """One file: its object; several: ``{"files": [...]}``."""
    data: Any = file_json(files[0]) if len(files) == 1 else {"files": [file_json(f) for f in files]}
    return json.dumps(data, indent=2) + "\n"


def _location(pos: Pos, text: str = "") -> Dict[str, Any]:
    return location(pos.file, pos.line, pos.column, text)


def _result(p: PropertyVerdict, a: Alarm) -> Dict[str, Any]:
    res: Dict[str, Any] = {"ruleId": a.kind if not a.kind.startswith("sorted") else "sorted",
                           "level": "error" if p.verdict == FALSE and a.witness else "warning",
                           "message": {"text": f"{a.kind} violated: {_what(a)}"},
                           "locations": [_location(a.pos)]}
    if a.witness:
        steps = [_location(s.pos, f"{s.action}  [{s.store}]") for s in a.witness if s.pos]
        if steps:
            res["codeFlows"] = code_flow(steps)
    return res


def sarif(files: Sequence[FileVerdict]) -> str:
    """A SARIF 2.1.0 log: one run of tvla, one result per finding."""
    notes = [{"ruleId": "unsupported", "level": "note", "message": {"text": what}, "locations": [_location(pos)]}
             for f in files for pos, what in f.unsupported]
    return log_text(RULES, notes + [_result(p, a) for f in files for p in f.properties for a in p.findings])


VERDICT_CLASS = {"true": "proved", "false": "failed", "unknown": "unreached"}


def page_name(f: FileVerdict, index: int) -> str:
    """The HTML page of a file: its base name, numbered to keep pages of equal names apart."""
    base = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(f.file)) or "file"
    return f"{index:03d}-{base}.html"


def write_html(files: Sequence[FileVerdict], out_dir: str) -> str:
    """Write OUT_DIR/index.html (every verdict) and one page per file: its verdicts, its source with the
    structures stored before each line and the findings reported there, and each witness.  Returns the
    index's path."""
    env = Environment(loader=PackageLoader("tvla.output", "templates"), autoescape=select_autoescape(["html", "j2"]),
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    os.makedirs(out_dir, exist_ok=True)
    pages = [page_name(f, i + 1) for i, f in enumerate(files)]
    for f, page in zip(files, pages):
        findings: Dict[int, List[Alarm]] = {}
        for p in f.properties:
            for a in p.findings:
                if a not in findings.setdefault(a.pos.line, []):
                    findings[a.pos.line].append(a)
        text = env.get_template("verify.html.j2").render(
            f=f, findings=findings, structures=dict(f.structures), what=_what, version=__version__,
            verdict_class=VERDICT_CLASS)
        with open(os.path.join(out_dir, page), "w", encoding="utf-8") as fh:
            fh.write(text)
    index = os.path.join(out_dir, "index.html")
    with open(index, "w", encoding="utf-8") as fh:
        fh.write(env.get_template("verify_index.html.j2").render(files=list(zip(files, pages)),
                                                                 verdict_class=VERDICT_CLASS))
    return index
