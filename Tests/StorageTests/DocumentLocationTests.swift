@testable import Storage
import Testing

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

    @Test func theDefaultFolderIsTheEnvironmentsBytes() {
        let latin1Home = FilePath(bytes: Array("/home/j".utf8) + [0xFC] + Array("rgen".utf8))
        #expect(DocumentLocation.defaultPath(environment: ["HOME": latin1Home])?.bytes
                == latin1Home.bytes + Array("/.local/share/touchtracker/drawing.json".utf8))
    }

    @Test func theStampOfACivilTimeIsZeroPadded() {
        #expect(CivilTime(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5).stamp == "20260102-030405")
        #expect(testTime.stamp == "20261130-002005")
    }
}
