import CX11
import Gestures
import Timing

// XInput 2 device events to `ShellEvent`: pure functions of the event value and the loop's read time,
// so the tests build events by hand (XTest cannot inject touches).

extension ShellEvent {
    /// Translates an XInput 2 event from its cookie, read by the loop at `readTime`. The caller fetched the
    /// data with `XGetEventData` and frees it after this returns.
    init(cookie: XGenericEventCookie, readTime: Deadline) {
        switch cookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            guard let data = cookie.data else { self = .unhandled(type: GenericEvent); return }
            self.init(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, readTime: readTime)
        default:
            self = .unhandled(type: GenericEvent)
        }
    }

    /// Translates a button, motion or touch event to `.pointer`. A pointer event the server emulates from
    /// a touch is `.unhandled`: the touch itself arrives too, and must not be seen twice.
    init(_ event: XIDeviceEvent, readTime: Deadline) {
        self = GestureInput(event, readTime: readTime).map { .pointer($0) } ?? .unhandled(type: GenericEvent)
    }
}

extension GestureInput {
    /// The engine's input for an XInput 2 device event read at `readTime`; nil for pointer events
    /// emulated from a touch and for other event types.
    ///
    /// The contact is the master device (each MPX master pointer its own contact) and, for a touch, its
    /// touch id: each finger is its own contact too. A touch is button 1 of source `.touch`. Positions
    /// are the event window's, sub-pixel. A stylus will be read here as well: its kind (pen, eraser)
    /// from the source device (`sourceid`), its pressure from the event's valuators.
    init?(_ event: XIDeviceEvent, readTime: Deadline) {
        let device = UInt16(truncatingIfNeeded: event.deviceid)
        let kind: Kind, contact: ContactID, source: InputSource
        switch event.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            // The same bit means "pending end" on touch events, so it is read only here.
            guard event.flags & XIPointerEmulated == 0 else { return nil }
            let button = Int(event.detail)
            kind = event.evtype == XI_ButtonPress ? .press(button: button)
                : event.evtype == XI_ButtonRelease ? .release(button: button) : .motion
            (contact, source) = (ContactID(device: device), .mouse)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            kind = event.evtype == XI_TouchBegin ? .press(button: 1) : event.evtype == XI_TouchEnd ? .release(button: 1) : .motion
            (contact, source) = (ContactID(device: device, touch: UInt32(bitPattern: event.detail)), .touch)
        default:
            return nil
        }
        self.init(kind, contact: contact, source: source, x: event.event_x, y: event.event_y, time: event.time,
                  readTime: readTime)
    }
}
