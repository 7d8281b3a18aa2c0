/// `let` bindings visible at a point of parsing; inner bindings shadow outer ones.
final class Scope: @unchecked Sendable {
    let parent: Scope?
    let bindings: [(name: String, expr: Expr)]

    init(parent: Scope? = nil, bindings: [(name: String, expr: Expr)] = []) {
        self.parent = parent; self.bindings = bindings
    }

    func concat(_ b: [(name: String, expr: Expr)]) -> Scope { Scope(parent: self, bindings: b) }

    func get(_ name: String) -> Expr? {
        if let hit = bindings.last(where: { $0.name == name }) { return hit.expr }
        return parent?.get(name)
    }

    func has(_ name: String) -> Bool { get(name) != nil }
}
