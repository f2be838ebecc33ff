"""Trustworthy verdicts: checks per edge, overall verdict, inputs, exit status, robustness."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from conftest import ROOT, SINGLED_SUMMARY, sll_program, validate_sarif
from tvla import analyze
from tvla.cli.main import main

SLL = os.path.join(ROOT, "programs", "sll")
SORTING = os.path.join(ROOT, "programs", "sorting")
LIST = os.path.join(SLL, "list.tvs")

# the same lists as programs/sll/list.tvs, giving core predicates only
CORE_ONLY_LIST = """
%n = {}
%p = {}

%n = {u0}
%p = {
    x = {u0}
}

%n = {u0, u1}
%p = {
    sm = {u1:1/2}
    x = {u0}
    n = {u0->u1:1/2, u1->u1:1/2}
}
"""

# x points to a node said not to be reachable from x: contradicts r[n,x]'s definition
CONTRADICTION = """
%n = {u0}
%p = {
    x = {u0}
    r[n,x] = {}
    t[n] = {u0->u0}
}
"""


def run_cli(*args):
    return CliRunner().invoke(main, ["analyze", *args, "-terse"])


def test_checks_and_verdict_of_a_buggy_program():
    r = analyze(os.path.join(SLL, "search_null.tvp"), LIST)
    assert r.verdict == "alarms"
    by_loc = {c.location: c for c in r.checks}
    assert by_loc["L3"].status == "alarm" and by_loc["L3"].title == "t = t->n"
    assert by_loc["L3"].message == "Illegal dereference to n component of t"
    assert by_loc["exit"].status == "proved" and by_loc["exit"].action == "Assert_Acyclic(x)"
    msg, = r.messages
    assert msg.triggers and all(0 <= t.index < len(r.locations["L3"]) for t in msg.triggers)


def test_text_report_ends_with_the_verdict_section(monkeypatch):
    monkeypatch.chdir(SLL)
    res = run_cli("search_null", "list")
    assert res.exit_code == 0
    tail = res.output[res.output.index("\nChecks:\n"):]
    # each check starts with where its CFG edge is written
    assert "  search_null.tvp:18: L3    t = t->n  [Get_Next_L(t, t)]  alarm: Illegal dereference to n component of t" \
        in tail
    assert "  search_null.tvp:19: exit  assert x is acyclic  [Assert_Acyclic(x)]  proved" in tail
    assert tail.rstrip().endswith("Verdict: alarms (1 proved, 1 alarm, 0 unreached)")


def test_unreached_check_and_location(write):
    # the condition x == NULL never holds on a non-empty list: L2 is never reached
    prog = sll_program(write, """
        L0 Is_Null_Var(x) L2
        L0 Is_Not_Null_Var(x) L1
        L2 Get_Next_L(t, x) L1
    """)
    tvs = write("one.tvs", "%n = {u0}\n%p = {\n x = {u0}\n r[n,x] = {u0}\n t[n] = {u0->u0}\n}\n")
    r = analyze(prog, tvs)
    check, = r.checks
    assert check.status == "unreached" and r.verdict == "vacuous"
    res = CliRunner().invoke(main, ["analyze", prog, tvs, "-terse"])
    assert "\nL2: unreached\n" in res.output and "Verdict: vacuous" in res.output


def test_empty_input_is_vacuous_and_fails_with_fail_on_alarm(write, tmp_path):
    empty = write("empty.tvs", "// no structures\n")
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "reverse.tvp"), empty, "-terse",
                                    "--json", str(out), "--fail-on-alarm"])
    assert res.exit_code == 1
    data = json.loads(out.read_text())
    assert data["verdict"] == "vacuous" and data["inputs"] == {"given": 0, "used": 0, "dropped": [],
                                                              "completed": [], "changes": []}
    assert any("nothing was analysed" in w for w in data["warnings"])


def test_fail_on_alarm_exit_status(monkeypatch):
    monkeypatch.chdir(SLL)
    assert run_cli("search_null", "list", "--fail-on-alarm").exit_code == 1
    assert run_cli("search_null", "list").exit_code == 0          # TVLA's exit status
    assert run_cli("reverse", "list", "--fail-on-alarm").exit_code == 0
    assert run_cli("reverse", "list", "-ms", "5", "--fail-on-alarm").exit_code == 1   # stopped early


def test_json_has_checks_verdict_inputs_options(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.json"
    assert run_cli("search_null", "list", "--json", str(out)).exit_code == 0
    data = json.loads(out.read_text())
    assert data["verdict"] == "alarms"
    assert {"location": "L3", "action": "Get_Next_L(t, t)", "title": "t = t->n", "file": "search_null.tvp",
            "line": 18, "message": "Illegal dereference to n component of t", "status": "alarm"} in data["checks"]
    assert (data["messages"][0]["file"], data["messages"][0]["line"]) == ("search_null.tvp", 18)
    assert data["inputs"]["given"] == 3 and data["inputs"]["used"] == 3
    assert data["options"]["join"] == "part" and data["options"]["action_order"] == "fcpucb"
    assert data["version"] and set(data["phase_seconds"]) == {"focus", "coerce", "precondition", "update",
                                                              "blur", "join"}
    assert data["messages"][0]["triggers"][0]["structure"] >= 0


def test_core_only_input_is_completed_and_proves_the_same(write):
    core = write("core.tvs", CORE_ONLY_LIST)
    full = analyze(os.path.join(SLL, "reverse.tvp"), LIST)
    r = analyze(os.path.join(SLL, "reverse.tvp"), core)
    assert r.inputs.used == 3 and not r.inputs.dropped and "r[n,x]" in r.inputs.completed
    assert r.verdict == "proved" == full.verdict
    # the buggy search is still caught from core-only inputs
    bug = analyze(os.path.join(SLL, "search_null.tvp"), core)
    assert bug.verdict == "alarms" and bug.inputs.used == 3


def test_contradicting_input_is_dropped_with_the_rule_named(write, tmp_path):
    bad = write("bad.tvs", CONTRADICTION + CORE_ONLY_LIST)
    out = tmp_path / "r.json"
    html = tmp_path / "html"
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "reverse.tvp"), bad, "-terse",
                                    "--json", str(out), "--html", str(html)])
    assert res.exit_code == 0, res.output
    assert "Warning: input structure 1 violates a consistency rule (" in res.output
    data = json.loads(out.read_text())
    dropped, = data["inputs"]["dropped"]
    assert dropped["structure"] == 1 and "r[n,x]" in dropped["reason"]
    assert data["inputs"]["used"] == 3
    assert "input structure 1 violates a consistency rule" in (html / "index.html").read_text()


def test_all_inputs_dropped_is_vacuous_not_proved(write):
    bad = write("bad.tvs", CONTRADICTION)
    r = analyze(os.path.join(SLL, "search_null.tvp"), bad)
    assert r.inputs.used == 0 and r.verdict == "vacuous"


@pytest.mark.parametrize("flag", ["--json", "-tvs", "-dot"])
def test_output_file_in_a_missing_directory(monkeypatch, tmp_path, flag):
    monkeypatch.chdir(SLL)
    res = run_cli("reverse", "list", flag, str(tmp_path / "missing" / "out"))
    assert res.exit_code == 2 and "does not exist" in res.output
    res = run_cli("reverse", "list", flag, str(tmp_path))
    assert res.exit_code == 2 and "is a directory" in res.output


def test_html_directory_given_as_a_file(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    f = tmp_path / "file"
    f.write_text("")
    res = run_cli("reverse", "list", "--html", str(f))
    assert res.exit_code == 2 and "is a file" in res.output
    res = CliRunner().invoke(main, ["render", LIST, "-o", str(f)])
    assert res.exit_code == 2 and "is a file" in res.output


def test_negative_limits_are_rejected(monkeypatch):
    monkeypatch.chdir(SLL)
    for flag in ("-ms", "-mm"):
        res = run_cli("reverse", "list", flag, "-3")
        assert res.exit_code == 2 and "Traceback" not in res.output


def cli_process(args, cwd, **kw):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.Popen([sys.executable, "-m", "tvla", "analyze", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])   # Ctrl-C; timeout(1), a batch system
def test_ctrl_c_writes_partial_results(tmp_path, sig):
    out, tvs = tmp_path / "r.json", tmp_path / "r.tvs"
    # a long analysis: the relational join without automatic constraints (whose coerce
    # then finds breaches after some updates: TVLA's default would stop there)
    props = tmp_path / "nobreak.properties"
    props.write_text("tvla.engine.breakIfCoerceAfterUpdateFailed = false\n")
    proc = cli_process(["insert_sort", "unsorted", "-join", "rel", "-noautomatic", "--json", str(out),
                        "-tvs", str(tvs), "-props", str(props)], SORTING)
    first = proc.stderr.readline()          # "Loaded ...": the fixpoint starts now
    assert first.startswith(b"Loaded"), first
    time.sleep(1.5)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr.decode()
    assert b"Traceback" not in stderr
    data = json.loads(out.read_text())
    assert data["limit_hit"] == "interrupted" and data["verdict"] != "proved"
    assert tvs.exists() and b"Stopped early: interrupted" in stdout


def test_output_piped_into_head_ends_quietly():
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run(f"{sys.executable} -m tvla analyze reverse list -terse | head -2", shell=True,
                          cwd=SLL, env=env, capture_output=True, text=True, timeout=120)
    assert proc.stdout.count("\n") == 2 and proc.stderr == ""


def deep_program(write, formula):
    return sll_program(write, "L0 Check() L1\n", extra_actions=f"""
%action Check() {{
    %t "check"
    %message ({formula}) -> "deep"
}}
""")


@pytest.mark.parametrize("formula", [
    " & ".join(["x(v)"] * 400).join(["E(v) ", ""]),
    "!" * 300 + "(E(v) x(v))",
    "".join(f"E(w{k}) " for k in range(200)) + "x(w199)",
])
def test_deep_formulas_run(write, formula):
    prog = deep_program(write, formula)
    res = CliRunner().invoke(main, ["analyze", prog, LIST, "-terse"])
    assert res.exit_code == 0, res.output
    assert "Verdict:" in res.output


def test_a_global_message_makes_every_edge_a_check(write):
    prog = sll_program(write, "L0 Skip() L1\nL1 Skip() L2\n",
                       extra_decls='%message (E(v) x(v)) -> "x is set"')
    r = analyze(prog, LIST)
    assert [c.status for c in r.checks] == ["alarm", "alarm"] and r.verdict == "alarms"
    assert {m.text for m in r.messages} == {"x is set"}


def test_sarif_of_an_analysis_names_tvp_lines_and_the_witness(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.sarif"
    assert run_cli("search_null", "list", "--witness", "--sarif", str(out)).exit_code == 0
    log = json.loads(out.read_text())
    validate_sarif(log)
    (res,) = log["runs"][0]["results"]
    assert res["ruleId"] == "message" and res["level"] == "error"  # a witness was found
    assert res["message"]["text"] == "L3: Illegal dereference to n component of t  [action: t = t->n]"
    where = res["locations"][0]["physicalLocation"]
    assert where["artifactLocation"]["uri"] == "search_null.tvp" and where["region"]["startLine"] == 18
    flow = res["codeFlows"][0]["threadFlows"][0]["locations"]
    # t = x (line 15), the loop test taken towards L3 (16), t = t->n (18): the CFG lines of the trace
    assert [s["location"]["physicalLocation"]["region"]["startLine"] for s in flow] == [15, 16, 18]
    assert flow[0]["location"]["message"]["text"].startswith("L0: t = x  [")
    # without --witness the alarm is a warning; a proof has no result
    assert run_cli("search_null", "list", "--sarif", str(out)).exit_code == 0
    assert json.loads(out.read_text())["runs"][0]["results"][0]["level"] == "warning"
    assert run_cli("reverse", "list", "--sarif", str(out)).exit_code == 0
    assert json.loads(out.read_text())["runs"][0]["results"] == []


def test_inputs_changed_by_the_rules_are_reported(write, tmp_path):
    """A summary node the rules make single, and a completed value left 1/2, are said
    (text, JSON), naming the structure and node."""
    prog = sll_program(write, "L0 Skip() L1\n", pvars="x")
    # u1 has a definite n-predecessor and a definite n-successor: is[n] and the function
    # property leave room for one cell only; x's cells given without r[n,x]
    tvs = write("in.tvs", SINGLED_SUMMARY + """
        %n = {u0, u1}
        %p = {
            sm = {u1:1/2}
            x = {u0}
            n = {u0->u1:1/2, u1->u1:1/2}
        }
    """)
    r = analyze(prog, tvs)
    assert "structure 1: summary node u1 became a single node after the consistency rules" in r.inputs.changes
    assert any(c.startswith("structure 2: completed r[n,x](u1) = 1/2") for c in r.inputs.changes), r.inputs.changes
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", prog, tvs, "-terse", "--json", str(out)])
    assert "input structure 1: summary node u1 became a single node after the consistency rules" in res.output
    assert json.loads(out.read_text())["inputs"]["changes"] == list(r.inputs.changes)


def test_running_out_of_memory_stops_like_a_limit(monkeypatch):
    """A MemoryError in the fixpoint ends the run with the partial results (never an internal error)."""
    from tvla.engine import fixpoint
    calls = {"n": 0}
    real = fixpoint.Fixpoint.process

    def process(self, loc):
        calls["n"] += 1
        if calls["n"] == 5:
            raise MemoryError
        return real(self, loc)
    monkeypatch.setattr(fixpoint.Fixpoint, "process", process)
    r = analyze(os.path.join(SLL, "reverse.tvp"), LIST)
    assert r.limit_hit == "memory" and r.verdict == "incomplete" and r.total_structures > 0
    calls["n"] = 0
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "reverse.tvp"), LIST, "-terse"])
    assert res.exit_code == 0 and "Stopped early: memory limit reached; results are partial." in res.output


def test_a_system_error_near_the_memory_limit_stops_like_a_limit(monkeypatch):
    """Near the address-space limit an allocation can fail without raising (SystemError,
    "error return without exception set"): that is memory exhausted; anywhere else a bug."""
    from tvla.engine import fixpoint, memory
    calls = {"n": 0}
    real = fixpoint.Fixpoint.process

    def process(self, loc):
        calls["n"] += 1
        if calls["n"] == 5:
            raise SystemError("error return without exception set")
        return real(self, loc)
    monkeypatch.setattr(fixpoint.Fixpoint, "process", process)
    monkeypatch.setattr(memory, "near_limit", lambda: True)
    r = analyze(os.path.join(SLL, "reverse.tvp"), LIST)
    assert r.limit_hit == "memory" and r.total_structures > 0
    monkeypatch.setattr(memory, "near_limit", lambda: False)
    calls["n"] = 0
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "reverse.tvp"), LIST, "-terse"])
    assert res.exit_code == 70 and "internal error: SystemError" in res.output
