// Texts come from the server's message catalogs (GET /api/i18n/{lang}): every word a person
// reads on these pages is a catalog key, so Spanish, English and French stay complete together.

import { api, h } from "./dom.js";

export const LANGUAGES = ["es", "en", "fr"];
const STORAGE_KEY = "backroom.lang";
const catalogs = {};
let current = null;

/** A `?lang=` in the address, else the remembered choice, else the browser's language, else
 * English. */
export function preferredLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const stored = safeGet(STORAGE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

export function lang() {
  return current || preferredLang();
}

/** Load (once) and switch to `code`; remembers the choice. English is loaded too, as fallback. */
export async function setLang(code) {
  const wanted = LANGUAGES.includes(code) ? code : "en";
  await Promise.all([load(wanted), load("en")]);
  current = wanted;
  safeSet(STORAGE_KEY, wanted);
  const params = new URLSearchParams(location.search);
  if (params.has("lang") && params.get("lang") !== wanted) {
    // A reload keeps the language just chosen, not the one the link came with.
    params.set("lang", wanted);
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }
  document.documentElement.lang = wanted;
  applyI18n(document);
  return wanted;
}

async function load(code) {
  if (!catalogs[code]) catalogs[code] = await api(`/api/i18n/${code}`);
  return catalogs[code];
}

/** Whether the current catalog (or English) has `key`. */
export function has(key) {
  return Boolean((catalogs[lang()] || {})[key] || (catalogs.en || {})[key]);
}

/** The text of `key` with `{name}` placeholders filled from `params`; a missing key shows
 * as itself so a gap is visible, as on the server. A number `count` picks the language's plural
 * form where the catalog has one (`<key>.one`, `<key>.other`), as the server's `translate`;
 * card names marked by `tMsg` are settled (articles, and the markers that agree with them). */
export function t(key, params = {}) {
  const template = agreeing(typeof params.count === "number" ? plural(key, params.count) : text(key));
  return settle(
    template.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
    ),
  );
}

function text(key) {
  return (catalogs[lang()] || {})[key] || (catalogs.en || {})[key] || key;
}

function plural(key, count) {
  const form = `${key}.${new Intl.PluralRules(lang()).select(count)}`;
  return [form, `${key}.other`].map((k) => (has(k) ? text(k) : null)).find(Boolean) || text(key);
}

/** `text` with a soft hyphen wherever the catalog's `web.hyphenation` ("Chauf-feuse …") lets a
 * long word break: a narrow card then hyphenates it, even in a browser without the language's
 * hyphenation dictionary (CSS `hyphens: auto` uses one where there is). */
export function hyphenate(text) {
  const words = new Map(t("web.hyphenation").split(/\s+/).map((word) => [word.replaceAll("-", ""), word.replaceAll("-", "\u00ad")]));
  return text.replace(/[^\s-]+/g, (word) => words.get(word) || word);
}

/** The first of `keys` the catalogs know, translated (for optional, more specific texts). */
export function tFirst(keys, params = {}) {
  const key = keys.find((k) => has(k)) || keys[keys.length - 1];
  return t(key, params);
}

/** Fill every element carrying data-i18n (text) or data-i18n-<attr> (an attribute). */
export function applyI18n(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("*")) {
    for (const attr of el.getAttributeNames()) {
      if (attr.startsWith("data-i18n-")) el.setAttribute(attr.slice(10), t(el.getAttribute(attr)));
    }
  }
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = t(title.dataset.i18n);
}

/** A language switcher (a labelled select) that calls `onChange(code)` after switching. */
export function languageSwitcher(onChange) {
  const select = h(
    "select",
    { id: "lang", class: "lang-select", "aria-label": t("web.language"), "data-i18n-aria-label": "web.language" },
    LANGUAGES.map((code) => h("option", { value: code, text: t(`web.language.${code}`) })),
  );
  select.value = lang();
  select.addEventListener("change", async () => {
    await setLang(select.value);
    for (const option of select.options) option.textContent = t(`web.language.${option.value}`);
    if (onChange) await onChange(select.value);
  });
  return select;
}

function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage; the choice then lasts for this page only.
  }
}

export const storage = { get: safeGet, set: safeSet };

/** A message from a view (`{"$": key, ...params}`), translated the way the server does:
 * nested messages first, `seat`/`*_seat` as player names, `card(s)`/`*_card` as card names
 * of the key's own game (`<game>.card.<face>`). Anything else is shown as it is. */
export function tMsg(msg, names = []) {
  if (!msg || typeof msg !== "object" || !("$" in msg)) return msg === null || msg === undefined ? "" : String(msg);
  const prefix = String(msg.$).split(".")[0];
  const params = {};
  for (const [name, value] of Object.entries(msg)) {
    if (name !== "$") params[name] = renderParam(prefix, name, value, names);
  }
  return t(msg.$, params);
}

function renderParam(prefix, name, value, names) {
  if (value && typeof value === "object" && !Array.isArray(value) && "$" in value) {
    const said = tMsg(value, names);
    const [game, face] = String(value.$).split(".card.");
    return face !== undefined ? mark(said, pluralCards(game).has(face)) : said; // a card's name, as a message
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => String(renderParam(prefix, name, v, names)));
    return items.join(items.some((item) => item.includes(",")) ? "; " : ", ");
  }
  if ((name === "seat" || name.endsWith("_seat")) && Number.isInteger(value)) {
    return names[value] || t("ui.seat_name", { number: value + 1 });
  }
  if ((name === "card" || name === "cards" || name.endsWith("_card") || name.endsWith("_cards")) && typeof value === "string") {
    return mark(t(`${prefix}.card.${value}`), pluralCards(prefix).has(value));
  }
  return value;
}

/* A card's name in a sentence, as backroom/articles.py writes it on the server, from the same
 * catalog words: if it begins with an article, mid-sentence the article is lower-case, or one
 * word with the preposition before it ("del Triángulo", "aux OVNI") (`ui.name_articles`,
 * `ui.name_contractions`); and the words that agree with it, written `⟦cobra|cobran⟧` in a
 * message, take its number (`<game>.plural_cards`): the nearest card name before the marker,
 * else the first after it, else singular. Player names are never marked. */
const MARK = "\u001f";
const PLURAL = "\u001e";
const AGREE = "\u001d";
const OR = "\u001c";
const grammars = {};

function grammar() {
  const code = lang();
  if (grammars[code]) return grammars[code];
  if (!catalogs[code]) return { heads: [], pairs: new Map(), plurals: new Map() }; // not loaded yet: no articles
  const heads = text("ui.name_articles").split(",").map((a) => a.trim()).filter(Boolean)
    .map((a) => (/['’]$/.test(a) ? a : `${a} `));
  const pairs = new Map();
  for (const entry of text("ui.name_contractions").split(",")) {
    const [words, joined] = entry.split(":");
    const both = (words || "").trim().toLowerCase().split(/\s+/);
    if (joined !== undefined && both.length === 2) pairs.set(both.join(" "), joined.trim());
  }
  return (grammars[code] = { heads, pairs, plurals: new Map() });
}

/* The cards of `game` whose name is plural in this language: never English's list. */
function pluralCards(game) {
  const { plurals } = grammar();
  if (!plurals.has(game)) {
    const listed = (catalogs[lang()] || {})[`${game}.plural_cards`] || "";
    plurals.set(game, new Set(listed.split(/[\s,]+/).filter(Boolean)));
  }
  return plurals.get(game);
}

/* A message's markers written as `settle` reads them, before its parameters are put in. */
function agreeing(template) {
  return template.includes("⟦") ? template.replace(/⟦([^⟦⟧|]*)\|([^⟦⟧|]*)⟧/g, `${AGREE}$1${OR}$2${AGREE}`) : template;
}

/* A card's name (never a player's chosen one), marked for `settle` with its number. */
function mark(name, plural = false) {
  return typeof name === "string" ? MARK + (plural ? PLURAL : "") + name : name;
}

function settle(said) {
  if (!said.includes(MARK) && !said.includes(AGREE)) return said;
  const { heads, pairs } = grammar();
  const [first, ...rest] = said.split(MARK);
  let out = first;
  const names = []; // where each name starts in `out`, and whether it is plural
  for (let name of rest) {
    const plural = name.startsWith(PLURAL);
    if (plural) name = name.slice(1);
    const article = heads.find((a) => name.startsWith(a));
    if (article && !/(^|[.!?\n]\s*|[¡¿«“"]\s*)$/.test(out)) {
      const found = /(^|[^\p{L}\p{N}_])([\p{L}\p{N}_]+) $/u.exec(out); // no lookbehind: Safari before 16.4
      const word = found && found[2];
      const joined = word && pairs.get(`${word.toLowerCase()} ${article.trim().toLowerCase()}`);
      if (joined) {
        const written = word[0] === word[0].toUpperCase() ? joined[0].toUpperCase() + joined.slice(1) : joined;
        out = `${out.slice(0, found.index + found[1].length)}${written} `;
        name = name.slice(article.length);
      } else {
        name = article.toLowerCase() + name.slice(article.length);
      }
    }
    names.push([out.length, plural]);
    out += name;
  }
  if (!out.includes(AGREE)) return out;
  return out.replace(new RegExp(`${AGREE}([^${AGREE}${OR}]*)${OR}([^${AGREE}${OR}]*)${AGREE}`, "g"), (whole, one, many, at) => {
    const before = names.filter(([start]) => start < at);
    const nearest = before.length ? before[before.length - 1] : names[0];
    return nearest && nearest[1] ? many : one;
  });
}

/** A number written the reader's way (thousands separators), e.g. dollar amounts: grouped
 * from four digits on in every language, as the server's sentences beside it write it (Babel),
 * where the browser's Spanish would leave "1000" beside the server's "1.000". */
export function formatNumber(value) {
  return new Intl.NumberFormat(lang(), { useGrouping: "always" }).format(value);
}
