import Desktop
import Testing
import TouchTracker
@testable import XShell

@Suite struct DesktopSettingsCommandLineTests {
    @Test func theCommandLineOverridesComeFromTheParsedOptions() {
        let cases: [([String], DesktopSettings.Overrides)] = [
            (["--double-click-ms", "600", "--double-click-distance", "7.5"],
             DesktopSettings.Overrides(doubleClickMilliseconds: 600, doubleClickDistance: 7.5)),
            ([], DesktopSettings.Overrides()),
        ]
        for (arguments, expected) in cases {
            let parsed = LaunchOptions.parse(arguments)
            guard case .run(let options) = parsed else {
                Issue.record("\(arguments) did not parse: \(parsed)")
                continue
            }
            #expect(DesktopSettings.Overrides(commandLine: options) == expected)
        }
    }
}
