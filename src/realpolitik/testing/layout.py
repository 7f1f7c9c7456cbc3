"""What a page looks like to a player, read in the browser: texts that overlap or are cut off, a
page that scrolls sideways, a first action below the fold, and every word a player can read.

``problems(page)`` lists the layout faults of the page as it is shown now (empty: none);
``words(page)`` gives every text a player can read on it, the board's tooltips included;
``first_action(page)`` says where the first action of the pending decision is on the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: JavaScript: the layout faults of the page. Boxes are the rendered lines of every HTML text
#: (``Range.getClientRects``), form controls, outlined frames and every SVG text; two boxes
#: overlap when neither element holds the other. Overlays (sticky or fixed parts) are compared
#: among themselves, the page beneath them among itself. Text beyond a box that hides its
#: overflow, beyond the page's sides or beyond its SVG is cut off; text in a scrolling box is
#: not (it scrolls into view). An SVG text stays inside its group's ``rect.frame`` (a card, a
#: seat's box, a table row) and does not half cover a filled circle; nothing sticks out of a
#: bordered HTML box that neither scrolls nor clips.
PROBLEMS = r"""() => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
  }
  const memo = (f) => {
    const known = new Map();
    return (el) => {
      if (!known.has(el)) known.set(el, f(el));
      return known.get(el);
    };
  };
  const everywhere = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
  const outside = (r, f, slack) => r.left < f.left - slack || r.right > f.right + slack
    || r.top < f.top - slack || r.bottom > f.bottom + slack;
  const visible = (style) => style.overflowX === "visible" && style.overflowY === "visible";
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
    const cls = (typeof el.className === "string" ? el.className : el.className.baseVal || "").trim();
    const classes = cls ? "." + cls.split(/\s+/).join(".") : "";
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${classes} "${text}"`;
  };
  const layer = memo((el) => {
    if (!el || el.nodeType !== 1) return null;
    const position = getComputedStyle(el).position;
    return position === "fixed" || position === "sticky" ? el : layer(el.parentElement);
  });
  // the visible part of an element: clipped by every ancestor that hides or scrolls its overflow
  const clipOf = memo((el) => {
    const outer = el.parentElement ? clipOf(el.parentElement) : everywhere;
    if (visible(getComputedStyle(el))) return outer;
    const r = el.getBoundingClientRect();
    return { left: Math.max(outer.left, r.left), top: Math.max(outer.top, r.top),
      right: Math.min(outer.right, r.right), bottom: Math.min(outer.bottom, r.bottom) };
  });
  const scrolls = memo((el) => {
    if (!el) return false;
    const style = getComputedStyle(el);
    return ["auto", "scroll"].includes(style.overflowX) || ["auto", "scroll"].includes(style.overflowY)
      || scrolls(el.parentElement);
  });
  const boxes = [];
  const add = (el, r, kind) => {
    if (r.width < 0.5 || r.height < 0.5) return;
    boxes.push({ el, kind, left: r.left, right: r.right, top: r.top, bottom: r.bottom, layer: layer(el) });
  };
  // a line of text without the leading above and below its letters
  const letters = (r) => ({ left: r.left, right: r.right, top: r.top + r.height * 0.15,
    bottom: r.bottom - r.height * 0.15, width: r.width, height: r.height * 0.7 });

  // HTML text, line by line
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !shown(el)) continue;
    if (el.closest("svg, script, style, option, select, dialog:not([open])")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      const out = outside(r, clipOf(el), 1);
      if (out && !scrolls(el)) problems.push(`cut off: ${name(el)}`);
      if (r.left < -1 || r.right > vw + 1) problems.push(`beyond the page's side: ${name(el)}`);
      if (!out) add(el, letters(r), "text");
    }
  }
  // form controls and outlined frames
  for (const el of document.querySelectorAll("input, select, textarea, button, [class]")) {
    if (el.closest("svg") || !shown(el)) continue;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (el.matches("input, select, textarea, button")) {
      add(el, r, "control");
    } else if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !el.matches(":focus")) {
      const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset || "0");
      add(el, { left: r.left - grow, right: r.right + grow, top: r.top - grow, bottom: r.bottom + grow,
        width: r.width + 2 * grow, height: r.height + 2 * grow }, "frame");
    }
  }
  // text cut off by its own box: wider than it, with its overflow hidden
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg") || !shown(el) || !el.childNodes.length) continue;
    const style = getComputedStyle(el);
    if (!["hidden", "clip"].includes(style.overflowX) && style.textOverflow !== "ellipsis") continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`cut off: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  // nothing sticks out of a bordered box (a card, a fieldset, the log) unless that box scrolls or clips it
  const bordered = (style) => ["Top", "Right", "Bottom", "Left"].some((side) =>
    parseFloat(style[`border${side}Width`]) > 0 && !["none", "hidden"].includes(style[`border${side}Style`]));
  for (const box of document.querySelectorAll("body *")) {
    if (box.closest("svg") || box.matches("input, select, textarea, button, img") || !shown(box)) continue;
    const style = getComputedStyle(box);
    if (!bordered(style) || !visible(style)) continue;
    const outer = box.getBoundingClientRect();
    for (const inner of box.querySelectorAll("*")) {
      if (inner.closest("svg") && inner.tagName.toLowerCase() !== "svg") continue;
      if (inner.matches("legend, legend *, option") || !shown(inner)) continue;
      let kept = false;  // clipped or scrolled by a box between them: its own business
      for (let e = inner.parentElement; e && e !== box && !kept; e = e.parentElement) {
        kept = !visible(getComputedStyle(e));
      }
      if (kept || ["fixed", "sticky"].includes(getComputedStyle(inner).position)) continue;
      const r = inner.getBoundingClientRect();
      if (r.width >= 1 && r.height >= 1 && outside(r, outer, 1)) {
        problems.push(`sticks out of ${name(box).split(" ")[0]}: ${name(inner)}`);
        break;
      }
    }
  }
  // SVG text: inside its drawing and its frame, off the discs it does not sit in
  const discs = memo((svg) => Array.from(svg.querySelectorAll("circle"))
    .filter((c) => shown(c) && !["none", "transparent"].includes(c.getAttribute("fill"))
      && Number(c.getAttribute("fill-opacity") ?? 1) > 0.2)
    .map((c) => {
      const r = c.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, r: r.width / 2 };
    }));
  for (const svg of document.querySelectorAll("svg")) {
    const drawing = svg.getBoundingClientRect();
    if (!shown(svg) || drawing.width < 40) continue;  // icons and swatches
    for (const text of svg.querySelectorAll("text")) {
      if (!text.textContent.trim() || !shown(text)) continue;
      const r = text.getBoundingClientRect();
      if (outside(r, drawing, 1)) problems.push(`beyond its drawing: ${name(text)}`);
      const box = letters(r);
      add(text, box, "svg");
      for (const disc of discs(svg)) {
        const near = Math.hypot(Math.max(box.left - disc.x, 0, disc.x - box.right),
          Math.max(box.top - disc.y, 0, disc.y - box.bottom));
        const inside = [[box.left, box.top], [box.right, box.top], [box.left, box.bottom], [box.right, box.bottom]]
          .every(([x, y]) => Math.hypot(x - disc.x, y - disc.y) <= disc.r + 1);
        if (near < disc.r - 1 && !inside) problems.push(`over a drawn disc: ${name(text)}`);
      }
      const group = text.parentElement && text.parentElement.closest("g");
      const frame = group && Array.from(group.children).find((c) => c.matches("rect.frame"));
      if (frame && outside(box, frame.getBoundingClientRect(), 0.5)) problems.push(`beyond its frame: ${name(text)}`);
    }
  }
  // two boxes of one layer overlap
  const seen = new Set();
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j];
      if (a.layer !== b.layer || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.kind === "frame" && b.kind === "frame") continue;
      const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (dx <= 1 || dy <= 1) continue;
      const key = `${name(a.el)} ⨯ ${name(b.el)}`;
      if (!seen.has(key)) problems.push(`overlap: ${key}`);
      seen.add(key);
    }
  }
  return problems;
}"""

#: JavaScript: every text a player can read on the page — what it shows (HTML and SVG), the
#: board's tooltips (SVG ``title``), the choices of menus, placeholders and labels — each once;
#: not what is set as code (the terminal's spelling of an option in the rules, ``-o refill=…``),
#: which is no word of any language
WORDS = r"""() => {
  const out = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, code")) continue;
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

#: JavaScript: where the first action of the pending decision is on the screen — its first button
#: shown, or the heading of its folded list of moves (a phone folds a long one: the board is where
#: its player chooses) —, and whether it is in view and not covered (``null`` when there is none)
FIRST_ACTION = r"""() => {
  const shown = (el) => el.checkVisibility();  // a closed list's buttons have boxes, but are not shown
  const button = Array.from(document.querySelectorAll("#pending button.action")).find(shown)
    || document.querySelector("#pending details.all-actions:not([open]) > summary");
  if (!button) return null;
  const r = button.getBoundingClientRect();
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
    && r.right <= document.documentElement.clientWidth;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const reached = Boolean(hit && button.contains(hit));
  return { top: Math.round(r.top), bottom: Math.round(r.bottom), inside, reached };
}"""


def problems(page: Page) -> list[str]:
    """The layout faults of ``page`` as it is shown now."""
    return page.evaluate(PROBLEMS)


def words(page: Page) -> list[str]:
    """Every text a player can read on ``page`` now."""
    return page.evaluate(WORDS)


def first_action(page: Page) -> dict | None:
    """Where the first action is: ``{top, bottom, inside, reached}``, or None without one."""
    return page.evaluate(FIRST_ACTION)
