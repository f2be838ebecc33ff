"""Logic: Kleene values, formulae, vocabularies, 3-valued structures, evaluation and embedding.

The lowest layer: it imports nothing else of tvla but ``tvla.errors``."""
