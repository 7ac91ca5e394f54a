/// What one request may ask of the server. Each limit is named in the error that refuses a request over it
/// (`{"error": {"code": "tooLarge", "message": "the body is larger than the route's limit (1048576 bytes:
/// maximumBodyBytes)"}}`), listed by `GET /v1/settings` and in `docs/server.md` (a test keeps the two equal).
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
    /// How many requests are worked on at once; more are refused with 503 rather than queued without end.
    public var maximumConcurrentWork = 16
    /// How long a request's work may take before it is answered with 504 (its work, bounded by the limits above,
    /// finishes in the background).
    public var requestTimeout: Duration = .seconds(20)
    /// How long a connection may stay idle (a slow client sending nothing) before the server closes it.
    public var idleTimeout: Duration = .seconds(30)

    public init() {}

    /// The limits as the documentation lists them: name, value (as `docs/server.md` writes it) and what it bounds.
    public var table: [(name: String, value: String, bounds: String)] {
        func grouped(_ value: Int) -> String {
            let digits = String(value)
            return digits.enumerated().map { index, digit in
                (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
            }.joined()
        }
        return [("maximumBodyBytes", "\(maximumBodyBytes >> 20) MiB", "the body of a request that is not a batch"),
         ("maximumBatchBytes", "\(maximumBatchBytes >> 20) MiB", "the body of a measure batch"),
         ("maximumBatchLines", grouped(maximumBatchLines), "the request lines of a batch"),
         ("maximumTextLength", grouped(maximumTextLength), "a preview's text or a key's edit, in UTF-16 code units"),
         ("maximumConcurrentWork", "\(maximumConcurrentWork)", "requests worked on at once (more get 503)"),
         ("requestTimeout", "\(requestTimeout.components.seconds) s", "a request's work (then 504)"),
         ("idleTimeout", "\(idleTimeout.components.seconds) s", "an idle connection")]
    }
}
