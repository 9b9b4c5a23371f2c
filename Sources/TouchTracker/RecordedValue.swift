import Storage

/// A JSON value read from one line of a recording, read strictly: every accessor says what it expected
/// and where (the recording's line and column) when the value is not that.
struct RecordedValue {
    let json: JSONValue
    /// The recording's line holding the value (1-based), and its bytes.
    let line: Int
    let text: [UInt8]

    /// The line and column where the value begins.
    var position: TextPosition { TextPosition(line: line, column: json.range.lowerBound + 1) }

    func problem(_ what: String) -> RecordingError { .damaged(what, at: position) }

    func child(_ json: JSONValue) -> RecordedValue { RecordedValue(json: json, line: line, text: text) }

    // MARK: Scalars

    func string() throws(RecordingError) -> String {
        guard case .string(let text) = json.kind else { throw problem("expected a string") }
        return text
    }

    func bool() throws(RecordingError) -> Bool {
        guard case .bool(let value) = json.kind else { throw problem("expected true or false") }
        return value
    }

    /// A whole number in `Integer`'s range: no sign where it has none, no fraction, no exponent.
    func integer<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(RecordingError) -> Integer {
        guard case .number(let text) = json.kind, let value = Integer(text) else {
            throw problem("expected a whole number from \(Integer.min) to \(Integer.max)")
        }
        return value
    }

    /// A number, or one of the strings `JSONValue.double` writes for infinities and NaN.
    func double() throws(RecordingError) -> Double {
        switch json.kind {
        case .number(let text): if let value = Double(text) { return value }
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        case .string("nan"): return .nan
        default: break
        }
        throw problem("expected a number")
    }

    func array() throws(RecordingError) -> [RecordedValue] {
        guard case .array(let elements) = json.kind else { throw problem("expected an array") }
        return elements.map(child)
    }

    /// An array of exactly `count` numbers.
    func doubles(_ count: Int) throws(RecordingError) -> [Double] {
        let elements = try array()
        guard elements.count == count else { throw problem("expected an array of \(count) numbers") }
        var values: [Double] = []
        for element in elements { values.append(try element.double()) }
        return values
    }

    /// `null`, or what `read` makes of the value.
    func optional<Value>(_ read: (RecordedValue) throws(RecordingError) -> Value) throws(RecordingError) -> Value? {
        if case .null = json.kind { return nil }
        return try read(self)
    }

    // MARK: Objects and variants

    /// Reads the object's members with `read`, which takes them by key; a key it did not take is an error.
    func object<Value>(_ read: (inout RecordedObject) throws(RecordingError) -> Value) throws(RecordingError) -> Value {
        guard case .object(let members) = json.kind else { throw problem("expected an object") }
        var object = RecordedObject(value: self, members: members.map { ($0.key, child($0.value)) })
        let value = try read(&object)
        if let unread = object.members.first { throw unread.value.problem("unknown key \"\(unread.key)\"") }
        return value
    }

    /// One case of an enumeration: a string names a case without data, an object of one member a case
    /// with data (the member's value).
    func variant() throws(RecordingError) -> (name: String, data: RecordedValue?) {
        switch json.kind {
        case .string(let name): return (name, nil)
        case .object(let members) where members.count == 1: return (members[0].key, child(members[0].value))
        default: throw problem("expected a string or an object of one member")
        }
    }
}

/// An object's members not yet read.
struct RecordedObject {
    let value: RecordedValue
    fileprivate var members: [(key: String, value: RecordedValue)]

    /// The member `key`; its absence is an error.
    mutating func take(_ key: String) throws(RecordingError) -> RecordedValue {
        guard let member = takeIfPresent(key) else { throw value.problem("missing \"\(key)\"") }
        return member
    }

    /// The member `key`, read with `read` (a type's `init(recorded:)`); its absence is an error.
    mutating func take<Value>(_ key: String, _ read: (RecordedValue) throws(RecordingError) -> Value) throws(RecordingError) -> Value {
        try read(try take(key))
    }

    mutating func takeIfPresent(_ key: String) -> RecordedValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        return members.remove(at: index).value
    }

    /// The key of the one member left, if there is exactly one (the name of an input beside its time).
    var onlyKey: String? { members.count == 1 ? members[0].key : nil }
}
