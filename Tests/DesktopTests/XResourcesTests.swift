import Desktop
import Testing

@Suite struct XResourcesTests {
    @Test func xrdbQueryOutputIsReadAsNameValuePairs() {
        let resources = XResources(parsing: "Xft.antialias:\t1\nXft.dpi:\t144\nXTerm*faceName:\tDejaVu Sans Mono\n")
        #expect(resources.entries == ["Xft.antialias": "1", "Xft.dpi": "144", "XTerm*faceName": "DejaVu Sans Mono"])
    }

    @Test func commentsAndPreprocessorLeftoversAreSkipped() {
        let resources = XResources(parsing: "! Xft.dpi: 200\n#define DPI 200\nXft.dpi: 96\n")
        #expect(resources.entries == ["Xft.dpi": "96"])
    }

    @Test func linesThatAreNotNameValuePairsAreSkipped() {
        let resources = XResources(parsing: "garbage without colon\n: no name\n\nXft.dpi: 110\n")
        #expect(resources.entries == ["Xft.dpi": "110"])
    }

    @Test func aLaterEntryForTheSameNameWins() {
        #expect(XResources(parsing: "Xft.dpi: 96\nXft.dpi: 120\n").value(for: "Xft.dpi") == "120")
    }

    @Test func theExactNameWinsOverLooseBindingsWhateverTheirOrder() {
        let resources = XResources(parsing: "*dpi: 100\nXft*dpi: 110\nXft.dpi: 120\n*dpi: 130\n")
        #expect(resources.value(for: "Xft.dpi") == "120")
    }

    @Test func looseBindingsAreUsedFromTheMostSpecificDown() {
        #expect(XResources(parsing: "*dpi: 100\nXft*dpi: 110\n").value(for: "Xft.dpi") == "110")
        #expect(XResources(parsing: "*dpi: 100\n").value(for: "Xft.dpi") == "100")
        #expect(XResources(parsing: "Xterm*dpi: 100\n").value(for: "Xft.dpi") == nil)
    }

    @Test func whitespaceAroundTheNameAndBeforeTheValueIsIgnored() {
        #expect(XResources(parsing: "  Xft.dpi \t:   \t 144").value(for: "Xft.dpi") == "144")
    }

    @Test func aBackslashAtTheEndOfALineContinuesIt() {
        #expect(XResources(parsing: "Xft.\\\ndpi: 1\\\n44\n").value(for: "Xft.dpi") == "144")
    }

    @Test func carriageReturnLineEndsAreAccepted() {
        let resources = XResources(parsing: "Xft.antialias: 1\r\nXft.dpi: 144\r\n")
        #expect(resources.value(for: "Xft.dpi") == "144")
        #expect(resources.value(for: "Xft.antialias") == "1")
    }
}
