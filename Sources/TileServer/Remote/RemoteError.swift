import SourceData

/// Why remote data a request needs could not be had, in the remote layer's own terms; the
/// HTTP layer turns each into a 502, 504 or 429 with `Retry-After` (`APIError(mapping:)`).
public enum RemoteError: Error, Sendable {
    /// The upstream answered with an error, timed out or sent bytes that do not decode.
    case failed(RemoteResourceFailed)
    /// Renders still lacked `what` after `rounds` rounds of fetching.
    case stillMissing(what: String, rounds: Int)
    /// The session started its `perMinute` upstream fetches this minute; it may retry after
    /// `retryAfter` seconds.
    case budgetSpent(perMinute: Int, retryAfter: Int)
}
