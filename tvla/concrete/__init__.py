"""Concrete semantics: stores, concretization, the interpreter, witness search, selfcheck and the library checker.

Imports the engine and below; never the writers or the command line."""
