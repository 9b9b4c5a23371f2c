/// Turns Cairo's RGB24 pixels into pixels of another format, channel by channel to the nearest level
/// (an 8-bit value v becomes round(v · max / 255) of a channel whose largest value is max), so that
/// colours are exact wherever the depth can hold them (10-bit channels hold every 8-bit value) and the
/// closest possible elsewhere (5 and 6 bits: black, white, red and green stay exactly themselves).
struct PixelConverter: Sendable {
    let format: PixelFormat
    /// For each 8-bit value, its level in the channel, in place; the blue table also carries the fill bits.
    private let red, green, blue: [UInt32]

    init(_ format: PixelFormat) {
        self.format = format
        func table(_ mask: UInt32, fill: UInt32 = 0) -> [UInt32] {
            let shift = UInt32(mask.trailingZeroBitCount), largest = UInt64(mask >> shift)
            return (0...255).map { value in UInt32((UInt64(value) * largest + 127) / 255) << shift | fill }
        }
        red = table(format.redMask)
        green = table(format.greenMask)
        blue = table(format.blueMask, fill: format.fillBits)
    }

    /// The pixel for a Cairo RGB24 value (0x00RRGGBB; the top byte is ignored).
    func pixel(_ rgb24: UInt32) -> UInt32 {
        red[Int((rgb24 >> 16) & 0xFF)] | green[Int((rgb24 >> 8) & 0xFF)] | blue[Int(rgb24 & 0xFF)]
    }

    /// Converts `width` × `height` RGB24 pixels at `source` (rows `sourceStride` bytes apart) into pixels of the
    /// format at `target` (rows `targetStride` bytes apart), each stored in native byte order.
    func convert(from source: UnsafeRawPointer, sourceStride: Int, to target: UnsafeMutableRawPointer, targetStride: Int,
                 width: Int, height: Int) {
        switch format.bytesPerPixel {
        case 1: convert(from: source, sourceStride, to: target, targetStride, width, height, as: UInt8.self)
        case 2: convert(from: source, sourceStride, to: target, targetStride, width, height, as: UInt16.self)
        default: convert(from: source, sourceStride, to: target, targetStride, width, height, as: UInt32.self)
        }
    }

    private func convert<Word: FixedWidthInteger>(from source: UnsafeRawPointer, _ sourceStride: Int,
                                                  to target: UnsafeMutableRawPointer, _ targetStride: Int,
                                                  _ width: Int, _ height: Int, as: Word.Type) {
        red.withUnsafeBufferPointer { red in
            green.withUnsafeBufferPointer { green in
                blue.withUnsafeBufferPointer { blue in
                    for row in 0..<height {
                        let from = (source + row * sourceStride).assumingMemoryBound(to: UInt32.self)
                        let to = (target + row * targetStride).assumingMemoryBound(to: Word.self)
                        for x in 0..<width {
                            let rgb = from[x]
                            let pixel = red[Int((rgb >> 16) & 0xFF)] | green[Int((rgb >> 8) & 0xFF)] | blue[Int(rgb & 0xFF)]
                            to[x] = Word(truncatingIfNeeded: pixel)
                        }
                    }
                }
            }
        }
    }
}
