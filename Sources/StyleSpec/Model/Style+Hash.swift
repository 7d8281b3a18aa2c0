import JSON

extension Style {
    /// Root keys that change pixels (camera, names, metadata and transitions do not).
    static let renderRelevantRootKeys = ["sprite", "glyphs", "light", "sky", "terrain", "projection", "font-faces"]

    /// Hex digest of everything that changes pixels: layers in render order (their
    /// render-relevant JSON, not ids), sources, images, feature state, effective global state and
    /// render-relevant root keys. Equal styles in different sessions (or processes) give equal
    /// hashes; metadata, name, center/zoom and transitions do not count.
    public var renderHash: String { renderDigest.hex }

    /// Content digest of one source (nil when absent), so parsed data can be shared by sessions.
    public func sourceHash(_ id: String) -> String? { source(id)?.contentHash.hex }

    /// Recomputes `renderDigest`; O(layers + sources + images) over memoized per-item digests.
    mutating func refreshRenderHash() {
        renderOrder = computeRenderOrder()
        // With imports, the pixels are the flattened style's: its digest is this style's, so
        // a style and its hand-flattened equal share caches and ETags.
        renderedBox = nil
        if !imports.isEmpty {
            let flat = flattened()
            renderedBox = RenderedStyleBox(flat)
            renderDigest = flat.renderDigest
            return
        }
        var h = ContentHasher()
        h.string("strata-style-v1")
        for key in Style.renderRelevantRootKeys {
            if let v = root[key] { h.string(key); h.json(v) }
        }
        h.tag(1)
        let drawn = renderOrder.filter { $0.type != .slot }
        h.int(drawn.count)
        for l in drawn {
            h.hash(l.renderHash)
        }
        h.tag(2)
        let sortedSources = sources.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        h.int(sortedSources.count)
        for s in sortedSources { h.string(s.id); h.hash(s.contentHash) }
        h.tag(3)
        let imageIds = images.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        h.int(imageIds.count)
        for id in imageIds { h.string(id); h.hash(images[id]!.contentHash) }
        h.tag(4)
        h.json(featureState.json)
        h.tag(5)
        h.json(.object(globalState))
        // Only when present, so styles without annotations keep their earlier hashes.
        if !annotations.isEmpty {
            h.tag(6)
            h.json(annotations.json)
        }
        renderDigest = h.finalize()
    }
}
