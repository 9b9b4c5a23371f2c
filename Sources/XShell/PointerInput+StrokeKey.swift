import Document

extension PointerInput {
    /// The line in progress this contact draws: one per (master device, touch), so each MPX master pointer
    /// and each finger draws its own line. The gesture engine keys its contacts the same way.
    var strokeKey: StrokeKey { StrokeKey(UInt64(device) << 32 | UInt64(touch)) }
}
