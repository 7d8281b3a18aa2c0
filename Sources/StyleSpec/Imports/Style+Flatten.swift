import JSON

/// Holds a flattened style inside the `Style` it was made from (a struct cannot hold itself).
final class RenderedStyleBox: Sendable {
    let style: Style
    init(_ style: Style) { self.style = style }
}

extension Style {
    /// The style the renderer draws: without imports, this style; with imports, one flat style
    /// (no imports) whose sources and layers are the imports' in import order, renamed into
    /// their namespaces (`basemap\u{1F}water`), then this style's own, with this style's layers
    /// that name an imported slot drawn at that slot. Root keys that change pixels (`sprite`,
    /// `glyphs`, `light`, `sky`, …) are this style's, or else the first import's that has them.
    public var rendered: Style { renderedBox?.style ?? self }

    /// What `["config", …]` reads in this style: scope "" its own options, each import's id
    /// that import's effective options.
    public var environment: ConfigEnvironment { Style.environment(config: config, imports: imports) }

    static func environment(config: JSONObject, imports: [StyleImport]) -> ConfigEnvironment {
        var scopes: [String: JSONObject] = ["": config]
        for imp in imports { scopes[imp.id] = imp.effectiveConfig }
        return ConfigEnvironment(scopes: scopes)
    }

    /// Builds `rendered` (called once per revision by `refreshRenderHash`).
    func flattened() -> Style {
        var sources: [SourceSpec] = [], layers: [Layer] = []
        var slotIds: [String: String] = [:]
        var root = self.root
        root["schema"] = nil
        let ownSlots = Set(self.layers.lazy.filter { $0.type == .slot }.map(\.id))
        for imp in imports {
            sources += imp.sources
            layers += imp.layers
            for (name, id) in imp.slots where slotIds[name] == nil && !ownSlots.contains(name) { slotIds[name] = id }
            let importedRoot = imp.renderRoot
            for key in Style.renderRelevantRootKeys where root[key] == nil {
                if let v = importedRoot[key] { root[key] = v }
            }
        }
        sources += self.sources
        for l in self.layers {
            if let slot = l.slot, let id = slotIds[slot] {
                layers.append(l.renamed(id: l.id, source: l.source, slot: id))
            } else {
                layers.append(l)
            }
        }
        var flat = Style(root: root, sources: sources, layers: layers, images: images, featureState: featureState,
                         globalStateOverrides: globalStateOverrides, supportedLayerTypes: supportedLayerTypes,
                         customLayers: customLayers)
        if !annotations.isEmpty {
            flat.annotations = annotations
            flat.refreshRenderHash()
        }
        return flat
    }

    /// An import by id.
    public func styleImport(_ id: String) -> StyleImport? { imports.first { $0.id == id } }
}
