import JSON

/// The import part of `StyleDiff`: new imports are added, an import whose `url`/`data` stayed
/// gets one `setConfigProperty` per changed option, others an `updateImport`; imports gone are
/// removed and the order is restored with `moveImport`s.
enum ImportDiff {
    static func diff(from: [StyleImport], to: [StyleImport]) -> (early: [StyleCommand], late: [StyleCommand]) {
        var early: [StyleCommand] = [], late: [StyleCommand] = []
        var order = from.map(\.id)
        for t in to {
            guard let old = from.first(where: { $0.id == t.id }) else {
                early.append(.addImport(t.json.objectValue ?? JSONObject(), beforeId: nil))
                order.append(t.id)
                continue
            }
            if old.json == t.json { continue }
            if old.url == t.url, old.data == t.data {
                var keys = old.config.keys
                for k in t.config.keys where old.config[k] == nil { keys.append(k) }
                for k in keys where old.config[k] != t.config[k] {
                    early.append(.setConfigProperty(importId: t.id, name: k, value: t.config[k] ?? .null))
                }
            } else {
                early.append(.updateImport(t.id, t.json.objectValue ?? JSONObject()))
            }
        }
        let target = to.map(\.id)
        for id in order where !target.contains(id) { late.append(.removeImport(id)) }
        order.removeAll { !target.contains($0) }
        if order != target {
            for id in target { late.append(.moveImport(id, beforeId: nil)) }
        }
        return (early, late)
    }
}
