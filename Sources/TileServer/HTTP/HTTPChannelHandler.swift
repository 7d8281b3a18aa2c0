import NIOCore
import NIOHTTP1

/// Aggregates one request at a time (NIO's pipelining handler keeps them in order), enforces
/// the body limit with an early 413, hands the request to the responder and writes its answer
/// with `Content-Length`, honouring keep-alive.
final class HTTPChannelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        case idle
        case receiving(HTTPRequestHead, ByteBuffer)
        /// The body was refused; ignore the rest of this request, then close.
        case discarding
    }

    private let responder: any HTTPResponder
    private var limit: BodyLimit
    private var state = State.idle

    init(responder: any HTTPResponder, maxBodyBytes: Int) {
        self.responder = responder
        self.limit = BodyLimit(limit: maxBodyBytes)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if limit.begin(contentLength: head.headers.first(name: "content-length")) == .tooLarge {
                refuse(context: context, version: head.version)
                return
            }
            state = .receiving(head, context.channel.allocator.buffer(capacity: 0))
        case .body(var chunk):
            guard case .receiving(let head, var buffer) = state else { return }
            if limit.receive(chunk.readableBytes) == .tooLarge {
                refuse(context: context, version: head.version)
                return
            }
            state = .idle  // drop our reference so the write below does not copy
            buffer.writeBuffer(&chunk)
            state = .receiving(head, buffer)
        case .end:
            guard case .receiving(let head, let buffer) = state else {
                // The refused request is over; nothing more to read on this connection.
                if case .discarding = state { state = .idle }
                return
            }
            state = .idle
            let body = buffer.readableBytes > 0 ? Array(buffer.readableBytesView) : []
            // HEAD is answered like GET without the body (same headers, same Content-Length).
            let headOnly = head.method == .HEAD
            let request = HTTPRequest(method: headOnly ? .GET : head.method, uri: head.uri, headers: head.headers, body: body)
            let keepAlive = head.isKeepAlive
            let version = head.version
            let loop = context.eventLoop
            let future = responder.respond(to: request, on: loop)
            future.hop(to: loop).assumeIsolated().whenComplete { result in
                let response: HTTPResponse
                switch result {
                case .success(let r): response = r
                case .failure(let e): response = (APIError(mapping: e) ?? .internalError("\(e)")).response
                }
                self.write(response, context: context, version: version, keepAlive: keepAlive, headOnly: headOnly)
            }
        }
    }

    private func refuse(context: ChannelHandlerContext, version: HTTPVersion) {
        state = .discarding
        let r = APIError.payloadTooLarge(limit: limit.limit).response
        write(r, context: context, version: version, keepAlive: false)
    }

    private func write(_ response: HTTPResponse, context: ChannelHandlerContext, version: HTTPVersion, keepAlive: Bool,
                       headOnly: Bool = false) {
        var headers = response.headers
        let length = response.buffer?.readableBytes ?? response.body.count
        headers.replaceOrAdd(name: "Content-Length", value: String(length))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        else if version.major == 1 && version.minor == 0 { headers.replaceOrAdd(name: "Connection", value: "keep-alive") }
        let head = HTTPResponseHead(version: version, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if headOnly {
            // no body
        } else if let shared = response.buffer {
            if shared.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(shared))), promise: nil) }
        } else if !response.body.isEmpty {
            var buf = context.channel.allocator.buffer(capacity: response.body.count)
            buf.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buf))), promise: nil)
        }
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
