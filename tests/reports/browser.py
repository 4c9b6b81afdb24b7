"""Load a page in headless Chromium: the DOM after load, the page's console messages, and
which images failed to load (read by a probe appended to a copy of the page)."""
import json
import re
import subprocess
import tempfile
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000", "--dump-dom"]
PROBE = """<script>window.addEventListener('load', function () {
  var imgs = Array.from(document.images);
  var broken = imgs.filter(function (i) { return !i.complete || i.naturalWidth === 0; });
  document.body.setAttribute('data-probe', JSON.stringify({images: imgs.length,
    broken: broken.map(function (i) { return i.alt || i.src.slice(0, 60); })}));
});</script>"""
CONSOLE = re.compile(r":(?:INFO|WARNING|ERROR|VERBOSE\d?):CONSOLE[^\]]*\] (.*)")


def load_page(chromium: str, page: Path) -> dict:
    """{'dom': str, 'console': [messages], 'images': n, 'broken': [alts]}."""
    probe_copy = page.with_name(".browser-probe.html")  # same folder: relative links behave the same
    probe_copy.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    try:
        with tempfile.TemporaryDirectory() as profile:
            r = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", probe_copy.as_uri()],
                               capture_output=True, text=True, timeout=120)
    finally:
        probe_copy.unlink(missing_ok=True)
    m = re.search(r"data-probe=\"([^\"]*)\"", r.stdout)
    probe = json.loads(m.group(1).replace("&quot;", '"')) if m else {"images": None, "broken": None}
    return {"dom": r.stdout, "console": CONSOLE.findall(r.stderr), "returncode": r.returncode, **probe}
