import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// The HTTP server: the page at `/`, the API under `/v1/`, `GET /health`. Every route is in ``routes``; a request's
/// work runs off Swift's cooperative threads (on Dispatch's), at most ``ServerLimits/maximumConcurrentWork`` at
/// once, each answered within ``ServerLimits/requestTimeout`` or with 504.
public struct OversetServer: Sendable {
    public let service: OversetService
    public let host: String
    public let port: Int

    public init(service: OversetService, host: String = "127.0.0.1", port: Int = 8080) {
        self.service = service
        self.host = host
        self.port = port
    }

    /// One route: its method, its path, the body limit it reads up to, and its answer.
    struct Route: Sendable {
        var method: HTTPRequest.Method
        var path: String
        var bodyLimit: Int
        var answer: @Sendable (OversetService, [UInt8]) -> ServerReply
    }

    /// Every route the server answers; anything else is 404 (or 405 for a known path with another method).
    static func routes(_ limits: ServerLimits) -> [Route] {
        let small = limits.maximumBodyBytes, batch = limits.maximumBatchBytes
        func catalog(_ answer: @escaping @Sendable (CatalogSession, OversetService, [UInt8]) -> ServerReply)
            -> @Sendable (OversetService, [UInt8]) -> ServerReply {
            { service, body in
                guard let session = service.catalog else {
                    return .error(ServerError(.noCatalog, "the server was started without catalogs: "
                        + "overset serve CATALOGS --spec layout.yml"))
                }
                return answer(session, service, body)
            }
        }
        return [
            Route(method: .get, path: "/", bodyLimit: 0) { _, _ in Page.reply },
            Route(method: .get, path: "/health", bodyLimit: 0) { service, _ in service.health() },
            Route(method: .get, path: "/fonts.css", bodyLimit: 0) { service, _ in service.fontsCSS() },
            Route(method: .get, path: "/v1/settings", bodyLimit: 0) { service, _ in service.settings() },
            Route(method: .post, path: "/v1/measure", bodyLimit: small) { service, body in service.measure(body) },
            Route(method: .post, path: "/v1/measure/batch", bodyLimit: batch) { service, body in service.measureBatch(body) },
            Route(method: .post, path: "/v1/preview", bodyLimit: small) { service, body in service.preview(body) },
            Route(method: .get, path: "/v1/catalog", bodyLimit: 0, answer: catalog { session, _, _ in session.grid() }),
            Route(method: .post, path: "/v1/catalog/check", bodyLimit: small,
                  answer: catalog { session, service, body in session.check(body, limits: service.limits) }),
            Route(method: .post, path: "/v1/catalog/xliff", bodyLimit: small,
                  answer: catalog { session, service, body in session.xliff(body, limits: service.limits) }),
        ]
    }

    /// Runs until the process is stopped; `onRunning` is given the port bound (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let responder = Responder(service: service, routes: Self.routes(service.limits), gate: WorkGate(service.limits))
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(service.limits.idleTimeout.nanoseconds))),
            configuration: .init(address: .hostname(host, port: port), serverName: "overset"),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) },
            logger: Self.logger
        )
        try await app.runService()
    }
}

extension OversetServer {
    /// Hummingbird's log, warnings and errors only, on standard error: standard output says where the server listens.
    static var logger: Logger {
        var logger = Logger(label: "overset-server") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = .warning
        return logger
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}

/// A count behind a lock, shared by the requests and the work they dispatch.
final class Counter: Sendable {
    private let value = Mutex(0)

    func withLock<T>(_ body: (inout Int) -> T) -> T { value.withLock { body(&$0) } }
}

/// How many requests are being worked on; one over the limit is refused (503) rather than queued.
final class WorkGate: Sendable {
    private let count = Counter()
    let limits: ServerLimits

    init(_ limits: ServerLimits) { self.limits = limits }

    /// Runs `work` on Dispatch's threads and returns its reply, or refuses it (503) when the server is full, or
    /// answers 504 when it takes longer than the request timeout (the work, bounded by the limits, finishes).
    func run(_ work: @escaping @Sendable () -> ServerReply) async -> ServerReply {
        let admitted = count.withLock { (count: inout Int) -> Bool in
            guard count < limits.maximumConcurrentWork else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return .error(ServerError(.busy, "the server is working on maximumConcurrentWork "
                + "(\(limits.maximumConcurrentWork)) requests: try again"))
        }
        let once = Once()
        let timeout = limits.requestTimeout
        let count = self.count
        return await withCheckedContinuation { (continuation: CheckedContinuation<ServerReply, Never>) in
            once.set(continuation)
            // The timeout, cancelled when the work answers first (a timer kept for every request would hold
            // requests × requestTimeout closures under load).
            let timer = Timer(DispatchWorkItem {
                once.finish(.error(ServerError(.timeout, "the work took longer than requestTimeout "
                    + "(\(timeout.components.seconds) s)")))
            })
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout.nanoseconds)), execute: timer.item)
            DispatchQueue.global().async {
                let reply = work()
                count.withLock { $0 -= 1 }
                timer.item.cancel()
                once.finish(reply)
            }
        }
    }

    /// A timeout's work item, shared between the timer and the work that cancels it.
    final class Timer: @unchecked Sendable {
        // @unchecked Sendable: a DispatchWorkItem may be cancelled from any thread (libdispatch's
        // dispatch_block_cancel is thread-safe); `item` is set once in init and never replaced.
        let item: DispatchWorkItem

        init(_ item: DispatchWorkItem) { self.item = item }
    }

    /// A continuation resumed once: by the work's reply or by the timeout, whichever comes first.
    final class Once: Sendable {
        private let continuation = Mutex<CheckedContinuation<ServerReply, Never>?>(nil)

        func set(_ continuation: CheckedContinuation<ServerReply, Never>) { self.continuation.withLock { $0 = continuation } }

        func finish(_ reply: ServerReply) {
            let pending = continuation.withLock { pending in
                defer { pending = nil }
                return pending
            }
            pending?.resume(returning: reply)
        }
    }
}

/// Hummingbird's responder over the route table.
struct Responder: HTTPResponder {
    typealias Context = BasicRequestContext

    let service: OversetService
    let routes: [OversetServer.Route]
    let gate: WorkGate

    func respond(to request: Request, context: Context) async throws -> Response {
        // The path alone: a query is the page's state, read by the page's script, never by the server.
        let path = request.uri.path
        if request.method == .get, path.hasPrefix("/fonts/") {
            let reply = service.font(named: String(path.dropFirst("/fonts/".count)))
            var response = Self.response(reply)
            if reply.status == 200 { response.headers[.cacheControl] = "max-age=86400" }
            return response
        }
        let matching = routes.filter { $0.path == path }
        guard let route = matching.first(where: { $0.method == request.method }) else {
            let error = matching.isEmpty
                ? ServerError(.notFound, "no route \(request.method.rawValue) \(Self.printable(path)): see /v1/settings and docs/server.md")
                : ServerError(.methodNotAllowed, "\(Self.printable(path)) takes \(matching.map(\.method.rawValue).joined(separator: ", "))")
            return Self.response(.error(error))
        }
        var request = request
        let body: [UInt8]
        if route.bodyLimit > 0 {
            do {
                let buffer = try await request.collectBody(upTo: route.bodyLimit)
                body = Array(buffer.readableBytesView)
            } catch {
                return Self.response(.error(ServerError(.tooLarge, "the body is larger than the route's limit "
                    + "(\(route.bodyLimit) bytes: \(route.bodyLimit == service.limits.maximumBatchBytes ? "maximumBatchBytes" : "maximumBodyBytes"))")))
            }
        } else {
            body = []
        }
        if route.method == .get { return Self.response(route.answer(service, body)) }
        let service = self.service
        return Self.response(await gate.run { route.answer(service, body) })
    }

    /// A path as an error message quotes it: at most 200 characters, control characters dropped.
    static func printable(_ path: String) -> String {
        String(path.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200).map(Character.init))
    }

    static func response(_ reply: ServerReply) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = reply.contentType
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        if reply.contentType.hasPrefix("text/html") {
            // The page loads nothing from elsewhere: its script, style and pictures are its own.
            headers[HTTPField.Name("Content-Security-Policy")!] =
                "default-src 'self'; script-src 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'"
        }
        return Response(status: HTTPResponse.Status(code: reply.status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}
