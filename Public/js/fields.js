// Editor fields: one labelled control per layer property, with the raw value as editable
// text (constants, strings or JSON expressions) and an error line for the server's message
// when its `path` points here.
import { h, debounce } from "./dom.js";
import { toHex } from "./colors.js";

/** Text typed into a value box → the JSON value to send ("" resets to the default). */
export function parseValue(text) {
  const t = text.trim();
  if (t === "") return null;
  try { return JSON.parse(t); } catch { return t; }
}

/** A value shown in a value box: strings as typed, everything else as JSON. */
export function formatValue(v) {
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : JSON.stringify(v);
}

const RANGES = { opacity: [0, 1, 0.01], width: [0, 20, 0.25], radius: [0, 40, 0.5], size: [0, 64, 0.5], zoom: [0, 24, 0.5] };

/**
 * A field for `path` (a JSON pointer into the PATCH body, e.g. "/paint/fill-color").
 * kind: "color" | "opacity" | "width" | "radius" | "size" (slider) | "zoom" | "json" | "select".
 * `commit(value)` sends a change and resolves to an ApiError-ish {path, message} or null.
 * `parse`/`format` turn the value box's text into the value and back (default: JSON or a
 * string); `toOption`/`fromOption` do the same for a select's option value (e.g. a font
 * name ↔ the one-font stack ["Noto Sans Regular"]). `placeholder` hints at what to type.
 */
export class Field {
  constructor({ label, path, kind, fallback = null, options = null, commit, parse = parseValue, format = formatValue,
    toOption = v => v ?? "", fromOption = o => (o === "" ? null : o), placeholder = null }) {
    Object.assign(this, { label, path, kind, fallback, commit, parse, format, toOption, fromOption });
    this.error = h("div", { class: "field-error", dataset: { path }, role: "alert" });
    this.text = kind === "json"
      ? h("textarea", { class: "value", rows: 2, spellcheck: "false", "aria-label": `${label} (JSON)` })
      : h("input", { class: "value", type: "text", spellcheck: "false", "aria-label": `${label} value` });
    if (placeholder !== null) this.text.placeholder = placeholder;
    else if (fallback !== null) this.text.placeholder = `default ${format(fallback)}`;
    this.control = this.#makeControl(kind, options);
    // Enter and the blur after it must not send twice: a text is sent once until edited again,
    // and never when it already is the server's value.
    let lastSent = null;
    const send = () => {
      const t = this.text.value;
      if (t === lastSent || t === this.format(this.value)) return;
      lastSent = t;
      this.#send(this.parse(t));
    };
    this.text.addEventListener("input", () => { lastSent = null; });
    this.text.addEventListener("keydown", e => {
      if (e.key === "Enter" && (kind !== "json" || e.ctrlKey || e.metaKey)) { e.preventDefault(); send(); }
      if (e.key === "Escape") this.update(this.value);
    });
    this.text.addEventListener("change", send);
    const reset = h("button", { class: "reset", title: "Reset to the default", onclick: () => this.#send(null) }, "↺");
    this.el = h("div", { class: `field field-${kind}`, dataset: { path } },
      h("label", {}, label), h("div", { class: "controls" }, this.control, this.text, reset), this.error);
    this.value = undefined;
  }

  #makeControl(kind, options) {
    if (kind === "color") {
      const input = h("input", { type: "color", "aria-label": this.label });
      const live = debounce(v => this.#send(v), 250);
      input.addEventListener("input", () => { this.text.value = input.value; live(input.value); });
      input.addEventListener("change", () => live.flush());
      return input;
    }
    if (RANGES[this.kind] && kind !== "zoom") {
      const [min, max, step] = RANGES[kind];
      const input = h("input", { type: "range", min, max, step, "aria-label": this.label });
      const live = debounce(v => this.#send(v), 200);
      input.addEventListener("input", () => { this.text.value = input.value; live(Number(input.value)); });
      input.addEventListener("change", () => live.flush());
      return input;
    }
    if (kind === "select") {
      const select = h("select", { "aria-label": this.label });
      select.addEventListener("change", () => this.#send(this.fromOption(select.value)));
      this.setOptions(options || []);
      return select;
    }
    return h("span");
  }

  /** Options of a select field: [[value, label], ...]. */
  setOptions(options) {
    if (this.kind !== "select" || !this.control) return;
    this.control.replaceChildren(...options.map(([v, l]) => h("option", { value: v }, l)));
    if (this.value !== undefined) this.control.value = this.toOption(this.value);
  }

  /** Shows the server's current value (unless the user is editing this field). */
  update(value) {
    this.value = value;
    if (this.el.contains(document.activeElement)) return;
    this.text.value = this.format(value);
    const shown = value === undefined || value === null ? this.fallback : value;
    const constant = typeof shown === "number" || typeof shown === "string";
    if (this.kind === "color") {
      const hex = toHex(shown);
      this.control.disabled = !hex;
      if (hex) this.control.value = hex;
    } else if (this.control && this.control.type === "range") {
      this.control.disabled = !constant;
      if (constant) this.control.value = String(shown);
    } else if (this.kind === "select") {
      this.control.value = this.toOption(value);
    }
    this.el.classList.toggle("expression", value !== null && value !== undefined && !constant);
  }

  showError(message) {
    this.error.textContent = message;
    this.el.classList.add("invalid");
  }

  clearError() {
    this.error.textContent = "";
    this.el.classList.remove("invalid");
  }

  async #send(value) {
    const err = await this.commit(value);
    if (err) this.showError(err.message);
    else this.clearError();
  }
}
