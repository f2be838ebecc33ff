"""The HTML report, read as a person would: the verdict, every location, the
structures drawn with the legend, toggles and the culprit (in Chromium)."""

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


def test_every_location_has_its_structures_or_a_page(sort_report):
    page = (sort_report / "index.html").read_text()
    sections = dict(re.findall(r'<section class="location" id="loc-([^"]+)">(.*?)</section>', page, re.S))
    counts = dict(re.findall(r'<tr><td><a href="#loc-[^"]+">([^<]+)</a></td><td>(\d+)</td>', page))
    assert set(sections) == set(counts) and "exit" in sections and "n3" in sections
    for loc, body in sections.items():
        n = int(counts[loc])
        if n > 14:   # above the cap: a page of its own, with the first 14 and what was left out
            assert f'<a href="loc-{loc}.html">{n} structures' in body
            own = (sort_report / f"loc-{loc}.html").read_text()
            assert own.count("<figure") == 14 and f"Left out: {n - 14} of {n} structures" in own
            assert f"--html-max {n}" in own
        else:
            assert body.count("<figure") == n
    exit_figures = sections["exit"]
    assert exit_figures.count('class="reports"') == 12   # the structures that report the message
    assert "List x may not be sorted (v = u" in exit_figures


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
    page = (out / "index.html").read_text()
    assert "apt-get install graphviz" in page and '<a href="s-exit-1.dot">' in page


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
def test_toggles_hide_a_predicate_everywhere_and_survive_a_reload(sort_report, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto((sort_report / "index.html").as_uri())
    assert page.locator("#legend").is_visible() and "double border" in page.locator("#legend").inner_text()
    dle = page.locator("#loc-exit .pred-dle")
    assert dle.count() > 20 and dle.first.is_visible()
    page.locator("#toggle-dle").uncheck()
    assert page.evaluate("() => [...document.querySelectorAll('.pred-dle')]"
                         ".every(e => getComputedStyle(e).display === 'none')")
    assert page.locator("#loc-exit .pred-n").first.is_visible()   # n stays
    page.reload()
    assert not page.locator("#toggle-dle").is_checked() and page.locator("#toggle-n").is_checked()
    assert page.locator("#loc-exit .pred-dle").first.is_hidden()
    page.locator("#toggle-unary").uncheck()
    assert page.locator("#loc-exit .unary").first.is_hidden()
    page.locator("#toggle-dle").check()
    page.locator("#toggle-unary").check()
    assert page.locator("#loc-exit .pred-dle").first.is_visible()
    page.close()


@BROWSER[0]
@BROWSER[1]
def test_the_culprit_is_outlined_and_labels_are_readable(sort_report, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto((sort_report / "index.html").as_uri())
    figure = page.locator("#loc-exit-14")   # a 7-node structure: the unsorted head, x, is the culprit
    assert figure.locator("svg .node").count() == 7 + 4   # nodes and the boxes of x, pl, l, pr
    caption = figure.locator("figcaption").inner_text()
    assert "List x may not be sorted (v = u6)" in caption
    culprit = figure.locator("g.node.culprit")
    assert culprit.count() == 1 and culprit.locator("text").first.text_content() == "u6"
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
