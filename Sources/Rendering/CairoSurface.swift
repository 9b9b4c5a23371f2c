import CCairo

/// A Cairo status other than success, as a Swift error.
public struct CairoError: Error, CustomStringConvertible, Equatable {
    public let status: UInt32
    public let context: String

    init(_ status: cairo_status_t, _ context: String) {
        self.status = status.rawValue
        self.context = context
    }

    public var description: String {
        "\(context): \(String(cString: cairo_status_to_string(cairo_status_t(status))))"
    }

    static func check(_ status: cairo_status_t, _ context: String) throws(CairoError) {
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(status, context) }
    }
}

/// Owns one `cairo_surface_t`: an in-memory image, or an SVG or PDF file being written.
public final class CairoSurface {
    public let pointer: OpaquePointer
    public let width: Int
    public let height: Int
    /// What holds the pixels of an image over memory of someone else's, kept as long as the surface.
    private let memoryOwner: AnyObject?

    private init(_ pointer: OpaquePointer, width: Int, height: Int, _ context: String,
                 memoryOwner: AnyObject? = nil) throws(CairoError) {
        self.pointer = pointer
        self.width = width
        self.height = height
        self.memoryOwner = memoryOwner
        do {
            try CairoError.check(cairo_surface_status(pointer), context)
        } catch {
            cairo_surface_destroy(pointer)
            throw error
        }
    }

    deinit { cairo_surface_destroy(pointer) }

    /// An RGB image in memory: 32 bits a pixel, 0x00RRGGBB in native byte order (X11's 24-bit ZPixmap layout).
    public convenience init(imageWidth width: Int, height: Int) throws(CairoError) {
        try self.init(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
                      width: width, height: height, "cannot create a \(width)x\(height) image")
    }

    /// An RGB image like `init(imageWidth:height:)` over `data`, `stride` bytes a row, which `owner` holds (memory
    /// the X server reads too, say): the surface keeps `owner` until it goes.
    public convenience init(imageData data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                            owner: AnyObject) throws(CairoError) {
        try self.init(cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                          Int32(width), Int32(height), Int32(stride)),
                      width: width, height: height, "cannot create a \(width)x\(height) image", memoryOwner: owner)
    }

    public convenience init(svgPath path: String, width: Int, height: Int) throws(CairoError) {
        try self.init(cairo_svg_surface_create(path, Double(width), Double(height)),
                      width: width, height: height, "cannot create \(path)")
    }

    public convenience init(pdfPath path: String, width: Int, height: Int) throws(CairoError) {
        try self.init(cairo_pdf_surface_create(path, Double(width), Double(height)),
                      width: width, height: height, "cannot create \(path)")
    }

    /// Bytes per row of an image surface.
    public var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// The pixels of an image surface (after `flush()`), `stride * height` bytes.
    public var data: UnsafeMutableRawPointer? { cairo_image_surface_get_data(pointer).map(UnsafeMutableRawPointer.init) }

    /// The 0x00RRGGBB value at (x, y) of an image surface.
    public func pixel(x: Int, y: Int) -> UInt32 {
        flush()
        guard let data, x >= 0, y >= 0, x < width, y < height else { return 0 }
        return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF
    }

    public func flush() { cairo_surface_flush(pointer) }

    /// Finishes an SVG or PDF surface (writes the file) and reports any error.
    public func finish() throws(CairoError) {
        cairo_surface_finish(pointer)
        try CairoError.check(cairo_surface_status(pointer), "cannot write the file")
    }

    public func writePNG(to path: String) throws(CairoError) {
        try CairoError.check(cairo_surface_write_to_png(pointer, path), "cannot write \(path)")
    }
}

/// Owns one `cairo_t` drawing onto a surface.
public final class CairoContext {
    public let pointer: OpaquePointer
    public let surface: CairoSurface

    public init(_ surface: CairoSurface) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
    }

    deinit { cairo_destroy(pointer) }
}
