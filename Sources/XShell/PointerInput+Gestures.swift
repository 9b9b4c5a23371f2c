import Gestures
import Timing

extension PointerInput {
    /// The contact this event belongs to: one per (master device, touch), so each MPX master pointer
    /// and each finger is its own contact (and draws its own line).
    var contact: ContactID { ContactID(device: device, touch: touch) }

    /// The gesture engine's view of this event; `readTime` is when the loop read it (CLOCK_MONOTONIC).
    func gestureInput(readTime: Deadline) -> GestureInput {
        let kind: GestureInput.Kind = switch phase {
        case .press: .press(button: Int(button))
        case .motion: .motion
        case .release: .release(button: Int(button))
        }
        return GestureInput(kind, contact: contact, source: source == .touch ? .touch : .mouse,
                            location: GesturePoint(x: location.x, y: location.y),
                            serverTime: ServerTime(milliseconds: serverTime), readTime: readTime)
    }
}
