// The replay page of a finished game: its steps (the deal, then one per action) as one seat or a
// spectator saw them, drawn by the game's own board. The whole replay comes in one request
// (GET /api/tables/{id}/replay?seat=N); stepping is local. The address always holds the seat
// and the step (`?seat=1&step=12`), so copying it shares exactly this moment. The server gives
// a replay only for a finished game: nothing here can show a game still being played.

import { api, copyText, h, replace } from "./dom.js";
import { formatNumber, languageSwitcher, lang, setLang, t, tFirst, tMsg } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).at(-2) || "");
const page = { replay: null, step: 0, seat: null, board: null, memo: {} };

function readAddress() {
  const params = new URLSearchParams(location.search);
  const seat = params.get("seat");
  page.seat = seat !== null && /^\d+$/.test(seat) ? Number(seat) : null;
  page.step = Math.max(0, Number.parseInt(params.get("step") || "0", 10) || 0);
}

function writeAddress() {
  const params = new URLSearchParams(location.search);
  if (page.seat === null) params.delete("seat");
  else params.set("seat", String(page.seat));
  params.set("step", String(page.step));
  history.replaceState(null, "", `${location.pathname}?${params}`);
}

async function main() {
  readAddress();
  await setLang(lang());
  $("lang-slot").append(languageSwitcher(() => load()));
  $("to-table").href = `/t/${encodeURIComponent(tableId)}`;
  $("replay-first").addEventListener("click", () => go(0));
  $("replay-prev").addEventListener("click", () => go(page.step - 1));
  $("replay-next").addEventListener("click", () => go(page.step + 1));
  $("replay-last").addEventListener("click", () => go(Infinity));
  $("replay-range").addEventListener("input", (event) => go(Number(event.target.value)));
  $("replay-seat").addEventListener("change", (event) => {
    page.seat = event.target.value === "" ? null : Number(event.target.value);
    load();
  });
  $("replay-share").addEventListener("click", async () => {
    toast(t((await copyText(location.href)) ? "web.replay.link_copied" : "web.replay.link_shown", { link: location.href }));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select")) return;
    if (event.key === "ArrowRight") go(page.step + 1);
    if (event.key === "ArrowLeft") go(page.step - 1);
  });
  await load();
}

async function load() {
  const query = new URLSearchParams({ lang: lang() });
  if (page.seat !== null) query.set("seat", String(page.seat));
  try {
    page.replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?${query}`);
  } catch (error) {
    // Refused while the game is on (or no such table): say why, show nothing of it.
    document.body.classList.add("replay-refused");
    $("replay-bar").hidden = true;
    replace($("board"), h("div", { class: "panel fatal", role: "alert" }, h("p", { text: error.message }), h("a", { href: "/", class: "button primary", text: t("web.table.to_lobby") })));
    return;
  }
  if (!page.board || page.boardName !== page.replay.game) await loadBoard(page.replay.game);
  page.memo = {};
  seatChoices();
  go(page.step);
}

async function loadBoard(gameId) {
  try {
    page.board = await import(new URL(`../boards/${gameId}.js`, import.meta.url).href);
  } catch {
    page.board = await import(new URL("../boards/generic.js", import.meta.url).href);
  }
  page.boardName = gameId;
  document.body.dataset.board = gameId;
}

function seatName(seat) {
  return (page.replay.names || [])[seat] || t("ui.seat_name", { number: seat + 1 });
}

function seatChoices() {
  const options = [h("option", { value: "", text: t("web.replay.spectator"), selected: page.seat === null })];
  for (let seat = 0; seat < page.replay.players; seat += 1) {
    options.push(h("option", { value: String(seat), text: seatName(seat), selected: page.seat === seat }));
  }
  replace($("replay-seat"), options);
}

function go(step) {
  const steps = page.replay.steps;
  page.step = Math.min(steps.length - 1, Math.max(0, Number.isFinite(step) ? step : steps.length - 1));
  writeAddress();
  render();
}

function render() {
  const { steps, game } = page.replay;
  const step = steps[page.step];
  const last = page.step === steps.length - 1;
  const names = Array.from({ length: page.replay.players }, (_, i) => seatName(i));
  $("game-title").textContent = `${tFirst([`${game}.name`, game])} · ${t("web.replay.title")} · ${t("web.table.table_id", { id: tableId })}`;
  document.title = `${tFirst([`${game}.name`, game])} — ${t("web.replay.title")}`;
  $("replay-range").max = String(steps.length - 1);
  $("replay-range").value = String(page.step);
  $("replay-step").textContent = t("web.replay.step", { step: page.step, total: steps.length - 1 });
  $("replay-first").disabled = $("replay-prev").disabled = page.step === 0;
  $("replay-next").disabled = $("replay-last").disabled = last;
  $("replay-move").textContent = step.actor === null ? t("web.replay.deal") : t("web.replay.moved", { player: seatName(step.actor) });
  const log = steps.slice(0, page.step + 1).flatMap((s) => s.events);
  const ctx = {
    game,
    seat: page.seat,
    view: step.view,
    legal: [],
    events: step.events,
    log,
    actors: step.actors,
    seats: names.map((name, seat) => ({ seat, name, kind: "human", connected: true, autoplay: false })),
    deadline: null,
    outcome: last ? page.replay.outcome : null,
    names,
    name: seatName,
    memo: page.memo,
    pending: true,
    act: () => {},
    rerender: render,
    t,
    tFirst,
    tMsg: (msg) => tMsg(msg, names),
    number: formatNumber,
    h,
  };
  document.body.dataset.step = String(page.step);
  try {
    page.board.render($("board"), ctx);
  } catch (err) {
    replace($("board"), h("pre", { class: "error", text: String(err && err.stack ? err.stack : err) }));
  }
  replace($("log"), log.map((e) => h("li", { class: ["log-entry", `ev-${e.kind}`], text: e.text || e.kind })));
  $("log").scrollTop = $("log").scrollHeight;
}

let toastTimer = null;
function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 4000);
}

main().catch((err) => {
  document.body.prepend(h("p", { class: "error", role: "alert", text: String(err.message || err) }));
});
