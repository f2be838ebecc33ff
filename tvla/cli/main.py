"""Command line: ``tvla analyze PROGRAM [INPUT] [options]`` and the other commands.

TVLA's own option spellings are accepted (``-join rel``, ``-ms 100``,
``-DNAME(value)``, ``-noautomatic``...), so that a TVLA command line works
when prefixed with ``tvla analyze``; the ``--`` forms work too.  Options are
gathered into one :class:`~tvla.engine.options.Options` (``PROGRAM.properties``,
then ``-props FILE``, then the flags); the analysis runs in a worker thread
with a deep stack, so that Ctrl-C stops it cleanly with partial results.

Exit status: 0, or 1 with ``--fail-on-alarm`` when the verdict is not
``proved``; 2 for bad input; 130 when interrupted (results are still written).

The rest of tvla is imported inside the commands that use it, so that
``tvla --help`` and a bad command line answer at once (start-up time).
"""

import gc
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, NoReturn, Optional, Sequence, Tuple, TypeVar

import click

from tvla.engine.memory import out_of_memory
from tvla.errors import TvlaError, writing

if TYPE_CHECKING:  # the commands import these where they use them (start-up time)
    from tvla.engine.fixpoint import Analysis
    from tvla.engine.options import Options
    from tvla.engine.results import Result

T = TypeVar("T")

Kw = Dict[str, Any]
"""The parameters of a command, as click passes them."""

# TVLA's single-dash options and the click option they stand for
TVLA_OPTIONS = {
    "-join": "--join", "-action": "--action", "-ms": "--ms", "-mm": "--mm", "-save": "--save",
    "-tvs": "--tvs", "-dot": "--dot", "-path": "--path", "-props": "--props",
    "-noautomatic": "--noautomatic", "-terse": "--terse", "-post": "--post",
    "-log": "--log", "-d": "--debug", "-td": "--td", "-td.dot": "--td-dot",
    "-td.summarizationOff": "--td-summarization-off",
}

EXIT_ALARM, EXIT_INPUT, EXIT_MEMORY, EXIT_INTERRUPTED, EXIT_INTERNAL = 1, 2, 3, 130, 70
EXIT_UNCHECKED = 3   # tvla selfcheck: the analysis stopped early, nothing was checked

# the worker's stack and recursion limit: deeply nested formulas and macros are valid input
STACK_BYTES = 512 * 1024 * 1024
RECURSION_LIMIT = 200_000


def translate_args(args: Sequence[str]) -> List[str]:
    """Rewrite TVLA-style arguments into this CLI's spelling."""
    out = []
    for a in args:
        if a in TVLA_OPTIONS:
            out.append(TVLA_OPTIONS[a])
        elif a.startswith("-D") and not a.startswith("--") and len(a) > 2:
            out += ["--define", a[2:]]
        else:
            out.append(a)
    return out


class TvlaCommand(click.Command):
    """A command that takes TVLA's spellings; an unknown single-dash option is named as typed."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        known = set(TVLA_OPTIONS) | {o for p in self.params for o in getattr(p, "opts", []) + getattr(p, "secondary_opts", [])}
        for a in args:
            if a == "--":
                break
            if a.startswith("-") and not a.startswith("--") and len(a) > 2 and not a.startswith("-D") \
                    and a not in known and a.split("=")[0] not in known and not a[1:].replace(".", "").isdigit():
                import difflib  # lazy: start-up time of every run
                close = difflib.get_close_matches(a, sorted(known), n=1)
                raise click.UsageError(f"no such option: {a}" + (f" (did you mean {close[0]}?)" if close else ""),
                                       ctx)
        return super().parse_args(ctx, translate_args(args))


def resolve(name: str, ext: str, search: Sequence[str]) -> str:
    """TVLA-style lookup: as given, then NAME.ext in the current directory and each -path."""
    candidates = [name] if os.path.splitext(name)[1] else []
    candidates.append(name + ext)
    for d in search:
        candidates.append(os.path.join(d, name))
        candidates.append(os.path.join(d, name + ext))
    for c in candidates:
        if os.path.isfile(c):
            return c
    raise TvlaError(f"cannot find {name} (looked for {name}{ext} in . and the -path directories)")


def default_report_dir(program_path: str) -> str:
    """./output/PROGRAM, under the current directory (never inside the installed tool)."""
    name = os.path.splitext(os.path.basename(program_path))[0]
    return os.path.join(os.getcwd(), "output", name)


def check_output_file(path: str, flag: str) -> None:
    """An output file must be writable where it is named: its directory exists, it is no directory."""
    if os.path.isdir(path):
        raise TvlaError(f"{flag} {path}: is a directory; give a file name")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise TvlaError(f"{flag} {path}: directory {os.path.dirname(path) or '.'} does not exist")
    if not os.access(parent, os.W_OK):
        raise TvlaError(f"{flag} {path}: directory {os.path.dirname(path) or '.'} is not writable")


def check_output_dir(path: str, flag: str) -> None:
    """An output directory is created, with its missing parents, before the run; a file there is an error."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise TvlaError(f"{flag} {path}: is a file, not a directory")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise TvlaError(f"{flag} {path}: cannot create the directory ({e.strerror})") from None


def run_deep(work: Callable[[], T]) -> T:
    """Run ``work()`` in a thread with a deep stack (deeply nested input is valid input);
    Ctrl-C abandons it."""
    return run_interruptible(lambda _stop: work(), patient=False)


@contextmanager
def stop_on_signals(patient: bool = True) -> Iterator[threading.Event]:
    """While inside, the first Ctrl-C or SIGTERM (what ``timeout(1)`` and batch systems send) sets
    the event yielded: the work stops at its next step and writes what it has; a second one (the
    first, unless ``patient``) raises KeyboardInterrupt.  Only in the main thread (signals go there)."""
    stop = threading.Event()

    def on_signal(_signum: int, _frame: Optional[FrameType]) -> None:
        if stop.is_set() or not patient:
            raise KeyboardInterrupt
        stop.set()
    in_main = threading.current_thread() is threading.main_thread()
    old = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)} if in_main else {}
    try:
        yield stop
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def run_interruptible(work: Callable[[Callable[[], bool]], T], patient: bool = True) -> T:
    """Run ``work(should_stop)`` in a thread with a deep stack and return its value.

    The first Ctrl-C or SIGTERM asks the work to stop (``should_stop()`` turns true), a second one
    (the first, unless ``patient``) abandons it (:func:`stop_on_signals`); exceptions of the work
    are raised here."""
    box: Dict[str, Any] = {}
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, RECURSION_LIMIT))
    # an interrupted Thread.join can leave the thread looking finished: catch
    # Ctrl-C with a handler instead of as an exception
    with stop_on_signals(patient) as stop:
        def target() -> None:
            try:
                box["value"] = work(stop.is_set)
            except BaseException as e:  # noqa: BLE001 - handed to the caller's thread
                box["error"] = e
        threading.stack_size(STACK_BYTES)
        try:
            worker = threading.Thread(target=target, name="tvla-analysis", daemon=True)
            worker.start()
            threading.stack_size(0)
            while worker.is_alive():
                worker.join(0.1)
        finally:
            threading.stack_size(0)
            sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    return box["value"]


def guarded(fn: Callable[[], T], debug: bool = False) -> T:
    """Run a command body: located errors exit 2, Ctrl-C 130, nothing shows a traceback."""
    try:
        return fn()
    except TvlaError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_INPUT)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        quiet_stdout()
        sys.exit(0)
    except RecursionError:
        click.echo("tvla: input nested too deeply to analyse", err=True)
        sys.exit(EXIT_INPUT)
    except (MemoryError, SystemError) as e:
        if not out_of_memory(e):
            return internal_error(e, debug)
        click.echo("tvla: out of memory: the run needs more memory than the machine allows "
                   "(bound it: -ms N, --nodes K)", err=True)
        sys.exit(EXIT_MEMORY)
    except Exception as e:  # noqa: BLE001 - never show a traceback to the user
        return internal_error(e, debug)


def internal_error(e: Exception, debug: bool) -> NoReturn:
    """Say that ``e`` is a bug of the tool (re-raise it under ``debug``) and exit 70."""
    if debug:
        raise e
    click.echo(f"tvla: internal error: {type(e).__name__}: {e}", err=True)
    sys.exit(EXIT_INTERNAL)


def quiet_stdout() -> None:
    """After the reader of our output went away (``| head``), send the rest nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def echo(text: str) -> None:
    """Print to stdout; a closed pipe ends the printing quietly."""
    try:
        click.echo(text, nl=False)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()


class TvlaGroup(click.Group):
    """Commands; a first argument that names none is TVLA's own command line,
    ``tvla PROGRAM [INPUT] [options]``, and means ``tvla analyze``."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["analyze"] + list(args)
        return super().parse_args(ctx, args)


def run(args: Optional[Sequence[str]] = None, prog_name: str = "tvla") -> None:
    """The ``tvla`` process (console script, ``python -m tvla``): :func:`main` without Python's
    cyclic garbage collector.  The process is one command; its passes over the live objects
    (an analysis's stored structures, a C file's syntax tree) cost up to a third of
    ``tvla verify``'s time and a twentieth of ``tvla analyze``'s and free little that
    reference counting does not (each file of ``tvla verify`` runs in a process of its own).
    In-process callers of :func:`main` (tests, scripts) keep their collector.  Called as
    click's ``main`` is (``args``: the arguments, else ``sys.argv[1:]``)."""
    gc.disable()
    main(args, prog_name=prog_name)


@click.group(cls=TvlaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tvla", message="tvla %(version)s")
def main() -> None:
    """A TVLA-style three-valued shape analyzer.

    TVLA's command line works as it is: ``tvla PROGRAM [INPUT] [options]``
    is ``tvla analyze PROGRAM [INPUT] [options]``."""


@main.command(cls=TvlaCommand, context_settings={"ignore_unknown_options": False})
@click.argument("program")
@click.argument("input", required=False)
@click.option("--join", type=click.Choice(["rel", "part", "ind", "conc"]), default=None,
              help="Join at locations (default part).")
@click.option("--action", "action_order", default=None, help="Action pipeline order (default fcpucb).")
@click.option("--ms", "max_structures", type=click.IntRange(min=0), default=None,
              help="Stop after N structures.")
@click.option("--mm", "max_messages", type=click.IntRange(min=0), default=None, help="Stop after N messages.")
@click.option("--max-nodes", "max_nodes", type=click.IntRange(min=0), default=None,
              help="Stop when a structure to store has more than N nodes (bounds -join conc).")
@click.option("--save", type=click.Choice(["all", "back", "ext"]), default=None,
              help="Locations that store structures (default all).")
@click.option("--tvs", "tvs_out", default=None, help="Write the structures at printed locations (TVS).")
@click.option("--dot", "dot_out", default=None, help="Write the structures at printed locations (DOT).")
@click.option("--json", "json_out", default=None, help="Write the results as JSON.")
@click.option("--sarif", "sarif_out", default=None,
              help="Write the messages as SARIF 2.1.0 (TVP file and line; witnesses as code flows).")
@click.option("--log", "log_out", default=None, help="Write the text report to this file too (TVLA's -log).")
@click.option("--html", "html_out", default=None, is_flag=False, flag_value="",
              help="Write an HTML report into this directory (default: output/PROGRAM).")
@click.option("--html-max", type=click.IntRange(min=1), default=200, show_default=True,
              help="Structures drawn per location in the HTML report.")
@click.option("--define", multiple=True, help="Preprocessor macro NAME, NAME(value) or NAME=value.")
@click.option("--path", "search_path", multiple=True, help="Directory searched for files and includes.")
@click.option("--props", default=None, help="TVLA properties file (after PROGRAM.properties).")
@click.option("--noautomatic", is_flag=True, default=None, help="No automatic constraints.")
@click.option("--terse", is_flag=True, default=None, help="No progress output.")
@click.option("--post", is_flag=True, default=None, help="Visit locations in post order.")
@click.option("--no-differencing", is_flag=True, default=None,
              help="Instrumentation predicates not updated by an action keep their values.")
@click.option("--subsumption/--no-subsumption", default=None,
              help="Drop structures that embed into another one at the same location "
                   "(default: on for the part and ind joins).")
@click.option("--fail-on-alarm", is_flag=True, default=False,
              help="Exit 1 unless the verdict is proved (alarms, vacuous, or stopped early).")
@click.option("--show-updates", is_flag=True, default=False, help="Print derived update formulae.")
@click.option("--witness", is_flag=True, default=False,
              help="Search a concrete trace that shows each message (breadth first, smallest stores first).")
@click.option("--witness-nodes", type=click.IntRange(min=0), default=None,
              help="Largest store (in nodes) of a witness (default 5; implies --witness).")
@click.option("--witness-steps", type=click.IntRange(min=0), default=None,
              help="Longest witness (in CFG steps) (default 300; implies --witness).")
@click.option("--witness-states", type=click.IntRange(min=0), default=None,
              help="Concrete states the witness search follows at most (default 5000; implies --witness).")
@click.option("--workers", type=click.IntRange(min=1, max=2), default=None,
              help="Processes that apply actions: 2 (the default on a machine with two cores or more) forks "
                   "a helper once the analysis has run a second; 1: none. The results are the same.")
@click.option("--td", is_flag=True, default=False,
              help="Termination analysis over the abstract transition relation (TVLA's -td).")
@click.option("--td-dot", "td_dot", default=None,
              help="With -td: write the abstract transition graph as DOT (TVLA's -td.dot FILE).")
@click.option("--td-summarization-off", "td_summarization_off", is_flag=True, default=False,
              help="Accepted for TVLA's -td.summarizationOff; no effect (docs/engine.md).")
@click.option("--debug", is_flag=True, default=False,
              help="Show a Python traceback on an internal error (TVLA's -d).")
def analyze(**kw: Any) -> None:
    """Analyze PROGRAM (a .tvp file) on INPUT (a .tvs file; default PROGRAM.tvs)."""
    code = guarded(lambda: analyze_command(kw), kw["debug"])
    sys.exit(code or 0)


def analyze_options(kw: Kw, prog_path: str) -> "Options":
    """The :class:`Options` of an ``analyze`` command line (a flag not given is None)."""
    from tvla.engine.options import build_options  # lazy: start-up time
    from tvla.engine.parallel import workers_beside
    return build_options(
        prog_path, props=kw["props"], defines=kw["define"], search_path=kw["search_path"],
        join=kw["join"], action_order=kw["action_order"], save=kw["save"],
        max_structures=kw["max_structures"], max_messages=kw["max_messages"], max_nodes=kw["max_nodes"],
        post_order=kw["post"] or None, subsumption=kw["subsumption"],
        # a bound of the witness search asks for the search
        witness=bool(kw["witness"] or any(kw[k] is not None for k in ("witness_nodes", "witness_steps",
                                                                      "witness_states"))) or None,
        witness_nodes=kw["witness_nodes"], witness_steps=kw["witness_steps"], witness_states=kw["witness_states"],
        automatic=False if kw["noautomatic"] else None,
        differencing=False if kw["no_differencing"] else None,
        termination=bool(kw["td"] or kw["td_dot"]) or None,
        workers=kw["workers"] or workers_beside(1))


def check_outputs(kw: Kw) -> None:
    for flag, key in (("--json", "json_out"), ("--sarif", "sarif_out"), ("-tvs", "tvs_out"), ("-dot", "dot_out"),
                      ("-log", "log_out"),
                      ("-td.dot", "td_dot")):
        if kw[key]:
            check_output_file(kw[key], flag)
    if kw["html_out"]:
        check_output_dir(kw["html_out"], "--html")


def analyze_command(kw: Kw) -> int:
    """Load, run, write every output; return the exit status."""
    from tvla.engine.options import gather_properties, parse_bool, property_value  # lazy: start-up time
    search = list(kw["search_path"])
    prog_path = resolve(kw["program"], ".tvp", search)
    in_name = kw["input"] or os.path.splitext(kw["program"])[0]
    in_path = resolve(in_name, ".tvs", search)
    options = analyze_options(kw, prog_path)
    # tvla.terse steers the output, not the analysis: read here, not in Options
    terse = kw["terse"]
    if terse is None:
        props = gather_properties(prog_path, kw["props"])
        terse = "tvla.terse" in props and property_value(props, "tvla.terse", parse_bool)
    check_outputs(kw)
    if options.ignored_properties and not terse:
        click.echo(f"ignoring properties: {', '.join(options.ignored_properties)}", err=True)
    result = run_interruptible(lambda stop: load_and_run(prog_path, in_path, options, kw, terse, stop))
    write_outputs(result, kw, prog_path)
    if result.limit_hit == "interrupted":
        return EXIT_INTERRUPTED
    if kw["fail_on_alarm"] and result.verdict != "proved":
        return EXIT_ALARM
    return 0


def load_and_run(prog_path: str, in_path: str, options: "Options", kw: Kw, terse: bool,
                 should_stop: Callable[[], bool]) -> "Result":
    from tvla.cli.api import load, read_inputs, run_loaded  # lazy: start-up time
    t0 = time.perf_counter()
    analysis = load(prog_path, options)
    if kw["show_updates"]:
        print_updates(analysis)
    structures, given = read_inputs(analysis, in_path)
    if should_stop():
        raise KeyboardInterrupt
    if not terse:
        click.echo(f"Loaded {prog_path} and {len(structures)} input structure(s) from {in_path} "
                   f"in {time.perf_counter() - t0:.2f}s", err=True)
    # tqdm draws only on a terminal; elsewhere it is not even imported (start-up time)
    progress = progress_printer() if not terse and sys.stderr.isatty() else None
    t0 = time.perf_counter()
    try:
        result = run_loaded(analysis, structures, given, prog_path, in_path, progress, should_stop)
    finally:
        if progress is not None:
            progress.close()
    if options.witness and result.messages and not terse:
        click.echo(f"Analysis and witness search (stores of up to {options.witness_nodes} nodes): "
                   f"{time.perf_counter() - t0:.2f}s", err=True)
    return result


class ProgressPrinter:
    """A progress callback drawing a tqdm counter on stderr (only on a terminal); ``close()`` removes it."""

    def __init__(self) -> None:
        from tqdm import tqdm  # lazy: start-up time
        self.bar = tqdm(desc="fixpoint", unit=" steps", file=sys.stderr, mininterval=0.5, disable=None, leave=False)

    def __call__(self, loc: str, steps: int, total: int, msgs: int) -> None:
        bar = self.bar
        if steps > bar.n:
            bar.update(steps - bar.n)
        bar.set_postfix_str(f"at {loc}: {total} structures, {msgs} messages", refresh=False)

    def close(self) -> None:
        self.bar.close()


def progress_printer() -> ProgressPrinter:
    """A progress callback drawing a tqdm counter on stderr (only on a terminal)."""
    return ProgressPrinter()


def write_outputs(result: "Result", kw: Kw, prog_path: str) -> None:
    """The text report on stdout, then the files asked for; all read the Result only."""
    # lazy: start-up time
    from tvla.lang.tvs import write_tvs
    from tvla.output.report import text_report, write_json
    from tvla.output.witness_view import witness_lines
    report = text_report(result, witness_lines if result.options.witness else None)
    echo(report)
    if kw["log_out"]:
        with writing("-log", kw["log_out"]), open(kw["log_out"], "w") as fh:
            fh.write(report)
    if result.limit_hit:
        click.echo(f"tvla: stopped early ({result.limit_hit}); writing partial results", err=True)
    printed = result.printed or result.order
    groups = [(loc, result.locations[loc]) for loc in printed]
    if kw["tvs_out"]:
        with writing("-tvs", kw["tvs_out"]):
            write_tvs(kw["tvs_out"], groups, result.vocabulary)
    if kw["dot_out"]:
        from tvla.output.render import write_dot_file  # lazy: start-up time
        with writing("-dot", kw["dot_out"]):
            write_dot_file(kw["dot_out"], groups, result.vocabulary)
    if kw["json_out"]:
        with writing("--json", kw["json_out"]):
            write_json(result, kw["json_out"])
    if kw["sarif_out"]:
        from tvla.output.sarif import analysis_sarif  # lazy: start-up time
        with writing("--sarif", kw["sarif_out"]), open(kw["sarif_out"], "w") as fh:
            fh.write(analysis_sarif(result))
    if kw["td_dot"] and result.termination is not None:
        from tvla.output.termination_view import write_transition_dot  # lazy: start-up time
        with writing("-td.dot", kw["td_dot"]):
            write_transition_dot(kw["td_dot"], result)
    if kw["html_out"] is not None:
        out_dir = kw["html_out"] or default_report_dir(prog_path)
        with writing("--html", out_dir):
            write_html(result, out_dir, kw["html_max"])


def write_html(result: "Result", out_dir: str, max_per_location: int) -> None:
    # lazy: start-up time
    from tvla.output.html import write_html_report
    from tvla.output.render import INSTALL_HINT, dot_available
    path = write_html_report(result, out_dir, max_per_location=max_per_location)
    click.echo(f"Report: {path}", err=True)
    if not dot_available():
        click.echo(INSTALL_HINT, err=True)


def print_updates(analysis: "Analysis") -> None:
    seen = set()
    for e in analysis.program.edges:
        ca = analysis.compiled_action(e)
        if id(ca) in seen:
            continue
        seen.add(id(ca))
        click.echo(f"== {e.action.label}: {e.action.title}")
        for name, (params, f) in ca.action.updates.items():
            click.echo(f"  {name}({', '.join(params)}) = {f}")
        for name, (params, f) in ca.derived.items():
            click.echo(f"  {name}({', '.join(params)}) = {f}    [derived]")


@main.command()
@click.argument("tvs_file")
@click.option("-o", "--output", "out_dir", default=None, help="Directory for the SVG files.")
@click.option("--program", default=None, help="TVP file declaring the predicates (default: inferred).")
def render(tvs_file: str, out_dir: Optional[str], program: Optional[str]) -> None:
    """Draw every structure of TVS_FILE as SVG (DOT without Graphviz)."""
    def body() -> None:
        # lazy: start-up time
        from tvla.cli.api import render_tvs_file
        from tvla.output.render import INSTALL_HINT
        if out_dir:
            check_output_dir(out_dir, "-o")
        written, svg = render_tvs_file(tvs_file, out_dir, program)
        for path in written:
            click.echo(path)
        if not svg:
            click.echo(INSTALL_HINT, err=True)
    guarded(lambda: run_deep(body))


# ---------------------------------------------------------------------------- selfcheck

MAX_RUNS = 1000
"""``tvla selfcheck --runs`` at most: a random run of a small program takes some tens of
milliseconds (a tree search on a BST, 30 ms), so 1000 of them are seconds to a minute;
--runs 1000000000000 (the shared fuzzer) never ended."""

@main.command(cls=TvlaCommand)
@click.argument("program")
@click.argument("input")
@click.option("--nodes", type=click.IntRange(min=0), default=3, show_default=True,
              help="Run every concrete input store of up to K nodes.")
@click.option("--runs", type=click.IntRange(0, MAX_RUNS), default=20, show_default=True,
              help="Then N random runs from larger stores.")
@click.option("--steps", type=click.IntRange(min=0), default=300, show_default=True,
              help="Steps of each concrete run.")
@click.option("--join", type=click.Choice(["rel", "part", "ind", "conc"]), default=None,
              help="Join of the analysis checked (default: as PROGRAM.properties says, else part).")
@click.option("--define", multiple=True, help="Preprocessor macro NAME, NAME(value) or NAME=value.")
@click.option("--path", "search_path", multiple=True, help="Directory searched for files and includes.")
@click.option("--props", default=None, help="TVLA properties file (after PROGRAM.properties).")
def selfcheck(program: str, input: str, nodes: int, runs: int, steps: int, join: Optional[str],
              define: Tuple[str, ...], search_path: Tuple[str, ...], props: Optional[str]) -> None:
    """Check that concrete runs of PROGRAM on the stores INPUT describes embed in the analysis
    (run with the options of ``tvla analyze PROGRAM INPUT``: PROGRAM.properties, --props, --join)."""
    def body() -> int:
        from tvla.cli.api import selfcheck_files  # lazy: start-up time
        # TVLA-style names as analyze takes them: insert_sort unsorted, looked up in . and -path
        prog_path = resolve(program, ".tvp", list(search_path))
        in_path = resolve(input, ".tvs", list(search_path))
        lines, ok = selfcheck_files(prog_path, in_path, nodes, runs, steps, join, define, search_path, props)
        echo("\n".join(lines) + "\n")
        return EXIT_UNCHECKED if ok is None else 0 if ok else EXIT_ALARM
    sys.exit(guarded(lambda: run_deep(body)) or 0)


# ---------------------------------------------------------------- tvla check (tvla/check.py)

@main.command(cls=TvlaCommand)
@click.argument("program")
@click.option("--define", multiple=True, help="Preprocessor macro NAME, NAME(value) or NAME=value.")
@click.option("--path", "search_path", multiple=True, help="Directory searched for files and includes.")
@click.option("--props", default=None, help="TVLA properties file (after PROGRAM.properties).")
@click.option("--nodes", type=click.IntRange(0, 7), default=4, show_default=True,
              help="Check every concrete structure with at most this many nodes.")
@click.option("--debug", is_flag=True, default=False, hidden=True)
def check(**kw: Any) -> None:
    """Prove PROGRAM's predicate library on every concrete structure with at most --nodes nodes:
    update formulae, consistency rules, focus formulae, messages.  Exit status 0 when everything
    holds, 1 when something is wrong, 2 for malformed input."""
    sys.exit(guarded(lambda: run_deep(lambda: check_command(kw)), kw["debug"]))


def check_command(kw: Kw) -> int:
    # lazy: start-up time
    from tvla.concrete.check import check_program
    from tvla.engine.options import build_options
    from tvla.lang.tvp import load_program
    prog_path = resolve(kw["program"], ".tvp", list(kw["search_path"]))
    options = build_options(prog_path, props=kw["props"], defines=kw["define"], search_path=kw["search_path"])
    program = load_program(prog_path, dict(options.defines), options.search_path)
    t0 = time.perf_counter()
    result = check_program(program, kw["nodes"], options.differencing)
    echo(result.render())
    click.echo(f"{result.structures} structures enumerated in {time.perf_counter() - t0:.2f}s", err=True)
    return result.exit_code


# ---------------------------------------------------------------- tvla verify, tvla c2tvp (C input)


# tvla verify and tvla c2tvp (the names tvla.cfront.parse.DATA_MODELS: not imported, so that
# start-up does not load the C parser)
DATA_MODEL = click.option("--data-model", type=click.Choice(["ILP32", "LP64"]), default=None,
                          help="Widths of long and pointers: ILP32 (32 bits, as gcc -m32) or LP64 (64 bits). "
                               "Default: a task file's, else ILP32 for a gcc -m32 -E file (its size_t an "
                               "unsigned int), else LP64.")


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--property", "properties", multiple=True,
              help="memsafety, memcleanup, unreach-call, sorted(LIST), a comma-separated list, or a "
                   "competition .prp file (default: memsafety, memcleanup, unreach-call).")
@click.option("--json", "json_out", default=None, help="Write the verdicts as JSON.")
@click.option("--sarif", "sarif_out", default=None, help="Write the findings as SARIF 2.1.0.")
@click.option("--html", "html_dir", default=None,
              help="Write an HTML report into this directory: per file, the source with the structures "
                   "and findings of each line, and the witnesses.")
@click.option("--witness", is_flag=True, default=False,
              help="Accepted for symmetry with tvla analyze: tvla verify always searches witnesses.")
@click.option("--malloc-may-fail", is_flag=True, default=False, help="malloc may return NULL.")
@DATA_MODEL
@click.option("--concrete/--no-concrete", default=True, show_default=True,
              help="Also run the C program itself with chosen nondeterministic values: a run that "
                   "violates a property makes it false (docs/c.md, \"Concrete runs\").")
@click.option("--witness-nodes", type=click.IntRange(min=0), default=None,
              help="Largest store (in cells) a witness may use (default: 8, or the largest value a counter "
                   "of the program keeps + 2, at most 16; or the largest store a run without blur met).")
@click.option("--witness-steps", type=click.IntRange(min=0), default=300, show_default=True,
              help="Longest witness (in statements).")
@click.option("--witness-states", type=click.IntRange(min=0), default=5000, show_default=True,
              help="Concrete states the witness search follows at most.")
@click.option("--timeout", type=click.FloatRange(min=1), default=120.0, show_default=True,
              help="Seconds per file; past it the file is unknown (what was found is kept).")
@click.option("--memory", "memory_mb", type=click.IntRange(min=256), default=4096, show_default=True,
              help="Megabytes of memory per file; past it the file is unknown.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Files verified at once (default: one per core).")
@click.option("--debug", is_flag=True, default=False, help="Show a Python traceback on an internal error.")
def verify(**kw: Any) -> None:
    """Verify C FILES (.c or gcc -E output .i; a directory stands for the files in it; a competition
    task file .yml names its C file, properties and expected verdicts): per property
    true (proved), false (with a concrete witness) or unknown (with the reason).  Exit status 0 when
    all are true, 1 when some is false, 3 when some is unknown, 2 for bad input."""
    sys.exit(guarded(lambda: verify_command(kw), kw["debug"]))


def verify_command(kw: Kw) -> int:
    # lazy: start-up time (the C parser is loaded only for C input)
    from tvla.cfront.properties import parse_properties
    from tvla.cfront.verdict import exit_status
    from tvla.cli.verify import VerifyOptions, c_files, verify_tasks
    from tvla.output.verify_report import sarif, summary_lines, text_lines, verify_json, write_html
    opts = VerifyOptions(parse_properties(kw["properties"]), kw["malloc_may_fail"], kw["witness_nodes"],
                         kw["witness_steps"], kw["witness_states"], timeout=kw["timeout"], memory_mb=kw["memory_mb"], concrete=kw["concrete"],
                         data_model=kw["data_model"])
    for flag, key in (("--json", "json_out"), ("--sarif", "sarif_out")):
        if kw[key]:
            check_output_file(kw[key], flag)
    if kw["html_dir"]:
        check_output_dir(kw["html_dir"], "--html")
    files = c_files(kw["files"])
    if not files:
        raise TvlaError(f"no .c or .i file in {', '.join(kw['files'])}")
    with stop_on_signals() as stop:   # the files done so far are reported, the others unknown
        verdicts = verify_tasks(files, opts, kw["jobs"], stop.is_set, bool(kw["properties"]))
    echo("".join(line + "\n" for f in verdicts for line in text_lines(f)))
    if len(verdicts) > 1 or any(f.expected for f in verdicts):
        echo("\n" + "".join(line + "\n" for line in summary_lines(verdicts)))
    for flag, key, writer in (("--json", "json_out", verify_json), ("--sarif", "sarif_out", sarif)):
        if kw[key]:
            with writing(flag, kw[key]), open(kw[key], "w", encoding="utf-8") as fh:
                fh.write(writer(verdicts))
    if kw["html_dir"]:
        with writing("--html", kw["html_dir"]):
            index = write_html(verdicts, kw["html_dir"])
        echo(f"HTML report: {index}\n")
    return EXIT_INTERRUPTED if stop.is_set() else exit_status(verdicts)


@main.command()
@click.argument("file")
@click.option("-o", "--output", "out_dir", default=".", show_default=True,
              help="Directory for PROGRAM.tvp and PROGRAM.tvs.")
@click.option("--property", "properties", multiple=True, help="As for tvla verify.")
@click.option("--malloc-may-fail", is_flag=True, default=False, help="malloc may return NULL.")
@DATA_MODEL
def c2tvp(file: str, out_dir: str, properties: Tuple[str, ...], malloc_may_fail: bool,
          data_model: Optional[str]) -> None:
    """Translate the C FILE into the TVP program and TVS input that tvla verify analyses."""
    def body() -> None:
        # lazy: start-up time (the C parser is loaded only for C input)
        from tvla.cfront.properties import parse_properties
        from tvla.cli.verify import VerifyOptions, lower, write_translation
        opts = VerifyOptions(parse_properties(properties), malloc_may_fail, data_model=data_model)
        check_output_dir(out_dir, "-o")
        cprog = lower(file, opts)
        for pos, what in cprog.unsupported:
            click.echo(f"{pos}: {what}", err=True)
        with writing("-o", out_dir):
            _tr, tvp, tvs = write_translation(cprog, opts.properties, out_dir)
        click.echo(tvp)
        click.echo(tvs)
    guarded(body)


@main.command(cls=TvlaCommand)
@click.argument("program")
@click.argument("input", required=False)
@click.option("--nodes", type=click.IntRange(min=0), default=3, show_default=True,
              help="Concrete stores of at most K cells.")
@click.option("--stores", type=click.IntRange(min=0), default=3, show_default=True,
              help="Show at most N stores per structure.")
@click.option("-D", "--define", "define", multiple=True, help="Preprocessor macro NAME or NAME(value).")
@click.option("-path", "--path", "search_path", multiple=True, help="Directory searched for files and includes.")
@click.option("-props", "--props", "props", default=None, help="TVLA properties file (after PROGRAM.properties).")
def inputs(program: str, input: Optional[str], nodes: int, stores: int, define: Tuple[str, ...],
           search_path: Tuple[str, ...], props: Optional[str]) -> None:
    """Print each structure of INPUT (default PROGRAM.tvs) as the analysis of PROGRAM starts from it
    (completed, coerced, blurred; the changes said as warnings) and the smallest stores it describes."""
    def body() -> int:
        from tvla.cli.inputs import input_lines  # lazy: start-up time
        from tvla.engine.options import build_options
        prog_path = resolve(program, ".tvp", list(search_path))
        in_path = resolve(input or os.path.splitext(program)[0], ".tvs", list(search_path))
        options = build_options(prog_path, props=props, defines=define, search_path=search_path)
        echo("\n".join(input_lines(prog_path, in_path, nodes, stores, options)) + "\n")
        return 0
    sys.exit(guarded(lambda: run_deep(body)) or 0)


if __name__ == "__main__":  # pragma: no cover
    main()
