// DesktopSettings: the desktop's double-click timing, distances and resolution, as the app uses them.
//
// Four sources, each overriding the one before it:
//   1. `DesktopSettings.fallback` (400 ms, 5 px, 8 px, 96 dpi),
//   2. `Xft.dpi` from the RESOURCE_MANAGER string (what `xrdb` loads; used when no XSETTINGS manager runs),
//   3. the XSETTINGS manager: Net/DoubleClickTime, Net/DoubleClickDistance, Net/DndDragThreshold, Xft/DPI,
//   4. the command line: --double-click-ms, --double-click-distance.
// Each source is a `DesktopSettings.Overrides` (every field optional); `resolve` layers them and reports,
// as `DesktopSettingsWarning`s, what it had to ignore. Nothing here touches X: the shell passes in the bytes.
import Timing

/// The settings that make the app behave like the other programs on the desktop.
///
/// Distances are device pixels as the desktop states them. `scale` (dpi / 96) is for the app's own lengths:
/// line width, hit tolerance and touch slops are designed at 96 dpi and multiplied by it.
public struct DesktopSettings: Hashable, Sendable {
    /// Longest time from one click to the next that still makes a double click, in milliseconds.
    public var doubleClickMilliseconds: Int
    /// Farthest apart, in pixels, the two clicks of a double click may be.
    public var doubleClickDistance: Double
    /// Distance in pixels a pressed pointer must travel before a press becomes a drag.
    public var dragThreshold: Double
    /// Screen resolution in dots per inch.
    public var dpi: Double

    public init(doubleClickMilliseconds: Int, doubleClickDistance: Double, dragThreshold: Double, dpi: Double) {
        self.doubleClickMilliseconds = doubleClickMilliseconds
        self.doubleClickDistance = doubleClickDistance
        self.dragThreshold = dragThreshold
        self.dpi = dpi
    }

    /// What the app uses when nobody says otherwise: GTK's defaults and the X default resolution.
    public static let fallback = DesktopSettings(
        doubleClickMilliseconds: 400, doubleClickDistance: 5, dragThreshold: 8, dpi: 96)

    /// The double-click window as a time length for the gesture engine.
    public var doubleClickTime: TimeAmount { .milliseconds(Int64(doubleClickMilliseconds)) }

    /// dpi / 96: the factor for lengths designed at 96 dpi (1 at 96 dpi, 2 at 192 dpi).
    public var scale: Double { dpi / 96 }

    /// `length` (designed at 96 dpi) at this screen's resolution.
    public func scaled(_ length: Double) -> Double { length * scale }

    /// These settings with every value that `overrides` states replacing the current one.
    public func applying(_ overrides: Overrides) -> DesktopSettings {
        DesktopSettings(
            doubleClickMilliseconds: overrides.doubleClickMilliseconds ?? doubleClickMilliseconds,
            doubleClickDistance: overrides.doubleClickDistance ?? doubleClickDistance,
            dragThreshold: overrides.dragThreshold ?? dragThreshold,
            dpi: overrides.dpi ?? dpi)
    }
}

extension DesktopSettings {
    /// What one source says about the settings; `nil` where it says nothing.
    public struct Overrides: Hashable, Sendable {
        public var doubleClickMilliseconds: Int?
        public var doubleClickDistance: Double?
        public var dragThreshold: Double?
        public var dpi: Double?

        public init(
            doubleClickMilliseconds: Int? = nil, doubleClickDistance: Double? = nil,
            dragThreshold: Double? = nil, dpi: Double? = nil
        ) {
            self.doubleClickMilliseconds = doubleClickMilliseconds
            self.doubleClickDistance = doubleClickDistance
            self.dragThreshold = dragThreshold
            self.dpi = dpi
        }

        /// These overrides, and where they are silent, those of `lower`.
        public func layered(over lower: Overrides) -> Overrides {
            Overrides(
                doubleClickMilliseconds: doubleClickMilliseconds ?? lower.doubleClickMilliseconds,
                doubleClickDistance: doubleClickDistance ?? lower.doubleClickDistance,
                dragThreshold: dragThreshold ?? lower.dragThreshold,
                dpi: dpi ?? lower.dpi)
        }
    }

    /// Values outside these ranges are mistakes (or attacks), not preferences: they are ignored with a warning.
    public enum Plausible {
        public static let doubleClickMilliseconds = 1...10_000
        public static let distance = 0.0...1_000.0
        public static let dpi = 24.0...1_536.0
    }

    /// The settings from every source, most important last, and what had to be ignored on the way.
    ///
    /// - Parameters:
    ///   - xsettingsProperty: the bytes of the manager's `_XSETTINGS_SETTINGS`, or `nil` when no manager runs.
    ///   - resourceManager: the root window's RESOURCE_MANAGER string, or `nil` when it is not set.
    ///   - commandLine: the user's options (the shell builds them from `LaunchOptions`); they win over everything.
    /// - Returns: the settings, and at most one warning per malformed source or unusable value.
    public static func resolve(
        xsettingsProperty: [UInt8]?, resourceManager: String?, commandLine: Overrides = Overrides()
    ) -> (settings: DesktopSettings, warnings: [DesktopSettingsWarning]) {
        var warnings: [DesktopSettingsWarning] = []
        var layers = Overrides()
        if let resourceManager {
            layers = Overrides(resources: XResources(parsing: resourceManager), warnings: &warnings)
        }
        if let xsettingsProperty {
            do {
                let xsettings = try XSettings(parsing: xsettingsProperty)
                layers = Overrides(xsettings: xsettings, warnings: &warnings).layered(over: layers)
            } catch {
                warnings.append(.malformedXSettings(error))
            }
        }
        layers = commandLine.layered(over: layers)
        return (fallback.applying(layers), warnings)
    }
}
