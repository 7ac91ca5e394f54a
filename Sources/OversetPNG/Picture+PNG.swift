import Overset
import OversetPictures
internal import OversetRaster

/// PNG output for pictures, in its own module so that pictures as SVG (and the test helpers that attach them) build
/// without cairo.
extension Picture {
    /// Rasterizes the picture with cairo and writes a PNG.
    /// - Parameter scale: pixels per point: 1, 2 or 3 for @1x, @2x, @3x.
    public func writePNG(to path: String, scale: Int = 2) throws(OversetError) {
        guard (1...4).contains(scale) else {
            throw .invalidArgument(name: "scale", value: "\(scale)", expected: "1, 2 or 3")
        }
        if let problem = RasterCanvas.sizeProblem(width: width, height: height, scale: Double(scale)) {
            throw .invalidArgument(name: "picture size", value: "\(n(width)) × \(n(height)) pt at @\(scale)x",
                                   expected: problem)
        }
        guard let canvas = RasterCanvas(width: width, height: height, scale: Double(scale)) else {
            throw .outputFailed(path: path, reason: "cairo could not allocate a canvas of \(n(width)) × \(n(height)) pt "
                + "at @\(scale)x (out of memory?)")
        }
        if let background {
            canvas.fill([.move(0, 0), .line(width, 0), .line(width, height), .line(0, height), .close],
                        color: background.rgba)
        }
        for shape in shapes {
            let path = shape.steps.map(\.canvas)
            if let fill = shape.fill { canvas.fill(path, color: fill.rgba) }
            if let stroke = shape.stroke { canvas.stroke(path, color: stroke.rgba, width: shape.lineWidth, dash: shape.dash) }
        }
        do {
            try canvas.writePNG(to: path)
        } catch {
            throw .outputFailed(path: path, reason: error.message)
        }
    }

    private func n(_ value: Double) -> String { Points.format(value, decimals: 2) }
}

extension PictureColor {
    var rgba: RGBA { RGBA(red: red, green: green, blue: blue, alpha: alpha) }
}

extension PathStep {
    var canvas: CanvasPathElement {
        switch self {
        case .move(let x, let y): return .move(x, y)
        case .line(let x, let y): return .line(x, y)
        case .quad(let a, let b, let x, let y): return .quad(a, b, x, y)
        case .cubic(let a, let b, let c, let d, let x, let y): return .cubic(a, b, c, d, x, y)
        case .close: return .close
        }
    }
}
