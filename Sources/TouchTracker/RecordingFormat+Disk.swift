import Shapes
import Storage

// How what became of the app's saves, and of its file when another program wrote it, is written in a
// recording, and read back: so that a replay answers saves from the recording and needs no file system.
// Errors are written by their parts, not their messages, so that they compare as they did in the session.

extension SaveOutcome {
    /// `{"saved":IDENTITY}`, `"changed_on_disk"` or `{"failed":SAVE_ERROR}`.
    var recorded: JSONValue {
        switch self {
        case .saved(let identity): .object(["saved": identity.recorded])
        case .changedOnDisk: .string("changed_on_disk")
        case .failed(let error): .object(["failed": error.recorded])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("saved", let data?): self = .saved(try FileIdentity(recorded: data))
        case ("changed_on_disk", nil): self = .changedOnDisk
        case ("failed", let data?): self = .failed(try DocumentSaveError(recorded: data))
        case (let name, _): throw value.problem("unknown save outcome \"\(name)\"")
        }
    }
}

extension DiskVersion {
    /// `"missing"`, `{"drawing":{"drawing":DRAWING,"identity":IDENTITY}}`, `{"damaged":RECOVERY}`,
    /// `{"unfinished":{"problem":DOCUMENT_ERROR,"identity":IDENTITY}}`,
    /// `{"newer":{"problem":DOCUMENT_ERROR,"identity":IDENTITY}}` or `{"unreadable":OPEN_ERROR}`.
    func recorded() throws(DrawingEncodingError) -> JSONValue {
        switch self {
        case .missing: .string("missing")
        case .drawing(let drawing, let identity):
            .object(["drawing": .object(["drawing": try drawing.recorded(), "identity": identity.recorded])])
        case .damaged(let recovery): .object(["damaged": recovery.recorded])
        case .unfinished(let problem, let identity):
            .object(["unfinished": .object(["problem": problem.recorded, "identity": identity.recorded])])
        case .newer(let problem, let identity):
            .object(["newer": .object(["problem": problem.recorded, "identity": identity.recorded])])
        case .unreadable(let error): .object(["unreadable": error.recorded])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("missing", nil): self = .missing
        case ("drawing", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .drawing(try object.take("drawing", Drawing.init(recorded:)),
                         try object.take("identity", FileIdentity.init(recorded:)))
            }
        case ("damaged", let data?): self = .damaged(try DamagedFileRecovery(recorded: data))
        case ("unfinished", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .unfinished(try object.take("problem", DocumentError.init(recorded:)),
                            try object.take("identity", FileIdentity.init(recorded:)))
            }
        case ("newer", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .newer(try object.take("problem", DocumentError.init(recorded:)),
                       try object.take("identity", FileIdentity.init(recorded:)))
            }
        case ("unreadable", let data?): self = .unreadable(try DocumentOpenError(recorded: data))
        case (let name, _): throw value.problem("unknown disk version \"\(name)\"")
        }
    }
}

extension Drawing {
    /// The drawing as its file holds it (`DrawingFormat`), on one line: the file's line breaks are only
    /// whitespace between its values.
    func recorded() throws(DrawingEncodingError) -> JSONValue {
        .raw(try DrawingFormat.encode(self).filter { $0 != UInt8(ascii: "\n") })
    }

    /// Read as a drawing's file is, strictly; a problem is placed in the recording.
    init(recorded value: RecordedValue) throws(RecordingError) {
        guard case .object = value.json.kind else { throw value.problem("expected a drawing") }
        do {
            self = try DrawingFormat.decode(Array(value.text[value.json.range]))
        } catch {
            throw .drawing(error.relocated(to: value.position))
        }
    }
}

// MARK: - Files

extension FilePath {
    /// The path as a string when it is UTF-8, else as an array of its bytes.
    var recorded: JSONValue {
        String(validating: bytes, as: UTF8.self).map(JSONValue.string) ?? .array(bytes.map { .integer($0) })
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        var bytes: [UInt8]
        if case .array(let elements) = value.json.kind {
            bytes = []
            for element in elements { bytes.append(try value.child(element).integer()) }
        } else {
            bytes = Array(try value.string().utf8)
        }
        guard !bytes.contains(0) else { throw value.problem("a path cannot hold a NUL byte") }
        self.init(bytes: bytes)
    }
}

extension FileIdentity {
    var recorded: JSONValue {
        .object([
            "device": .integer(device), "inode": .integer(inode), "size": .integer(size),
            "modified_s": .integer(modifiedSeconds), "modified_ns": .integer(modifiedNanoseconds),
        ])
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            FileIdentity(device: try object.take("device").integer(), inode: try object.take("inode").integer(),
                         size: try object.take("size").integer(), modifiedSeconds: try object.take("modified_s").integer(),
                         modifiedNanoseconds: try object.take("modified_ns").integer())
        }
    }
}

extension DamagedFileRecovery {
    var recorded: JSONValue { .object(["path": path.recorded, "kept_as": keptAs.recorded, "problem": problem.recorded]) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            DamagedFileRecovery(path: try object.take("path", FilePath.init(recorded:)),
                                keptAs: try object.take("kept_as", FilePath.init(recorded:)),
                                problem: try object.take("problem", DocumentError.init(recorded:)))
        }
    }
}

// MARK: - Errors

extension SystemError {
    var recorded: JSONValue { .object(["operation": .string(operation), "path": path.recorded, "errno": .integer(code)]) }

    init(recorded value: RecordedValue) throws(RecordingError) {
        self = try value.object { (object) throws(RecordingError) in
            SystemError(try object.take("operation").string(), try object.take("path", FilePath.init(recorded:)),
                        code: try object.take("errno").integer())
        }
    }
}

extension DocumentSaveError {
    /// `{"unsavable":{"path":P,"problem":...}}`, `{"system":SYSTEM_ERROR}`, `{"write":{"path":P,"problem":...}}` or
    /// `{"refused":{"path":P,"reason":"..."}}`.
    var recorded: JSONValue {
        switch self {
        case .unsavable(let path, let problem): .object(["unsavable": .object(["path": path.recorded, "problem": problem.recorded])])
        case .system(let error): .object(["system": error.recorded])
        case .write(let path, let problem): .object(["write": .object(["path": path.recorded, "problem": problem.recorded])])
        case .refused(let path, let reason): .object(["refused": .object(["path": path.recorded, "reason": .string(reason)])])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("unsavable", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .unsavable(path: try object.take("path", FilePath.init(recorded:)),
                           try object.take("problem", DrawingEncodingError.init(recorded:)))
            }
        case ("system", let data?): self = .system(try SystemError(recorded: data))
        case ("write", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .write(path: try object.take("path", FilePath.init(recorded:)), try object.take("problem", WriteError.init(recorded:)))
            }
        case ("refused", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .refused(path: try object.take("path", FilePath.init(recorded:)), reason: try object.take("reason").string())
            }
        case (let name, _): throw value.problem("unknown save error \"\(name)\"")
        }
    }
}

extension DrawingEncodingError {
    var recorded: JSONValue {
        switch self {
        case .tooManyShapes(let count): .object(["too_many_lines": .integer(count)])  // its name when recordings began
        case .coordinateOutOfRange(let id): .object(["coordinate_out_of_range": .integer(id.rawValue)])
        case .invalidID(let id): .object(["invalid_id": .integer(id.rawValue)])
        case .widthOutOfRange(let id): .object(["width_out_of_range": .integer(id.rawValue)])
        case .inkOutOfRange(let id): .object(["ink_out_of_range": .integer(id.rawValue)])
        case .tooManyPoints(let count): .object(["too_many_points": .integer(count)])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("too_many_lines", let data?): self = .tooManyShapes(count: try data.integer())
        case ("coordinate_out_of_range", let data?): self = .coordinateOutOfRange(ShapeID(try data.integer()))
        case ("invalid_id", let data?): self = .invalidID(ShapeID(try data.integer()))
        case ("width_out_of_range", let data?): self = .widthOutOfRange(ShapeID(try data.integer()))
        case ("ink_out_of_range", let data?): self = .inkOutOfRange(ShapeID(try data.integer()))
        case ("too_many_points", let data?): self = .tooManyPoints(count: try data.integer())
        case (let name, _): throw value.problem("unknown encoding error \"\(name)\"")
        }
    }
}

extension WriteError {
    var recorded: JSONValue {
        switch self {
        case .missingFolder(let folder): .object(["missing_folder": folder.recorded])
        case .notARegularFile: .string("not_a_regular_file")
        case .symbolicLink: .string("symbolic_link")
        case .untrustedLink(let owner): .object(["untrusted_link": .integer(owner)])
        case .system(let code): .object(["errno": .integer(code)])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("missing_folder", let data?): self = .missingFolder(try FilePath(recorded: data))
        case ("not_a_regular_file", nil): self = .notARegularFile
        case ("symbolic_link", nil): self = .symbolicLink
        case ("untrusted_link", let data?): self = .untrustedLink(owner: try data.integer())
        case ("errno", let data?): self = .system(code: try data.integer())
        case (let name, _): throw value.problem("unknown write error \"\(name)\"")
        }
    }
}

extension DocumentOpenError {
    var recorded: JSONValue {
        switch self {
        case .newerVersion(let path, let problem):
            .object(["newer_version": .object(["path": path.recorded, "problem": problem.recorded])])
        case .unreadable(let error): .object(["unreadable": error.recorded])
        case .notARegularFile(let path): .object(["not_a_regular_file": path.recorded])
        case .cannotKeepDamaged(let path, let problem, let error):
            .object(["cannot_keep_damaged": .object(["path": path.recorded, "problem": problem.recorded, "error": error.recorded])])
        case .untrustedLink(let link):
            .object(["untrusted_link": .object(["path": link.path.recorded, "owner": .integer(link.owner)])])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        switch try value.variant() {
        case ("newer_version", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .newerVersion(path: try object.take("path", FilePath.init(recorded:)),
                              try object.take("problem", DocumentError.init(recorded:)))
            }
        case ("unreadable", let data?): self = .unreadable(try SystemError(recorded: data))
        case ("not_a_regular_file", let data?): self = .notARegularFile(path: try FilePath(recorded: data))
        case ("cannot_keep_damaged", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .cannotKeepDamaged(path: try object.take("path", FilePath.init(recorded:)),
                                   try object.take("problem", DocumentError.init(recorded:)),
                                   try object.take("error", SystemError.init(recorded:)))
            }
        case ("untrusted_link", let data?):
            self = try data.object { (object) throws(RecordingError) in
                .untrustedLink(UntrustedLink(path: try object.take("path", FilePath.init(recorded:)), owner: try object.take("owner").integer()))
            }
        case (let name, _): throw value.problem("unknown open error \"\(name)\"")
        }
    }
}

extension DocumentError {
    /// One member named after the case; a place in the drawing read is `"at":[line, column]`.
    var recorded: JSONValue {
        func at(_ position: TextPosition) -> JSONValue { .array([.integer(position.line), .integer(position.column)]) }
        return switch self {
        case .tooLarge(let byteCount): .object(["too_large": .integer(byteCount)])
        case .malformed(let what, let position): .object(["malformed": .object(["problem": .string(what), "at": at(position)])])
        case .missingKey(let key, let position): .object(["missing_key": .object(["key": .string(key), "at": at(position)])])
        case .duplicateKey(let key, let position): .object(["duplicate_key": .object(["key": .string(key), "at": at(position)])])
        case .unknownKey(let key, let position): .object(["unknown_key": .object(["key": .string(key), "at": at(position)])])
        case .wrongFormat(let format): .object(["wrong_format": .string(format)])
        case .newerVersion(let version): .object(["newer_version": .integer(version)])
        case .unsupportedVersion(let version): .object(["unsupported_version": .integer(version)])
        case .tooManyShapes(let position): .object(["too_many_lines": .object(["at": at(position)])])  // its name when recordings began
        case .coordinateOutOfRange(let text, let position):
            .object(["coordinate_out_of_range": .object(["text": .string(text), "at": at(position)])])
        case .invalidID(let text, let position): .object(["invalid_id": .object(["text": .string(text), "at": at(position)])])
        case .duplicateID(let id, let position): .object(["duplicate_id": .object(["id": .integer(id.rawValue), "at": at(position)])])
        case .unknownKind(let text, let position): .object(["unknown_kind": .object(["text": .string(text), "at": at(position)])])
        case .invalidColour(let text, let position): .object(["invalid_colour": .object(["text": .string(text), "at": at(position)])])
        case .widthOutOfRange(let text, let position):
            .object(["width_out_of_range": .object(["text": .string(text), "at": at(position)])])
        case .tooManyPoints(let position): .object(["too_many_points": .object(["at": at(position)])])
        case .pointWidthOutOfRange(let text, let position):
            .object(["point_width_out_of_range": .object(["text": .string(text), "at": at(position)])])
        }
    }

    init(recorded value: RecordedValue) throws(RecordingError) {
        func at(_ object: inout RecordedObject) throws(RecordingError) -> TextPosition {
            let numbers = try object.take("at").array()
            guard numbers.count == 2 else { throw object.value.problem("expected \"at\": [line, column]") }
            return TextPosition(line: try numbers[0].integer(), column: try numbers[1].integer())
        }
        let (name, data) = try value.variant()
        guard let data else { throw value.problem("unknown document error \"\(name)\"") }
        /// The case made from the data's text member `key` and its place.
        func withText(_ key: String, _ make: (String, TextPosition) -> DocumentError) throws(RecordingError) -> DocumentError {
            try data.object { (object) throws(RecordingError) in make(try object.take(key).string(), try at(&object)) }
        }
        switch name {
        case "too_large": self = .tooLarge(byteCount: try data.integer())
        case "malformed": self = try withText("problem", DocumentError.malformed(_:at:))
        case "missing_key": self = try withText("key", DocumentError.missingKey(_:at:))
        case "duplicate_key": self = try withText("key", DocumentError.duplicateKey(_:at:))
        case "unknown_key": self = try withText("key", DocumentError.unknownKey(_:at:))
        case "wrong_format": self = .wrongFormat(try data.string())
        case "newer_version": self = .newerVersion(try data.integer())
        case "unsupported_version": self = .unsupportedVersion(try data.integer())
        case "too_many_lines": self = .tooManyShapes(at: try data.object { (object) throws(RecordingError) in try at(&object) })
        case "too_many_points": self = .tooManyPoints(at: try data.object { (object) throws(RecordingError) in try at(&object) })
        case "point_width_out_of_range": self = try withText("text", DocumentError.pointWidthOutOfRange(_:at:))
        case "coordinate_out_of_range": self = try withText("text", DocumentError.coordinateOutOfRange(_:at:))
        case "invalid_id": self = try withText("text", DocumentError.invalidID(_:at:))
        case "unknown_kind": self = try withText("text", DocumentError.unknownKind(_:at:))
        case "invalid_colour": self = try withText("text", DocumentError.invalidColour(_:at:))
        case "width_out_of_range": self = try withText("text", DocumentError.widthOutOfRange(_:at:))
        case "duplicate_id":
            self = try data.object { (object) throws(RecordingError) in
                .duplicateID(ShapeID(try object.take("id").integer()), at: try at(&object))
            }
        default: throw value.problem("unknown document error \"\(name)\"")
        }
    }
}
