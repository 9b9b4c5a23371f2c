import Foundation
import Gestures
import Shapes
import TestSupport
import Testing
import Timing
@testable import TouchTracker

@Suite("The recording format")
struct RecordingFormatTests {
    @Test func everyInputReadsBackAsItWasWritten() throws {
        let recording = RecordingSamples.everything
        let decoded = try RecordingFormat.decode(try RecordingFormat.encode(recording))
        #expect(decoded.start == recording.start)
        #expect(decoded.entries.count == recording.entries.count)
        for (read, written) in zip(decoded.entries, recording.entries) { #expect(read == written) }
        #expect(!decoded.wasCut)
    }

    @Test func writingIsByteStable() throws {
        let bytes = try RecordingFormat.encode(RecordingSamples.everything)
        #expect(try RecordingFormat.encode(try RecordingFormat.decode(bytes)) == bytes)
        #expect(try RecordingFormat.encode(RecordingSamples.everything) == bytes)
    }

    @Test func theLinesAreTheDocumentedOnes() throws {
        let start = String(decoding: try RecordingFormat.encode(RecordingSamples.start), as: UTF8.self)
        #expect(start.hasPrefix(#"{"start":{"now_ns":1000000000,"path":"/home/ann/drawing.json","identity":{"device":2049,"#))
        #expect(start.hasSuffix(##""drawing":{"format":"touchtracker-drawing","version":2,"shapes":[{"id":1,"kind":"line","begin":[50.0,100.0],"end":[250.0,100.0],"colour":"#000000","width":10.0}]}}}"## + "\n"))
        #expect(start.contains(#""pen":"colour by-angle\nwidth 16\nspeed on\n","view":{"zoom":1.5,"centre":[150.25,-20.0]},"area":"#))
        #expect(String(decoding: RecordingFormat.header, as: UTF8.self) == #"{"format":"touchtracker-recording","version":2}"# + "\n")
        let scroll = RecordingEntry.step(.input(.scroll(ScrollInput(dy: -1, at: point(10, 20.5), modifiers: .control)), now: at(5)))
        #expect(String(decoding: try RecordingFormat.encode(scroll), as: UTF8.self)
            == #"{"now_ns":1005000000,"scroll":{"dx":0.0,"dy":-1.0,"x":10.0,"y":20.5,"modifiers":["control"],"smooth":false}}"# + "\n")
        let pinch = RecordingEntry.step(.input(.pinch(PinchInput(.changed, at: point(300, 200), scale: 1.25)), now: at(6)))
        #expect(String(decoding: try RecordingFormat.encode(pinch), as: UTF8.self)
            == #"{"now_ns":1006000000,"pinch":{"phase":"changed","x":300.0,"y":200.0,"scale":1.25}}"# + "\n")
        let press = RecordingSamples.pointer(.press(button: 1), 10, 20.5, at: 5)
        #expect(String(decoding: try RecordingFormat.encode(press), as: UTF8.self) == #"{"now_ns":1005000000,"pointer":{"kind":"press","button":1,"device":2,"touch":0,"source":"mouse","x":10.0,"y":20.5,"server_ms":80005,"read_ns":1005000000}}"# + "\n")
        let erasing = RecordingSamples.pointer(.motion, 10, 20, at: 5, device: 12, source: .eraser, pressure: 0.5)
        #expect(String(decoding: try RecordingFormat.encode(erasing), as: UTF8.self) == #"{"now_ns":1005000000,"pointer":{"kind":"motion","device":12,"touch":0,"source":"eraser","x":10.0,"y":20.0,"pressure":0.5,"server_ms":80005,"read_ns":1005000000}}"# + "\n")
        let shiftPress = RecordingSamples.pointer(.press(button: 1), 10, 20, at: 5, modifiers: .shift)
        #expect(String(decoding: try RecordingFormat.encode(shiftPress), as: UTF8.self).contains(
            #""y":20.0,"modifiers":["shift"],"server_ms":80005"#), "modifiers only where some are held")
        #expect(String(decoding: try RecordingFormat.encode(.step(.advance(to: at(7)))), as: UTF8.self) == #"{"advance_ns":1007000000}"# + "\n")
        #expect(String(decoding: try RecordingFormat.encode(.step(.input(.key(.character("z"), .control), now: at(0)))), as: UTF8.self)
            == #"{"now_ns":1000000000,"key":{"character":"z","modifiers":["control"]}}"# + "\n")
    }

    // MARK: - Refused

    /// The recording's text with `line` (1-based) replaced.
    func replacing(line number: Int, with text: String) throws -> [UInt8] {
        var lines = String(decoding: try RecordingFormat.encode(RecordingSamples.everything), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[number - 1] = text
        return Array(lines.joined(separator: "\n").utf8)
    }

    func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try RecordingFormat.decode(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aDamagedLineIsRefusedNamingItsLineAndColumn() throws {
        #expect(refusal(try replacing(line: 4, with: #"{"now_ns":1000000000,"key":{"key":"delete","modifiers":[}}"#))
            == "not a recording: line 4, column 57: expected a value, found '}'")
        #expect(refusal(try replacing(line: 5, with: #"{"now_ns":1000000000,"pointer":{"kind":"hover"}}"#))
            == #"not a recording: line 5, column 40: unknown pointer event "hover""#)
        #expect(refusal(try replacing(line: 3, with: #"{"now_ns":-1,"close_requested":{}}"#))
            == "not a recording: line 3, column 11: expected a whole number from 0 to 18446744073709551615")
        #expect(refusal(try replacing(line: 3, with: #"{"now_ns":1,"close_requested":{},"extra":1}"#))
            == #"not a recording: line 3, column 1: expected "now_ns" and one input, "advance_ns" or "trace""#)
        #expect(refusal(try replacing(line: 3, with: #"{"now_ns":1,"close_requested":{"why":1}}"#))
            == #"not a recording: line 3, column 38: unknown key "why""#)
        #expect(refusal(try replacing(line: 3, with: #"{"now_ns":1,"now_ns":2}"#))
            == #"not a recording: line 3, column 13: "now_ns" appears twice"#)
        #expect(refusal(try replacing(line: 3, with: "")) == "not a recording: line 3, column 1: expected a value, found the end of the file")
        #expect(refusal(try replacing(line: 1, with: #"{"format":"touchtracker-drawing","version":1}"#))
            == #"not a recording: line 1, column 11: expected the format "touchtracker-recording""#)
    }

    @Test func aDamagedDrawingInsideIsPlacedInTheRecording() throws {
        var line = String(decoding: try RecordingFormat.encode(RecordingSamples.start), as: UTF8.self)
        line.removeLast()
        let damaged = line.replacingOccurrences(of: "[250.0,100.0]", with: "[250.0,1e9]")
        let number = try #require(damaged.range(of: "1e9"))
        let column = damaged.utf8.distance(from: damaged.startIndex, to: number.lowerBound) + 1
        #expect(refusal(try replacing(line: 2, with: damaged)) == "not a drawing: line 2, column \(column): coordinate 1e9 is beyond ±1000000")
    }

    /// A recording of version 1 (before the view moved) reads as one of version 2 without a remembered view.
    @Test func aVersionOneRecordingStillReads() throws {
        var lines = String(decoding: try RecordingFormat.encode(RecordingSamples.everything), as: UTF8.self).split(separator: "\n")
        lines = lines.filter { !$0.contains("\"scroll\"") && !$0.contains("\"pinch\"") && !$0.contains("key_released")
            && !$0.contains("focus_lost") && !$0.contains("keypad") }
        lines[0] = #"{"format":"touchtracker-recording","version":1}"#
        lines[1] = Substring(lines[1].replacingOccurrences(of: #""view":{"zoom":1.5,"centre":[150.25,-20.0]},"#, with: ""))
        let recording = try RecordingFormat.decode(Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(recording.start.view == nil)
        #expect(recording.start.drawing == RecordingSamples.start.drawing)
        #expect(recording.entries.count == RecordingSamples.everything.entries.count - 9)
    }

    @Test func aNewerRecordingIsRefusedAndSaysSo() throws {
        #expect(refusal(try replacing(line: 1, with: #"{"format":"touchtracker-recording","version":3}"#))
            == "made by a newer TouchTracker (line 1, column 46: recording format version 3; this one reads up to 2)")
    }

    @Test func aRecordingWithoutItsStartIsRefused() throws {
        #expect(refusal(RecordingFormat.header) == "the recording ends before the session began (it has 1 complete line; the first two are its format and its start)")
        #expect(refusal([]) == "the recording ends before the session began (it has 0 complete lines; the first two are its format and its start)")
    }

    // MARK: - Cut short

    /// Written as the recorder writes it, a line at a time; a crash may cut the file anywhere. `make test` cuts
    /// it at and beside every line's end and at every fifth byte between (each cut reads the whole file again),
    /// `make test-long` at every byte.
    @Test func aRecordingCutAnywhereReadsUpToTheCut() throws {
        let recording = RecordingSamples.everything
        let bytes = try RecordingFormat.encode(recording)
        let headerAndStart = RecordingFormat.header.count + (try RecordingFormat.encode(recording.start)).count
        var lineEnds: [Int] = []
        var end = headerAndStart
        for entry in recording.entries {
            end += try RecordingFormat.encode(entry).count
            lineEnds.append(end)
        }
        let besideALineEnd = Set(lineEnds.flatMap { [$0 - 2, $0 - 1, $0, $0 + 1, $0 + 2] })
        for cut in headerAndStart...bytes.count where TestLength.isLong || cut % 5 == 0 || besideALineEnd.contains(cut) {
            let read = try RecordingFormat.decode(Array(bytes[..<cut]))
            let whole = lineEnds.filter { $0 <= cut }.count
            let expected = Array(recording.entries.prefix(whole))
            // A cut just before a newline leaves a line that reads whole: it counts.
            let readWhole = read.entries.count == whole + 1 && lineEnds.contains(cut + 1)
            #expect(read.entries == expected || readWhole, "cut at byte \(cut)")
            #expect(read.wasCut == (!lineEnds.contains(cut) && cut != headerAndStart && !readWhole), "cut at byte \(cut)")
        }
        for cut in 0..<(headerAndStart - 1) {  // the start without its newline reads whole
            #expect(throws: RecordingError.self) { try RecordingFormat.decode(Array(bytes[..<cut])) }
        }
    }
}
