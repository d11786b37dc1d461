// Corruption: each round contracts lie under three bodies (City Hall, County Seat, State
// Capitol); players take turns playing one card each, a bribe or a character (attorney,
// reporter, hitman), on a contract or — bribes only, at half value — on a body's Swiss
// account; some positions are played face up. The board shows the round's status and the
// contracts won, your hand, then the three bodies as columns, each contract with the cards
// played on it, and the Swiss accounts. Clicks: a card of your hand, then a contract or a
// Swiss account; during the award, the contract or the card the rules ask you to choose; with
// a Little Black Book, a face-down card to look at. View fields: see the CorruptionState docstring (backroom/games/corruption/state.py).

import { arrivals, backCard, faceCard, icon } from "../static/cards.js";

const GAME = "corruption";
/** The icon of each kind of card (static/cards.js). */
const ICON = { bribe: "note", attorney: "scales", reporter: "paper", hitman: "sight" };

/** The end screen's score of ``seat``: the total value of the contracts it won, each named. */
export function endScore(ctx, seat) {
  const { view } = ctx;
  const money = (dollars) => ctx.t("web.corruption.dollars", { amount: ctx.number(dollars) });
  const won = (view.won.find((w) => w.seat === seat) || { contracts: [] }).contracts;
  const parts = won.map((c) => `${ctx.tMsg(view.contracts[c].label)} ${money(view.contracts[c].value)}`);
  return { total: money(ctx.outcome.scores[seat]), parts: parts.length ? parts : [ctx.t("web.corruption.no_contract")] };
}

export function render(root, ctx) {
  const { h, t, view } = ctx;
  const memo = ctx.memo;
  const byKind = {};
  for (const e of ctx.legal) (byKind[e.action[0]] ||= []).push(e);

  // A play names the card's face ("reporter"), so a hand card is playable when some play or
  // Swiss action names its face; the chosen face is remembered between renders.
  const mine = ctx.seat !== null ? view.hands[ctx.seat] : null;
  const handCards = (mine && mine.cards) || [];
  const cardUses = [...(byKind.play || []), ...(byKind.swiss || [])];
  const playableFaces = new Set(cardUses.map((e) => e.action[1]));
  if (!playableFaces.has(memo.kind)) memo.kind = null;
  const uses = cardUses.filter((e) => e.action[1] === memo.kind);

  const contractAction = new Map();
  const swissAction = new Map();
  for (const e of uses) {
    if (e.action[0] === "play") contractAction.set(e.action[2], e);
    else swissAction.set(view.bodies[e.action[2]], e);
  }
  for (const e of byKind.assign || []) contractAction.set(e.action[1], e);
  const playAction = new Map();
  for (const kind of ["look", "kill", "remove"]) for (const e of byKind[kind] || []) playAction.set(e.action[1], e);

  const money = (dollars) => t("web.corruption.dollars", { amount: ctx.number(dollars) });
  const who = (seat) => (seat === ctx.seat ? t("web.you") : ctx.name(seat));
  const cardFace = (face) => (face === "back" ? t("web.hidden_card") : t(`${GAME}.card.${face}`));

  // A card (static/cards.js): a bribe shows its amount, a character its name alone.
  const card = (face) => {
    if (face === "back") return backCard(h, { cls: "co-card", attrs: { title: t("web.hidden_card") } });
    const kind = kindOf(face);
    const common = { face, kind, icon: ICON[kind], cls: "co-card" };
    if (kind === "bribe") return faceCard(h, { ...common, value: money(Number(face.slice(6))), corner: `${Number(face.slice(6)) / 1000}K`, name: t("web.corruption.bribe") });
    return faceCard(h, { ...common, name: cardFace(face) });
  };

  // Cards just played slide in once (CSS .arrive).
  const justPlayed = arrivals(memo, "plays", view.plays.map((p) => String(p.index)));
  const playChip = (p) => {
    const entry = playAction.get(p.index);
    return h(
      entry ? "button" : "div",
      {
        class: ["co-play", entry && "clickable", p.fate !== "in_play" && "gone", p.seat === ctx.seat && "own", justPlayed.has(String(p.index)) && "arrive"],
        type: entry ? "button" : false,
        "data-play": p.index,
        "data-action": entry ? JSON.stringify(entry.action) : false,
        title: entry ? entry.label : false,
        onclick: entry ? () => ctx.act(entry.action) : false,
      },
      card(p.card),
      h("span", { class: "co-owner", text: who(p.seat) }),
      p.value !== null && p.swiss ? h("span", { class: "co-value", text: t("web.corruption.counts", { amount: money(p.value) }) }) : null,
      p.fate !== "in_play" ? h("span", { class: "co-fate", text: ctx.tFirst([`${GAME}.fate.${p.fate}`, `web.corruption.fate.${p.fate}`]) }) : null,
    );
  };

  const columns = view.bodies.map((body, b) => {
    const here = view.table.filter((row) => row.body === body);
    const swissEntry = swissAction.get(body);
    return h(
      "section",
      { class: "co-body", "data-body": body },
      h("h3", { text: ctx.tFirst([`${GAME}.body.${body}`, body]) }),
      here.map((row) => {
        const contract = view.contracts[row.contract];
        const entry = contractAction.get(row.contract);
        const totals = view.totals && view.totals[String(row.contract)];
        return h(
          "div",
          { class: ["co-contract", row.cancelled && "cancelled"], "data-contract": row.contract },
          h(
            entry ? "button" : "div",
            {
              class: ["co-contract-card", entry && "clickable"],
              type: entry ? "button" : false,
              "data-action": entry ? JSON.stringify(entry.action) : false,
              title: entry ? entry.label : false,
              onclick: entry ? () => ctx.act(entry.action) : false,
            },
            icon("columns"),
            h("span", { class: "co-name", text: ctx.tMsg(contract.label) }),
            // Most printed values are not known yet (contracts.json): an estimate says so.
            contract.status === "proposed-default"
              ? h("span", { class: "co-worth estimated", text: `${money(contract.value)} *`, title: t("web.corruption.estimated") })
              : h("span", { class: "co-worth", text: money(contract.value) }),
          ),
          h("div", { class: "co-plays" }, view.plays.filter((p) => p.contract === row.contract).map(playChip)),
          totals ? h("div", { class: "co-totals", text: totals.map((v, s) => `${who(s)} ${money(v)}`).join(" · ") }) : null,
        );
      }),
      h(
        swissEntry ? "button" : "div",
        {
          class: ["co-swiss", swissEntry && "clickable"],
          type: swissEntry ? "button" : false,
          "data-action": swissEntry ? JSON.stringify(swissEntry.action) : false,
          title: swissEntry ? swissEntry.label : false,
          onclick: swissEntry ? () => ctx.act(swissEntry.action) : false,
        },
        h("span", { class: "co-swiss-title", text: t("web.corruption.swiss") }),
        h("span", { class: "co-plays" }, view.plays.filter((p) => p.swiss === body).map(playChip)),
      ),
    );
  });

  const myPlays = view.plays.filter((p) => p.seat === ctx.seat).length;
  const nextUp = view.face_up_positions.includes(myPlays + 1);
  const hand = mine
    ? h(
        "div",
        { class: "co-hand" },
        h("span", { class: "sf-row-label", text: t("web.corruption.hand") }),
        handCards.map((face) => {
          const kind = face;
          const selectable = playableFaces.has(face);
          return h(
            selectable ? "button" : "div",
            {
              class: ["co-pick", selectable && "clickable", memo.kind === kind && selectable && "selected"],
              type: selectable ? "button" : false,
              "aria-label": selectable ? cardFace(face) : false,
              onclick: selectable
                ? () => {
                    memo.kind = memo.kind === kind ? null : kind;
                    ctx.rerender();
                  }
                : false,
            },
            card(face),
          );
        }),
        view.phase === "corruption" && myPlays < 6
          ? h("span", { class: "co-next", text: nextUp ? t("web.corruption.next_up") : t("web.corruption.next_down") })
          : null,
      )
    : null;

  const others = ["decline", "no_removal", "face_up", "positions_done"].flatMap((k) => byKind[k] || []);
  const strip = h(
    "div",
    { class: "big-buttons" },
    [...uses, ...others].map((e) =>
      h("button", {
        type: "button",
        class: [uses.includes(e) ? "use" : "big", ["decline", "no_removal"].includes(e.action[0]) ? "secondary" : "primary", `do-${e.action[0]}`],
        "data-action": JSON.stringify(e.action),
        disabled: ctx.pending,
        text: e.label,
        onclick: () => ctx.act(e.action),
      }),
    ),
  );

  const outcome = view.outcome || ctx.outcome;
  const won = h(
    "ul",
    { class: "co-won" },
    view.won.map((w) =>
      h(
        "li",
        { class: [w.seat === ctx.seat && "mine", ctx.actors.includes(w.seat) && "acting"], "data-seat": w.seat },
        h("b", { text: who(w.seat) }),
        " · ",
        t("web.corruption.won", { count: w.contracts.length, total: money(w.total) }),
        view.hands[w.seat] ? ` · ${t("web.corruption.in_hand", { count: view.hands[w.seat].size })}` : "",
        outcome && outcome.ranks[w.seat] === 1 ? h("span", { class: "badge winner", text: t("web.winner") }) : null,
      ),
    ),
  );

  let hint;
  if (!ctx.legal.length) hint = view.phase === "over" ? "" : t("web.banner.waiting", { players: ctx.actors.map(ctx.name).join(", ") });
  else if (byKind.assign || byKind.kill || byKind.remove || byKind.no_removal) hint = t(`web.corruption.hint.${view.award ? view.award.step : "award"}`);
  else if (byKind.face_up || byKind.positions_done) hint = t("web.corruption.hint.positions");
  else if ((byKind.play || byKind.swiss) && memo.kind === null) hint = t("web.corruption.hint.pick");
  else if (byKind.play || byKind.swiss) hint = t("web.corruption.hint.target");
  else hint = t("web.corruption.hint.look");

  root.replaceChildren(
    h(
      "div",
      { class: ["co-board", `phase-${view.phase}`] },
      h(
        "div",
        { class: "middle co-middle" },
        h(
          "div",
          { class: "status" },
          h("div", { class: "phase", text: `${t("web.corruption.round", { round: view.round, rounds: view.rounds })} · ${ctx.tFirst([`${GAME}.phase.${view.phase}`, view.phase])}` }),
          h("p", { class: "hint", text: hint }),
          h("p", { class: "turns", text: t("web.corruption.face_up", { positions: view.face_up_positions.join(", ") || "—" }) }),
        ),
        won,
        strip,
      ),
      hand,
      h("div", { class: "co-bodies" }, columns),
    ),
  );
}

function kindOf(face) {
  return face.startsWith("bribe-") ? "bribe" : face;
}
