// Toasts: transient messages for results and errors, and sticky ones with an action
// (reconnecting, a lost session) that stay until dismissed or replaced.
import { h } from "./dom.js";

let host = null;

function container() {
  if (!host) {
    host = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(host);
  }
  return host;
}

/**
 * Shows a message. kind: "info" | "error" | "ok". A toast with `action` ({label, run}) or
 * `sticky` stays until closed; others fade after `ms`. Returns a handle with `close()`.
 */
export function toast(message, { kind = "info", action = null, sticky = false, ms = 5000, key = null } = {}) {
  const box = container();
  if (key) box.querySelectorAll(`[data-key="${key}"]`).forEach(el => el.remove());
  const close = () => el.remove();
  const el = h("div", { class: `toast ${kind}`, dataset: key ? { key } : {} },
    h("span", { class: "msg" }, message),
    action && h("button", { class: "action", onclick: async () => { close(); await action.run(); } }, action.label),
    h("button", { class: "close", title: "Dismiss", "aria-label": "Dismiss", onclick: close }, "×"));
  box.append(el);
  if (!action && !sticky) setTimeout(close, kind === "error" ? Math.max(ms, 8000) : ms);
  return { close, el };
}

/** Removes the sticky toast with this key, if any. */
export function dismiss(key) {
  container().querySelectorAll(`[data-key="${key}"]`).forEach(el => el.remove());
}
