import CX11
import Timing

/// How often the monitor showing the window refreshes, from RandR: the mode of the CRTC that shows the
/// most of the window, whose refresh is dot clock ÷ (h total × v total) — doubled for an interlaced
/// mode, halved for a double-scan one. Nil when the server has no RandR 1.3, the window is on no
/// monitor, or the mode does not say (Xvfb's dot clock is 0); the core then assumes 60 Hz.
enum DisplayRefresh {
    /// The time between two refreshes of the monitor showing most of `window` (`size` large).
    static func interval(of window: Window, size: PixelSize, connection: XConnection) -> TimeAmount? {
        let display = connection.display
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0, XRRQueryVersion(display, &major, &minor) != 0,
              (major, minor) >= (1, 3),
              let resources = XRRGetScreenResourcesCurrent(display, connection.root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, connection.root, 0, 0, &x, &y, &child)

        var best: (overlap: Int, mode: RRMode)?
        for index in 0..<Int(resources.pointee.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(display, resources, resources.pointee.crtcs[index]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let info = crtc.pointee
            guard info.mode != 0 else { continue }  // switched off
            let width = min(Int(x) + size.width, Int(info.x) + Int(info.width)) - max(Int(x), Int(info.x))
            let height = min(Int(y) + size.height, Int(info.y) + Int(info.height)) - max(Int(y), Int(info.y))
            guard width > 0, height > 0, width * height > best?.overlap ?? 0 else { continue }
            best = (width * height, info.mode)
        }
        guard let best else { return nil }
        for index in 0..<Int(resources.pointee.nmode) where resources.pointee.modes[index].id == best.mode {
            let mode = resources.pointee.modes[index]
            return interval(dotClock: UInt64(mode.dotClock), horizontalTotal: UInt64(mode.hTotal),
                            verticalTotal: UInt64(mode.vTotal), flags: UInt64(mode.modeFlags))
        }
        return nil
    }

    /// The time between two refreshes of a mode; nil when the mode does not say.
    static func interval(dotClock: UInt64, horizontalTotal: UInt64, verticalTotal: UInt64, flags: UInt64) -> TimeAmount? {
        var dotsPerFrame = Double(horizontalTotal) * Double(verticalTotal)
        if flags & UInt64(RR_Interlace) != 0 { dotsPerFrame /= 2 }
        if flags & UInt64(RR_DoubleScan) != 0 { dotsPerFrame *= 2 }
        guard dotClock > 0, dotsPerFrame > 0 else { return nil }
        return .nanoseconds(Int64((dotsPerFrame / Double(dotClock) * 1e9).rounded()))
    }
}
