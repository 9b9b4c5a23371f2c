import Testing
@testable import XShell

@Suite struct WindowIconTests {
    @Test func theNetWMIconValueIsWidthHeightAndPixelsForEachImage() {
        let icons = [
            WindowIcon(width: 1, height: 2, pixels: [0xFF00_0000, 0x8000_FF00]),
            WindowIcon(width: 1, height: 1, pixels: [0xFFFF_FFFF]),
        ]
        #expect(WindowIcon.netWMIconValue(icons) == [1, 2, 0xFF00_0000, 0x8000_FF00, 1, 1, 0xFFFF_FFFF])
    }

    @Test func theEmbeddedIconHasSquareImagesOf16To48PixelsWithEveryPixel() {
        #expect(WindowIcon.embedded.map(\.width) == [16, 32, 48])
        for icon in WindowIcon.embedded {
            #expect(icon.height == icon.width)
            #expect(icon.pixels.count == icon.width * icon.height)
        }
    }

    @Test func theEmbeddedIconHasTransparentCornersAndAnOpaqueCanvas() {
        for icon in WindowIcon.embedded {
            #expect(icon.pixels[0] >> 24 == 0, "top-left corner of the \(icon.width) px icon")
            let middleOfTheLeftEdge = icon.pixels[icon.width * icon.height / 2 + icon.width / 4]
            #expect(middleOfTheLeftEdge >> 24 == 0xFF, "inside the canvas of the \(icon.width) px icon")
        }
    }
}
