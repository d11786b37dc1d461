// The table's chat panel: the players' chat (spectators read it too), the spectators' own chat
// (players never receive it), who is watching, muting someone for yourself, and, for a seat,
// hiding the table from the lobby's list. Every text goes into the page as text (textContent
// through h()), never as HTML, so whatever anyone writes shows as written and runs nothing.
// Mutes are this browser's alone: kept in its storage per table, never sent to the server.

import { api, h, replace } from "./dom.js";
import { applyI18n, lang, storage, t } from "./i18n.js";

const MAX_TEXT = 500;
const KEPT = 200;
const NAME_KEY = "backroom.watcher_name";

export class Chat {
  /** `send(message)` writes on the socket (false when offline); `seatName(seat)` names a seat;
   * `token()` is this page's seat token (null for a spectator); `toast(text)` tells the user. */
  constructor({ tableId, send, seatName, token, toast }) {
    Object.assign(this, { tableId, send, seatName, token, toast });
    this.seat = null;
    this.you = null;
    this.lines = [];
    this.watchers = { count: 0, names: [] };
    this.muteKey = `backroom.mute.${tableId}`;
    this.muted = new Set(parseList(storage.get(this.muteKey)));
    this.el = this.build();
    applyI18n(this.el);
  }

  build() {
    this.list = h("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" });
    this.watching = h("p", { id: "watchers", class: "watchers hint" });
    this.mutedBox = h("p", { id: "chat-muted", class: "chat-muted hint" });
    this.hide = h("input", { type: "checkbox", id: "hide-table", onchange: () => this.setHidden(this.hide.checked) });
    this.hideRow = h("label", { class: "hide-table", hidden: true }, this.hide, " ", h("span", { "data-i18n": "web.chat.hide" }));
    this.name = h("input", {
      id: "chat-name",
      class: "chat-name",
      maxlength: 40,
      autocomplete: "nickname",
      "data-i18n-placeholder": "web.chat.your_name",
      "data-i18n-aria-label": "web.chat.your_name",
      hidden: true,
      onchange: () => this.rename(),
    });
    this.name.value = storage.get(NAME_KEY) || "";
    this.input = h("input", { id: "chat-input", class: "chat-input", maxlength: MAX_TEXT, autocomplete: "off", "data-i18n-aria-label": "web.chat.say" });
    const form = h(
      "form",
      { id: "chat-form", class: "chat-form", onsubmit: (event) => this.say(event) },
      this.name,
      this.input,
      h("button", { type: "submit", class: "button small", "data-i18n": "web.chat.send" }),
    );
    this.note = h("p", { id: "chat-note", class: "hint" });
    return h(
      "section",
      { class: "panel chat-panel", id: "chat-panel" },
      h("h2", { "data-i18n": "web.chat.title" }),
      this.watching,
      this.hideRow,
      this.list,
      this.mutedBox,
      form,
      this.note,
    );
  }

  /** A (re)joined socket: who this page is, whether the table is listed. */
  welcome(message) {
    this.seat = message.seat;
    this.hide.checked = Boolean(message.hidden);
    this.hideRow.hidden = this.seat === null || !this.token();
    this.name.hidden = this.seat !== null;
    if (this.seat === null && this.name.value.trim()) this.send({ type: "name", name: this.name.value.trim() });
    this.render();
  }

  receive(message) {
    if (message.type === "watchers") {
      this.watchers = message;
      this.you = message.you;
    } else {
      if (message.history) this.lines = [];
      for (const line of message.lines) {
        if (line.system === "hidden" || line.system === "listed") this.hide.checked = line.system === "hidden";
        if (this.isMine(line) && line.text === this.sent) {
          this.input.value = "";
          this.sent = null;
        }
      }
      this.lines.push(...message.lines);
      if (this.lines.length > KEPT) this.lines.splice(0, this.lines.length - KEPT);
    }
    this.render();
  }

  say(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    // The field empties once the server has taken the line (it comes back): a refused line
    // (too long, too fast) stays there to be sent again.
    if (this.send({ type: "say", text })) this.sent = text;
    else this.toast(t("web.error.offline"));
  }

  rename() {
    const name = this.name.value.trim();
    storage.set(NAME_KEY, name);
    this.send({ type: "name", name: name || null });
  }

  async setHidden(hidden) {
    try {
      await api(`/api/tables/${encodeURIComponent(this.tableId)}/hidden?lang=${lang()}`, { method: "POST", body: { token: this.token(), hidden } });
    } catch (error) {
      this.hide.checked = !hidden;
      this.toast(error.message);
    }
  }

  isMine(line) {
    return line.seat !== undefined && line.seat !== null ? line.seat === this.seat : this.seat === null && line.watcher === this.you;
  }

  who(line) {
    if (line.seat !== null && line.seat !== undefined) return { key: `s${line.seat}`, name: this.seatName(line.seat) };
    return { key: `w${line.watcher}`, name: line.name || this.nameOf(`w${line.watcher}`) };
  }

  /** The name a mute is shown by when its author said nothing lately. */
  nameOf(key) {
    const number = Number(key.slice(1));
    return key[0] === "s" ? this.seatName(number) : t("web.chat.watcher", { number });
  }

  mute(key, on) {
    if (on) this.muted.add(key);
    else this.muted.delete(key);
    storage.set(this.muteKey, JSON.stringify([...this.muted]));
    this.render();
  }

  render() {
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const mutedNames = new Map();
    const items = [];
    for (const line of this.lines) {
      if (line.system) {
        items.push(h("li", { class: "chat-line system", "data-system": line.system, text: line.text }));
        continue;
      }
      const who = this.who(line);
      if (this.muted.has(who.key)) {
        mutedNames.set(who.key, who.name);
        continue;
      }
      const mine = this.isMine(line);
      items.push(
        h(
          "li",
          { class: ["chat-line", line.room === "spectators" && "from-spectator", mine && "mine"], "data-from": who.key, title: new Date(line.at).toLocaleTimeString(lang()) },
          h("span", { class: "chat-who", text: who.name }),
          line.room === "spectators" ? h("span", { class: "tag muted", text: t("web.chat.spectator") }) : null,
          " ",
          h("span", { class: "chat-text", text: line.text }),
          mine ? null : h("button", { type: "button", class: "chat-mute small", text: t("web.chat.mute"), title: t("web.chat.mute_who", { name: who.name }), onclick: () => this.mute(who.key, true) }),
        ),
      );
    }
    replace(this.list, items);
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
    for (const key of this.muted) if (!mutedNames.has(key)) mutedNames.set(key, this.nameOf(key));
    this.mutedBox.hidden = this.muted.size === 0;
    replace(
      this.mutedBox,
      this.muted.size ? t("web.chat.muted") : null,
      [...this.muted].map((key) =>
        h("button", { type: "button", class: "chat-unmute small", "data-from": key, text: t("web.chat.unmute", { name: mutedNames.get(key) }), onclick: () => this.mute(key, false) }),
      ),
    );
    const count = this.watchers.count || 0;
    const names = this.watchers.names.join(", ");
    this.watching.textContent = t(names ? "web.chat.watching_named" : "web.chat.watching", { count, names });
    this.input.placeholder = t(this.seat === null ? "web.chat.say_spectators" : "web.chat.say_players");
    this.note.textContent = t(this.seat === null ? "web.chat.note_spectator" : "web.chat.note_player");
  }
}

function parseList(text) {
  try {
    const list = JSON.parse(text || "[]");
    return Array.isArray(list) ? list.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}
