"""The site offline: its service worker and the list of files it keeps (:func:`service_worker`).

JupyterLite's apps register a service worker at the site's root, ``service-worker.js`` (it relays
the kernel's file system to the page), with its cache off. The site's own worker takes that same
address, so the two never fight over the scope: it keeps JupyterLite's relay and adds a cache of
the whole site. Once any page of the site has been opened online (the front page registers the
worker too), every file of :func:`precache_list` is fetched into the browser's cache while the
pages are quiet; from then on every page (both classrooms, the notebooks in JupyterLab, the rule
pages, the console) opens with the network gone, after a reload and in a new tab. A new build
gets a new version (a digest of the files), so a browser that comes back online takes the new
site and drops the old cache.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

WORKER = "service-worker.js"
REGISTER = """<script>
if ('serviceWorker' in navigator) {
  const line = document.getElementById('offline');
  const ask = (worker) => new Promise((answer) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => answer(event.data);
    worker.postMessage('status', [channel.port2]);
  });
  navigator.serviceWorker.register('%s?enableCache=true')
    .then(() => navigator.serviceWorker.ready)
    .then(async (registration) => {
      registration.active.postMessage('precache');
      for (;;) {
        const { kept, total } = await ask(registration.active);
        line.dataset.kept = kept;
        line.dataset.total = total;
        for (const words of line.querySelectorAll('[data-filling]')) {
          words.textContent = kept < total ? words.dataset.filling.replace('{kept}', kept).replace('{total}', total)
                                           : words.dataset.done;
        }
        if (kept >= total) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }).catch(() => {});
}
</script>""" % WORKER
"""The front page's registration: the same address as JupyterLite's apps register (their setting
``enableServiceWorkerCache`` is on); then the rest of the site is fetched into the cache, and the
line ``#offline`` says how far (in each language, its texts in ``data-filling`` and
``data-done``)."""
NOT_FETCHED = (".map", "third-party-licenses.json")
"""Files no page asks for while the site is used (source maps, JupyterLab's list of licences):
left out of the cache."""


def precache_list(site: Path) -> list[str]:
    """Every file of the built ``site`` a page may ask for, relative to it: the front page and the
    classrooms first, then the Pyodide kernel, then the rest."""
    def wanted(path: Path) -> bool:
        return path.is_file() and path.name != WORKER and not path.name.endswith(NOT_FETCHED)

    def order(relative: str) -> tuple[int, str]:
        first = ("index.html", "voici/render/notebooks/classroom.html", "voici/render/notebooks/ja/classroom.html")
        if relative in first:
            return (first.index(relative), relative)
        rank = next((k for k, prefix in enumerate(("voici/build/", "static/pyodide/", "extensions/"), 3)
                     if relative.startswith(prefix)), 6)
        return (rank, relative)

    return sorted((p.relative_to(site).as_posix() for p in site.rglob("*") if wanted(p)), key=order)


def service_worker(site: Path) -> list[str]:
    """Write the site's service worker over JupyterLite's (every copy the build made) and turn
    JupyterLite's registration to the same address; returns the files it keeps."""
    files = precache_list(site)
    digest = hashlib.sha256()
    for relative in files:
        digest.update(relative.encode() + b"\0" + hashlib.sha256((site / relative).read_bytes()).digest())
    source = (Path(__file__).with_name(WORKER).read_text(encoding="utf-8")
              .replace("__VERSION__", digest.hexdigest()[:16]).replace("__PRECACHE__", json.dumps(files)))
    for copy in site.rglob(WORKER):
        copy.write_text(source, encoding="utf-8")
    return files
