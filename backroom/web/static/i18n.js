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
 * as itself so a gap is visible, as on the server. */
export function t(key, params = {}) {
  const template = (catalogs[lang()] || {})[key] || (catalogs.en || {})[key] || key;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
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
