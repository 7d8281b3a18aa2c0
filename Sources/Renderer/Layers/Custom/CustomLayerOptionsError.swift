import JSON

/// A custom layer option a renderer refuses, located inside the layer's `options` object
/// (`["vertices", "3", "2"]` → the client sees `/options/vertices/3/2`).
public struct CustomLayerOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: JSONPointer
    public var message: String

    public init(_ path: JSONPointer, _ message: String) {
        self.path = path; self.message = message
    }

    public var description: String { "/options\(path): \(message)" }
}
