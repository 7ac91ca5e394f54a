import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The HTTP server: the page at `/`, the API under `/v1/`, `GET /health`. Every route is in ``routes(_:)``; a
/// request's work runs on a thread of its own, at most ``ServerLimits/maximumConcurrentWork`` at once (its body read
/// only once it is admitted), each answered within ``ServerLimits/requestTimeout`` or with 504.
///
/// Built on HummingbirdCore's HTTP/1.1 channel rather than Hummingbird's `Application`: the responder writes the
/// `100 Continue` interim answer itself, before it reads a body it has admitted (RFC 9110 § 10.1.1), which an
/// `Application`'s responder, handed the request alone, cannot.
public struct OversetServer: Sendable {
    public let service: OversetService
    public let host: String
    public let port: Int
    public let access: ServerAccess

    public init(service: OversetService, host: String = "127.0.0.1", port: Int = 8080, access: ServerAccess? = nil) {
        self.service = service
        self.host = host
        self.port = port
        self.access = access ?? ServerAccess(listening: host)
    }

    /// One route: its method, its path, the body limit it reads up to, the content types its body may have, and
    /// its answer.
    struct Route: Sendable {
        var method: HTTPRequest.Method
        var path: String
        var bodyLimit: Int
        /// The media types (without parameters) a POST's `Content-Type` may name; empty for a GET.
        var contentTypes: [String] = []
        var answer: @Sendable (OversetService, [UInt8]) -> ServerReply

        /// The name of the limit ``bodyLimit`` is, for the refusal.
        var limitName: String { path == "/v1/measure/batch" ? "maximumBatchBytes" : "maximumBodyBytes" }
    }

    /// The media types of JSON bodies and of JSON Lines (a batch).
    static let json = ["application/json"]
    static let jsonLines = ["application/x-ndjson", "application/jsonl"]

    /// Every route the server answers; anything else is 404 (or 405 for a known path with another method). A GET
    /// route answers HEAD too.
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
            Route(method: .get, path: "/page.css", bodyLimit: 0) { _, _ in Page.style },
            Route(method: .get, path: "/page.js", bodyLimit: 0) { _, _ in Page.script },
            Route(method: .get, path: "/health", bodyLimit: 0) { service, _ in service.health() },
            Route(method: .get, path: "/fonts.css", bodyLimit: 0) { service, _ in service.fontsCSS() },
            Route(method: .get, path: "/v1/settings", bodyLimit: 0) { service, _ in service.settings() },
            Route(method: .post, path: "/v1/measure", bodyLimit: small, contentTypes: json) { $0.measure($1) },
            Route(method: .post, path: "/v1/measure/batch", bodyLimit: batch, contentTypes: jsonLines) { $0.measureBatch($1) },
            Route(method: .post, path: "/v1/preview", bodyLimit: small, contentTypes: json) { $0.preview($1) },
            Route(method: .get, path: "/v1/catalog", bodyLimit: 0, answer: catalog { session, _, _ in session.grid() }),
            Route(method: .post, path: "/v1/catalog/check", bodyLimit: small, contentTypes: json,
                  answer: catalog { session, service, body in session.check(body, limits: service.limits) }),
            Route(method: .post, path: "/v1/catalog/xliff", bodyLimit: small, contentTypes: json,
                  answer: catalog { session, service, body in session.xliff(body, limits: service.limits) }),
        ]
    }

    /// Runs until the process is stopped (`SIGTERM`, `SIGINT`: the requests at work get
    /// ``ServerLimits/shutdownTimeout``, then the process exits); `onRunning` is given the port bound (useful with
    /// port 0).
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let limits = service.limits
        ServerMemory.configure()
        let responder = Responder(service: service, routes: Self.routes(limits), gate: WorkGate(limits), access: access)
        let logger = Self.logger
        let http = HTTP1Channel.Configuration(idleTimeout: .nanoseconds(limits.idleTimeout.nanoseconds))
        let server = try HTTPServerBuilder.http1(configuration: http).buildServer(
            configuration: ServerConfiguration(address: .hostname(host, port: port), serverName: "overset",
                                               availableConnectionsDelegate: .maximum(limits.maximumConnections, logger: logger)),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: logger,
            responder: { request, writer, channel in try await responder.respond(to: request, writer: writer, channel: channel) },
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? 0) }
        )
        Self.exitAfterShutdownTimeout(limits.shutdownTimeout)
        var configuration = ServiceGroupConfiguration(services: [server], gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger)
        configuration.maximumGracefulShutdownDuration = limits.shutdownTimeout
        configuration.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: configuration).run()
    }

    /// Stops the process `timeout` and a second after `SIGTERM` or `SIGINT`, whatever is still running: a request
    /// at work, a connection a client holds open. The graceful shutdown normally ends well before.
    static func exitAfterShutdownTimeout(_ timeout: Duration) {
        for signal in [SIGTERM, SIGINT] {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler {
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(timeout.nanoseconds)) + .seconds(1)) {
                    _exit(0)
                }
            }
            source.resume()
            Self.signalSources.append(source)
        }
    }

    /// The signal sources, kept for the life of the process.
    nonisolated(unsafe) static var signalSources: [any DispatchSourceSignal] = []
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
