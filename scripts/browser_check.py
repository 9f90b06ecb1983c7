"""Real-browser check: a page on a second origin drives the API from headless Chromium.

Starts the embedded PostgreSQL on its own data dir (`.data/browser-pg`), creates and migrates a
fresh database, starts `uvicorn app.main:create_app --factory` on a free loopback port with
`MARCHLORDS_CORS_ALLOW_ORIGINS` set to the page's origin, serves `scripts/browser_check.html`
from another port of 127.0.0.1 (a second origin), and opens it in the system's headless Chromium
through the system's chromedriver (Selenium; nothing downloads a browser or a driver). The page,
with `fetch` only: registers two players and logs them in, creates a campaign with an
`Idempotency-Key` and checks that the retry is replayed, opens the event stream (a streamed
`fetch` with the bearer header, which EventSource cannot send), seats both players, starts the
campaign, reads and draws the map JSON, and waits for the stream's `turn_changed` event.

Saves a screenshot (`.data/browser-check.png`) and exits 1 if the page failed or the browser's
console logged any error (a refused CORS request is one), 0 otherwise. Every wait is bounded;
the server, the static server, the browser and PostgreSQL are always stopped.

Needs `chromium` and `chromium-driver` (Debian: `apt-get install -y chromium chromium-driver`)
and the `browser` extra (in `dev`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

from _serving import database_url, free_port, interrupt_on_signals, uvicorn_server, wait_ready
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from app.db.embedded import EmbeddedPostgres, create_database, drop_database
from app.db.migrate import upgrade_head

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path(__file__).resolve().parent / "browser_check.html"
DATA_DIR = ROOT / ".data" / "browser-pg"
SCREENSHOT = ROOT / ".data" / "browser-check.png"
DATABASE = "marchlords_browser"
CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
CHROMEDRIVER = ("chromedriver",)


def find(names: tuple[str, ...], given: str | None, what: str) -> str:
    for name in (given,) if given else names:
        if name and (path := shutil.which(name)):
            return path
    raise SystemExit(
        f"error: no {what} found ({', '.join(names)}); on Debian: "
        "apt-get install -y chromium chromium-driver"
    )


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def page_server(port: int) -> Iterator[None]:
    """The static page's own origin: http://127.0.0.1:<port>/browser_check.html."""
    handler = partial(_QuietHandler, directory=str(PAGE.parent))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium(binary: str, driver: str, timeout: float) -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in (
        "--headless=new",
        "--no-sandbox",  # root in a container has no user namespace sandbox
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=760,720",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # An explicit driver path: Selenium Manager (which would download one) is not used.
    browser = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    try:
        browser.set_page_load_timeout(timeout)
        browser.set_script_timeout(timeout)
        yield browser
    finally:
        browser.quit()


def run_page(browser: webdriver.Chrome, page_url: str, timeout: float) -> bool:
    browser.get(page_url)
    try:
        result: dict[str, Any] = WebDriverWait(browser, timeout, poll_frequency=0.2).until(
            lambda driver: driver.execute_script("return window.__result")
        )
    except TimeoutException:
        result = {"ok": False, "error": f"the page did not finish within {timeout:.0f} s"}
    for line in browser.find_element("id", "steps").text.splitlines():
        print(f"  page: {line}")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOT))
    print(f"screenshot: {SCREENSHOT.relative_to(ROOT)}")
    entries: list[dict[str, Any]] = browser.get_log("browser")  # type: ignore[no-untyped-call]
    errors = [entry["message"] for entry in entries if entry["level"] == "SEVERE"]
    for message in errors:
        print(f"console error: {message}", file=sys.stderr)
    if not result.get("ok"):
        print(f"page failed: {result.get('error')}", file=sys.stderr)
    return bool(result.get("ok")) and not errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", help="the browser binary (default: chromium on PATH)")
    parser.add_argument("--chromedriver", help="the driver (default: chromedriver on PATH)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds for the page (60)")
    parser.add_argument(
        "--allow-origin",
        help="the API's CORS setting (default: the page's origin; another one must make the "
        "check fail, which shows it notices refused requests)",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=DATA_DIR, help="embedded PostgreSQL data dir"
    )
    args = parser.parse_args()
    binary = find(CHROMIUM, args.chromium, "Chromium")
    driver = find(CHROMEDRIVER, args.chromedriver, "chromedriver")

    # SIGTERM (e.g. from a CI timeout) unwinds like Ctrl-C, so the finally blocks run.
    interrupt_on_signals()
    api_port, page_port = free_port(), free_port()
    api_url = f"http://127.0.0.1:{api_port}"
    page_origin = f"http://127.0.0.1:{page_port}"
    page_url = f"{page_origin}/{PAGE.name}?api={quote(api_url, safe='')}"
    server = EmbeddedPostgres(args.data_dir)
    ok = False
    try:
        server.start()
        url = database_url(server, DATABASE)
        asyncio.run(create_database(url, drop_existing=True))
        upgrade_head(url)
        print(f"api: {api_url} (CORS: {args.allow_origin or page_origin}); page: {page_origin}")
        with (
            uvicorn_server(
                url,
                api_port,
                {"MARCHLORDS_CORS_ALLOW_ORIGINS": args.allow_origin or page_origin},
                ("--timeout-graceful-shutdown", "3"),
            ) as process,
            page_server(page_port),
        ):
            wait_ready(api_url, process, seconds=60)
            with chromium(binary, driver, args.timeout) as browser:
                ok = run_page(browser, page_url, args.timeout)
        asyncio.run(drop_database(url))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    finally:
        server.stop()
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
