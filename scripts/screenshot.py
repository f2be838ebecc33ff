"""Make docs/insert-sort-report.png: the report of the buggy insertion sort at
1,400 px, showing the toggles, the legend and the exit structure that reports
"List x may not be sorted" (the other sections are hidden for the picture).

    python scripts/screenshot.py      (needs Graphviz, Chromium and playwright)
"""

import os
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOCUS = """
body > * { display: none !important; }
body > #controls, body > h1, body > #verdict, body > section#loc-exit { display: block !important; }
body > #legend { display: grid !important; }
#loc-exit figure:not(#loc-exit-14) { display: none; }
"""

def main():
    out = tempfile.mkdtemp()
    subprocess.run([sys.executable, "-m", "tvla", "analyze", "insert_sort_b2", "unsorted", "-terse",
                    "--html", out], cwd=os.path.join(ROOT, "programs", "sorting"), check=True,
                   env={**os.environ, "PYTHONPATH": ROOT}, stdout=subprocess.DEVNULL)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    target = os.path.join(ROOT, "docs", "insert-sort-report.png")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto("file://" + os.path.join(out, "index.html"))
        page.add_style_tag(content=FOCUS)
        page.screenshot(path=target, full_page=True)
        browser.close()
    shutil.rmtree(out)
    print(target)


if __name__ == "__main__":
    main()
