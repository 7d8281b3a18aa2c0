import NIOCore

/// What the channel handler calls with each complete request. Implementations answer quickly
/// on the event loop (routing, cache hits) and hop to a pool for real work.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, on loop: any EventLoop) -> EventLoopFuture<HTTPResponse>
}
