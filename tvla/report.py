"""Text and JSON reports of an analysis result (TVLA's end-of-run statistics)."""

import json

from .action import PHASES


def location_lines(result):
    out = []
    for loc in result.order:
        n = len(result.locations.get(loc, []))
        out.append(f"{loc}: {n} structures, max graph={result.max_nodes(loc)}, "
                   f"{len(result.messages_at(loc))} messages")
    return out


def text_report(result):
    """The per-location table, totals, phase times and messages, as TVLA prints them."""
    lines = [f"Program: {result.program}", f"Input: {result.input}", f"Join: {result.join}", ""]
    lines += [f"Warning: {w}" for w in result.warnings]
    if result.warnings:
        lines.append("")
    lines += location_lines(result)
    lines.append("")
    lines.append(f"Total: {result.total_structures} structures, {result.total_messages} messages")
    phases = ", ".join(f"{ph} {result.seconds.get(ph, 0.0):.3f}s" for ph in PHASES)
    lines.append(f"Time: {result.total_seconds:.3f}s ({phases})")
    if result.limit_hit:
        lines.append(f"Stopped early: {result.limit_hit} limit reached; results are partial.")
    if result.messages:
        lines.append("")
        lines.append("Messages:")
        for m in result.messages:
            text = m.text.replace("\n", " ")
            lines.append(f"  {m.location}: {text}  [action: {m.action}; {m.count} structure"
                         f"{'s' if m.count != 1 else ''}]")
    return "\n".join(lines) + "\n"


def write_json(result, path):
    with open(path, "w") as fh:
        json.dump(result.to_json(), fh, indent=2, sort_keys=False)
        fh.write("\n")
