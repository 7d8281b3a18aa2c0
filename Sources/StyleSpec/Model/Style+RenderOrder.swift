extension Style {
    /// Layers bottom → top as drawn (see `renderOrder`, which caches this per revision).
    func computeRenderOrder() -> [Layer] {
        var members: [String: [Layer]] = [:]
        var hasSlotted = false
        // Layers in an imported style's slot draw there (`rendered`); here they list in the main stack.
        let own = Set(layers.lazy.filter { $0.type == .slot }.map(\.id))
        for l in layers where l.slot != nil && own.contains(l.slot!) {
            members[l.slot!, default: []].append(l)
            hasSlotted = true
        }
        guard hasSlotted else { return layers }
        var out: [Layer] = []
        out.reserveCapacity(layers.count)
        for l in layers where l.slot == nil || !own.contains(l.slot!) {
            out.append(l)
            if l.type == .slot, let m = members[l.id] { out.append(contentsOf: m) }
        }
        return out
    }

    /// Index of a layer in `renderOrder`.
    public func renderIndex(of id: String) -> Int? { renderOrder.firstIndex { $0.id == id } }

    /// The layers of one group in declared order: the main stack (`slot` nil) or one slot.
    public func group(_ slot: String?) -> [Layer] { layers.filter { $0.slot == slot } }

    /// Index of a layer within its group (its slot, or the main stack).
    public func groupIndex(of id: String) -> Int? {
        guard let l = layer(id) else { return nil }
        return group(l.slot).firstIndex { $0.id == id }
    }

    /// Ids of the `slot` layers (insertion points) in declared order.
    public var slotIds: [String] { layers.filter { $0.type == .slot }.map(\.id) }
}
