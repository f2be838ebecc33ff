"""One way to build Options: every subcommand, the Python API and the benchmark call
``build_options`` (defaults, PROGRAM.properties, -props, flags; later ones win)."""

import os

import pytest
from click.testing import CliRunner

from conftest import ROOT, sll_program
from tvla import analyze
from tvla.cli.main import main
from tvla.engine.options import Options, build_options
from tvla.errors import TvlaError

LIST = os.path.join(ROOT, "programs", "sll", "list.tvs")


def test_program_properties_then_props_then_flags(write):
    prog = write("p.tvp", "")
    write("p.properties", "tvla.joinType = rel\ntvla.cfg.postOrder = true\nunknown.key = 1\n")
    props = write("more.properties", "tvla.joinType = ind\n")
    o = build_options(prog)
    assert (o.join, o.post_order, o.ignored_properties) == ("rel", True, ("unknown.key",))
    assert build_options(prog, props=props).join == "ind"
    assert build_options(prog, props=props, join="conc", max_structures=None).join == "conc"
    # the Python API names no program: the defaults, then the keyword arguments
    assert build_options(join="rel") == Options(join="rel")
    assert build_options(options=Options(join="rel"), witness=True) == Options(join="rel", witness=True)


def test_defines_in_every_spelling():
    assert build_options(defines=["A", "B(2)", "C=3"]).defines == (("A", "1"), ("B", "2"), ("C", "3"))
    assert build_options(defines={"Z": "1", "A": "2"}).defines == (("A", "2"), ("Z", "1"))
    assert build_options(search_path=["d"]).search_path == ("d",)


def test_external_macros_of_a_properties_file_come_before_the_command_line(write):
    """TVLA's tvla.parser.externalMacros (its -D appends to the same list; TVLA's own example
    sll_cyclic.properties defines CYCLIC so): whitespace-separated, each as -D spells it."""
    prog = write("m.tvp", "")
    write("m.properties", "tvla.parser.externalMacros = CYCLIC GNUM(2) K=3\n")
    o = build_options(prog, defines=["K=4"])
    assert o.defines == (("CYCLIC", "1"), ("GNUM", "2"), ("K", "3"), ("K", "4")) and not o.ignored_properties
    bad = write("bad.properties", "tvla.parser.externalMacros = 3X\n")
    with pytest.raises(TvlaError) as e:
        build_options(prog, props=bad)
    assert (e.value.line, "bad macro definition") == (1, "bad macro definition") and "3X" in e.value.message


def test_selfcheck_honours_program_properties(write):
    prog = sll_program(write, "L0 Copy_Var_L(t, x) L1\n")
    args = ["selfcheck", prog, LIST, "--nodes", "2", "--runs", "0"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert "(join part)" in res.output.splitlines()[0]
    write("prog.properties", "tvla.joinType = rel\n")
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert "(join rel)" in res.output.splitlines()[0]
    # as for analyze: -props after PROGRAM.properties, --join last
    props = write("ind.properties", "tvla.joinType = ind\n")
    assert "(join ind)" in CliRunner().invoke(main, args + ["--props", props]).output.splitlines()[0]
    assert "(join conc)" in CliRunner().invoke(main, args + ["--props", props, "--join", "conc"]).output
    # a property the engine rejects stops selfcheck as it stops analyze
    write("prog.properties", "tvla.engine.type = tvmc\n")
    for command in (["analyze", prog, LIST], args):
        res = CliRunner().invoke(main, command)
        assert res.exit_code == 2 and "only the plain engine" in res.output, command


def test_analyze_and_the_api_agree(write, tmp_path):
    prog = sll_program(write, "L0 Copy_Var_L(t, x) L1\n")
    write("prog.properties", "tvla.joinType = rel\n")
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", prog, LIST, "--terse", "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert '"join": "rel"' in out.read_text()
    # the API reads no properties file: its options are the defaults and its arguments
    assert analyze(prog, LIST).options == Options()
    assert analyze(prog, LIST, join="rel").options == build_options(prog)


def test_tvla_property_names_as_tvla_spells_them(write):
    prog = write("q.tvp", "")
    write("q.properties", "tvla.engine.actionOrder = fpucb\ntvla.differencing.difference = false\n"
                          "tvla.engine.breakIfCoerceAfterUpdateFailed = true\n")
    o = build_options(prog)
    assert (o.action_order, o.differencing, o.break_on_coerce_failure, o.ignored_properties) == \
        ("fpucb", False, True, ())


def test_one_list_of_join_kinds():
    """A join kind is a Join strategy of tvla.engine.join.JOINS, chosen from the options by
    its name; the command line offers exactly those names."""
    from tvla.engine.join import JOINS
    assert list(JOINS) == ["rel", "part", "ind", "conc"]
    for name, strategy in JOINS.items():
        assert Options(join=name).join_strategy is strategy and strategy.name == name
    assert [name for name in JOINS if not JOINS[name].blurs] == ["conc"]
    for command in ("analyze", "selfcheck"):
        join = next(p for p in main.commands[command].params if p.name == "join")
        assert list(join.type.choices) == list(JOINS), command


@pytest.mark.parametrize("value", ["", "1/2", "yes", "TRUE", "1"])
def test_a_boolean_property_is_true_or_false(write, value):
    """TVLA reads a boolean property as true or false and refuses anything else ("invalid
    format"); the error is located at the key (it was read as false, silently)."""
    prog = write("b.tvp", "")
    write("b.properties", f"# flags\ntvla.generateAutomaticConstraints = {value}\n")
    with pytest.raises(TvlaError) as e:
        build_options(prog)
    assert (e.value.line, e.value.col) == (2, 1)
    assert e.value.message == f"tvla.generateAutomaticConstraints: expected true or false, not {value!r}"
    write("b.properties", "tvla.generateAutomaticConstraints =  false \n")
    assert build_options(prog).automatic is False


def test_tvla_terse_in_a_properties_file_is_checked(write):
    prog = write("t.tvp", "")
    write("t.properties", "tvla.terse = on\n")
    res = CliRunner().invoke(main, ["analyze", prog, LIST])
    assert res.exit_code == 2 and res.output.strip().endswith(
        "t.properties:1:1: tvla.terse: expected true or false, not 'on'")
