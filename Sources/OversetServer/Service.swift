import Foundation
import Overset
import OversetCatalog
import OversetMeasure
import OversetPictures
@_spi(OversetInternals) import OversetReports

/// One answer of the API: a status, a content type and the body's bytes. Errors are JSON,
/// `{"error": {"code", "message"}}`, with the status their code implies.
public struct ServerReply: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A JSON answer.
    public static func json(_ body: [UInt8], status: Int = 200) -> ServerReply {
        ServerReply(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// An error: `code` is one of ``ServerError/Code``'s, `message` says what is wrong (and names the limit).
    public static func error(_ error: ServerError) -> ServerReply {
        var json = JSONWriter(capacity: 128 + error.message.utf8.count)
        json.beginObject()
        json.key("error")
        json.beginObject()
        json.member("code", error.code.rawValue)
        json.member("message", error.message)
        json.endObject()
        json.endObject()
        return .json(json.bytes, status: error.code.status)
    }
}

/// Why a request is refused: a code a client can switch on, and a sentence that names the setting or limit.
public struct ServerError: Error, Sendable {
    /// The kinds of refusal, each with its HTTP status.
    public enum Code: String, Sendable, CaseIterable {
        /// The request cannot be read or names a setting wrongly (400): the CLI's exit status 2.
        case invalidRequest
        /// No such route, or no such key in the loaded catalogs (404).
        case notFound
        /// The method is not the route's (405).
        case methodNotAllowed
        /// The body, a text or a batch is over its limit (413).
        case tooLarge
        /// The server is working on as many requests as it takes (503): try again.
        case busy
        /// The work took longer than the request timeout (504).
        case timeout
        /// Catalog mode was asked of a server started without catalogs (409).
        case noCatalog
        /// The request's `Host` is not one the server answers to (421): a page on another site that reached the
        /// server through a name of its own (DNS rebinding).
        case hostNotAllowed
        /// A request from a page of another origin than those `--allow-origin` names (403).
        case originNotAllowed
        /// A POST whose body is not JSON (or JSON Lines for a batch) by its `Content-Type` (415).
        case unsupportedMediaType
        /// The body did not arrive within the body timeout (408); the connection is closed.
        case bodyTimeout
        /// An `Expect` other than `100-continue` (417).
        case expectationFailed

        /// The HTTP status.
        public var status: Int {
            switch self {
            case .invalidRequest: 400
            case .notFound: 404
            case .methodNotAllowed: 405
            case .tooLarge: 413
            case .busy: 503
            case .timeout: 504
            case .noCatalog: 409
            case .hostNotAllowed: 421
            case .originNotAllowed: 403
            case .unsupportedMediaType: 415
            case .bodyTimeout: 408
            case .expectationFailed: 417
            }
        }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// What the server answers, apart from HTTP: each method takes a request's body and returns its reply, so that the
/// routes stay a thin table and the answers are tested without a socket. Nothing here reads a file: catalog mode
/// answers from the catalogs loaded at start (``CatalogSession``).
public final class OversetService: Sendable {
    public let limits: ServerLimits
    public let catalog: CatalogSession?
    let fonts = WebFonts()
    /// The font files requests may name (``RequestFonts``).
    let requestFonts: RequestFonts

    public init(limits: ServerLimits = ServerLimits(), catalog: CatalogSession? = nil, fonts: RequestFonts) {
        self.limits = limits
        self.catalog = catalog
        self.requestFonts = fonts
    }

    /// `GET /fonts.css`: the page's font faces and stack (``WebFonts``).
    func fontsCSS() -> ServerReply {
        ServerReply(status: 200, contentType: "text/css; charset=utf-8", body: Array(fonts.css.utf8))
    }

    /// `GET /fonts/NAME`: one of the bundled fonts the page draws its text with, by its exact name; any other name
    /// is 404 (the name is looked up in a list read at start, never made into a path).
    func font(named name: String) -> ServerReply {
        guard let bytes = fonts.files[name] else {
            return .error(ServerError(.notFound, "no font \(name.prefix(100)) is served (see /fonts.css)"))
        }
        return ServerReply(status: 200, contentType: "font/ttf", body: bytes)
    }

    /// `GET /health`: `{"status": "ok", "version", "catalog"}`.
    public func health() -> ServerReply {
        var json = JSONWriter(capacity: 96)
        json.beginObject()
        json.key("catalog")
        json.bool(catalog != nil)
        json.member("status", "ok")
        json.member("version", OversetVersion.current)
        json.endObject()
        return .json(json.bytes)
    }

    /// `POST /v1/measure`: one request object, `measure`'s schema; its answer, `measure`'s (an error as
    /// `{"error": {"code": "invalidRequest", "message"}}`, with the message `measure` gives).
    public func measure(_ body: [UInt8]) -> ServerReply {
        if let refusal = refuseBody(body, limit: limits.maximumBodyBytes, name: "maximumBodyBytes") { return .error(refusal) }
        let measurer = Measurer(files: requestFonts.files)
        guard let answer = measurer.answer(line: String(decoding: body, as: UTF8.self)) else {
            return .error(ServerError(.invalidRequest, "the body is empty: send one request object"))
        }
        // `measure` answers a refused request with {"error", "id", "line"}: here that is a 400 with a code.
        if let failure = measurer.lastFailure { return .error(ServerError(.invalidRequest, failure)) }
        return .json(Array(answer.utf8))
    }

    /// `POST /v1/measure/batch`: JSON Lines of requests; JSON Lines of answers in input order, exactly as
    /// `overset measure` writes them (a malformed line is answered with its error and the batch goes on).
    public func measureBatch(_ body: [UInt8]) -> ServerReply {
        if let refusal = refuseBody(body, limit: limits.maximumBatchBytes, name: "maximumBatchBytes") { return .error(refusal) }
        var lines: [ArraySlice<UInt8>?] = []
        var start = 0
        for index in body.indices where body[index] == 0x0A {
            lines.append(body[start..<index])
            start = index + 1
        }
        if start < body.count { lines.append(body[start...]) }
        guard !lines.isEmpty else {
            return .error(ServerError(.invalidRequest, "the batch is empty: send JSON Lines, one measure request a line"))
        }
        guard lines.count <= limits.maximumBatchLines else {
            return .error(ServerError(.tooLarge, "the batch has \(lines.count) lines, more than maximumBatchLines "
                + "(\(limits.maximumBatchLines)): split it"))
        }
        // One worker, the request's own thread: a server's cores are shared between its requests, and a batch's
        // workers on Dispatch's pool would compete with the threads that answer the other requests.
        let workers = 1
        // A blank line is answered in its place, so that the n-th answer is the n-th line's.
        let answers = MeasureBatch(workers: workers, files: requestFonts.files)
            .answer(lines: lines, firstLine: 1, maximumLineLength: body.count + 1,
                    blankLine: "a blank line: no request (each line of a batch is one request)")
        return ServerReply(status: 200, contentType: "application/x-ndjson; charset=utf-8", body: answers)
    }

    /// `POST /v1/preview`: `measure`'s request, with `"categories"` (`"all"`, or a list of names; default the
    /// request's own category), `"picture"` (default true), `"palette"` (`light` or `dark`), and the component the
    /// text sits in: `"imageWidth"` (and `"spacing"`) for a reflowing header beside an image, or `"candidates"` (a
    /// spec rule's `candidates:`) for a component that chooses its layout. The answer is
    /// `{"category", "results": [{"category", "answer": <measure's answer>, "svg", "layout"?, "reason"?}],
    /// "warnings"}`, one result a category, smallest first; the first `category` is the request's own. With a
    /// component, each answer is the text's verdict in the layout chosen at that category (as `check` judges it),
    /// `layout` names that layout (`horizontal`, `vertical`, or a candidate's name) and `reason` says why.
    public func preview(_ body: [UInt8]) -> ServerReply {
        if let refusal = refuseBody(body, limit: limits.maximumBodyBytes, name: "maximumBodyBytes") { return .error(refusal) }
        let request: MeasureRequest
        let preview: PreviewOptions
        do {
            request = try MeasureRequest(bytes: body, extraKeys: PreviewOptions.keys, files: requestFonts.files)
            guard request.text.utf16.count <= limits.maximumTextLength else {
                return .error(ServerError(.tooLarge, "the text has \(request.text.utf16.count) UTF-16 code units, more "
                    + "than maximumTextLength (\(limits.maximumTextLength))"))
            }
            preview = try PreviewOptions(request, limits: limits)
        } catch let failure as MeasureRequest.Failure {
            return .error(ServerError(.invalidRequest, failure.message))
        } catch let error as ServerError {
            return .error(error)
        } catch {
            return .error(ServerError(.invalidRequest, "\(error)"))
        }
        do {
            return .json(try previewAnswer(request, preview))
        } catch {
            return .error(ServerError(.invalidRequest, error.description))
        }
    }

    /// The preview's answer: a result a size, each with its verdict, its room (``/OversetReports/Room``) and its
    /// picture while the answer stays within ``ServerLimits/maximumAnswerBytes``.
    private func previewAnswer(_ request: MeasureRequest, _ preview: PreviewOptions) throws(OversetError) -> [UInt8] {
        let prepared = try request.label.prepare(request.text, language: request.language)
        var json = JSONWriter(capacity: 4096 * preview.categories.count)
        var omitted = 0
        json.beginObject()
        json.member("category", request.label.textSize.name)
        json.key("results")
        json.beginArray()
        for category in preview.categories {
            let shown = try preview.judge(prepared, request: request, at: category)
            json.beginObject()
            json.key("answer")
            json.raw(String(decoding: LayoutReport.json(shown.verdict), as: UTF8.self))
            json.member("category", category.name)
            json.member("layout", shown.layout)
            json.member("reason", shown.reason)
            json.key("room")
            Room(shown.verdict).write(to: &json)
            if preview.drawing {
                let options = PictureOptions(palette: preview.palette, styledFont: shown.verdict.label.styledFont,
                                             language: request.language)
                let svg = shown.verdict.picture(options: options).svg()
                if json.count + svg.utf8.count < limits.maximumAnswerBytes { json.member("svg", svg) } else { omitted += 1 }
            }
            json.endObject()
        }
        json.endArray()
        json.key("warnings")
        json.beginArray()
        for warning in prepared.warnings { json.string(warning) }
        if omitted > 0 { json.string(picturesLeftOut(omitted)) }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// The warning of an answer whose pictures passed ``ServerLimits/maximumAnswerBytes``.
    func picturesLeftOut(_ count: Int) -> String {
        "\(count == 1 ? "a picture" : "\(count) pictures") left out: the answer would be larger than "
            + "maximumAnswerBytes (\(limits.maximumAnswerBytes >> 20) MiB); ask for fewer categories, a shorter text or "
            + "\"picture\": false"
    }

    /// A body over `limit` bytes, refused by name; nil when it is within.
    func refuseBody(_ body: [UInt8], limit: Int, name: String) -> ServerError? {
        guard body.count > limit else { return nil }
        return ServerError(.tooLarge, "the body is \(body.count) bytes, more than \(name) (\(limit) bytes)")
    }
}
