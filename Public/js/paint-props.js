// The main paint properties the editor offers a colour picker or slider for, per layer type,
// with the style spec's defaults (shown when the style leaves a property unset). Anything
// else is edited in the layer's JSON.
export const MAIN_PAINT = {
  background: [["background-color", "color", "#000000"], ["background-opacity", "opacity", 1]],
  fill: [["fill-color", "color", "#000000"], ["fill-opacity", "opacity", 1], ["fill-outline-color", "color", null]],
  line: [["line-color", "color", "#000000"], ["line-opacity", "opacity", 1], ["line-width", "width", 1],
    ["line-gap-width", "width", 0], ["line-blur", "width", 0]],
  circle: [["circle-color", "color", "#000000"], ["circle-opacity", "opacity", 1], ["circle-radius", "radius", 5],
    ["circle-stroke-color", "color", "#000000"], ["circle-stroke-width", "width", 0], ["circle-blur", "opacity", 0]],
  symbol: [["text-color", "color", "#000000"], ["text-halo-color", "color", "rgba(0, 0, 0, 0)"], ["text-halo-width", "width", 0],
    ["text-opacity", "opacity", 1], ["icon-opacity", "opacity", 1]],
  raster: [["raster-opacity", "opacity", 1]],
  "fill-extrusion": [["fill-extrusion-color", "color", "#000000"], ["fill-extrusion-opacity", "opacity", 1]],
  heatmap: [["heatmap-opacity", "opacity", 1], ["heatmap-radius", "radius", 30]],
  hillshade: [["hillshade-shadow-color", "color", "#000000"], ["hillshade-highlight-color", "color", "#FFFFFF"]],
};

/** Layer types the add form offers (the server answers 400 for ones it cannot draw). */
export const LAYER_TYPES = ["fill", "line", "circle", "background", "symbol", "raster", "heatmap", "fill-extrusion", "hillshade", "custom", "slot"];

/** The server's built-in custom-layer renderers, with options to start from (docs/CUSTOM_LAYERS.md). */
export const CUSTOM_RENDERERS = {
  triangles: { vertices: [[12.5, 25, "red"], [0, 0, "#00ff00"], [25, 0, "blue"]], opacity: 1 },
  graticule: { step: 10, color: "#888888", width: 1, opacity: 1 },
};

/** A starting paint for a new layer of `type` in `color`. */
export function starterPaint(type, color) {
  switch (type) {
    case "fill": return { "fill-color": color, "fill-opacity": 0.8 };
    case "line": return { "line-color": color, "line-width": 2 };
    case "circle": return { "circle-color": color, "circle-radius": 5 };
    case "background": return { "background-color": color };
    case "symbol": return { "text-color": color };
    case "fill-extrusion": return { "fill-extrusion-color": color };
    default: return {};
  }
}
