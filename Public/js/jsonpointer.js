// Locates the value a JSON pointer (RFC 6901, as in the server's error `path`) names inside
// JSON text, so an error can be shown at the place the user typed. Tolerant: for a pointer
// that goes deeper than the text (a missing key) it returns the deepest value that exists.

/** "/paint/fill-color" → ["paint", "fill-color"]. */
export function pointerTokens(pointer) {
  if (!pointer) return [];
  return pointer.split("/").slice(1).map(t => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** True when pointer `prefix` names `path` or one of its ancestors. */
export function pointerStartsWith(path, prefix) {
  const a = pointerTokens(path), b = pointerTokens(prefix);
  return b.length <= a.length && b.every((t, i) => t === a[i]);
}

/**
 * {start, end, line, column, exact} of the value at `pointer` in `text` (line/column 1-based),
 * or null when the text is not JSON up to that point.
 */
export function locate(text, pointer) {
  let pos = 0;
  const n = text.length;
  const ws = () => { while (pos < n && " \t\r\n".includes(text[pos])) pos++; };
  const fail = () => { throw new SyntaxError("not JSON"); };

  function skipString() {
    if (text[pos] !== '"') fail();
    pos++;
    while (pos < n && text[pos] !== '"') pos += text[pos] === "\\" ? 2 : 1;
    if (pos >= n) fail();
    pos++;
  }
  function readKey() {
    const start = pos;
    skipString();
    return JSON.parse(text.slice(start, pos));
  }
  function skipValue() {
    ws();
    const c = text[pos];
    if (c === '"') return skipString();
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      pos++;
      ws();
      if (text[pos] === close) { pos++; return; }
      for (;;) {
        if (c === "{") { ws(); skipString(); ws(); if (text[pos++] !== ":") fail(); }
        skipValue();
        ws();
        const sep = text[pos++];
        if (sep === close) return;
        if (sep !== ",") fail();
      }
    }
    const start = pos;
    while (pos < n && !",]}: \t\r\n".includes(text[pos])) pos++;
    if (pos === start) fail();
  }
  /** Moves pos to the value of member/element `token` of the container at pos; false if absent. */
  function enter(token) {
    ws();
    const c = text[pos];
    if (c !== "{" && c !== "[") return false;
    const close = c === "{" ? "}" : "]";
    pos++;
    ws();
    if (text[pos] === close) return false;
    for (let index = 0; ; index++) {
      let hit;
      if (c === "{") {
        ws();
        const key = readKey();
        ws();
        if (text[pos++] !== ":") fail();
        hit = key === token;
      } else {
        hit = String(index) === token;
      }
      ws();
      if (hit) return true;
      skipValue();
      ws();
      const sep = text[pos++];
      if (sep === close || sep !== ",") return false;
    }
  }

  try {
    ws();
    let start = pos, exact = true;
    for (const token of pointerTokens(pointer)) {
      const saved = pos;
      if (!enter(token)) { pos = saved; exact = false; break; }
      start = pos;
    }
    pos = start;
    skipValue();
    const before = text.slice(0, start);
    const line = before.split("\n").length;
    const column = start - before.lastIndexOf("\n");
    return { start, end: pos, line, column, exact };
  } catch {
    return null;
  }
}
