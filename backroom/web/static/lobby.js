// The lobby: pick a game and its options, fill the seats, create the table, hand out the
// invite links, and watch who has joined. Everything shown is rebuilt from data on a language
// switch, so no text is ever left in the previous language.

import { api, copyText, h, replace } from "./dom.js";
import { has, languageSwitcher, lang, setLang, storage, t, tFirst } from "./i18n.js";
import { labelTimerChoices, readTimers } from "./idle.js";
import { lobbyLinks } from "./rematch.js";

const $ = (id) => document.getElementById(id);
const SEAT_KINDS = ["you", "invite", "agent", "bot"];
const MY_TABLES = "backroom.tables";

let games = [];
let game = null;
let seatChoices = [];
let created = null;
let pollTimer = null;

async function main() {
  await setLang(lang());
  $("lang-slot").append(languageSwitcher(() => renderAll()));
  games = (await api("/api/games")).games;
  game = games[0] || null;
  renderAll();
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    createTable();
  });
  $("players").addEventListener("change", () => {
    clampPlayers();
    renderSeats();
  });
  $("players").addEventListener("input", () => {
    const n = +$("players").value;
    if (game && Number.isInteger(n) && n >= game.min_players && n <= game.max_players) renderSeats();
  });
  $("another").addEventListener("click", () => {
    created = null;
    clearInterval(pollTimer);
    $("created-panel").hidden = true;
    $("create-panel").hidden = false;
  });
  refreshTables();
  setInterval(refreshTables, 5000);
  $("older-tables").addEventListener("click", () => {
    pages += 1;
    refreshTables();
  });
}

function gameName(g) {
  return (g.name && (g.name[lang()] || g.name.en)) || tFirst([`${g.id}.name`]);
}

function renderAll() {
  for (const option of $("turn-timer").options) {
    if (option.value) option.textContent = t("web.lobby.turn_timer.after", { seconds: option.value });
  }
  labelTimerChoices();
  renderGames();
  renderOptions();
  renderSeats();
  renderMyTables();
  refreshTables();
  if (created) renderCreated();
}

function renderGames() {
  replace(
    $("game-list"),
    games.map((g) =>
      h(
        "label",
        { class: ["game-choice", g === game && "chosen"], "data-game": g.id },
        h("input", {
          type: "radio",
          name: "game",
          value: g.id,
          checked: g === game,
          onchange: () => {
            game = g;
            seatChoices = [];
            renderGames();
            renderOptions();
            renderSeats();
          },
        }),
        h("span", { class: "game-name", text: gameName(g) }),
        h("span", { class: "game-players", text: t("web.lobby.player_range", { low: g.min_players, high: g.max_players }) }),
      ),
    ),
  );
  if (!game) return;
  const summary = `${game.id}.summary`;
  const rules = `${game.id}.rules`;
  $("game-summary").textContent = has(summary) ? t(summary) : "";
  $("game-rules").hidden = !has(rules);
  $("game-rules-text").textContent = has(rules) ? t(rules) : "";
  const players = $("players");
  players.min = game.min_players;
  players.max = game.max_players;
  if (!players.value || +players.value < game.min_players || +players.value > game.max_players) {
    players.value = Math.min(Math.max(4, game.min_players), game.max_players);
  }
}

function clampPlayers() {
  const players = $("players");
  const n = Math.round(+players.value || game.min_players);
  players.value = Math.min(Math.max(n, game.min_players), game.max_players);
}

function optionLabel(spec) {
  return (spec.label && (spec.label[lang()] || spec.label.en)) || t(`${game.id}.option.${spec.name}`);
}

function renderOptions() {
  const box = $("options");
  const previous = readOptions();
  replace(box);
  $("options-box").hidden = !game || !game.options.length;
  if (!game) return;
  for (const spec of game.options) {
    const id = `opt-${spec.name}`;
    const value = spec.name in previous ? previous[spec.name] : spec.default;
    let input;
    if (typeof spec.default === "boolean") {
      input = h("input", { id, type: "checkbox", "data-option": spec.name, checked: Boolean(value) });
    } else if (spec.choices && spec.choices.length) {
      input = h(
        "select",
        { id, "data-option": spec.name },
        spec.choices.map((c) =>
          h("option", { value: c, selected: c === value, text: tFirst([`${game.id}.option.${spec.name}.${c}`, c].filter(Boolean)) }),
        ),
      );
    } else if (typeof spec.default === "number") {
      input = h("input", {
        id,
        type: "number",
        "data-option": spec.name,
        value,
        min: spec.low ?? false,
        max: spec.high ?? false,
        step: 1,
      });
    } else {
      input = h("input", { id, type: "text", "data-option": spec.name, value });
    }
    const helpKey = `${game.id}.option.${spec.name}.help`;
    const help = t(helpKey) !== helpKey ? h("small", { class: "help", text: t(helpKey) }) : null;
    const isBool = typeof spec.default === "boolean";
    box.append(
      h(
        "div",
        { class: ["option", isBool && "option-bool"] },
        isBool
          ? h("label", { for: id }, input, " ", optionLabel(spec))
          : [h("label", { for: id, text: optionLabel(spec) }), input],
        help,
      ),
    );
  }
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
    else if (input.type === "number") options[name] = Math.round(+input.value);
    else options[name] = input.value;
  }
  return options;
}

function defaultSeat(i) {
  const bots = game.bots || [];
  return { kind: i === 0 ? "you" : "bot", bot: bots.includes("heuristic") ? "heuristic" : bots[0], name: "" };
}

function renderSeats() {
  if (!game) return;
  const n = +$("players").value;
  while (seatChoices.length < n) seatChoices.push(defaultSeat(seatChoices.length));
  seatChoices.length = n;
  replace(
    $("seats"),
    seatChoices.map((seat, i) => {
      const kind = h(
        "select",
        {
          class: "seat-kind",
          "data-seat": i,
          "aria-label": t("web.seat_n", { number: i + 1 }),
          onchange: (event) => {
            const chosen = event.target.value;
            if (chosen === "you") for (const other of seatChoices) if (other.kind === "you") other.kind = "invite";
            seat.kind = chosen;
            renderSeats();
          },
        },
        SEAT_KINDS.map((k) => h("option", { value: k, selected: k === seat.kind, text: t(`web.seat_kind.${k}`) })),
      );
      const bot =
        seat.kind === "bot"
          ? h(
              "select",
              {
                class: "seat-bot",
                "data-seat": i,
                "aria-label": t("web.lobby.bot_kind"),
                onchange: (event) => (seat.bot = event.target.value),
              },
              (game.bots || []).map((b) => h("option", { value: b, selected: b === seat.bot, text: tFirst([`web.bot.${b}`, b]) })),
            )
          : null;
      const name =
        seat.kind === "bot"
          ? null
          : h("input", {
              class: "seat-name",
              "data-seat": i,
              type: "text",
              maxlength: 24,
              value: seat.name,
              placeholder: t("web.lobby.name_placeholder"),
              "aria-label": t("web.lobby.name"),
              oninput: (event) => (seat.name = event.target.value),
            });
      return h("li", { class: "seat-row" }, h("span", { class: "seat-label", text: t("web.seat_n", { number: i + 1 }) }), kind, bot, name);
    }),
  );
}

async function createTable() {
  const error = $("create-error");
  error.hidden = true;
  clampPlayers();
  renderSeats();
  const timer = $("turn-timer").value;
  const body = {
    game: game.id,
    players: +$("players").value,
    options: readOptions(),
    seats: seatChoices.map((seat) => {
      if (seat.kind === "bot") return { kind: "bot", bot: seat.bot };
      const out = { kind: seat.kind === "agent" ? "agent" : "human" };
      if (seat.name.trim()) out.name = seat.name.trim();
      return out;
    }),
    bot_delay: +$("bot-pace").value,
    turn_timer: timer ? +timer : null,
    timers: readTimers(),
    hidden: $("hidden").checked,
  };
  const button = $("create");
  button.disabled = true;
  try {
    const table = await api(`/api/tables?lang=${lang()}`, { method: "POST", body });
    const mine = seatChoices.findIndex((s) => s.kind === "you");
    created = { table, mine };
    remember(table, mine);
    renderCreated();
    $("create-panel").hidden = true;
    $("created-panel").hidden = false;
    pollJoined();
  } catch (err) {
    error.textContent = t("web.lobby.create_failed", { reason: err.message });
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function absolute(path) {
  return new URL(path, location.origin).href;
}

function renderCreated(status) {
  const { table, mine } = created;
  const connected = new Map(((status && status.seats) || []).map((s) => [s.seat, s.connected]));
  replace(
    $("created-seats"),
    table.seats.map((seat) => {
      const isMine = seat.seat === mine;
      const joined = seat.kind === "bot" || connected.get(seat.seat);
      const row = h(
        "li",
        { class: ["created-seat", isMine && "mine"], "data-seat": seat.seat },
        h("span", { class: "seat-label", text: t("web.seat_n", { number: seat.seat + 1 }) }),
        h("span", { class: "seat-who", text: seat.name || t("ui.seat_name", { number: seat.seat + 1 }) }),
        h("span", { class: "seat-kind-tag", text: isMine ? t("web.seat_kind.you") : t(`web.seat_kind.${seat.kind === "human" ? "invite" : seat.kind}`) }),
        h("span", { class: ["joined", joined ? "yes" : "no"], text: joined ? t("web.lobby.joined") : t("web.lobby.waiting") }),
      );
      if (seat.invite && !isMine) {
        const link = absolute(seat.invite);
        const input = h("input", { class: "invite-link", type: "text", readonly: true, value: link, "aria-label": t("web.lobby.invite_link") });
        const copy = h("button", {
          type: "button",
          class: "copy",
          text: t("web.copy"),
          onclick: async () => {
            const ok = await copyText(link);
            copy.textContent = ok ? t("web.copied") : t("web.copy_failed");
            setTimeout(() => (copy.textContent = t("web.copy")), 1500);
          },
        });
        row.append(h("span", { class: "invite" }, input, copy));
        if (seat.kind === "human" && !joined) row.append(botButton(table, seat));
      }
      return row;
    }),
  );
  const open = $("open-seat");
  const minePlace = table.seats.find((s) => s.seat === mine);
  open.hidden = !(minePlace && minePlace.invite);
  if (minePlace && minePlace.invite) open.href = minePlace.invite;
  $("spectate").href = `${table.spectate || `/t/${table.id}`}?spectate`;
}

/** The host hands a seat whose invitee never came to a bot; the invite link stops working. */
function botButton(table, seat) {
  const button = h("button", {
    type: "button",
    class: "small to-bot",
    text: t("web.lobby.to_bot"),
    onclick: async () => {
      button.disabled = true;
      try {
        await api(`/api/tables/${encodeURIComponent(table.id)}/bot?lang=${lang()}`, { method: "POST", body: { token: seat.token } });
        Object.assign(seat, { kind: "bot", invite: null, token: null });
        renderCreated();
      } catch (err) {
        button.replaceWith(h("span", { class: "error small", role: "alert", text: err.message }));
      }
    },
  });
  return button;
}

/** Take a seat nobody has come to, straight from the tables list, and sit down. */
async function claimSeat(row, button) {
  button.disabled = true;
  try {
    const seat = await api(`/api/tables/${encodeURIComponent(row.id)}/claim?lang=${lang()}`, { method: "POST", body: {} });
    remember({ id: row.id, game: row.game, seats: [seat] }, seat.seat);
    location.href = seat.invite;
  } catch (err) {
    button.replaceWith(h("span", { class: "error small", role: "alert", text: err.message }));
  }
}

function pollJoined() {
  clearInterval(pollTimer);
  const tick = async () => {
    if (!created) return;
    try {
      renderCreated(await api(`/api/tables/${created.table.id}`));
    } catch {
      // The next tick tries again; a table list refresh shows if the table is gone.
    }
  };
  tick();
  pollTimer = setInterval(tick, 2000);
}

function remember(table, mine) {
  const seat = table.seats.find((s) => s.seat === mine);
  if (!seat || !seat.token) return;
  storage.set(`backroom.token.${table.id}`, seat.token);
  const list = myTables().filter((m) => m.id !== table.id);
  list.unshift({ id: table.id, game: table.game, seat: mine, invite: seat.invite, created: Date.now() });
  storage.set(MY_TABLES, JSON.stringify(list.slice(0, 10)));
  renderMyTables();
}

function myTables() {
  try {
    return JSON.parse(storage.get(MY_TABLES) || "[]");
  } catch {
    return [];
  }
}

function nameOf(gameId) {
  const g = games.find((x) => x.id === gameId);
  return g ? gameName(g) : gameId;
}

function renderMyTables() {
  const list = myTables();
  replace(
    $("my-tables"),
    list.length
      ? [
          h("h3", { text: t("web.lobby.my_tables") }),
          h(
            "ul",
            { class: "my-tables" },
            list.map((m) =>
              h("li", {}, h("a", { href: m.invite, text: t("web.lobby.my_table", { game: nameOf(m.game), seat: m.seat + 1, id: m.id }) })),
            ),
          ),
        ]
      : [],
  );
}

/** Pages of the table list shown: 200 tables each, the newest first ("Older tables" adds one). */
let pages = 1;

async function refreshTables() {
  const tables = [];
  let next = null;
  try {
    for (let page = 0; page < pages; page++) {
      const answer = await api(`/api/tables${next ? `?before=${encodeURIComponent(next)}` : ""}`);
      tables.push(...(answer.tables || []));
      next = answer.next;
      if (!next) break;
    }
  } catch {
    return;
  }
  $("no-tables").hidden = tables.length > 0;
  $("older-tables").hidden = !next;
  replace(
    $("tables"),
    tables.map((row) =>
      h(
        "tr",
        { "data-table": row.id },
        h("td", { text: nameOf(row.game) }),
        h("td", { text: row.players }),
        // Seats a newcomer may take (Join), not those whose player has only stepped away.
        h("td", { text: row.free_seats }),
        h("td", { text: tFirst([`web.status.${row.status}`, row.status]) }),
        h(
          "td",
          {},
          storage.get(`backroom.token.${row.id}`)
            ? h("a", { href: `/t/${row.id}`, class: "button small primary", text: t("web.lobby.my_seat") })
            : [
                row.free_seats > 0 && row.status !== "over"
                  ? h("button", { type: "button", class: "small primary join", text: t("web.lobby.join"), onclick: (e) => claimSeat(row, e.currentTarget) })
                  : null,
                h("a", { href: `/t/${row.id}?spectate`, class: "button small", text: t("web.lobby.watch") }),
              ],
          lobbyLinks(row),
        ),
      ),
    ),
  );
}

main().catch((err) => {
  document.body.prepend(h("p", { class: "error", role: "alert", text: String(err.message || err) }));
});
