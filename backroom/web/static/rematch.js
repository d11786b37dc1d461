// The end screen's ways on: a rematch (the same table again, dealt anew) and the game's replay.
// Each player who accepts the rematch proves their seat with this table's token and gets a
// token of their own for the same seat at the new table; the page keeps it where the table
// page looks for it and goes there.

import { api, h } from "./dom.js";
import { lang, storage, t } from "./i18n.js";

/** The buttons under the scores: `rematch` is the new table's id once someone made it. */
export function endExtras({ tableId, token, seat, rematch, onError }) {
  const replay = h("a", {
    class: "button",
    id: "watch-replay",
    href: `/t/${encodeURIComponent(tableId)}/replay${seat === null ? "" : `?seat=${seat}`}`,
    text: t("web.end.replay"),
  });
  if (seat === null || !token) {
    // A spectator follows the players to their rematch, as a spectator.
    const follow = rematch ? h("a", { class: "button primary", id: "rematch", href: `/t/${encodeURIComponent(rematch)}`, text: t("web.end.watch_rematch") }) : null;
    return [replay, follow];
  }
  const button = h("button", {
    type: "button",
    class: "button primary",
    id: "rematch",
    text: t(rematch ? "web.end.join_rematch" : "web.end.rematch"),
    onclick: async () => {
      button.disabled = true;
      try {
        const seated = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch?lang=${lang()}`, { method: "POST", body: { token } });
        storage.set(`backroom.token.${seated.table}`, seated.token);
        location.assign(`/t/${encodeURIComponent(seated.table)}`);
      } catch (error) {
        // Accepted already (in another tab of this browser, whose token is stored): go there.
        if (error.code === "rematch_taken" && rematch && storage.get(`backroom.token.${rematch}`)) {
          location.assign(`/t/${encodeURIComponent(rematch)}`);
          return;
        }
        button.disabled = false;
        onError(error.message);
      }
    },
  });
  return [replay, button];
}

/** The lobby's links between a table and its rematch, and to a finished table's replay. */
export function lobbyLinks(row) {
  const link = (href, key, cls) => h("a", { href, class: `lobby-link ${cls}`, text: t(key) });
  return [
    row.rematch_of ? link(`/t/${encodeURIComponent(row.rematch_of)}?spectate`, "web.lobby.rematch_of", "rematch-of") : null,
    row.rematch ? link(`/t/${encodeURIComponent(row.rematch)}?spectate`, "web.lobby.rematch", "rematch-link") : null,
    row.status === "over" ? link(`/t/${encodeURIComponent(row.id)}/replay`, "web.lobby.replay", "replay-link") : null,
  ];
}
