import CX11
import Foundation
import Shapes
import Testing
import XTestHarness

/// Resident memory of `pid` in bytes, from /proc.
private func residentBytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kilobytes * 1024
}

@Suite("The window never costs a line, end to end", .serialized)
struct WindowSafetyTests {
    @Test func aWindowResizedTo32767PixelsASideCostsWhatTheScreenCostsAndTheNextEditIsSaved() throws {
        let running = try RunningApp()
        let before = try #require(residentBytes(of: running.app.pid))
        running.client.resize(running.window, width: 32767, height: 32767)
        #expect(waitUntil(timeout: 5) { running.client.size(of: running.window)?.width == 32767 })
        running.drawLine(from: (50, 100), to: (250, 100))  // drawn after the resize was handled (events in order)
        let after = try #require(residentBytes(of: running.app.pid))
        // The whole window would take 3 × 4 GiB; the part on screen (1024x768) takes 9 MiB.
        #expect(after < before + 64 << 20, "resident memory grew from \(before >> 20) to \(after >> 20) MiB")
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.count == 1 }, "the line drawn after the resize was saved")
        #expect(running.app.child.isRunning)
        #expect(running.app.standardError == "")
    }

    @Test func aGeometryLargerThanTheScreenIsMadeAsLargeAsTheScreen() throws {
        let running = try RunningApp(geometry: "32767x20000+0+0")
        let size = try #require(running.client.size(of: running.window))
        #expect(size.width == 1024 && size.height == 768, "the window is \(size) on a 1024x768 screen")
        running.drawLine(from: (900, 700), to: (1000, 700))
    }

    @Test func aWindowDestroyedByAnotherProgramSavesAndExitsSayingSoInOneLine() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.destroy(running.window)  // at once: before the autosave
        #expect(running.app.waitForExit() == 0)
        #expect((try? running.savedDrawing())?.shapes.count == 1)
        #expect(running.app.standardError
                == "touchtracker: the window was destroyed by another program; the drawing is saved in \(running.documentPath)\n")
    }
}
