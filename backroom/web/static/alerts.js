// Your-turn alerts: a player looking at another tab learns that the table asks them (their
// turn, or a reaction window). The tab's title and icon say so whenever they are asked; while
// the tab is in the background a new question also plays a short sound and shows a browser
// notification, each only if the player turned it on in the alerts settings. The sound is made
// here with Web Audio (nothing downloaded); notification permission is asked once, from the
// click that turns notifications on, as browsers require.

import { h, replace } from "./dom.js";
import { storage, t } from "./i18n.js";

const SOUND = "backroom.alerts.sound";
const NOTIFY = "backroom.alerts.notify";
const ASKED = "backroom.alerts.asked";

const state = { icon: null, plain: null, lastAsk: null, audio: null };

/** The favicon with a bright dot: "this tab wants you". */
const ALERT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='2' y='1' width='12' height='14' rx='2' fill='%23b5412d'/%3E%3Ccircle cx='12' cy='4' r='4' fill='%23f2c14e' stroke='%23fff'/%3E%3C/svg%3E";

const canNotify = () => typeof Notification !== "undefined";

/** The settings: two checkboxes under a "Alerts" summary, placed in `slot`. */
export function mountAlerts(slot) {
  state.icon = document.querySelector("link[rel~='icon']");
  state.plain = state.icon ? state.icon.getAttribute("href") : null;
  renderSettings(slot);
}

function renderSettings(slot) {
  const sound = h("input", {
    type: "checkbox",
    id: "alert-sound",
    checked: storage.get(SOUND) === "1",
    onchange: (event) => {
      storage.set(SOUND, event.target.checked ? "1" : "0");
      if (event.target.checked) beep(); // a click may start audio: let the player hear it once
    },
  });
  const notify = h("input", {
    type: "checkbox",
    id: "alert-notify",
    checked: storage.get(NOTIFY) === "1" && canNotify() && Notification.permission === "granted",
    disabled: !canNotify(),
    onchange: (event) => toggleNotifications(event.target, slot),
  });
  const blocked = canNotify() && Notification.permission === "denied";
  const open = Boolean(slot.querySelector("details[open]"));
  replace(
    slot,
    h(
      "details",
      { class: "panel alerts", id: "alerts-panel", open },
      h("summary", { text: t("web.alerts.title") }),
      h("label", { class: "check" }, sound, " ", t("web.alerts.sound")),
      h("label", { class: "check" }, notify, " ", t("web.alerts.notify")),
      blocked || !canNotify() ? h("p", { class: "hint", id: "alerts-blocked", text: t(canNotify() ? "web.alerts.blocked" : "web.alerts.unsupported") }) : null,
    ),
  );
}

async function toggleNotifications(box, slot) {
  if (!box.checked) {
    storage.set(NOTIFY, "0");
    return;
  }
  // Asked once: from this click, and never again once the browser has an answer.
  if (Notification.permission === "default" && storage.get(ASKED) !== "1") {
    storage.set(ASKED, "1");
    await Notification.requestPermission();
  }
  storage.set(NOTIFY, Notification.permission === "granted" ? "1" : "0");
  renderSettings(slot);
}

/** Called on every render: `asked` (this seat may act), `window` (several seats may: a
 * reaction window), `title` (the page's own title), `version` (the table's). */
export function showAsked({ asked, window: inWindow, title, version }) {
  const text = t(inWindow ? "web.banner.your_reaction" : "web.banner.your_turn");
  document.title = asked ? `▶ ${text} · ${title}` : title;
  if (state.icon && state.plain) state.icon.setAttribute("href", asked ? ALERT_ICON : state.plain);
  if (!asked) {
    state.lastAsk = null;
    return;
  }
  if (state.lastAsk === version) return;
  const fresh = state.lastAsk === null;
  state.lastAsk = version;
  if (!fresh || !document.hidden) return;
  if (storage.get(SOUND) === "1") beep();
  if (storage.get(NOTIFY) === "1" && canNotify() && Notification.permission === "granted") {
    const note = new Notification(text, { body: title, tag: "backroom-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  }
}

/** Two short soft tones, made here: no sound file to ship or fetch. */
function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  state.audio = state.audio || new Context();
  const audio = state.audio;
  [0, 0.18].forEach((start, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = i ? 880 : 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + start + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + start);
    osc.stop(audio.currentTime + start + 0.16);
  });
}
