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

/// Owns one `cairo_surface_t`: an image in memory, or an SVG or PDF document written into memory.
public final class CairoSurface {
    public let pointer: OpaquePointer
    public let width: Int
    public let height: Int
    /// Where an SVG or PDF surface writes its document; Cairo holds a pointer to it until the surface goes.
    private let sink: ByteSink?
    /// What holds the pixels of an image over memory of someone else's, kept as long as the surface.
    private let memoryOwner: AnyObject?

    private init(_ pointer: OpaquePointer, width: Int, height: Int, sink: ByteSink? = nil, memoryOwner: AnyObject? = nil,
                 _ context: String) throws(CairoError) {
        self.pointer = pointer
        self.width = width
        self.height = height
        self.sink = sink
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
                      width: width, height: height, memoryOwner: owner, "cannot create a \(width)x\(height) image")
    }

    /// An SVG document of `width` x `height` px (its size written in px, CSS pixels of 1/96 in), written into
    /// memory: `finishedBytes()` returns it.
    public convenience init(svgWidth width: Double, height: Double) throws(CairoError) {
        let sink = ByteSink()
        try self.init(cairo_svg_surface_create_for_stream(appendToSink, sink.pointer, width, height),
                      width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), sink: sink, "cannot create an SVG document")
        cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
    }

    /// A PDF document of `width` x `height` points (1/72 in), written into memory: `finishedBytes()` returns it.
    public convenience init(pdfWidth width: Double, height: Double) throws(CairoError) {
        let sink = ByteSink()
        try self.init(cairo_pdf_surface_create_for_stream(appendToSink, sink.pointer, width, height),
                      width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), sink: sink, "cannot create a PDF document")
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

    /// Finishes an SVG or PDF surface and returns the whole document; any error Cairo met while
    /// drawing, finishing or writing is thrown.
    public func finishedBytes() throws(CairoError) -> [UInt8] {
        try CairoError.check(cairo_surface_status(pointer), "cannot draw the document")
        cairo_surface_finish(pointer)
        try CairoError.check(cairo_surface_status(pointer), "cannot finish the document")
        return sink?.bytes ?? []
    }

    /// An image surface encoded as PNG, in memory.
    public func pngBytes() throws(CairoError) -> [UInt8] {
        let png = ByteSink()
        try CairoError.check(cairo_surface_write_to_png_stream(pointer, appendToSink, png.pointer), "cannot encode the PNG")
        return png.bytes
    }
}

/// Bytes Cairo writes through a stream callback, gathered in memory.
private final class ByteSink {
    var bytes: [UInt8] = []

    /// The pointer Cairo passes back to `appendToSink`; valid while the sink lives.
    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Cairo's write callback: appends to the `ByteSink` behind `closure`. Memory does not fill up the
/// way a disk does; the file is written later, by `FileWriter`, which checks every write.
private func appendToSink(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let data { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
    return CAIRO_STATUS_SUCCESS
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
