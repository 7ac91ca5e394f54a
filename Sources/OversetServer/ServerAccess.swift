import HTTPTypes

/// Who may use the server through a browser: the names a request's `Host` may give (the loopback names, the
/// address the server listens on, and those given with `--allow-host`), and the other origins whose pages may call
/// the API (`--allow-origin`; none by default). A page of another origin that reaches the server by a name of its
/// own (DNS rebinding) is refused by its `Host`; one that posts to it is refused by its `Origin`, and a simple form
/// post (`text/plain`) by its content type (``Route/contentTypes``).
public struct ServerAccess: Sendable, Hashable {
    /// Host names (without port) a request may name, lower-cased.
    public var hosts: Set<String>
    /// Origins (`scheme://host[:port]`, lower-cased) whose pages may call the API; `*` for any.
    public var origins: Set<String>

    /// The names every server answers to: the loopback ones.
    public static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1"]

    /// - Parameters:
    ///   - listening: the address the server listens on: allowed as a host name unless it is every address
    ///     (`0.0.0.0`, `::`).
    ///   - hosts: more host names (`--allow-host`).
    ///   - origins: origins whose pages may call the API (`--allow-origin`).
    public init(listening: String = "127.0.0.1", hosts: [String] = [], origins: [String] = []) {
        var allowed = Self.loopbackHosts
        let address = listening.lowercased().trimmingCharacters(in: ["[", "]"])
        if address != "0.0.0.0" && address != "::" { allowed.insert(address) }
        for host in hosts { allowed.insert(host.lowercased().trimmingCharacters(in: ["[", "]"])) }
        self.hosts = allowed
        self.origins = Set(origins.map { $0.lowercased().trimmingCharacters(in: ["/"]) })
    }

    /// The host name of an authority (`host`, `host:port`, `[v6]:port`), lower-cased.
    static func hostName(_ authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") {
            return String(lowered[lowered.index(after: lowered.startIndex)..<end])
        }
        if let colon = lowered.lastIndex(of: ":"), lowered.firstIndex(of: ":") == colon {
            return String(lowered[..<colon])
        }
        return lowered
    }

    /// Refuses a request whose `Host` the server does not answer to (HTTP/1.1 requires one, RFC 9112 § 3.2).
    func refusal(host authority: String?) -> ServerError? {
        guard let authority, !authority.isEmpty else {
            return ServerError(.invalidRequest, "the request has no Host header (HTTP/1.1 requires one)")
        }
        let name = Self.hostName(authority)
        guard hosts.contains(name) else {
            return ServerError(.hostNotAllowed, "this server does not answer to the host \(Responder.printable(String(name.prefix(100)))) "
                + "(it answers to \(hosts.sorted().joined(separator: ", "))): start it with --allow-host "
                + "\(Responder.printable(String(name.prefix(100)))) to add it")
        }
        return nil
    }

    /// Whether a request comes from a page of another origin (its `Origin` is not this server's own, `http://`
    /// and the request's `Host`), and if so whether that origin may call the API.
    enum Caller: Equatable {
        /// No `Origin` (a program, not a page), or the server's own page.
        case sameOrigin
        /// A page of an origin `--allow-origin` names: answered with `Access-Control-Allow-Origin`.
        case allowed(String)
        /// A page of any other origin (or `Origin: null`): refused.
        case refused(String)
    }

    func caller(origin: String?, host authority: String?) -> Caller {
        guard let origin else { return .sameOrigin }
        let lowered = origin.lowercased()
        if let authority, lowered == "http://" + authority.lowercased() { return .sameOrigin }
        if origins.contains(lowered) || origins.contains("*") { return .allowed(origin) }
        return .refused(origin)
    }

    /// The refusal of a page of another origin, saying how to allow it.
    static func refusal(origin: String) -> ServerError {
        let shown = Responder.printable(String(origin.prefix(200)))
        return ServerError(.originNotAllowed, "requests from pages of \(shown) are refused: start the server "
            + "with --allow-origin \(shown) to let that site call the API")
    }

    /// The headers that let an allowed origin's page read an answer (Fetch § 3.2.3, CORS protocol).
    static func allowing(_ caller: Caller, into headers: inout HTTPFields) {
        guard case .allowed(let origin) = caller else { return }
        headers[.accessControlAllowOrigin] = origin
        headers[.vary] = "Origin"
    }
}
