"""Errors reported to the user as ``FILE:LINE:COL: message`` (never a traceback)."""


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


class Located:
    """Maps lines of preprocessed text back to (file, line) of the original sources."""

    def __init__(self, text, linemap, default_file, macros=None):
        self.text = text
        self.linemap = linemap  # index i -> (file, line) of output line i+1
        self.default_file = default_file
        self.macros = macros or {}  # macros defined at the end of the text

    def where(self, line, col):
        """Return (file, line, col) of a position in the preprocessed text."""
        if line is None:
            return self.default_file, 1, 1
        if 1 <= line <= len(self.linemap):
            f, l = self.linemap[line - 1]
            return f, l, col
        if self.linemap:
            f, l = self.linemap[-1]
            return f, l, col
        return self.default_file, 1, col

    def error(self, message, line=None, col=None):
        f, l, c = self.where(line, col)
        return TvlaError(message, f, l, c)
