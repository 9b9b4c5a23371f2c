/// What the shell found on the clipboard when the app asked for it (`AppEffect.requestClipboard`): the
/// bytes as they came, which the core reads (so a recorded session holds them, and a replay pastes the same).
public enum ClipboardReceipt: Hashable, Sendable {
    /// Shapes in the app's own type: a drawing's JSON (`DrawingFormat`), from any TouchTracker window.
    case shapes([UInt8])
    /// Text (`UTF8_STRING`), from an owner without shapes to give: pasted when it is a drawing's JSON.
    case text([UInt8])
    /// No program owns the clipboard.
    case empty
    /// The owner gave neither shapes nor text, or the transfer failed: why, in a few words.
    case unavailable(String)
}
