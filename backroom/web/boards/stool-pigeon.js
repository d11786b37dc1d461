// Stool Pigeon: every family keeps a District of face-down cards in two rows; the lowest total
// wins. The board shows the draw and discard piles, the card in hand and the buttons, then
// each District as a grid of cards, yours first, and turns each legal action into a click: a
// slot of your District to swap, remove or give; any slot to peek, to snap or for either card
// of a blind swap; big buttons to draw, close, keep or pass. View fields (see
// StoolPigeonState.view): districts[seat][slot] is a face, "back" or null (an empty slot);
// held; deck; discard; removed (out of the game); phase; active; closer; window; picked (the
// first card of a blind swap); give_to.

import { arrivals, backCard, faceCard } from "../static/cards.js";

const GAME = "stool-pigeon";

/** Printed numbers, for the corner of a face. Witnesses carry theirs in the face code. The
 * Soplón's worth is only known at the end ("?"), as printed on the card. */
const FAMILY_VALUES = { maton: 7, conductora: 5, sicario: 3, capo: 1, primo: 0 };
const BIG_BUTTONS = ["draw", "close", "keep", "pass"];
/** The slots a player looks at once, at the deal (cards.py BOTTOM_ROW). */
const BOTTOM_ROW = [1, 3];

export function cardValue(face) {
  if (face.startsWith("witness-")) return face.slice(8);
  return face in FAMILY_VALUES ? String(FAMILY_VALUES[face]) : "?";
}

export function cardKind(face) {
  if (face.startsWith("witness-")) return "witness";
  if (face === "primo" || face === "soplon") return face;
  return "family";
}

const key = (seat, slot) => `${seat}:${slot}`;

export function render(root, ctx) {
  const { h, t, view } = ctx;
  const memo = ctx.memo;
  const legal = ctx.legal;
  const byKind = {};
  for (const entry of legal) (byKind[entry.action[0]] ||= []).push(entry);

  // Clicks on one slot: swap/remove/give (own slots), peek/snap and the two choices of a
  // blind swap, pick then switch (any slot). Every action names its slot itself.
  const slotAction = new Map();
  for (const kind of ["swap", "remove", "give"]) {
    for (const e of byKind[kind] || []) slotAction.set(key(ctx.seat, e.action[1]), e);
  }
  for (const kind of ["peek", "snap", "pick", "switch"]) {
    for (const e of byKind[kind] || []) slotAction.set(key(e.action[1], e.action[2]), e);
  }
  const first = view.picked ? key(view.picked[0], view.picked[1]) : null;
  const adds = new Map((byKind.add || []).map((e) => [e.action[1], e]));

  const touched = touchedSlots(ctx.events);
  const sights = sightsInLog(ctx.log || []);
  const over = view.phase === "over";
  const outcome = view.outcome || ctx.outcome;

  function slotButton(seat, slot, drawn) {
    const k = key(seat, slot);
    // A card you looked at without the memory aid lies face up until you next act: from then
    // on you must remember it, as at the table.
    const sight = drawn === "back" ? sights.get(k) : undefined;
    const face = sight || drawn;
    const direct = slotAction.get(k);
    const selected = first === k;
    const clickable = Boolean(direct);
    const label = direct ? direct.label : t("web.stool-pigeon.slot", { player: ctx.name(seat), slot: slot + 1 });
    if (face === null) {
      const target = view.give_to && view.give_to[0] === seat && view.give_to[1] === slot;
      return h("div", { class: ["slot-empty", target && "give-target"], "data-seat": seat, "data-slot": slot, "aria-hidden": "true" });
    }
    const onclick = () => {
      if (!ctx.pending && direct) ctx.act(direct.action);
    };
    return h(
      clickable ? "button" : "div",
      {
        class: ["slot", clickable && "clickable", selected && "selected", touched.has(k) && "touched", sight && "sighted", direct && `do-${direct.action[0]}`],
        type: clickable ? "button" : false,
        "data-seat": seat,
        "data-slot": slot,
        "data-action": direct ? JSON.stringify(direct.action) : false,
        title: sight ? `${label} · ${t("web.stool-pigeon.remember")}` : label,
        "aria-label": label,
        onclick: clickable ? onclick : false,
      },
      card(ctx, face),
    );
  }

  function district(seat) {
    const slots = view.districts[seat];
    const mine = seat === ctx.seat;
    const acting = ctx.actors.includes(seat);
    const badges = [];
    if (view.active === seat && !over) badges.push(h("span", { class: "badge turn", text: t("web.stool-pigeon.their_turn") }));
    if (view.closer === seat) badges.push(h("span", { class: "badge closed", text: t("web.stool-pigeon.closed") }));
    if (over && outcome) {
      badges.push(h("span", { class: "badge total", text: t("web.stool-pigeon.total", { total: outcome.scores[seat] }) }));
      if (outcome.ranks[seat] === 1) badges.push(h("span", { class: "badge winner", text: t("web.winner") }));
    }
    const add = adds.get(seat);
    const columns = Math.max(2, Math.ceil(slots.length / 2));
    return h(
      "section",
      { class: ["district", mine && "mine", acting && "acting"], "data-district": seat, style: `--cols:${columns}` },
      h(
        "header",
        {},
        h("span", { class: "district-name", text: mine ? t("web.stool-pigeon.your_district") : t("web.stool-pigeon.district_of", { player: ctx.name(seat) }) }),
        badges,
      ),
      // Two rows, a column per pair of slots (top, then bottom), left to right; columns wrap
      // to a new band rather than run off a narrow window.
      h(
        "div",
        { class: "grid" },
        Array.from({ length: columns }, (_, c) =>
          h("div", { class: "column" }, [2 * c, 2 * c + 1].map((slot) => (slot < slots.length ? slotButton(seat, slot, slots[slot]) : h("div", { class: "slot-gap" })))),
        ),
      ),
      mine && !over && slots.every((f) => f === null || f === "back")
        ? h("p", { class: "memory-note", text: t("web.stool-pigeon.memory") })
        : null,
      add
        ? h("button", { type: "button", class: "add-here", "data-action": JSON.stringify(add.action), text: add.label, onclick: () => ctx.act(add.action) })
        : null,
    );
  }

  const order = seatsFrom(ctx.seat, view.players);

  const discardTop = view.discard.length ? view.discard[view.discard.length - 1] : null;
  // A card just drawn or just played slides in once (CSS .arrive; none under reduced motion).
  const drawn = arrivals(memo, "held", view.held ? [`${view.turn}:${view.held}`] : []).size > 0;
  const played = arrivals(memo, "discard", discardTop ? [`${view.discard.length}:${discardTop}`] : []).size > 0;
  const drawEntry = (byKind.draw || [])[0];
  const piles = h(
    "div",
    { class: "piles" },
    h(
      "div",
      { class: "pile" },
      h(
        drawEntry ? "button" : "div",
        {
          class: ["pile-card", drawEntry && "clickable"],
          type: drawEntry ? "button" : false,
          "data-pile": "deck",
          "aria-label": drawEntry ? drawEntry.label : t("web.stool-pigeon.deck"),
          onclick: drawEntry ? () => ctx.act(drawEntry.action) : false,
        },
        view.deck ? card(ctx, "back") : h("div", { class: "slot-empty" }),
      ),
      h("span", { class: "pile-label", text: t("web.stool-pigeon.deck_count", { count: view.deck }) }),
    ),
    h(
      "div",
      { class: ["pile", "held", view.held && "has-card"] },
      h("div", { class: ["pile-card", drawn && "arrive"], "data-pile": "held" }, view.held ? card(ctx, view.held) : h("div", { class: "slot-empty" })),
      h("span", { class: "pile-label", text: view.held ? t("web.stool-pigeon.held_by", { player: ctx.name(view.active) }) : t("web.stool-pigeon.hand_empty") }),
    ),
    h(
      "div",
      { class: "pile" },
      h("div", { class: ["pile-card", played && "arrive"], "data-pile": "discard" }, discardTop ? card(ctx, discardTop) : h("div", { class: "slot-empty" })),
      h("span", { class: "pile-label", text: t("web.stool-pigeon.discard_count", { count: view.discard.length }) }),
    ),
    view.removed.length
      ? h(
          "div",
          { class: "pile removed" },
          h("div", { class: "pile-card", "data-pile": "removed" }, card(ctx, view.removed[view.removed.length - 1])),
          h("span", { class: "pile-label", text: t("web.stool-pigeon.removed") }),
        )
      : null,
  );

  const buttons = h(
    "div",
    { class: "big-buttons" },
    BIG_BUTTONS.flatMap((kind) =>
      (byKind[kind] || []).map((e) =>
        h("button", {
          type: "button",
          class: ["big", kind === "pass" ? "secondary" : "primary", `do-${kind}`],
          "data-action": JSON.stringify(e.action),
          disabled: ctx.pending,
          text: e.label,
          onclick: () => ctx.act(e.action),
        }),
      ),
    ),
  );

  const status = h(
    "div",
    { class: ["status", view.phase === "snap" && "window"] },
    h("div", { class: "phase", text: ctx.tFirst([`${GAME}.phase.${view.phase}`, view.phase]) }),
    view.phase === "snap" ? h("div", { class: "window-value", text: t("web.stool-pigeon.window", { value: view.window }) }) : null,
    h("p", { class: "hint", text: hint(ctx, byKind, first) }),
    h("p", { class: "turns", text: t("web.stool-pigeon.turns", {
      round: Math.floor(Math.min(view.turn, view.turn_limit - 1) / view.players) + 1,
      limit: view.turn_limit / view.players,
    }) }),
  );

  root.replaceChildren(
    h(
      "div",
      { class: ["sp-board", `phase-${view.phase}`, legal.length && "acting"] },
      h("div", { class: "middle" }, piles, status, buttons),
      // Your District first, right under the buttons, then the others': the order seen is the
      // order Tab follows, at every width.
      h("div", { class: "districts" }, order.map(district)),
    ),
  );
}

/** The end screen's score of ``seat``: the District's total and its cards' values as the
 * rulebook adds them, the Rat counted at the worth of the top draw-pile card. */
export function endScore(ctx, seat) {
  const score = ctx.outcome.scores[seat];
  const faces = ctx.view.districts[seat].filter((f) => f !== null && f !== "back");
  const known = faces.filter((f) => f !== "soplon").reduce((sum, f) => sum + Number(cardValue(f)), 0);
  const values = faces.map((f) => (f === "soplon" ? `${ctx.t(`${GAME}.card.soplon`)} ${ctx.number(score - known)}` : cardValue(f)));
  return { total: ctx.number(score), lead: ctx.t("web.stool-pigeon.breakdown", { count: faces.length }), parts: values };
}

/** What the player may do now, in words, or whom we wait for. */
function hint(ctx, byKind, first) {
  const { t } = ctx;
  const view = ctx.view;
  if (view.phase === "over") return t("web.stool-pigeon.hint.over");
  if (!ctx.legal.length) {
    const who = ctx.actors.map(ctx.name).join(", ");
    return t("web.stool-pigeon.hint.wait", { players: who });
  }
  if (byKind.switch && first) return t("web.stool-pigeon.hint.switch_second");
  const phase = view.phase === "swap" && byKind.keep ? "keep" : view.phase;
  return t(`web.stool-pigeon.hint.${phase}`, { value: view.window });
}

/** Seats in table order starting from ours, so every player sees the others the same way. */
function seatsFrom(seat, players) {
  const start = seat === null ? 0 : seat;
  return Array.from({ length: players }, (_, i) => (start + i) % players);
}

/** What this seat saw privately and must soon remember (the server marks such events
 * transient; the page drops them when the seat acts): the bottom row of the deal, a peeked
 * card. A sight ends early when a later event moves that card (a swap, a gift, a capture). */
function sightsInLog(log) {
  const seen = new Map();
  for (const e of log) {
    const p = e.params || {};
    if (e.transient && e.kind === "look_bottom") BOTTOM_ROW.forEach((slot, i) => seen.set(key(p.seat, slot), p.cards[i]));
    else if (e.transient && e.kind === "peeked") seen.set(key(p.target_seat, p.slot), p.card);
    else for (const k of touchedSlots([e])) seen.delete(k);
  }
  return seen;
}

/** Slots the newest events touched, to flash them once. */
function touchedSlots(events) {
  const out = new Set();
  for (const e of events) {
    const p = e.params || {};
    if (e.kind === "switch") {
      out.add(key(p.a_seat, p.a_slot));
      out.add(key(p.b_seat, p.b_slot));
    } else if (e.kind === "give") {
      out.add(key(p.target_seat, p.target_slot));
      out.add(key(p.seat, p.slot));
    } else if (p.slot !== undefined) {
      out.add(key(p.target_seat ?? p.seat, p.slot));
    }
  }
  return out;
}

/** One card (static/cards.js): a back, or a face with its number, name and kind's icon. */
export function card(ctx, face) {
  if (face === "back") return backCard(ctx.h, { cls: "sp-card" });
  const kind = cardKind(face);
  return faceCard(ctx.h, { face, kind, icon: KIND_ICON[kind], value: cardValue(face), name: ctx.t(`${GAME}.card.${face}`), cls: "sp-card" });
}

/** The icon of each kind of card (static/cards.js). */
const KIND_ICON = { witness: "eye", family: "hat", primo: "rings", soplon: "pigeon" };
