"""A TVLA-style three-valued shape analyzer.

``tvla.analyze(program, input, **options)`` runs an analysis and returns a
:class:`tvla.engine.results.Result`; ``tvla analyze`` is the command-line front end.
"""

from tvla.version import __version__

__all__ = ["__version__", "analyze"]


def analyze(program_path, input_path=None, **options):
    """Run the analysis of a TVP file on the structures of a TVS file (default PROGRAM.tvs).

    Options are the fields of :class:`tvla.engine.options.Options`: ``join`` (rel, part,
    ind, conc), ``action_order`` ("fcpucb"), ``automatic``, ``differencing``,
    ``post_order``, ``max_structures``, ``max_messages``, ``save`` (all, back,
    ext), ``defines`` (dict), ``search_path`` (list of directories); or
    ``options=Options(...)`` itself.  No properties file is read (the command
    line reads ``PROGRAM.properties`` and ``-props``).
    """
    # Imported here: ``import tvla.logic.kleene`` must not load the whole tool.
    from tvla.cli.api import run_analysis

    return run_analysis(program_path, input_path, **options)
