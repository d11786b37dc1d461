// Politburó: the five offices and their holders; the window; your hand (before the seats at
// every width, so that Tab follows the order seen); every player's three candidates as cards
// with their two tracks (health 0-10, loyalty -5-25), their office, action marker and
// face-down assigned cards. Clicks: a card of your hand, then the candidate it goes on
// (play, assign or a special); an assigned card of your own candidate, then its target (out of
// your turn); a candidate for a second decision (whom to send an attack back to, ...). A
// reaction window shows what was just played and which of your cards can answer, with Pass
// and the countdown; a click on an answering card of your hand, or on the card assigned to
// your candidate attacked that defends it, answers with it. View fields: see
// backroom/games/politburo/view.py.

import { nameAttrs } from "../static/cards.js";

const GAME = "politburo";
const ON_CANDIDATE = new Set(["play", "assign", "special_on"]);
const OFFICES = ["industria", "interior", "propaganda", "nkvd", "secretario"];

/** An office's name as a label starts with it: with a capital (French writes the names
 * lowercase, for the middle of a sentence; `capitalized` in backroom/i18n.py does the same). */
function officeName(t, id) {
  const name = t(`${GAME}.office.${id}`);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The end screen's score as the rulebook places players: the winner made Secretario General
 * (or outlasted everyone), the others by the highest office held, then their loyalty in play.
 * The total is that loyalty (short enough for a phone's column); the office is its breakdown. */
export function endScore(ctx, seat) {
  const { t, outcome } = ctx;
  const details = outcome.details || {};
  const office = (details.office || [])[seat] || 0; // 0: none, else the office's index + 1
  const loyalty = (details.loyalty || [])[seat] || 0;
  const held = office ? officeName(t, OFFICES[office - 1]) : t("web.politburo.no_office");
  return { total: t("web.politburo.loyalty_total", { loyalty: ctx.number(loyalty) }), parts: [held] };
}

export function render(root, ctx) {
  const { h, t, view } = ctx;
  const memo = ctx.memo;
  const legal = ctx.legal;
  const win = view.window;
  const reaction = win && !["setup", "turn_end", "round_end"].includes(win.kind);
  const card = (face) => (face === null ? t("web.hidden_card") : t(`${GAME}.card.${face}`));
  const candName = (c) => t(`${GAME}.candidate.${c}`);
  const button = (entry, attrs, ...children) =>
    h(
      "button",
      {
        type: "button",
        ...attrs,
        class: [attrs.class, "clickable"],
        "data-action": JSON.stringify(entry.action),
        title: entry.label,
        "aria-label": entry.label,
        onclick: () => ctx.act(entry.action),
      },
      ...children,
    );

  // What a click on a candidate does: the selected hand card's use (in the chosen mode), an
  // assigned card's use, or a one-argument choice (target, nkvd).
  if (memo.face && !legal.some((e) => e.action[1] === memo.face)) memo.face = null;
  const uses = legal.filter((e) => e.action[0] === "use");
  if (memo.use && !uses.some((e) => e.action[1] === memo.use.source && e.action[2] === memo.use.face)) memo.use = null;
  const onCandidate = new Map();
  for (const e of legal) {
    const [kind] = e.action;
    if ((kind === "target" || kind === "nkvd") && !memo.face) onCandidate.set(e.action[1], e);
    else if (memo.face && ON_CANDIDATE.has(kind) && e.action[1] === memo.face && (kind === (memo.mode || kind))) {
      if (!onCandidate.has(e.action[2]) || kind === memo.mode) onCandidate.set(e.action[2], e);
    } else if (memo.use && kind === "use" && e.action[1] === memo.use.source && e.action[2] === memo.use.face) onCandidate.set(e.action[3], e);
  }
  const kindsFor = new Set(legal.filter((e) => memo.face && e.action[1] === memo.face && ON_CANDIDATE.has(e.action[0])).map((e) => e.action[0]));

  const track = (value, low, high, cls, label) =>
    h(
      "div",
      { class: ["pb-track", cls], title: `${label} ${value}` },
      h("span", { class: "pb-track-label", text: label }),
      h("span", { class: "pb-bar" }, h("i", { style: `width:${(100 * Math.max(0, value - low)) / (high - low)}%` })),
      h("b", { text: String(value) }),
    );

  // A card assigned to the candidate attacked answers at a click, as the window's button does.
  const attacked = reaction && view.pending ? view.pending.candidate : null;
  const assignedCard = (c, face, i) => {
    const attrs = { class: `pb-assigned ${face === null ? "back" : `pb-${face.split("-")[0]}`}`, "data-face": face === null ? "back" : face, "data-slot": i };
    const defence = c.id === attacked && legal.find((e) => e.action[0] === "defend" && e.action[1] === face && e.action[2] === "assigned");
    if (defence) return button(defence, attrs, card(face));
    const usable = c.seat === ctx.seat && uses.some((e) => e.action[1] === c.id && e.action[2] === face);
    return h(
      usable ? "button" : "span",
      {
        ...attrs,
        class: [attrs.class, usable && "clickable", memo.use && memo.use.source === c.id && memo.use.face === face && "selected"],
        type: usable ? "button" : false,
        onclick: usable
          ? () => {
              memo.use = { source: c.id, face };
              memo.face = null;
              ctx.rerender();
            }
          : false,
        text: face === null ? "?" : card(face),
      },
    );
  };

  const candidate = (c) => {
    const entry = onCandidate.get(c.id);
    const attrs = {
      class: ["pb-candidate", c.fate !== "in_play" && "gone", c.seat === ctx.seat && "own", c.office && "holder"],
      "data-candidate": c.id,
    };
    const body = [
      h("span", { class: "pb-name", ...nameAttrs(c.name) }),
      h("span", { class: "pb-owner", text: c.seat === ctx.seat ? t("web.you") : ctx.name(c.seat) }),
      c.office ? h("span", { class: "pb-office-badge", text: officeName(t, c.office) }) : null,
      c.fate !== "in_play" ? h("span", { class: "pb-fate", text: t(`${GAME}.fate.${c.fate}`) }) : null,
      c.marker ? h("span", { class: "pb-marker", text: t(`${GAME}.ui.marker`) }) : null,
      c.hospitalized ? h("span", { class: "pb-hospital", text: t(`${GAME}.ui.hospital`) }) : null,
      c.fate === "in_play" ? track(c.health, 0, 10, "health", t(`${GAME}.ui.health`)) : null,
      c.fate === "in_play" ? track(c.loyalty, -5, 25, "loyalty", t(`${GAME}.ui.loyalty`)) : null,
    ];
    const assigned = h("div", { class: "pb-assigned-row" }, c.assigned.map((face, i) => assignedCard(c, face, i)));
    if (entry) return h("div", attrs, button(entry, { class: "pb-candidate-card" }, ...body), assigned);
    return h("div", attrs, h("div", { class: "pb-candidate-card" }, ...body), assigned);
  };

  const offices = h(
    "div",
    { class: "pb-offices" },
    view.offices.map((o) =>
      h(
        "div",
        { class: ["pb-office", o.holder === null && "vacant"], "data-office": o.id },
        h("b", { text: officeName(t, o.id) }),
        h("span", { text: `≥ ${o.loyalty}` }),
        h("span", { class: "pb-holder", text: o.holder === null ? t(`${GAME}.ui.vacant`) : candName(o.holder) }),
      ),
    ),
  );

  const seats = [...new Set(view.candidates.map((c) => c.seat))];
  const table = h(
    "div",
    { class: "pb-seats" },
    seats.map((s) =>
      h(
        "section",
        { class: ["pb-seat", s === ctx.seat && "mine", ctx.actors.includes(s) && "acting"], "data-seat": s },
        h("h3", { text: `${s === ctx.seat ? t("web.you") : ctx.name(s)} · ${t("web.politburo.hand_size", { count: view.players_info[s].hand, max: view.players_info[s].hand_max })}` }),
        h("div", { class: "pb-candidates" }, view.candidates.filter((c) => c.seat === s).map(candidate)),
      ),
    ),
  );

  // The window: what is in flight, and the answers this seat holds (every one is a legal action).
  const asked = ctx.actors.includes(ctx.seat);
  let windowBox = null;
  if (win && win.kind !== "setup") {
    const p = view.pending;
    const seconds = ctx.deadline ? Math.max(0, Math.ceil((ctx.deadline - Date.now()) / 1000)) : null;
    // A hand card picked in a reaction leaves its answers (and Pass) in the window.
    const answers = legal.filter((e) => e.action[0] === "pass" || (reaction && (!memo.face || e.action[1] === memo.face)));
    windowBox = h(
      "div",
      { class: ["pb-window", reaction && "reaction"], "data-window": win.kind },
      h("b", { text: t(`${GAME}.window.${win.kind}`) }),
      p ? h("span", { class: "pb-inflight", text: t(`${GAME}.ui.pending`, { card: card(p.card), amount: p.amount, candidate: candName(p.candidate) }) }) : null,
      asked
        ? h(
            "div",
            { class: "big-buttons" },
            reaction ? h("span", { class: "pb-answer-title", text: t("web.politburo.answer") }) : null,
            answers.map((e) => button(e, { class: e.action[0] === "pass" ? "do-pass" : "use" }, e.label)),
            seconds !== null ? h("span", { class: "pb-countdown", text: t("web.countdown", { seconds }) }) : null,
          )
        : h("span", { class: "muted", text: t("web.politburo.waiting", { seats: win.seats.map((s) => ctx.name(s)).join(", ") }) }),
    );
  }

  // Your hand: a card is selected, then its target; actions without a target are buttons. In a
  // reaction window a card's one answer is sent at a click; a card with several is selected. A
  // defence from the candidate attacked ("assigned") is no use of the hand's card.
  const usesOf = (face) => legal.filter((e) => e.action[1] === face && e.action[0] !== "smuggle" && e.action[2] !== "assigned");
  const hand = view.hand
    ? h(
        "div",
        { class: "pb-hand" },
        h("span", { class: "sf-row-label", text: t(`${GAME}.ui.hand`) }),
        view.hand.map((face, i) => {
          const cardUses = usesOf(face);
          const selectable = cardUses.length > 0;
          return h(
            selectable ? "button" : "div",
            {
              class: ["pb-card", `pb-${face.split("-")[0]}`, selectable && "clickable", memo.face === face && "selected"],
              type: selectable ? "button" : false,
              "data-face": face,
              "data-slot": i,
              onclick: selectable
                ? () => {
                    if (reaction && cardUses.length === 1) return ctx.act(cardUses[0].action);
                    memo.face = memo.face === face ? null : face;
                    memo.use = null;
                    memo.mode = null;
                    ctx.rerender();
                  }
                : false,
              ...nameAttrs(card(face)),
            },
          );
        }),
      )
    : null;

  const cardButtons = memo.face && !reaction ? legal.filter((e) => e.action[1] === memo.face && !ON_CANDIDATE.has(e.action[0])) : [];
  const modes =
    kindsFor.size > 1
      ? [...kindsFor].map((k) =>
          h("button", {
            type: "button",
            class: ["pb-mode", (memo.mode || "play") === k && "selected"],
            "data-mode": k,
            onclick: () => {
              memo.mode = k;
              ctx.rerender();
            },
            text: t(`web.politburo.mode.${k}`),
          }),
        )
      : [];
  const own = reaction || (win && win.kind !== "setup") ? [] : legal.filter((e) => ["pass", "redraw", "industry", "industry_discard", "industry_return"].includes(e.action[0]));
  const controls = h("div", { class: "big-buttons" }, modes, cardButtons.map((e) => button(e, { class: "use" }, e.label)), own.map((e) => button(e, { class: e.action[0] === "pass" ? "do-pass" : "use" }, e.label)));

  const status = h(
    "p",
    { class: "pb-status" },
    t(`${GAME}.ui.round`, { round: view.round, limit: view.round_limit }),
    " · ",
    t(`${GAME}.ui.deck`, { count: view.deck }),
    // The catalog's labels end with their colon (a space before it in French).
    view.discard.length ? ` · ${t(`${GAME}.ui.discard`)} ${view.discard.slice(-4).map(card).join(", ")}` : "",
    view.effects.length ? ` · ${t(`${GAME}.ui.effects`)} ${view.effects.map((e) => card(e.card)).join(", ")}` : "",
    view.step && view.step.card ? ` · ${t(`${GAME}.ui.industry_card`, { card: card(view.step.card) })}` : "",
  );
  const myTurn = view.phase === "turn" && view.active === ctx.seat && !win && !view.step;
  const hint = h("p", { class: "hint", text: myTurn ? t("web.politburo.hint") : t(`${GAME}.phase.${view.phase}`) });
  root.replaceChildren(h("div", { class: "pb-board" }, offices, status, windowBox, hand, controls, hint, table));
}
