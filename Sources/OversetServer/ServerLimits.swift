/// What one request may ask of the server. Each limit is named in the error that refuses a request over it
/// (`{"error": {"code": "tooLarge", "message": "the body is larger than the route's limit (1048576 bytes:
/// maximumBodyBytes)"}}`), listed by `GET /v1/settings` and in `docs/server.md` and `docs/reliability.md` (a test
/// keeps the three equal).
public struct ServerLimits: Sendable, Hashable {
    /// The largest body of a request that is not a batch, in bytes.
    public var maximumBodyBytes = 1 << 20
    /// The largest body of a `measure` batch (JSON Lines), in bytes.
    public var maximumBatchBytes = 16 << 20
    /// The most request lines in one batch.
    public var maximumBatchLines = 20_000
    /// The longest text of a `preview` or a catalog key's edit, in UTF-16 code units (a request of `measure` may
    /// be as long as `measure` allows: 8 Mi units, within ``maximumBodyBytes``).
    public var maximumTextLength = 10_000
    /// The most distinct text sizes (categories or font scales) one preview judges, after duplicates are removed.
    public var maximumPreviewSizes = 12
    /// The largest answer of a preview or a key's check, in bytes: past it, pictures are left out (with a warning
    /// naming this limit), the verdicts stay.
    public var maximumAnswerBytes = 8 << 20
    /// How many requests are worked on at once, their bodies included (a body is read only once its request is
    /// admitted); more are refused with 503 rather than queued.
    public var maximumConcurrentWork = 16
    /// Of ``maximumConcurrentWork``, the places kept for small requests (a body of at most ``smallRequestBytes``),
    /// so that a one-line `measure` or a keystroke's preview is answered while large ones fill the rest.
    public var reservedSmallWork = 4
    /// The largest body that counts as small (its `Content-Length`; a body of unknown length is large).
    public var smallRequestBytes = 4096
    /// How many connections are open at once; more wait in the listen queue until one closes.
    public var maximumConnections = 128
    /// How long a request's body may take to arrive once the server asks for it (then 408 and the connection is
    /// closed): a body sent a byte a second is not kept open.
    public var bodyTimeout: Duration = .seconds(10)
    /// How long a request's work may take before it is answered with 504 (its work, bounded by the limits above,
    /// finishes in the background and keeps its place until then).
    public var requestTimeout: Duration = .seconds(20)
    /// How long a connection may stay idle (a slow client sending nothing) before the server closes it.
    public var idleTimeout: Duration = .seconds(30)
    /// How long `SIGTERM` or `SIGINT` waits for the requests at work before the server exits anyway.
    public var shutdownTimeout: Duration = .seconds(2)

    public init() {}

    /// The limits as the documentation lists them: name, value (as `docs/server.md` writes it) and what it bounds.
    public var table: [(name: String, value: String, bounds: String)] {
        func grouped(_ value: Int) -> String {
            let digits = String(value)
            return digits.enumerated().map { index, digit in
                (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
            }.joined()
        }
        func seconds(_ duration: Duration) -> String { "\(duration.components.seconds) s" }
        return [("maximumBodyBytes", "\(maximumBodyBytes >> 20) MiB", "the body of a request that is not a batch"),
         ("maximumBatchBytes", "\(maximumBatchBytes >> 20) MiB", "the body of a measure batch"),
         ("maximumBatchLines", grouped(maximumBatchLines), "the request lines of a batch"),
         ("maximumTextLength", grouped(maximumTextLength), "a preview's text or a key's edit, in UTF-16 code units"),
         ("maximumPreviewSizes", "\(maximumPreviewSizes)", "distinct categories or font scales in one preview"),
         ("maximumAnswerBytes", "\(maximumAnswerBytes >> 20) MiB", "a preview's or a key check's answer (pictures left out past it)"),
         ("maximumConcurrentWork", "\(maximumConcurrentWork)", "requests worked on at once, bodies included (more get 503)"),
         ("reservedSmallWork", "\(reservedSmallWork)", "of those, kept for requests of at most smallRequestBytes"),
         ("smallRequestBytes", grouped(smallRequestBytes), "the largest body that counts as small"),
         ("maximumConnections", "\(maximumConnections)", "connections open at once (more wait to be accepted)"),
         ("bodyTimeout", seconds(bodyTimeout), "a request's body to arrive (then 408, the connection closed)"),
         ("requestTimeout", seconds(requestTimeout), "a request's work (then 504)"),
         ("idleTimeout", seconds(idleTimeout), "an idle connection"),
         ("shutdownTimeout", seconds(shutdownTimeout), "requests at work when the server is stopped")]
    }
}
