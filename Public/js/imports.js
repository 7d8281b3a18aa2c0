// The style tab's imports: each import of the session's style (GET /imports) with its
// options from the imported style's `schema` — a select for options with `values`, a toggle
// for booleans, a colour picker for colours, a number box (or slider with min/max) for
// numbers, a text box otherwise. A change is one PATCH /imports/{id}/config (one revision,
// undoable); a refused value is reported with the server's message and the field resets.
import { h } from "./dom.js";

export class ImportsPanel {
  constructor(root, app) {
    this.app = app;
    this.root = root;
  }

  async render() {
    let imports;
    try { imports = await this.app.api.imports(); } catch (e) { this.app.report(e); return; }
    if (!imports.length) {
      this.root.replaceChildren(h("p", { class: "meta" }, "This style imports no other style."));
      return;
    }
    this.root.replaceChildren(...imports.map(imp => this.#importBox(imp)));
  }

  #importBox(imp) {
    const from = imp.url ? `from ${imp.url}` : "inline";
    const options = Object.entries(imp.schema || {});
    const rows = options.map(([name, option]) => this.#row(imp, name, option));
    return h("section", { class: "import", dataset: { import: imp.id } },
      h("h5", {}, imp.id, " ", h("span", { class: "meta" }, `${imp.name ? imp.name + " — " : ""}${from}`)),
      imp.slots && imp.slots.length ? h("p", { class: "meta" }, `slots: ${imp.slots.join(", ")}`) : null,
      rows.length ? h("div", { class: "import-options" }, rows) : h("p", { class: "meta" }, "no options"));
  }

  #row(imp, name, option) {
    const value = imp.effectiveConfig[name];
    const set = v => this.#set(imp.id, name, v);
    let input;
    if (Array.isArray(option.values)) {
      input = h("select", { onchange: e => set(JSON.parse(e.target.value)) },
        option.values.map(v => h("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(value) }, String(v))));
    } else if (option.type === "boolean" || typeof value === "boolean") {
      input = h("input", { type: "checkbox", role: "switch", checked: value === true, onchange: e => set(e.target.checked) });
    } else if (option.type === "color") {
      input = h("input", { type: "color", value: hexColor(value), onchange: e => set(e.target.value) });
    } else if (option.type === "number" || typeof value === "number") {
      const ranged = option.minValue !== undefined && option.maxValue !== undefined;
      input = h("input", { type: ranged ? "range" : "number", value: String(value), min: option.minValue, max: option.maxValue,
        step: option.stepValue ?? "any", onchange: e => set(Number(e.target.value)) });
    } else {
      input = h("input", { type: "text", value: String(value ?? ""), onchange: e => set(e.target.value) });
    }
    input.setAttribute("aria-label", `${imp.id}: ${name}`);
    input.dataset.option = name;
    return h("label", { class: "import-option" }, h("span", {}, name), input);
  }

  async #set(id, name, value) {
    const result = await this.app.mutate(api => api.patchImportConfig(id, { [name]: value }), { done: `${id}: ${name} set` });
    if (!result.ok) this.render();
  }
}

/** `#rrggbb` for the colour input from a CSS colour (#rgb, #rrggbb; others fall back to black). */
function hexColor(value) {
  if (typeof value !== "string") return "#000000";
  const s = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return "#" + [...s.slice(1)].map(c => c + c).join("");
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = s;
  return /^#[0-9a-f]{6}$/.test(probe.fillStyle) ? probe.fillStyle : "#000000";
}
