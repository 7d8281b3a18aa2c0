import Foundation
import StyleSpec

/// Which prepared custom layers live styles hold, and the `added`/`removed` calls when that
/// changes. Counted per prepared layer (by identity), not per style: sessions created from the
/// same style share layer versions, and an unchanged layer is the same object in consecutive
/// revisions, so a layer is added once when the first holder takes it up and removed once
/// when the last one drops it — a change of its visibility or zoom range calls neither.
public final class CustomLayerLifecycle: @unchecked Sendable {
    private let lock = NSLock()
    private var held: [ObjectIdentifier: (layer: any PreparedCustomLayer, count: Int)] = [:]

    public init() {}

    /// A live style starts holding `style` (a session created or restored, a one-off render).
    public func attach(_ style: Style) { transition(from: nil, to: style) }

    /// A live style stops holding `style` (a session deleted or expired, a one-off render done).
    public func detach(_ style: Style) { transition(from: style, to: nil) }

    /// A holder moved from `old` to `new` (a committed mutation, undo, whole-style replace).
    /// Layers in both are untouched; the new ones are added before the old ones are removed.
    public func transition(from old: Style?, to new: Style?) {
        let gained = Self.preparedLayers(new), lost = Self.preparedLayers(old)
        guard !gained.isEmpty || !lost.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        for p in gained {
            let key = ObjectIdentifier(p)
            if let h = held[key] {
                held[key] = (h.layer, h.count + 1)
            } else {
                held[key] = (p, 1)
                p.added()
            }
        }
        for p in lost {
            let key = ObjectIdentifier(p)
            guard let h = held[key] else { continue }
            if h.count > 1 {
                held[key] = (h.layer, h.count - 1)
            } else {
                held[key] = nil
                p.removed()
            }
        }
    }

    /// How many prepared layers are held (tests, metrics).
    public var heldCount: Int {
        lock.lock(); defer { lock.unlock() }
        return held.count
    }

    /// Runs `body` with `style` held (one-off renders: `strata render`, `POST /static` with an
    /// inline style).
    public func holding<T>(_ style: Style, _ body: () throws -> T) rethrows -> T {
        attach(style)
        defer { detach(style) }
        return try body()
    }

    static func preparedLayers(_ style: Style?) -> [any PreparedCustomLayer] {
        guard let style else { return [] }
        // An imported style's custom layers are drawn too (`rendered` holds them).
        return style.rendered.layers.compactMap { $0.type == .custom ? $0.prepared as? any PreparedCustomLayer : nil }
    }
}
