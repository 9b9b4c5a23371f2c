// swift-tools-version:6.0
// TouchTracker for X11: a drawing program whose heart is a gesture engine.
// Module boundaries (see README "Architecture"):
//   Timing, Gestures, Document, TouchTracker: Swift (Document also uses libc for fsync and rename), no X,
//   no Cairo: testable without a display.
//   Rendering: the only Cairo user (besides XShell's window surface).
//   XShell: the only importer of CX11 in the program.
//   XTestHarness: Xvfb, child processes and an XTest client for the end-to-end tests and the bench only.
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
            providers: [.apt(["libx11-dev", "libxi-dev", "libxrandr-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CXTest", pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev", "libxdamage-dev"])]),

        // Pure Swift.
        .target(name: "SeededRandom"),  // repeatable random streams: the fuzzer, the bench, the tests
        .target(name: "Timing"),
        .target(name: "Gestures", dependencies: ["Timing"]),
        .target(name: "Document", dependencies: ["SeededRandom"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "TouchTracker", dependencies: ["Timing", "Gestures", "Document"]),

        // Cairo and X.
        .target(name: "Rendering", dependencies: ["CCairo", "Document"]),
        .target(name: "XShell", dependencies: ["CX11", "CCairo", "Rendering", "TouchTracker", "Timing", "Gestures", "Document"]),

        // Programs.
        .executableTarget(name: "touchtracker", dependencies: ["XShell", "TouchTracker", "Rendering", "Document"]),

        // Driving the real program from outside: the end-to-end tests and the bench's X path.
        .target(name: "XTestHarness", dependencies: ["CX11", "CXTest"]),
        .executableTarget(
            name: "touchtracker-bench",
            dependencies: ["Timing", "Gestures", "Document", "Rendering", "TouchTracker", "SeededRandom", "CX11", "CXTest", "XTestHarness"]),

        // Tests: one target per module; EndToEndTests start their own Xvfb.
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "SeededRandom"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Timing", "SeededRandom"]),
        .testTarget(name: "DocumentTests", dependencies: ["Document", "SeededRandom"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Document", "CCairo", "SeededRandom"]),
        .testTarget(name: "TouchTrackerTests", dependencies: ["TouchTracker", "Gestures", "Timing", "Document", "SeededRandom"]),
        .testTarget(name: "XShellTests", dependencies: ["XShell", "CX11"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["CX11", "XTestHarness", "Document", "touchtracker", "SeededRandom"]),
    ],
    swiftLanguageModes: [.v6]
)
