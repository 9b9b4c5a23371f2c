import Desktop
import TouchTracker

extension DesktopSettings.Overrides {
    /// What the user asked for on the command line (`--double-click-ms`, `--double-click-distance`).
    init(commandLine options: LaunchOptions) {
        self.init(doubleClickMilliseconds: options.doubleClickMilliseconds, doubleClickDistance: options.doubleClickDistance)
    }
}
