import CX11

/// An `XImage` in the window's pixel format over pixels held elsewhere (the back buffer's Cairo image, a
/// copy buffer), or in a shared segment of its own (MIT-SHM); it sends rectangles of itself to the window.
final class WindowImage {
    let image: UnsafeMutablePointer<XImage>
    /// The first pixel; rows are `bytesPerLine` apart.
    let data: UnsafeMutableRawPointer
    var bytesPerLine: Int { Int(image.pointee.bytes_per_line) }
    /// Set when the server reads the pixels from shared memory.
    private let segment: SharedSegment?

    /// An image over `data` (rows `bytesPerLine` apart, in native byte order), sent over the socket.
    init(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, format: PixelFormat, data: UnsafeMutableRawPointer,
         width: Int, height: Int, bytesPerLine: Int) throws(XShellError) {
        guard let image = XCreateImage(display, visual, UInt32(format.depth), ZPixmap, 0, data.assumingMemoryBound(to: CChar.self),
                                       UInt32(width), UInt32(height), 32, Int32(bytesPerLine))
        else { throw .cannotCreateBuffer("XCreateImage failed") }
        // Our pixels are native-endian words; say so, and Xlib swaps them for a server of the other order.
        image.pointee.byte_order = 0x0102.littleEndian == 0x0102 ? LSBFirst : MSBFirst
        self.image = image
        self.data = data
        segment = nil
    }

    /// An image `width` × `height` in a new shared segment, or nil when there is none to be had (the caller
    /// then sends its pixels over the socket). Its rows are `PixelFormat.bytesPerLine(width:)` apart.
    init?(sharedWith connection: XConnection, visual: UnsafeMutablePointer<Visual>, format: PixelFormat, width: Int, height: Int) {
        guard let segment = SharedSegment(connection: connection, byteCount: format.bytesPerLine(width: width) * height),
              let image = XShmCreateImage(connection.display, visual, UInt32(format.depth), ZPixmap,
                                          segment.bytes.assumingMemoryBound(to: CChar.self), segment.info,
                                          UInt32(width), UInt32(height))
        else { return nil }
        guard Int(image.pointee.bytes_per_line) == format.bytesPerLine(width: width) else {
            image.pointee.data = nil
            image.pointee.obdata = nil
            cx11_destroy_image(image)
            return nil
        }
        self.image = image
        data = segment.bytes
        self.segment = segment
    }

    deinit {
        // Neither the pixels nor the segment's description are the image's to free.
        image.pointee.data = nil
        image.pointee.obdata = nil
        cx11_destroy_image(image)
    }

    /// Sends the `width` × `height` rectangle at (x, y) of the image to (windowX, windowY) of `window`. Returns
    /// true when the server reads shared memory and will say when it is done (a ShmCompletion event).
    func put(x: Int, y: Int, width: Int, height: Int, to window: Window, gc: GC, at windowX: Int, _ windowY: Int,
             display: OpaquePointer) -> Bool {
        if segment != nil {
            XShmPutImage(display, window, gc, image, Int32(x), Int32(y), Int32(windowX), Int32(windowY),
                         UInt32(width), UInt32(height), 1)
            return true
        }
        XPutImage(display, window, gc, image, Int32(x), Int32(y), Int32(windowX), Int32(windowY), UInt32(width), UInt32(height))
        return false
    }
}
