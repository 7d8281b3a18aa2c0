// Annotations tab: the session's view annotations (GET /annotations) with their text, anchor,
// offsets, selected and visible, each change a PATCH; "Add on map" arms the next click on
// the map to POST one there. The server's errors show next to the field their path names.
import { h } from "./dom.js";

const ANCHORS = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"];

export class AnnotationPanel {
  constructor(root, app, map) {
    this.app = app;
    this.map = map;
    this.items = [];
    this.errors = new Map();   // id → {key, message} of its last refused change (kept across reloads)
    this.armed = false;
    this.arm = h("button", { class: "primary arm", "aria-pressed": "false", onclick: () => this.setArmed(!this.armed) }, "Add on map");
    this.hint = h("div", { class: "meta" }, "Click “Add on map”, then click the map where the note belongs.");
    this.list = h("ul", { class: "annotation-list", "aria-label": "Annotations" });
    this.error = h("div", { class: "field-error", role: "alert" });
    root.append(h("h4", {}, "Annotations"), h("div", { class: "buttons" }, this.arm), this.hint, this.error, this.list);
    this.#bindMap();
    app.addEventListener("change", () => this.load());
  }

  setArmed(on) {
    this.armed = on;
    this.arm.setAttribute("aria-pressed", String(on));
    this.arm.textContent = on ? "Click the map…" : "Add on map";
    this.map.el.classList.toggle("placing", on);
  }

  /** A click (not a drag) on the map while armed adds an annotation there. */
  #bindMap() {
    let down = null;
    this.map.el.addEventListener("pointerdown", e => { down = [e.clientX, e.clientY]; });
    this.map.el.addEventListener("click", e => {
      if (!this.armed || !down || Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 4) return;
      const r = this.map.el.getBoundingClientRect();
      const [lon, lat] = this.map.lonLatAt(e.clientX - r.left, e.clientY - r.top);
      this.setArmed(false);
      this.add(lon, lat);
    });
  }

  async load() {
    if (!this.app.session || this.app.lost) return;
    try {
      this.items = await this.app.api.annotations();
    } catch (e) {
      return this.app.report(e);
    }
    this.render();
  }

  async add(lon, lat) {
    this.error.textContent = "";
    const res = await this.app.mutate(api => api.addAnnotation({ coordinate: [lon, lat], text: "New note", anchor: "bottom" }),
      { done: "Annotation added" });
    if (!res.ok) this.error.textContent = res.error.path ? `${res.error.path}: ${res.error.message}` : res.error.message;
  }

  render() {
    this.list.replaceChildren(...this.items.map(a => this.#row(a)));
  }

  #row(a) {
    const error = this.errors.get(a.id);
    const errors = h("div", { class: "field-error", role: "alert" }, error ? error.message : "");
    const patch = async changes => {
      const res = await this.app.mutate(api => api.patchAnnotation(a.id, changes));
      if (res.ok) this.errors.delete(a.id);
      else this.errors.set(a.id, { key: (res.error.path || "").split("/")[1], message: res.error.message });
      this.render();
    };
    const input = (name, value, size) => {
      const el = h("input", { type: "text", name, value: String(value), size, spellcheck: "false", "aria-label": `${name} of ${a.id}` });
      let sent = String(value);
      const send = () => {
        if (el.value === sent) return;
        sent = el.value;
        const v = name === "text" ? el.value : (el.value.trim() === "" ? null : Number(el.value));
        patch({ [name]: Number.isNaN(v) ? el.value : v });
      };
      el.addEventListener("keydown", e => { if (e.key === "Enter") send(); });
      el.addEventListener("change", send);
      return el;
    };
    const check = (name, label) => h("label", { class: "check" },
      h("input", { type: "checkbox", name, checked: a[name], onchange: e => patch({ [name]: e.target.checked }) }), label);
    const anchor = h("select", { name: "anchor", "aria-label": `anchor of ${a.id}`, onchange: e => patch({ anchor: e.target.value }) },
      ...ANCHORS.map(x => h("option", { value: x, selected: x === a.anchor }, x)));
    const [lon, lat] = a.coordinate;
    const row = h("li", { class: "annotation-row" + (a.visible ? "" : " hidden"), dataset: { id: a.id } },
      h("div", { class: "head" }, h("span", { class: "name", title: a.id }, a.id),
        h("span", { class: "meta" }, `${lat.toFixed(4)}°, ${lon.toFixed(4)}°`),
        h("button", { class: "remove", title: "Delete", "aria-label": `Delete ${a.id}`, onclick: () => this.remove(a.id) }, "✕")),
      h("div", { class: "grid" },
        h("label", {}, "text"), input("text", a.text),
        h("label", {}, "anchor"), anchor,
        h("label", {}, "offset"), h("div", { class: "row2" }, input("offsetX", a.offsetX, 4), input("offsetY", a.offsetY, 4))),
      h("div", { class: "checks" }, check("selected", "selected"), check("visible", "visible"), check("allowOverlap", "may overlap")),
      errors);
    if (error) row.querySelector(`[name="${error.key}"]`)?.classList.add("invalid");
    return row;
  }

  remove(id) {
    return this.app.mutate(api => api.deleteAnnotation(id), { done: `Deleted ${id}` });
  }
}
