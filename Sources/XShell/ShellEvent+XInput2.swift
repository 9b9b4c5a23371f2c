import CX11
import Document

// XInput 2 device events to `ShellEvent`: pure functions of the event value, so the tests build events
// by hand (XTest cannot inject touches).

extension ShellEvent {
    /// Translates an XInput 2 event from its cookie. The caller fetched the data with `XGetEventData` and
    /// frees it after this returns: the event's button and valuator masks point into it.
    init(cookie: XGenericEventCookie) {
        switch cookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            guard let data = cookie.data else { self = .unhandled(type: GenericEvent); return }
            self.init(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        default:
            self = .unhandled(type: GenericEvent)
        }
    }

    /// Translates a button, motion or touch event to `.pointer`. A pointer event the server emulates from
    /// a touch is `.unhandled`: the touch itself arrives too, and must not be seen twice.
    init(_ event: XIDeviceEvent) {
        self = PointerInput(event).map { .pointer($0) } ?? .unhandled(type: GenericEvent)
    }
}

extension PointerInput {
    /// The contact from an XInput 2 device event; nil for pointer events emulated from a touch and for
    /// other event types.
    ///
    /// `device` is the master device (each MPX master pointer its own contact); a touch is button 1 of
    /// source `.touch` with its touch id. Positions are the event window's, sub-pixel. `state` has the core
    /// protocol's layout (modifiers in bits 0–7, buttons 1–5 in bits 8–12); for touches the only button is
    /// the touch itself, down before an update or an end.
    init?(_ event: XIDeviceEvent) {
        let modifiers = UInt32(truncatingIfNeeded: event.mods.effective) & 0xFF
        let phase: Phase, button: UInt32, touch: UInt32, source: Source, state: UInt32
        switch event.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            // The same bit means "pending end" on touch events, so it is read only here.
            guard event.flags & XIPointerEmulated == 0 else { return nil }
            phase = event.evtype == XI_ButtonPress ? .press : event.evtype == XI_ButtonRelease ? .release : .motion
            button = phase == .motion ? 0 : UInt32(truncatingIfNeeded: event.detail)
            (touch, source) = (0, .mouse)
            state = modifiers | Self.coreButtonState(event.buttons)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            phase = event.evtype == XI_TouchBegin ? .press : event.evtype == XI_TouchEnd ? .release : .motion
            button = phase == .motion ? 0 : 1
            (touch, source) = (UInt32(bitPattern: event.detail), .touch)
            state = phase == .press ? modifiers : modifiers | UInt32(Button1Mask)
        default:
            return nil
        }
        self.init(phase: phase, device: UInt16(truncatingIfNeeded: event.deviceid), touch: touch, source: source,
                  button: button, location: Point(x: event.event_x, y: event.event_y),
                  serverTime: UInt32(truncatingIfNeeded: event.time), state: state)
    }

    /// Buttons 1–5 of an XI2 button mask (bit n for button n) as the core state's Button1Mask…Button5Mask.
    static func coreButtonState(_ buttons: XIButtonState) -> UInt32 {
        guard let mask = buttons.mask, buttons.mask_len > 0 else { return 0 }
        let downButtons = UInt32(mask[0]) >> 1 & 0x1F  // bits 1–5 of the first byte
        return downButtons << 8
    }
}
