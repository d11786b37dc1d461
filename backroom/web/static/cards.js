// Card art shared by the boards: one simple icon per kind of card, drawn as inline SVG from
// our own paths (24×24 grid, filled with the card's ink colour), so a player tells a card's
// kind at a glance, even at phone size, and nothing is downloaded or copied.

import { hyphenate } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

export const ICONS = {
  // An eye: someone saw something (a Witness, a Spy).
  eye: "M2 12 C6 5 18 5 22 12 C18 19 6 19 2 12 Z M12 8.5 A3.5 3.5 0 1 0 12 15.5 A3.5 3.5 0 1 0 12 8.5 Z",
  // A fedora: the Family.
  hat: "M3 16 C7 18 17 18 21 16 L19 14 L17 7 C15 6 13 8 12 7 C11 8 9 6 7 7 L5 14 Z",
  // Two joined rings: a cousin.
  rings: "M8 7 A5 5 0 1 0 8 17 A5 5 0 1 0 8 7 Z M16 7 A5 5 0 1 0 16 17 A5 5 0 1 0 16 7 Z",
  // A pigeon: the informer.
  pigeon: "M4 15 C6 9 10 7 14 8 L18 5 L17 9 C20 11 20 15 16 17 C12 19 7 18 4 15 Z",
  // A banknote with its medallion: money, a bribe.
  note: "M2 6 H22 V18 H2 Z M12 8.5 A3.5 3.5 0 1 0 12 15.5 A3.5 3.5 0 1 0 12 8.5 Z M4 8 V10 H6 V8 Z M18 14 V16 H20 V14 Z",
  // A star: a victory point.
  star: "M12 2 L14.9 8.6 L22 9.3 L16.6 14 L18.2 21 L12 17.3 L5.8 21 L7.4 14 L2 9.3 L9.1 8.6 Z",
  // A rolled newspaper with a headline: a scandal, a reporter.
  paper: "M4 4 H18 V18 A2 2 0 0 0 20 20 H6 A2 2 0 0 1 4 18 Z M6 6 V9 H16 V6 Z M6 11 V12.5 H16 V11 Z M6 14.5 V16 H13 V14.5 Z M19 8 H21 V18 A1 1 0 0 1 19 18 Z",
  // A domino mask: a thief.
  mask: "M2 9 C5 6 9 7 12 9 C15 7 19 6 22 9 C22 14 18 16 15 14 L12 12 L9 14 C6 16 2 14 2 9 Z M6 10 A1.8 1.8 0 1 0 9 11 Z M15 11 A1.8 1.8 0 1 0 18 10 Z",
  // Two arrows: money moved elsewhere.
  arrows: "M3 8 H16 V5 L21 9.5 L16 14 V11 H3 Z M21 16 H8 V19 L3 14.5 L8 10 V13 H21 Z",
  // An hourglass: time passing.
  hourglass: "M6 2 H18 V5 C18 8 14 10 13.5 12 C14 14 18 16 18 19 V22 H6 V19 C6 16 10 14 10.5 12 C10 10 6 8 6 5 Z",
  // Scales: a district attorney.
  scales: "M11 3 H13 V6 H19 L22 13 A3 3 0 0 1 16 13 L18.5 7.5 H13 V19 H17 V21 H7 V19 H11 V7.5 H5.5 L8 13 A3 3 0 0 1 2 13 L5 6 H11 Z",
  // A public building with a pediment and columns: a government contract.
  columns: "M12 2 L22 7 V9 H2 V7 Z M4 10 H7 V18 H4 Z M10.5 10 H13.5 V18 H10.5 Z M17 10 H20 V18 H17 Z M2 19 H22 V22 H2 Z",
  // A gunsight: a hitman.
  sight: "M11 2 H13 V5.1 A7 7 0 0 1 18.9 11 H22 V13 H18.9 A7 7 0 0 1 13 18.9 V22 H11 V18.9 A7 7 0 0 1 5.1 13 H2 V11 H5.1 A7 7 0 0 1 11 5.1 Z M12 7 A5 5 0 1 0 12 17 A5 5 0 1 0 12 7 Z M11 11 H13 V13 H11 Z",
};

/** One icon as an inline SVG element (decorative: the card's name says it in words). */
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("card-icon");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill-rule", "evenodd");
  svg.append(path);
  return svg;
}

/** A face-up card, the same for every game: the value large in the middle (money, points, a
 * number; absent for a card that is a character or a power, whose name then takes its place),
 * the translated name below it, the icon of its kind above, and the value again in the top-left
 * corner when it is short. ``h`` is the board's element builder; ``kind`` names its colours in
 * style.css (``.kind-<kind>``); ``cls`` adds the board's own class (``sp-card``, ``sf-card``…).
 * The card sizes itself from ``--card-w``/``--card-h`` (style.css, "Card faces"). */
export function faceCard(h, { face, kind, icon: iconName, value = null, name, corner = value, cls = null, attrs = {} }) {
  // A long name is set smaller (one without a value is larger).
  const long = name.length > (value === null ? 14 : 18);
  return h(
    "div",
    { ...attrs, class: ["card", "face", `kind-${kind}`, value === null && "no-value", cls], "data-face": face },
    corner !== null && corner.length <= 3 ? h("span", { class: "corner tl", text: corner, "aria-hidden": "true" }) : null,
    h("span", { class: "emblem", "aria-hidden": "true" }, icon(iconName)),
    value !== null ? h("span", { class: ["value", value.length > 4 && "long"], text: value }) : null,
    h("span", { class: ["name", long && "long"], ...nameAttrs(name) }),
  );
}

/** The attributes of an element that shows a card's name (style.css sizes it): its text, with
 * soft hyphens where the catalog lets a long word break (i18n.js hyphenate), and --chars, the
 * letters of its longest word (words end at spaces and hyphens, where a name may wrap). */
export function nameAttrs(name) {
  const longest = Math.max(...name.split(/[\s\-\u2010]+/).map((word) => word.length));
  return { style: `--chars: ${longest}`, text: hyphenate(name) };
}

/** A face-down card, the same back for every game (brick stripes, the house's "B"). */
export function backCard(h, { cls = null, attrs = {} } = {}) {
  return h("div", { ...attrs, class: ["card", "back", cls], "data-face": "back" }, h("span", { class: "back-mark", "aria-hidden": "true" }));
}

/** Keys of what is on the board now that was not at the previous render of this table: the
 * cards just drawn, played, swapped or taken, which the boards animate in once. ``memo`` is the
 * board's memo, ``name`` one of the board's places, ``keys`` what lies there now. The first
 * render animates nothing (a page opened mid-game has no news). */
export function arrivals(memo, name, keys) {
  memo.seen ||= {};
  const before = memo.seen[name];
  memo.seen[name] = new Set(keys);
  if (!before) return new Set();
  return new Set(keys.filter((k) => !before.has(k)));
}
