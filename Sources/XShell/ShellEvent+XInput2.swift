import CX11
import Gestures
import Shapes
import Timing
import TouchTracker

// XInput 2 device events to `ShellEvent`: pure functions of the event value, what is known of its
// source device (`InputDevices`) and the loop's read time, so the tests build events and devices by
// hand (XTest cannot inject touches, smooth scrolling, pinches, nor anything from a tablet).

extension ShellEvent {
    /// Translates an XInput 2 event from its cookie, read by the loop at `readTime`. The caller fetched the
    /// data with `XGetEventData` and frees it after this returns.
    init(cookie: XGenericEventCookie, readTime: Deadline, devices: inout InputDevices) {
        guard let data = cookie.data else { self = .unhandled(type: GenericEvent); return }
        switch cookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            self.init(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, readTime: readTime, devices: &devices)
        case XI_Enter:
            devices.pointerEntered()
            self = .unhandled(type: GenericEvent)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            self = .pinch(PinchInput(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee))
        case XI_HierarchyChanged:
            self = .inputDevicesChanged
        case XI_DeviceChanged:
            // A slave switch only says which device drives a master next; the devices are as they were.
            let reason = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee.reason
            self = reason == XIDeviceChange ? .inputDevicesChanged : .unhandled(type: GenericEvent)
        default:
            self = .unhandled(type: GenericEvent)
        }
    }

    /// Translates a button, motion or touch event to `.pointer`, and a scroll to `.scroll`: a wheel button's
    /// press (4 to 7) from a device without scroll valuators, or a motion that moved a scroll valuator (its
    /// exact deltas; the pointer does not move while it scrolls). An event the server emulates — a pointer
    /// event from a touch, a wheel button from a scroll valuator — is `.unhandled`: what it was emulated from
    /// arrives too, and must not be seen twice.
    init(_ event: XIDeviceEvent, readTime: Deadline, devices: inout InputDevices) {
        let location = Point(x: event.event_x, y: event.event_y)
        let modifiers = Modifiers(state: UInt32(truncatingIfNeeded: event.mods.effective))
        switch event.evtype {
        case XI_ButtonPress where ScrollInput.isWheel(button: Int(event.detail)),
             XI_ButtonRelease where ScrollInput.isWheel(button: Int(event.detail)):
            let emulated = event.flags & XIPointerEmulated != 0
            let click = ScrollInput(button: Int(event.detail), at: location, modifiers: modifiers)
            self = event.evtype == XI_ButtonPress && !emulated ? click.map(ShellEvent.scroll) ?? .unhandled(type: GenericEvent)
                : .unhandled(type: GenericEvent)
        case XI_Motion:
            if let scrolled = devices.scroll(from: event.sourceid, event.valuators) {
                self = .scroll(ScrollInput(dx: scrolled.dx, dy: scrolled.dy, at: location, modifiers: modifiers, isSmooth: true))
            } else {
                fallthrough
            }
        default:
            self = GestureInput(event, readTime: readTime, devices: &devices).map { .pointer($0) }
                ?? .unhandled(type: GenericEvent)
        }
    }
}

extension PinchInput {
    /// A touchpad's pinch event (`XI_GesturePinchBegin`, `Update` or `End`; an `End` flagged cancelled is
    /// `.cancelled`): where the fingers' centre is in the window and the scale since the beginning.
    init(_ event: XIGesturePinchEvent) {
        let phase: Phase =
            switch event.evtype {
            case XI_GesturePinchBegin: .began
            case XI_GesturePinchUpdate: .changed
            default: event.flags & XIGesturePinchEventCancelled != 0 ? .cancelled : .ended
            }
        self.init(phase, at: Point(x: event.event_x, y: event.event_y), scale: event.scale.isFinite && event.scale > 0 ? event.scale : 1)
    }
}

extension GestureInput {
    /// The engine's input for an XInput 2 device event read at `readTime`; nil for pointer events
    /// emulated from a touch and for other event types.
    ///
    /// The contact is the master device (each MPX master pointer its own contact) and, for a touch, its
    /// touch id: each finger is its own contact too. A touch is button 1 of source `.touch`; a pointer
    /// event is of the kind its source device (`sourceid`) is: a mouse, or a stylus's pen or eraser end.
    /// The pressure is the source device's pressure valuator, normalized (`InputDevices`). Positions
    /// are the event window's, sub-pixel.
    init?(_ event: XIDeviceEvent, readTime: Deadline, devices: inout InputDevices) {
        let device = UInt16(truncatingIfNeeded: event.deviceid)
        let kind: Kind, contact: ContactID, source: InputSource, pressure: Double?
        switch event.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            // The same bit means "pending end" on touch events, so it is read only here.
            guard event.flags & XIPointerEmulated == 0 else { return nil }
            let button = Int(event.detail)
            kind = event.evtype == XI_ButtonPress ? .press(button: button)
                : event.evtype == XI_ButtonRelease ? .release(button: button) : .motion
            (contact, source) = (ContactID(device: device), devices.device(event.sourceid).source)
            pressure = devices.pointerPressure(from: event.sourceid, event.valuators)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            kind = event.evtype == XI_TouchBegin ? .press(button: 1) : event.evtype == XI_TouchEnd ? .release(button: 1) : .motion
            (contact, source) = (ContactID(device: device, touch: UInt32(bitPattern: event.detail)), .touch)
            pressure = devices.touchPressure(from: event.sourceid, event.valuators)
        default:
            return nil
        }
        self.init(kind, contact: contact, source: source, x: event.event_x, y: event.event_y, pressure: pressure,
                  state: UInt32(truncatingIfNeeded: event.mods.effective),
                  time: event.time, readTime: readTime)
    }
}
