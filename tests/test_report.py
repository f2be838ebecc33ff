"""Rendering and the HTML report, checked as a person would look at them."""

import os
import re
import shutil

import pytest
from click.testing import CliRunner

from conftest import LIST2_TVS, ROOT
from tvla.cli import main
from tvla.render import structure_dot

SLL = os.path.join(ROOT, "programs", "sll")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _report(tmp_path, monkeypatch, program="reverse", inp="list", cwd=SLL):
    monkeypatch.chdir(cwd)
    out = tmp_path / "report"
    res = CliRunner().invoke(main, ["analyze", program, inp, "-terse", "--html", str(out)])
    assert res.exit_code == 0, res.output
    return out


def test_dot_follows_the_display_conventions(sll):
    s, = sll.structures(LIST2_TVS.replace("r[n,x] = {u0, u1}", "r[n,x] = {u0, u1}\n    is[n] = {u1:1/2}"))
    dot = structure_dot(s, sll.voc)
    assert '"ptr_x" [shape=box' in dot and '"ptr_x" -> "u0" [style=solid]' in dot
    assert re.search(r'"u1" \[label="u1\\nr\[n,x\]\\nis\[n\]=1/2", shape=ellipse, peripheries=2\]', dot)
    assert '"u0" -> "u1" [label="n", style=dotted]' in dot
    assert 'label="t[n]"' not in dot   # derived relations are not drawn
    assert structure_dot(s, sll.voc) == dot   # deterministic


def test_report_files(tmp_path, monkeypatch):
    out = _report(tmp_path, monkeypatch)
    page = (out / "index.html").read_text()
    assert "id='verdicts'" in page and "assert y is acyclic" in page and "proved" in page
    ext = ".svg" if shutil.which("dot") else ".dot"
    assert sorted(p for p in os.listdir(out) if p.startswith("exit_")) == [f"exit_{k}{ext}" for k in (1, 2, 3)]


def test_render_command(tmp_path):
    res = CliRunner().invoke(main, ["render", os.path.join(SLL, "list.tvs"), "-o", str(tmp_path)])
    assert res.exit_code == 0, res.output
    files = sorted(os.listdir(tmp_path))
    assert len(files) == 3 and all(f.startswith("list_") for f in files)
    if not shutil.which("dot"):
        assert "install" in res.output


def test_render_without_dot_writes_dot_files(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    res = CliRunner().invoke(main, ["render", os.path.join(SLL, "list.tvs"), "-o", str(tmp_path)])
    assert res.exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["list_1.dot", "list_2.dot", "list_3.dot"]
    assert "Graphviz" in res.output and "apt-get install graphviz" in res.output


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")
@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_report_in_a_browser(tmp_path, monkeypatch):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (.ci/run installs it)")
    out = _report(tmp_path, monkeypatch)
    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=args)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto((out / "index.html").as_uri())
        rows = page.locator("#verdicts tr")   # one row per check (edge with a %message)
        assert rows.count() > 2 and all(rows.nth(k).inner_text().endswith("proved")
                                        for k in range(1, rows.count()))
        assert page.locator("#verdict").inner_text() == "proved"
        figure = page.locator("#loc-exit figure").nth(2)
        figure.scroll_into_view_if_needed()
        page.wait_for_function(
            "() => [...document.querySelectorAll('#loc-exit img')].some(i => i.complete && i.naturalWidth > 100)",
            timeout=10000)
        shot = tmp_path / "report.png"
        page.screenshot(path=str(shot))
        figure_png = figure.screenshot()
        browser.close()
    assert shot.stat().st_size > 10000
    assert _dark_pixels(figure_png) > 200   # the drawn structure: nodes, edges, labels


def _dark_pixels(png):
    """Count the dark pixels of an 8-bit RGB(A) PNG (Chromium's screenshots) without extra packages."""
    import struct
    import zlib
    pos, chunks, width = 8, [], 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, _h, depth, color = struct.unpack(">IIBB", data[:10])
            assert depth == 8 and color in (2, 6)
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            chunks.append(data)
        pos += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    prev = bytearray(stride)
    dark = 0
    i = 0
    while i < len(raw):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp):
            if line[x] + line[x + 1] + line[x + 2] < 300:
                dark += 1
        prev = line
        i += 1 + stride
    return dark


def test_html_report_without_dot(tmp_path, monkeypatch):
    import tvla.render
    monkeypatch.setattr(tvla.render.shutil, "which", lambda name: None)
    out = _report(tmp_path, monkeypatch)
    files = sorted(os.listdir(out))
    assert "cfg.dot" in files and "exit_1.dot" in files and not any(f.endswith(".svg") for f in files)
    assert "apt-get install graphviz" in (out / "index.html").read_text()


def test_html_defaults_to_the_output_folder(monkeypatch):
    from tvla.cli import default_report_dir
    monkeypatch.chdir(SLL)
    target = default_report_dir("reverse.tvp")
    assert target == os.path.join(ROOT, "output", "reverse")
    existed = os.path.exists(target)
    try:
        res = CliRunner().invoke(main, ["analyze", "reverse", "list", "-terse", "--html"])
        assert res.exit_code == 0, res.output
        assert os.path.isfile(os.path.join(target, "index.html"))
        assert f"Report: {os.path.join(target, 'index.html')}" in res.output
    finally:
        if not existed:
            shutil.rmtree(target, ignore_errors=True)
