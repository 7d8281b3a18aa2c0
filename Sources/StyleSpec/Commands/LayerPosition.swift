import JSON

/// Where `POST /layers`, `/move` and `/copy` put a layer, relative to its group: the main
/// stack, or the slot the layer names. `above`/`below` must name a layer of the same group;
/// `at` indexes the group bottom → top (0 = bottom, count = top).
public enum LayerPosition: Sendable, Hashable {
    case above(String)
    case below(String)
    case at(Int)
    /// Top of the group (the default when no position is given).
    case top

    /// Parses `{"above": id}`, `{"below": id}` or `{"at": n}`; `null`/absent is `.top`.
    public init(json: JSONValue?, at path: JSONPointer) throws(StyleError) {
        guard let json, !json.isNull else { self = .top; return }
        guard case .object(let o) = json, o.count == 1, let (key, value) = o.entries.first else {
            throw StyleError(path: path, message: "position must be one of {\"above\": id}, {\"below\": id}, {\"at\": index}",
                             code: StyleErrorCode.invalidPosition)
        }
        switch (key, value) {
        case ("above", .string(let id)): self = .above(id)
        case ("below", .string(let id)): self = .below(id)
        case ("at", _):
            guard let n = value.intValue else {
                throw StyleError(path: path / key, message: "\"at\" must be an integer index", code: StyleErrorCode.invalidPosition)
            }
            self = .at(n)
        default:
            throw StyleError(path: path / key, message: "position must be one of {\"above\": id}, {\"below\": id}, {\"at\": index}",
                             code: StyleErrorCode.invalidPosition)
        }
    }

    public var json: JSONValue {
        switch self {
        case .above(let id): return ["above": .string(id)]
        case .below(let id): return ["below": .string(id)]
        case .at(let n): return ["at": .number(Double(n))]
        case .top: return .null
        }
    }
}

extension Style {
    /// The `beforeId` that puts a layer of group `slot` at `position` (nil: end of the declared
    /// list, i.e. the top of its group). `moving` is the id of a layer being moved (it is not
    /// a valid anchor and does not count in `at` indices). Throws `invalid_position` when the
    /// anchor is in another group or the index is out of range, `unknown_layer` for a missing
    /// anchor, `unknown_slot` when the slot does not exist.
    public func beforeId(for position: LayerPosition, slot: String?, moving: String? = nil,
                         at path: JSONPointer = .root) throws(StyleError) -> String? {
        // A slot an import offers (and this style does not declare) holds this style's layers too.
        if let slot, layer(slot) != nil || !imports.contains(where: { $0.slots[slot] != nil }) {
            guard let s = layer(slot) else {
                throw StyleError(path: path, message: "slot \"\(slot)\" not found", code: StyleErrorCode.unknownSlot)
            }
            guard s.type == .slot else {
                throw StyleError(path: path, message: "layer \"\(slot)\" is not a slot layer", code: StyleErrorCode.unknownSlot)
            }
        }
        let declared = layers.filter { $0.id != moving }
        let members = declared.enumerated().filter { $0.element.slot == slot }
        func groupName() -> String { slot.map { "slot \"\($0)\"" } ?? "the main stack" }
        func anchor(_ id: String) throws(StyleError) -> Int {
            guard let l = layer(id), id != moving else {
                let message = id == moving ? "a layer cannot be positioned relative to itself" : "layer \"\(id)\" not found"
                throw StyleError(path: path, message: message,
                                 code: id == moving ? StyleErrorCode.invalidPosition : StyleErrorCode.unknownLayer)
            }
            guard l.slot == slot else {
                let theirs = l.slot.map { "slot \"\($0)\"" } ?? "the main stack"
                throw StyleError(path: path, message: "layer \"\(id)\" is in \(theirs), not in \(groupName())",
                                 code: StyleErrorCode.invalidPosition)
            }
            return declared.firstIndex { $0.id == id }!
        }
        switch position {
        case .top:
            return nil
        case .below(let id):
            return declared[try anchor(id)].id
        case .above(let id):
            let i = try anchor(id)
            return i + 1 < declared.count ? declared[i + 1].id : nil
        case .at(let n):
            guard n >= 0 && n <= members.count else {
                throw StyleError(path: path, message: "index \(n) is outside 0...\(members.count) of \(groupName())",
                                 code: StyleErrorCode.invalidPosition)
            }
            return n < members.count ? members[n].element.id : nil
        }
    }

    /// The command that adds `layer` at `position` (`POST /layers`, `/copy`). The layer's
    /// `slot` (if any) chooses the group; the layer itself is validated when applied.
    public func addLayerCommand(_ layer: JSONObject, at position: LayerPosition,
                                positionPath: JSONPointer = JSONPointer(["position"])) throws(StyleError) -> StyleCommand {
        var slot: String?
        if case .string(let s)? = layer["slot"] { slot = s }
        return .addLayer(layer, beforeId: try beforeId(for: position, slot: slot, at: positionPath))
    }

    /// The command that moves layer `id` to `position` within its group (`/move`).
    public func moveLayerCommand(_ id: String, to position: LayerPosition,
                                 positionPath: JSONPointer = JSONPointer(["position"])) throws(StyleError) -> StyleCommand {
        guard let l = layer(id) else {
            throw StyleError(path: .root, message: "layer \"\(id)\" not found", code: StyleErrorCode.unknownLayer)
        }
        return .moveLayer(id, beforeId: try beforeId(for: position, slot: l.slot, moving: id, at: positionPath))
    }
}
