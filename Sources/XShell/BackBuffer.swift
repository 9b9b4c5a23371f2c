import CX11
import Rendering

/// The window's back buffer: a Cairo RGB24 image of the part of the window on screen, which the shell
/// paints, and the way its rectangles reach the window.
///
///   window format                  pixels sent from
///   RGB24 (24-bit 8-8-8)           the Cairo image itself, through an XImage over its pixels
///   any other TrueColor            a copy of the rectangle converted to the window's format (PixelConverter)
///
/// Over the socket (`XPutImage`), or, where the server maps our memory (MIT-SHM), from a shared segment
/// (`XShmPutImage`): the Cairo image then lives in one, and a converted copy goes to a shared copy buffer
/// as large as the image, each rectangle in its place. Without shared memory a converted rectangle goes
/// out in bands through a small buffer. A shared put returns before the server has read the pixels: until
/// its completion event comes, the caller draws nothing (`CanvasWindow.isPresenting`).
final class BackBuffer {
    let surface: CairoSurface
    let context: CairoContext
    private let output: Output
    private let display: OpaquePointer
    private let visual: UnsafeMutablePointer<Visual>

    private enum Output {
        /// An image over the Cairo image's own pixels (in a shared segment when `sharesMemory`).
        case direct(WindowImage)
        /// A converted copy of the whole buffer, in a shared segment.
        case sharedCopy(PixelConverter, WindowImage)
        /// Converted band by band into this small buffer, each band sent over the socket.
        case bands(PixelConverter, UnsafeMutableRawBufferPointer)
    }

    /// The most a band takes (one row when a row is larger).
    static let bandBytes = 64 << 10

    /// Whether the server reads the pixels from shared memory.
    let sharesMemory: Bool

    /// Bytes a pixel of the buffer takes: the Cairo image's, and a converted copy's when there is one.
    var bytesPerPixel: Int {
        guard case .sharedCopy(let converter, _) = output else { return 4 }
        return 4 + converter.format.bytesPerPixel
    }

    /// A buffer `width` × `height` (at least 1 × 1) for a window of `format`, in shared memory when `sharing`
    /// and the server attaches it.
    init(connection: XConnection, visual: UnsafeMutablePointer<Visual>, format: PixelFormat, width: Int, height: Int,
         sharing: Bool) throws(XShellError) {
        let (width, height) = (max(1, width), max(1, height))
        display = connection.display
        self.visual = visual
        let shared = sharing ? WindowImage(sharedWith: connection, visual: visual, format: format, width: width, height: height) : nil
        do {
            if format == .rgb24, let shared {
                surface = try CairoSurface(imageData: shared.data, width: width, height: height, stride: shared.bytesPerLine,
                                           owner: shared)
            } else {
                surface = try CairoSurface(imageWidth: width, height: height)
            }
        } catch {
            throw .cannotCreateBuffer(error.description)
        }
        context = CairoContext(surface)
        sharesMemory = shared != nil
        if format == .rgb24 {
            guard let data = surface.data else { throw .cannotCreateBuffer("the Cairo image has no pixels") }
            if let shared {
                output = .direct(shared)
            } else {
                output = .direct(try WindowImage(display: display, visual: visual, format: format, data: data,
                                                 width: width, height: height, bytesPerLine: surface.stride))
            }
        } else if let shared {
            output = .sharedCopy(PixelConverter(format), shared)
        } else {
            let bytes = max(Self.bandBytes, format.bytesPerLine(width: width))
            output = .bands(PixelConverter(format), .allocate(byteCount: bytes, alignment: 16))
        }
    }

    deinit {
        if case .bands(_, let band) = output { band.deallocate() }
    }

    /// Sends the `width` × `height` rectangle at (x, y) of the buffer to (windowX, windowY) of `window`. Returns
    /// how many shared puts will report their completion.
    func put(x: Int, y: Int, width: Int, height: Int, to window: Window, gc: GC, at windowX: Int, _ windowY: Int) -> Int {
        surface.flush()
        guard let pixels = surface.data else { return 0 }
        let source = pixels + y * surface.stride + x * 4
        switch output {
        case .direct(let image):
            return image.put(x: x, y: y, width: width, height: height, to: window, gc: gc, at: windowX, windowY,
                             display: display) ? 1 : 0
        case .sharedCopy(let converter, let copy):
            converter.convert(from: source, sourceStride: surface.stride,
                              to: copy.data + y * copy.bytesPerLine + x * converter.format.bytesPerPixel,
                              targetStride: copy.bytesPerLine, width: width, height: height)
            return copy.put(x: x, y: y, width: width, height: height, to: window, gc: gc, at: windowX, windowY,
                            display: display) ? 1 : 0
        case .bands(let converter, let band):
            let bandStride = converter.format.bytesPerLine(width: width)
            let rows = max(1, band.count / bandStride)
            for top in stride(from: 0, to: height, by: rows) {
                let count = min(rows, height - top)
                converter.convert(from: source + top * surface.stride, sourceStride: surface.stride, to: band.baseAddress!,
                                  targetStride: bandStride, width: width, height: count)
                // Cannot fail for a format the window was made with: the sizes are the rectangle's.
                guard let image = try? WindowImage(display: display, visual: visual, format: converter.format,
                                                   data: band.baseAddress!, width: width, height: count, bytesPerLine: bandStride)
                else { return 0 }
                _ = image.put(x: 0, y: 0, width: width, height: count, to: window, gc: gc, at: windowX, windowY + top,
                              display: display)
            }
            return 0
        }
    }
}
