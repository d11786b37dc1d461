// The lobby's idle timers (docs/server.md, "Idle windows"): how long a seat that is asked may
// stay silent before the table answers for it: a reaction window passes; a turn is made by
// the table's bot, per move or on a chess clock. Off unless the host picks one.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Name the choices of the two selects in the page's language. */
export function labelTimerChoices() {
  for (const option of $("window-timer").options) {
    if (option.value) option.textContent = t("web.lobby.window_timer.after", { seconds: option.value });
  }
  for (const option of $("move-timer").options) {
    if (!option.value) continue;
    const [clock, seconds] = option.value.split(":");
    option.textContent =
      clock === "game" ? t("web.lobby.move_timer.game", { minutes: seconds / 60 }) : t("web.lobby.move_timer.move", { seconds });
  }
}

/** The `timers` of the new table, or null when both are off. */
export function readTimers() {
  const window = $("window-timer").value;
  const move = $("move-timer").value;
  if (!window && !move) return null;
  const timers = { window: window ? +window : null };
  if (move) {
    const [clock, seconds] = move.split(":");
    timers.move = +seconds;
    timers.clock = clock;
  }
  return timers;
}
