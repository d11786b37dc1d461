// Drawing Illuminati power structures in SVG: every card on its grid cell (the view's `cell`),
// upright so that its text reads, with its outward arrows on the table sides the view gives
// (`out[].side`, its quarter turn already applied) and its incoming arrow as a notch; the
// money on it as a brass coin. A structure is a <g> in grid units (CELL per cell); the board
// lays several side by side for the overview, or one alone for the focused view.

export const CELL = 120;
const CARD = 96; // the card inside its cell; the margin holds the arrows
const NS = "http://www.w3.org/2000/svg";
const LINE = 13; // characters of a name on one line

/** An SVG element: `s("rect", {x: 1}, child…)`; attributes as in dom.js's `h`. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "text") el.textContent = value;
    else if (name === "class") el.setAttribute("class", Array.isArray(value) ? value.flat(Infinity).filter(Boolean).join(" ") : value);
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) if (child) el.append(child);
  return el;
}

/** A name in lines of about LINE characters, at most three (the last one cut with "…"). */
export function lines(text, width = LINE, most = 3) {
  const out = [];
  for (const word of text.split(/\s+/)) {
    const last = out.length - 1;
    if (last >= 0 && out[last].length + 1 + word.length <= width) out[last] += ` ${word}`;
    else out.push(word);
  }
  if (out.length > most) out.splice(most - 1, out.length, `${out[most - 1]}…`);
  return out.map((l) => (l.length > width + 2 ? `${l.slice(0, width)}…` : l));
}

/** The bounding box of a structure's cells, in cells: {x0, y0, w, h}. */
export function bounds(structure) {
  const xs = structure.map((c) => c.cell[0]);
  const ys = structure.map((c) => c.cell[1]);
  const x0 = Math.min(...xs, 0);
  const y0 = Math.min(...ys, 0);
  return { x0, y0, w: Math.max(...xs, 0) - x0 + 1, h: Math.max(...ys, 0) - y0 + 1 };
}

const OFFSET = { top: [0, -1], right: [1, 0], bottom: [0, 1], left: [-1, 0] };

/** Where the arrow on `side` of a card centred on (cx, cy) lies, and its triangle pointing out
 * (`outward`) or in. */
function arrowPath(cx, cy, side, outward) {
  const [dx, dy] = OFFSET[side];
  const base = CARD / 2 + 1;
  const tip = outward ? base + 10 : base - 9;
  const back = outward ? base : base + 1;
  const [px, py] = [-dy, dx]; // perpendicular
  const w = 8;
  const p = (along, across) => `${cx + dx * along + px * across},${cy + dy * along + py * across}`;
  return `M${p(back, -w)} L${p(tip, 0)} L${p(back, w)} Z`;
}

/** Where a click on a free arrow lands: a round target in the margin beyond that arrow. */
export function arrowSpot(cx, cy, side) {
  const [dx, dy] = OFFSET[side];
  return [cx + dx * (CARD / 2 + 12), cy + dy * (CARD / 2 + 12)];
}

/** The stats line of a card: "P 6/4 · R 5 · I 3" (no Power printed: "P —"). */
export function statsOf(ctx, face, info, faceDown) {
  if (faceDown) return { power: `${faceDown.power}`, resistance: null, income: `${faceDown.income}` };
  if (!info) return null;
  const power = info.power || info.transfer ? `${info.power}/${info.transfer}` : "—";
  return { power, resistance: info.resistance ? String(info.resistance) : null, income: String(info.income) };
}

/**
 * One card drawn at (cx, cy): `opts` = {face, name, info, faceDown, money, arrows: [{side,
 * free}], incoming, cls, attrs (data-action, onclick…), illuminati}.
 */
export function drawCard(ctx, cx, cy, opts) {
  const { t } = ctx;
  const x = cx - CARD / 2;
  const y = cy - CARD / 2;
  const stats = statsOf(ctx, opts.face, opts.info, opts.faceDown);
  const aligns = (opts.info && opts.info.alignments) || [];
  const parts = [
    s("rect", { class: "il-card-paper", x, y, width: CARD, height: CARD, rx: 7 }),
    s("rect", { class: "il-card-band", x, y, width: CARD, height: 9, rx: 3 }),
  ];
  lines(opts.name).forEach((line, i) => parts.push(s("text", { class: "il-name", x: cx, y: y + 22 + i * 11, text: line })));
  if (stats) {
    parts.push(s("text", { class: "il-stat il-power", x: x + 5, y: y + 66, text: t("web.illuminati.short.power", { power: stats.power }) }));
    if (stats.resistance) parts.push(s("text", { class: "il-stat il-res", x: x + CARD - 5, y: y + 66, text: t("web.illuminati.short.resistance", { resistance: stats.resistance }) }));
    parts.push(s("text", { class: "il-stat il-income", x: x + 5, y: y + 80, text: t("web.illuminati.short.income", { income: stats.income }) }));
  }
  const chips = aligns.map((a) => t(`illuminati.alignment_short.${a}`)).join(" ");
  if (chips) parts.push(s("text", { class: "il-align", x: x + 5, y: y + CARD - 5, text: chips }));
  if (opts.money !== null && opts.money !== undefined) {
    parts.push(
      s("g", { class: "il-money", "data-money": opts.money }, s("circle", { cx: x + CARD - 13, cy: y + CARD - 14, r: 11 }), s("text", { x: x + CARD - 13, y: y + CARD - 10, text: String(opts.money) })),
    );
  }
  for (const arrow of opts.arrows || []) {
    parts.push(s("path", { class: ["il-arrow", arrow.free ? "free" : "used"], d: arrowPath(cx, cy, arrow.side, true) }));
  }
  if (opts.incoming) parts.push(s("path", { class: "il-arrow in", d: arrowPath(cx, cy, opts.incoming, false) }));
  const title = [opts.name, opts.tooltip].filter(Boolean).join("\n");
  const click = opts.attrs && opts.attrs.onclick;
  const onkeydown = click ? (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), click()) : false;
  return s(
    "g",
    { class: ["il-card", opts.illuminati && "il-root", opts.faceDown && "face-down", opts.cls], "data-face": opts.face, tabindex: click ? 0 : false, role: click ? "button" : false, "aria-label": title, onkeydown, ...(opts.attrs || {}) },
    s("title", { text: title }),
    parts,
  );
}

/** A structure as a <g> at (ox, oy), top-left of its bounding box; `cardOpts(entry)` adds the
 * board's classes and handlers to each card. Returns {g, width, height} in SVG units. */
export function drawStructure(ctx, info, ox, oy, cardOpts) {
  const box = bounds(info.structure);
  const g = s("g", { class: "il-structure", "data-seat": info.seat });
  for (const entry of info.structure) {
    const cx = ox + (entry.cell[0] - box.x0) * CELL + CELL / 2;
    const cy = oy + (entry.cell[1] - box.y0) * CELL + CELL / 2;
    g.append(drawCard(ctx, cx, cy, { ...cardOpts(entry, cx, cy), arrows: entry.out, incoming: entry.in, money: entry.money }));
  }
  return { g, width: box.w * CELL, height: box.h * CELL };
}
