"""The script the preview adds to each page it serves (`cli.serve`), and the page that
stands in for the downloads page until a build writes it.

The script listens to the builds (Server-Sent Events), fetches again each image whose file
a build changed, redraws the page in place when the page itself changed, and shows a
failed build's messages over the page.
"""

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cardstock preview</title></head>
<body><main><h1>cardstock preview</h1>
<p>The downloads page is not in the output folder yet: it appears here as soon as a
build writes it.</p></main></body></html>
"""

# The script added to each page (see the module's docstring). `window.cardstockPreview`
# says what it did, for a reader of the page's state (the tests).
LIVE_SCRIPT = r"""(() => {
  "use strict";
  const me = document.currentScript;
  const script = new URL(me.getAttribute("src") || me.getAttribute("href"), location.href);
  const root = new URL("../", script);
  let seen = Number(me.dataset.build);
  const state = (window.cardstockPreview = {build: seen, refreshed: [], failed: false});
  const html = document.documentElement instanceof HTMLElement;
  let overlay = null;

  const address = (name) => new URL(name.split("/").map(encodeURIComponent).join("/"), root);

  // A long report (a failed rules check lists every check) leads with what failed: its
  // FAIL lines, its located messages (path:line: …) and its verdicts; the whole below.
  const failing = /^\s*(FAIL\b|[^\s:]+:\d+: )|\bfailed\b/;

  function block(text, colour) {
    const pre = document.createElement("pre");
    pre.style.cssText = "margin:.5rem 0 0;white-space:pre-wrap;font:14px/1.4 ui-monospace,"
      + "monospace;color:" + colour;
    pre.textContent = text;
    return pre;
  }

  function show(message) {
    state.failed = true;
    if (!html) { console.error(message); return; }
    if (!overlay) {
      overlay = document.createElement("section");
      overlay.id = "cardstock-preview-error";
      overlay.setAttribute("role", "alert");
      // the build's messages are cardstock's English, over a page of any language
      overlay.setAttribute("lang", "en");
      overlay.style.cssText = "position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;"
        + "max-height:60vh;overflow:auto;background:#fff;color:#1f2328;border:2px solid #cf222e;"
        + "border-radius:6px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:.75rem 1rem;"
        + "font:15px/1.45 system-ui,sans-serif";
      document.body.append(overlay);
    }
    const title = document.createElement("strong");
    title.textContent = "The last build failed:";
    const lines = message.split("\n");
    const key = lines.filter((line) => failing.test(line)).map((line) => line.trim());
    if (lines.length > 12 && key.length) {
      const all = document.createElement("details");
      const label = document.createElement("summary");
      label.textContent = "All the build printed";
      all.append(label, block(message, "#1f2328"));
      overlay.replaceChildren(title, block(key.join("\n"), "#cf222e"), all);
    } else {
      overlay.replaceChildren(title, block(message, "#cf222e"));
    }
  }

  function hide() {
    state.failed = false;
    if (overlay) { overlay.remove(); overlay = null; }
  }

  // A page reloaded by the preview opens where it was (the browser's own restoring of the
  // scroll position does not always outlast the images' loading).
  const place = "cardstock-preview-place";
  function reload() {
    state.reloading = true;
    try {
      sessionStorage.setItem(place, JSON.stringify([location.href, scrollX, scrollY]));
    } catch (e) { /* storage refused: the page opens at the top */ }
    location.reload();
  }
  try {
    const [where, x, y] = JSON.parse(sessionStorage.getItem(place) || "[]");
    sessionStorage.removeItem(place);
    if (where === location.href) addEventListener("load", () => scrollTo(x, y));
  } catch (e) { /* nothing kept */ }

  // An image's address as the page wrote it, whatever build number the script added.
  function plain(value) {
    const url = new URL(value, location.href);
    url.searchParams.delete("build");
    return url.href;
  }
  const sources = new Set(["src", "href", "data"]);

  function sync(old, next) {
    for (const attr of Array.from(old.attributes)) {
      if (!next.hasAttribute(attr.name)) old.removeAttribute(attr.name);
    }
    for (const attr of Array.from(next.attributes)) {
      const now = old.getAttribute(attr.name);
      if (now === attr.value) continue;
      // an image the script fetched again keeps its address while the page's is the same
      if (now !== null && sources.has(attr.name) && plain(now) === plain(attr.value)) continue;
      old.setAttribute(attr.name, attr.value);
    }
  }

  // The page as it is made to match the page as built, node by node in order: what is
  // alike is kept (an image whose address is the same is not fetched again), what differs
  // is changed or put in anew. The preview's own box of messages stays.
  function morph(old, next) {
    if (old.nodeType === Node.ELEMENT_NODE) sync(old, next);
    const mine = Array.from(old.childNodes).filter((node) => node !== overlay);
    const theirs = Array.from(next.childNodes);
    theirs.forEach((node, i) => {
      const here = mine[i];
      if (!here) {
        const before = overlay && overlay.parentNode === old ? overlay : null;
        old.insertBefore(document.importNode(node, true), before);
      } else if (here.nodeType !== node.nodeType || here.nodeName !== node.nodeName) {
        here.replaceWith(document.importNode(node, true));
      } else if (here.nodeType === Node.ELEMENT_NODE) {
        morph(here, node);
      } else if (here.nodeValue !== node.nodeValue) {
        here.nodeValue = node.nodeValue;
      }
    });
    for (const node of mine.slice(theirs.length)) node.remove();
  }

  // The head as it matters to the page: without the preview's script.
  const ours = (node) => node.tagName === "SCRIPT"
    && /\/live\.js$/.test(node.getAttribute("src") || "");
  const headOf = (doc) => Array.from(doc.head.children)
    .filter((node) => !ours(node)).map((node) => node.outerHTML).join("\n");

  // The page itself changed: it is fetched and drawn in place, when only its body did
  // (the downloads page after a card's text changed the sheets' sizes); reloaded when
  // its head changed, or it is not an HTML page.
  async function redraw() {
    if (!html) { reload(); return false; }
    let text;
    try {
      const answer = await fetch(location.href, {cache: "no-store"});
      if (!answer.ok) { reload(); return false; }
      text = await answer.text();
    } catch (e) { reload(); return false; }
    const next = new DOMParser().parseFromString(text, "text/html");
    if (headOf(next) !== headOf(document)) { reload(); return false; }
    morph(document.body, next.body);
    state.redrawn = (state.redrawn || 0) + 1;
    return true;
  }

  async function refresh(build) {
    const changed = new Set(build.changed.map((name) => address(name).pathname));
    let here = location.pathname;
    if (here.endsWith("/")) here += "index.html";
    if (changed.has(here) && !(await redraw())) return;
    const links = [["img", "src"], ["image", "href"], ["object", "data"], ["embed", "src"],
                   ["iframe", "src"], ["link", "href"], ["source", "src"]];
    for (const [tag, attr] of links) {
      for (const element of Array.from(document.getElementsByTagName(tag))) {
        const value = element.getAttribute(attr);
        if (!value) continue;
        const url = new URL(value, location.href);
        if (url.origin !== location.origin || !changed.has(url.pathname)) continue;
        url.searchParams.set("build", String(build.build));
        element.setAttribute(attr, url.href);
        state.refreshed.push(url.pathname);
      }
    }
  }

  // Builds are taken in turn: one's page fetched and drawn before the next's.
  let turn = Promise.resolve();
  const events = new EventSource(new URL("events?since=" + seen, script));
  events.onmessage = (event) => {
    const build = JSON.parse(event.data);
    if (build.build > seen + 1) { reload(); return; }
    if (build.build === seen + 1) {
      seen = build.build;
      turn = turn.then(() => refresh(build)).then(() => {
        state.build = build.build;
        state.at = Date.now();  // when the page showed it, for a measure of the delay
      });
    }
    turn = turn.then(() => { if (build.ok) hide(); else show(build.message); });
  };
})();
"""
