import Gestures
import Shapes
import Storage
import Timing

// How the app's inputs are written in a recording, and read back: each type's two directions side by side.
// The format as a whole is described at `RecordingFormat`.

extension AppInput {
    /// The input's name in a recording and its data.
    func recorded() throws(DrawingEncodingError) -> (name: String, data: JSONValue) {
        switch self {
        case .pointer(let input): ("pointer", input.recorded)
        case .key(let key, let modifiers): ("key", Self.recorded(key, modifiers))
        case .keyReleased(let key): ("key_released", Self.recorded(key, []))
        case .focusLost: ("focus_lost", .object([:]))
        case .scroll(let scroll): ("scroll", scroll.recorded)
        case .pinch(let pinch): ("pinch", pinch.recorded)
        case .visibleAreaChanged(let area): ("area", area.recorded)
        case .largeAllocationAhead: ("large_allocation_ahead", .object([:]))
        case .allocationFailed(let reason): ("allocation_failed", .string(reason))
        case .closeRequested: ("close_requested", .object([:]))
        case .terminationSignal: ("termination_signal", .object([:]))
        case .windowDestroyed: ("window_destroyed", .object([:]))
        case .connectionLost: ("connection_lost", .object([:]))
        case .waitFailed(let reason): ("wait_failed", .string(reason))
        case .settingsChanged(let settings, let scale): ("settings", settings.recorded(scale: scale))
        case .refreshIntervalChanged(let interval):
            ("refresh", .object(["interval_ns": interval.map { JSONValue.integer($0.nanoseconds) } ?? .null]))
        case .saveFinished(let outcome): ("save_finished", outcome.recorded)
        case .diskActivity(let identity, let writerOpen):
            ("disk_activity", .object(["identity": identity?.recorded ?? .null, "writer_open": .bool(writerOpen)]))
        case .diskChanged(let version): ("disk_changed", try version.recorded())
        case .anotherStartAsked: ("another_start_asked", .object([:]))
        case .exportFinished(let failure, let written):
            ("export_finished", JSONValue(.object([("failure", failure.map(JSONValue.string) ?? .null)]
                + (written.map { [("written", $0.recorded)] } ?? []))))
        case .clipboardOwned(let failure): ("clipboard_owned", .object(["failure": failure.map(JSONValue.string) ?? .null]))
        case .clipboardReceived(let receipt, let pointer):
            ("clipboard_received", .object(["receipt": receipt.recorded, "pointer": pointer.map(\.recorded) ?? .null]))
        case .fileChosen(let answer): ("file_chosen", answer.recorded)
        case .documentOpened(let opening): ("document_opened", try opening.recorded())
        case .savedAs(let outcome): ("saved_as", outcome.recorded)
        case .newWindowOpened(let outcome): ("new_window_opened", outcome.recorded)
        }
    }

    /// The input named `name` with data `data`.
    init(name: String, data: RecordedValue) throws(RecordingError) {
        func none() throws(RecordingError) { try data.object { _ in } }
        switch name {
        case "pointer": self = .pointer(try GestureInput(recorded: data))
        case "key": self = try Self.key(recorded: data)
        case "key_released":
            guard case .key(let key, _) = try Self.key(recorded: data) else { throw data.problem("expected a key") }
            self = .keyReleased(key)
        case "focus_lost": try none(); self = .focusLost
        case "scroll": self = .scroll(try ScrollInput(recorded: data))
        case "pinch": self = .pinch(try PinchInput(recorded: data))
        case "area": self = .visibleAreaChanged(try Rect(recorded: data))
        case "large_allocation_ahead": try none(); self = .largeAllocationAhead
        case "allocation_failed": self = .allocationFailed(try data.string())
        case "close_requested": try none(); self = .closeRequested
        case "termination_signal": try none(); self = .terminationSignal
        case "window_destroyed": try none(); self = .windowDestroyed
        case "connection_lost": try none(); self = .connectionLost
        case "wait_failed": self = .waitFailed(try data.string())
        case "settings":
            self = try data.object { (object) throws(RecordingError) in
                let scale = try object.take("scale").double()
                return .settingsChanged(try GestureSettings(recorded: &object), scale: scale)
            }
        case "refresh":
            self = .refreshIntervalChanged(try data.object { (object) throws(RecordingError) in
                try object.take("interval_ns").optional { (value) throws(RecordingError) in
                    TimeAmount.nanoseconds(try value.integer(Int64.self))
                }
            })
        case "save_finished": self = .saveFinished(try SaveOutcome(recorded: data))
        case "disk_activity":
            self = try data.object { (object) throws(RecordingError) in
                .diskActivity(try object.take("identity").optional(FileIdentity.init(recorded:)),
                              writerOpen: try object.take("writer_open").bool())
            }
        case "disk_changed": self = .diskChanged(try DiskVersion(recorded: data))
        case "another_start_asked": try none(); self = .anotherStartAsked
        case "export_finished":
            self = try data.object { (object) throws(RecordingError) in
                .exportFinished(failure: try object.take("failure").optional { (failure) throws(RecordingError) in try failure.string() },
                                written: try object.takeIfPresent("written").map(FilePath.init(recorded:)))
            }
        case "clipboard_owned":
            self = .clipboardOwned(failure: try data.object { (object) throws(RecordingError) in
                try object.take("failure").optional { (failure) throws(RecordingError) in try failure.string() }
            })
        case "clipboard_received":
            self = try data.object { (object) throws(RecordingError) in
                .clipboardReceived(try object.take("receipt", ClipboardReceipt.init(recorded:)),
                                   pointer: try object.take("pointer").optional(Point.init(recorded:)))
            }
        case "file_chosen": self = .fileChosen(try FileChooserAnswer(recorded: data))
        case "document_opened": self = .documentOpened(try DocumentOpening(recorded: data))
        case "saved_as": self = .savedAs(try SaveAsOutcome(recorded: data))
        case "new_window_opened": self = .newWindowOpened(try NewWindowOutcome(recorded: data))
        default: throw data.problem("unknown input \"\(name)\"")
        }
    }

    // MARK: Keys

    private static let keyNames: [(Key, String)] = [
        (.delete, "delete"), (.backspace, "backspace"), (.escape, "escape"), (.left, "left"), (.right, "right"), (.up, "up"),
        (.down, "down"), (.pageUp, "page_up"), (.pageDown, "page_down"), (.home, "home"),
        (.end, "end"), (.enter, "enter"), (.menu, "menu"), (.f1, "f1"), (.f9, "f9"), (.f10, "f10"),
        (.keypadPlus, "keypad_plus"), (.keypadMinus, "keypad_minus"),
    ]

    /// `{"key":"delete","modifiers":["shift"]}`, or `{"character":"z",...}` for a printable key.
    private static func recorded(_ key: Key, _ modifiers: Modifiers) -> JSONValue {
        let held = modifiers.recorded
        if case .character(let character) = key { return .object(["character": .string(String(character)), "modifiers": held]) }
        return .object(["key": .string(keyNames.first { $0.0 == key }?.1 ?? ""), "modifiers": held])
    }

    private static func key(recorded value: RecordedValue) throws(RecordingError) -> AppInput {
        try value.object { (object) throws(RecordingError) in
            let key: Key
            if let character = object.takeIfPresent("character") {
                let text = try character.string()
                guard text.count == 1, let only = text.first else { throw character.problem("expected one character") }
                key = .character(only)
            } else {
                let name = try object.take("key")
                let text = try name.string()
                guard let named = keyNames.first(where: { $0.1 == text })?.0 else { throw name.problem("unknown key \"\(text)\"") }
                key = named
            }
            return .key(key, try Modifiers(recorded: try object.take("modifiers")))
        }
    }
}

// MARK: - Pointer events

extension GestureInput {
    /// `{"kind":"press","button":1,"device":2,"touch":0,"source":"mouse","x":10.0,"y":20.5,"server_ms":1000,"read_ns":...}`;
    /// a motion and a cancel have no button; a stylus's `"pressure"` (0 to 1) follows `"y"` where the device
    /// reports one.
    var recorded: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        switch kind {
        case .press(let button): members += [("kind", .string("press")), ("button", .integer(button))]
        case .release(let button): members += [("kind", .string("release")), ("button", .integer(button))]
        case .motion: members.append(("kind", .string("motion")))
        case .cancel: members.append(("kind", .string("cancel")))
        }
        members += [
            ("device", .integer(contact.device)), ("touch", .integer(contact.touch)), ("source", .string(source.recordedName)),
            ("x", .double(location.x)), ("y", .double(location.y)),
        ]
        if let pressure { members.append(("pressure", .double(pressure))) }
        if !modifiers.isEmpty { members.append(("modifiers", modifiers.recorded)) }
        members += [("server_ms", .integer(serverTime.milliseconds)), ("read_ns", .integer(readTime.nanoseconds))]
        return JSONValue(.object(members))
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            let kindValue = try object.take("kind")
            let kind: Kind
            switch try kindValue.string() {
            case "press": kind = .press(button: try object.take("button").integer())
            case "release": kind = .release(button: try object.take("button").integer())
            case "motion": kind = .motion
            case "cancel": kind = .cancel
            case let other: throw kindValue.problem("unknown pointer event \"\(other)\"")
            }
            let contact = ContactID(device: try object.take("device").integer(), touch: try object.take("touch").integer())
            let sourceValue = try object.take("source")
            let sourceName = try sourceValue.string()
            guard let source = InputSource.allRecorded.first(where: { $0.recordedName == sourceName }) else {
                throw sourceValue.problem("unknown input source \"\(sourceName)\"")
            }
            let location = GesturePoint(x: try object.take("x").double(), y: try object.take("y").double())
            let pressure = try object.takeIfPresent("pressure")?.double()
            var modifiers: Modifiers = []
            if let held = object.takeIfPresent("modifiers") { modifiers = try Modifiers(recorded: held) }
            return GestureInput(kind, contact: contact, source: source, location: location, pressure: pressure,
                                modifiers: modifiers,
                                serverTime: ServerTime(milliseconds: try object.take("server_ms").integer()),
                                readTime: Deadline(nanoseconds: try object.take("read_ns").integer()))
        }
    }
}

// MARK: - Moving the view

extension ScrollInput {
    /// `{"dx":0.0,"dy":-1.0,"x":10.0,"y":20.5,"modifiers":["control"],"smooth":false}`; no `"modifiers"` when none
    /// are held.
    var recorded: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("dx", .double(dx)), ("dy", .double(dy)), ("x", .double(location.x)), ("y", .double(location.y)),
        ]
        if !modifiers.isEmpty { members.append(("modifiers", modifiers.recorded)) }
        members.append(("smooth", .bool(isSmooth)))
        return JSONValue(.object(members))
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            let dx = try object.take("dx").double(), dy = try object.take("dy").double()
            let location = Point(x: try object.take("x").double(), y: try object.take("y").double())
            let modifiers = try object.takeIfPresent("modifiers").map { (held) throws(RecordingError) in try Modifiers(recorded: held) } ?? []
            return ScrollInput(dx: dx, dy: dy, at: location, modifiers: modifiers, isSmooth: try object.take("smooth").bool())
        }
    }
}

extension PinchInput {
    private static let phases: [(Phase, String)] = [(.began, "began"), (.changed, "changed"), (.ended, "ended"), (.cancelled, "cancelled")]

    /// `{"phase":"changed","x":300.0,"y":200.0,"scale":1.25}`.
    var recorded: JSONValue {
        .object([
            "phase": .string(Self.phases.first { $0.0 == phase }?.1 ?? ""), "x": .double(location.x), "y": .double(location.y),
            "scale": .double(scale),
        ])
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            let phaseValue = try object.take("phase")
            let name = try phaseValue.string()
            guard let phase = Self.phases.first(where: { $0.1 == name })?.0 else { throw phaseValue.problem("unknown pinch phase \"\(name)\"") }
            let location = Point(x: try object.take("x").double(), y: try object.take("y").double())
            return PinchInput(phase, at: location, scale: try object.take("scale").double())
        }
    }
}

extension RememberedView {
    /// `{"zoom":1.5,"centre":[400.0,300.0]}`.
    var recorded: JSONValue { .object(["zoom": .double(zoom), "centre": .array([.double(centre.x), .double(centre.y)])]) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            let zoom = try object.take("zoom").double()
            let centre = try object.take("centre").doubles(2)
            return RememberedView(zoom: zoom, centre: Point(x: centre[0], y: centre[1]))
        }
    }
}

extension Modifiers {
    private static let names: [(Modifiers, String)] = [(.shift, "shift"), (.control, "control")]

    /// `["shift","control"]`: the keys held, by name.
    var recorded: JSONValue { .array(Self.names.filter { contains($0.0) }.map { .string($0.1) }) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = []
        for element in try value.array() {
            let text = try element.string()
            guard let modifier = Self.names.first(where: { $0.1 == text })?.0 else {
                throw element.problem("unknown modifier \"\(text)\"")
            }
            insert(modifier)
        }
    }
}

extension InputSource {
    static let allRecorded: [InputSource] = [.mouse, .touch, .pen, .eraser]

    var recordedName: String {
        switch self {
        case .mouse: "mouse"
        case .touch: "touch"
        case .pen: "pen"
        case .eraser: "eraser"
        }
    }
}

// MARK: - The canvas and the desktop

extension Rect {
    /// `[min x, min y, max x, max y]`: the corners as they are, so that a rectangle reads back bit for bit.
    var recorded: JSONValue { .array([.double(minX), .double(minY), .double(maxX), .double(maxY)]) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        let corners = try value.doubles(4)
        self.init(minX: corners[0], minY: corners[1], maxX: corners[2], maxY: corners[3])
    }
}

extension GestureSettings {
    /// `{"mouse":{...},"touch":{...}}`, with `"scale"` first when given (the settings in force as an input).
    func recorded(scale: Double? = nil) -> JSONValue {
        let thresholds: [(key: String, value: JSONValue)] = [("mouse", mouse.recorded), ("touch", touch.recorded)]
        return JSONValue(.object((scale.map { [("scale", JSONValue.double($0))] } ?? []) + thresholds))
    }

    /// Reads "mouse" and "touch" from `object`.
    init(recorded object: inout RecordedObject) throws(RecordingError) {
        self.init(mouse: try object.take("mouse") { (value) throws(RecordingError) in try Thresholds(recorded: value, standard: .mouse) },
                  touch: try object.take("touch") { (value) throws(RecordingError) in try Thresholds(recorded: value, standard: .touch) })
    }
}

extension GestureSettings.Thresholds {
    var recorded: JSONValue {
        .object([
            "multi_tap_window_ms": .integer(multiTapWindowMilliseconds),
            "multi_tap_minimum_gap_ms": .integer(multiTapMinimumGapMilliseconds),
            "multi_tap_distance_px": .double(multiTapDistancePixels),
            "drag_threshold_px": .double(dragThresholdPixels),
            "long_press_duration_ms": .integer(longPressDurationMilliseconds),
            "long_press_allowable_movement_px": .double(longPressAllowableMovementPixels),
            "multi_contact_window_ms": .integer(multiContactWindowMilliseconds),
            "swipe_minimum_distance_px": .double(swipeMinimumDistancePixels),
            "swipe_minimum_speed_px_per_s": .double(swipeMinimumSpeedPixelsPerSecond),
        ])
    }

    /// The thresholds recorded in `value`; those of the swipe and the multi-contact recognizers, which
    /// recordings made before them lack, are `standard`'s when absent.
    init(recorded value: RecordedValue, standard: Self) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            func optional(_ key: String) -> RecordedValue? { object.takeIfPresent(key) }
            return GestureSettings.Thresholds(
                multiTapWindowMilliseconds: try object.take("multi_tap_window_ms").integer(),
                multiTapMinimumGapMilliseconds: try object.take("multi_tap_minimum_gap_ms").integer(),
                multiTapDistancePixels: try object.take("multi_tap_distance_px").double(),
                dragThresholdPixels: try object.take("drag_threshold_px").double(),
                longPressDurationMilliseconds: try object.take("long_press_duration_ms").integer(),
                longPressAllowableMovementPixels: try object.take("long_press_allowable_movement_px").double(),
                multiContactWindowMilliseconds: try optional("multi_contact_window_ms")?.integer()
                    ?? standard.multiContactWindowMilliseconds,
                swipeMinimumDistancePixels: try optional("swipe_minimum_distance_px")?.double()
                    ?? standard.swipeMinimumDistancePixels,
                swipeMinimumSpeedPixelsPerSecond: try optional("swipe_minimum_speed_px_per_s")?.double()
                    ?? standard.swipeMinimumSpeedPixelsPerSecond)
        }
    }
}

extension Pen {
    /// The pen as the file that remembers it holds it (`Pen.fileBytes`), as a string.
    var recorded: JSONValue { .string(String(decoding: fileBytes, as: UTF8.self)) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        guard let pen = Pen(fileBytes: Array(try value.string().utf8)) else {
            throw value.problem("expected a pen: \"colour ...\\nwidth ...\\nspeed on|off\\n\" and perhaps \"tool NAME\\n\"")
        }
        self = pen
    }
}

// MARK: - The clipboard

extension ClipboardReceipt {
    /// `{"shapes":BYTES}`, `{"text":BYTES}`, `"empty"` or `{"unavailable":"why"}`; BYTES as a string when they
    /// are UTF-8 (a drawing's JSON is), else an array of numbers.
    var recorded: JSONValue {
        switch self {
        case .shapes(let bytes): .object(["shapes": Self.recorded(bytes)])
        case .text(let bytes): .object(["text": Self.recorded(bytes)])
        case .empty: .string("empty")
        case .unavailable(let reason): .object(["unavailable": .string(reason)])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("shapes", let data?): self = .shapes(try Self.bytes(recorded: data))
        case ("text", let data?): self = .text(try Self.bytes(recorded: data))
        case ("empty", nil): self = .empty
        case ("unavailable", let data?): self = .unavailable(try data.string())
        case (let name, _): throw value.problem("unknown clipboard receipt \"\(name)\"")
        }
    }

    private static func recorded(_ bytes: [UInt8]) -> JSONValue {
        String(validating: bytes, as: UTF8.self).map(JSONValue.string) ?? .array(bytes.map { .integer($0) })
    }

    private static func bytes(recorded value: RecordedValue) throws(RecordingError) -> [UInt8] {
        guard case .array(let elements) = value.json.kind else { return Array(try value.string().utf8) }
        var bytes: [UInt8] = []
        for element in elements { bytes.append(try value.child(element).integer()) }
        return bytes
    }
}

extension Point {
    /// `[x, y]`.
    var recorded: JSONValue { .array([.double(x), .double(y)]) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        let coordinates = try value.doubles(2)
        self.init(x: coordinates[0], y: coordinates[1])
    }
}

// MARK: - Files

extension FileChooserAnswer {
    /// `{"chosen":PATH}`, `"cancelled"`, `{"unavailable":["zenity",...]}` or `{"failed":"why"}`.
    var recorded: JSONValue {
        switch self {
        case .chosen(let path): .object(["chosen": path.recorded])
        case .cancelled: .string("cancelled")
        case .unavailable(let tools): .object(["unavailable": .array(tools.map(JSONValue.string))])
        case .failed(let reason): .object(["failed": .string(reason)])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("chosen", let data?): self = .chosen(try FilePath(recorded: data))
        case ("cancelled", nil): self = .cancelled
        case ("unavailable", let data?):
            var tools: [String] = []
            for tool in try data.array() { tools.append(try tool.string()) }
            self = .unavailable(lookedFor: tools)
        case ("failed", let data?): self = .failed(try data.string())
        case (let name, _): throw value.problem("unknown file chooser answer \"\(name)\"")
        }
    }
}

extension DocumentOpening {
    /// `{"opened":{"path":P,"drawing":DRAWING,"identity":IDENTITY,"recovery":RECOVERY,"warning":W,"view":VIEW}}`
    /// (what was opened and its remembered view, as a recording's start holds them; recordings made before the
    /// view was remembered have no "view"), `"already_here"`, `{"open_elsewhere":"…"}` or `{"failed":"…"}`.
    func recorded() throws(DrawingEncodingError) -> JSONValue {
        switch self {
        case .opened(let opened, let warning, let view):
            .object(["opened": .object([
                "path": opened.store.path.recorded, "drawing": try opened.drawing.recorded(),
                "identity": opened.identity?.recorded ?? .null, "recovery": opened.recovery?.recorded ?? .null,
                "warning": warning.map(JSONValue.string) ?? .null, "view": view?.recorded ?? .null,
            ])])
        case .alreadyHere: .string("already_here")
        case .openElsewhere(let message): .object(["open_elsewhere": .string(message)])
        case .failed(let reason): .object(["failed": .string(reason)])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("opened", let data?):
            self = try data.object { (object) throws(RecordingError) in
                let opened = OpenedDocument(
                    store: DocumentStore(path: try object.take("path", FilePath.init(recorded:))),
                    drawing: try object.take("drawing", Drawing.init(recorded:)),
                    identity: try object.take("identity").optional(FileIdentity.init(recorded:)),
                    recovery: try object.take("recovery").optional(DamagedFileRecovery.init(recorded:)))
                return .opened(opened, warning: try object.take("warning").optional { (text) throws(RecordingError) in try text.string() },
                               view: try object.takeIfPresent("view")?.optional(RememberedView.init(recorded:)) ?? nil)
            }
        case ("already_here", nil): self = .alreadyHere
        case ("open_elsewhere", let data?): self = .openElsewhere(try data.string())
        case ("failed", let data?): self = .failed(try data.string())
        case (let name, _): throw value.problem("unknown document opening \"\(name)\"")
        }
    }
}

extension SaveAsOutcome {
    /// `{"saved":{"path":P,"identity":IDENTITY,"warning":W}}`, `{"open_elsewhere":"…"}` or `{"failed":SAVE_ERROR}`.
    var recorded: JSONValue {
        switch self {
        case .saved(let path, let identity, let warning):
            .object(["saved": .object(["path": path.recorded, "identity": identity.recorded,
                                        "warning": warning.map(JSONValue.string) ?? .null])])
        case .openElsewhere(let message): .object(["open_elsewhere": .string(message)])
        case .failed(let error): .object(["failed": error.recorded])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("saved", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .saved(path: try object.take("path", FilePath.init(recorded:)),
                       identity: try object.take("identity", FileIdentity.init(recorded:)),
                       warning: try object.take("warning").optional { (text) throws(RecordingError) in try text.string() })
            }
        case ("open_elsewhere", let data?): self = .openElsewhere(try data.string())
        case ("failed", let data?): self = .failed(try DocumentSaveError(recorded: data))
        case (let name, _): throw value.problem("unknown save-as outcome \"\(name)\"")
        }
    }
}

extension NewWindowOutcome {
    /// `{"opened":PATH}` or `{"failed":"…"}`.
    var recorded: JSONValue {
        switch self {
        case .opened(let path): .object(["opened": path.recorded])
        case .failed(let reason): .object(["failed": .string(reason)])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("opened", let data?): self = .opened(try FilePath(recorded: data))
        case ("failed", let data?): self = .failed(try data.string())
        case (let name, _): throw value.problem("unknown new-window outcome \"\(name)\"")
        }
    }
}
