import Shapes
import Testing

@Suite("Colours")
struct ColourTests {
    @Test func aColourIsWrittenAndReadAsHashRRGGBB() {
        let blue = Colour(hex: 0x1E50DC)
        #expect(blue.description == "#1E50DC")
        #expect(Colour(parsing: "#1e50dc") == blue)
        #expect(Colour(hex: 0x000A0B).description == "#000A0B")
        #expect(Colour(parsing: "#0189AF") == Colour(hex: 0x0189AF) && Colour(parsing: "#abcdef") == Colour(hex: 0xABCDEF))
        #expect(Colour(parsing: Colour(hex: 0xF08C00).description) == Colour(hex: 0xF08C00))
    }

    @Test(arguments: ["", "#", "1E50DC", "#1E50D", "#1E50DCC", "#1E50DG", "#+E50DC", "# E50DC",
                          "#\u{FF11}E50DC", "#1E50D\u{C7}", "#1E50D:", "#1E50D@", "#1E50D`", "#1E50Dg"])
    func anythingElseIsNotAColour(text: String) {
        #expect(Colour(parsing: text) == nil)
    }
}
