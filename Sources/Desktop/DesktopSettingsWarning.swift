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
            "ignoring resource \(name): \(value.quotedForWarning) is not a plausible value"
        }
    }

    private static func describe(_ value: XSettingValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .string(let text): text.quotedForWarning
        case .color(let c): "color(\(c.red), \(c.green), \(c.blue), \(c.alpha))"
        }
    }
}

extension String {
    /// The text in quotes for a one-line warning: control characters escaped, and at most
    /// `quotedLength` characters of it, then "…" (a value can be any length: one of 100,000 characters is
    /// said in one short line).
    var quotedForWarning: String {
        var result = "\""
        for character in prefix(Self.quotedLength) {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                result += character.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
            } else {
                result.append(character)
            }
        }
        return result + (count > Self.quotedLength ? "…\"" : "\"")
    }

    /// The most characters of a value a warning quotes.
    static let quotedLength = 80
}
