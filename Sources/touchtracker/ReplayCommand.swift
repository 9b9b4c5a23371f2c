// touchtracker --replay REC: a recorded session taken again, without a display or in a window.
import Rendering
import Storage
import TouchTracker
import XShell
#if canImport(Glibc)
import Glibc
#endif

enum ReplayCommand {
    /// The largest recording read: about ten hours of a 125 Hz mouse moving all the time.
    static let largestRecording = 1 << 30

    /// Reads the recording at `path`, or exits 1 saying why not.
    static func read(_ path: FilePath) -> Recording {
        let recording: Recording
        do {
            recording = try RecordingFormat.decode(try AppendOnlyFile.contents(of: path, limit: largestRecording))
        } catch {
            fail("cannot replay \(path): \(error)", status: 1)
        }
        if recording.wasCut { StandardError.write("touchtracker: \(path) ends with a line cut short; replaying what comes before it") }
        return recording
    }

    /// Plays the recording in a window at its pace (`--play`) until the window is closed.
    static func play(_ options: LaunchOptions, recordingPath: FilePath) -> Never {
        let recording = read(recordingPath)
        let player: Player
        do {
            player = try Player(connection: try XConnection(name: nil), recording: recording, geometry: options.geometry,
                                tracing: options.traceGestures)
        } catch {
            fail("\(error)", status: 1)
        }
        exit(player.run())
    }

    /// Takes every step of the recording without a display, tracing as the session did under
    /// `--trace-gestures`; the drawing it ends with is saved to FILE (only where there is no file) and
    /// exported to OUT. Exits 0, or 1 when a file cannot be written.
    static func run(_ options: LaunchOptions, recordingPath: FilePath) -> Never {
        let output = options.exportPath.map { path in (path, Exporter.Format(accepted: path)) }
        if let file = options.documentPath, let out = options.exportPath, file == out || DocumentStore.isSameFile(file, out) {
            fail("--export \(out) and FILE name the same file; name another", status: 1)
        }
        let replay = Replay(read(recordingPath), tracing: options.traceGestures)
        while let effects = replay.next() {
            for case .trace(let line) in effects where options.traceGestures { StandardError.write(line) }
        }
        let drawing = replay.core.model.drawing
        if let path = options.documentPath {
            switch DocumentStore(path: path).save(drawing, replacing: nil) {
            case .saved: break
            case .changedOnDisk: fail("not saving the replay to \(path): a file is there (a replay writes only a new file)", status: 1)
            case .failed(let error): fail("\(error)", status: 1)
            }
        }
        if let (path, format) = output {
            do {
                try Exporter.export(drawing, to: path, format: format, scale: options.exportScale ?? 1, links: .followedWhenTrusted)
            } catch {
                fail("cannot export \(path): \(error)", status: 1)
            }
        }
        exit(0)
    }
}
