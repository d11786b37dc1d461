// The table page: one WebSocket to the server, which is authoritative. The page keeps the
// last update (view, legal actions, seats, deadline, outcome), hands it to the game's board
// module, and always also lists the legal actions as plain buttons, so a game without a
// dedicated board is still playable. A dropped connection is retried with exponential backoff;
// the server re-sends the full view on join, so nothing is kept between connections but the log.

import { mountAlerts, showAsked } from "./alerts.js";
import { Chat } from "./chat.js";
import { Connection } from "./connection.js";
import { api, copyText, h, replace } from "./dom.js";
import { formatNumber, has, languageSwitcher, lang, setLang, storage, t, tFirst, tMsg } from "./i18n.js";
import { endExtras } from "./rematch.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let token = resolveToken();

const page = {
  seat: null,
  game: null,
  players: 0,
  update: null,
  log: [],
  board: null,
  boardName: null,
  memo: {},
  pending: null,
  endDismissed: false,
  conn: null,
  online: false,
};

function resolveToken() {
  const params = new URLSearchParams(location.search);
  const key = `backroom.token.${tableId}`;
  const fromUrl = params.get("token");
  if (fromUrl) {
    // Kept in this browser's storage and taken out of the address bar at once, so it stays
    // out of the history, of bookmarks and of anything shared by copying the address; a
    // reload finds it in storage and lands in the same seat.
    storage.set(key, fromUrl);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
    return fromUrl;
  }
  if (params.has("spectate")) return null;
  return storage.get(key);
}

async function main() {
  await setLang(lang());
  $("lang-slot").append(
    languageSwitcher(() => {
      // Event texts are translated by the server: rejoin in the new language for the log.
      page.conn.restart();
      render();
    }),
  );
  mountAlerts($("alerts-slot"));
  $("new-link").hidden = !token;
  $("new-link").addEventListener("click", newInviteLink);
  $("end-close").addEventListener("click", () => {
    page.endDismissed = true;
    $("end").hidden = true;
  });
  page.chat = new Chat({ tableId, send: (m) => page.conn.send(m), seatName, token: () => token, toast });
  $("actions-panel").after(page.chat.el);
  page.conn = new Connection({
    url: () => socketUrl(),
    onMessage: receive,
    onState: showConnection,
  });
  page.conn.start();
  window.addEventListener("online", () => page.conn.nudge());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") page.conn.nudge();
  });
  setInterval(tickDeadline, 250);
  render();
}

/** Replace this seat's token: every earlier invite link stops working (one that leaked is
 * revoked); the new link is copied for the player to send again. */
async function newInviteLink() {
  try {
    const fresh = await api(`/api/tables/${encodeURIComponent(tableId)}/token?lang=${lang()}`, {
      method: "POST",
      body: { token },
    });
    token = fresh.token;
    storage.set(`backroom.token.${tableId}`, token);
    const link = new URL(fresh.invite, location.href).href;
    const copied = await copyText(link);
    toast(t(copied ? "web.table.new_link_copied" : "web.table.new_link_made", { link }));
    page.conn.restart();
  } catch (error) {
    toast(error.message);
  }
}

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams({ lang: lang(), chat: "1" });
  if (token) query.set("token", token);
  return `${scheme}//${location.host}/ws/${encodeURIComponent(tableId)}?${query}`;
}

async function receive(message) {
  switch (message.type) {
    case "welcome":
      page.seat = message.seat;
      page.game = message.game;
      page.players = message.players;
      // A deal from a seed the creator chose is no secret to them: say so to every seat.
      $("seeded").hidden = !message.seeded;
      page.log = [];
      page.pending = null;
      page.joined = true;
      page.chat.welcome(message);
      await loadBoard(message.game);
      render();
      break;
    case "update":
      page.update = message;
      // The first update after joining carries the recent log, not news: nothing to animate.
      page.fresh = !page.joined;
      page.joined = false;
      page.log.push(...(message.events || []));
      if (page.log.length > 400) page.log.splice(0, page.log.length - 400);
      page.pending = null;
      render();
      break;
    case "chat":
    case "watchers":
      page.chat.receive(message);
      break;
    case "ack":
      if (page.pending === message.id) page.pending = null;
      break;
    case "error":
      page.pending = null;
      if (["bad_token", "unknown_table", "damaged_table"].includes(message.code)) {
        // Said once, in the page's own panel; a toast would repeat it.
        page.conn.stop(message.message);
        page.fatal = message.message || t(`web.error.${message.code}`);
      } else {
        toast(message.message || tFirst([`web.error.${message.code}`, "web.error.generic"]));
      }
      render();
      break;
    default:
      break;
  }
}

async function loadBoard(gameId) {
  if (page.boardName === gameId) return;
  page.memo = {};
  try {
    page.board = await import(new URL(`../boards/${gameId}.js`, import.meta.url).href);
    page.boardName = gameId;
  } catch {
    page.board = await import(new URL("../boards/generic.js", import.meta.url).href);
    page.boardName = "generic";
  }
  document.body.dataset.board = page.boardName;
}

/** Send an action for this seat. Buttons are disabled until the server answers. */
function act(action) {
  const update = page.update;
  if (!update || page.pending) return;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  if (!page.conn.send({ type: "act", action, version: update.version, id })) {
    toast(t("web.error.offline"));
    return;
  }
  page.pending = id;
  // What you saw privately without the memory aid stays in the log only until you act:
  // from then on you must remember it, as at the table.
  page.log = page.log.filter((e) => !e.transient);
  document.body.classList.add("busy");
}

function seatName(seat) {
  const info = ((page.update && page.update.seats) || []).find((s) => s.seat === seat);
  return (info && info.name) || t("ui.seat_name", { number: seat + 1 });
}

function names() {
  const n = page.players || (page.update && page.update.seats ? page.update.seats.length : 0);
  return Array.from({ length: n }, (_, i) => seatName(i));
}

function context() {
  const update = page.update;
  return {
    game: page.game,
    seat: page.seat,
    view: update.view,
    legal: update.legal || [],
    events: page.fresh ? update.events || [] : [],
    log: page.log,
    actors: update.actors || [],
    seats: update.seats || [],
    deadline: update.deadline,
    outcome: update.outcome,
    names: names(),
    name: seatName,
    memo: page.memo,
    pending: Boolean(page.pending),
    act,
    rerender: render,
    t,
    tFirst,
    tMsg: (msg) => tMsg(msg, names()),
    number: formatNumber,
    h,
  };
}

function render() {
  document.body.classList.toggle("busy", Boolean(page.pending));
  const update = page.update;
  $("game-title").textContent = page.game
    ? `${tFirst([`${page.game}.name`, page.game])} · ${t("web.table.table_id", { id: tableId })}`
    : t(page.fatal ? "web.table.cannot_join" : "web.table.connecting");
  const rules = page.game ? `${page.game}.rules` : "";
  $("rules-panel").hidden = !rules || !has(rules);
  $("rules-text").textContent = rules && has(rules) ? t(rules) : "";
  if (page.fatal) {
    replace(
      $("board"),
      h("div", { class: "panel fatal", role: "alert" }, h("p", { text: page.fatal }), h("a", { href: "/", class: "button primary", text: t("web.table.to_lobby") })),
    );
    return;
  }
  if (!update) return;
  document.body.dataset.version = String(update.version);
  const ctx = context();
  // Offline, nothing can be played: the board stays in view, dimmed, until the socket is back.
  const mine = ctx.legal.length > 0 && page.online;
  document.body.classList.toggle("my-turn", mine);
  document.body.classList.toggle("offline", !page.online && !ctx.outcome);
  // The tab's title and icon say it too (and a sound or notification, if the player wants),
  // for a player who is looking at another tab.
  const title = `${tFirst([`${page.game}.name`, page.game])} — ${t("web.table.title")}`;
  showAsked({ asked: mine, window: ctx.actors.length > 1, title, version: update.version });
  renderBanner(ctx);
  try {
    page.board.render($("board"), ctx);
  } catch (err) {
    // A board bug must never lock a player out: the action list below still works.
    replace($("board"), h("pre", { class: "error", text: String(err && err.stack ? err.stack : err) }));
  }
  renderActions(ctx);
  renderPlayers(ctx);
  renderLog();
  renderEnd(ctx);
}

function renderBanner(ctx) {
  const banner = $("banner");
  let text;
  let kind = "wait";
  if (ctx.outcome) {
    text = t("web.banner.over");
    kind = "over";
  } else if (!page.online) {
    text = t("web.banner.offline");
    kind = "offline";
  } else if (ctx.legal.length) {
    text = ctx.actors.length > 1 ? t("web.banner.your_reaction") : t("web.banner.your_turn");
    kind = "mine";
  } else if (page.seat === null) {
    text = t("web.banner.spectating", { players: ctx.actors.map(seatName).join(", ") });
  } else {
    text = t("web.banner.waiting", { players: ctx.actors.map(seatName).join(", ") });
  }
  const results = ctx.outcome
    ? h("button", {
        type: "button",
        id: "show-results",
        class: "small",
        text: t("web.end.show"),
        onclick: () => {
          page.endDismissed = false;
          render();
        },
      })
    : null;
  replace(banner, h("span", { class: "banner-text", text }), h("span", { id: "countdown", class: "countdown" }), results);
  banner.dataset.kind = kind;
  tickDeadline();
}

function tickDeadline() {
  const el = $("countdown");
  const update = page.update;
  if (!el || !update) return;
  if (!update.deadline || update.outcome) {
    el.textContent = "";
    el.hidden = true;
    return;
  }
  const seconds = Math.max(0, Math.ceil((update.deadline - Date.now()) / 1000));
  el.hidden = false;
  el.textContent = t("web.countdown", { seconds });
  el.classList.toggle("urgent", seconds <= 5);
}

/** A longer list is chosen in steps: the card first (a group per card the actions play, as
 * Corruption's 78 plays), then its use. Every action is still a button with its label. */
const STEPS_ABOVE = 12;

function renderActions(ctx) {
  const box = $("actions");
  if (!ctx.legal.length) {
    replace(box, h("p", { class: "hint", text: page.seat === null ? t("web.table.spectator") : t("web.table.nothing_to_do") }));
    return;
  }
  const button = (entry) =>
    h("button", {
      type: "button",
      class: "action",
      "data-action": JSON.stringify(entry.action),
      disabled: ctx.pending,
      text: entry.label,
      onclick: () => act(entry.action),
    });
  const groups = new Map();
  for (const entry of ctx.legal) {
    const card = ctx.legal.length > STEPS_ABOVE && typeof entry.action[1] === "string" ? entry.action[1] : JSON.stringify(entry.action);
    if (!groups.has(card)) groups.set(card, []);
    groups.get(card).push(entry);
  }
  replace(
    box,
    [...groups].map(([card, entries]) =>
      entries.length === 1
        ? button(entries[0])
        : h(
            "details",
            {
              class: "action-group",
              "data-card": card,
              open: page.openGroup === card,
              ontoggle: (event) => {
                if (event.target.open) page.openGroup = card;
              },
            },
            h("summary", { class: "button", text: t("web.table.card_uses", { card: groupName(card, entries), count: entries.length }) }),
            h("div", { class: "group-uses" }, entries.map(button)),
          ),
    ),
  );
}

/** A group of actions by its card's name, or (for an argument that is no card, such as an
 * amount's side) by the words all its labels begin with: never a bare "for" or "group". */
function groupName(card, entries) {
  const key = `${page.game}.card.${card}`;
  if (has(key)) return t(key);
  const words = entries.map((e) => e.label.split(" "));
  let shared = 0;
  while (words.every((w) => shared < w.length - 1 && w[shared] === words[0][shared])) shared += 1;
  return shared ? `${words[0].slice(0, shared).join(" ")}…` : card;
}

function renderPlayers(ctx) {
  replace(
    $("players"),
    ctx.seats.map((s) =>
      h(
        "li",
        {
          class: ["player", ctx.actors.includes(s.seat) && "acting", s.seat === page.seat && "me", !s.connected && s.kind !== "bot" && "away"],
          "data-seat": s.seat,
        },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("span", { class: "player-name", text: seatName(s.seat) }),
        s.seat === page.seat
          ? h("span", { class: "tag", text: t("web.you") })
          : h("span", { class: "tag muted", text: t(`web.seat_kind.${s.kind === "human" ? "invite" : s.kind}`) }),
        s.autoplay ? h("span", { class: "tag warn", text: t("web.table.autoplay") }) : null,
        !s.connected && s.kind !== "bot" ? h("span", { class: "tag muted", text: t("web.table.away") }) : null,
      ),
    ),
  );
}

function renderLog() {
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  replace(
    log,
    page.log.map((e) =>
      h("li", {
        class: ["log-entry", `ev-${e.kind}`, e.transient ? "transient" : ""],
        text: e.text || e.kind,
      }),
    ),
  );
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function renderEnd(ctx) {
  const end = $("end");
  const outcome = ctx.outcome;
  if (!outcome) {
    end.hidden = true;
    page.endDismissed = false;
    return;
  }
  const winners = outcome.winners || [];
  let title;
  if (page.seat !== null && winners.includes(page.seat)) title = winners.length > 1 ? t("web.end.you_share") : t("web.end.you_win");
  else title = t("web.end.winners", { players: winners.map(seatName).join(", ") });
  $("end-title").textContent = title;
  $("end-reason").textContent = outcome.text || "";
  const order = ctx.seats.map((s) => s.seat).sort((a, b) => outcome.ranks[a] - outcome.ranks[b]);
  // A board says how its game's score reads (dollars, victory points) and how the rulebook
  // adds it up ({total, lead?, parts}); any other game shows the bare number.
  const score = (seat) => (page.board.endScore ? page.board.endScore(ctx, seat) : { total: formatNumber(outcome.scores[seat]), parts: [] });
  replace(
    $("scores"),
    order.map((seat) => {
      const s = score(seat);
      // Each part stays whole on one line; the parts wrap between them, under the name.
      const parts = s.parts.flatMap((part, i) => [i ? " " : null, h("span", { class: "part", text: i ? `+ ${part}` : part })]);
      return h(
        "tr",
        { class: [outcome.ranks[seat] === 1 && "winner", seat === page.seat && "me"], "data-seat": seat },
        h("td", { text: outcome.ranks[seat] }),
        h(
          "td",
          {},
          h("span", { class: "score-name", text: seatName(seat) }),
          s.parts.length ? h("div", { class: "score-parts" }, s.lead ? `${s.lead} ` : null, parts) : null,
        ),
        h("td", { class: "score-total", text: s.total }),
      );
    }),
  );
  replace($("end-extra"), endExtras({ tableId, token, seat: page.seat, rematch: page.update.rematch, onError: toast }));
  end.hidden = page.endDismissed;
}

let toastTimer = null;
function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 4000);
}

function showConnection(state, detail) {
  const online = state === "open";
  if (online !== page.online) {
    page.online = online;
    render();
  }
  const el = $("conn");
  el.dataset.state = state;
  el.textContent = state === "retry" ? t("web.conn.retry", { seconds: Math.ceil(detail / 1000) }) : t(`web.conn.${state}`);
}

main().catch((err) => {
  document.body.prepend(h("p", { class: "error", role: "alert", text: String(err.message || err) }));
});
