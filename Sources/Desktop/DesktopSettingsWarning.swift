/// Something a settings source said that the app ignored. The shell prints each one once on stderr.
public enum DesktopSettingsWarning: Hashable, Sendable, CustomStringConvertible {
    /// The `_XSETTINGS_SETTINGS` property could not be decoded; all of it was ignored.
    case malformedXSettings(XSettingsError)
    /// An XSETTINGS setting the app uses has the wrong type or an implausible value; it was ignored.
    case ignoredSetting(name: String, value: XSettingValue)
    /// A resource the app uses (`Xft.dpi`) is not a plausible number; it was ignored.
    case ignoredResource(name: String, value: String)

    public var description: String {
        switch self {
        case .malformedXSettings(let error):
            "ignoring the desktop's XSETTINGS: \(error)"
        case .ignoredSetting(let name, let value):
            "ignoring XSETTINGS \(name) = \(Self.describe(value)): not a plausible value"
        case .ignoredResource(let name, let value):
            "ignoring resource \(name): \"\(value)\" is not a plausible value"
        }
    }

    private static func describe(_ value: XSettingValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .color(let c): "color(\(c.red), \(c.green), \(c.blue), \(c.alpha))"
        }
    }
}
