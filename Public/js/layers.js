// The layer panel: the session's layers top → bottom (type icon, id, source, slot), drag to
// reorder (POST /layers/{id}/move, into another slot via PATCH slot first), visibility,
// remove (kept in a "removed" list for a one-click re-add where it was) and copy.
import { h } from "./dom.js";
import { typeIcon, mainColor, copyIcon } from "./icons.js";
import { enableReorder } from "./reorder.js";
import { dropPlacement, topDown } from "./placement.js";
import { RemovedLayers } from "./removed.js";

export class LayerPanel {
  constructor(list, removedList, app) {
    this.list = list;
    this.removedList = removedList;
    this.app = app;
    this.copying = null;
    enableReorder(list, { onDrop: (id, index) => this.move(id, index) });
    app.addEventListener("change", () => this.render());
    app.addEventListener("select", () => this.#markSelected());
  }

  #json(id) { return this.app.style?.layers?.find(l => l.id === id) ?? null; }

  render() {
    const rows = topDown(this.app.layers);
    this.list.replaceChildren(...rows.flatMap(r => [this.#row(r), this.copying === r.id ? this.#copyForm(r) : null].filter(Boolean)));
    this.#markSelected();
    this.#renderRemoved();
  }

  #row(r) {
    const visible = r.visibility !== "none";
    const isSlot = r.type === "slot";
    const classes = ["layer-row", isSlot && "slot-marker", r.slot && "in-slot", !visible && "hidden"].filter(Boolean).join(" ");
    return h("li", { class: classes, dataset: { id: r.id }, onclick: e => { if (!e.target.closest("button, input")) this.app.select(r.id); } },
      h("button", { class: "handle", title: "Drag to reorder", "aria-label": `Drag ${r.id}` }, "⠿"),
      typeIcon(r.type, mainColor(this.#json(r.id))),
      h("span", { class: "name", title: r.id }, r.id),
      h("span", { class: "meta" }, [r.source, r.slot && `⤷ ${r.slot}`].filter(Boolean).join(" · ")),
      isSlot ? h("span", { class: "spacer" })
        : h("input", { type: "checkbox", class: "visibility", checked: visible, title: visible ? "Hide" : "Show",
          "aria-label": `Visible: ${r.id}`, onchange: () => this.setVisible(r.id, !visible) }),
      h("button", { class: "copy", title: "Copy under a new id", "aria-label": `Copy ${r.id}`,
        onclick: () => { this.copying = this.copying === r.id ? null : r.id; this.render(); } }, copyIcon()),
      h("button", { class: "remove", title: "Remove", "aria-label": `Remove ${r.id}`, onclick: () => this.remove(r.id) }, "✕"));
  }

  #copyForm(r) {
    const input = h("input", { type: "text", value: `${r.id}-copy`, "aria-label": "New layer id", spellcheck: "false" });
    const go = async () => {
      const res = await this.app.mutate(api => api.copyLayer(r.id, input.value.trim(), { above: r.id }), { done: `Copied ${r.id}` });
      if (res.ok) { this.copying = null; this.app.select(input.value.trim()); this.render(); }
    };
    input.addEventListener("keydown", e => { if (e.key === "Enter") go(); if (e.key === "Escape") { this.copying = null; this.render(); } });
    queueMicrotask(() => { input.focus(); input.select(); });
    return h("li", { class: "copy-form" }, "copy as ", input,
      h("button", { class: "primary", onclick: go }, "Copy"),
      h("button", { onclick: () => { this.copying = null; this.render(); } }, "Cancel"));
  }

  #markSelected() {
    for (const li of this.list.querySelectorAll(".layer-row")) li.classList.toggle("selected", li.dataset.id === this.app.selected);
  }

  setVisible(id, visible) {
    return this.app.mutate(api => api.patchLayer(id, { layout: { visibility: visible ? "visible" : "none" } }));
  }

  /** Drops layer `id` before the `index`-th other row (top → bottom). */
  async move(id, index) {
    const dragged = this.app.layers.find(l => l.id === id);
    if (!dragged) return;
    const others = topDown(this.app.layers).filter(l => l.id !== id);
    const place = dropPlacement(dragged, others, index);
    if (!place) return;
    const keyboard = document.activeElement?.classList.contains("handle");
    await this.app.mutate(async api => {
      if ((dragged.slot ?? null) !== place.slot) await api.patchLayer(id, { slot: place.slot });
      return api.moveLayer(id, place.position);
    });
    // Keep keyboard users on the layer they are moving.
    if (keyboard) this.list.querySelector(`[data-id="${CSS.escape(id)}"] .handle`)?.focus();
  }

  async remove(id) {
    const layer = this.#json(id);
    const rows = this.app.layers;
    const res = await this.app.mutate(api => api.deleteLayer(id), { done: `Removed ${id}` });
    if (res.ok && layer) { this.app.removed.add(layer, rows); this.#renderRemoved(); }
  }

  async restore(id) {
    const entry = this.app.removed.items.find(e => e.layer.id === id);
    if (!entry) return;
    const position = RemovedLayers.position(entry, this.app.layers);
    const res = await this.app.mutate(api => api.addLayer(entry.layer, position), { done: `Re-added ${id}` });
    if (res.ok) { this.app.removed.take(id); this.#renderRemoved(); }
  }

  #renderRemoved() {
    const items = this.app.removed.items;
    this.removedList.closest("section")?.classList.toggle("empty", items.length === 0);
    this.removedList.replaceChildren(...items.map(e =>
      h("li", { class: "removed-row", dataset: { id: e.layer.id } },
        typeIcon(e.layer.type, mainColor(e.layer)),
        h("span", { class: "name" }, e.layer.id),
        h("span", { class: "meta" }, e.above ? `below ${e.above}` : e.below ? `above ${e.below}` : "top"),
        h("button", { class: "restore", title: "Add it back where it was", onclick: () => this.restore(e.layer.id) }, "Re-add"),
        h("button", { class: "forget", title: "Forget", "aria-label": `Forget ${e.layer.id}`,
          onclick: () => { this.app.removed.take(e.layer.id); this.#renderRemoved(); } }, "✕"))));
  }
}
