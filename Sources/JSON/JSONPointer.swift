import Foundation

/// An RFC 6901 JSON pointer ("/layers/3/paint/fill-color"), used to say where in a request
/// body a validation error is.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) { self.tokens = tokens }

    public static let root = JSONPointer()

    /// Parses "/a/b~1c" form; nil when it does not start with "/" (and is not empty).
    public init?(parsing text: String) {
        if text.isEmpty { tokens = []; return }
        guard text.hasPrefix("/") else { return nil }
        tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
    public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }
    public static func / (l: JSONPointer, r: String) -> JSONPointer { l.appending(r) }
    public static func / (l: JSONPointer, r: Int) -> JSONPointer { l.appending(r) }

    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }
}

extension JSONValue {
    /// The value a pointer designates, nil when it does not resolve.
    public func resolve(_ pointer: JSONPointer) -> JSONValue? {
        var cur = self
        for t in pointer.tokens {
            switch cur {
            case .object(let o): guard let v = o[t] else { return nil }; cur = v
            case .array(let a): guard let i = Int(t), a.indices.contains(i) else { return nil }; cur = a[i]
            default: return nil
            }
        }
        return cur
    }
}
