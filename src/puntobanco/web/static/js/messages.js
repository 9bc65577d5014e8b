// The message line under the felt and the welcome dialog's: a catalogue key, or a server's
// error with its sentence in every language, said again in the page's language on a switch.

import { ApiError } from "./api.js";
import { $, state, t } from "./state.js";

export function showMessage(message, tone = "error") {
  state.message = { ...message, tone };
  renderMessage();
}

export function clearMessage() {
  state.message = null;
  renderMessage();
}

export function renderMessage() {
  const box = $("message");
  const m = state.message;
  box.hidden = !m;
  if (!m) return;
  box.textContent = say(m);
  box.dataset.tone = m.tone;
}

// A message as the player reads it now, in the page's language: a catalogue key's words; a
// server's error in the sentence the server gave for this language (error.messages), else the
// text it answered with, which is never left empty or broken.
export function say(m) {
  if (m.key) return t(m.key, m.params);
  const text = m.texts && m.texts[state.lang];
  return typeof text === "string" && text ? text : m.text;
}

export function errorMessage(err) {
  if (!(err instanceof ApiError)) return { key: "err.generic", params: { message: String(err) } };
  if (err.kind === "offline") return { key: "err.offline" };
  if (err.kind === "server") return { key: "err.server", params: { status: err.status } };
  if (err.kind === "auth") return { key: "err.auth" };
  // The server's message is in the request's language and names the allowed range; it comes
  // with the same sentence in every language, for a later language switch (see say).
  return err.message
    ? { text: err.message, texts: err.messages, code: err.code }
    : { key: "err.generic", params: { message: err.code } };
}

export function renderAuthMessage() {
  const box = $("auth-message");
  const m = state.authMessage;
  box.hidden = !m;
  if (m) box.textContent = say(m);
}
