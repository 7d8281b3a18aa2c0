import SourceData

/// The one place the lower layers' errors become HTTP statuses and codes.
extension APIError {
    /// The API error of a session or render-pool error; nil for other errors.
    public init?(mapping error: any Error) {
        switch error {
        case let e as APIError: self = e
        case let e as SessionError: self = Self.session(e)
        case let e as InvalidRequest: self = .badRequest(e.message, code: e.code, path: e.path)
        case let e as RemoteError: self = Self.remote(e)
        case let e as RenderPoolError:
            switch e {
            case .timeout: self = .unavailable(e.description, retryAfter: 1, code: "render_timeout")
            case .queueFull, .shed: self = .unavailable(e.description, retryAfter: 1)
            }
        default: return nil
        }
    }

    private static func remote(_ e: RemoteError) -> APIError {
        switch e {
        case .failed(let f): return .upstream(f)
        case .stillMissing(let what, let rounds):
            return APIError(.badGateway, code: "upstream_failed", message: "the \(what) is still missing after \(rounds) fetch rounds",
                            headers: [("Retry-After", "5")])
        case .budgetSpent(let perMinute, let retryAfter):
            return APIError(.tooManyRequests, code: "remote_budget",
                            message: "this session may start \(perMinute) upstream fetches a minute (remoteFetchesPerMinute)",
                            headers: [("Retry-After", String(retryAfter))])
        }
    }

    /// A remote resource that could not be had: 504 for a timeout, else 502.
    static func upstream(_ f: RemoteResourceFailed) -> APIError {
        let timeout = f.reason == "timed out"
        return APIError(timeout ? .gatewayTimeout : .badGateway, code: timeout ? "upstream_timeout" : "upstream_failed",
                        message: "the \(f.kind.rawValue) from \(f.host) could not be fetched: \(f.reason)",
                        headers: f.transient ? [("Retry-After", "5")] : [])
    }

    private static func session(_ e: SessionError) -> APIError {
        switch e {
        case .readOnly: return APIError(.forbidden, code: "read_only", message: e.description)
        case .unknown: return .notFound(e.description, code: "unknown_session")
        case .staleRevision: return .preconditionFailed(e.description)
        case .styleTooLarge: return APIError(.payloadTooLarge, code: "style_too_large", message: e.description)
        case .contended: return .unavailable(e.description, retryAfter: 1, code: "contention")
        case .limitReached: return .unavailable(e.description, retryAfter: 60, code: "session_limit")
        case .defaultSessionUndeletable: return APIError(.forbidden, code: "default_session", message: e.description)
        }
    }
}
