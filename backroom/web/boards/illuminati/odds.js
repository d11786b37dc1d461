// The odds dialog of an Illuminati attack: while it is built and spent on, every term of the
// number needed (the view's `attack.breakdown`, from backroom/games/illuminati/odds.py: they add
// up to `need`), the number needed on two dice and its chance; the choices of the moment
// (attacker, aiding groups, how to announce, cancel) as buttons. Once the dice are down, the
// roll with its arithmetic, which stays until the next attack.

/** The roll of the last attack from this update's events, kept in `memo.roll`. */
export function noteRoll(ctx) {
  const { memo } = ctx;
  const events = ctx.events || [];
  if (events === memo.rollEvents) {
    // The same update drawn again (a click, a language switch): the dice have rolled already.
    if (memo.roll) memo.roll.fresh = false;
  } else {
    memo.rollEvents = events;
    for (const e of events) {
      if (e.kind === "roll") memo.roll = { dice: e.params.dice, need: e.params.need, seat: e.params.seat, fresh: true };
      else if (e.kind === "result" && memo.roll) memo.roll = { ...memo.roll, final: e.params.roll, success: e.params.success };
    }
  }
  const attack = ctx.view.attack;
  if (attack && attack.roll === undefined && memo.roll) memo.roll = null; // a new attack
}

/** A chance as the boards show it: a percentage to one decimal, in the page's language. */
export function percent(ctx, chance) {
  return ctx.number(Math.round(chance * 1000) / 10);
}

/** Two dice make at least 2 (LOWEST_ROLL in backroom/games/illuminati/cards.py): an attack that
 * needs less cannot succeed, and says by how much it falls short; otherwise null. */
export function hopeless(ctx, attack) {
  return attack.need < 2 ? ctx.t("illuminati.ui.hopeless", { short: 2 - attack.need }) : null;
}

/** What a roll needs, in words (attack.needing in backroom/games/illuminati/attack.py): never
 * "needed -9 or less". */
export function needing(ctx, need) {
  return need < 2 ? ctx.t("illuminati.needing.none") : ctx.t("illuminati.needing.some", { need });
}

function dice(ctx, roll) {
  const { h, t } = ctx;
  const [a, b] = roll.dice;
  const total = a + b;
  const final = roll.final === undefined ? total : roll.final;
  const result = roll.success === undefined ? null : t(`illuminati.result.${roll.success ? "success" : "failure"}`);
  return h(
    "div",
    { class: ["il-roll", roll.fresh && "rolling", roll.success === true && "won", roll.success === false && "lost"], "data-roll": final },
    h("span", { class: "il-die", text: String(a) }),
    h("span", { class: "il-die", text: String(b) }),
    h("span", {
      class: "il-roll-sum",
      text: t("web.illuminati.roll_sum", { a, b, roll: total, needing: needing(ctx, roll.need) }) + (final !== total ? ` → ${final}` : "") + (result ? ` · ${result}` : ""),
    }),
  );
}

/** The dialog, or null when no attack is in flight and no roll is to be shown. */
export function oddsDialog(ctx, cardName, button) {
  const { h, t, view, memo } = ctx;
  const attack = view.attack;
  if (!attack) {
    const last = memo.roll ? dice(ctx, memo.roll) : null;
    if (memo.roll) memo.roll.fresh = false;
    return last && h("section", { class: "il-odds past", "data-odds": "past" }, last);
  }
  const mode = t(`illuminati.mode.${attack.mode}`);
  const title = attack.attacker
    ? t("illuminati.ui.attack", { mode, target_card: cardName(attack.target), card: cardName(attack.attacker) })
    : t("illuminati.ui.attack_target", { mode, target_card: cardName(attack.target) });
  const rows = (attack.breakdown || []).map((p) =>
    h(
      "tr",
      { "data-part": p.part },
      h("td", { text: t(`web.illuminati.part.${p.part}`, { card: p.card ? cardName(p.card) : "", mb: p.mb }) }),
      h("td", { class: "il-term", text: p.value > 0 ? `+${p.value}` : String(p.value) }),
    ),
  );
  const table = rows.length
    ? h(
        "table",
        { class: "il-breakdown" },
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", { text: t("web.illuminati.part.need") }), h("th", { class: "il-need", text: String(attack.need) }))),
      )
    : null;
  const chance =
    attack.chance === undefined
      ? null
      : h(
          "div",
          { class: "il-chance" },
          h("span", { class: "il-chance-bar" }, h("i", { style: `width:${Math.round(attack.chance * 100)}%` })),
          h("span", { "data-chance": attack.chance, text: hopeless(ctx, attack) || t("illuminati.ui.need", { need: attack.need, chance: percent(ctx, attack.chance) }) }),
        );
  const choices = ctx.legal.filter((e) => ["attacker", "aid", "announce", "cancel"].includes(e.action[0]));
  const asked = choices.length
    ? h(
        "div",
        { class: "big-buttons il-odds-choices" },
        choices.map((e) => button(e, { class: e.action[0] === "cancel" ? "do-pass" : "use" }, e.label)),
      )
    : null;
  const hint = attack.attacker ? null : h("p", { class: "hint", text: t("web.illuminati.hint.attacker") });
  const roll = attack.roll !== undefined && memo.roll ? dice(ctx, memo.roll) : null;
  if (memo.roll) memo.roll.fresh = false;
  return h(
    "section",
    { class: "il-odds", role: "dialog", "aria-label": title, "data-odds": view.phase },
    h("h3", { text: title }),
    attack.privileged ? h("p", { class: "il-privileged", text: t("web.illuminati.privileged") }) : null,
    table,
    chance,
    roll,
    hint,
    asked,
  );
}
