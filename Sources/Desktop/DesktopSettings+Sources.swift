// Reading `DesktopSettings.Overrides` out of the desktop's sources. The command line's are built in XShell,
// which knows `LaunchOptions`: this module knows nothing of the app.

extension DesktopSettings.Overrides {
    /// XSETTINGS names, as GTK and Qt read them.
    enum XSettingName {
        static let doubleClickTime = "Net/DoubleClickTime"
        static let doubleClickDistance = "Net/DoubleClickDistance"
        static let dragThreshold = "Net/DndDragThreshold"
        static let dpi = "Xft/DPI"
    }

    /// `Xft/DPI` is dots per inch × 1024; -1 means "the default" (GNOME writes it when the user sets nothing).
    static let xftDPIUnit = 1024.0

    /// What the XSETTINGS manager says. Settings of the wrong type or out of range are left out, each with a
    /// warning; settings the manager does not have are simply absent.
    public init(xsettings: XSettings, warnings: inout [DesktopSettingsWarning]) {
        self.init()
        func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
            guard let value = xsettings[name] else { return nil }
            guard case .integer(let number) = value, range.contains(Int(number)) else {
                warnings.append(.ignoredSetting(name: name, value: value))
                return nil
            }
            return Int(number)
        }
        func pixels(_ name: String) -> Double? {
            let plausible = DesktopSettings.Plausible.distance
            return integer(name, in: Int(plausible.lowerBound)...Int(plausible.upperBound)).map(Double.init)
        }
        let plausible = DesktopSettings.Plausible.self
        doubleClickMilliseconds = integer(XSettingName.doubleClickTime, in: plausible.doubleClickMilliseconds)
        doubleClickDistance = pixels(XSettingName.doubleClickDistance)
        dragThreshold = pixels(XSettingName.dragThreshold)
        if let value = xsettings[XSettingName.dpi], value != .integer(-1) {
            if case .integer(let scaled) = value, plausible.dpi.contains(Double(scaled) / Self.xftDPIUnit) {
                dpi = Double(scaled) / Self.xftDPIUnit
            } else {
                warnings.append(.ignoredSetting(name: XSettingName.dpi, value: value))
            }
        }
    }

    /// What the X resource database says: only `Xft.dpi` (as Xft and GTK read it when no manager runs).
    public init(resources: XResources, warnings: inout [DesktopSettingsWarning]) {
        self.init()
        let name = "Xft.dpi"
        guard let text = resources.value(for: name) else { return }
        if let value = Double(text.trimmingASCIIWhitespace), DesktopSettings.Plausible.dpi.contains(value) {
            dpi = value
        } else {
            warnings.append(.ignoredResource(name: name, value: text))
        }
    }
}
