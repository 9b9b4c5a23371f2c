import Testing
@testable import Document

@Suite struct DocumentLocationTests {
    @Test func theDefaultDocumentIsUnderXDGDataHome() {
        #expect(DocumentLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]) == "/data/touchtracker/drawing.json")
        #expect(DocumentLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data/"]) == "/data/touchtracker/drawing.json")
    }

    @Test func withoutAnAbsoluteXDGDataHomeTheDefaultIsUnderHomesLocalShare() {
        #expect(DocumentLocation.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/touchtracker/drawing.json")
        #expect(DocumentLocation.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u/"]) == "/home/u/.local/share/touchtracker/drawing.json")
        #expect(DocumentLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/u"]) == "/home/u/.local/share/touchtracker/drawing.json")
    }

    @Test func withNeitherThereIsNoDefault() {
        #expect(DocumentLocation.defaultPath(environment: [:]) == nil)
        #expect(DocumentLocation.defaultPath(environment: ["HOME": "relative"]) == nil)
    }

    @Test func theFolderOfAPathIsItsParent() {
        #expect(DocumentLocation.folder(of: "/a/b/drawing.json") == "/a/b")
        #expect(DocumentLocation.folder(of: "a//drawing.json") == "a")
        #expect(DocumentLocation.folder(of: "drawing.json") == ".")
        #expect(DocumentLocation.folder(of: "/drawing.json") == "/")
        #expect(DocumentLocation.folder(of: "/a/b/") == "/a")
    }

    @Test func theFileNameIsTheLastComponent() {
        #expect(DocumentLocation.fileName(of: "/a/b/drawing.json") == "drawing.json")
        #expect(DocumentLocation.fileName(of: "drawing.json") == "drawing.json")
        #expect(DocumentLocation.fileName(of: "/a/b/") == "b")
    }

    @Test func theExportBesideADocumentReplacesItsExtension() {
        #expect(DocumentLocation.replacingExtension(of: "/a/b/drawing.json", with: "png") == "/a/b/drawing.png")
        #expect(DocumentLocation.replacingExtension(of: "a.b/notes", with: "png") == "a.b/notes.png")
        #expect(DocumentLocation.replacingExtension(of: "sketch.json", with: "png") == "sketch.png")
        #expect(DocumentLocation.replacingExtension(of: "/a/.hidden", with: "png") == "/a/.hidden.png")
        #expect(DocumentLocation.replacingExtension(of: "/drawing.json", with: "png") == "/drawing.png")
    }

    @Test func theStampOfACivilTimeIsZeroPadded() {
        #expect(CivilTime(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5).stamp == "20260102-030405")
        #expect(testTime.stamp == "20261130-002005")
    }
}
