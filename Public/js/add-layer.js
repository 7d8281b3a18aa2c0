// "Add a layer": type, source, colour and position (top, above/below a layer, or into a slot)
// from a small form, or the layer as raw JSON. A custom layer takes a renderer and its options
// (JSON) instead of a source and colour; a symbol layer a text field (a property name or an
// expression), a font from the server's and an icon from the session's images. POST /layers;
// the server's error appears next to the field its path names (/layer/... or /position).
import { h } from "./dom.js";
import { JsonEditor } from "./json-editor.js";
import { CUSTOM_RENDERERS, LAYER_TYPES, starterPaint } from "./paint-props.js";
import { pointerStartsWith } from "./jsonpointer.js";
import { topDown } from "./placement.js";
import { defaultFont, fontOptions, imageOptions, parseTextField, starterSymbol } from "./symbols.js";

const PALETTE = ["#e6550d", "#3182bd", "#31a354", "#756bb1", "#de2d26", "#636363", "#fdae6b"];

export class AddLayerForm {
  constructor(root, app) {
    this.app = app;
    this.count = 0;
    const err = path => h("div", { class: "field-error", dataset: { path }, role: "alert" });
    this.id = h("input", { type: "text", name: "id", placeholder: "layer id", spellcheck: "false", "aria-label": "Layer id" });
    this.type = h("select", { name: "type", "aria-label": "Layer type", onchange: () => this.#typeChanged() },
      ...LAYER_TYPES.map(t => h("option", { value: t }, t)));
    this.source = h("select", { name: "source", "aria-label": "Source" });
    this.color = h("input", { type: "color", name: "color", value: PALETTE[0], "aria-label": "Colour" });
    this.mode = h("select", { name: "position", "aria-label": "Position", onchange: () => this.#fillTargets() },
      h("option", { value: "top" }, "on top"), h("option", { value: "above" }, "above"),
      h("option", { value: "below" }, "below"), h("option", { value: "slot" }, "in slot"));
    this.target = h("select", { name: "target", "aria-label": "Position target" });
    this.renderer = h("select", { name: "renderer", "aria-label": "Custom renderer", onchange: () => this.#rendererChanged() },
      ...Object.keys(CUSTOM_RENDERERS).map(r => h("option", { value: r }, r)));
    this.options = h("textarea", { name: "options", rows: 4, spellcheck: "false", "aria-label": "Renderer options (JSON)" });
    this.textField = h("input", { type: "text", name: "text-field", value: "name", spellcheck: "false",
      placeholder: "a property (name) or an expression", "aria-label": "Text field" });
    this.font = h("select", { name: "text-font", "aria-label": "Font" });
    this.icon = h("select", { name: "icon-image", "aria-label": "Icon image" });
    this.errors = [err("/layer/id"), err("/layer/type"), err("/layer/source"), err("/layer/paint"), err("/position"), err(""),
      err("/layer/renderer"), err("/layer/options"), err("/layer/layout/text-field"), err("/layer/layout/text-font"),
      err("/layer/layout/icon-image")];
    this.customRows = [h("label", {}, "renderer"), h("div", {}, this.renderer, this.errors[6]),
      h("label", {}, "options"), h("div", {}, this.options, this.errors[7])];
    this.symbolRows = [h("label", {}, "text"), h("div", {}, this.textField, this.errors[8]),
      h("label", {}, "font"), h("div", {}, this.font, this.errors[9]),
      h("label", {}, "icon"), h("div", {}, this.icon, this.errors[10])];
    this.raw = new JsonEditor({ label: "Layer JSON", rows: 10, applyLabel: "Add layer", apply: text => this.#addRaw(text),
      extraButtons: [h("button", { onclick: () => this.#showForm() }, "Back to the form")] });
    this.form = h("div", { class: "add-form" },
      h("div", { class: "grid" },
        h("label", {}, "id"), h("div", {}, this.id, this.errors[0]),
        h("label", {}, "type"), h("div", {}, this.type, this.errors[1]),
        h("label", {}, "source"), h("div", {}, this.source, this.errors[2]),
        h("label", {}, "colour"), h("div", {}, this.color, this.errors[3]),
        ...this.customRows,
        ...this.symbolRows,
        h("label", {}, "position"), h("div", {}, h("div", { class: "row2" }, this.mode, this.target), this.errors[4])),
      this.errors[5],
      h("div", { class: "buttons" },
        h("button", { class: "primary", onclick: () => this.#addFromForm() }, "Add layer"),
        h("button", { onclick: () => this.#showRaw() }, "Edit as JSON")));
    this.raw.el.hidden = true;
    root.append(this.form, this.raw.el);
    app.addEventListener("change", () => this.#refreshChoices());
  }

  #refreshChoices() {
    const sources = Object.keys(this.app.style?.sources || {});
    const keep = this.source.value;
    this.source.replaceChildren(...sources.map(s => h("option", { value: s }, s)));
    if (sources.includes(keep)) this.source.value = keep;
    this.#fillTargets();
    this.#fillSymbolChoices();
    this.#typeChanged();
  }

  /** Fonts (the server's) and icons (the session's images) for a new symbol layer. */
  #fillSymbolChoices() {
    const font = this.font.value || defaultFont(this.app.fonts), icon = this.icon.value;
    this.font.replaceChildren(...fontOptions(this.app.fonts, font).map(([v, l]) => h("option", { value: v }, l)));
    this.font.value = font;
    this.icon.replaceChildren(...imageOptions(this.app.images, "").map(([v, l]) => h("option", { value: v }, l)));
    if (this.app.images.some(i => i.id === icon)) this.icon.value = icon;
  }

  #fillTargets() {
    const mode = this.mode.value, keep = this.target.value;
    const rows = topDown(this.app.layers);
    const ids = mode === "slot" ? rows.filter(r => r.type === "slot").map(r => r.id)
      : mode === "top" ? [] : rows.map(r => r.id);
    this.target.replaceChildren(...ids.map(id => h("option", { value: id }, id)));
    if (ids.includes(keep)) this.target.value = keep;
    this.target.disabled = mode === "top";
  }

  #typeChanged() {
    const t = this.type.value;
    this.source.disabled = t === "background" || t === "slot" || t === "custom";
    this.color.disabled = t === "slot" || t === "raster" || t === "heatmap" || t === "hillshade" || t === "custom";
    for (const el of this.customRows) el.hidden = t !== "custom";
    for (const el of this.symbolRows) el.hidden = t !== "symbol";
    if (t === "custom" && !this.options.value.trim()) this.#rendererChanged();
  }

  #rendererChanged() {
    this.options.value = JSON.stringify(CUSTOM_RENDERERS[this.renderer.value] ?? {}, null, 1);
  }

  /** The layer and position the form describes. */
  #fromForm() {
    const type = this.type.value;
    const id = this.id.value.trim() || `${type}-${++this.count}`;
    const layer = { id, type };
    if (type === "custom") {
      layer.renderer = this.renderer.value;
      layer.options = JSON.parse(this.options.value.trim() || "{}");
    }
    if (!this.source.disabled && this.source.value) layer.source = this.source.value;
    if (type === "symbol") {
      const { layout, paint } = starterSymbol({ textField: parseTextField(this.textField.value), font: this.font.value,
        icon: this.icon.value, color: this.color.value });
      if (Object.keys(layout).length) layer.layout = layout;
      if (Object.keys(paint).length) layer.paint = paint;
    } else {
      const paint = this.color.disabled ? {} : starterPaint(type, this.color.value);
      if (Object.keys(paint).length) layer.paint = paint;
    }
    const { position, slot } = this.#position();
    if (slot) layer.slot = slot;
    return { layer, position };
  }

  /** Where the form puts a new layer: a position and the slot it implies. */
  #position() {
    let position = null, slot = null;
    const target = this.target.value, mode = this.mode.value;
    if (mode === "slot" && target) slot = target;
    if ((mode === "above" || mode === "below") && target) {
      position = { [mode]: target };
      const anchor = this.app.layers.find(l => l.id === target);
      if (anchor?.slot) slot = anchor.slot;  // positions name layers of the same slot
    }
    return { position, slot };
  }

  #clearErrors() { for (const e of this.errors) e.textContent = ""; }

  #showError(e) {
    const path = e.path ?? "";
    const match = this.errors.filter(el => el.dataset.path && pointerStartsWith(path, el.dataset.path))
      .sort((a, b) => b.dataset.path.length - a.dataset.path.length)[0] || this.errors.at(-1);
    match.textContent = e.message;
  }

  async #addFromForm() {
    this.#clearErrors();
    let form;
    try { form = this.#fromForm(); } catch (e) {
      return this.#showError({ message: `options are not JSON: ${e.message}`, path: "/layer/options" });
    }
    const { layer, position } = form;
    const res = await this.app.mutate(api => api.addLayer(layer, position), { done: `Added ${layer.id}` });
    if (!res.ok) return this.#showError(res.error);
    this.id.value = "";
    this.color.value = PALETTE[(this.count + 1) % PALETTE.length];
    this.app.select(layer.id);
  }

  async #addRaw(text) {
    let layer;
    try { layer = JSON.parse(text); } catch (e) { return { message: `not JSON: ${e.message}`, path: null }; }
    const { position } = this.#position();
    const res = await this.app.mutate(api => api.addLayer(layer, position), { done: `Added ${layer?.id}` });
    if (res.ok) { this.app.select(layer.id); this.#showForm(); return null; }
    const path = res.error.path ?? "";
    if (pointerStartsWith(path, "/layer")) return { message: res.error.message, path: path.slice("/layer".length) };
    return { message: res.error.message, path: null };
  }

  #showRaw() {
    let layer;
    try { layer = this.#fromForm().layer; } catch { layer = { id: this.id.value.trim(), type: this.type.value }; }
    this.raw.set(layer, true);
    this.raw.clearError();
    this.raw.el.hidden = false;
    this.form.querySelector(".grid").hidden = true;
    this.form.querySelector(".buttons").hidden = true;
  }

  #showForm() {
    this.raw.el.hidden = true;
    this.form.querySelector(".grid").hidden = false;
    this.form.querySelector(".buttons").hidden = false;
  }
}
