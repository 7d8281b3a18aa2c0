// CSS colour strings ↔ the #rrggbb an <input type=color> needs, using the browser's own
// colour parser (a 2D canvas normalises whatever CSS accepts).

const ctx = document.createElement("canvas").getContext("2d");

/** "#rrggbb" for a CSS colour, or null when the browser does not parse it. */
export function toHex(color) {
  if (typeof color !== "string") return null;
  ctx.fillStyle = "#010203";
  ctx.fillStyle = color;
  const v = ctx.fillStyle;
  if (v === "#010203" && color.trim().toLowerCase() !== "#010203") return null;
  if (v.startsWith("#")) return v;
  const m = v.match(/rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)/);
  return m ? "#" + m.slice(1, 4).map(n => Number(n).toString(16).padStart(2, "0")).join("") : null;
}
