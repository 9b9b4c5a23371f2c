import CX11
#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// Against Xournal++ (Debian's `xournalpp`, which `make bench` installs): the same 10,000 lines open in
// each program in turn on the bench's Xvfb, the same paced 1 kHz drag over them (`streamCost`: a press
// in the middle of the drawing, then motion around a circle of 150 px), and the CPU of the program and
// the X server over the drag, less the server's floor for the same input with no window, measured in
// the same round. Three rounds, each program's figure and the ratio the median of the three.
//
// Xournal++ runs with a private HOME and XDG folders holding only its settings: the window as large as
// the screen, no sidebar, no autosave, the pen red (so its stroke shows on the black lines, as ours
// shows red) and very thick (5.67 pt, the nearest to our 10 px). Its page is 800 x 600 pt at 100% zoom,
// 1 pt a pixel at its default 72 dpi, so the lines are where ours are, a pixel for a pixel; the page is
// found on screen by its top-left corner, which no line reaches (70 x 70 px, white). Each drag must
// leave red pixels around its centre, else the figures are not recorded: the drag would have drawn nothing.
extension XPathBench {
    static let comparedDrawing = (count: 10_000, label: "10k")
    static let comparisonRounds = 3

    /// One program's figures for one round.
    private struct DragCost {
        /// App and server, less the floor, in % of a core.
        var net: Double
        var app: Double
        var server: Double
        var residentBytes: Int
    }

    func measureAgainstXournal(_ report: inout BenchReport) {
        let label = Self.comparedDrawing.label
        let keys = ["x_cpu_ratio_vs_xournalpp_1khz_\(label)", "x_net_cpu_percent_1khz_\(label)",
                    "xournalpp_net_cpu_percent_1khz_\(label)", "app_rss_mb_\(label)", "xournalpp_rss_mb_\(label)"]
        func unavailable(_ reason: String) {
            report.row("  Xournal++: n/a (\(reason))")
            for key in keys { report.record(key, .nan) }
        }
        guard let xournal = XvfbServer.executable("xournalpp") else {
            return unavailable("not installed: `make bench` installs Debian's xournalpp")
        }
        let document = folder + "/lines-\(label).xopp", home = folder + "/xournalpp-home"
        let segments = BenchDrawing.segments(count: Self.comparedDrawing.count)
        guard writeXournalDocument(segments, to: document), writeXournalSettings(home: home) else {
            return unavailable("cannot write its document or settings in \(folder)")
        }
        var rounds: [(ours: DragCost, theirs: DragCost, floor: Double)] = []
        for round in 1...Self.comparisonRounds {
            let floor = streamCost(of: nil, seconds: Self.streamSeconds(report)) {}.server
            guard let ours = oursDragCost(floor: floor, &report) else { return unavailable("our drag drew nothing") }
            guard let theirs = xournalDragCost(xournal, document: document, home: home, floor: floor, &report) else {
                return unavailable("Xournal++ did not show the drawing within \(Self.patience / 1_000_000_000) s, or its drag drew nothing")
            }
            report.row("  round \(round): floor \(floor.rounded(toPlaces: 1))%; ours app \(ours.app.rounded(toPlaces: 1))% + server "
                       + "\(ours.server.rounded(toPlaces: 1))%, Xournal++ app \(theirs.app.rounded(toPlaces: 1))% + server "
                       + "\(theirs.server.rounded(toPlaces: 1))%; RSS ours \(ours.residentBytes / 1_048_576) MB, "
                       + "Xournal++ \(theirs.residentBytes / 1_048_576) MB")
            rounds.append((ours, theirs, floor))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let ratios = rounds.map { $0.ours.net / max($0.theirs.net, 0.1) }
        report.record(keys[0], median(ratios).rounded(toPlaces: 2),
                      unit: "ours / Xournal++, app and server less the floor, median of \(rounds.count) (goal <= 0.2)")
        report.record(keys[1], median(rounds.map(\.ours.net)).rounded(toPlaces: 1), unit: "% of a core, app and server less the floor")
        report.record(keys[2], median(rounds.map(\.theirs.net)).rounded(toPlaces: 1), unit: "% of a core, Xournal++ and server less the floor")
        report.record(keys[3], median(rounds.map { Double($0.ours.residentBytes) / 1_048_576 }).rounded(toPlaces: 1), unit: "MB, RSS during the drag")
        report.record(keys[4], median(rounds.map { Double($0.theirs.residentBytes) / 1_048_576 }).rounded(toPlaces: 1), unit: "MB")
    }

    /// Our app on the drawing, its window at the screen's origin: its drag's cost, or nil when it drew nothing.
    private func oursDragCost(floor: Double, _ report: inout BenchReport) -> DragCost? {
        let (count, label) = Self.comparedDrawing
        guard let app = launchShowing(count: count, label: label, &report) else { return nil }
        defer { app.process.stop() }
        return dragCost(of: app.process, window: app.window, centre: Self.point(0, 0), origin: (0, 0), floor: floor, &report)
    }

    /// Xournal++ on the same lines: its drag's cost, or nil when it did not show them or drew nothing.
    private func xournalDragCost(_ executable: String, document: String, home: String, floor: Double,
                                 _ report: inout BenchReport) -> DragCost? {
        var environment = ChildProcess.inheritedEnvironment
        environment["DISPLAY"] = server.name
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/.config"
        environment["XDG_DATA_HOME"] = home + "/.local/share"
        environment["XDG_CACHE_HOME"] = home + "/.cache"
        environment["NO_AT_BRIDGE"] = "1"  // no accessibility bus to look for
        guard let process = try? ChildProcess(path: executable, arguments: [document], environment: environment,
                                              standardOutput: .discarded, standardError: .discarded) else { return nil }
        defer { process.stop() }
        let start = monotonicNanoseconds()
        var shown: (window: Window, page: (x: Int, y: Int))?
        while shown == nil, monotonicNanoseconds() - start < Self.patience, process.isRunning {
            if let window = client.viewableWindow(ofProcess: process.pid), let page = pageOrigin(in: window),
               client.pixel(window, page.x + BenchDrawing.width / 2, page.y + BenchDrawing.height / 2) == BenchColour.black {
                shown = (window, page)
            } else {
                usleep(50_000)
            }
        }
        guard let shown else { return nil }
        report.row("  Xournal++ showed the drawing \(milliseconds(monotonicNanoseconds() - start)) ms after spawn, its page at "
                   + "(\(shown.page.x), \(shown.page.y)) in its window")
        let middle = Self.point(0, 0)
        let origin = screenPosition(of: shown.window)
        let centre = (x: origin.x + shown.page.x + middle.x, y: origin.y + shown.page.y + middle.y)
        return dragCost(of: process, window: shown.window, centre: centre, origin: origin, floor: floor, &report)
    }

    /// A press at `centre` (screen coordinates), the 1 kHz stream around it, and the release: the CPU of
    /// `process` and the server over the stream, less `floor`; nil when no red pixel appeared around the centre.
    private func dragCost(of process: ChildProcess, window: Window, centre: (x: Int, y: Int), origin: (x: Int, y: Int),
                          floor: Double, _ report: inout BenchReport) -> DragCost? {
        client.move(to: centre.x, centre.y)
        client.press()
        defer { client.release(); client.sync() }
        usleep(UInt32(2 * Self.assumedRefresh / 1_000))
        let stream = streamCost(of: process, seconds: Self.streamSeconds(report), around: centre) {}
        let resident = process.residentBytes ?? 0
        // The stroke in progress, red: somewhere within the circle the drag went round.
        usleep(UInt32(2 * Self.assumedRefresh / 1_000))
        let (x, y) = (centre.x - origin.x, centre.y - origin.y)
        guard client.pixels(window, x: x - 155, y: y - 155, width: 311, height: 311).contains(BenchColour.red) else {
            report.row("  no red pixel within the drag's circle: the drag drew nothing")
            return nil
        }
        return DragCost(net: stream.app + stream.server - floor, app: stream.app, server: stream.server, residentBytes: resident)
    }

    /// The top-left corner of Xournal++'s page in `window`: the first pixel, row by row, of a white square
    /// of 64 px (the drawing's empty corner; its toolbars have no such square). Nil while there is none.
    private func pageOrigin(in window: Window) -> (x: Int, y: Int)? {
        guard let size = client.size(of: window) else { return nil }
        let side = 64
        let pixels = client.pixels(window, x: 0, y: 0, width: size.width, height: size.height)
        guard pixels.count == size.width * size.height else { return nil }
        func white(_ x: Int, _ y: Int) -> Bool { pixels[y * size.width + x] == BenchColour.white }
        for y in 0..<(size.height - side) {
            var run = 0
            for x in 0..<size.width {
                run = white(x, y) ? run + 1 : 0
                guard run >= side else { continue }
                let left = x - side + 1
                if (y..<(y + side)).allSatisfy({ row in (left..<(left + side)).allSatisfy { white($0, row) } }) {
                    return (left, y)
                }
            }
        }
        return nil
    }

    /// Where `window`'s origin is on the screen.
    private func screenPosition(of window: Window) -> (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(client.display, window, client.root, 0, 0, &x, &y, &child)
        return (Int(x), Int(y))
    }

    /// The lines as a Xournal++ document: one page of the bench's window size, white, one layer, each line
    /// a black pen stroke of two points 10 wide. Written uncompressed: Xournal++ reads its files through
    /// zlib's gzread, which takes plain XML as it is.
    private func writeXournalDocument(_ segments: [BenchSegment], to path: String) -> Bool {
        var text = #"<?xml version="1.0" standalone="no"?>"# + "\n" + #"<xournal creator="touchtracker-bench" fileversion="4">"# + "\n"
        text += #"<title>Xournal++ document - see https://github.com/xournalpp/xournalpp</title>"# + "\n"
        text += #"<page width="\#(BenchDrawing.width)" height="\#(BenchDrawing.height)">"# + "\n"
        text += ##"<background type="solid" color="#ffffffff" style="plain"/>"## + "\n<layer>\n"
        for segment in segments {
            text += ##"<stroke tool="pen" color="#000000ff" width="10">\##(segment.begin.x) \##(segment.begin.y) "##
            text += "\(segment.end.x) \(segment.end.y)</stroke>\n"
        }
        text += "</layer>\n</page>\n</xournal>\n"
        return BenchDrawing.writeFile(text, to: path)
    }

    /// Xournal++'s settings in a private HOME: the settings it reads at start, nothing else there.
    private func writeXournalSettings(home: String) -> Bool {
        for path in [home, home + "/.config", home + "/.config/xournalpp", home + "/.local", home + "/.local/share", home + "/.cache"] {
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
        }
        let properties = [("mainWndWidth", "1024"), ("mainWndHeight", "768"), ("maximized", "false"), ("showSidebar", "false"),
                          ("autosaveEnabled", "false"), ("autoloadMostRecent", "false"), ("pressureSensitivity", "false")]
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<settings>\n"
        for (name, value) in properties { text += #"  <property name="\#(name)" value="\#(value)"/>"# + "\n" }
        text += """
              <data name="tools">
                <attribute name="current" type="string" value="pen"/>
                <data name="pen">
                  <attribute name="color" type="hex" value="ff0000"/>
                  <attribute name="drawingType" type="string" value="default"/>
                  <attribute name="size" type="string" value="VERY_BIG"/>
                </data>
              </data>
            </settings>

            """
        return BenchDrawing.writeFile(text, to: home + "/.config/xournalpp/settings.xml")
    }
}
