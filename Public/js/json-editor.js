// A JSON text editor with the server's validation error shown under it and the offending
// value selected in the text (found from the error's JSON-pointer path).
import { h } from "./dom.js";
import { locate } from "./jsonpointer.js";

export class JsonEditor {
  /** `apply(text)` sends the text; it resolves to an error {message, path} or null. */
  constructor({ label, rows = 14, applyLabel = "Apply", apply, extraButtons = [] }) {
    this.apply = apply;
    this.dirty = false;
    this.area = h("textarea", { class: "json", rows, spellcheck: "false", "aria-label": label });
    this.area.addEventListener("input", () => { this.dirty = true; this.el.classList.add("dirty"); });
    this.area.addEventListener("keydown", e => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); this.submit(); }
      if (e.key === "Tab" && !e.shiftKey) { e.preventDefault(); this.area.setRangeText("  ", this.area.selectionStart, this.area.selectionEnd, "end"); }
    });
    this.error = h("div", { class: "field-error json-error", role: "alert" });
    this.applyButton = h("button", { class: "primary", onclick: () => this.submit() }, applyLabel);
    this.el = h("div", { class: "json-editor" },
      h("label", {}, label), this.area, this.error,
      h("div", { class: "buttons" }, this.applyButton,
        h("button", { onclick: () => this.revert(), title: "Discard edits" }, "Revert"), ...extraButtons));
    this.value = null;
  }

  /** Shows `value` (pretty-printed) unless the user has unapplied edits; `force` overrides. */
  set(value, force = false) {
    this.value = value;
    if (this.dirty && !force) return;
    this.area.value = JSON.stringify(value, null, 2);
    this.dirty = false;
    this.el.classList.remove("dirty");
  }

  revert() {
    this.clearError();
    this.set(this.value, true);
  }

  async submit() {
    this.clearError();
    const err = await this.apply(this.area.value);
    if (err) this.showError(err.message, err.path);
    else { this.dirty = false; this.el.classList.remove("dirty"); }
  }

  /** The message, prefixed with the line it points at; the value there is selected. */
  showError(message, path) {
    const at = path !== null && path !== undefined && path !== "" ? locate(this.area.value, path) : null;
    this.error.textContent = at ? `line ${at.line}, ${path}: ${message}` : (path ? `${path}: ${message}` : message);
    this.el.classList.add("invalid");
    if (at) {
      this.area.focus();
      this.area.setSelectionRange(at.start, at.end);
      const lineHeight = parseFloat(getComputedStyle(this.area).lineHeight) || 16;
      this.area.scrollTop = Math.max(0, (at.line - 3) * lineHeight);
    }
  }

  clearError() {
    this.error.textContent = "";
    this.el.classList.remove("invalid");
  }
}
