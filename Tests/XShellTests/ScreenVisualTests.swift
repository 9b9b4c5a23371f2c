import Testing
@testable import XShell

/// The visual the window draws in, chosen from the lists real servers give (Xvfb at 16, 24 and 30 bits).
@Suite struct ScreenVisualTests {
    static let rgb565 = PixelFormat(depth: 16, bitsPerPixel: 16, redMask: 0xF800, greenMask: 0x07E0, blueMask: 0x001F)
    static let rgb101010 = PixelFormat(depth: 30, bitsPerPixel: 32, redMask: 0x3FF0_0000, greenMask: 0x000F_FC00,
                                       blueMask: 0x0000_03FF)
    static let argb32 = PixelFormat(depth: 32, bitsPerPixel: 32, redMask: 0xFF_0000, greenMask: 0xFF00, blueMask: 0xFF)
    static let pseudo8 = PixelFormat(depth: 8, bitsPerPixel: 8, redMask: 0, greenMask: 0, blueMask: 0)

    func visual(_ id: UInt, _ kind: ScreenVisual.Kind, _ format: PixelFormat, isDefault: Bool = false) -> ScreenVisual {
        ScreenVisual(id: id, kind: kind, format: format, isDefault: isDefault)
    }

    @Test func onA24BitScreenTheDefaultVisualIsChosen() {
        let visuals = [visual(0x21, .trueColor, .rgb24, isDefault: true), visual(0x22, .directColor, .rgb24),
                       visual(0x23, .trueColor, .rgb24), visual(0x44, .trueColor, Self.argb32)]
        #expect(ScreenVisual.best(of: visuals)?.id == 0x21)
    }

    @Test func aSixteenBitDefaultGivesWayToA24BitTrueColorVisual() {
        let visuals = [visual(0x21, .trueColor, Self.rgb565, isDefault: true), visual(0x22, .directColor, Self.rgb565),
                       visual(0x30, .trueColor, Self.argb32), visual(0x31, .trueColor, .rgb24)]
        #expect(ScreenVisual.best(of: visuals)?.id == 0x31)
    }

    @Test func withOnlySixteenBitsTheWindowDrawsInSixteenBitsNotInTheTranslucent32BitVisual() {
        let visuals = [visual(0x21, .trueColor, Self.rgb565, isDefault: true), visual(0x22, .directColor, Self.rgb565),
                       visual(0x44, .trueColor, Self.argb32)]
        #expect(ScreenVisual.best(of: visuals)?.format == Self.rgb565)
    }

    @Test func withOnlyThirtyBitsTheWindowDrawsInThirtyBits() {
        let visuals = [visual(0x21, .trueColor, Self.rgb101010, isDefault: true),
                       visual(0x22, .directColor, Self.rgb101010), visual(0x44, .trueColor, Self.argb32)]
        #expect(ScreenVisual.best(of: visuals)?.id == 0x21)
    }

    @Test func anOpaqueVisualWinsOverATranslucentOneWithMoreColourBits() {
        let visuals = [visual(0x21, .pseudoColor, Self.pseudo8, isDefault: true), visual(0x44, .trueColor, Self.argb32),
                       visual(0x45, .trueColor, Self.rgb565)]
        #expect(ScreenVisual.best(of: visuals)?.id == 0x45)
    }

    @Test func a32BitVisualIsTheLastResortAndItsAlphaIsFilled() throws {
        let chosen = try #require(ScreenVisual.best(of: [visual(0x21, .pseudoColor, Self.pseudo8, isDefault: true),
                                                          visual(0x44, .trueColor, Self.argb32)]))
        #expect(chosen.id == 0x44)
        #expect(chosen.format.fillBits == 0xFF00_0000)
        #expect(PixelConverter(chosen.format).pixel(0x00FF_0000) == 0xFFFF_0000, "opaque red")
    }

    @Test func aScreenWithoutTrueColorIsRefused() {
        let visuals = [visual(0x21, .pseudoColor, Self.pseudo8, isDefault: true), visual(0x22, .grayScale, Self.pseudo8),
                       visual(0x23, .staticGray, Self.pseudo8), visual(0x24, .directColor, Self.rgb565)]
        #expect(ScreenVisual.best(of: visuals) == nil)
        #expect(visuals[0].summary == "depth 8 PseudoColor")
        #expect(XShellError.noTrueColorVisual(defaultVisual: visuals[0].summary).description
            == "the screen offers no TrueColor visual (looked for one of any depth, 24-bit first; the default visual "
            + "is depth 8 PseudoColor); TouchTracker needs one")
    }

    @Test func formatsThatCannotBeWrittenAreNotCandidates() {
        let packed24 = PixelFormat(depth: 24, bitsPerPixel: 24, redMask: 0xFF_0000, greenMask: 0xFF00, blueMask: 0xFF)
        let overlapping = PixelFormat(depth: 16, bitsPerPixel: 16, redMask: 0xFC00, greenMask: 0x07E0, blueMask: 0x001F)
        let split = PixelFormat(depth: 16, bitsPerPixel: 16, redMask: 0xF801, greenMask: 0x07E0, blueMask: 0x001E)
        for format in [packed24, overlapping, split, Self.pseudo8] { #expect(!format.isDrawable) }
        for format in [.rgb24, Self.rgb565, Self.rgb101010, Self.argb32] { #expect(format.isDrawable) }
    }
}

/// Cairo's RGB24 pixels converted to the window's format: each channel to the nearest level it has.
@Suite struct PixelConverterTests {
    @Test func theBooksColoursAreExactAtSixteenAndThirtyBits() {
        let rgb565 = PixelConverter(ScreenVisualTests.rgb565), rgb30 = PixelConverter(ScreenVisualTests.rgb101010)
        let colours: [UInt32] = [0xFF_FFFF, 0x00_0000, 0xFF_0000, 0x00_FF00]
        #expect(colours.map(rgb565.pixel) == [0xFFFF, 0x0000, 0xF800, 0x07E0])
        #expect(colours.map(rgb30.pixel) == [0x3FFF_FFFF, 0, 0x3FF0_0000, 0x000F_FC00])
    }

    @Test func everyEightBitValueBecomesTheNearestLevelOfItsChannel() {
        let converter = PixelConverter(ScreenVisualTests.rgb565)
        // A level read back is scaled to 8 bits (level · 255 / largest): the nearest level reads back within
        // half a step of the value.
        func error(_ level: UInt32, largest: Double, _ value: UInt32) -> Double {
            abs(Double(level) * 255 / largest - Double(value)) / (255 / largest)
        }
        for value in UInt32(0)...255 {
            let red = converter.pixel(value << 16) >> 11, green = (converter.pixel(value << 8) >> 5) & 0x3F
            let redError = error(red, largest: 31, value), greenError = error(green, largest: 63, value)
            #expect(redError <= 0.5, "red \(value) -> \(red)")
            #expect(greenError <= 0.5, "green \(value) -> \(green)")
        }
    }

    @Test func tenBitChannelsHoldEveryEightBitValueExactly() {
        let converter = PixelConverter(ScreenVisualTests.rgb101010)
        let readBack = (UInt32(0)...255).map { value in (converter.pixel(value) * 255 + 511) / 1023 }
        #expect(readBack == Array(0...255))
    }

    @Test func aRectangleIsConvertedRowByRowInNativeWords() {
        let source: [UInt32] = [0xFF_0000, 0x00_FF00, 0xDEAD, 0x00_00FF, 0xFF_FFFF, 0xDEAD]  // 2 × 2, rows of 3
        var target = [UInt16](repeating: 0x1234, count: 6)  // rows of 3: the third of each stays untouched
        source.withUnsafeBytes { from in
            target.withUnsafeMutableBytes { to in
                PixelConverter(ScreenVisualTests.rgb565).convert(from: from.baseAddress!, sourceStride: 12,
                                                                 to: to.baseAddress!, targetStride: 6, width: 2, height: 2)
            }
        }
        #expect(target == [0xF800, 0x07E0, 0x1234, 0x001F, 0xFFFF, 0x1234])
    }
}
