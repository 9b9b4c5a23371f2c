import CX11
import Desktop

/// Follows the desktop's settings live, as GTK and Qt programs do.
///
/// An XSETTINGS manager (gnome-settings-daemon, xfsettingsd, xsettingsd, ...) owns the selection
/// `_XSETTINGS_S<screen>` and keeps the settings in the property `_XSETTINGS_SETTINGS` on its window.
/// The watcher follows that window for PropertyNotify (a change) and DestroyNotify (the manager quit), and
/// the root window for the `MANAGER` client message (a new manager, such as a restarted daemon) and for
/// PropertyNotify on RESOURCE_MANAGER (`xrdb`). Every read goes to a `DesktopSettingsTracker`, which
/// decides what changed; the shell performs the actions it returns.
final class DesktopSettingsWatcher {
    private let connection: XConnection
    /// `_XSETTINGS_S<screen>`: the selection the manager of our screen owns.
    private let selection: Atom
    /// The manager's window, or None (0) when no manager runs.
    private var owner: Window = 0
    private var tracker: DesktopSettingsTracker

    /// Starts watching the root window; `readAll()` then reads every source for the first time.
    init(connection: XConnection, commandLine: DesktopSettings.Overrides) {
        self.connection = connection
        selection = XInternAtom(connection.display, "_XSETTINGS_S\(connection.screen)", 0)
        tracker = DesktopSettingsTracker(commandLine: commandLine)
        XSelectInput(connection.display, connection.root, StructureNotifyMask | PropertyChangeMask)
    }

    /// The settings in force.
    var settings: DesktopSettings { tracker.settings }

    /// Reads the resource database and finds the manager, as at startup.
    func readAll() -> [DesktopSettingsAction] {
        tracker.resourceManagerChanged(readResourceManager()) + followNewOwner()
    }

    /// A manager announced itself: if it is ours, follow it and read its settings.
    func managerAnnounced(selection announced: Atom) -> [DesktopSettingsAction] {
        announced == selection ? followNewOwner() : []
    }

    /// A property changed: re-read it if it is the manager's settings or the resource database.
    func propertyChanged(window: Window, atom: Atom) -> [DesktopSettingsAction] {
        if window == owner, owner != 0, atom == connection.atoms.xsettingsSettings {
            return tracker.xsettingsChanged(readXSettings())
        }
        if window == connection.root, atom == XA_RESOURCE_MANAGER {
            return tracker.resourceManagerChanged(readResourceManager())
        }
        return []
    }

    /// A window was destroyed: if it was the manager's, look for a successor (there may be none).
    func windowDestroyed(_ window: Window) -> [DesktopSettingsAction] {
        window == owner && owner != 0 ? followNewOwner() : []
    }

    /// Finds the selection owner and selects its events under a server grab, so that it cannot vanish
    /// between the two requests unnoticed (the XSETTINGS specification's recipe), then reads its settings.
    private func followNewOwner() -> [DesktopSettingsAction] {
        let display = connection.display
        XGrabServer(display)
        owner = XGetSelectionOwner(display, selection)
        if owner != 0 {
            XSelectInput(display, owner, StructureNotifyMask | PropertyChangeMask)
        }
        XUngrabServer(display)
        XFlush(display)
        return tracker.xsettingsChanged(owner == 0 ? nil : readXSettings())
    }

    /// The manager's property; a manager without one has no settings to give (`nil`).
    private func readXSettings() -> [UInt8]? {
        let atom = connection.atoms.xsettingsSettings
        return connection.property(atom, of: owner, type: atom)
    }

    private func readResourceManager() -> String? {
        connection.property(XA_RESOURCE_MANAGER, of: connection.root, type: XA_STRING)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
