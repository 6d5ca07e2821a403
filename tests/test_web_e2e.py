"""The workbench end to end in a real browser: Debian's headless Chromium, driven by Playwright.

A person's path through `yimao serve`: fill the cast form (豐之萃, month 申, day 丁酉), ask for the
chart, see six lines drawn for each hexagram with the moving lines marked, follow the chart's link
back to the form, ask 求财 and Judge, open a closed step of a proof, and read the highlighted clause
inside its classical paragraph, which must be the book's own text.  The chart page is saved as
test-artifacts/chart.png for a person to look at.

The server is the app `yimao serve` runs (engine.web.app.create_app) under werkzeug on 127.0.0.1
and a free port.  The browser is /usr/bin/chromium (Playwright's own browser downloads are never
used).  Without Chromium or Playwright the test skips on a developer's machine and FAILS in CI
(CI=true), where .ci/run installs both.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from yimao.book import load_book
from yimao.textnorm import fold
from yimao.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
IN_CI = os.environ.get("CI") == "true"

# How Chromium is started here, as root with no network but loopback (the machine notes); the new,
# empty --user-data-dir is the profile folder given to launch_persistent_context below.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# 豐之萃, bottom line first: 豐 is 101100 (1 = yang), 萃 is 000110; lines 1 and 3 are old yang (9,
# drawn ○), line 5 old yin (6, drawn ×).
VALUES = {1: 9, 2: 8, 3: 9, 4: 7, 5: 6, 6: 8}


def _unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason}; CI must run the browser test (.ci/run installs chromium and playwright)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server():
    """The workbench app on 127.0.0.1 and a free port, served from a thread; its base URL."""
    httpd = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, name="yimao-e2e-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        httpd.server_close()


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    executable = shutil.which("chromium") or ("/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None)
    if executable is None:
        _unavailable("Debian's chromium is not installed (apt-get install chromium)")
    profile = tmp_path_factory.mktemp("chromium-profile")  # a new, empty --user-data-dir
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=executable, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900}, locale="zh-CN")
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(60_000)  # the first page loads and compiles the rulebook
            yield page
        finally:
            context.close()


def test_cast_chart_judge_and_proof_in_chromium(server, browser_page):
    from playwright.sync_api import expect

    page = browser_page

    # Cast: the form's own fields, filled and submitted as a person would.
    response = page.goto(server + "/")
    assert response is not None and response.status == 200
    page.fill("#hexagram", "豐之萃")
    page.fill("input[name=month]", "申")
    page.fill("input[name=day]", "丁酉")
    page.select_option("#question", "求财")  # the question catalog is a choice
    with page.expect_navigation():
        page.click("form.cast button[formaction='/chart']")
    assert re.search(r"/chart\?", page.url), page.url
    expect(page.locator(".error")).to_have_count(0)

    # Chart: six line groups, each drawing the original and the changed line; moving marks.
    svg = page.locator("svg.chart")
    expect(svg).to_be_visible()
    assert "之" in (svg.get_attribute("aria-label") or "")
    lines = svg.locator("g.line")
    expect(lines).to_have_count(6)
    seen = {}
    for index in range(6):
        line = lines.nth(index)
        position, value = int(line.get_attribute("data-position")), int(line.get_attribute("data-value"))
        seen[position] = value
        yang, changed_yang = value in (7, 9), value in (7, 6)
        assert line.locator("rect.bar.main").count() == (1 if yang else 2), f"line {position} of the cast"
        assert line.locator("rect.bar.changed").count() == (1 if changed_yang else 2), f"line {position} changed"
        assert line.locator("circle.mark.old-yang").count() == (1 if value == 9 else 0), f"○ on line {position}"
        assert line.locator("path.mark.old-yin").count() == (1 if value == 6 else 0), f"× on line {position}"
        assert ("moving" in line.get_attribute("class").split()) == (value in (6, 9))
    assert seen == VALUES
    assert svg.locator("rect.bar.main").count() == 6 + sum(1 for v in VALUES.values() if v in (6, 8))
    assert svg.locator("rect.bar.changed").count() == 6 + sum(1 for v in VALUES.values() if v in (8, 9))
    assert svg.locator(".mark").count() == 3
    pillars = dict(zip(page.locator("dl.pillars dt").all_inner_texts(), page.locator("dl.pillars dd").all_inner_texts()))
    assert "申" in "".join(v for k, v in pillars.items() if "月" in k), pillars
    assert "丁酉" in "".join(v for k, v in pillars.items() if "日" in k), pillars

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "chart.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000

    # Back to the form through the chart's own link: the chart's inputs come back filled in.
    with page.expect_navigation():
        page.click("a:has-text('Judge a question')")
    expect(page.locator("#hexagram")).to_have_value("豐之萃")
    expect(page.locator("input[name=day]")).to_have_value("丁酉")
    page.select_option("#question", "求财")  # the question catalog is a choice
    with page.expect_navigation():
        page.click("form.cast button[formaction='/judge']")
    assert re.search(r"/judge\?", page.url), page.url
    expect(page.locator("h1")).to_contain_text("求财")
    expect(page.locator("section.answers article.answer").first).to_be_visible()  # the answers open the page
    expect(page.locator("article.verdict").first).to_be_hidden()  # the reasoning is folded
    page.click("details.more > summary")
    expect(page.locator("article.verdict").first).to_be_visible()

    # A closed step of a verdict's proof whose own paragraph carries a highlighted clause.
    steps = page.locator("article.verdict > details.node[open] > .node-body > ul.children > li > details.node.rule:not([open])")
    candidate = steps.filter(has=page.locator(":scope > .node-body > .para mark")).first
    expect(candidate).to_have_count(1)
    anchor = candidate.get_attribute("id")
    assert anchor, "a proof step without its anchor"
    step = page.locator(f'details[id="{anchor}"]')  # pinned: the filter above stops matching once it opens
    para = step.locator(":scope > .node-body > .para").filter(has=page.locator("mark")).first
    mark = para.locator("p.classical mark").first
    expect(mark).to_be_hidden()  # inside the closed <details>
    step.locator(":scope > summary").click()
    expect(step).to_have_attribute("open", "")
    expect(mark).to_be_visible()

    # The paragraph shown is the book's own text, and the highlight is an exact piece of it.
    head = para.locator(".para-head").inner_text()
    ref = re.search(r"§(\d+)\.(\d+)", head)
    assert ref, head
    book_text = load_book().paragraph(int(ref.group(1)), int(ref.group(2))).classical
    shown = para.locator("p.classical").text_content()
    assert shown == book_text, f"§{ref.group(1)}.{ref.group(2)} as shown differs from the book"
    highlighted = mark.text_content()
    assert highlighted and highlighted in book_text
    # ... and it is the clause the step quotes (up to script variants, as the engine matches quotes).
    clause = step.locator(":scope > summary .clause").text_content().strip("「」")
    assert any(fold(q) and fold(q) in fold(highlighted) for q in clause.split("……")), (clause, highlighted)
    # The modern translation is one click away.
    translation = para.locator("details.translation")
    if translation.count():
        translation.locator("summary").click()
        expect(translation.locator("p")).to_be_visible()
