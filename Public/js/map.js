// A slippy map of Strata's 256 px XYZ tiles: drag to pan, wheel / double-click / buttons to
// zoom (integer levels), @Nx tiles on high-density screens. A changed tile version (the style
// hash) reloads every tile in the background and swaps each one only once its replacement has
// decoded, so nothing flickers; after a zoom the previous level stays scaled underneath until
// the new tiles are in.
import { TILE, worldSize, project, unproject, wrapX } from "./mercator.js";
import { h } from "./dom.js";

const RETRY_MS = [400, 1500, 4000, 8000];

export class TileMap extends EventTarget {
  /**
   * tileURL(z, x, y, version) → the image URL of one tile (x already wrapped).
   * Events: "view" (centre or zoom changed), "idle" (every wanted tile shows its current
   * version), "tileerror" (a tile failed to load; it is retried).
   */
  constructor(el, { tileURL, minZoom = 0, maxZoom = 22 }) {
    super();
    this.el = el;
    this.tileURL = tileURL;
    this.minZoom = minZoom;
    this.maxZoom = maxZoom;
    this.version = null;
    this.z = 1;
    this.cx = this.cy = worldSize(1) / 2;
    this.tiles = new Map();      // "z/x/y" (x unwrapped) → tile record
    this.backdrop = h("div", { class: "tile-layer backdrop" });
    this.layer = h("div", { class: "tile-layer" });
    this.stale = [];             // {img, x, y, size} of the previous zoom, in current world px
    this.frame = 0;
    el.append(this.backdrop, this.layer);
    this.#bindPointer();
    new ResizeObserver(() => this.#schedule()).observe(el);
  }

  get width() { return this.el.clientWidth; }
  get height() { return this.el.clientHeight; }

  /** Tiles that are still loading (a first load or a new version). */
  get pending() {
    let n = 0;
    for (const t of this.tiles.values()) if (t.want) n++;
    return n;
  }

  /** Tiles whose last load failed and that show nothing or an outdated image. */
  get failed() {
    let n = 0;
    for (const t of this.tiles.values()) if (t.failures > 0 && !t.want) n++;
    return n;
  }

  get center() { return unproject(this.cx, this.cy, this.z); }

  setView(lon, lat, z) {
    this.z = this.#clampZoom(Math.round(z));
    [this.cx, this.cy] = project(lon, lat, this.z);
    this.#clampCenter();
    this.#schedule();
  }

  /** [lon, lat] under the map pixel (px, py). */
  lonLatAt(px, py) {
    return unproject(this.cx - this.width / 2 + px, this.cy - this.height / 2 + py, this.z);
  }

  /** Map pixel [x, y] of a longitude/latitude (in the world copy nearest the centre). */
  pixelAt(lon, lat) {
    const [x, y] = project(lon, lat, this.z);
    const size = worldSize(this.z);
    const dx = ((x - this.cx) % size + size * 1.5) % size - size / 2;
    return [this.width / 2 + dx, this.height / 2 + y - this.cy];
  }

  /** Shows tiles of another style version; old tiles stay until their replacement decoded. */
  setVersion(version) {
    if (version === this.version) return;
    this.version = version;
    for (const t of this.tiles.values()) this.#load(t);
    this.#schedule();
  }

  /** Retries every tile that failed (e.g. after the server came back). */
  retryFailed() {
    for (const t of this.tiles.values()) if (t.failures > 0) { t.failures = 0; t.url = null; this.#load(t); }
  }

  zoomBy(delta, ax = this.width / 2, ay = this.height / 2) {
    const nz = this.#clampZoom(this.z + delta);
    if (nz === this.z) return;
    const f = 2 ** (nz - this.z);
    // The world point under the anchor stays under it.
    const wx = this.cx - this.width / 2 + ax, wy = this.cy - this.height / 2 + ay;
    this.cx = wx * f - ax + this.width / 2;
    this.cy = wy * f - ay + this.height / 2;
    this.#keepAsBackdrop(f);
    this.z = nz;
    this.#clampCenter();
    this.#schedule();
  }

  #clampZoom(z) { return Math.max(this.minZoom, Math.min(this.maxZoom, z)); }

  /** North–south the map stops at the world's edge; east–west it repeats. */
  #clampCenter() {
    const size = worldSize(this.z), h2 = this.height / 2;
    this.cy = size <= this.height ? size / 2 : Math.max(h2, Math.min(size - h2, this.cy));
    // Keep cx near the first world copy so numbers stay small while panning around the globe.
    if (Math.abs(this.cx) > 4 * size) this.cx = ((this.cx % size) + size) % size;
  }

  /** After a zoom by factor f: current images become a scaled backdrop until new tiles load. */
  #keepAsBackdrop(f) {
    const kept = [];
    for (const s of this.stale) kept.push({ ...s, x: s.x * f, y: s.y * f, size: s.size * f });
    for (const t of this.tiles.values()) {
      if (t.want && t.pendingImg) t.pendingImg.src = "";
      if (t.img) kept.push({ img: t.img, x: t.x * TILE * f, y: t.y * TILE * f, size: TILE * f });
    }
    this.tiles.clear();
    this.layer.replaceChildren();
    // Bounded: only images of a sensible size stay (rapid zooming drops the oldest).
    this.stale = kept.filter(s => s.size >= 32 && s.size <= TILE * 8).slice(-64);
    this.backdrop.replaceChildren(...this.stale.map(s => s.img));
  }

  #schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.#render(); });
  }

  #render() {
    const w = this.width, hgt = this.height, n = 2 ** this.z;
    const left = this.cx - w / 2, top = this.cy - hgt / 2;
    const wanted = new Set();
    for (let ty = Math.max(0, Math.floor(top / TILE)); ty <= Math.min(n - 1, Math.floor((top + hgt) / TILE)); ty++) {
      for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + w) / TILE); tx++) {
        const key = `${this.z}/${tx}/${ty}`;
        wanted.add(key);
        let t = this.tiles.get(key);
        if (!t) {
          t = { key, z: this.z, x: tx, y: ty, img: null, url: null, want: null, pendingImg: null, failures: 0 };
          this.tiles.set(key, t);
          this.#load(t);
        }
        if (t.img) this.#place(t.img, tx * TILE - left, ty * TILE - top, TILE);
      }
    }
    for (const [key, t] of this.tiles) {
      if (wanted.has(key)) continue;
      if (t.pendingImg) t.pendingImg.src = "";
      t.img?.remove();
      this.tiles.delete(key);
    }
    for (const s of this.stale) this.#place(s.img, s.x - left, s.y - top, s.size);
    this.#checkIdle();
    this.dispatchEvent(new Event("view"));
  }

  #place(img, x, y, size) {
    img.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
    img.style.width = img.style.height = `${Math.round(size)}px`;
  }

  #load(t) {
    if (this.version === null) return;
    const url = this.tileURL(t.z, wrapX(t.x, t.z), t.y, this.version);
    if (url === t.url || url === t.want) return;
    if (t.pendingImg) t.pendingImg.src = "";
    t.want = url;
    const img = new Image();
    img.alt = "";
    img.draggable = false;
    img.className = "tile";
    t.pendingImg = img;
    img.src = url;
    img.decode().then(() => {
      if (t.want !== url || this.tiles.get(t.key) !== t) return;
      const left = this.cx - this.width / 2, top = this.cy - this.height / 2;
      this.#place(img, t.x * TILE - left, t.y * TILE - top, TILE);
      this.layer.append(img);
      t.img?.remove();
      Object.assign(t, { img, url, want: null, pendingImg: null, failures: 0 });
      this.#checkIdle();
    }, () => {
      if (t.want !== url || this.tiles.get(t.key) !== t) return;
      t.want = null;
      t.pendingImg = null;
      t.failures++;
      this.dispatchEvent(new CustomEvent("tileerror", { detail: { url, failures: t.failures } }));
      if (t.failures <= RETRY_MS.length) {
        setTimeout(() => { if (this.tiles.get(t.key) === t && !t.want) this.#load(t); }, RETRY_MS[t.failures - 1]);
      }
      this.#checkIdle();
    });
  }

  #checkIdle() {
    if (this.pending > 0) return;
    if (this.stale.length) { this.stale = []; this.backdrop.replaceChildren(); }
    this.dispatchEvent(new Event("idle"));
  }

  /** Event position in map pixels (whatever child the event hit). */
  #local(e) {
    const r = this.el.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  #bindPointer() {
    const el = this.el;
    let drag = null, wheel = 0, wheelTimer = 0;
    el.addEventListener("pointerdown", e => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, id: e.pointerId };
      el.setPointerCapture(e.pointerId);
      el.classList.add("dragging");
    });
    el.addEventListener("pointermove", e => {
      this.cursor = this.#local(e);
      if (drag && e.pointerId === drag.id) {
        this.cx -= e.clientX - drag.x;
        this.cy -= e.clientY - drag.y;
        drag.x = e.clientX;
        drag.y = e.clientY;
        this.#clampCenter();
        this.#schedule();
      } else {
        this.dispatchEvent(new Event("cursor"));
      }
    });
    const end = () => { drag = null; el.classList.remove("dragging"); };
    el.addEventListener("pointerup", end);
    el.addEventListener("pointercancel", end);
    el.addEventListener("pointerleave", () => { this.cursor = null; this.dispatchEvent(new Event("cursor")); });
    el.addEventListener("dblclick", e => this.zoomBy(e.shiftKey ? -1 : 1, ...this.#local(e)));
    el.addEventListener("wheel", e => {
      e.preventDefault();
      wheel += e.deltaY * (e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 400 : 1);
      clearTimeout(wheelTimer);
      wheelTimer = setTimeout(() => { wheel = 0; }, 250);
      if (Math.abs(wheel) >= 80) {
        this.zoomBy(wheel < 0 ? 1 : -1, ...this.#local(e));
        wheel = 0;
      }
    }, { passive: false });
  }
}
