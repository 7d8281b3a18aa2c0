// Small inline SVG icons for layer types, tinted with the layer's main colour when it is a
// constant (so the panel doubles as a legend).

const NS = "http://www.w3.org/2000/svg";

const SHAPES = {
  fill: `<rect x="2" y="3" width="12" height="10" rx="1.5" fill="C" fill-opacity=".7" stroke="C"/>`,
  line: `<path d="M2 13 L7 6 L10 9 L14 3" fill="none" stroke="C" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
  circle: `<circle cx="8" cy="8" r="4.5" fill="C" stroke="#fff" stroke-width="1.2"/>`,
  background: `<rect x="1.5" y="1.5" width="13" height="13" fill="C" stroke="#888"/>`,
  slot: `<path d="M1 8 H15" stroke="#777" stroke-width="1.5" stroke-dasharray="2 2"/><path d="M5 5 L8 8 L11 5" fill="none" stroke="#777"/>`,
  symbol: `<text x="8" y="12.5" text-anchor="middle" font-size="12" font-weight="bold" fill="C">T</text>`,
  raster: `<path d="M2 2h6v6H2zM8 8h6v6H8z" fill="C"/><path d="M8 2h6v6H8zM2 8h6v6H2z" fill="C" fill-opacity=".35"/>`,
  heatmap: `<circle cx="8" cy="8" r="6" fill="C" fill-opacity=".35"/><circle cx="8" cy="8" r="3" fill="C"/>`,
  "fill-extrusion": `<path d="M3 6 L8 3 L13 6 V11 L8 14 L3 11Z" fill="C" fill-opacity=".7" stroke="C"/>`,
  hillshade: `<path d="M1 14 L6 5 L9 10 L11 7 L15 14Z" fill="C"/>`,
};

/** An icon for `type`; `color` is a CSS colour (or null for a neutral grey). */
export function typeIcon(type, color) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "type-icon");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", String(type));
  // Only constant markup and a checked colour go through innerHTML: a style may carry any
  // string as its type, and a shared link must not be able to inject markup.
  const shape = Object.hasOwn(SHAPES, type) ? SHAPES[type] : `<text x="8" y="12" text-anchor="middle" font-size="11" fill="C">?</text>`;
  svg.innerHTML = shape.replaceAll('"C"', `"${safeColor(color)}"`);
  const title = document.createElementNS(NS, "title");
  title.textContent = String(type);
  svg.prepend(title);
  return svg;
}

function safeColor(c) {
  return typeof c === "string" && /^[#\w(),.%\s-]+$/.test(c) ? c : "#666";
}

const MAIN_COLOR = {
  fill: "fill-color", line: "line-color", circle: "circle-color", background: "background-color",
  symbol: "text-color", heatmap: "heatmap-color", "fill-extrusion": "fill-extrusion-color",
  hillshade: "hillshade-shadow-color",
};

/** The layer's main colour when it is a plain string, else null. */
export function mainColor(layer) {
  const v = layer && layer.paint && layer.paint[MAIN_COLOR[layer.type]];
  return typeof v === "string" ? v : null;
}

/** The "copy" button's icon: two overlapping sheets (no font has to carry a glyph for it). */
export function copyIcon() {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "action-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = `<rect x="5" y="5" width="8.5" height="8.5" rx="1" fill="none" stroke="currentColor" stroke-width="1.4"/>
    <path d="M3 10.5V3.5A1 1 0 0 1 4 2.5h6.5" fill="none" stroke="currentColor" stroke-width="1.4"/>`;
  return svg;
}
