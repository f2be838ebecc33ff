"""Command line: ``tvla analyze PROGRAM [INPUT] [options]`` and ``tvla render FILE.tvs``.

TVLA's own option spellings are accepted (``-join rel``, ``-ms 100``,
``-DNAME(value)``, ``-noautomatic``...), so that a TVLA command line works
when prefixed with ``tvla analyze``; the ``--`` forms work too.
"""

import os
import sys
import time

import click

from .errors import TvlaError

# TVLA's single-dash options and the click option they stand for
_TVLA_OPTIONS = {
    "-join": "--join", "-action": "--action", "-ms": "--ms", "-mm": "--mm", "-save": "--save",
    "-tvs": "--tvs", "-dot": "--dot", "-path": "--path", "-props": "--props",
    "-noautomatic": "--noautomatic", "-terse": "--terse", "-post": "--post",
}

_PROPS_USED = {
    "tvla.joinType", "tvla.engine.actionOrder", "tvla.generateAutomaticConstraints",
    "tvla.differencing.difference", "tvla.cfg.saveLocations", "tvla.cfg.postOrder", "tvla.terse",
}


def translate_args(args):
    """Rewrite TVLA-style arguments into this CLI's spelling."""
    out = []
    for a in args:
        if a in _TVLA_OPTIONS:
            out.append(_TVLA_OPTIONS[a])
        elif a.startswith("-D") and not a.startswith("--") and len(a) > 2:
            out += ["--define", a[2:]]
        else:
            out.append(a)
    return out


class TvlaCommand(click.Command):
    def parse_args(self, ctx, args):
        return super().parse_args(ctx, translate_args(args))


def read_props(path):
    """Java-style properties: ``key = value`` lines, ``#``/``!`` comments."""
    props = {}
    try:
        with open(path) as fh:
            lines = fh.read().splitlines()
    except OSError as e:
        raise TvlaError(f"cannot read properties file {path}: {e.strerror}", path, 1, 1)
    for k, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s[0] in "#!":
            continue
        for sep in ("=", ":"):
            if sep in s:
                key, value = s.split(sep, 1)
                break
        else:
            parts = s.split(None, 1)
            key, value = parts[0], (parts[1] if len(parts) > 1 else "")
        props[key.strip()] = value.strip()
    return props


def resolve(name, ext, search):
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


def default_report_dir(program_path):
    """output/PROGRAM in the project (when run from a checkout), else ./output/PROGRAM."""
    name = os.path.splitext(os.path.basename(program_path))[0]
    project_output = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "output")
    base = project_output if os.path.isdir(project_output) else os.path.join(os.getcwd(), "output")
    return os.path.join(base, name)


def _bool(value):
    return str(value).strip().lower() in ("true", "yes", "1", "on")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tvla", message="tvla %(version)s")
def main():
    """A TVLA-style three-valued shape analyzer."""


@main.command(cls=TvlaCommand, context_settings={"ignore_unknown_options": False})
@click.argument("program")
@click.argument("input", required=False)
@click.option("--join", type=click.Choice(["rel", "part", "ind", "conc"]), default=None,
              help="Join at locations (default part).")
@click.option("--action", "action_order", default=None, help="Action pipeline order (default fcpucb).")
@click.option("--ms", "max_structures", type=int, default=None, help="Stop after N structures.")
@click.option("--mm", "max_messages", type=int, default=None, help="Stop after N messages.")
@click.option("--save", type=click.Choice(["all", "back", "ext"]), default=None,
              help="Locations that store structures (default all).")
@click.option("--tvs", "tvs_out", default=None, help="Write the structures at printed locations (TVS).")
@click.option("--dot", "dot_out", default=None, help="Write the structures at printed locations (DOT).")
@click.option("--json", "json_out", default=None, help="Write the results as JSON.")
@click.option("--html", "html_out", default=None, is_flag=False, flag_value="",
              help="Write an HTML report into this directory (default: output/PROGRAM).")
@click.option("--define", multiple=True, help="Preprocessor macro NAME, NAME(value) or NAME=value.")
@click.option("--path", "search_path", multiple=True, help="Directory searched for files and includes.")
@click.option("--props", default=None, help="TVLA properties file.")
@click.option("--noautomatic", is_flag=True, default=None, help="No automatic constraints.")
@click.option("--terse", is_flag=True, default=None, help="No progress output.")
@click.option("--post", is_flag=True, default=None, help="Visit locations in post order.")
@click.option("--no-differencing", is_flag=True, default=False,
              help="Instrumentation predicates not updated by an action keep their values.")
@click.option("--show-updates", is_flag=True, default=False, help="Print derived update formulae.")
@click.option("--debug", is_flag=True, default=False, hidden=True)
def analyze(program, input, join, action_order, max_structures, max_messages, save, tvs_out, dot_out,
            json_out, html_out, define, search_path, props, noautomatic, terse, post, no_differencing,
            show_updates, debug):
    """Analyze PROGRAM (a .tvp file) on INPUT (a .tvs file; default PROGRAM.tvs)."""
    try:
        _analyze(program, input, join, action_order, max_structures, max_messages, save, tvs_out,
                 dot_out, json_out, html_out, define, search_path, props, noautomatic, terse, post,
                 no_differencing, show_updates)
    except TvlaError as e:
        click.echo(str(e), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as e:  # noqa: BLE001 - never show a traceback to the user
        if debug:
            raise
        click.echo(f"tvla: internal error: {type(e).__name__}: {e}", err=True)
        sys.exit(70)


def _analyze(program, input, join, action_order, max_structures, max_messages, save, tvs_out, dot_out,
             json_out, html_out, define, search_path, props, noautomatic, terse, post, no_differencing,
             show_updates):
    from .engine import Analysis
    from .preprocess import parse_command_define
    from .report import text_report, write_json
    from .tvp import load_program
    from .tvs import read_tvs, write_tvs

    settings = read_props(props) if props else {}
    if terse is None:
        terse = _bool(settings.get("tvla.terse", "false"))
    if settings and not terse:
        ignored = sorted(k for k in settings if k not in _PROPS_USED)
        if ignored:
            click.echo(f"ignoring properties: {', '.join(ignored)}", err=True)
    join = join or settings.get("tvla.joinType", "part")
    action_order = action_order or settings.get("tvla.engine.actionOrder", "fcpucb")
    automatic = not noautomatic if noautomatic is not None else \
        _bool(settings.get("tvla.generateAutomaticConstraints", "true"))
    differencing = not no_differencing and _bool(settings.get("tvla.differencing.difference", "true"))
    save = save or settings.get("tvla.cfg.saveLocations", "all")
    post = post if post is not None else _bool(settings.get("tvla.cfg.postOrder", "false"))
    defines = dict(parse_command_define(d) for d in define)
    search = list(search_path)

    prog_path = resolve(program, ".tvp", search)
    in_path = resolve(input, ".tvs", search) if input else resolve(os.path.splitext(program)[0], ".tvs", search)
    t0 = time.perf_counter()
    prog = load_program(prog_path, defines, search)
    analysis = Analysis(prog, join=join, action_order=action_order, automatic=automatic,
                        differencing=differencing, post_order=post, max_structures=max_structures,
                        max_messages=max_messages, save=save)
    if show_updates:
        _print_updates(analysis)
    # the input is read with the macros the program defined (and those of -D)
    inputs = [s for _loc, s in read_tvs(in_path, analysis.voc, prog.macros, search)]
    load_seconds = time.perf_counter() - t0
    progress = None
    if not terse:
        click.echo(f"Loaded {prog_path} and {len(inputs)} input structure(s) from {in_path} "
                   f"in {load_seconds:.2f}s", err=True)
        last = [0.0]

        def progress(loc, steps, total, msgs):
            now = time.perf_counter()
            if now - last[0] >= 1.0:
                last[0] = now
                click.echo(f"  ... {steps} locations done, now at {loc}: {total} structures, "
                           f"{msgs} messages", err=True)
    result = analysis.run(inputs, progress=progress, program_name=prog_path, input_name=in_path)
    click.echo(text_report(result), nl=False)
    if result.limit_hit:
        click.echo(f"tvla: stopped at the {result.limit_hit} limit; writing partial results", err=True)
    printed = result.printed or result.order
    groups = [(loc, result.locations[loc]) for loc in printed]
    if tvs_out:
        write_tvs(tvs_out, groups, analysis.voc)
    if dot_out:
        from .render import write_dot_file
        write_dot_file(dot_out, groups, analysis.voc)
    if json_out:
        write_json(result, json_out)
    if html_out is not None:
        from .html import write_html_report
        html_out = html_out or default_report_dir(prog_path)
        from .render import INSTALL_HINT, dot_available
        path = write_html_report(result, html_out, options={
            "join": join, "action order": action_order, "automatic constraints": automatic,
            "differencing": differencing})
        click.echo(f"Report: {path}", err=True)
        if not dot_available():
            click.echo(INSTALL_HINT, err=True)


def _print_updates(analysis):
    seen = set()
    for e in analysis.program.edges:
        ca = analysis.compiled[id(e.action)]
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
def render(tvs_file, out_dir, program):
    """Draw every structure of TVS_FILE as SVG (DOT without Graphviz)."""
    try:
        from .html import render_tvs_file
        written, svg = render_tvs_file(tvs_file, out_dir, program)
        for path in written:
            click.echo(path)
        if not svg:
            from .render import INSTALL_HINT
            click.echo(INSTALL_HINT, err=True)
    except TvlaError as e:
        click.echo(str(e), err=True)
        sys.exit(2)
    except Exception as e:  # noqa: BLE001
        click.echo(f"tvla: internal error: {type(e).__name__}: {e}", err=True)
        sys.exit(70)


if __name__ == "__main__":  # pragma: no cover
    main()
