/// How a TrueColor visual lays out a pixel: where red, green and blue sit, how deep it is, and how many
/// bits the server stores a pixel in (the screen's pixmap format for that depth). Pure, so that the choice
/// of a visual and the conversion of pixels are tested without X.
struct PixelFormat: Hashable, Sendable {
    var depth: Int
    var bitsPerPixel: Int
    var redMask: UInt32
    var greenMask: UInt32
    var blueMask: UInt32

    init(depth: Int, bitsPerPixel: Int, redMask: UInt32, greenMask: UInt32, blueMask: UInt32) {
        self.depth = depth
        self.bitsPerPixel = bitsPerPixel
        (self.redMask, self.greenMask, self.blueMask) = (redMask, greenMask, blueMask)
    }

    /// Cairo's RGB24 image (0x00RRGGBB in a native 32-bit word) is this format: the back buffer's pixels
    /// go to a window of it as they are.
    static let rgb24 = PixelFormat(depth: 24, bitsPerPixel: 32, redMask: 0xFF_0000, greenMask: 0xFF00, blueMask: 0xFF)

    var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// Bytes a row of `width` pixels takes in an image, rows padded to 32 bits as the shell's images are.
    func bytesPerLine(width: Int) -> Int { (width * bitsPerPixel + 31) / 32 * 4 }

    /// How many bits carry colour (16 for 5-6-5, 30 for 10-10-10).
    var colourBits: Int { colourMask.nonzeroBitCount }

    /// The bits of the depth that no colour uses: a 32-bit visual's alpha. Every pixel sets them, so that a
    /// compositor shows the window opaque.
    var fillBits: UInt32 { depthMask & ~colourMask }

    private var colourMask: UInt32 { redMask | greenMask | blueMask }
    private var depthMask: UInt32 { depth >= 32 ? .max : (1 << UInt32(depth)) - 1 }

    /// Whether pixels of this format can be written: each colour one run of bits, none overlapping, all
    /// within the depth, stored in 8, 16 or 32 bits (the packed 24-bit layout of some old servers is not).
    var isDrawable: Bool {
        let masks = [redMask, greenMask, blueMask]
        func isOneRun(_ mask: UInt32) -> Bool {
            let run = mask >> UInt32(mask.trailingZeroBitCount)
            return mask != 0 && run & (run &+ 1) == 0
        }
        return [8, 16, 32].contains(bitsPerPixel) && depth <= bitsPerPixel
            && masks.allSatisfy(isOneRun)
            && (redMask & greenMask) | (redMask & blueMask) | (greenMask & blueMask) == 0
            && colourMask & ~depthMask == 0
    }
}
