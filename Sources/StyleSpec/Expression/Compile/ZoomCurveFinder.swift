/// Finds the top-level zoom curve (MapLibre's `findZoomCurve`): zoom may only feed a
/// `step`/`interpolate` at the top, possibly inside `let` or `coalesce`.
enum ZoomCurveFinder {
    enum Found { case none, curve(Expr), error(String) }

    static let topLevelMessage = "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."

    static func find(_ e: Expr) -> Found {
        var result = Found.none
        if let l = e as? Let {
            result = find(l.result)
        } else if let c = e as? Coalesce {
            for arg in c.args {
                result = find(arg)
                if case .none = result { continue }
                break
            }
        } else if let s = e as? Step, isZoom(s.input) {
            result = .curve(s)
        } else if let i = e as? Interpolate, isZoom(i.input) {
            result = .curve(i)
        }
        if case .error = result { return result }
        for child in e.children {
            let childResult = find(child)
            switch (result, childResult) {
            case (_, .error): result = childResult
            case (.none, .curve): result = .error(topLevelMessage)
            case (.curve(let a), .curve(let b)) where a !== b:
                result = .error("Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression.")
            default: break
            }
        }
        return result
    }

    static func isZoom(_ e: Expr) -> Bool { (e as? Compound)?.name == "zoom" }
}
