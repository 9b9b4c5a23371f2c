/// What the shell does when a settings source changes.
public enum DesktopSettingsAction: Hashable, Sendable {
    /// The settings in force changed: hand them to the gesture engine and the renderer.
    case apply(DesktopSettings)
    /// Print this once on stderr.
    case warn(DesktopSettingsWarning)
}

/// The desktop settings in force, followed as their sources change, without X: the shell reads the
/// XSETTINGS property and RESOURCE_MANAGER whenever the server says they changed and feeds them in here.
///
/// A warning is reported when it first appears and not again while its source keeps saying the same
/// thing, so a settings daemon that rewrites a malformed property does not flood the terminal.
public struct DesktopSettingsTracker: Sendable {
    /// The user's command-line options: the top layer, fixed for the run.
    public let commandLine: DesktopSettings.Overrides
    /// The settings in force.
    public private(set) var settings: DesktopSettings
    private var xsettingsProperty: [UInt8]?
    private var resourceManager: String?
    private var standingWarnings: Set<DesktopSettingsWarning> = []

    /// Before anything is read: the fallbacks under the command line.
    public init(commandLine: DesktopSettings.Overrides) {
        self.commandLine = commandLine
        settings = DesktopSettings.fallback.applying(commandLine)
    }

    /// The XSETTINGS manager's property changed, or the manager came or went (`nil`: none runs).
    public mutating func xsettingsChanged(_ property: [UInt8]?) -> [DesktopSettingsAction] {
        xsettingsProperty = property
        return resolve()
    }

    /// The root window's RESOURCE_MANAGER changed (`nil`: it was deleted).
    public mutating func resourceManagerChanged(_ text: String?) -> [DesktopSettingsAction] {
        resourceManager = text
        return resolve()
    }

    private mutating func resolve() -> [DesktopSettingsAction] {
        let (resolved, warnings) = DesktopSettings.resolve(
            xsettingsProperty: xsettingsProperty, resourceManager: resourceManager, commandLine: commandLine)
        var actions = warnings.filter { !standingWarnings.contains($0) }.map(DesktopSettingsAction.warn)
        standingWarnings = Set(warnings)
        if resolved != settings {
            settings = resolved
            actions.append(.apply(resolved))
        }
        return actions
    }
}
