// The board of last resort: any game's view JSON, laid out readably. Lists of card faces show
// as chips named by the game's catalog (`<game>.card.<face>`), hidden cards ("back") as card
// backs, seat-indexed lists under the players' names, and everything else as labelled values.
// The page's action list (beside the board) makes every game playable with this board alone.

const SKIP = new Set(["game", "outcome"]);
const SEAT_LISTS = /^(districts|hands|players_|seats|tableaus|boards|hand_counts|money|scores|vp)/;

export function render(root, ctx) {
  const { h } = ctx;
  const view = ctx.view || {};
  const rows = Object.entries(view)
    .filter(([name]) => !SKIP.has(name))
    .map(([name, value]) =>
      h("div", { class: "g-row", "data-key": name }, h("dt", { text: humanize(ctx, name) }), h("dd", {}, show(ctx, name, value))),
    );
  root.replaceChildren(h("div", { class: "generic-board" }, h("dl", { class: "g-view" }, rows)));
}

function humanize(ctx, name) {
  return ctx.tFirst([`${ctx.game}.view.${name}`, `web.view.${name}`, name.replace(/_/g, " ")]);
}

function show(ctx, name, value) {
  const { h } = ctx;
  if (value === null || value === undefined) return h("span", { class: "g-none", text: "—" });
  if (typeof value === "boolean") return h("span", { class: "g-bool", text: value ? "✓" : "✗" });
  if (typeof value === "number") {
    if ((name === "seat" || name.endsWith("_seat") || name === "active" || name === "closer") && Number.isInteger(value)) {
      return h("span", { class: "g-seat", text: ctx.name(value) });
    }
    return h("span", { class: "g-num", text: String(value) });
  }
  if (typeof value === "string") return face(ctx, value);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string" || v === null)) {
      return h("span", { class: "g-cards" }, value.map((v) => (v === null ? h("span", { class: "g-none", text: "·" }) : face(ctx, v))));
    }
    const perSeat = SEAT_LISTS.test(name) && ctx.view.players && value.length === ctx.view.players;
    return h(
      "ol",
      { class: "g-list", start: perSeat ? false : 0 },
      value.map((v, i) =>
        h(
          "li",
          { "data-index": i },
          perSeat ? h("span", { class: "g-seat", text: `${ctx.name(i)}: ` }) : null,
          show(ctx, name, v),
        ),
      ),
    );
  }
  if (typeof value === "object") {
    return h(
      "dl",
      { class: "g-object" },
      Object.entries(value).map(([k, v]) => h("div", { class: "g-row" }, h("dt", { text: humanize(ctx, k) }), h("dd", {}, show(ctx, k, v)))),
    );
  }
  return h("span", { text: String(value) });
}

/** A string value: a hidden card, a known card face or phase, or plain text. */
function face(ctx, value) {
  const { h } = ctx;
  if (value === "back") return h("span", { class: "g-card back", "data-face": "back", title: ctx.t("web.hidden_card") });
  const keys = [`${ctx.game}.card.${value}`, `${ctx.game}.phase.${value}`];
  const known = keys.find((k) => ctx.t(k) !== k);
  if (known && known.includes(".card.")) return h("span", { class: "g-card face", "data-face": value, text: ctx.t(known) });
  return h("span", { class: "g-text", text: known ? ctx.t(known) : value });
}
