#!/usr/bin/env python3
"""Drives `overset serve`'s page in a real browser (Debian's chromium, headless, through chromium-driver's WebDriver
protocol), as a designer and a translator would, and checks what the page shows against `overset preview`:

1. types a Thai string, sets the width and max lines, and reads the lines and the truncation from the page: they
   must equal `overset preview --format json`'s;
2. opens the page's own URL (its state in the query) in a fresh load: the same lines;
3. shows all 12 categories side by side;
4. in catalog mode, opens a failing German key and edits it, in the page, into a translation that fits;
5. as a translator: a link to one key opens its editor (and the URL is not rewritten on load), the edit survives a
   reload (kept in the browser until downloaded or discarded), a failing key is found and fixed with the keyboard
   alone (Tab to the grid, arrows, Enter, typing, Escape) and stays in view under the "fail" filter, the problem list
   is drawn with the served fonts, the download is refused by name while there is no edit, and at phone width
   (390×844) the filters wrap and the language column can be scrolled to.

Each view is saved as a PNG (to look at), and the page's own timing of each answer is printed (median and worst,
for a 200-character string at one category and at all 12).

Usage: scripts/test-page.py OVERSET_BINARY [SCREENSHOT_DIR]   (prints "N passed, N failed"; exit 1 on a failure)
Needs: chromium and chromium-driver (Debian), the built `overset` and `overset-server` side by side.
"""
import base64, json, os, socket, statistics, subprocess, sys, time, urllib.error, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIXTURES = os.path.join(ROOT, "Tests", "OversetTests", "Fixtures", "catalogs")
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
passed, failed = 0, 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAILED: {what}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary, arguments=()):
    process = subprocess.Popen([binary, "serve", "--port", "0", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    port = int(line.rsplit(":", 1)[1].strip("/\n"))
    return process, f"http://127.0.0.1:{port}"


class Browser:
    """A WebDriver session over HTTP (the W3C protocol), no client library."""

    def __init__(self):
        self.port = free_port()
        self.driver = subprocess.Popen(["chromedriver", f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        options = {"binary": "/usr/bin/chromium",
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=1280,1400", "--no-proxy-server"]}
        session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}})
        self.session = session["value"]["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            return json.loads(OPENER.open(request, timeout=60).read())
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"WebDriver {method} {path}: {error.code} {error.read()[:300]!r}") from None

    def session_call(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)["value"]

    def open(self, url):
        self.session_call("POST", "/url", {"url": url})
        self.wait("return document.body.dataset.ready === 'true'")

    def script(self, source, *args):
        return self.session_call("POST", "/execute/sync", {"script": source, "args": list(args)})

    def wait(self, condition, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.script(condition):
                return True
            time.sleep(0.05)
        raise TimeoutError(condition)

    def element(self, css):
        found = self.session_call("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def type(self, css, text, clear=True):
        element = self.element(css)
        if clear:
            self.session_call("POST", f"/element/{element}/clear", {})
        self.session_call("POST", f"/element/{element}/value", {"text": text})

    def keys(self, *names):
        """Presses keys on whatever has the focus, as a keyboard would (W3C WebDriver actions)."""
        codes = {"Tab": "\ue004", "Enter": "\ue007", "Escape": "\ue00c", "ArrowDown": "\ue015", "ArrowRight": "\ue014",
                 "ArrowUp": "\ue013", "ArrowLeft": "\ue012"}
        actions = []
        for name in names:
            if name == "SelectAll":  # Control+A
                actions += [{"type": "keyDown", "value": "\ue009"}, {"type": "keyDown", "value": "a"},
                            {"type": "keyUp", "value": "a"}, {"type": "keyUp", "value": "\ue009"}]
                continue
            for character in ([codes[name]] if name in codes else list(name)):
                actions += [{"type": "keyDown", "value": character}, {"type": "keyUp", "value": character}]
        self.session_call("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def resize(self, width, height):
        self.session_call("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path):
        with open(path, "wb") as out:
            out.write(base64.b64decode(self.session_call("GET", "/screenshot")))

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()


def page_lines(browser):
    return browser.script("return [...document.querySelectorAll('#lines td.text')].map(td => td.textContent.slice(1, -1))")


def settle(browser, previous_url=None):
    """Waits for the answer to the last change: the page writes its URL first, then its lines and timing."""
    browser.wait("return document.getElementById('timing').dataset.ms !== undefined")
    time.sleep(0.3)
    browser.wait("return !document.querySelector('#result .loading')")


def translator_tasks(browser, base, shots):
    # A link to one key opens its editor, and the page does not rewrite the link on load.
    link = "/?view=catalog&key=update.button&lang=de"
    browser.open(base + link)
    browser.wait("return document.getElementById('detail-status') && document.getElementById('detail-status').textContent !== ''")
    check(browser.script("return location.pathname + location.search") == link, "a link to one key is kept as it is on load")
    check(browser.script("return document.querySelector('#grid tr.editor h3').textContent.startsWith('update.button · de')"),
          "the link opens that key's editor, in German")
    check(browser.script("return document.getElementById('edit').value") == "Nach Aktualisierungen suchen",
          "the editor holds the German text")
    check(browser.script("return document.getElementById('download').disabled") is True
          and "No edits yet" in browser.script("return document.getElementById('edits-meta').textContent"),
          "with no edit, the download is disabled and the page says why")
    room = browser.script("return document.getElementById('detail-room').textContent")
    check("characters too long" in room and "cut about" in room, f"the room is said in characters: {room!r}")
    font = browser.script("return getComputedStyle(document.querySelector('#problems li')).fontFamily")
    check("overset-" in font, f"the problem list is drawn with the served fonts: {font[:60]}")
    browser.screenshot(os.path.join(shots, "translator-link.png"))

    # An edit survives a reload.
    browser.type("#edit", "Suchen")
    browser.wait("return document.getElementById('detail-status').textContent === 'pass'")
    check("not downloaded yet" in browser.script("return document.getElementById('edits-meta').textContent"),
          "an edit is counted as not downloaded")
    browser.open(base + link)
    browser.wait("return document.getElementById('edit') && document.getElementById('edit').value !== ''")
    check(browser.script("return document.getElementById('edit').value") == "Suchen", "the edit is there after a reload")
    check(browser.script("return document.querySelector('#grid td.cell.edited[data-key=\"update.button\"]') !== null"),
          "the edited cell is marked in the grid after a reload")

    # Keyboard only: Tab to the grid, arrows to a failing German cell, Enter, type, Escape.
    browser.open(base + "/?view=catalog&status=fail")
    browser.wait("return document.querySelectorAll('#grid td.cell').length > 0")
    for _ in range(12):
        browser.keys("Tab")
        if browser.script("return document.activeElement.matches('#grid td.cell')"):
            break
    check(browser.script("return document.activeElement.matches('#grid td.cell')"), "Tab reaches the grid")
    target = browser.script("""const cells = [...document.querySelectorAll('#grid td.cell')];
        const target = cells.find(td => td.dataset.language === 'th' && td.classList.contains('fail'));
        return target ? [target.dataset.key, target.dataset.language] : null""")
    for _ in range(40):
        here = browser.script("return [document.activeElement.dataset.key, document.activeElement.dataset.language]")
        if here == target:
            break
        rows = browser.script("return [...document.querySelectorAll('#grid tr[data-key]')].map(tr => tr.dataset.key)")
        columns = browser.script("return [...document.activeElement.parentElement.querySelectorAll('td.cell')].map(td => td.dataset.language)")
        if rows.index(here[0]) < rows.index(target[0]):
            browser.keys("ArrowDown")
        elif target[1] in columns and columns.index(here[1]) < columns.index(target[1]):
            browser.keys("ArrowRight")
        else:
            browser.keys("ArrowLeft")
    check(browser.script("return [document.activeElement.dataset.key, document.activeElement.dataset.language]") == target,
          f"the arrows reach a failing Thai cell: {target}")
    browser.keys("Enter")
    browser.wait("return document.activeElement.id === 'edit'")
    check(True, "Enter opens the editor with the focus in the text box")
    browser.keys("SelectAll", "ตกลง")
    browser.wait("return document.getElementById('detail-status').textContent === 'pass'")
    browser.screenshot(os.path.join(shots, "translator-keyboard.png"))
    browser.keys("Escape")
    browser.wait("return document.activeElement.matches('#grid td.cell')")
    check(browser.script("return [document.activeElement.dataset.key, document.activeElement.dataset.language]") == target,
          "Escape closes the editor and gives the focus back to the cell")
    check(browser.script(f"return document.querySelector('#grid tr[data-key=\"{target[0]}\"]') !== null"),
          "the row stays in view under the fail filter once its edit passes")

    # Phone width: the filters wrap and the language column can be scrolled to.
    browser.resize(390, 844)
    browser.open(base + "/?view=catalog")
    browser.wait("return document.querySelectorAll('#grid td.cell').length > 0")
    tops = browser.script("return [...document.querySelectorAll('.filters > *')].map(e => Math.round(e.getBoundingClientRect().top))")
    check(len(set(tops)) > 1, f"at 390 px the filters wrap onto more lines: {tops}")
    check(browser.script("return document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page itself does not scroll sideways")
    browser.script("const th = [...document.querySelectorAll('#grid th')].pop(); th.scrollIntoView({inline: 'end'})")
    visible = browser.script("""const th = [...document.querySelectorAll('#grid th')].pop(); const r = th.getBoundingClientRect();
        return r.right <= window.innerWidth + 1 && r.left >= 0""")
    check(visible, "the last language column can be scrolled into view")
    browser.screenshot(os.path.join(shots, "translator-phone.png"))
    browser.open(base + "/?view=catalog&key=update.button&lang=de")
    browser.wait("return document.getElementById('detail-status') && document.getElementById('detail-status').textContent !== ''")
    browser.screenshot(os.path.join(shots, "translator-phone-editor.png"))
    browser.resize(1280, 1400)


def main():
    binary = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build", "page-screenshots")
    os.makedirs(shots, exist_ok=True)
    server, base = serve(binary)
    browser = Browser()
    try:
        # 1. A Thai string typed, a width and max lines set.
        browser.open(base + "/")
        thai = "ตรวจสอบการอัปเดตซอฟต์แวร์ล่าสุดของคุณ"
        browser.type("#text", thai)
        browser.type("#setting-width", "150")
        browser.type("#setting-maxLines", "2")
        browser.type("#lang", "th")
        browser.wait("return location.search.includes('maxLines=2') && location.search.includes('lang=th')")
        time.sleep(0.5)
        browser.wait(f"return document.getElementById('summary') !== null")
        lines = page_lines(browser)
        summary = browser.script("return document.getElementById('summary').textContent")
        preview = json.loads(subprocess.run([binary, "preview", thai, "--lang", "th", "--width", "150", "--max-lines", "2",
                                             "--format", "json"], capture_output=True, text=True).stdout)
        expected = [line["text"] for line in preview["lines"]]
        check(lines == expected, f"the page's lines equal overset preview's: {lines} vs {expected}")
        check(("truncated" in summary) == preview["truncated"], f"the page says truncated as preview does: {summary!r}")
        browser.screenshot(os.path.join(shots, "preview-thai.png"))

        # 2. The page's URL opened anew gives the same page.
        url = browser.script("return location.href")
        browser.open(url)
        time.sleep(0.5)
        check(page_lines(browser) == expected, f"the link {url[len(base):][:60]}… opens the same lines")
        check(browser.script("return document.getElementById('setting-maxLines').value") == "2", "the link keeps maxLines")

        # 3. All 12 categories, and the page's own timing of each answer (a 200-character string).
        long_text = ("Zum Abschließen des Updates muss die App neu gestartet werden. Ihre Daten bleiben erhalten, "
                     "und Sie können sofort weiterarbeiten, sobald der Neustart abgeschlossen ist. Danke!")[:200]
        browser.open(base + "/?width=320&maxLines=3&lang=de&text=" + urllib.request.quote(long_text))
        one = []
        for index in range(12):
            browser.type("#text", "x", clear=False)
            time.sleep(0.25)
            one.append(float(browser.script("return document.getElementById('timing').dataset.ms") or "nan"))
        browser.script("const s = document.getElementById('sizes'); s.value = 'all'; s.dispatchEvent(new Event('input'))")
        browser.wait("return document.querySelectorAll('#strip figure').length === 12")
        every = []
        for index in range(8):
            browser.type("#text", "y", clear=False)
            time.sleep(0.8)
            every.append(float(browser.script("return document.getElementById('timing').dataset.ms") or "nan"))
        check(browser.script("return document.querySelectorAll('#strip figure').length") == 12, "all 12 categories side by side")
        browser.screenshot(os.path.join(shots, "preview-all-categories.png"))

        # 3b. Android: the platform chosen in the page, a Material 3 appearance at 1.3×, the 7 font scales side by
        # side; the lines equal `overset preview --platform android`'s.
        german = "Nach Aktualisierungen suchen und installieren"
        browser.open(base + "/?width=200&maxLines=2&lang=de&platform=android&textAppearance=bodyLarge&fontScale=1.3&text="
                     + urllib.request.quote(german))
        browser.wait("return document.getElementById('summary') !== null")
        time.sleep(0.5)
        preview = json.loads(subprocess.run([binary, "preview", german, "--lang", "de", "--platform", "android",
                                             "--text-appearance", "bodyLarge", "--font-scale", "1.3", "--width", "200",
                                             "--max-lines", "2", "--format", "json"], capture_output=True, text=True).stdout)
        expected = [line["text"] for line in preview["lines"]]
        check(page_lines(browser) == expected, f"Android: the page's lines equal preview's: {page_lines(browser)} vs {expected}")
        check(browser.script("return document.getElementById('setting-category').parentElement.hidden") is True,
              "Android: the category control is hidden, the font scale shown")
        browser.script("const s = document.getElementById('sizes'); s.value = 'all'; s.dispatchEvent(new Event('input'))")
        browser.wait("return document.querySelectorAll('#strip figure').length === 7")
        captions = browser.script("return [...document.querySelectorAll('#strip figure figcaption b')].map(b => b.textContent)")
        check(captions == ["0.85×", "1×", "1.15×", "1.3×", "1.5×", "1.8×", "2×"], f"Android: the 7 font scales side by side: {captions}")
        browser.screenshot(os.path.join(shots, "preview-android.png"))
        print(f"timing (the page's, request to picture): one category median {statistics.median(one):.1f} ms, "
              f"worst {max(one):.1f} ms; all 12 median {statistics.median(every):.1f} ms, "
              f"worst {max(every):.1f} ms")
    finally:
        server.terminate()

    # 4. Catalog mode: a failing key opened and edited into a fitting one.
    server, base = serve(binary, [os.path.join(FIXTURES, "Localizable.xcstrings"), os.path.join(FIXTURES, "de.lproj"),
                                  "--spec", os.path.join(FIXTURES, "layout.yml")])
    try:
        browser.open(base + "/?view=catalog")
        browser.wait("return document.querySelectorAll('#grid td.cell').length > 0")
        first_status = browser.script("return document.querySelector('#grid tr:nth-child(2) .status').textContent")
        check(first_status == "fail", f"failures first in the grid (first row: {first_status})")
        notes = browser.script("const d = document.getElementById('catalog-notes'); "
                               "return [d.hidden, d.open, d.querySelectorAll('li').length, "
                               "document.getElementById('catalog-meta').textContent]")
        check(notes[0] is False and notes[1] is False and notes[2] >= 2 and "Broken.strings" not in notes[3],
              f"the catalogs' problems are folded under one line, not in the summary: {notes}")
        browser.screenshot(os.path.join(shots, "catalog-grid.png"))
        browser.script("document.querySelector('#grid td.cell.fail[data-language=\"de\"]').click()")
        browser.wait("return document.getElementById('detail-status') && document.getElementById('detail-status').textContent !== ''")
        check(browser.script("return document.getElementById('detail-status').textContent") == "fail", "the key opens failing")
        browser.type("#edit", "OK")
        try:
            browser.wait("return document.getElementById('detail-status').textContent === 'pass'")
            edited = True
        except TimeoutError:
            edited = False
        check(edited, "edited in the page into a fitting translation (the status says pass)")
        browser.screenshot(os.path.join(shots, "catalog-edited.png"))
    finally:
        server.terminate()

    # 5. The translator's tasks, in a catalog of en, de and th.
    server, base = serve(binary, [os.path.join(FIXTURES, "Localizable.xcstrings"), os.path.join(FIXTURES, "de.lproj"),
                                  os.path.join(FIXTURES, "th.lproj"), "--spec", os.path.join(FIXTURES, "layout.yml")])
    try:
        translator_tasks(browser, base, shots)
    finally:
        server.terminate()
        browser.quit()
    print(f"screenshots in {shots}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
