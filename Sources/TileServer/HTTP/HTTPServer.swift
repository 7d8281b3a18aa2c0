import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// Binds a SwiftNIO HTTP/1.1 server (keep-alive, pipelining kept in order, NIO's protocol
/// error handler for unparsable requests) in front of a responder.
public final class HTTPServer: Sendable {
    public let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// The port actually bound (useful with port 0).
    public var port: Int { channel.localAddress?.port ?? 0 }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.group = group
        self.channel = channel
    }

    public static func start(host: String, port: Int, responder: any HTTPResponder, maxBodyBytes: Int,
                             eventLoopThreads: Int = System.coreCount) async throws -> HTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, eventLoopThreads))
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withPipeliningAssistance: true, withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        HTTPChannelHandler(responder: responder, maxBodyBytes: maxBodyBytes))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            return HTTPServer(group: group, channel: channel)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops accepting new connections (idempotent; safe from a signal handler). Open
    /// connections finish their current response; `waitUntilClosed()` then returns.
    public func stopAccepting() {
        channel.close(promise: nil)
    }

    /// Closes the listening socket, then every connection and the event loops. Call once,
    /// after `waitUntilClosed()` or instead of it.
    public func shutdown() async {
        stopAccepting()
        try? await channel.closeFuture.get()
        try? await group.shutdownGracefully()
    }

    /// Resolves when the listening channel closes.
    public func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }
}
