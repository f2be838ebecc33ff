"""Programmatic entry point: load a program and its input, run, return the result."""

import os

from .engine import Analysis
from .tvp import load_program
from .tvs import read_tvs


def load(program_path, defines=None, search_path=(), **options):
    """Load and compile a program into an :class:`~tvla.engine.Analysis`."""
    program = load_program(program_path, defines, search_path)
    return Analysis(program, **options)


def run_analysis(program_path, input_path=None, defines=None, search_path=(), progress=None, **options):
    analysis = load(program_path, defines, search_path, **options)
    if input_path is None:
        input_path = os.path.splitext(program_path)[0] + ".tvs"
    inputs = [s for _loc, s in read_tvs(input_path, analysis.voc, analysis.program.macros, search_path)]
    return analysis.run(inputs, progress=progress, program_name=program_path, input_name=input_path)
