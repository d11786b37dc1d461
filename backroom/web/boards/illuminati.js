// Illuminati: every player's power structure drawn as cards on a grid (SVG, pan and zoom), the
// uncontrolled groups above them, each player's Illuminati, specials and money in a strip that
// also focuses one structure. Moves are gestures on the cards: pick one of your groups, then a
// target and the kind of attack (the engine's `attack mode target`, then `attacker card` sent
// by itself), an adjacent card of yours (a money transfer, then the amount), or a free arrow
// (a move, then `place` sent by itself); a captured group goes on a free arrow clicked. The odds
// dialog explains the number needed term by term. The legal list beside the board stays the
// fallback for everything else. View fields: backroom/games/illuminati/view.py.

import { cardText, infoPanel } from "./illuminati/info.js";
import { noteRoll, oddsDialog } from "./illuminati/odds.js";
import { CELL, arrowSpot, bounds, drawCard, drawStructure, s } from "./illuminati/structure.js";
import { panZoom } from "./illuminati/viewport.js";
import { dealPanel, spendingPanel } from "./illuminati/windows.js";

const GAME = "illuminati";
const HEAD = 34; // room above a structure for its player's name
const PAD = 16; // around everything, for the arrows on the outer sides

/** The end screen: groups controlled and money (or points, in the very long game); for a
 * winner, which goal it reached and whether the win is shared. */
export function endScore(ctx, seat) {
  const { t, outcome, view } = ctx;
  const d = outcome.details || {};
  const winners = d.winners || [];
  if (d.points) return { total: t("web.illuminati.end.points", { points: ctx.number(d.points[seat]) }), parts: goalParts(ctx, seat, winners) };
  const groups = (d.groups || [])[seat] || 0;
  const parts = [t("illuminati.ui.mb", { mb: ctx.number((d.money || [])[seat] || 0) }), ...goalParts(ctx, seat, winners, groups >= view.goal)];
  return { total: t("web.illuminati.end.groups", { count: groups, goal: view.goal }), parts };
}

function goalParts(ctx, seat, winners, basic = false) {
  const { t, outcome, view } = ctx;
  if (!winners.includes(seat)) return [];
  const root = view.players_info[seat].illuminati;
  let goal;
  if (outcome.reason === "last_standing") goal = t("web.illuminati.end.last_standing");
  else if (basic) goal = t("web.illuminati.end.basic", { goal: view.goal });
  else goal = t("web.illuminati.end.special", { card: t(`${GAME}.card.${root}`) });
  return winners.length > 1 ? [goal, t("web.illuminati.end.shared", { count: winners.length })] : [goal];
}

export function render(root, ctx) {
  const { h, t, view, memo, legal } = ctx;
  noteRoll(ctx);
  const cardName = (face) => t(`${GAME}.card.${face}`);
  const players = view.players_info;
  const owner = new Map();
  for (const p of players) for (const c of p.structure) owner.set(c.card, p.seat);
  const entryOf = (face) => players.flatMap((p) => p.structure).find((c) => c.card === face);
  const find = (pred) => legal.find((e) => pred(e.action));
  const button = (entry, attrs, ...children) =>
    h("button", { type: "button", ...attrs, class: [attrs.class, "clickable"], "data-action": JSON.stringify(entry.action), title: entry.label, "aria-label": entry.label, onclick: () => ctx.act(entry.action) }, ...children);

  // What the legal actions allow on the board now.
  const attacks = legal.filter((e) => e.action[0] === "attack");
  const targets = new Set(attacks.map((e) => e.action[2]));
  const ready = new Set(attacks.length ? view.turn.ready : []);
  const transfers = legal.filter((e) => e.action[0] === "transfer");
  const moves = legal.filter((e) => e.action[0] === "move");
  const selectable = (face) => owner.get(face) === ctx.seat && (ready.has(face) || transfers.some((e) => e.action[1] === face) || moves.some((e) => e.action[1] === face));
  if (memo.sel && !selectable(memo.sel)) memo.sel = null;
  if (memo.target && !targets.has(memo.target) && !transfers.some((e) => e.action[1] === memo.sel && e.action[2] === memo.target)) memo.target = null;
  // With a group picked, only the attacks that group may make (a target may be immune to it).
  const aims = view.turn.aims || {};
  const aimed = (e) => (aims[memo.sel] || []).some(([mode, target]) => mode === e.action[1] && target === e.action[2]);
  const kindsOn = (face) => attacks.filter((e) => e.action[2] === face && (!memo.sel || aimed(e)));
  const transferTo = (face) => memo.sel && find((a) => a[0] === "transfer" && a[1] === memo.sel && a[2] === face);

  // The second engine step of a gesture, sent once the first one is accepted.
  let follow = null;
  for (const [kind, phase] of [["attacker", "attack"], ["place", "place"]]) {
    if (!memo[kind] || ctx.pending) continue;
    const entry = find((a) => a[0] === kind && a[1] === memo[kind]);
    if (view.phase === phase || view.phase !== "action") memo[kind] = null;
    if (entry) follow = entry;
  }

  const onCard = (face, seat) => {
    memo.info = face;
    memo.infoSeat = seat;
    if (memo.sel === face) memo.sel = memo.target = null;
    else if (memo.sel && ((ready.has(memo.sel) && kindsOn(face).length) || transferTo(face))) {
      memo.target = face; // the menu says what to do with it: a transfer takes a turn's transfer
    } else if (selectable(face)) {
      memo.sel = face;
      memo.target = null;
    } else if (!memo.sel && targets.has(face)) {
      memo.target = face; // a target first: the engine then asks which group attacks
    }
    ctx.rerender();
  };
  const showInfo = (face, seat) => {
    memo.info = face;
    memo.infoSeat = seat;
    const panel = root.querySelector(".il-info");
    if (panel) panel.replaceWith(infoPanel(ctx, cardName, lookup));
  };

  // Each card: its classes (picked, a target, dimmed) and what a click does.
  const direct = (face) => find((a) => (a[0] === "attacker" || a[0] === "aid") && a[1] === face);
  const cardOpts = (face, faceDown, illuminatiCard, seat) => {
    const entry = direct(face);
    const isTarget = memo.sel && ((ready.has(memo.sel) && kindsOn(face).length) || transferTo(face));
    const pickable = selectable(face) || (!memo.sel && targets.has(face));
    const cls = [
      memo.sel === face && "selected",
      memo.target === face && "aimed",
      isTarget && "target",
      (entry || pickable || isTarget) && "clickable",
      memo.sel && memo.sel !== face && !isTarget && !selectable(face) && "dim",
      entry && entry.action[0] === "aid" && "helper",
    ];
    const attrs = {
      "data-owner": seat !== undefined ? seat : owner.has(face) ? owner.get(face) : "none",
      "data-action": entry ? JSON.stringify(entry.action) : false,
      onclick: entry ? () => ctx.act(entry.action) : () => onCard(face, seat),
      onmouseenter: () => showInfo(face, seat),
      onfocus: () => showInfo(face, seat),
    };
    const info = view.cards[face];
    return { face, name: cardName(face), info, faceDown, illuminati: illuminatiCard, cls, attrs, tooltip: cardText(ctx, face, info, faceDown).join("\n") };
  };
  const lookup = (face, seat) => {
    const p = seat !== undefined ? players[seat] : players.find((q) => q.illuminati === face);
    return { info: view.cards[face], faceDown: p && p.illuminati === face ? hiddenCard(p) : null };
  };

  // The arrows a click may use: a move's new master, a captured group's, a deal's arrival.
  const spots = [];
  if (memo.sel) for (const e of moves.filter((m) => m.action[1] === memo.sel)) for (const a of (entryOf(e.action[2]) || { out: [] }).out.filter((x) => x.free)) spots.push({ master: e.action[2], arrow: a, entry: e, place: a.arrow });
  for (const e of legal) {
    const master = e.action[0] === "place" && view.placing ? view.placing.master : e.action[0] === "receive" ? e.action[1] : null;
    const printed = e.action[0] === "place" ? e.action[1] : e.action[2];
    const arrow = master && (entryOf(master) || { out: [] }).out.find((a) => a.arrow === printed);
    if (arrow) spots.push({ master, arrow, entry: e });
  }

  // The stage: the uncontrolled groups in a row, then the structures (all, or the focused one).
  const focus = players.some((p) => p.seat === memo.focus && p.alive) ? memo.focus : null;
  const shown = players.filter((p) => p.alive && (focus === null || p.seat === focus));
  const cols = focus === null ? Math.max(1, Math.ceil(Math.sqrt(shown.length))) : 1;
  const sizes = shown.map((p) => bounds(p.structure));
  const colW = Array.from({ length: cols }, (_, c) => Math.max(...sizes.filter((_, i) => i % cols === c).map((b) => b.w * CELL), CELL * 2));
  const rowH = Array.from({ length: Math.ceil(shown.length / cols) }, (_, r) => Math.max(...sizes.slice(r * cols, r * cols + cols).map((b) => b.h * CELL + HEAD)));
  const stage = s("svg", { class: "il-stage", "data-view": focus === null ? "overview" : "focus", preserveAspectRatio: "xMidYMid meet", role: "img", "aria-label": t("web.illuminati.board") });
  const layer = s("g", { transform: `translate(${PAD},${PAD})` }); // room for the outer arrows
  stage.append(layer);
  const free = view.uncontrolled;
  const topH = HEAD + CELL;
  layer.append(s("text", { class: "il-head", x: 6, y: 22, text: `${t("illuminati.ui.uncontrolled")} (${free.length})` }));
  free.forEach((face, i) => layer.append(drawCard(ctx, i * CELL + CELL / 2, HEAD + CELL / 2, cardOpts(face, null, false))));
  let y = topH;
  shown.forEach((p, i) => {
    const c = i % cols;
    const x = colW.slice(0, c).reduce((a, b) => a + b, 0);
    if (c === 0 && i) y += rowH[Math.floor(i / cols) - 1];
    const head = s("text", { class: ["il-head", ctx.actors.includes(p.seat) && "acting"], x: x + 6, y: y + 22, text: ctx.name(p.seat), onclick: () => ((memo.focus = focus === p.seat ? null : p.seat), ctx.rerender()) });
    const drawn = drawStructure(ctx, p, x, y + HEAD, (entry) => cardOpts(entry.card, entry.distance === 0 ? hiddenCard(p) : null, entry.distance === 0, p.seat));
    layer.append(s("g", { class: ["il-seat", p.seat === ctx.seat && "mine"], "data-seat": p.seat }, head, drawn.g));
  });
  const width = Math.max(colW.reduce((a, b) => a + b, 0), free.length * CELL, CELL * 2) + 2 * PAD;
  const height = y + (rowH[rowH.length - 1] || 0) + 2 * PAD;
  stage.style.aspectRatio = `${width} / ${height}`;
  // Free arrows to click, over the cards they belong to.
  for (const spot of spots) {
    const at = stage.querySelector(`.il-card[data-face="${CSS.escape(spot.master)}"] .il-card-paper`);
    if (!at) continue;
    const cx = Number(at.getAttribute("x")) + 48;
    const cy = Number(at.getAttribute("y")) + 48;
    const [sx, sy] = arrowSpot(cx, cy, spot.arrow.side);
    const onclick = () => {
      if (spot.place) memo.place = spot.place;
      memo.sel = null;
      ctx.act(spot.entry.action);
    };
    layer.append(s("g", { class: "il-spot clickable", "data-action": JSON.stringify(spot.entry.action), "data-arrow": spot.arrow.arrow, "data-master": spot.master, role: "button", "aria-label": spot.entry.label, tabindex: 0, onclick }, s("title", { text: spot.entry.label }), s("circle", { cx: sx, cy: sy, r: 13 })));
  }
  const zoomBar = panZoom(ctx, stage, { w: width, h: height }, (memo.boxes = memo.boxes || {})[focus === null ? "all" : focus] || (memo.boxes[focus === null ? "all" : focus] = {}));

  // The players: Illuminati, specials, money, groups; a click focuses the structure.
  const strip = h(
    "div",
    { class: "il-players" },
    h("button", { type: "button", class: ["il-player", "il-all", focus === null && "selected"], onclick: () => ((memo.focus = null), ctx.rerender()), text: t("web.illuminati.overview") }),
    players.map((p) => {
      const money = p.structure.reduce((a, c) => a + c.money, 0);
      const who = p.seat === ctx.seat ? t("web.you") : ctx.name(p.seat);
      const rootName = hiddenCard(p) && p.illuminati === "illuminati" ? t("illuminati.ui.claims", { power: p.face_down.power, income: p.face_down.income }) : cardName(p.illuminati);
      return h(
        "button",
        { type: "button", class: ["il-player", focus === p.seat && "selected", !p.alive && "gone", ctx.actors.includes(p.seat) && "acting"], "data-seat": p.seat, disabled: !p.alive, onclick: () => ((memo.focus = p.seat), ctx.rerender()) },
        h("b", { text: who }),
        h("span", { text: p.alive ? rootName : t("illuminati.ui.eliminated", { card: cardName(p.illuminati) }) }),
        h("span", { class: "il-p-stats", text: [t("illuminati.ui.specials", { count: p.specials }), t("illuminati.ui.mb", { mb: ctx.number(money) }), t("web.illuminati.groups", { count: p.structure.length, goal: view.goal })].join(" · ") }),
      );
    }),
  );

  // Beside the stage: what to choose now (kind of attack, amount), the odds, the windows.
  let menu = null;
  if (memo.target && (kindsOn(memo.target).length || transferTo(memo.target))) {
    const transfer = transferTo(memo.target);
    menu = h(
      "section",
      { class: "il-menu", "data-target": memo.target },
      h("h3", { text: memo.sel ? t("web.illuminati.with", { card: cardName(memo.sel), target_card: cardName(memo.target) }) : cardName(memo.target) }),
      h(
        "div",
        { class: "big-buttons" },
        kindsOn(memo.target).map((e) =>
          h("button", {
            type: "button",
            class: ["use", "clickable", "il-kind"],
            "data-kind": e.action[1],
            "data-action": JSON.stringify(e.action),
            title: e.label,
            text: t(`web.illuminati.kind.${e.action[1]}`),
            onclick: () => {
              memo.attacker = memo.sel;
              memo.sel = memo.target = null;
              ctx.act(e.action);
            },
          }),
        ),
        transfer ? button(transfer, { class: "use il-kind", "data-kind": "transfer" }, t("web.illuminati.kind.transfer")) : null,
        h("button", { type: "button", class: "do-pass", text: t("web.illuminati.unselect"), onclick: () => ((memo.sel = memo.target = null), ctx.rerender()) }),
      ),
    );
  }
  const amounts = legal.filter((e) => e.action[0] === "amount" || e.action[0] === "more");
  const amountBox =
    amounts.length && view.transfer
      ? h(
          "section",
          { class: "il-amounts" },
          h("h3", { text: t("illuminati.ui.transfer", { from_card: cardName(view.transfer.from), to_card: cardName(view.transfer.to) }) }),
          h("div", { class: "il-amount-grid" }, amounts.map((e) => button(e, { class: "il-amount", "data-amount": e.action[1] === undefined ? "more" : e.action[1] }, e.action[0] === "more" ? t("web.illuminati.more") : e.action[1] === "all" ? t("web.illuminati.all") : String(e.action[1])))),
        )
      : null;
  const end = find((a) => a[0] === "end");
  const controls = h("div", { class: "big-buttons il-controls" }, end ? button(end, { class: "do-pass" }, end.label) : null);
  const hand = view.hand && view.hand.length
    ? h(
        "div",
        { class: "il-hand" },
        h("span", { class: "sf-row-label", text: t("illuminati.ui.hand") }),
        view.hand.map((face) => h("button", { type: "button", class: "il-special", "data-face": face, onclick: () => showInfo(face), onmouseenter: () => showInfo(face), text: cardName(face) })),
      )
    : null;
  const secret = view.secret_goal ? h("p", { class: "il-secret", text: t("illuminati.ui.secret_goal", { card: cardName(view.secret_goal) }) }) : null;
  const status = h("p", { class: "il-status", text: t("illuminati.ui.status", { seat: ctx.name(view.active), actions: view.turn.actions_left, transfers: view.turn.transfers_left, deck: view.deck, goal: view.goal }) });
  const hint = h("p", { class: "hint il-hint", text: t(`web.illuminati.hint.${hintKey(view, ctx, memo, { attacks, transfers, moves, spots, amounts })}`) });
  const side = h("div", { class: "il-side" }, menu, amountBox, oddsDialog(ctx, cardName, button), dealPanel(ctx), infoPanel(ctx, cardName, lookup), hand, secret);
  // The spending round's panel, a question to answer now, comes first: atop the side beside
  // the map, and above the map in a narrow window (illuminati.css).
  const main = h("div", { class: "il-main" }, spendingPanel(ctx), h("div", { class: "il-stage-box" }, stage, zoomBar), side);
  root.replaceChildren(h("div", { class: "il-board" }, strip, status, hint, main, controls));
  if (follow) ctx.act(follow.action);
}

/** What the table knows of a player's Illuminati while it lies face down (hidden Illuminati),
 * or null once it is turned up (revealed, identified, or the game over): then its printed
 * numbers count. */
function hiddenCard(p) {
  return p.face_down && !p.face_down.identified ? p.face_down : null;
}

/** What the hint says to do now. */
function hintKey(view, ctx, memo, { attacks, transfers, moves, spots, amounts }) {
  if (view.phase === "over") return "over";
  if (!ctx.legal.length) return "wait";
  if (memo.target) return "kind";
  if (memo.sel) return "target";
  if (view.phase === "attack" && view.attack) return view.attack.attacker ? "announce" : "attacker";
  if (amounts.length) return "amount";
  if (spots.length) return "place";
  if (attacks.length || transfers.length || moves.length) return "pick";
  return "list";
}
