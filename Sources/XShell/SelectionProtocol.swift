// The X selection protocol's pure parts (ICCCM 2.x, the freedesktop clipboard manager spec): what the
// clipboard's owner answers (`SelectionOwner`) and how a paste reads (`SelectionReader`), as state machines
// that take events and time in and give the requests to make out (`SelectionAction`). They make no Xlib call
// and import nothing from X — atoms, windows and times are numbers here — so XShellTests drive them against
// a fake server without a display; `ClipboardService` performs their actions with Xlib.

/// An atom, a window or a server time as the selection protocol's pure parts see them: X's own numbers.
typealias XAtom = UInt
typealias XWindow = UInt
/// The server's time in ms, which wraps around every 49.7 days; 0 is `CurrentTime`.
typealias XTime = UInt

/// The atoms of the clipboard protocol, interned by `ClipboardService` (any distinct numbers in tests).
struct SelectionAtoms: Equatable {
    /// The selection served and read: CLIPBOARD.
    var clipboard: XAtom
    var targets: XAtom
    var timestamp: XAtom
    var multiple: XAtom
    var saveTargets: XAtom
    var incr: XAtom
    /// The types of TARGETS, TIMESTAMP, MULTIPLE's pairs and SAVE_TARGETS' answer.
    var atom: XAtom
    var integer: XAtom
    var atomPair: XAtom
    var null: XAtom
    /// Owned by a clipboard manager, which takes the clipboard's content when its owner quits.
    var clipboardManager: XAtom
    /// The property on our window where pasted content lands, and the one naming the targets a clipboard
    /// manager should save.
    var landing: XAtom
}

/// A property's value: format 8 (bytes) or format 32 (items, which Xlib hands over as C longs).
enum PropertyValue: Equatable {
    case bytes([UInt8])
    case items([UInt])

    var format: Int {
        switch self {
        case .bytes: 8
        case .items: 32
        }
    }

    /// The number of items of the property's format.
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .items(let items): items.count
        }
    }
}

/// A property as read: its type and value.
struct PropertyContent: Equatable {
    var type: XAtom
    var value: PropertyValue
}

/// A SelectionRequest: `requestor` asks the owner of `selection` to convert it to `target` and put the result
/// in its `property` (None, 0, from an obsolete client: then in a property named like the target).
struct ConversionRequest: Equatable {
    var requestor: XWindow
    var selection: XAtom
    var target: XAtom
    var property: XAtom
    var time: XTime
    /// For MULTIPLE: the (target, property) pairs the requestor's property holds, as read by the shell (a flat
    /// list); nil when it holds none.
    var pairs: [XAtom]? = nil
}

/// What a selection machine asks the shell to do, in order.
enum SelectionAction: Equatable {
    /// Replace `property` on `window` with a value of `type`.
    case setProperty(window: XWindow, property: XAtom, type: XAtom, value: PropertyValue)
    /// Send `requestor` a SelectionNotify: the conversion is in `property`, or refused when it is 0 (None).
    case notify(requestor: XWindow, selection: XAtom, target: XAtom, property: XAtom, time: XTime)
    /// Start (or stop) hearing of property changes on `window` (PropertyChangeMask), for INCR.
    case watchProperties(XWindow, Bool)
    /// Ask the owner of `selection` for `target` into `property` on our window, stamped `time`.
    case convert(selection: XAtom, target: XAtom, property: XAtom, time: XTime)
    /// Read `property` on our window, deleting it; the content goes back to the machine that asked.
    case readAndDelete(property: XAtom)
}

/// Server times compared across their wrap-around: whether `time` is `reference` or later (within half the
/// clock's range).
func isAtOrAfter(_ time: XTime, _ reference: XTime) -> Bool {
    Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: time) &- UInt32(truncatingIfNeeded: reference)) >= 0
}
