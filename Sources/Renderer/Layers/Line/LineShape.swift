/// How two segments of a line meet (`line-join`).
public enum LineJoin: String, Sendable, Hashable {
    case miter
    case round
    case bevel
}

/// How an open line (or a dash) ends (`line-cap`).
public enum LineCap: String, Sendable, Hashable {
    case butt
    case round
    case square
}
