// The published styles (GET /styles.json: every style file of the server's stylesDir) in a
// picker in the top bar: choosing one starts a session from it (POST /sessions {"style": id})
// and the map switches to that session's tiles. The picker names the style the current session
// was started from here, and goes back to its prompt for a session opened any other way.
import { h } from "./dom.js";

export class StylePicker {
  constructor(select, app) {
    this.select = select;
    this.app = app;
    this.origin = new Map();      // session id → published style id it was started from here
    this.select.append(h("option", { value: "", disabled: true, selected: true }, "Published styles…"));
    this.select.addEventListener("change", () => this.#choose(this.select.value));
    app.addEventListener("change", () => this.#show());
  }

  /** Fills the list from /styles.json; a failure is reported and leaves the picker disabled. */
  async load() {
    this.select.disabled = true;
    try {
      const styles = await this.app.api.publishedStyles();
      for (const s of styles) this.select.append(h("option", { value: s.id, title: s.url }, s.name || s.id));
      this.select.disabled = styles.length === 0;
    } catch (e) {
      this.app.report(e);
    }
    this.#show();
  }

  async #choose(id) {
    if (!id) return;
    this.select.disabled = true;
    const ok = await this.app.newSession(true, id);
    if (ok) this.origin.set(this.app.session, id);
    this.select.disabled = false;
    this.#show();
  }

  #show() {
    this.select.value = this.origin.get(this.app.session) || "";
  }
}
