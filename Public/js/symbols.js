// Symbol layers in the viewer: what the text field box means (a property name or an
// expression), the choices the server offers (font names from GET /fonts, the session's images
// from GET /images) and a new symbol layer's starting layout and paint.

/** A bare property name ("name", "name_en", "addr:city"): labels show that property. */
const PROPERTY = /^[\p{L}_][\p{L}\p{N}_:.-]*$/u;

/**
 * The text typed into the text field box → `text-field`: a bare property name becomes
 * ["get", name]; JSON (an expression, a "quoted string", a number) is sent as it is; anything
 * else ("{name} ({pop})", "Hello world") is a string, where MapLibre fills in {tokens}.
 * "" resets to the default.
 */
export function parseTextField(text) {
  const t = text.trim();
  if (t === "") return null;
  if (PROPERTY.test(t)) return ["get", t];
  try { return JSON.parse(t); } catch { return t; }
}

/** `text-field` as the box shows it: ["get", name] as the property name, strings as they are. */
export function formatTextField(v) {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v) && v.length === 2 && v[0] === "get" && typeof v[1] === "string" && PROPERTY.test(v[1])) return v[1];
  if (typeof v === "string") return PROPERTY.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/** `text-font` → the font shown in the select: the stack's first font. */
export const fontOption = v => (Array.isArray(v) && typeof v[0] === "string" ? v[0] : "");

/** The font chosen in the select → `text-font` (a one-font stack; "" resets). */
export const fontValue = o => (o === "" ? null : [o]);

/** Select options for fonts: [[value, label], ...], with `current` kept when the server lacks it. */
export function fontOptions(names, current, empty = "(default: Open Sans Regular, Arial Unicode MS Regular)") {
  const list = [...names];
  if (current && !list.includes(current)) list.unshift(current);
  return [["", empty], ...list.map(n => [n, n])];
}

/** Select options for icon-image: the session's images and its sprite's, by id. */
export function imageOptions(images, current) {
  const ids = images.map(i => i.id);
  if (typeof current === "string" && current && !ids.includes(current)) ids.unshift(current);
  return [["", "(no icon)"], ...ids.map(id => [id, id])];
}

/** The font a new label starts with: Noto Sans Regular when offered, else the first font. */
export function defaultFont(names) {
  return names.includes("Noto Sans Regular") ? "Noto Sans Regular" : names[0] ?? "";
}

/** The layout and paint of a new symbol layer from the Add form's choices. */
export function starterSymbol({ textField, font, icon, color }) {
  const layout = {}, paint = {};
  if (textField !== null && textField !== undefined) {
    layout["text-field"] = textField;
    if (font) layout["text-font"] = [font];
    layout["text-size"] = 14;
    paint["text-color"] = color;
    paint["text-halo-color"] = "#ffffff";
    paint["text-halo-width"] = 1.5;
  }
  if (icon) {
    layout["icon-image"] = icon;
    if (layout["text-field"]) { layout["text-anchor"] = "top"; layout["text-offset"] = [0, 0.8]; }
  }
  return { layout, paint };
}
