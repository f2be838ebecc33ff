"""The HTML report, read as a person would: the verdict, every location, the
structures drawn with the legend, toggles and the culprit (in Chromium), and
the drawings loaded lazily, per location, so that a large report opens at once."""

import json
import os
import re
import shutil

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tvla.cli.main import main

SLL = os.path.join(ROOT, "programs", "sll")
SORTING = os.path.join(ROOT, "programs", "sorting")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
BROWSER = [pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)"),
           pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")]


def _report(out, program="reverse", inp="list", cwd=SLL, extra=()):
    old = os.getcwd()
    os.chdir(cwd)
    try:
        res = CliRunner().invoke(main, ["analyze", program, inp, "-terse", "--html", str(out), *extra])
    finally:
        os.chdir(old)
    assert res.exit_code == 0, res.output
    return out


@pytest.fixture(scope="module")
def sort_report(tmp_path_factory):
    """The report of the buggy insertion sort, at most 14 structures per location (exit has 14)."""
    return _report(tmp_path_factory.mktemp("sort") / "report", "insert_sort_b2", "unsorted", SORTING,
                   ("--html-max", "14"))


def test_report_of_a_proof(tmp_path):
    out = _report(tmp_path / "report")
    page = (out / "index.html").read_text()
    assert re.search(r'<p id="verdict" class="verdict proved">\s*Proved', page)
    rows = re.findall(r"<tr><td class=\"where\">[^<]*</td><td>(.*?)</td><td><code>(.*?)</code></td>.*?<td class=\"(\w+)\">",
                      page, re.S)
    assert re.search(r'<td class="where">[^<]*reverse\.tvp:\d+</td>', page)
    assert ("assert y is acyclic", "Assert_Acyclic(y)", "proved") in rows and {r[2] for r in rows} == {"proved"}
    assert "No messages." in page and "result.analysis" not in page


def figures_in(out, loc):
    """The HTML of a location's drawings: its script is one call ``tvlaFigures(NAME, HTML);``."""
    text = (out / f"loc-{loc}.js").read_text()
    m = re.fullmatch(r"tvlaFigures\((.*)\);\n", text, re.S)
    assert m and text.isascii(), text[:200]
    name, drawings = json.loads("[" + m.group(1) + "]")
    assert name == loc
    return drawings


def sections_of(page):
    """{location: (its section's HTML, its count of structures)} of an index page."""
    sections = dict(re.findall(r'<section class="location" id="loc-([^"]+)">(.*?)</section>', page, re.S))
    counts = dict(re.findall(r'<tr><td><a href="#loc-[^"]+">([^<]+)</a></td><td>(\d+)</td>', page))
    assert set(sections) == set(counts)
    return {loc: (body, int(counts[loc])) for loc, body in sections.items()}


def test_every_location_has_its_structures_or_a_page(sort_report):
    page = (sort_report / "index.html").read_text()
    sections = sections_of(page)
    assert "exit" in sections and "n3" in sections
    for loc, (body, n) in sections.items():
        if not n:
            assert "data-figures" not in body
            continue
        # drawn when opened: the section loads loc-LOC.js, its own page the same script
        opened = ' open>' in body
        assert re.search(f'<details class="figures" data-location="{loc}" data-figures="loc-{loc}.js"', body)
        assert opened == (loc == "exit")   # open from the start where a message is reported
        own = (sort_report / f"loc-{loc}.html").read_text()
        assert f'href="loc-{loc}.html"' in body and f'data-figures="loc-{loc}.js" open>' in own
        drawn = figures_in(sort_report, loc)
        if n > 14:   # above the cap: the first 14, and both pages say what was left out
            assert drawn.count("<figure") == 14
            assert f"Left out: {n - 14} of {n} structures" in own and f"Left out: {n - 14} of {n}" in body
            assert f"--html-max {n}" in own
        else:
            assert drawn.count("<figure") == n
    exit_figures = figures_in(sort_report, "exit")
    assert exit_figures.count('class="reports"') == 12   # the structures that report the message
    # the binding names the drawn node: x's node, the head of the list, is u0 in every drawing
    assert exit_figures.count("List x may not be sorted (v = u0)") == 12


@pytest.fixture(scope="module")
def large_report(tmp_path_factory):
    """The report of issue 20: the buggy insertion sort with --witness (511 structures)."""
    return _report(tmp_path_factory.mktemp("large") / "report", "insert_sort_b2", "unsorted", SORTING,
                   ("--witness",))


def test_a_large_report_draws_every_structure_outside_the_index(large_report):
    """The index was a 12 MB page with 523 inline SVGs: now it holds no drawing of a structure,
    and every structure of every location is in its location's script, numbered 1..count."""
    index = (large_report / "index.html").read_text()
    assert len(index.encode()) < 150_000
    assert index.count("<svg") <= 15 and "<figure id=" not in index   # the CFG and the legend's samples
    total = 0
    for loc, (_body, n) in sections_of(index).items():
        if n:
            numbers = re.findall(f'<figure id="loc-{loc}-(\\d+)"', figures_in(large_report, loc))
            assert sorted(map(int, numbers)) == list(range(1, n + 1)), loc
            assert (large_report / f"loc-{loc}.html").stat().st_size < 30_000
        total += n
    assert total == int(re.search(r"<tr><th>structures</th><td>(\d+)</td>", index).group(1)) > 500


def test_the_report_is_deterministic(sort_report, tmp_path):
    again = _report(tmp_path / "again", "insert_sort_b2", "unsorted", SORTING, ("--html-max", "14"))
    names = sorted(os.listdir(sort_report))
    assert names == sorted(os.listdir(again)) and "loc-exit.js" in names
    def content(path):   # the time the analysis took is the one thing that differs
        return re.sub(rb"<tr><th>time</th><td>[\d.]+s</td></tr>", b"", path.read_bytes())
    for name in names:
        assert content(sort_report / name) == content(again / name), name


def test_the_verdict_says_vacuous_in_red(tmp_path, write):
    empty = write("none.tvs", "// no structure at all\n")
    out = _report(tmp_path / "report", os.path.join(SLL, "reverse.tvp"), empty)
    page = (out / "index.html").read_text()
    assert re.search(r'<p id="verdict" class="verdict vacuous">\s*Vacuous: ', page)
    assert ".vacuous" in page and "color: #b00016" in page


def test_html_report_without_dot(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    out = _report(tmp_path / "report")
    files = sorted(os.listdir(out))
    assert "cfg.dot" in files and "s-exit-1.dot" in files and not any(f.endswith(".svg") for f in files)
    assert "apt-get install graphviz" in figures_in(out, "exit") and '<a href="s-exit-1.dot">' in figures_in(out, "exit")


def test_html_defaults_to_the_output_folder_of_the_current_directory(monkeypatch, tmp_path):
    from tvla.cli.main import default_report_dir
    monkeypatch.chdir(tmp_path)
    target = str(tmp_path / "output" / "reverse")
    assert default_report_dir("reverse.tvp") == target
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "reverse"), os.path.join(SLL, "list"), "-terse",
                                    "--html"])
    assert res.exit_code == 0, res.output
    assert os.path.isfile(os.path.join(target, "index.html"))
    assert f"Report: {os.path.join(target, 'index.html')}" in res.output
    # --html DIR creates missing parents
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "reverse"), os.path.join(SLL, "list"), "-terse",
                                    "--html", "a/b/c"])
    assert res.exit_code == 0, res.output and os.path.isfile(tmp_path / "a" / "b" / "c" / "index.html")


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=args)
        yield b
        b.close()


@BROWSER[0]
@BROWSER[1]
def test_toggles_hide_a_predicate_everywhere_and_are_kept_for_the_next_page(sort_report, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto((sort_report / "index.html").as_uri())
    assert page.locator("#legend").is_visible() and "double border" in page.locator("#legend").inner_text()
    dle = page.locator("#loc-exit .pred-dle")
    assert dle.count() > 20 and dle.first.is_visible()
    page.locator("#toggle-dle").uncheck()
    assert page.evaluate("() => [...document.querySelectorAll('.pred-dle')]"
                         ".every(e => getComputedStyle(e).display === 'none')")
    assert page.locator("#loc-exit .pred-n").first.is_visible()   # n stays
    assert page.evaluate("() => localStorage.getItem('tvla-hidden-classes')") == '["pred-dle"]'
    page.close()
    # A page opened with that choice stored starts with it. (Reloading the page above would
    # test Chromium rather than the report: under load, Chromium 156 loses a file:// page's
    # last localStorage write across a reload in about one run in a hundred.)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script("localStorage.setItem('tvla-hidden-classes', '[\"pred-dle\"]')")
    page = context.new_page()
    page.goto((sort_report / "index.html").as_uri())
    assert not page.locator("#toggle-dle").is_checked() and page.locator("#toggle-n").is_checked()
    assert page.locator("#loc-exit .pred-dle").first.is_hidden()
    page.locator("#toggle-unary").uncheck()
    assert page.locator("#loc-exit .unary").first.is_hidden()
    page.locator("#toggle-dle").check()
    page.locator("#toggle-unary").check()
    assert page.locator("#loc-exit .pred-dle").first.is_visible()
    context.close()


@BROWSER[0]
@BROWSER[1]
def test_the_culprit_is_outlined_and_labels_are_readable(sort_report, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto((sort_report / "index.html").as_uri())
    figure = page.locator("#loc-exit-14")   # a 7-node structure: the unsorted head, x, is the culprit
    # nodes, the boxes of x, pl, l, pr and the table of dle's 1/2 tuples (no dotted arrows above 4 nodes)
    assert figure.locator("svg .node").count() == 7 + 4 + 1
    assert figure.locator("svg .node.order.pred-dle").count() == 1 and figure.locator("svg .edge.pred-dle").count() == 0
    caption = figure.locator("figcaption").inner_text()
    assert "List x may not be sorted (v = u0)" in caption   # x's node, the head of the list: u0
    culprit = figure.locator("g.node.culprit")
    assert culprit.count() == 1 and culprit.locator("text").first.text_content() == "u0"
    stroke = culprit.locator("path, polygon").first.get_attribute("stroke")
    assert stroke == "#d0021b"
    figure.scroll_into_view_if_needed()
    sizes = figure.evaluate("f => [...f.querySelectorAll('svg text')].map(t =>"
                            " parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a)")
    assert len(sizes) > 40 and min(sizes) >= 10   # labels at least 10 px at 1,400 px page width
    shot = tmp_path / "structure.png"
    figure.screenshot(path=str(shot))
    assert shot.stat().st_size > 20000
    page.goto((sort_report / "loc-n3.html").as_uri())
    assert page.locator("#legend").is_visible() and page.locator("figure").count() == 14
    assert "Left out: 25 of 39 structures" in page.locator(".left-out").inner_text()
    page.close()


@BROWSER[0]
@BROWSER[1]
def test_a_large_report_opens_at_once_and_draws_a_location_when_it_is_opened(large_report, browser):
    """The 12 MB page took 5 to 7 s to load and was 277,000 px tall; now the index loads no drawing
    but those of the location reporting the message, and the others come when opened."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto((large_report / "index.html").as_uri())   # (how fast it opens is measured, not asserted)
    assert page.evaluate("() => document.documentElement.scrollHeight") < 20_000
    assert page.locator("figure").count() == 14 + 13   # exit's structures, and the witness' steps
    n3 = page.locator("#loc-n3 details.figures")
    assert n3.get_attribute("open") is None and page.locator("#loc-n3 figure").count() == 0
    page.locator("#toggle-unary").uncheck()   # a toggle reaches drawings loaded afterwards
    n3.locator("summary").click()
    page.locator("#loc-n3-39 svg").wait_for()
    assert page.locator("#loc-n3 figure").count() == 39
    assert page.locator("#loc-n3 .pred-n").first.is_visible() and page.locator("#loc-n3 .unary").first.is_hidden()
    page.locator("#toggle-unary").check()
    # an address naming a figure opens its location and shows the figure (the CFG links to #loc-NAME)
    page.goto((large_report / "index.html").as_uri() + "#loc-n10-5")
    page.locator("#loc-n10-5 svg").wait_for()
    assert page.locator("#loc-n10 details.figures").get_attribute("open") is not None
    assert page.evaluate("() => { const r = document.getElementById('loc-n10-5').getBoundingClientRect();"
                         " return r.top >= 0 && r.top < innerHeight; }")
    page.locator("a[href='#loc-n12']").first.click()
    page.locator("#loc-n12-1 svg").wait_for()
    # a location's own page loads the same drawings
    page.goto((large_report / "loc-n13.html").as_uri())
    page.locator("figure").last.wait_for()
    assert page.locator("#loc-n13 figure").count() == int(page.locator("h1").inner_text().split()[1])
    page.close()


def test_witness_steps_mark_what_changed(tmp_path):
    """Each film-strip store after the first fills the nodes its step changed."""
    out = _report(tmp_path / "r", "delete_bug", "list", os.path.join(ROOT, "programs", "dll"), ("--witness",))
    page = (out / "index.html").read_text()
    strip = page[page.index("<div class='film-strip'>"):]
    steps = re.findall(r"<figure class='step'><(?:img src|a href)='([^']+)'", strip)
    assert len(steps) == 12 and strip.count("<div class='action'>") == 11
    drawn = [(out / name).read_text() for name in steps]
    assert "#fff3b0" not in drawn[0] and any("#fff3b0" in d for d in drawn[1:])


@BROWSER[0]
@BROWSER[1]
def test_the_witness_film_strip_shows_every_store_at_its_size(browser, tmp_path):
    out = _report(tmp_path / "r", "delete_bug", "list", os.path.join(ROOT, "programs", "dll"), ("--witness",))
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto((out / "index.html").as_uri())
    page.wait_for_load_state("load")
    sizes = page.evaluate("() => [...document.querySelectorAll('.film-strip figure.step')].map(f => {"
                          " const img = f.querySelector('img');"
                          " return [f.clientWidth, img.naturalWidth, img.clientWidth,"
                          " parseFloat(getComputedStyle(f.querySelector('figcaption')).fontSize),"
                          " f.querySelector('figcaption').getClientRects().length]; })")
    assert len(sizes) == 12
    lefts = page.evaluate("() => [...document.querySelectorAll('.film-strip > *')].map(e => e.offsetLeft)")
    assert lefts == sorted(set(lefts))   # one row (it scrolls), stores and actions side by side
    for fig_w, natural, shown, font, caption_lines in sizes:
        assert natural > 0 and shown == natural and fig_w >= natural   # never shrunk nor cut
        assert font >= 10 and caption_lines == 1
    page.close()
