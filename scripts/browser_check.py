"""Real-browser check: a page on a second origin drives the API from headless Chromium.

Starts the embedded PostgreSQL on its own data dir (`.data/browser-pg`), creates and migrates a
fresh database, starts `uvicorn app.main:create_app --factory` on a free loopback port with
`MARCHLORDS_CORS_ALLOW_ORIGINS` set to the page's origin, serves `scripts/browser_check.html`
from another port of 127.0.0.1 (a second origin), and opens it in the system's headless Chromium
through the system's chromedriver (Selenium; nothing downloads a browser or a driver). The page,
with `fetch` only: registers two players and logs them in, creates a campaign with an
`Idempotency-Key` and checks that the retry is replayed, opens the event stream (a streamed
`fetch` with the bearer header, which EventSource cannot send), seats both players, starts the
campaign, reads and draws the map JSON, and waits for the stream's `player_ready` event.
Then the browser opens the owner's `map.svg` by itself, as a link in a chat or an email is
opened (the bearer header set through the DevTools protocol, since a link cannot carry it), with
the policy the server sends it (`Content-Security-Policy`: its own `<style>` by its hash): the
screenshot's pixels inside the tiles must be the terrain colours the picture's style gives
them (a blocked style leaves every tile black).

Saves screenshots (`.data/browser-check.png`, `.data/browser-check-map.png`) and exits 1 if the
page failed, a tile is not its colour or the browser's console logged any error (a refused
CORS request or a style the policy blocks is one), 0 otherwise. Every wait is bounded; the
server, the static server, the browser and PostgreSQL are always stopped.

Needs `chromium` and `chromium-driver` (Debian: `apt-get install -y chromium chromium-driver`)
and the `browser` extra (in `dev`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import struct
import sys
import threading
import zlib
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from app.platform.db.embedded import EmbeddedPostgres, create_database, drop_database
from app.platform.db.migrate import upgrade_head
from app.play.pictures.svg import TERRAIN_COLOURS, UNEXPLORED
from bench.shared import database_url, free_port, interrupt_on_signals, uvicorn_server, wait_ready

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path(__file__).resolve().parent / "browser_check.html"
DATA_DIR = ROOT / ".data" / "browser-pg"
SCREENSHOT = ROOT / ".data" / "browser-check.png"
MAP_SCREENSHOT = ROOT / ".data" / "browser-check-map.png"
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


def console_errors(browser: webdriver.Chrome) -> list[str]:
    """The console's errors since the last call."""
    entries: list[dict[str, Any]] = browser.get_log("browser")  # type: ignore[no-untyped-call]
    errors = [entry["message"] for entry in entries if entry["level"] == "SEVERE"]
    for message in errors:
        print(f"console error: {message}", file=sys.stderr)
    return errors


def run_page(browser: webdriver.Chrome, page_url: str, timeout: float) -> dict[str, Any] | None:
    """Run the page; its result (the picture's address and a token) if it passed."""
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
    errors = console_errors(browser)
    if not result.get("ok"):
        print(f"page failed: {result.get('error')}", file=sys.stderr)
    return result if result.get("ok") and not errors else None


def png_rgb(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of an 8-bit, non-interlaced RGB or RGBA PNG (Chromium's
    screenshots), with the standard library alone."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at : at + 4]), data[at + 4 : at + 8]
        chunks[kind] = chunks.get(kind, b"") + data[at + 8 : at + 8 + length]
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
    size = 3 if colour == 2 else 4
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * size
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up = previous[i]
            corner = previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + guess) & 0xFF
        rows.append(bytes(b for x in range(width) for b in line[x * size : x * size + 3]))
        previous = line
    return width, height, rows


def _rgb(colour: str) -> tuple[int, int, int]:
    value = int(colour.lstrip("#"), 16)
    return value >> 16, (value >> 8) & 0xFF, value & 0xFF


def expected_colour(terrain: str | None, fog: str) -> tuple[int, int, int]:
    """A tile's colour on the white background, as the picture's style sets it."""
    if fog == "unexplored" or terrain is None:
        return _rgb(UNEXPLORED)
    rgb = _rgb(TERRAIN_COLOURS[terrain])
    if fog == "explored":  # .t.explored{fill-opacity:.45}
        return tuple(round(255 + 0.45 * (c - 255)) for c in rgb)  # type: ignore[return-value]
    return rgb


# The picture's tiles as the browser laid them out, and a point inside each: right of the
# centre at its height, where nothing stands (structures, armies, ships and tags keep clear).
_TILES_SCRIPT = """
return [window.devicePixelRatio, Array.from(document.querySelectorAll("use.t[data-fog]"), (e) => {
  const box = e.getBoundingClientRect();
  return [e.dataset.terrain || null, e.dataset.fog, box.left + box.width * 0.8,
          box.top + box.height / 2];
})];
"""


def check_picture(browser: webdriver.Chrome, picture: str, token: str) -> bool:
    """Open the map picture by itself; its tiles must show their colours, not black."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.setExtraHTTPHeaders", {"headers": {"Authorization": f"Bearer {token}"}}
    )
    browser.get(picture)
    ratio, tiles = browser.execute_script(_TILES_SCRIPT)
    browser.save_screenshot(str(MAP_SCREENSHOT))
    print(f"screenshot: {MAP_SCREENSHOT.relative_to(ROOT)}")
    width, height, rows = png_rgb(MAP_SCREENSHOT.read_bytes())
    checked, wrong, black = 0, [], 0
    terrains = set()
    for terrain, fog, x, y in tiles:
        px, py = round(x * ratio), round(y * ratio)
        if not (0 <= px < width and 0 <= py < height):
            continue
        got = tuple(rows[py][px * 3 : px * 3 + 3])
        want = expected_colour(terrain, fog)
        checked += 1
        black += got == (0, 0, 0)
        if terrain is not None:
            terrains.add(terrain)
        if any(abs(g - w) > 3 for g, w in zip(got, want, strict=True)):
            wrong.append(f"{terrain}/{fog} at ({px}, {py}): {got}, not {want}")
    for line in wrong[:10]:
        print(f"picture: {line}", file=sys.stderr)
    errors = console_errors(browser)  # a style the policy refused is logged as an error
    print(
        f"  picture: {checked} of {len(tiles)} tiles sampled ({len(terrains)} terrains seen), "
        f"{checked - len(wrong)} in their colour, {black} black"
    )
    return checked >= 20 and len(terrains) >= 3 and not wrong and not errors


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
                result = run_page(browser, page_url, args.timeout)
                ok = result is not None and check_picture(
                    browser, result["picture"], result["token"]
                )
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
