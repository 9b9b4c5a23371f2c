// swift-tools-version:6.0
// TouchTracker for X11: a drawing program whose heart is a gesture engine.
// Module boundaries (see docs/architecture.md; `assets/check-imports.sh` checks every import against them):
//   Timing, Gestures, Desktop, Shapes, Storage, Canvas, TouchTracker: Swift, no X, no Cairo: testable without
//   a display. Gestures depends on Timing only, Desktop on Gestures and Timing only; Shapes (the drawing) on
//   nothing but Synchronization; Storage (drawings on disk) on Shapes and libc (files, fsync, rename, local
//   time); Canvas (what a frame shows) on Shapes.
//   Rendering: the only Cairo user (besides XShell's window surface), the only painter of Canvas's scenes.
//   FileChooser: the desktop's file chooser (the portal over a D-Bus client of its own, zenity, kdialog);
//   libc and Timing only.
//   XShell: the only importer of CX11 in the program.
//   For the tests and the bench only: DrawingTesting (the loader's fuzzer, the book's hit test),
//   XTestHarness (Xvfb, Xorg with inputtest devices, child processes and an XTest client), TestSupport (tests only; Foundation),
//   PortalTesting (tests only; a private dbus-daemon and a fake file-chooser portal).
import PackageDescription

let package = Package(
    name: "TouchTracker",
    products: [
        .executable(name: "touchtracker", targets: ["touchtracker"]),
        .executable(name: "touchtracker-bench", targets: ["touchtracker-bench"]),
        .library(name: "Gestures", targets: ["Gestures"]),
    ],
    targets: [
        // C at the border.
        .systemLibrary(
            name: "CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxi-dev", "libxext-dev", "libxrandr-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CXTest", pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev", "libxdamage-dev"])]),

        // Swift without X or Cairo.
        .target(name: "SeededRandom"),  // repeatable random streams: the fuzzer, the bench, the tests
        .target(name: "Timing"),
        .target(name: "Gestures", dependencies: ["Timing"]),
        .target(name: "Desktop", dependencies: ["Gestures", "Timing"]),
        .target(name: "Shapes"),
        .target(name: "Storage", dependencies: ["Shapes"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "Canvas", dependencies: ["Shapes"]),
        .target(name: "TouchTracker", dependencies: ["Timing", "Gestures", "Shapes", "Storage", "Canvas"]),
        // The desktop's file chooser: the portal over a D-Bus client of its own, zenity, kdialog; libc and Timing only.
        .target(name: "FileChooser", dependencies: ["Timing"]),

        // Cairo and X.
        .target(name: "Rendering", dependencies: ["CCairo", "Shapes", "Storage", "Canvas"]),
        .target(
            name: "XShell",
            dependencies: [
                "CX11", "CCairo", "Rendering", "TouchTracker", "Desktop", "Timing", "Gestures", "Shapes", "Storage",
                "Canvas", "FileChooser",
            ]),

        // Programs.
        .executableTarget(name: "touchtracker", dependencies: ["XShell", "TouchTracker", "Rendering", "Shapes", "Storage"]),

        // For the tests and the bench only, never linked into the program.
        .target(name: "DrawingTesting", dependencies: ["Shapes", "Storage", "SeededRandom"]),  // loader fuzzer, book's hit test
        .target(name: "TestSupport"),  // the tests' temporary folder (Foundation)
        .target(name: "PortalTesting", dependencies: ["FileChooser", "TestSupport"]),  // a private dbus-daemon, a fake portal

        // Driving the real program from outside: the end-to-end tests and the bench's X path.
        .target(name: "XTestHarness", dependencies: ["CX11", "CXTest"]),
        .executableTarget(
            name: "touchtracker-bench",
            dependencies: [
                "Timing", "Gestures", "Shapes", "Storage", "Canvas", "DrawingTesting", "Rendering", "TouchTracker",
                "SeededRandom", "CX11", "CXTest", "XTestHarness",
            ]),

        // Tests: one target per module; EndToEndTests start their own Xvfb.
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "SeededRandom"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Timing", "SeededRandom", "TestSupport"]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "Shapes", "SeededRandom"]),
        .testTarget(name: "ShapesTests", dependencies: ["Shapes", "Canvas", "DrawingTesting", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "StorageTests", dependencies: ["Storage", "Shapes", "DrawingTesting", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "Shapes", "Storage", "Canvas", "CCairo", "DrawingTesting", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "TouchTrackerTests",
            dependencies: [
                "TouchTracker", "Gestures", "Timing", "Shapes", "Storage", "Canvas", "DrawingTesting", "SeededRandom",
                "TestSupport",
            ]),
        // The regression suite in users' terms: the sessions recorded in Tests/Recordings, replayed.
        .testTarget(name: "RecordingTests", dependencies: ["TouchTracker", "Shapes", "Storage"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "Gestures", "Timing"]),
        // With a real dbus-daemon and a fake portal when dbus-daemon is installed.
        .testTarget(name: "FileChooserTests", dependencies: ["FileChooser", "Timing", "TestSupport", "PortalTesting"]),
        .testTarget(name: "XShellTests", dependencies: ["XShell", "Desktop", "TouchTracker", "Shapes", "Storage", "Rendering", "CX11"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "CX11", "CCairo", "XTestHarness", "Shapes", "Storage", "DrawingTesting", "TouchTracker", "touchtracker",
                "SeededRandom", "TestSupport", "FileChooser", "PortalTesting",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
