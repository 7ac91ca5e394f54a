internal import CCairo

/// A colour with straight (not premultiplied) components from 0 to 1.
package struct RGBA: Sendable, Hashable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A path step in canvas coordinates (points, y down).
package enum CanvasPathElement: Sendable, Equatable {
    case move(Double, Double)
    case line(Double, Double)
    case quad(Double, Double, Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case close
}

/// Why a PNG could not be written or read.
package struct RasterFailure: Error, Sendable, Equatable {
    package var message: String
}

/// A cairo image surface to draw paths on and save as PNG (cairo's rasterizer and its libpng encoder).
///
/// Ownership: owns the cairo surface and context and destroys them in `deinit`. Not Sendable: one thread draws.
package final class RasterCanvas {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    package let pixelWidth: Int
    package let pixelHeight: Int

    /// The largest side cairo's image surfaces take.
    package static let maximumSide = 32_768
    /// The most pixels a canvas holds: 100 million, 400 MB at four bytes a pixel.
    package static let maximumPixels = 100_000_000

    /// The pixel size of `width` × `height` points at `scale`, and why a canvas of it is refused (a side past
    /// ``maximumSide``, more than ``maximumPixels``), nil when it is not.
    package static func sizeProblem(width: Double, height: Double, scale: Double) -> String? {
        guard width.isFinite, height.isFinite, scale.isFinite else { return "not a finite size" }
        let pixelWidth = (width * scale).rounded(.up), pixelHeight = (height * scale).rounded(.up)
        if pixelWidth > Double(maximumSide) || pixelHeight > Double(maximumSide) {
            return "\(Int(pixelWidth)) × \(Int(pixelHeight)) pixels: at most \(maximumSide) pixels a side"
        }
        if pixelWidth * pixelHeight > Double(maximumPixels) {
            return "\(Int(pixelWidth)) × \(Int(pixelHeight)) pixels: at most \(maximumPixels / 1_000_000) million pixels "
                + "(use --svg, or a smaller --scale)"
        }
        return nil
    }

    /// A transparent canvas of `width` × `height` points at `scale` pixels per point; nil when cairo cannot
    /// allocate it (check ``sizeProblem(width:height:scale:)`` first).
    package init?(width: Double, height: Double, scale: Double) {
        guard Self.sizeProblem(width: width, height: height, scale: scale) == nil else { return nil }
        pixelWidth = max(1, Int((width * scale).rounded(.up)))
        pixelHeight = max(1, Int((height * scale).rounded(.up)))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.context = context
        cairo_scale(context, scale, scale)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    private func trace(_ path: [CanvasPathElement]) {
        cairo_new_path(context)
        var current = (x: 0.0, y: 0.0)
        for element in path {
            switch element {
            case .move(let x, let y):
                cairo_move_to(context, x, y)
                current = (x, y)
            case .line(let x, let y):
                cairo_line_to(context, x, y)
                current = (x, y)
            case .quad(let cx, let cy, let x, let y):
                // A quadratic Bézier as the equivalent cubic.
                cairo_curve_to(context, current.x + 2 / 3 * (cx - current.x), current.y + 2 / 3 * (cy - current.y),
                               x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
                current = (x, y)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                cairo_curve_to(context, c1x, c1y, c2x, c2y, x, y)
                current = (x, y)
            case .close:
                cairo_close_path(context)
            }
        }
    }

    private func setColor(_ color: RGBA) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// Fills `path` (non-zero winding, as fonts expect).
    package func fill(_ path: [CanvasPathElement], color: RGBA) {
        trace(path)
        setColor(color)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    /// Strokes `path` with a line `width` points wide, dashed when `dash` is not empty.
    package func stroke(_ path: [CanvasPathElement], color: RGBA, width: Double, dash: [Double] = []) {
        trace(path)
        setColor(color)
        cairo_set_line_width(context, width)
        dash.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32(dash.count), 0) }
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    /// Writes the canvas as a PNG file.
    package func writePNG(to path: String) throws(RasterFailure) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterFailure(message: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Reads a PNG file's pixels as straight RGBA bytes, row by row (for tests and checks).
    package static func readPNG(_ path: String) throws(RasterFailure) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw RasterFailure(message: "cannot read '\(path)'")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RasterFailure(message: "cannot read '\(path)': " + String(cString: cairo_status_to_string(status)))
        }
        // Convert whatever cairo loaded to ARGB32, then unpremultiply.
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RasterFailure(message: "out of memory")
        }
        defer { cairo_surface_destroy(converted) }
        let context = cairo_create(converted)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(converted)
        let stride = Int(cairo_image_surface_get_stride(converted))
        guard let data = cairo_image_surface_get_data(converted) else { throw RasterFailure(message: "no pixel data") }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                let a = Double((pixel >> 24) & 0xFF)
                func channel(_ shift: UInt32) -> UInt8 {
                    let value = Double((pixel >> shift) & 0xFF)
                    return a == 0 ? 0 : UInt8(min(255, (value * 255 / a).rounded()))
                }
                let index = (y * width + x) * 4
                rgba[index] = channel(16)
                rgba[index + 1] = channel(8)
                rgba[index + 2] = channel(0)
                rgba[index + 3] = UInt8(a)
            }
        }
        return (width, height, rgba)
    }
}
