"""The built site, in a real browser: what a reader sees first, and signatures that fit the page.

The home page and each variant page open with a picture of a real game beside a three-sentence
"how a turn goes", both on the first screen of a 1280×800 window, before the clause-by-clause
rules. The API reference's signatures are wrapped (by Ruff, through mkdocstrings) so that none
runs off the page.

The site is built once for the module (``mkdocs build --strict``, some seconds), served on a
local port as a web server would (its search loads a worker that a ``file:`` page may not), and
opened in a headless Chromium driven by Playwright, as the replay page's browser test does. The
tests are skipped when MkDocs, Chromium or Playwright is missing, unless
UNODICE_BROWSER_TEST=required (as in CI), when they fail instead.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

pytestmark = pytest.mark.tooling

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREEN = {"width": 1280, "height": 800}
FIRST_SCREENS = [
    "index.html",
    *(f"variants/{page.stem}/index.html" for page in sorted((ROOT / "docs/variants").glob("*.md"))),
]
# Pages of long signatures: new_game's options, simulate's and tournament's many parameters.
SIGNATURE_PAGES = [
    "api/core/setup/index.html",
    "api/play/simulation/index.html",
    "api/play/arena/index.html",
]
NO_FORMATTER = "Formatting signatures requires either Black or Ruff"


def _skip_or_fail(why: str) -> None:
    if os.environ.get("UNODICE_BROWSER_TEST") == "required":
        pytest.fail(f"UNODICE_BROWSER_TEST=required, but {why}")
    pytest.skip(why)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site, built from this checkout, and what the build printed."""
    try:
        import mkdocs  # noqa: F401
    except ImportError:
        _skip_or_fail("MkDocs is not installed (pip install -e '.[docs]')")
    site = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    said = run.stdout + run.stderr
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{said[-3000:]}"
    return site, said


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(built: tuple[Path, str]) -> Iterator[str]:
    """The site's address on a local port."""
    handler = functools.partial(_Quiet, directory=str(built[0]))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            thread.join()


@pytest.fixture(scope="module")
def browser(built: tuple[Path, str]) -> Iterator[Any]:
    """A headless Chromium."""
    if not Path(CHROMIUM).exists():
        _skip_or_fail(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _skip_or_fail("Playwright is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def _open(browser: Any, served: str, page_path: str) -> Any:
    page = browser.new_page(viewport=SCREEN)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served + page_path)
    page.wait_for_load_state("load")
    assert errors == [], f"{page_path}: {errors}"
    return page


def test_the_build_formats_signatures(built):
    _, said = built
    assert NO_FORMATTER not in said, "install the docs extra: it brings Ruff to format signatures"


@pytest.mark.parametrize("page_path", FIRST_SCREENS)
def test_a_picture_and_how_a_turn_goes_are_on_the_first_screen(
    served, browser, page_path, tmp_path
):
    page = _open(browser, served, page_path)
    try:
        shot = tmp_path / "first-screen.png"
        page.screenshot(path=str(shot))
        assert shot.stat().st_size > 0
        # The picture of a game, not an icon of the theme: the pictures hook's figure.
        picture = page.locator("figure.unodice-picture svg").first
        box = picture.bounding_box()
        assert box is not None, f"{page_path}: no picture of a game"
        assert box["width"] > 100 and box["height"] > 100, f"{page_path}: picture too small {box}"
        assert box["x"] >= 0 and box["y"] >= 0, f"{page_path}: picture at {box}"
        assert box["x"] + box["width"] <= SCREEN["width"], f"{page_path}: picture at {box}"
        assert box["y"] + box["height"] <= SCREEN["height"], f"{page_path}: below the fold {box}"
        # Before the rules: the picture comes ahead of the page's first section heading.
        first_heading = page.locator("article h2").first.bounding_box()
        assert first_heading is not None and first_heading["y"] >= box["y"] + box["height"]
        turn = page.locator("article p", has_text="How a turn goes.").first
        words = turn.inner_text()
        assert words.count(". ") + 1 >= 3, f"{page_path}: how a turn goes, in three sentences"
        said = turn.bounding_box()
        assert said is not None and said["y"] < SCREEN["height"], f"{page_path}: {said}"
    finally:
        page.close()


@pytest.mark.parametrize("page_path", SIGNATURE_PAGES)
def test_signatures_are_wrapped_and_fit_the_page(served, browser, page_path):
    page = _open(browser, served, page_path)
    try:
        signatures = page.locator(".doc-signature code")
        assert signatures.count() > 0, f"{page_path}: no signature"
        widths = signatures.evaluate_all(
            "codes => codes.map(c => [c.scrollWidth, c.clientWidth, c.innerText])"
        )
        overflowing = [text.split("\n")[0] for scroll, client, text in widths if scroll > client]
        assert overflowing == [], f"{page_path}: signatures run off the page"
        longest = max(widths, key=lambda found: len(found[2]))[2]
        assert longest.count("\n") >= 3, f"{page_path}: the longest signature is not wrapped"
    finally:
        page.close()
