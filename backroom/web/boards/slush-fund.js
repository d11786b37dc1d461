// Slush Fund: players bribe five politicians with piles of cards; only the top of another
// player's pile is visible. The board is a grid: politicians across (their Scandals, whether
// removed), players down (their pile at each politician). Above it: the deck, the Time track,
// the slush fund and the cards to play this turn. Clicks: the deck to reveal, a fund card to
// take, a card to play (then a pile or a politician as its target), an opponent's pile to rob
// or spy on. Every use of the chosen card is also listed as a button under it.
// View fields: see the docstring of backroom/games/slush_fund/view.py. The slush fund row
// holds discarded cards too (ruling 5), each one a card to take in option (b).

import { arrivals, backCard, faceCard, nameAttrs } from "../static/cards.js";

const GAME = "slush-fund";
/** The icon of each kind of card (static/cards.js). */
const ICON = { money: "note", vp: "star", scandal: "paper", thief: "mask", spy: "eye", transfer: "arrows", time: "hourglass" };
/** Points printed on a VP card and taken by a Scandal (deck.json vp_card_vp, scandal_vp). */
const VP_CARD = 1;
const SCANDAL = -1;
const OWN_FACE = { scandal: "scandal", thief: "thief", spy: "spy", spy_move: "spy", transfer: "transfer", transfer_copy: "transfer" };

/** The held face an action plays (bribe and discard name it; the others by kind). */
function faceOf(action) {
  const kind = action[0];
  if (kind === "bribe" || kind === "discard") return action[1];
  return OWN_FACE[kind] || null;
}

function cardClass(face) {
  if (face.startsWith("money-")) return "money";
  return face;
}

/** The end screen's score of ``seat``: its victory points, politician by politician won
 * (the politician's base worth, its Scandals and the VP cards bribed to it). */
export function endScore(ctx, seat) {
  const { t, outcome } = ctx;
  const won = ((outcome.details && outcome.details.politicians) || []).filter((r) => r.vp[seat] > 0);
  const parts = won.map((r) => `${t(`${GAME}.politician.${r.id}`)} ${ctx.number(r.vp[seat])}`);
  return { total: t("web.slush-fund.vp", { vp: ctx.number(outcome.scores[seat]) }), parts: parts.length ? parts : [t("web.slush-fund.no_politician")] };
}

export function render(root, ctx) {
  const { h, t, view } = ctx;
  const memo = ctx.memo;
  const byKind = {};
  for (const e of ctx.legal) (byKind[e.action[0]] ||= []).push(e);
  const playing = view.phase === "play" && ctx.legal.length > 0;
  const heldFaces = [...new Set(view.held)];
  // A single card held is chosen when it comes, once: a click on it puts it down for good.
  const held = playing ? view.held.join() : null;
  if (memo.held !== held) memo.card = playing && heldFaces.length === 1 ? heldFaces[0] : null;
  memo.held = held;
  const chosen = playing ? ctx.legal.filter((e) => faceOf(e.action) === memo.card) : [];

  // Targets a click can reach: own or other piles, and politician headers.
  const pileAction = new Map();
  const polAction = new Map();
  for (const e of chosen) {
    const [kind, a, b] = e.action;
    if (kind === "bribe") pileAction.set(`${ctx.seat}:${b}`, e);
    if (kind === "thief") pileAction.set(`${a}:${b}`, e);
    if (kind === "scandal") polAction.set(a, e);
  }
  for (const e of byKind.look || []) pileAction.set(`${e.action[1]}:${e.action[2]}`, e);
  // A Spy moving a Scandal: click the politician it leaves, then the one it goes to.
  const moves = chosen.filter((e) => e.action[0] === "spy_move");
  if (!moves.some((e) => e.action[1] === memo.spyFrom)) memo.spyFrom = null;
  const polSelect = new Map();
  for (const e of moves) {
    if (memo.spyFrom === null) polSelect.set(e.action[1], true);
    else if (e.action[1] === memo.spyFrom) polAction.set(e.action[2], e);
  }

  // A card (static/cards.js): money shows its sum, a VP card its point, a Scandal the point it
  // costs; a power card (Thief, Spy, Money Transfer) or Time shows its name alone.
  const card = (face, arrived = false) => {
    const attrs = { class: arrived && "arrive" };
    if (face === null) return backCard(h, { cls: "sf-card", attrs: { ...attrs, title: t("web.hidden_card") } });
    const kind = cardClass(face);
    const name = t(`${GAME}.card.${face}`);
    const faceData = { face, kind, icon: ICON[kind], name, cls: "sf-card", attrs };
    if (kind === "money") return faceCard(h, { ...faceData, value: name, corner: face.slice(6), name: t("web.slush-fund.money_card") });
    if (kind === "vp") return faceCard(h, { ...faceData, value: t("web.slush-fund.vp", { vp: ctx.number(VP_CARD) }), corner: `+${VP_CARD}` });
    if (kind === "scandal") return faceCard(h, { ...faceData, value: t("web.slush-fund.vp", { vp: ctx.number(SCANDAL) }), corner: "−" + Math.abs(SCANDAL) });
    return faceCard(h, faceData);
  };
  // Cards just revealed, taken, played or robbed slide in once (CSS .arrive).
  const occurrences = (faces) => faces.map((f, i) => `${f}#${faces.slice(0, i).filter((g) => g === f).length}`);
  const newInFund = arrivals(memo, "fund", occurrences(view.fund));
  const newHeld = arrivals(memo, "held", occurrences(view.held));
  const newOnPile = arrivals(memo, "piles", view.piles.flatMap((row, s) => row.map((pile, p) => `${s}:${p}:${pile.count}`)));

  const clickCard = (face, entry, extra = {}, arrived = false) =>
    h(
      "button",
      {
        type: "button",
        class: ["sf-pick", entry && "clickable", extra.selected && "selected"],
        disabled: !entry || ctx.pending,
        "data-action": entry && entry.action ? JSON.stringify(entry.action) : false,
        title: entry ? entry.label : false,
        "aria-label": entry ? entry.label : t(`${GAME}.card.${face}`),
        onclick: () => (entry.select ? entry.select() : ctx.act(entry.action)),
      },
      card(face, arrived),
    );

  // The deck, Time track, slush fund and the cards to play.
  const draw = (byKind.draw || [])[0];
  const take = new Map((byKind.take || []).map((e) => [e.action[1], e]));
  const stash = new Map((byKind.stash || []).map((e) => [e.action[1], e]));
  const top = h(
    "div",
    { class: "sf-top" },
    h(
      "div",
      { class: "sf-deck" },
      h(
        draw ? "button" : "div",
        {
          class: ["pile-card", draw && "clickable"],
          type: draw ? "button" : false,
          "data-action": draw ? JSON.stringify(draw.action) : false,
          "aria-label": draw ? draw.label : false,
          onclick: draw ? () => ctx.act(draw.action) : false,
        },
        backCard(h),
      ),
      h("span", { class: "pile-label", text: t(`${GAME}.ui.deck`, { count: view.deck }) }),
      h("span", { class: "pile-label", text: t(`${GAME}.ui.time`, { count: view.time, limit: view.time_to_end }) }),
      h("meter", { min: 0, max: view.time_to_end, value: view.time, class: "sf-meter", "aria-hidden": "true" }),
    ),
    h(
      "div",
      { class: "sf-row" },
      h("span", { class: "sf-row-label", text: t(`${GAME}.ui.fund`) }),
      view.fund.length
        ? view.fund.map((face, i) => clickCard(face, take.get(face), {}, newInFund.has(occurrences(view.fund)[i])))
        : h("span", { class: "muted", text: "—" }),
    ),
    h(
      "div",
      { class: "sf-row held" },
      h("span", { class: "sf-row-label", text: t(`${GAME}.ui.held`) }),
      view.held.length
        ? view.held.map((face, i) => {
            let entry = stash.get(face);
            if (playing) {
              entry = {
                label: t("web.slush-fund.choose_card", { card: t(`${GAME}.card.${face}`) }),
                select: () => {
                  memo.card = memo.card === face ? null : face;
                  ctx.rerender();
                },
              };
            }
            return clickCard(face, entry, { selected: memo.card === face }, newHeld.has(occurrences(view.held)[i]));
          })
        : h("span", { class: "muted", text: "—" }),
    ),
  );

  // Every use of the chosen card (and the phase's other buttons), by label.
  const buttons = [...chosen, ...(byKind.no_look || [])];
  const strip = h(
    "div",
    { class: "big-buttons sf-uses" },
    buttons.map((e) =>
      h("button", {
        type: "button",
        class: [e.action[0] === "no_look" ? "big" : "use", e.action[0] === "discard" || e.action[0] === "no_look" ? "secondary" : "primary", `do-${e.action[0]}`],
        "data-action": JSON.stringify(e.action),
        disabled: ctx.pending,
        text: e.label,
        onclick: () => ctx.act(e.action),
      }),
    ),
  );

  const order = Array.from({ length: view.players }, (_, i) => i).filter((s) => s !== ctx.seat);
  if (ctx.seat !== null) order.push(ctx.seat);
  const outcome = view.outcome || ctx.outcome;
  const grid = h(
    "table",
    { class: "sf-grid" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { class: "sf-side-name", text: "" }),
        view.politicians.map((pol, p) => {
          const entry = polAction.get(p);
          const picks = polSelect.has(p) || memo.spyFrom === p;
          const onclick = entry
            ? () => ctx.act(entry.action)
            : picks
              ? () => {
                  memo.spyFrom = memo.spyFrom === p ? null : p;
                  ctx.rerender();
                }
              : false;
          return h(
            "th",
            { class: ["sf-pol", pol.removed && "removed"], "data-politician": p },
            h(
              onclick ? "button" : "div",
              {
                class: ["sf-pol-card", onclick && "clickable", memo.spyFrom === p && "selected"],
                type: onclick ? "button" : false,
                "data-action": entry ? JSON.stringify(entry.action) : false,
                title: entry ? entry.label : picks ? t("web.slush-fund.spy_from") : false,
                onclick,
              },
              h("span", { class: "sf-rank", text: pol.rank }),
              h("span", { class: "sf-pol-name", ...nameAttrs(t(`${GAME}.politician.${pol.id}`)) }),
              h(
                "span",
                { class: "sf-scandals", title: t(`${GAME}.ui.scandals`) },
                Array.from({ length: 5 }, (_, i) => h("i", { class: i < pol.scandals ? "on" : "" })),
              ),
              pol.removed ? h("span", { class: "badge closed", text: t(`${GAME}.ui.removed`) }) : null,
            ),
          );
        }),
      ),
    ),
    h(
      "tbody",
      {},
      order.flatMap((seat) => {
        const rowClass = [seat === ctx.seat && "mine", ctx.actors.includes(seat) && "acting"];
        const who = () => [
          seat === ctx.seat ? t("web.you") : ctx.name(seat),
          outcome ? h("span", { class: "badge total", text: t("web.slush-fund.vp", { vp: outcome.scores[seat] }) }) : null,
        ];
        // The player's name heads the row on a wide screen; on a phone it gets a row of its
        // own above the piles, so that the five politicians fit the width.
        return [
          h("tr", { class: ["sf-name-row", ...rowClass], "aria-hidden": "true" }, h("th", { colspan: view.politicians.length, class: "sf-player" }, who())),
          h(
          "tr",
          { class: rowClass, "data-seat": seat },
          h("th", { class: "sf-player sf-side-name" }, who()),
          view.piles[seat].map((pile, p) => {
            const entry = pileAction.get(`${seat}:${p}`);
            const topFace = pile.count ? pile.cards[pile.cards.length - 1] : undefined;
            const covered = pile.cards.slice(0, -1);
            return h(
              "td",
              { class: ["sf-pile", view.politicians[p].removed && "removed"], "data-seat": seat, "data-politician": p },
              h(
                entry ? "button" : "div",
                {
                  class: ["sf-pile-box", entry && "clickable"],
                  type: entry ? "button" : false,
                  "data-action": entry ? JSON.stringify(entry.action) : false,
                  title: entry ? entry.label : false,
                  "aria-label": entry ? entry.label : false,
                  onclick: entry ? () => ctx.act(entry.action) : false,
                },
                pile.count ? card(topFace, newOnPile.has(`${seat}:${p}:${pile.count}`)) : h("span", { class: "sf-empty" }),
                covered.length
                  ? h("span", { class: "sf-covered" }, covered.map((f) => (f === null ? h("i", { class: "back" }) : h("i", { class: `sf-${cardClass(f)}`, title: t(`${GAME}.card.${f}`) }))))
                  : null,
                pile.money !== null && pile.count ? h("span", { class: "sf-sum", text: t("web.slush-fund.money", { money: pile.money / 1000 }) }) : null,
              ),
            );
          }),
        ),
        ];
      }),
    ),
  );

  const status = h(
    "div",
    { class: "status" },
    h("div", { class: "phase", text: ctx.tFirst([`${GAME}.phase.${view.phase}`, view.phase]) }),
    h("p", {
      class: "hint",
      text: !ctx.legal.length
        ? view.phase === "over"
          ? ""
          : t("web.banner.waiting", { players: ctx.actors.map(ctx.name).join(", ") })
        : playing && !memo.card
          ? t("web.slush-fund.hint.pick")
          : playing
            ? t("web.slush-fund.hint.target")
            : ctx.tFirst([`web.slush-fund.hint.${view.phase}`, `${GAME}.phase.${view.phase}`]),
    }),
  );

  root.replaceChildren(h("div", { class: ["sf-board", `phase-${view.phase}`] }, h("div", { class: "middle sf-middle" }, top, status, strip), h("div", { class: "sf-grid-wrap" }, grid)));
}
