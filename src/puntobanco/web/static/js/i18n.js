// The page's words and their formatting. The words are not here: they are the program's one
// catalogue (puntobanco.core.i18n), served as JSON by GET /api/i18n/{lang}: its web section
// ("web.<key>") and the other sections' words the page shows too, so that each is written
// once (the core's bet and side names "game.bet.<bet>", "game.side.<side>", a few of the
// terminal's and the odds table's). The page loads its language's table before it shows
// anything, and the other language's on a switch. t("status.place") reads the page's own
// "web.status.place"; a key of another section is named whole: t("game.bet.tie").
// Placeholders are written {name}; t() fills them in.

export const LANGS = ["en", "es"];
const KEY = "pb_lang";

// The page's language: ?lang= in the address (as the API takes it; then remembered), else the
// one chosen before, else the first of the browser's languages the page has (the list the
// browser sends as Accept-Language, not only its first entry).
export function initialLang() {
  const query = new URLSearchParams(window.location.search);
  const asked = query.get("lang");
  if (LANGS.includes(asked)) {
    rememberLang(asked);
    // Taken once: a reload after the player switches language keeps his switch.
    query.delete("lang");
    const rest = query.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${rest ? `?${rest}` : ""}${window.location.hash}`);
    return asked;
  }
  const saved = localStorage.getItem(KEY);
  if (LANGS.includes(saved)) return saved;
  const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of browser) {
    const lang = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(lang)) return lang;
  }
  return "en";
}

export function rememberLang(lang) {
  localStorage.setItem(KEY, lang);
}

const PREFIX = "web.";
const tables = {}; // lang -> {"web.<key>": template}, as the server sent it

// Loads a language's table once (the browser revalidates it by its ETag: a 304 when current).
// Throws when the server cannot be reached or does not answer with the table.
export async function loadTexts(lang) {
  if (tables[lang]) return;
  const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET /api/i18n/${lang}: ${response.status}`);
  const body = await response.json();
  if (!body || typeof body.texts !== "object") throw new Error(`GET /api/i18n/${lang}: no texts`);
  tables[lang] = body.texts;
}

export function hasTexts(lang) {
  return Boolean(tables[lang]);
}

// The catalogue's name for a key the page uses: another section's key as written, else the
// page's own under "web.".
function fullKey(table, key) {
  return key in table ? key : `${PREFIX}${key}`;
}

export function hasText(lang, key) {
  return Boolean(tables[lang]) && fullKey(tables[lang], key) in tables[lang];
}

// A text that counts things names the count {n}; its singular stands under "<key>.one", chosen
// for exactly one: the catalogue's one plural rule, the same as Python's text(count=...).
export function translator(lang) {
  const table = tables[lang] || {};
  return (key, params = {}) => {
    const full = fullKey(table, key);
    const one = `${full}.one`;
    const name = Number(params.n) === 1 && one in table ? one : full;
    // A missing key shows itself, as a bug to fix (the tests check every key the page uses).
    const text = table[name] ?? key;
    return text.replace(/\{(\w+)\}/g, (_, field) => (field in params ? String(params[field]) : `{${field}}`));
  };
}

// The operator's currency sign (GET /api/table: currency), none by default: play money.
let currency = "";
export function setCurrency(sign) {
  currency = typeof sign === "string" ? sign : "";
}

// Money is an integer of minor units (cents) everywhere; only display divides. The sign goes
// before the amount in English ("€1,022.50") and after it in Spanish ("1.022,50 €").
export function formatMoney(minor, lang) {
  const plain = formatPlain(minor, lang);
  if (!currency) return plain;
  if (lang === "es") return `${plain}\u00a0${currency}`;
  return minor < 0 ? `-${currency}${plain.slice(1)}` : `${currency}${plain}`;
}

function formatPlain(minor, lang) {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const major = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  const grouped = new Intl.NumberFormat(lang === "es" ? "es-ES" : "en-US", { useGrouping: "always" }).format(major);
  return `${sign}${grouped}${lang === "es" ? "," : "."}${cents}`;
}

export function formatChip(minor) {
  const major = minor / 100;
  return major >= 1000 ? `${major / 1000}K` : String(Number.isInteger(major) ? major : major.toFixed(2));
}
