// Wires the viewer together: session (URL fragment), map, layer panel, editor, add forms and
// style tab. `window.strata` exposes the app and map for debugging in the console.
import { $, debounce } from "./dom.js";
import { Api } from "./api.js";
import { App } from "./app.js";
import { TileMap } from "./map.js";
import { LayerPanel } from "./layers.js";
import { LayerEditor } from "./editor.js";
import { AddLayerForm } from "./add-layer.js";
import { SourcePanel } from "./sources.js";
import { StylePanel } from "./style-view.js";
import { AnnotationPanel } from "./annotations.js";
import { StylePicker } from "./style-picker.js";
import { readFragment, writeFragment } from "./fragment.js";

const api = new Api();
const app = new App(api);

// High-density screens get @Nx tiles (the server renders them crisply, up to @4x).
const dpr = window.devicePixelRatio || 1;
const ratio = dpr > 1.05 ? Math.min(4, Math.ceil(dpr - 0.05)) : 1;
const suffix = ratio > 1 ? `@${ratio}x` : "";
const enc = encodeURIComponent;

// The map's "version" is session + style hash: either changing reloads every tile.
const map = new TileMap($("#map"), {
  maxZoom: 22,
  tileURL: (z, x, y, version) => {
    const [session, hash] = version.split(" ");
    return `/tiles/${z}/${x}/${y}${suffix}.png?session=${enc(session)}&v=${enc(hash)}`;
  },
});

new LayerPanel($("#layer-list"), $("#removed-list"), app);
new LayerEditor($("#editor"), app);
new AddLayerForm($("#add-layer"), app);
new SourcePanel($("#sources"), app);
const stylePanel = new StylePanel($("#tab-style"), app);
new AnnotationPanel($("#tab-annotations"), app, map);
const picker = new StylePicker($("#style-picker"), app);

// Tabs
for (const tab of document.querySelectorAll("[data-tab]")) {
  tab.addEventListener("click", () => {
    for (const t of document.querySelectorAll("[data-tab]")) {
      const on = t === tab;
      t.classList.toggle("active", on);
      t.setAttribute("aria-selected", String(on));
      $(`#tab-${t.dataset.tab}`).hidden = !on;
    }
    stylePanel.show(tab.dataset.tab === "style");
  });
}
$("#undo").addEventListener("click", () => stylePanel.undo());
$("#reset").addEventListener("click", () => app.newSession());
$("#zoom-in").addEventListener("click", () => map.zoomBy(1));
$("#zoom-out").addEventListener("click", () => map.zoomBy(-1));
app.addEventListener("select", () => {
  if (app.selected) $('[data-tab="layers"]').click();
});

// Tiles follow the style: a new hash swaps tiles in place once the new ones are decoded.
app.addEventListener("change", () => {
  if (app.version && app.session) map.setVersion(`${app.session} ${app.version}`);
  $("#session-label").textContent = app.session ? `session ${app.session.slice(0, 8)}…` : "";
  $("#session-label").title = app.session || "";
  document.body.classList.toggle("offline", !app.online);
  document.body.classList.toggle("lost", app.lost);
  $("#lost-note").hidden = !app.lost;
});
$("#lost-new").addEventListener("click", () => app.newSession());
app.addEventListener("reconnect", () => map.retryFailed());
map.addEventListener("tileerror", debounce(() => app.probe(), 300));

// Status line: zoom and cursor position; the view is kept in the fragment.
const status = $("#status");
function showStatus() {
  const z = map.z;
  let text = `zoom ${z} (style zoom ${z - 1})${ratio > 1 ? ` · @${ratio}x tiles` : ""}`;
  if (map.cursor) {
    const [lon, lat] = map.lonLatAt(...map.cursor);
    text += ` · ${lat.toFixed(5)}°, ${lon.toFixed(5)}°`;
  }
  status.textContent = text;
}
const saveView = debounce(() => {
  const [lon, lat] = map.center;
  writeFragment({ session: app.session, map: { z: map.z, lat, lon } });
}, 300);
map.addEventListener("view", () => { showStatus(); saveView(); });
map.addEventListener("cursor", showStatus);

// Another session in the fragment (back button, pasted link) switches to it.
window.addEventListener("hashchange", () => {
  const { session } = readFragment();
  if (session && session !== app.session) app.open(session);
});

async function start() {
  const { map: view } = readFragment();
  picker.load();
  await app.start();
  if (view) map.setView(view.lon, view.lat, view.z);
  else {
    const c = app.style?.center || [0, 20];
    // Style zoom is MapLibre's (512 px world); our 256 px tiles are one level deeper.
    map.setView(c[0], c[1], Math.round((app.style?.zoom ?? 1) + 1));
  }
  showStatus();
}

window.strata = { app, map };
start();
