// The HTTP client for Strata's contract (../shared/DESIGN.md): every request carries the
// session in `X-Session-ID`; failures become ApiError (the server's error JSON) or
// NetworkError (no answer at all: the server is down or restarting).

/** The server's `{"error": {status, code, message, path}}` as an exception. */
export class ApiError extends Error {
  constructor(status, code, message, path) {
    super(message);
    this.status = status;
    this.code = code;
    this.path = path ?? null;
  }
}

/** No HTTP answer (connection refused, reset, offline). */
export class NetworkError extends Error {}

const enc = encodeURIComponent;

export class Api {
  constructor() {
    /** The session id every request is sent with (null: the default session). */
    this.session = null;
  }

  async request(method, path, body) {
    const headers = {};
    if (this.session) headers["X-Session-ID"] = this.session;
    const init = { method, headers, cache: "no-store" };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      throw new NetworkError(`${method} ${path}: the server does not answer (${e.message})`);
    }
    const text = res.status === 204 ? "" : await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    if (!res.ok) {
      const e = (data && data.error) || {};
      throw new ApiError(res.status, e.code || `http_${res.status}`, e.message || text || res.statusText, e.path);
    }
    return data;
  }

  // Sessions
  createSession(style) { return this.request("POST", "/sessions", style === undefined ? {} : { style }); }
  getSession(id) { return this.request("GET", `/sessions/${enc(id)}`); }
  deleteSession(id) { return this.request("DELETE", `/sessions/${enc(id)}`); }
  /** The server's published styles: [{id, name, url, version}] (tileserver-gl's catalog). */
  publishedStyles() { return this.request("GET", "/styles.json"); }

  // Style
  style() { return this.request("GET", "/style"); }
  history() { return this.request("GET", "/style/history"); }
  undo() { return this.request("POST", "/style/undo"); }
  operations(ops) { return this.request("POST", "/style/operations", ops); }
  tileJSON() { return this.request("GET", "/tiles.json"); }

  // Layers
  layers() { return this.request("GET", "/layers"); }
  layer(id) { return this.request("GET", `/layers/${enc(id)}`); }
  addLayer(layer, position) {
    return this.request("POST", "/layers", position ? { layer, position } : { layer });
  }
  /** `body` is a layer object, or raw JSON text (so server errors point into what was typed). */
  putLayer(id, body) { return this.request("PUT", `/layers/${enc(id)}`, body); }
  patchLayer(id, changes) { return this.request("PATCH", `/layers/${enc(id)}`, changes); }
  deleteLayer(id) { return this.request("DELETE", `/layers/${enc(id)}`); }
  moveLayer(id, position) { return this.request("POST", `/layers/${enc(id)}/move`, { position }); }
  copyLayer(id, newId, position) {
    return this.request("POST", `/layers/${enc(id)}/copy`, position ? { id: newId, position } : { id: newId });
  }

  // Style imports and their config options
  imports() { return this.request("GET", "/imports"); }
  patchImportConfig(id, values) { return this.request("PATCH", `/imports/${enc(id)}/config`, values); }

  // Sources
  addSource(id, source) { return this.request("POST", "/sources", { id, source }); }
  deleteSource(id, cascade = false) {
    return this.request("DELETE", `/sources/${enc(id)}${cascade ? "?cascade=true" : ""}`);
  }

  // Fonts the server offers for text-font (GET /fonts) and the session's images (icon-image)
  fonts() { return this.request("GET", "/fonts"); }
  images() { return this.request("GET", "/images"); }

  // View annotations
  annotations() { return this.request("GET", "/annotations"); }
  addAnnotation(annotation) { return this.request("POST", "/annotations", annotation); }
  patchAnnotation(id, changes) { return this.request("PATCH", `/annotations/${enc(id)}`, changes); }
  deleteAnnotation(id) { return this.request("DELETE", `/annotations/${enc(id)}`); }

  /** The `v` (style hash) query parameter of the session's TileJSON tile URL. */
  async tileVersion() {
    const tj = await this.tileJSON();
    const url = (tj.tiles && tj.tiles[0]) || "";
    return new URLSearchParams(url.split("?")[1] || "").get("v") || "";
  }
}
