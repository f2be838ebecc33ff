"""Load a program and its input, run the analysis, return the :class:`~tvla.engine.results.Result`.

The one path from files to results, shared by the Python API and the command
line: loading and running (with the witness search of ``--witness``), the
self-check of ``tvla selfcheck`` and the drawings of ``tvla render``.  The
layers below read no file of a run; this one does.
"""

import os
from typing import Any, Callable, List, Optional, Sequence, Set, Tuple

from tvla.engine.fixpoint import Analysis
from tvla.engine.options import Options, build_options
from tvla.engine.results import Result, with_witnesses
from tvla.errors import writing
from tvla.lang.program import Program
from tvla.lang.tvp import load_program
from tvla.lang.tvs import implied_vocabulary, read_tvs
from tvla.logic.structure import Structure

Progress = Callable[[str, int, int, int], None]
"""``progress(location, steps, structures, messages)``, called as the fixpoint goes on."""

ShouldStop = Callable[[], bool]
"""Polled by the fixpoint: true asks it to stop (with partial results)."""


def load(program_path: str, options: Optional[Options] = None, **kwargs: Any) -> Analysis:
    """Read, check and compile a program into an :class:`~tvla.engine.fixpoint.Analysis`.

    ``options`` (an :class:`~tvla.engine.options.Options`) and the keyword
    arguments (its fields; ``defines`` may be a dict, ``search_path`` a list)
    go through :func:`~tvla.engine.options.build_options`."""
    options = build_options(options=options, **kwargs)
    program = load_program(program_path, dict(options.defines), options.search_path)
    return Analysis(program, options)


def read_inputs(analysis: Analysis, input_path: str) -> Tuple[List[Structure], List[Set[str]]]:
    """The structures of a TVS file, read with the program's macros, and the
    predicate names each lists."""
    given: List[Set[str]] = []
    structures = [s for _loc, s in read_tvs(input_path, analysis.voc, analysis.program.macros,
                                            analysis.options.search_path, given)]
    return structures, given


def default_input(program_path: str) -> str:
    """TVLA's default input: PROGRAM.tvs beside PROGRAM.tvp."""
    return os.path.splitext(program_path)[0] + ".tvs"


def run_analysis(program_path: str, input_path: Optional[str] = None, options: Optional[Options] = None,
                 progress: Optional[Progress] = None, should_stop: Optional[ShouldStop] = None,
                 **kwargs: Any) -> Result:
    """Load ``program_path``, read ``input_path`` (default PROGRAM.tvs) and run."""
    analysis = load(program_path, options, **kwargs)
    input_path = input_path or default_input(program_path)
    structures, given = read_inputs(analysis, input_path)
    return run_loaded(analysis, structures, given, program_path, input_path, progress, should_stop)


def run_loaded(analysis: Analysis, structures: List[Structure], given: List[Set[str]], program_path: str,
               input_path: str, progress: Optional[Progress] = None,
               should_stop: Optional[ShouldStop] = None) -> Result:
    """Run a loaded analysis on its input structures; with ``options.witness``, search
    a concrete witness for every message (not after Ctrl-C)."""
    result = analysis.run(structures, progress=progress, program_name=program_path, input_name=input_path,
                          given=given, should_stop=should_stop)
    opts = analysis.options
    if opts.witness and result.messages and result.limit_hit != "interrupted":
        result = attach_witnesses(result, analysis.program, opts.witness_nodes, opts.witness_steps,
                                  opts.witness_states)
    return result


def attach_witnesses(result: Result, program: Program, nodes: int = Options.witness_nodes,
                     steps: int = Options.witness_steps, states: int = Options.witness_states) -> Result:
    """``result`` with a witness (a ``Witness``, or ``NoWitness`` within the bounds)
    for each of its messages, searched from the inputs the run started from;
    ``program`` is the analysis' :class:`~tvla.lang.program.Program`."""
    from tvla.concrete.witness import search_witnesses  # lazy: start-up time of runs without messages
    return with_witnesses(result, search_witnesses(program, result, nodes, steps, states=states))


def selfcheck_files(program_path: str, input_path: str, nodes: int, runs: int, steps: int,
                    join: Optional[str] = None, defines: Sequence[str] = (), search_path: Sequence[str] = (),
                    props: Optional[str] = None) -> Tuple[List[str], Optional[bool]]:
    """Load, analyse and self-check; returns (lines to print, no violation), None for
    "nothing checked" when the analysis stopped early (its memory ran out): stores
    that embed in no structure of a partial result would be no violation.

    The options are those of ``tvla analyze PROGRAM INPUT`` (``PROGRAM.properties``,
    then ``props``, then ``join`` when given), except that the whole program is
    checked: a breach found by the coerce after an update must not stop the
    analysis early (later locations would hold nothing to embed into)."""
    from tvla.concrete.selfcheck import format_selfcheck, selfcheck  # lazy: start-up time
    options = build_options(program_path, props=props, defines=defines, search_path=search_path, join=join,
                            break_on_coerce_failure=False)
    analysis = load(program_path, options)
    structures, given = read_inputs(analysis, input_path)
    result = analysis.run(structures, program_name=program_path, input_name=input_path, given=given)
    head = f"Selfcheck of {program_path} on {input_path} (join {options.join})"
    if result.limit_hit is not None:
        return [head, f"Not checked: the analysis stopped early ({result.limit_hit}); "
                      "a partial result cannot be checked."], None
    prog = analysis.program
    report = selfcheck(prog, result.prepared_inputs, result, nodes, runs, steps)
    return [head] + format_selfcheck(report, prog.vocabulary, nodes), not report.violations


def render_tvs_file(tvs_file: str, out_dir: Optional[str] = None, program: Optional[str] = None
                    ) -> Tuple[List[str], bool]:
    """Draw each structure of a TVS file as ``DIR/BASE_K.svg`` (``.dot``
    without Graphviz); return ([paths], all SVG?).  The vocabulary is the
    program's when given, else inferred from the file (see ``infer_display``)."""
    from tvla.output.render import infer_display, safe_name, structure_graph, write_drawings  # lazy: start-up time
    if program:
        prog = load_program(program)
        voc = prog.vocabulary
        structures = read_tvs(tvs_file, voc, prog.macros)
    else:
        voc = implied_vocabulary(tvs_file)
        structures = read_tvs(tvs_file, voc)
        infer_display(voc, [s for _loc, s in structures])
    out_dir = out_dir or os.path.splitext(tvs_file)[0] + "_svg"
    base = safe_name(os.path.splitext(os.path.basename(tvs_file))[0])
    graphs = [(structure_graph(s, voc, name=f"{base}_{k}", title=f"{loc + ': ' if loc else ''}structure {k}"),
               os.path.join(out_dir, f"{base}_{k}"))
              for k, (loc, s) in enumerate(structures, 1)]
    with writing("-o", out_dir):
        os.makedirs(out_dir, exist_ok=True)
        drawn = write_drawings(graphs)
    return [path for path, _svg in drawn], all(svg for _p, svg in drawn)
