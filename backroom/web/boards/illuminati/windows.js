// Illuminati's two panels beside the board (docs/web.md, "Spending windows and deals"): the
// spending round of an attack (rulebook: "Gastar dinero para atacar", "Interferencias",
// ruling 6) and the deals and gifts ("Regalos e intercambios", rulings 29 and 30): any seat
// asked in a window may open an offer of money and specials with the same builder.
//
// Both read only the view and the seat's legal actions: every button sends one legal action
// as it stands (marked data-action), an amount is bounded by the largest legal one, and a
// special's face is named only where the view names it (the offer's two parties).

import { hopeless, needing, percent } from "./odds.js";

const GAME = "illuminati";
const RAISES = new Set(["spend", "interfere"]);
const GIFTS = new Set(["give_money", "give_special"]);
/** Window answers shown as their own buttons: cancelling, and specials (Deep Agent, two
 * specials against a privilege, Murphy's Law after the dice, ...). */
const ANSWERS = new Set(["cancel", "special", "special_on", "unprivilege"]);
const RAISE_KEYS = {
  "spend:group": "web.illuminati.spend.from_group",
  "spend:illuminati": "web.illuminati.spend.from_illuminati",
  "interfere:for": "web.illuminati.spend.for",
  "interfere:against": "web.illuminati.spend.against",
};

const card = (ctx, face) => (face === null || face === "back" ? ctx.t("web.hidden_card") : ctx.t(`${GAME}.card.${face}`));
const of = (ctx, kind) => ctx.legal.filter((e) => e.action[0] === kind);

/** A button that sends ``entry``'s action (one legal action, its label as the tooltip). */
function send(ctx, entry, cls, text) {
  return ctx.h("button", {
    type: "button",
    class: ["iw-act", cls],
    "data-action": JSON.stringify(entry.action),
    title: entry.label,
    disabled: ctx.pending,
    text: text || entry.label,
    onclick: () => ctx.act(entry.action),
  });
}

/** An amount from 1 to ``most`` MB and the button that sends ``make(mb)``; anything else in
 * the field disables the button and says what is allowed, so nothing illegal is ever sent. */
function amount(ctx, name, most, make, text, cls) {
  const { h, t, memo } = ctx;
  const kept = Number(memo[name]);
  const start = Number.isInteger(kept) && kept >= 1 && kept <= most ? kept : 1;
  const hint = h("span", { class: "iw-bounds", text: t("web.illuminati.spend.bounds", { most }) });
  const button = h("button", {
    type: "button",
    class: ["iw-act", cls],
    "data-action": JSON.stringify(make(start)),
    disabled: ctx.pending,
    text,
    onclick: () => ctx.act(JSON.parse(button.dataset.action)),
  });
  const input = h("input", {
    type: "number",
    class: "iw-mb",
    name,
    min: 1,
    max: most,
    step: 1,
    value: start,
    "aria-label": text,
    oninput: () => {
      const mb = Number(input.value);
      const ok = Number.isInteger(mb) && mb >= 1 && mb <= most;
      input.setAttribute("aria-invalid", String(!ok));
      hint.classList.toggle("bad", !ok);
      button.disabled = !ok || ctx.pending;
      if (ok) {
        memo[name] = mb;
        button.dataset.action = JSON.stringify(make(mb));
      }
    },
  });
  return h("div", { class: "iw-amount", "data-amount": name }, input, button, hint);
}

/** A list to choose from (the entries' ``label``s) and the button that sends the one chosen.
 * The list's title repeats the entry chosen: a long card name the side column cuts short (the
 * longest Spanish and French ones) is read whole on hover. */
function chooser(ctx, name, entries, text, labelOf = (e) => e.label) {
  const { h, memo } = ctx;
  const keys = entries.map((e) => JSON.stringify(e.action));
  const labels = entries.map(labelOf);
  const start = Math.max(0, keys.indexOf(memo[name]));
  const button = h("button", {
    type: "button",
    class: "iw-act",
    "data-action": keys[start],
    disabled: ctx.pending,
    text,
    onclick: () => ctx.act(JSON.parse(button.dataset.action)),
  });
  const select = h(
    "select",
    {
      name,
      "aria-label": text,
      title: labels[start],
      onchange: () => {
        memo[name] = select.value;
        button.dataset.action = select.value;
        select.title = labels[select.selectedIndex];
      },
    },
    entries.map((e, i) => h("option", { value: keys[i], selected: i === start, text: labels[i] })),
  );
  return h("div", { class: "iw-chooser", "data-chooser": name }, select, button);
}

let ticking = null;
/** The time left to answer, counted down by one timer for every panel on the page. */
function countdown(ctx) {
  if (!ctx.deadline) return null;
  const el = ctx.h("span", { class: "iw-countdown", "data-deadline": ctx.deadline });
  const tick = (node) => {
    const seconds = Math.max(0, Math.ceil((Number(node.dataset.deadline) - Date.now()) / 1000));
    node.textContent = ctx.t("web.illuminati.spend.countdown", { seconds });
  };
  tick(el);
  clearInterval(ticking);
  ticking = setInterval(() => {
    const shown = document.querySelectorAll(".iw-countdown[data-deadline]");
    shown.forEach(tick);
    if (!shown.length) clearInterval(ticking);
  }, 250);
  return el;
}

/** The attack in its spending round or before its result: what it is, this seat's raises,
 * answers and Pass (or who is asked), then the money for and against it and the number needed. */
export function spendingPanel(ctx) {
  const { h, t, view } = ctx;
  const attack = view.attack;
  if (!attack || !["spend", "rolled"].includes(view.phase)) return null;
  const spent = attack.spent;
  const pro = spent.attacker + spent.support;
  const con = spent.defending_group + spent.defender_illuminati + spent.oppose;
  const line = (key, mb) => h("li", {}, t(key, { mb }));
  const odds =
    view.phase === "rolled"
      ? t("web.illuminati.spend.rolled", { roll: attack.roll, needing: needing(ctx, attack.need) })
      : hopeless(ctx, attack) || t("web.illuminati.spend.need", { need: attack.need, percent: percent(ctx, attack.chance) });

  const raises = new Map();
  for (const e of ctx.legal.filter((x) => RAISES.has(x.action[0]))) {
    const key = `${e.action[0]}:${e.action[1]}`;
    raises.set(key, Math.max(raises.get(key) || 0, e.action[2]));
  }
  const pass = of(ctx, "pass")[0];
  const asked = pass || raises.size;
  const controls = asked
    ? h(
        "div",
        { class: "iw-controls" },
        [...raises].map(([key, most]) => {
          const [kind, source] = key.split(":");
          return h(
            "div",
            { class: "iw-raise", "data-raise": key },
            h("span", { class: "iw-source", text: t(RAISE_KEYS[key]) }),
            amount(ctx, `iw-${key}`, most, (mb) => [kind, source, mb], t("web.illuminati.spend.add"), "use"),
          );
        }),
        h(
          "div",
          { class: "big-buttons" },
          ctx.legal.filter((e) => ANSWERS.has(e.action[0])).map((e) => send(ctx, e, "use")),
          pass ? send(ctx, pass, "do-pass") : null,
          countdown(ctx),
        ),
      )
    : h("p", { class: "iw-waiting", text: t("web.illuminati.spend.waiting", { seats: attack.waiting.map(ctx.name).join(", ") }) });

  return h(
    "section",
    { class: ["iw-panel", "iw-spend", attack.privileged && "privileged"], "data-panel": "spend", "data-phase": view.phase },
    h("h3", { text: t("web.illuminati.spend.title", { seat: ctx.name(view.active) }) }),
    h(
      "p",
      { class: "iw-attack" },
      t("web.illuminati.spend.attack", { attacker: card(ctx, attack.attacker), target: card(ctx, attack.target), mode: t(`${GAME}.mode.${attack.mode}`) }),
    ),
    attack.privileged ? h("p", { class: "iw-privileged", text: t("web.illuminati.spend.privileged") }) : null,
    controls,
    h(
      "div",
      { class: "iw-totals" },
      h(
        "div",
        { class: "iw-side", "data-side": "for" },
        h("b", { "data-total": "for", text: t("web.illuminati.spend.total_for", { mb: pro }) }),
        h("ul", {}, line("web.illuminati.spend.by_attacker", spent.attacker), line("web.illuminati.spend.by_support", spent.support)),
      ),
      h(
        "div",
        { class: "iw-side", "data-side": "against" },
        h("b", { "data-total": "against", text: t("web.illuminati.spend.total_against", { mb: con }) }),
        h(
          "ul",
          {},
          line("web.illuminati.spend.by_group", spent.defending_group),
          line("web.illuminati.spend.by_defender", spent.defender_illuminati),
          line("web.illuminati.spend.by_oppose", spent.oppose),
        ),
      ),
    ),
    h("p", { class: "iw-odds", "data-need": attack.need, text: odds }),
  );
}

/** One side of an offer: its groups, its specials (faces where the view gives them, else how
 * many lie face down) and its money. */
function side(ctx, deal, name, seat) {
  const { h, t } = ctx;
  const groups = deal[`${name}_groups`];
  const faces = deal[`${name}_specials`];
  const hidden = deal[`${name}_special_count`] - faces.length;
  const mb = deal[`${name}_mb`];
  const items = [
    ...groups.map((f) => h("li", { class: "iw-group", "data-face": f, text: card(ctx, f) })),
    ...faces.map((f) => h("li", { class: "iw-special", "data-face": f, text: card(ctx, f) })),
    hidden > 0 ? h("li", { class: "iw-special back", text: t("web.illuminati.deal.hidden_specials", { count: hidden }) }) : null,
    mb ? h("li", { class: "iw-money", "data-mb": mb, text: t("web.illuminati.deal.money", { mb }) }) : null,
  ].filter(Boolean);
  return h(
    "div",
    { class: "iw-side", "data-side": name },
    h("b", { text: t("web.illuminati.deal.gives", { seat: ctx.name(seat) }) }),
    h("ul", {}, items.length ? items : h("li", { class: "muted", text: t("web.illuminati.deal.nothing") })),
  );
}

/** The proposer's tools: what a counter-offer takes out first, a card to give or ask for,
 * money each way, Propose and Withdraw. */
function builder(ctx, deal) {
  const { h, t } = ctx;
  const cards = (kind, text) => {
    const entries = of(ctx, kind);
    return entries.length ? chooser(ctx, `iw-${kind}`, entries, text, (e) => card(ctx, e.action[1])) : null;
  };
  const money = (sideName, text, kind = "offer_money") => {
    const bounds = of(ctx, kind).filter((e) => e.action[1] === sideName);
    if (!bounds.length) return null;
    const most = Math.max(...bounds.map((e) => e.action[2]));
    const name = `iw-${kind === "offer_money" ? "money" : "less"}-${sideName}`;
    return amount(ctx, name, most, (mb) => [kind, sideName, mb], text, "use");
  };
  const removals = of(ctx, "offer_remove");
  return h(
    "div",
    { class: "iw-controls" },
    removals.length ? chooser(ctx, "iw-offer_remove", removals, t("web.illuminati.deal.remove")) : null,
    money("give", t("web.illuminati.deal.less_money_give"), "offer_remove_mb"),
    money("take", t("web.illuminati.deal.less_money_take", { seat: ctx.name(deal.to) }), "offer_remove_mb"),
    cards("offer_give", t("web.illuminati.deal.add_give")),
    cards("offer_take", t("web.illuminati.deal.add_take", { seat: ctx.name(deal.to) })),
    money("give", t("web.illuminati.deal.add_money_give")),
    money("take", t("web.illuminati.deal.add_money_take", { seat: ctx.name(deal.to) })),
    h(
      "div",
      { class: "big-buttons" },
      of(ctx, "propose").map((e) => send(ctx, e, "use", t("web.illuminati.deal.propose"))),
      of(ctx, "withdraw").map((e) => send(ctx, e, "do-pass", t("web.illuminati.deal.withdraw"))),
    ),
  );
}

/** The addressee's one-click answers, by kind: their button's look and text. A counter-offer hands the
 * same exchange back to this seat's builder to add to (ruling 29). */
const ANSWER_LOOKS = {
  accept: ["use do-accept", "web.illuminati.deal.accept"],
  counter: ["use do-counter", "web.illuminati.deal.counter"],
  decline: ["do-pass", "web.illuminati.deal.decline"],
};

/** The offer on the table, as each seat may see it, with what this seat may do about it. */
function offer(ctx, deal) {
  const { h, t, view } = ctx;
  let doing;
  if (view.phase === "deal") {
    doing = of(ctx, "withdraw").length ? builder(ctx, deal) : h("p", { class: "iw-waiting", text: t("web.illuminati.deal.building", { seat: ctx.name(deal.from) }) });
  } else if (view.phase === "answer") {
    const answers = [...of(ctx, "accept"), ...of(ctx, "counter"), ...of(ctx, "decline")];
    doing = answers.length
      ? h(
          "div",
          { class: "big-buttons" },
          answers.map((e) => send(ctx, e, ANSWER_LOOKS[e.action[0]][0], t(ANSWER_LOOKS[e.action[0]][1]))),
          countdown(ctx),
        )
      : h("p", { class: "iw-waiting", text: t("web.illuminati.deal.answering", { seat: ctx.name(deal.to) }) });
  } else {
    const lay = [...of(ctx, "receive"), ...of(ctx, "lose")];
    doing = h(
      "div",
      { class: "iw-controls" },
      h("p", { text: t("web.illuminati.deal.arriving", { cards: deal.arriving.map((f) => card(ctx, f)).join(", ") }) }),
      lay.length ? chooser(ctx, "iw-lay", lay, t("web.illuminati.deal.lay")) : h("p", { class: "iw-waiting", text: t("web.illuminati.deal.laying", { seats: ctx.actors.map(ctx.name).join(", ") }) }),
    );
  }
  return h(
    "div",
    { class: "iw-offer", "data-out-of-turn": String(deal.out_of_turn) },
    view.phase === "arrive" ? null : h("div", { class: "iw-totals" }, side(ctx, deal, "give", deal.from), side(ctx, deal, "take", deal.to)),
    deal.out_of_turn ? h("p", { class: "iw-note", text: t("web.illuminati.deal.out_of_turn") }) : null,
    doing,
  );
}

/** Gifts of money (from the Illuminati) and of specials, to a chosen seat. */
function gifts(ctx) {
  const { h, t, memo } = ctx;
  const entries = ctx.legal.filter((e) => GIFTS.has(e.action[0]));
  if (!entries.length) return null;
  const seats = [...new Set(entries.map((e) => e.action[1]))];
  if (!seats.includes(memo.iwGiftSeat)) memo.iwGiftSeat = seats[0];
  const to = memo.iwGiftSeat;
  const money = entries.filter((e) => e.action[0] === "give_money" && e.action[1] === to);
  const specials = entries.filter((e) => e.action[0] === "give_special" && e.action[1] === to);
  const pick = h(
    "select",
    {
      name: "iw-gift-seat",
      "aria-label": t("web.illuminati.deal.gift_to"),
      onchange: () => {
        memo.iwGiftSeat = Number(pick.value);
        ctx.rerender();
      },
    },
    seats.map((s) => h("option", { value: s, selected: s === to, text: ctx.name(s) })),
  );
  const most = Math.max(0, ...money.map((e) => e.action[2]));
  return h(
    "div",
    { class: "iw-gifts" },
    h("b", { text: t("web.illuminati.deal.gifts") }),
    h("label", { class: "iw-gift-seat" }, t("web.illuminati.deal.gift_to"), " ", pick),
    most ? amount(ctx, "iw-gift-mb", most, (mb) => ["give_money", to, mb], t("web.illuminati.deal.give_money"), "use") : null,
    specials.length ? chooser(ctx, "iw-gift-special", specials, t("web.illuminati.deal.give_special"), (e) => card(ctx, e.action[2])) : null,
  );
}

/** The deal in hand (built, answered or laid), the opening of one, and gifts; null when
 * none of these concerns this seat now. */
export function dealPanel(ctx) {
  const { h, t, view } = ctx;
  const deal = view.deal;
  const openers = of(ctx, "offer");
  const gift = gifts(ctx);
  if (!deal && !openers.length && !gift) return null;
  return h(
    "section",
    { class: "iw-panel iw-deal", "data-panel": "deal", "data-phase": view.phase },
    h("h3", { text: deal ? t("web.illuminati.deal.title", { from: ctx.name(deal.from), to: ctx.name(deal.to) }) : t("web.illuminati.deal.heading") }),
    deal ? offer(ctx, deal) : null,
    !deal && openers.length ? chooser(ctx, "iw-offer", openers, t("web.illuminati.deal.open"), (e) => ctx.name(e.action[1])) : null,
    gift,
  );
}
