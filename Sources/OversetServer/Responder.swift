import HTTPTypes
import HummingbirdCore
import NIOCore

/// The server's answer to each request, in the order HTTP asks the questions: whose request (`Host`, `Origin`),
/// which route and method (404, 405 with `Allow`, `OPTIONS` and `HEAD`), then for a POST its content type (415),
/// its declared length (413), a place at work (503, before the body is read), `100 Continue` when the client waits
/// for it, the body within its limit and its time (413, 408), and the work.
struct Responder: Sendable {
    let service: OversetService
    let routes: [OversetServer.Route]
    let gate: WorkGate
    let access: ServerAccess

    /// What a request came to before its answer is written: the answer, and whether the connection must close
    /// (a body left unread, or one that stalled).
    struct Outcome {
        var reply: ServerReply
        var headers = HTTPFields()
        var close = false
        /// HEAD: the answer's headers (its length too), no body.
        var headOnly = false
    }

    func respond(to request: Request, writer: consuming ResponseWriter, channel: any Channel) async throws {
        var request = request
        var outcome = await answer(&request, writer: writer, channel: channel)
        let caller = access.caller(origin: request.headers[.origin], host: request.head.authority)
        ServerAccess.allowing(caller, into: &outcome.headers)
        let head = Self.head(outcome)
        if outcome.headOnly {
            try await writer.writeResponse(head)
        } else {
            try await writer.write(response: head, body: ResponseBody(byteBuffer: ByteBuffer(bytes: outcome.reply.body)))
        }
        guard outcome.close else { return }
        if outcome.reply.status != 408 {
            // The answer says `Connection: close`; a body the client goes on sending is read and dropped, for as
            // long as a body may take, so that the client reads the answer rather than a reset connection
            // (RFC 9112 § 9.6, a lingering close). A stalled body's connection, its input closed, goes at once.
            _ = await BodyReader(limits: service.limits).read(request.body, limit: 0, channel: channel, keeping: false)
        }
        channel.eventLoop.scheduleTask(in: .milliseconds(200)) { channel.close(promise: nil) }
    }

    /// Everything before the work: the checks in HTTP's order, then the work.
    private func answer(_ request: inout Request, writer: borrowing ResponseWriter, channel: any Channel) async -> Outcome {
        let path = request.uri.path
        if let refusal = access.refusal(host: request.head.authority) { return Outcome(reply: .error(refusal), close: true) }
        let caller = access.caller(origin: request.headers[.origin], host: request.head.authority)
        if case .refused(let origin) = caller {
            return Outcome(reply: .error(ServerAccess.refusal(origin: origin)), close: request.method == .post)
        }
        let isFont = path.hasPrefix("/fonts/")
        let matching = isFont ? [] : routes.filter { $0.path == path }
        let methods = isFont ? [HTTPRequest.Method.get] : matching.map(\.method)
        guard !methods.isEmpty else {
            return Outcome(reply: .error(ServerError(.notFound, "no route \(request.method.rawValue) \(Self.printable(path)): "
                + "see /v1/settings and docs/server.md")), close: request.method == .post)
        }
        let allow = Self.allowed(methods)
        if request.method == .options { return preflight(request, allow: allow, caller: caller) }
        let method = request.method == .head ? .get : request.method
        guard methods.contains(method) else {
            var headers = HTTPFields()
            headers[.allow] = allow
            return Outcome(reply: .error(ServerError(.methodNotAllowed, "\(Self.printable(path)) takes \(allow)")),
                           headers: headers, close: request.method == .post)
        }
        if isFont {
            var outcome = Outcome(reply: service.font(named: String(path.dropFirst("/fonts/".count))))
            if outcome.reply.status == 200 { outcome.headers[.cacheControl] = "max-age=86400" }
            outcome.headOnly = request.method == .head
            return outcome
        }
        let route = matching.first { $0.method == method }!
        if method == .get { return Outcome(reply: route.answer(service, []), headOnly: request.method == .head) }
        return await post(&request, route: route, writer: writer, channel: channel)
    }

    /// `OPTIONS`: a CORS preflight from an allowed origin gets the methods and headers it may use (Fetch § 3.2.5);
    /// any other `OPTIONS` gets the route's methods in `Allow` (RFC 9110 § 9.3.7).
    private func preflight(_ request: Request, allow: String, caller: ServerAccess.Caller) -> Outcome {
        var outcome = Outcome(reply: ServerReply(status: 204, contentType: "", body: []))
        outcome.headers[.allow] = allow
        if case .allowed = caller, request.headers[.accessControlRequestMethod] != nil {
            outcome.headers[.accessControlAllowMethods] = allow
            outcome.headers[.accessControlAllowHeaders] = "Content-Type"
            outcome.headers[.accessControlMaxAge] = "600"
        }
        return outcome
    }

    /// A POST: its content type and declared length, a place at work, `100 Continue`, the body, then the work.
    private func post(_ request: inout Request, route: OversetServer.Route, writer: borrowing ResponseWriter,
                      channel: any Channel) async -> Outcome {
        if let refusal = Self.refusal(contentType: request.headers[.contentType], route: route) {
            return Outcome(reply: .error(refusal), close: true)
        }
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > route.bodyLimit {
            return Outcome(reply: .error(Self.tooLarge(route, declared)), close: true)
        }
        if let expectation = request.headers[.expect], expectation.lowercased() != "100-continue" {
            return Outcome(reply: .error(ServerError(.expectationFailed, "Expect: \(Self.printable(String(expectation.prefix(60)))) "
                + "is not supported (only 100-continue)")), close: true)
        }
        let ticket: WorkGate.Ticket
        switch gate.admit(bodyBytes: declared) {
        case .failure(let busy):
            var headers = HTTPFields()
            headers[.retryAfter] = "1"
            return Outcome(reply: .error(busy), headers: headers, close: true)
        case .success(let admitted): ticket = admitted
        }
        if request.headers[.expect] != nil {
            // The client waits for this before it sends the body (RFC 9110 § 10.1.1): sent only now, once the
            // request is admitted, so that a refused one never sends its body.
            do {
                try await writer.writeInformationalHead(HTTPResponse(status: .continue))
            } catch {
                ticket.giveBack()
                return Outcome(reply: .error(ServerError(.invalidRequest, "the connection closed")), close: true)
            }
        }
        let body: [UInt8]
        switch await BodyReader(limits: service.limits).read(request.body, limit: route.bodyLimit, channel: channel) {
        case .body(let bytes): body = bytes
        case .tooLarge:
            ticket.giveBack()
            return Outcome(reply: .error(Self.tooLarge(route, nil)), close: true)
        case .timedOut(let seconds):
            ticket.giveBack()
            return Outcome(reply: .error(ServerError(.bodyTimeout, "the body did not arrive within bodyTimeout "
                + "(\(seconds) s): the connection is closed")), close: true)
        }
        let service = self.service
        return Outcome(reply: await gate.run(ticket) { route.answer(service, body) })
    }

    /// A POST whose body is not the route's media type: 415, naming the types it takes (RFC 9110 § 15.5.16).
    static func refusal(contentType: String?, route: OversetServer.Route) -> ServerError? {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let type, route.contentTypes.contains(type) { return nil }
        let given = contentType.map { "Content-Type \(printable(String($0.prefix(80))))" } ?? "no Content-Type"
        return ServerError(.unsupportedMediaType, "\(route.path) takes a body of Content-Type "
            + route.contentTypes.joined(separator: " or ") + ", not \(given)")
    }

    static func tooLarge(_ route: OversetServer.Route, _ declared: Int?) -> ServerError {
        ServerError(.tooLarge, "the body\(declared.map { " (\($0) bytes)" } ?? "") is larger than the route's limit "
            + "(\(route.bodyLimit) bytes: \(route.limitName))")
    }

    /// The `Allow` value of a route's methods: a GET route also answers HEAD, and every route OPTIONS.
    static func allowed(_ methods: [HTTPRequest.Method]) -> String {
        var names = methods.map(\.rawValue)
        if methods.contains(.get) { names.append("HEAD") }
        names.append("OPTIONS")
        return names.joined(separator: ", ")
    }

    /// A path as an error message quotes it: at most 200 characters, control characters dropped.
    static func printable(_ path: String) -> String {
        String(path.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200).map(Character.init))
    }

    /// The answer's head: its status, content type and length, and the headers every answer has.
    static func head(_ outcome: Outcome) -> HTTPResponse {
        let reply = outcome.reply
        var headers = outcome.headers
        if !reply.contentType.isEmpty { headers[.contentType] = reply.contentType }
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
        // No length on a 204 (RFC 9110 § 8.6); HEAD's is the GET's (§ 9.3.2).
        if reply.status != 204 { headers[.contentLength] = String(reply.body.count) }
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        if outcome.close { headers[.connection] = "close" }
        if reply.contentType.hasPrefix("text/html") {
            // The page loads nothing from elsewhere: its script, style and pictures are its own.
            headers[HTTPField.Name("Content-Security-Policy")!] =
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
                + "frame-ancestors 'none'"
        }
        return HTTPResponse(status: HTTPResponse.Status(code: reply.status), headerFields: headers)
    }
}
