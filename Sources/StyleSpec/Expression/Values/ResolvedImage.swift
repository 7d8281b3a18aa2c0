/// The result of `image`: an image name and whether the session has that image.
public struct ResolvedImage: Sendable, Hashable {
    public var name: String
    public var available: Bool
    public init(name: String, available: Bool) { self.name = name; self.available = available }
}
