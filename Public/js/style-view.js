// The style tab: undo (the server's history), the style's imports and their options, the
// history itself, and the current style JSON with a download button.
import { h, download } from "./dom.js";
import { ImportsPanel } from "./imports.js";

const SHOW_MAX = 200_000;  // characters of style JSON rendered in the page

export class StylePanel {
  constructor(root, app) {
    this.app = app;
    this.visible = false;
    this.history = h("ol", { class: "history" });
    this.pre = h("pre", { class: "style-json" });
    this.importsBox = h("div", { class: "imports" });
    this.imports = new ImportsPanel(this.importsBox, app);
    root.append(
      h("div", { class: "buttons" },
        h("button", { onclick: () => this.undo(), title: "Revert the last change (POST /style/undo)" }, "Undo"),
        h("button", { onclick: () => this.download() }, "Download style.json")),
      h("h4", {}, "Imports"), this.importsBox,
      h("h4", {}, "History (newest first)"), this.history,
      h("h4", {}, "Current style"), this.pre);
    app.addEventListener("change", () => { if (this.visible) this.render(); });
  }

  show(visible) {
    this.visible = visible;
    if (visible) this.render();
  }

  async render() {
    const text = JSON.stringify(this.app.style, null, 2) ?? "";
    this.imports.render();
    this.pre.textContent = text.length > SHOW_MAX ? text.slice(0, SHOW_MAX) + `\n… (${text.length - SHOW_MAX} more characters: download the file)` : text;
    try {
      const hist = await this.app.api.history();
      this.history.replaceChildren(...hist.revisions.map(r =>
        h("li", { value: r.revision }, h("span", { class: "rev" }, `r${r.revision}`), " ",
          h("span", { class: "ops" }, summarize(r.operations)))));
    } catch (e) { this.app.report(e); }
  }

  undo() { return this.app.mutate(api => api.undo(), { done: "Undone" }); }

  download() { download("style.json", JSON.stringify(this.app.style, null, 2) + "\n"); }
}

/** "setPaintProperty countries-fill fill-color, moveLayer cities" from a revision's operations. */
function summarize(ops) {
  if (!Array.isArray(ops) || ops.length === 0) return "(initial style)";
  const name = a => typeof a === "string" ? a : a && typeof a === "object" && typeof a.id === "string" ? a.id : null;
  const one = op => [op[0], ...op.slice(1, 3).map(name).filter(Boolean)].join(" ");
  return ops.slice(0, 4).map(one).join(", ") + (ops.length > 4 ? `, … (${ops.length} operations)` : "");
}
