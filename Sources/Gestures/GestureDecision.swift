import Timing

/// What a recognizer's attempt came to at one decision.
public enum DecisionOutcome: String, Hashable, Sendable {
    /// Succeeded but waits for gestures it requires to fail (a provisional tap is shown as well).
    case held
    case recognized, confirmed, superseded, began, ended, cancelled, failed
}

/// One decision of the engine, for `--trace-gestures` (R12): which recognizer, what, why, and when.
public struct GestureDecision<Tag: Hashable & Sendable>: Hashable, Sendable {
    public var tag: Tag
    public var outcome: DecisionOutcome
    public var reason: DecisionReason
    /// The server time of the event that caused the decision; nil when a timer did.
    public var eventTime: ServerTime?
    /// The server time of the attempt's first press, when known.
    public var firstPressTime: ServerTime?
    /// The engine's monotonic `now` at the decision.
    public var now: Deadline
    /// How long after the attempt's latest input (for a tap: its release) the decision came.
    public var latency: TimeAmount

    public init(
        tag: Tag, outcome: DecisionOutcome, reason: DecisionReason, eventTime: ServerTime?,
        firstPressTime: ServerTime?, now: Deadline, latency: TimeAmount
    ) {
        self.tag = tag
        self.outcome = outcome
        self.reason = reason
        self.eventTime = eventTime
        self.firstPressTime = firstPressTime
        self.now = now
        self.latency = latency
    }

    /// One line of JSON (no newline), e.g.
    /// `{"gesture":"select","outcome":"confirmed","reason":"...","event_ms":null,"first_press_ms":1000,"now_ns":…,"latency_ms":400.0}`.
    public var json: String {
        func ms(_ t: ServerTime?) -> String { t.map { String($0.milliseconds) } ?? "null" }
        return "{\"gesture\":\(Self.quoted(String(describing: tag))),\"outcome\":\"\(outcome.rawValue)\","
            + "\"reason\":\(Self.quoted(reason.rawValue)),\"event_ms\":\(ms(eventTime)),"
            + "\"first_press_ms\":\(ms(firstPressTime)),\"now_ns\":\(now.nanoseconds),"
            + "\"latency_ms\":\(latency.milliseconds)}"
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
