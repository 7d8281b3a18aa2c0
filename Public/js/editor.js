// The editor of the selected layer: colour pickers and sliders for its main paint properties,
// a symbol layer's text field, font, size and icon, zoom range, slot and filter (each a PATCH
// /layers/{id}), and the whole layer as JSON (PUT /layers/{id}). The server's validation
// error appears next to the field its path names.
import { h } from "./dom.js";
import { Field } from "./fields.js";
import { JsonEditor } from "./json-editor.js";
import { MAIN_PAINT } from "./paint-props.js";
import { pointerStartsWith } from "./jsonpointer.js";
import { typeIcon, mainColor } from "./icons.js";
import { parseTextField, formatTextField, fontOption, fontValue, fontOptions, imageOptions } from "./symbols.js";

export class LayerEditor {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.id = null;
    this.type = null;
    this.fields = [];
    this.json = null;
    app.addEventListener("select", () => this.sync());
    app.addEventListener("change", () => this.sync());
  }

  /** The selected layer's JSON in the current style. */
  get layer() {
    return this.app.style?.layers?.find(l => l.id === this.app.selected) ?? null;
  }

  sync() {
    const layer = this.layer;
    if (!layer) { this.id = null; this.root.replaceChildren(h("p", { class: "hint" }, "Select a layer to edit it.")); return; }
    if (layer.id !== this.id || layer.type !== this.type) this.#build(layer);
    for (const f of this.fields) f.update(this.#valueAt(layer, f.path));
    this.slotField?.setOptions(this.#slotOptions());
    this.slotField?.update(layer.slot ?? null);
    this.fontField?.setOptions(fontOptions(this.app.fonts, fontOption(layer.layout?.["text-font"])));
    this.iconField?.setOptions(imageOptions(this.app.images, layer.layout?.["icon-image"]));
    this.json.set(layer);
    this.root.querySelector(".editor-head .type-icon")?.replaceWith(typeIcon(layer.type, mainColor(layer)));
  }

  #valueAt(layer, path) {
    const [section, name] = path.split("/").slice(1);
    return name === undefined ? layer[section] : layer[section]?.[name];
  }

  #slotOptions() {
    const slots = this.app.layers.filter(l => l.type === "slot").map(l => [l.id, l.id]);
    return [["", "(main stack)"], ...slots];
  }

  #build(layer) {
    this.id = layer.id;
    this.type = layer.type;
    this.fontField = this.iconField = null;
    const field = (label, path, kind, fallback = null) =>
      new Field({ label, path, kind, fallback, commit: v => this.#patch(path, v) });
    this.fields = (MAIN_PAINT[layer.type] || []).map(([name, kind, fallback]) => field(name, `/paint/${name}`, kind, fallback));
    const layout = layer.type === "symbol" ? this.#symbolFields() : [];
    const zoom = [field("minzoom", "/minzoom", "zoom"), field("maxzoom", "/maxzoom", "zoom")];
    const filter = layer.type === "background" || layer.type === "slot" ? null : field("filter", "/filter", "json");
    this.slotField = layer.type === "slot" ? null
      : new Field({ label: "slot", path: "/slot", kind: "select", options: this.#slotOptions(), commit: v => this.#patch("/slot", v) });
    this.fields.push(...layout, ...zoom, ...(filter ? [filter] : []));
    this.json = new JsonEditor({ label: "Layer JSON (filter and expressions included)", apply: text => this.#replace(text) });
    this.root.replaceChildren(
      h("div", { class: "editor-head" }, typeIcon(layer.type, mainColor(layer)),
        h("strong", { class: "editor-id" }, layer.id), h("span", { class: "meta" }, [layer.type, layer.source].filter(Boolean).join(" · "))),
      layout.length ? h("h4", {}, "Text and icon") : null,
      ...layout.map(f => f.el),
      this.fields.length > layout.length + zoom.length + (filter ? 1 : 0) ? h("h4", {}, "Paint") : null,
      ...this.fields.filter(f => f.path.startsWith("/paint/")).map(f => f.el),
      h("h4", {}, "Zoom range and slot"),
      h("div", { class: "row2" }, zoom[0].el, zoom[1].el),
      this.slotField?.el,
      filter && h("h4", {}, "Filter"), filter?.el,
      this.json.el);
  }

  /** A symbol layer's layout: text field (a property name or an expression), font (from the
   *  server's fonts), size and icon (from the session's images and sprite). */
  #symbolFields() {
    const commit = path => v => this.#patch(path, v);
    const text = new Field({ label: "text-field", path: "/layout/text-field", kind: "text", parse: parseTextField,
      format: formatTextField, placeholder: "a property (name) or an expression", commit: commit("/layout/text-field") });
    this.fontField = new Field({ label: "text-font", path: "/layout/text-font", kind: "select", toOption: fontOption,
      fromOption: fontValue, options: fontOptions(this.app.fonts, ""), commit: commit("/layout/text-font") });
    const size = new Field({ label: "text-size", path: "/layout/text-size", kind: "size", fallback: 16, commit: commit("/layout/text-size") });
    this.iconField = new Field({ label: "icon-image", path: "/layout/icon-image", kind: "select",
      toOption: v => (typeof v === "string" ? v : ""), options: imageOptions(this.app.images, ""), commit: commit("/layout/icon-image") });
    return [text, this.fontField, size, this.iconField];
  }

  /** PATCH one property; the error (if any) goes to the field its path names. */
  async #patch(path, value) {
    const [section, name] = path.split("/").slice(1);
    const body = name === undefined ? { [section]: value } : { [section]: { [name]: value } };
    const res = await this.app.mutate(api => api.patchLayer(this.id, body));
    if (res.ok) return null;
    const e = res.error;
    if (e.path && !pointerStartsWith(e.path, path)) { this.#showAt(e); return null; }
    return e;
  }

  async #replace(text) {
    const res = await this.app.mutate(api => api.putLayer(this.id, text));
    if (res.ok) return null;
    return { message: res.error.message, path: res.error.path ?? null };
  }

  /** Shows an error next to the field whose path is the longest prefix of the error's path. */
  #showAt(e) {
    const match = this.fields.filter(f => pointerStartsWith(e.path, f.path)).sort((a, b) => b.path.length - a.path.length)[0];
    if (match) match.showError(e.message);
  }
}
