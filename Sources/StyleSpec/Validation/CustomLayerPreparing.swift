import JSON

/// Validates and prepares `custom` layers where the renderers are known. StyleSpec only knows
/// a custom layer's shape (`renderer` is a string, `options` an object); the registry of
/// renderers lives in the Renderer target, which StyleSpec may not import, so it is handed in
/// through this hook. A `Style` keeps the hook it was parsed with, so loads, runtime commands,
/// `setStyle` and undo all validate custom layers alike.
public protocol CustomLayerPreparing: Sendable {
    /// Checks `options` for the renderer `name` and decodes them into the value the layer keeps
    /// (`Layer.prepared`), once per layer version rather than per render. Errors carry paths
    /// relative to the layer: `/renderer` for an unknown name, `/options/...` for bad options.
    func prepare(renderer name: String, options: JSONValue, layerID: String) -> Result<any Sendable, StyleError>
}
