/// The page at `/`: a document (`Page/page.html`), its style (`Page/page.css`) and its script (`Page/page.js`),
/// compiled into the server as bytes by SwiftPM (`.embedInCode`), so that serving them reads no file and the
/// script is a file of its own a browser's Content-Security-Policy can allow by origin (no inline script). The
/// page builds its controls from `/v1/settings`, asks `/v1/preview` as the user types and, in catalog mode,
/// `/v1/catalog`; its state lives in its URL's query, in the settings table's names
/// (`/?text=…&lang=th&width=180&maxLines=2`, `/?view=catalog&key=…&lang=de`).
enum Page {
    static let reply = ServerReply(status: 200, contentType: "text/html; charset=utf-8", body: PackageResources.page_html)
    static let style = ServerReply(status: 200, contentType: "text/css; charset=utf-8", body: PackageResources.page_css)
    static let script = ServerReply(status: 200, contentType: "text/javascript; charset=utf-8", body: PackageResources.page_js)
}
