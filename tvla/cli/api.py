"""Load a program and its input, run the analysis, return the :class:`~tvla.engine.results.Result`.

The one path from files to results, shared by the Python API and the command line.
"""

import os
from dataclasses import replace

from tvla.engine.fixpoint import Analysis
from tvla.engine.options import Options
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs


def make_options(options=None, **kwargs):
    """An :class:`Options` from keyword arguments (``defines`` may be a dict, ``search_path`` a list)."""
    if "defines" in kwargs and isinstance(kwargs["defines"], dict):
        kwargs["defines"] = tuple(sorted(kwargs["defines"].items()))
    if "search_path" in kwargs:
        kwargs["search_path"] = tuple(kwargs["search_path"])
    return replace(options or Options(), **kwargs)


def load(program_path, options=None, **kwargs):
    """Read, check and compile a program into an :class:`~tvla.engine.fixpoint.Analysis`."""
    options = make_options(options, **kwargs)
    program = load_program(program_path, dict(options.defines), options.search_path)
    return Analysis(program, options)


def read_inputs(analysis, input_path):
    """The structures of a TVS file, read with the program's macros, and the
    predicate names each lists."""
    given = []
    structures = [s for _loc, s in read_tvs(input_path, analysis.voc, analysis.program.macros,
                                            analysis.options.search_path, given)]
    return structures, given


def default_input(program_path):
    """TVLA's default input: PROGRAM.tvs beside PROGRAM.tvp."""
    return os.path.splitext(program_path)[0] + ".tvs"


def run_analysis(program_path, input_path=None, options=None, progress=None, should_stop=None, **kwargs):
    """Load ``program_path``, read ``input_path`` (default PROGRAM.tvs) and run."""
    analysis = load(program_path, options, **kwargs)
    input_path = input_path or default_input(program_path)
    structures, given = read_inputs(analysis, input_path)
    return run_loaded(analysis, structures, given, program_path, input_path, progress, should_stop)


def run_loaded(analysis, structures, given, program_path, input_path, progress=None, should_stop=None):
    """Run a loaded analysis on its input structures; with ``options.witness``, search
    a concrete witness for every message (not after Ctrl-C)."""
    result = analysis.run(structures, progress=progress, program_name=program_path, input_name=input_path,
                          given=given, should_stop=should_stop)
    opts = analysis.options
    if opts.witness and result.messages and result.limit_hit != "interrupted":
        from tvla.concrete.witness import attach_witnesses
        attach_witnesses(result, analysis, structures, given, opts.witness_nodes, opts.witness_steps)
    return result
