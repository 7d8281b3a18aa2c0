// The viewer's state: the session, its style, layers (GET /layers) and tile version, refreshed
// after every change. Every failure is reported visibly: the server's message in a toast, a
// reconnect loop when the server is unreachable, and an offer of a new session when the
// session is gone.
import { ApiError, NetworkError } from "./api.js";
import { toast, dismiss } from "./toast.js";
import { readFragment, writeFragment } from "./fragment.js";
import { RemovedLayers } from "./removed.js";

export class App extends EventTarget {
  constructor(api) {
    super();
    this.api = api;
    this.style = null;          // GET /style
    this.layers = [];           // GET /layers, bottom → top
    this.version = null;        // the style hash of the tile URLs
    this.images = [];           // GET /images: the session's images and its sprite's
    this.fonts = [];            // GET /fonts: font names for text-font (read once)
    this.selected = null;       // id of the layer in the editor
    this.online = true;
    this.lost = false;          // the session no longer exists on the server
    this.removed = new RemovedLayers();
  }

  get session() { return this.api.session; }

  /** Opens the session named in the fragment, or creates one. */
  async start() {
    try { this.fonts = await this.api.fonts(); } catch (e) { this.report(e); }
    const { session } = readFragment();
    if (session) return this.open(session);
    return this.newSession(false);
  }

  async open(id) {
    this.api.session = id;
    this.removed.use(id);
    this.lost = false;
    try {
      await this.api.getSession(id);
    } catch (e) {
      this.report(e);
      this.#changed();
      return false;
    }
    dismiss("lost");
    await this.refresh();
    return true;
  }

  /** A fresh session from the server's default style (the "reset" button), or from the
   *  published style `style` (the style picker). */
  async newSession(push = true, style = undefined) {
    let created;
    try {
      created = await this.api.createSession(style);
    } catch (e) {
      this.report(e);
      return false;
    }
    this.selected = null;
    writeFragment({ ...readFragment(), session: created.id }, push);
    this.api.session = created.id;
    this.removed.use(created.id);
    this.lost = false;
    dismiss("lost");
    await this.refresh();
    return true;
  }

  /** Reloads style, layers and tile version from the server. */
  async refresh() {
    // Overlapping refreshes (e.g. a slider sending while dragged): only the newest is applied.
    const seq = this.refreshes = (this.refreshes || 0) + 1;
    try {
      const [style, layers, version, images] = await Promise.all([this.api.style(), this.api.layers(), this.api.tileVersion(),
        this.api.images()]);
      if (seq !== this.refreshes) return true;
      Object.assign(this, { style, layers, version, images });
      this.removed.prune(layers);
      if (this.selected && !layers.some(l => l.id === this.selected)) this.selected = null;
      this.#changed();
      return true;
    } catch (e) {
      this.report(e);
      return false;
    }
  }

  /**
   * Runs one change (`fn(api)`), then refreshes. Never throws: returns {ok, value} or
   * {ok: false, error} so forms can show the error next to the field its path names.
   */
  async mutate(fn, { done = null } = {}) {
    try {
      const value = await fn(this.api);
      await this.refresh();
      if (done) toast(done, { kind: "ok", ms: 2500 });
      return { ok: true, value };
    } catch (error) {
      this.report(error);
      // A multi-request change may have half-applied (e.g. slot set, move refused): resync.
      if (error instanceof ApiError && error.code !== "unknown_session") await this.refresh();
      return { ok: false, error };
    }
  }

  select(id) {
    this.selected = id;
    this.dispatchEvent(new Event("select"));
  }

  /** Shows an error the way its kind needs. */
  report(e) {
    if (e instanceof NetworkError) return this.#offline();
    if (e instanceof ApiError && e.status === 404 && e.code === "unknown_session") return this.#sessionLost();
    if (e instanceof ApiError) {
      const where = e.path ? ` (at ${e.path})` : "";
      toast(`${e.message}${where}`, { kind: "error", key: "api-error" });
    } else {
      toast(String(e && e.message || e), { kind: "error" });
      console.error(e);
    }
  }

  /** After a tile failed: find out whether the server or the session is gone. */
  async probe() {
    if (!this.online || this.lost || !this.session) return;
    try { await this.api.getSession(this.session); } catch (e) {
      if (e instanceof NetworkError || e.code === "unknown_session") this.report(e);
    }
  }

  #changed() { this.dispatchEvent(new Event("change")); }

  #sessionLost() {
    if (this.lost) return;
    this.lost = true;
    this.#changed();
    toast(`This session (${(this.session || "").slice(0, 8)}…) no longer exists on the server.`, {
      kind: "error", key: "lost", action: { label: "Start a new session", run: () => this.newSession() },
    });
  }

  /** The server does not answer: say so, poll /health, then resync once it is back. */
  async #offline() {
    if (!this.online) return;
    this.online = false;
    this.#changed();
    toast("The server does not answer — retrying…", { kind: "error", key: "offline", sticky: true });
    for (;;) {
      await new Promise(r => setTimeout(r, 1000));
      try {
        const res = await fetch("/health", { cache: "no-store" });
        if (res.ok) break;
      } catch { /* still down */ }
    }
    this.online = true;
    dismiss("offline");
    toast("Reconnected", { kind: "ok", ms: 2500 });
    const ok = this.session ? await this.open(this.session) : await this.newSession(false);
    if (ok) this.dispatchEvent(new Event("reconnect"));
  }
}
