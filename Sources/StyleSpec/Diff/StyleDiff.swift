import JSON

/// Declarative updates: the commands that turn one style into another, in the family of
/// maplibre-style-spec's `diff` (our own implementation): per source (geojson data-only changes
/// as `setGeoJSONSourceData`, other changes as remove + add), per layer (removals, re-orders as
/// remove + add before an id, property-level sets), camera/root keys with their own commands,
/// and `setStyle` for changes nothing finer expresses. Images, feature state and global state
/// overrides belong to the session and are not diffed.
public enum StyleDiff {
    /// Commands that, applied to `from` (with unsupported layer types allowed, as a load),
    /// give a style whose `toJSON()` equals `to.toJSON()`.
    public static func diff(from: Style, to: Style) -> [StyleCommand] {
        if let rootCommands = diffRoot(from.root, to.root) {
            var commands = rootCommands
            // Imports are added and changed before the layers (which may read their options or
            // use their slots), removed and re-ordered after them.
            let imports = ImportDiff.diff(from: from.imports, to: to.imports)
            commands += imports.early
            let (removals, sourceCommands, goneSources) = diffSources(from: from, to: to)
            commands += removals
            commands += sourceCommands
            let before = from.layers.filter { $0.source.map { !goneSources.contains($0) } ?? true }
            commands += diffLayers(before: before, after: to.layers)
            commands += imports.late
            return commands
        }
        return [.setStyle(to.toJSON())]
    }

    /// Root commands, or nil when a root change needs a whole `setStyle`.
    static func diffRoot(_ a: JSONObject, _ b: JSONObject) -> [StyleCommand]? {
        var commands: [StyleCommand] = []
        var keys = a.keys
        for k in b.keys where a[k] == nil { keys.append(k) }
        for key in keys where a[key] != b[key] {
            guard SpecTables.root[key] != nil, !["version", "sources", "layers"].contains(key) else { return nil }
            commands.append(.setRootProperty(key, b[key] ?? .null))
        }
        return commands
    }

    /// (layer removals that must precede source removals, source commands, ids of sources
    /// removed or replaced — their layers are re-added by the layer diff).
    static func diffSources(from: Style, to: Style) -> ([StyleCommand], [StyleCommand], Set<String>) {
        var gone = Set<String>()
        var sourceCommands: [StyleCommand] = []
        for s in from.sources where to.source(s.id) == nil {
            sourceCommands.append(.removeSource(s.id, cascade: false))
            gone.insert(s.id)
        }
        for s in to.sources {
            guard let old = from.source(s.id) else {
                sourceCommands.append(.addSource(s.id, s.json))
                continue
            }
            // Content digests, not deep equality: large inline GeoJSON compares in O(1).
            if old.contentHash == s.contentHash { continue }
            if old.type == .geojson && s.type == .geojson && sameExceptData(old.json, s.json) {
                sourceCommands.append(.setGeoJSONSourceData(s.id, s.json["data"] ?? .null))
            } else {
                sourceCommands.append(.removeSource(s.id, cascade: false))
                sourceCommands.append(.addSource(s.id, s.json))
                gone.insert(s.id)
            }
        }
        let removals: [StyleCommand] = from.layers.filter { l in l.source.map { gone.contains($0) } ?? false }
            .map { .removeLayer($0.id) }
        return (removals, sourceCommands, gone)
    }

    static func sameExceptData(_ a: JSONObject, _ b: JSONObject) -> Bool {
        var a = a, b = b
        a["data"] = nil; b["data"] = nil
        return a == b
    }

    /// Layer commands between two declared orders.
    static func diffLayers(before: [Layer], after: [Layer]) -> [StyleCommand] {
        var commands: [StyleCommand] = []
        var beforeById: [String: Layer] = [:]
        for l in before { beforeById[l.id] = l }
        var afterById: [String: Layer] = [:]
        for l in after { afterById[l.id] = l }

        // 1. Removed layers.
        var order = before.map(\.id)
        for l in before where afterById[l.id] == nil {
            commands.append(.removeLayer(l.id))
        }
        order.removeAll { afterById[$0] == nil }

        // 2. Placement. The layers that keep their relative order are a longest ordered
        //    subsequence (searched from the top, so on ties the upper layers stay, as in
        //    MapLibre's diff); every other layer is (re)added, top-down, right below its
        //    successor in the target order. This moves as few layers as possible.
        var oldIndex: [String: Int] = [:]
        for (i, id) in order.enumerated() { oldIndex[id] = i }
        let stable = StyleDiff.stableLayers(after.map(\.id), oldIndex: oldIndex)
        var placed = Set<String>()
        for i in stride(from: after.count - 1, through: 0, by: -1) {
            let id = after[i].id
            if stable.contains(id) { continue }
            if beforeById[id] != nil { commands.append(.removeLayer(id)) }
            let beforeId = i + 1 < after.count ? after[i + 1].id : nil
            commands.append(.addLayer(afterById[id]!.json, beforeId: beforeId))
            placed.insert(id)
        }

        // 3. Property-level updates of layers that stayed in place.
        for (i, l) in after.enumerated() where !placed.contains(l.id) {
            guard let old = beforeById[l.id], old !== l, old.json != l.json else { continue }
            if needsReplace(old.json, l.json) {
                commands.append(.removeLayer(l.id))
                let beforeId = i + 1 < after.count ? after[i + 1].id : nil
                commands.append(.addLayer(l.json, beforeId: beforeId))
                continue
            }
            commands += propertyCommands(.layout, l.id, old.json, l.json)
            commands += propertyCommands(.paint, l.id, old.json, l.json)
            if old.json["filter"] != l.json["filter"] {
                commands.append(.setFilter(layer: l.id, filter: l.json["filter"] ?? .null))
            }
            if old.json["minzoom"] != l.json["minzoom"] || old.json["maxzoom"] != l.json["maxzoom"] {
                commands.append(.setLayerZoomRange(layer: l.id, min: l.minzoom, max: l.maxzoom))
            }
        }
        return commands
    }

    /// Ids (of layers present before) forming a longest subsequence of `target` whose old
    /// indices increase; searched from the top of the stack down.
    static func stableLayers(_ target: [String], oldIndex: [String: Int]) -> Set<String> {
        // From the top: old indices must decrease; negate them to look for an increasing run.
        let seq: [(id: String, key: Int)] = target.reversed().compactMap { id in oldIndex[id].map { (id, -$0) } }
        var tails: [Int] = []          // index into seq of the smallest tail of each length
        var previous = [Int](repeating: -1, count: seq.count)
        for (i, e) in seq.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if seq[tails[mid]].key < e.key { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var out = Set<String>()
        var k = tails.last ?? -1
        while k >= 0 { out.insert(seq[k].id); k = previous[k] }
        return out
    }

    /// Keys set by their own command; a change of any other key (type, source, slot,
    /// metadata, ...) re-adds the layer in place.
    static let fineKeys: Set<String> = ["id", "paint", "layout", "filter", "minzoom", "maxzoom"]

    static func needsReplace(_ a: JSONObject, _ b: JSONObject) -> Bool {
        var keys = Set(a.keys)
        keys.formUnion(b.keys)
        return keys.contains { !fineKeys.contains($0) && a[$0] != b[$0] }
    }

    static func propertyCommands(_ section: PropertySection, _ id: String, _ a: JSONObject, _ b: JSONObject) -> [StyleCommand] {
        let pa = a[section.rawValue]?.objectValue ?? JSONObject()
        let pb = b[section.rawValue]?.objectValue ?? JSONObject()
        var names = pa.keys
        for k in pb.keys where pa[k] == nil { names.append(k) }
        return names.compactMap { name in
            guard pa[name] != pb[name] else { return nil }
            let value = pb[name] ?? .null
            return section == .paint ? .setPaintProperty(layer: id, name: name, value: value)
                : .setLayoutProperty(layer: id, name: name, value: value)
        }
    }
}
