// Sources: the session's sources with a remove button, and "add a GeoJSON source" by pasting
// or uploading a file (POST /sources). Removing a source that layers use asks before
// removing them too (DELETE ?cascade=true).
import { h } from "./dom.js";
import { toast } from "./toast.js";
import { pointerStartsWith } from "./jsonpointer.js";

export class SourcePanel {
  constructor(root, app) {
    this.app = app;
    this.list = h("ul", { class: "source-list" });
    this.id = h("input", { type: "text", name: "source-id", placeholder: "source id", spellcheck: "false", "aria-label": "Source id" });
    this.file = h("input", { type: "file", accept: ".geojson,.json,application/geo+json,application/json", "aria-label": "GeoJSON file",
      onchange: () => this.#readFile() });
    this.data = h("textarea", { class: "json", name: "geojson", rows: 8, spellcheck: "false", "aria-label": "GeoJSON",
      placeholder: '{"type": "FeatureCollection", "features": [...]}' });
    this.idError = h("div", { class: "field-error", role: "alert" });
    this.dataError = h("div", { class: "field-error", role: "alert" });
    root.append(h("h4", {}, "Sources"), this.list,
      h("h4", {}, "Add a GeoJSON source"),
      h("div", { class: "grid" }, h("label", {}, "id"), h("div", {}, this.id, this.idError)),
      h("div", { class: "file-row" }, "paste below or load a file: ", this.file),
      this.data, this.dataError,
      h("div", { class: "buttons" }, h("button", { class: "primary", onclick: () => this.add() }, "Add source")));
    app.addEventListener("change", () => this.render());
  }

  render() {
    const sources = this.app.style?.sources || {};
    const used = id => this.app.layers.filter(l => l.source === id).length;
    this.list.replaceChildren(...Object.entries(sources).map(([id, s]) =>
      h("li", { dataset: { id } }, h("span", { class: "name" }, id),
        h("span", { class: "meta", title: typeof s.data === "string" ? s.data : "" }, `${s.type} · ${used(id)} layer(s)`),
        h("button", { class: "remove", title: "Remove source", "aria-label": `Remove source ${id}`, onclick: () => this.remove(id) }, "✕"))));
  }

  async #readFile() {
    const f = this.file.files[0];
    if (!f) return;
    this.data.value = await f.text();
    if (!this.id.value) this.id.value = f.name.replace(/\.(geo)?json$/i, "").replace(/[^\w-]+/g, "-");
  }

  async add() {
    this.idError.textContent = this.dataError.textContent = "";
    let data;
    try { data = JSON.parse(this.data.value); } catch (e) { this.dataError.textContent = `not JSON: ${e.message}`; return; }
    const id = this.id.value.trim();
    const res = await this.app.mutate(api => api.addSource(id, { type: "geojson", data }), { done: `Added source ${id}` });
    if (res.ok) { this.data.value = ""; this.id.value = ""; this.file.value = ""; return; }
    const e = res.error;
    (pointerStartsWith(e.path ?? "", "/source") ? this.dataError : this.idError).textContent =
      e.path ? `${e.path}: ${e.message}` : e.message;
  }

  async remove(id) {
    const res = await this.app.mutate(api => api.deleteSource(id), { done: `Removed source ${id}` });
    if (!res.ok && res.error.status === 409) {
      toast(`Remove "${id}" together with the layers that use it?`, { key: "cascade",
        action: { label: "Remove all", run: () => this.app.mutate(api => api.deleteSource(id, true), { done: `Removed source ${id} and its layers` }) } });
    }
  }
}
