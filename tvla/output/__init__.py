"""Writers: text and JSON reports, DOT/SVG drawings, the HTML report and witness views.

They read a ``Result`` (``tvla.engine.results``) and the logic layer only."""
