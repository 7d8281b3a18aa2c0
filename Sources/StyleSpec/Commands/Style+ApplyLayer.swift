import JSON

/// The layer commands of `Style.apply`: each validates what it touches like a style load
/// and points its errors at the command's arguments.
extension Style {
    /// `addLayer`: a new id, placed before `beforeId` or on top; `tracker` learns its slot.
    mutating func addLayer(_ json: JSONObject, before beforeId: String?, at path: JSONPointer,
                           tracker: inout SlotTracker) throws(StyleError) {
        if case .string(let id)? = json["id"], layer(id) != nil {
            throw StyleError(path: path / 1 / "id", message: "layer \"\(id)\" already exists", code: StyleErrorCode.duplicateLayer)
        }
        let layer = try parseLayer(.object(json), at: path / 1, previous: nil,
                                   mode: tracker.allowUnsupported ? .load : .runtime)
        var index = layers.count
        if let beforeId { index = try existingLayerIndex(beforeId, at: path / 2) }
        layers.insert(layer, at: index)
        if layer.slot != nil { tracker.slotSet(layer.id, at: path / 1 / "slot") }
    }

    /// `removeLayer`: removing a slot layer is checked at the end of the batch (its layers may move out).
    mutating func removeLayer(_ id: String, at path: JSONPointer, tracker: inout SlotTracker) throws(StyleError) {
        let index = try existingLayerIndex(id, at: path / 1)
        if layers[index].type == .slot { tracker.slotRemoved(id, at: path / 1) }
        layers.remove(at: index)
    }

    /// `moveLayer`: both ids must exist; moving a layer before itself changes nothing.
    mutating func moveLayer(_ id: String, before beforeId: String?, at path: JSONPointer) throws(StyleError) {
        let index = try existingLayerIndex(id, at: path / 1)
        if let beforeId { _ = try existingLayerIndex(beforeId, at: path / 2) }
        guard beforeId != id else { return }
        let layer = layers.remove(at: index)
        let target = beforeId.flatMap { b in layers.firstIndex { $0.id == b } } ?? layers.count
        layers.insert(layer, at: target)
    }

    /// `setPaintProperty` / `setLayoutProperty`: the name must be a property of the layer's
    /// type (or a paint `-transition`); `.null` removes it, and an emptied section goes away.
    mutating func setProperty(_ name: String, _ value: JSONValue, in section: PropertySection, layer id: String,
                              at path: JSONPointer) throws(StyleError) {
        let index = try existingLayerIndex(id, at: path / 1)
        var json = layers[index].json
        var props = json[section.rawValue]?.objectValue ?? JSONObject()
        if SpecTables.property(name, of: layers[index].type, in: section) == nil
            && !(section == .paint && name.hasSuffix("-transition")) {
            throw StyleError(path: path / 2, message: "unknown property \"\(name)\" for a \(layers[index].type.rawValue) layer's \(section.rawValue)",
                             code: StyleErrorCode.unknownProperty)
        }
        props[name] = value.nonNull
        json[section.rawValue] = props.isEmpty ? Optional<JSONValue>.none : .object(props)
        try replaceLayer(at: index, json: json, command: path, remap: [([section.rawValue, name], [3])])
    }

    /// `setFilter`: `.null` removes the filter.
    mutating func setFilter(_ filter: JSONValue, layer id: String, at path: JSONPointer) throws(StyleError) {
        let index = try existingLayerIndex(id, at: path / 1)
        var json = layers[index].json
        json["filter"] = filter.nonNull
        try replaceLayer(at: index, json: json, command: path, remap: [(["filter"], [2])])
    }

    /// `setLayerZoomRange`: both bounds as they should be afterwards (nil removes one).
    mutating func setZoomRange(min minzoom: Double?, max maxzoom: Double?, layer id: String,
                               at path: JSONPointer) throws(StyleError) {
        let index = try existingLayerIndex(id, at: path / 1)
        var json = layers[index].json
        json["minzoom"] = minzoom.map(JSONValue.number)
        json["maxzoom"] = maxzoom.map(JSONValue.number)
        try replaceLayer(at: index, json: json, command: path, remap: [(["minzoom"], [2]), (["maxzoom"], [3])])
    }

    /// `setSlot`: the layer goes on top of its new group; the slot is checked at batch end.
    mutating func setSlot(_ slot: String?, layer id: String, at path: JSONPointer,
                          tracker: inout SlotTracker) throws(StyleError) {
        let index = try existingLayerIndex(id, at: path / 1)
        guard layers[index].slot != slot else { return }
        var json = layers[index].json
        json["slot"] = slot.map(JSONValue.string)
        try replaceLayer(at: index, json: json, command: path, remap: [(["slot"], [2])])
        // Top of its new group: last in declared order.
        layers.append(layers.remove(at: index))
        tracker.slotSet(id, at: path / 2)
    }

    private func existingLayerIndex(_ id: String, at path: JSONPointer) throws(StyleError) -> Int {
        guard let i = layerPosition(id) else {
            throw StyleError(path: path, message: "layer \"\(id)\" not found", code: StyleErrorCode.unknownLayer)
        }
        return i
    }

    private func layerContext(mode: LayerContext.Mode) -> LayerContext {
        var byId: [String: SourceSpec] = [:]
        for s in sources { byId[s.id] = s }
        var refs: [String: JSONObject] = [:]
        for l in layers { refs[l.id] = l.json }
        return LayerContext(sources: byId, refLayers: refs, supportedLayerTypes: supportedLayerTypes, mode: mode,
                            customLayers: customLayers)
    }

    /// Validates and compiles a layer for a runtime change (first error only). Changing an
    /// existing layer uses `.load` mode: a kept layer of an undrawn type may still be edited.
    func parseLayer(_ json: JSONValue, at path: JSONPointer, previous: Layer?,
                    mode: LayerContext.Mode = .load) throws(StyleError) -> Layer {
        var parser = LayerParser(context: layerContext(mode: mode))
        guard let layer = parser.parse(json, at: path, previous: previous) else { throw parser.diagnostics.first }
        return layer
    }

    /// Re-validates a layer after a property change. Errors inside the changed key are moved to
    /// the command argument that carried it (`remap`: layer-relative tokens → argument tokens).
    private mutating func replaceLayer(at index: Int, json: JSONObject, command path: JSONPointer,
                                       remap: [([String], [Int])]) throws(StyleError) {
        let base = path / "layer"
        do {
            layers[index] = try parseLayer(.object(json), at: base, previous: layers[index])
        } catch {
            var tokens = Array(error.path.tokens.dropFirst(base.tokens.count))
            var target = path.tokens
            if let (from, to) = remap.first(where: { tokens.starts(with: $0.0) }) {
                tokens.removeFirst(from.count)
                target += to.map(String.init)
            }
            throw StyleError(path: JSONPointer(target + tokens), message: error.message, code: error.code)
        }
    }
}
