import JSON
import StyleSpec

/// Code that draws `custom` layers, registered by name in a `CustomLayerRegistry`; a layer
/// `{"type": "custom", "renderer": NAME, "options": {...}}` names it. The lifecycle follows
/// the native SDKs' custom layers, split so each step runs as rarely as it can:
///
/// 1. `prepare(options:layerID:)` validates and decodes the options, when a layer is added,
///    patched or loaded with a style — once per layer version, never per tile. It must have
///    no side effects: a validation may be thrown away (a failed batch, a `PUT /style` diff).
/// 2. `PreparedCustomLayer.added()` runs when the prepared layer joins a live style (a
///    session's current revision, a one-off render); acquire resources here.
/// 3. `draw(in:)` runs per render, on any render thread, concurrently.
/// 4. `removed()` runs when no live style holds the layer any more; release resources.
public protocol CustomLayerRenderer: Sendable {
    /// Checks `options` (the layer's `options` object, `{}` when absent) and returns the
    /// decoded layer. Throw `CustomLayerOptionsError` with a path inside `options` for a bad
    /// value: the client gets a 400 with `/options/...` (e.g. `/options/vertices/3/2`).
    func prepare(options: JSONObject, layerID: String) throws -> any PreparedCustomLayer
}

/// One custom layer, decoded and ready to draw. Shared by every revision and session that
/// holds the same layer version, hence a class and `Sendable`.
///
/// `added()` and `removed()` alternate, starting with `added()`, and are called under the
/// registry's lifecycle lock (keep them short; do not call back into the registry). A layer
/// can be added again after its removal (undo brings the same version back). A render that
/// began before a removal may still be drawing the layer when `removed()` runs: keep `draw`
/// safe after removal (e.g. draw nothing once resources are gone).
public protocol PreparedCustomLayer: AnyObject, Sendable {
    /// The layer joined a live style.
    func added()
    /// No live style holds the layer any more.
    func removed()
    /// Draws the layer onto `context.canvas` (device pixels, premultiplied RGBA8), between
    /// the layers below and above it. Call `context.checkDeadline()` in long loops.
    func draw(in context: CustomLayerContext) throws
}

extension PreparedCustomLayer {
    public func added() {}
    public func removed() {}
}
