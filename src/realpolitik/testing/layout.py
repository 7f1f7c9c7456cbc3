"""What a page looks like to a player, read in the browser: texts that overlap or are cut off, a
page that scrolls sideways, a first action below the fold, and every word a player can read.

``problems(page)`` lists the layout faults of the page as it is shown now (empty: none);
``words(page)`` gives every text a player can read on it, the board's tooltips included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: JavaScript: the layout faults of the page. Boxes are the rendered lines of every HTML text
#: (``Range.getClientRects``), form controls and outlined frames, and every SVG text; two boxes
#: overlap when neither element holds the other. Overlays (sticky or fixed parts) are compared
#: among themselves, the page beneath them among itself. Text beyond a box that hides its
#: overflow, beyond the page's sides or beyond its SVG is cut off; text in a scrolling box is
#: not (it scrolls into view).
PROBLEMS = r"""() => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
  }
  const memo = (f) => { const known = new Map(); return (el) => { if (!known.has(el)) known.set(el, f(el)); return known.get(el); }; };
  const shown = memo((el) => {
    if (!el || el.nodeType !== 1) return true;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    const details = el.parentElement && el.parentElement.closest("details:not([open])");
    if (details && !details.querySelector(":scope > summary").contains(el)) return false;
    return shown(el.parentElement);
  });
  const name = (el) => {
    const text = (el.textContent || el.value || "").trim().replace(/\s+/g, " ").slice(0, 40);
    const cls = typeof el.className === "string" ? el.className : (el.className.baseVal || "");
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls ? "." + cls.trim().split(/\s+/).join(".") : ""} "${text}"`;
  };
  const layer = memo((el) => {
    if (!el || el.nodeType !== 1) return null;
    const position = getComputedStyle(el).position;
    return position === "fixed" || position === "sticky" ? el : layer(el.parentElement);
  });
  // the visible part of an element: clipped by every ancestor that hides or scrolls its overflow
  const clipOf = memo((el) => {
    const outer = el.parentElement ? clipOf(el.parentElement) : { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    const style = getComputedStyle(el);
    if (style.overflowX === "visible" && style.overflowY === "visible") return outer;
    const r = el.getBoundingClientRect();
    return { left: Math.max(outer.left, r.left), top: Math.max(outer.top, r.top), right: Math.min(outer.right, r.right), bottom: Math.min(outer.bottom, r.bottom) };
  });
  const scrolls = memo((el) => {
    if (!el) return false;
    const style = getComputedStyle(el);
    return ["auto", "scroll"].includes(style.overflowX) || ["auto", "scroll"].includes(style.overflowY) || scrolls(el.parentElement);
  });
  const boxes = [];
  const add = (el, r, kind) => {
    if (r.width < 0.5 || r.height < 0.5) return;
    boxes.push({ el, kind, left: r.left, right: r.right, top: r.top, bottom: r.bottom, layer: layer(el) });
  };
  // HTML text, line by line
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest("svg, script, style, option, select, dialog:not([open])") || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      const clip = clipOf(el);
      const out = r.left < clip.left - 1 || r.right > clip.right + 1 || r.top < clip.top - 1 || r.bottom > clip.bottom + 1;
      if (out && !scrolls(el)) problems.push(`cut off: ${name(el)}`);
      if (r.left < -1 || r.right > vw + 1) problems.push(`beyond the page's side: ${name(el)}`);
      if (!out) add(el, { left: r.left, right: r.right, top: r.top + r.height * 0.15, bottom: r.bottom - r.height * 0.15 }, "text");
    }
  }
  // form controls and outlined frames
  for (const el of document.querySelectorAll("input, select, textarea, button, [class]")) {
    if (el.closest("svg") || !shown(el)) continue;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (el.matches("input, select, textarea, button")) {
      add(el, r, "control");
    } else if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !el.matches(":focus, :focus-visible")) {
      const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset || "0");
      add(el, { left: r.left - grow, right: r.right + grow, top: r.top - grow, bottom: r.bottom + grow }, "frame");
    }
  }
  // text cut off by its own box: wider than it, with its overflow hidden
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg") || !shown(el) || !el.childNodes.length) continue;
    const style = getComputedStyle(el);
    if (!["hidden", "clip"].includes(style.overflowX) && style.textOverflow !== "ellipsis") continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own && el.scrollWidth > el.clientWidth + 1) problems.push(`cut off: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
  }
  // the filled circles of a drawing, on the screen
  const discs = memo((svg) => Array.from(svg.querySelectorAll("circle")).filter((c) => shown(c) && !c.closest(".choices, .chooser")
    && !["none", "transparent"].includes(c.getAttribute("fill")) && Number(c.getAttribute("fill-opacity") ?? 1) > 0.2).map((c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 };
  }));
  // nothing sticks out of a bordered box (a card, a fieldset, the log) unless that box scrolls or clips it
  const bordered = (style) => ["Top", "Right", "Bottom", "Left"].some((side) => parseFloat(style[`border${side}Width`]) > 0
    && !["none", "hidden"].includes(style[`border${side}Style`]));
  for (const box of document.querySelectorAll("body *")) {
    if (box.closest("svg") || box.matches("input, select, textarea, button, img") || !shown(box)) continue;
    const style = getComputedStyle(box);
    if (!bordered(style) || style.overflowX !== "visible" || style.overflowY !== "visible") continue;
    const outer = box.getBoundingClientRect();
    for (const inner of box.querySelectorAll("*")) {
      if (inner.closest("svg") && inner.tagName.toLowerCase() !== "svg" || inner.matches("legend, legend *, option") || !shown(inner)) continue;
      let kept = false;  // clipped or scrolled by a box between them: its own business
      for (let e = inner.parentElement; e && e !== box; e = e.parentElement) {
        const between = getComputedStyle(e);
        if (between.overflowX !== "visible" || between.overflowY !== "visible") { kept = true; break; }
      }
      if (kept || ["fixed", "sticky"].includes(getComputedStyle(inner).position)) continue;
      const r = inner.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      if (r.left < outer.left - 1 || r.right > outer.right + 1 || r.top < outer.top - 1 || r.bottom > outer.bottom + 1) {
        problems.push(`sticks out of ${name(box).split(" ")[0]}: ${name(inner)}`);
        break;
      }
    }
  }
  // SVG text
  for (const svg of document.querySelectorAll("svg")) {
    const drawing = svg.getBoundingClientRect();
    if (!shown(svg) || drawing.width < 40) continue;  // icons and swatches
    for (const text of svg.querySelectorAll("text")) {
      if (!text.textContent.trim() || !shown(text)) continue;
      const r = text.getBoundingClientRect();
      if (r.left < drawing.left - 1 || r.right > drawing.right + 1 || r.top < drawing.top - 1 || r.bottom > drawing.bottom + 1) {
        problems.push(`beyond its drawing: ${name(text)}`);
      }
      const box = { left: r.left, right: r.right, top: r.top + r.height * 0.15, bottom: r.bottom - r.height * 0.15 };
      add(text, box, "svg");
      // a text over a drawn disc (a point, a piece, a marker) lies wholly inside it or beside it
      for (const disc of discs(svg)) {
        const near = Math.hypot(Math.max(box.left - disc.x, 0, disc.x - box.right), Math.max(box.top - disc.y, 0, disc.y - box.bottom));
        const inside = [[box.left, box.top], [box.right, box.top], [box.left, box.bottom], [box.right, box.bottom]]
          .every(([x, y]) => Math.hypot(x - disc.x, y - disc.y) <= disc.r + 1);
        if (near < disc.r - 1 && !inside) problems.push(`over a drawn disc: ${name(text)}`);
      }
      // a text inside a framed box (a card, a seat, a table's cell: its group's rect.frame) stays inside it
      const group = text.parentElement && text.parentElement.closest("g");
      const frame = group && Array.from(group.children).find((c) => c.matches("rect.frame"));
      if (frame) {
        const f = frame.getBoundingClientRect();
        if (box.left < f.left - 0.5 || box.right > f.right + 0.5 || box.top < f.top - 0.5 || box.bottom > f.bottom + 0.5) {
          problems.push(`beyond its frame: ${name(text)}`);
        }
      }
    }
  }
  const seen = new Set();
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j];
      if (a.layer !== b.layer || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.kind === "frame" && b.kind === "frame") continue;
      const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (dx > 1 && dy > 1) {
        const key = `${name(a.el)} ⨯ ${name(b.el)}`;
        if (!seen.has(key)) problems.push(`overlap: ${key}`);
        seen.add(key);
      }
    }
  }
  return problems;
}"""

#: JavaScript: every text a player can read on the page: what it shows (HTML and SVG) and the
#: board's tooltips (SVG ``title``), each once
WORDS = r"""() => {
  const out = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style")) continue;
    if (!el.closest("svg title, option") && !el.getClientRects().length) continue;
    const text = node.textContent.trim();
    if (text) out.add(text);
  }
  for (const el of document.querySelectorAll("[placeholder], [aria-label], input[type=submit], input[type=button]")) {
    const value = el.matches("input[type=submit], input[type=button]") ? el.value : null;
    for (const text of [el.getAttribute("placeholder"), el.getAttribute("aria-label"), value]) {
      if (text && text.trim()) out.add(text.trim());
    }
  }
  out.add(document.title);
  return Array.from(out);
}"""


def problems(page: Page) -> list[str]:
    """The layout faults of ``page`` as it is shown now."""
    return page.evaluate(PROBLEMS)


def words(page: Page) -> list[str]:
    """Every text a player can read on ``page`` now."""
    return page.evaluate(WORDS)


#: JavaScript: where the first action button of the pending decision is on the screen, and
#: whether it is in view and not covered (``null`` when there is none)
FIRST_ACTION = r"""() => {
  const button = document.querySelector("#pending button.action");
  if (!button) return null;
  const r = button.getBoundingClientRect();
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= document.documentElement.clientWidth;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { top: Math.round(r.top), bottom: Math.round(r.bottom), inside, reached: Boolean(hit && button.contains(hit)) };
}"""


def first_action(page: Page) -> dict | None:
    """Where the first action is: ``{top, bottom, inside, reached}``, or None without one."""
    return page.evaluate(FIRST_ACTION)
