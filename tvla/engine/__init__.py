"""The abstract interpreter: focus, coerce, blur, finite differencing, actions, joins, the fixpoint and its ``Result``.

Imports ``tvla.lang`` and ``tvla.logic``; never the concrete checker, the writers or the command line."""
