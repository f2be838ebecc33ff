"""The TVP and TVS languages: preprocessing, parsing, elaboration into a :class:`~tvla.lang.program.Program`.

Imports only ``tvla.logic`` and ``tvla.errors``."""
