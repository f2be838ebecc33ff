"""The TVP language: :func:`load_program` reads a file into a checked
:class:`~tvla.lang.program.Program` (preprocess, parse, elaborate).

Parsing is skipped when the same preprocessed text was parsed by an earlier run
(:mod:`tvla.lang.parse_cache`); otherwise the fast reader (:mod:`tvla.lang.tvp_fast`)
reads the text, and lark (:mod:`tvla.lang.tvp_parse`, the grammar of record) where
that reader is not sure, which includes every text with a syntax error.
Every user error is a :class:`~tvla.errors.TvlaError` located at
``file:line:col`` of the text that holds it.
"""

from typing import Iterable, Optional

from tvla.errors import Located, TvlaError
from tvla.lang.elaborate import elaborate
from tvla.lang.parse_cache import cached
from tvla.lang.preprocess import Defines, preprocess
from tvla.lang.program import Program
from tvla.lang.tvp_ast import Syntax
from tvla.lang.tvp_fast import read


def parse_syntax(located: Located) -> Syntax:
    """The raw syntax of preprocessed TVP text (cached across runs)."""
    def build() -> Syntax:
        syntax = read(located)
        if syntax is not None:
            return syntax
        from tvla.lang.tvp_parse import parse_text  # lark: imported only when needed
        return parse_text(located)
    return cached("tvp", located.text, build)


def load_program(path: str, defines: Optional[Defines] = None, search_path: Iterable[str] = ()) -> Program:
    """Read, preprocess, parse and check a TVP file into a :class:`~tvla.lang.program.Program`."""
    if str(path).lower().endswith(".tvm"):
        # TVLA's TVM language (Java-like threads, for its multithreaded engine) is another
        # language: reading it as TVP would give a wrong analysis or a misleading error
        raise TvlaError(".tvm programs (TVLA's multithreaded TVM language and engine) are not supported: "
                        "only TVP programs, analysed by the plain engine (docs/engine.md)", str(path), 1, 1)
    located = preprocess(path, defines, search_path)
    try:
        return elaborate(path, located, parse_syntax(located))
    except RecursionError:  # only past the recursion limit the CLI sets for deep input
        raise TvlaError("formulas or foreach nested too deeply", path, 1, 1) from None
