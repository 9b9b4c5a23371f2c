import Document
import Testing

@Suite("Colours")
struct ColourTests {
    @Test func aColourIsWrittenAndReadAsHashRRGGBB() {
        let blue = Colour(hex: 0x1E50DC)
        #expect(blue.description == "#1E50DC")
        #expect(Colour(parsing: "#1e50dc") == blue)
        #expect(Colour(hex: 0x000A0B).description == "#000A0B")
    }

    @Test(arguments: ["", "#", "1E50DC", "#1E50D", "#1E50DCC", "#1E50DG", "#+E50DC", "# E50DC"])
    func anythingElseIsNotAColour(text: String) {
        #expect(Colour(parsing: text) == nil)
    }
}
