import Gestures
import Shapes
import Storage
import Timing
@testable import TouchTracker

/// Recordings made in code: one with every kind of input, and sessions of clicks and drags.
enum RecordingSamples {
    static let path: FilePath = "/home/ann/drawing.json"
    static let identity = FileIdentity(device: 2049, inode: 131_077, size: 120, modifiedSeconds: 1_790_000_000,
                                       modifiedNanoseconds: 123_456_789)

    /// A start with one line on an 400×300 canvas at 1 s, a pen other than the default and a remembered view.
    static var start: RecordingStart {
        RecordingStart(path: path, drawing: Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(segment(50, 100, 250, 100)))]),
                       identity: identity, pen: Pen(colour: .byAngle, width: 16, widthBySpeed: true),
                       view: RememberedView(zoom: 1.5, centre: point(150.25, -20)),
                       visibleArea: Rect(x: 0, y: 0, width: 400, height: 300), now: at(0))
    }

    static func pointer(_ kind: GestureInput.Kind, _ x: Double, _ y: Double, at milliseconds: Int64, device: UInt16 = 2,
                        source: InputSource = .mouse, pressure: Double? = nil, modifiers: Modifiers = []) -> RecordingEntry {
        let input = GestureInput(kind, contact: ContactID(device: device), source: source, location: GesturePoint(x: x, y: y),
                                 pressure: pressure, modifiers: modifiers, serverTime: ServerTime(milliseconds: UInt32(80_000 + milliseconds)),
                                 readTime: at(milliseconds))
        return .step(.input(.pointer(input), now: at(milliseconds)))
    }

    /// Every input the core takes, once, with the data each can carry.
    static var everyInput: [AppInput] {
        let damagedProblem = DocumentError.malformed("expected a number, found 'x'", at: TextPosition(line: 2, column: 14))
        return [
            .pointer(GestureInput(.press(button: 3), contact: ContactID(device: 12, touch: 7), source: .touch,
                                  location: GesturePoint(x: 0.1, y: -1e-7), serverTime: ServerTime(milliseconds: .max), readTime: at(1))),
            .pointer(GestureInput(.cancel, contact: ContactID(device: 2), location: GesturePoint(x: 1, y: 2),
                                  serverTime: ServerTime(milliseconds: 0), readTime: at(2))),
            .pointer(GestureInput(.motion, contact: ContactID(device: 3), source: .pen, location: GesturePoint(x: 5, y: 6),
                                  pressure: 0.25, modifiers: [.shift, .control], serverTime: ServerTime(milliseconds: 9), readTime: at(3))),
            .pointer(GestureInput(.release(button: 1), contact: ContactID(device: 3), source: .eraser, location: GesturePoint(x: 7, y: 8),
                                  pressure: 0, serverTime: ServerTime(milliseconds: 10), readTime: at(4))),
            .key(.character("z"), [.control, .shift]), .key(.pageDown, []), .key(.character("\""), []), .key(.keypadPlus, [.control]),
            .keyReleased(.character(" ")), .focusLost,
            .scroll(ScrollInput(dy: -1, at: point(10, 20.5))),
            .scroll(ScrollInput(dx: 0.25, dy: -1.5, at: point(0.5, 1e-3), modifiers: [.control, .shift], isSmooth: true)),
            .pinch(PinchInput(.began, at: point(300, 200), scale: 1)), .pinch(PinchInput(.changed, at: point(301, 199.5), scale: 1.25)),
            .pinch(PinchInput(.ended, at: point(301, 199.5), scale: 1.25)), .pinch(PinchInput(.cancelled, at: point(0, 0), scale: 0.5)),
            .visibleAreaChanged(Rect(minX: 0.5, minY: 0.1, maxX: 1e6, maxY: 300)),
            .largeAllocationAhead, .allocationFailed("Cannot allocate memory"), .closeRequested, .terminationSignal,
            .windowDestroyed, .connectionLost, .waitFailed("Bad file descriptor\nand a second line"),
            .settingsChanged(GestureSettings.default.applying(doubleClickTimeMilliseconds: 250, doubleClickDistancePixels: 7.5,
                                                              dragThresholdPixels: nil), scale: 1.5),
            .saveFinished(.saved(identity)), .saveFinished(.changedOnDisk),
            .saveFinished(.failed(.write(path: path, .system(code: 28)))),
            .saveFinished(.failed(.write(path: FilePath(bytes: Array("/tmp/m".utf8) + [0xFC]), .missingFolder("/tmp")))),
            .saveFinished(.failed(.write(path: path, .notARegularFile))),
            .saveFinished(.failed(.write(path: path, .symbolicLink))), .saveFinished(.failed(.write(path: path, .untrustedLink(owner: 65534)))),
            .diskChanged(.unreadable(.untrustedLink(UntrustedLink(path: "/tmp/shared/drawing.json", owner: 1001)))),
            .saveFinished(.failed(.unsavable(path: path, .coordinateOutOfRange(ShapeID(4))))),
            .saveFinished(.failed(.system(SystemError("create the folder", "/home/ann", code: 13)))),
            .saveFinished(.failed(.refused(path: path, reason: "another program put a drawing there"))),
            .diskActivity(identity, writerOpen: true), .diskActivity(nil, writerOpen: false),
            .diskChanged(.missing),
            .diskChanged(.unfinished(.malformed("expected ',' or ']', found the end of the file", at: TextPosition(line: 3, column: 1)),
                                     identity)),
            .diskChanged(.drawing(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(segment(1.5, 2, 3, 4)))]), identity)),
            .diskChanged(.damaged(DamagedFileRecovery(path: path, keptAs: "/home/ann/drawing.json.damaged-20261130-010203",
                                                      problem: damagedProblem))),
            .diskChanged(.newer(.newerVersion(7), identity)),
            .diskChanged(.unreadable(.cannotKeepDamaged(path: path, .duplicateID(ShapeID(3), at: TextPosition(line: 4, column: 1)),
                                                        SystemError("rename", path, code: 30)))),
            .diskChanged(.unreadable(.notARegularFile(path: path))),
            .diskChanged(.unreadable(.newerVersion(path: path, .invalidColour("#12345", at: TextPosition(line: 2, column: 80))))),
            .saveFinished(.failed(.unsavable(path: path, .widthOutOfRange(ShapeID(2))))),
            .anotherStartAsked, .exportFinished(failure: nil), .exportFinished(failure: "No space left on device"),
            .clipboardOwned(failure: nil), .clipboardOwned(failure: "the X server gave the clipboard to another program"),
            .clipboardReceived(.shapes(Array(#"{"format":"touchtracker-drawing","version":2,"shapes":[]}"#.utf8)),
                               pointer: Point(x: 12.5, y: -3)),
            .clipboardReceived(.text([0x68, 0xFF, 0x0A]), pointer: nil), .clipboardReceived(.empty, pointer: Point(x: 0, y: 0)),
            .clipboardReceived(.unavailable("the clipboard's owner stopped answering (5 s)"), pointer: nil),
            .exportFinished(failure: nil, written: "/home/ann/drawing-2.png"),
            .fileChosen(.chosen("/home/ann/other.json")), .fileChosen(.cancelled),
            .fileChosen(.unavailable(lookedFor: ["the desktop portal", "zenity", "kdialog"])), .fileChosen(.failed("zenity exited with 255")),
            .documentOpened(.opened(OpenedDocument(store: DocumentStore(path: "/home/ann/other.json"),
                                                   drawing: Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(segment(1, 2, 3, 4)))]),
                                                   identity: identity, recovery: nil), warning: nil,
                                    view: RememberedView(zoom: 0.5, centre: point(-10.5, 300)))),
            .documentOpened(.opened(OpenedDocument(store: DocumentStore(path: path), drawing: Drawing(), identity: nil,
                                                   recovery: DamagedFileRecovery(path: path, keptAs: "/home/ann/drawing.json.damaged-1",
                                                                                 problem: damagedProblem)),
                                    warning: "cannot lock /home/ann/.drawing.json.lock: Read-only file system")),
            .documentOpened(.alreadyHere), .documentOpened(.openElsewhere("other.json is already open in another window")),
            .documentOpened(.failed("/home/ann/x.json is not a regular file")),
            .savedAs(.saved(path: "/home/ann/copy.json", identity: identity, warning: nil)),
            .savedAs(.openElsewhere("copy.json is open in another window")),
            .savedAs(.failed(.write(path: "/home/ann/copy.json", .system(code: 28)))),
            .newWindowOpened(.opened("/home/ann/.local/share/touchtracker/untitled-1.json")), .newWindowOpened(.failed("fork: EAGAIN")),
        ]
    }

    /// A recording holding every input, a step of time and a traced line.
    static var everything: Recording {
        var entries = everyInput.enumerated().map { RecordingEntry.step(.input($0.element, now: at(Int64($0.offset)))) }
        entries.append(.step(.advance(to: at(500))))
        entries.append(.trace(#"{"desktopSettings": {"doubleClickMs": 400}}"#))
        return Recording(start: start, entries: entries)
    }
}
