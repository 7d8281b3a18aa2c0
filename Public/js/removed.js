// Layers removed in this browser, per session, kept in localStorage so one click re-adds
// them where they were (next to the neighbours they had), even after a reload.

export class RemovedLayers {
  constructor() {
    this.session = null;
    this.items = [];
  }

  get #key() { return `strata.removed.${this.session}`; }

  use(session) {
    this.session = session;
    try { this.items = JSON.parse(localStorage.getItem(this.#key) || "[]"); } catch { this.items = []; }
  }

  #save() {
    try { localStorage.setItem(this.#key, JSON.stringify(this.items)); } catch { /* storage full or disabled */ }
  }

  /**
   * Remembers a removed layer. `rows` is GET /layers (bottom → top) before the removal: the
   * neighbours in the layer's own group (its slot or the main stack) say where it was.
   */
  add(layer, rows) {
    const group = layer.slot ?? null;
    const peers = rows.filter(r => (r.slot ?? null) === group);
    const i = peers.findIndex(r => r.id === layer.id);
    this.items = this.items.filter(e => e.layer.id !== layer.id);
    this.items.unshift({ layer, below: peers[i - 1]?.id ?? null, above: peers[i + 1]?.id ?? null });
    this.#save();
  }

  take(id) {
    const entry = this.items.find(e => e.layer.id === id);
    this.items = this.items.filter(e => e !== entry);
    this.#save();
    return entry;
  }

  /** Forgets entries whose id is in the style again (re-added, undone, or a new layer). */
  prune(rows) {
    const present = new Set(rows.map(r => r.id));
    const kept = this.items.filter(e => !present.has(e.layer.id));
    if (kept.length !== this.items.length) { this.items = kept; this.#save(); }
  }

  /** The position that puts `entry` back between its old neighbours if they are still there. */
  static position(entry, rows) {
    const group = entry.layer.slot ?? null;
    const inGroup = id => id && rows.some(r => r.id === id && (r.slot ?? null) === group);
    if (inGroup(entry.above)) return { below: entry.above };
    if (inGroup(entry.below)) return { above: entry.below };
    return null;
  }
}
