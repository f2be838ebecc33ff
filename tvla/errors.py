"""Errors reported to the user as ``FILE:LINE:COL: message`` (never a traceback)."""

import contextlib
import os
from typing import AnyStr, Tuple


class TvlaError(Exception):
    """An error in user input, located in a source file."""

    def __init__(self, message, file=None, line=None, col=None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col

    def __str__(self):
        if self.file is None:
            return self.message
        return f"{self.file}:{self.line or 1}:{self.col or 1}: {self.message}"


def line_col(text: AnyStr, at: int) -> Tuple[int, int]:
    """The line and column (from 1) of offset ``at`` in ``text`` (of bytes: a column counts bytes)."""
    newline = "\n" if isinstance(text, str) else b"\n"
    return text.count(newline, 0, at) + 1, at - text.rfind(newline, 0, at)


@contextlib.contextmanager
def writing(flag, path):
    """Write an output named on the command line (``flag path``): a failure (a full disk, a
    read-only place, a directory removed meanwhile) is ``FLAG PATH: cannot write it (REASON)``."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as e:
        other = e.filename and os.path.abspath(str(e.filename)) != os.path.abspath(path)
        raise TvlaError(f"{flag} {path}: cannot write it ({e.strerror or e}{': ' + str(e.filename) if other else ''})") \
            from None


class Located:
    """Preprocessed text with the way back to the original sources.

    ``linemap[i]`` is the (file, line) of output line i+1; ``segments`` maps an
    output line to its macro uses ``(start, end, use col, use length, macro)``
    (columns of the output, 1-based), so that a column inside an expansion is
    reported at the macro use and names the macro's definition."""

    def __init__(self, text, linemap, default_file, macros=None, segments=None):
        self.text = text
        self.linemap = linemap
        self.default_file = default_file
        self.macros = macros or {}  # macros defined at the end of the text
        self.segments = segments or {}

    def where(self, line, col):
        """Return (file, line, col) of a position in the preprocessed text."""
        return self._where(line, col)[:3]

    def _where(self, line, col):
        if line is None:
            return self.default_file, 1, 1, None
        if not self.linemap:
            return self.default_file, 1, col, None
        f, l = self.linemap[min(max(line, 1), len(self.linemap)) - 1]
        shift = 0
        for start, end, use_col, use_len, macro in self.segments.get(line, ()):
            if col is not None and col > end:
                shift += (end - start + 1) - use_len
            elif col is not None and col >= start:
                return f, l, use_col, macro
        return f, l, (col - shift if col is not None else col), None

    def error(self, message, line=None, col=None):
        f, l, c, macro = self._where(line, col)
        if macro is not None and macro.where:
            message += f" (in a macro expansion; macro defined at {macro.where[0]}:{macro.where[1]})"
        return TvlaError(message, f, l, c)
