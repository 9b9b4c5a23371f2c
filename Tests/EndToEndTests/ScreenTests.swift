import CX11
import Foundation
import Testing
import XTestHarness

/// Screens other than 24-bit, and the two ways pixels reach the server (shared memory, the socket): the
/// book's colours on white, read back in the screen's own depth.
@Suite("Every screen, end to end", .serialized)
struct ScreenTests {
    /// The book's colours as a screen of `depth` stores them: 5-6-5 at 16 bits, 10-10-10 at 30.
    struct StoredColours {
        let white, black, red, green: UInt

        init(depth: Int) {
            switch depth {
            case 16: (white, black, red, green) = (0xFFFF, 0, 0xF800, 0x07E0)
            case 30: (white, black, red, green) = (0x3FFF_FFFF, 0, 0x3FF0_0000, 0x000F_FC00)
            default: (white, black, red, green) = (0xFF_FFFF, 0, 0xFF_0000, 0x00_FF00)
            }
        }
    }

    @Test(arguments: [16, 30, 24], [false, true])
    func theWindowDrawsRedBlackAndGreenOnWhiteInTheScreensDepth(depth: Int, sharedMemory: Bool) throws {
        let running = try RunningApp(environment: sharedMemory ? [:] : ["TOUCHTRACKER_NO_SHM": "1"],
                                     screen: "1024x768x\(depth)")
        let client = running.client, window = running.window
        #expect(client.depth(of: window) == depth, "the window is as deep as the screen")
        let stored = StoredColours(depth: depth)
        func value(_ x: Int, _ y: Int) -> UInt? { client.pixelValue(window, x, y)?.value }

        // The first frame may reach the server in several bands (converted without shared memory): wait for
        // this pixel's, then read it in the screen's depth.
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white)
        #expect(value(150, 100) == stored.white)
        client.drag(from: (50, 100), to: (250, 100))
        #expect(running.waitForPixel(150, 100, toBe: Colours.red) == Colours.red)
        #expect(value(150, 100) == stored.red)
        client.release()
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)
        #expect(value(150, 100) == stored.black)
        #expect(value(150, 130) == stored.white)
        client.move(to: 150, 104)
        client.press()
        usleep(20_000)
        client.release()
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green, "a click selects")
        #expect(value(150, 100) == stored.green)
    }

    @Test func sharedMemoryIsUsedOnALocalServerAndNotWhenTurnedOff() throws {
        let shared = try RunningApp()
        #expect(shared.app.sharedSegments > 0, "a local Xvfb with MIT-SHM")
        let plain = try RunningApp(environment: ["TOUCHTRACKER_NO_SHM": "1"])
        #expect(plain.app.sharedSegments == 0)
    }

    @Test func aSharedSegmentGoesWhenItsBufferIsReplacedAndWhenTheProcessIsKilled() throws {
        let running = try RunningApp(geometry: "300x200+0+0")
        for (width, height) in [(500, 400), (260, 180), (640, 480)] {
            running.client.resize(running.window, width: width, height: height)
            #expect(running.waitForPixel(width - 5, height - 5, toBe: Colours.white) == Colours.white)
        }
        #expect(running.app.sharedSegments == 1, "only the buffer in use is mapped")
        let pid = running.app.pid
        #expect(Self.segments(createdBy: pid) == 1)
        kill(pid, SIGKILL)
        _ = running.app.waitForExit()
        #expect(waitUntil(timeout: 5) { Self.segments(createdBy: pid) == 0 },
                "the server detached on the disconnection, and the segment is gone")
    }

    /// The System V shared memory segments whose creator is `pid` (/proc/sysvipc/shm: key shmid perms size cpid ...).
    static func segments(createdBy pid: Int32) -> Int {
        let table = (try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 && fields[4] == "\(pid)"
        }.count
    }
}
