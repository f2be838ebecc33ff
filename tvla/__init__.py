"""A TVLA-style three-valued shape analyzer.

``tvla.analyze(program, input, **options)`` runs an analysis and returns a
:class:`tvla.engine.Result`; ``tvla analyze`` is the command-line front end.
"""

__version__ = "0.1.0"


def analyze(program_path, input_path=None, **options):
    """Run the analysis of a TVP file on the structures of a TVS file.

    Options: ``join`` (rel, part, ind, conc), ``action_order`` ("fcpucb"),
    ``automatic`` (bool), ``differencing`` (bool), ``post_order`` (bool),
    ``max_structures``, ``max_messages``, ``save`` (all, back, ext),
    ``defines`` (dict), ``search_path`` (list of directories).
    """
    from .api import run_analysis

    return run_analysis(program_path, input_path, **options)
