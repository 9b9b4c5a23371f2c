import Gestures
import Testing
import Timing

/// A stylus's kind and pressure, from input to the canvas, and the thresholds it takes.
@Suite struct StylusInputTests {
    /// The canvas's samples: contact name, kind, pressure.
    static func samples(_ t: Timeline) -> [String] {
        t.log.compactMap { entry in
            switch entry.output {
            case .contact(.began(let s)), .contact(.moved(let s)), .contact(.ended(let s)):
                "\(Timeline.name(of: s.contact)) \(s.source) \(s.pressure.map { "\($0)" } ?? "none")"
            default: nil
            }
        }
    }

    @Test("A pen's and an eraser's kind and pressure reach the canvas with every sample, a mouse's pressure is none")
    func kindAndPressureReachTheCanvas() {
        var t = Timeline(appEngine())
        t.run("P.down@10,10%0.25 10ms P.move@40,10%0.5 10ms P.up%0.75 500ms E.down@0,50%1 10ms E.move@30,50%0.5 E.up%0")
        t.run("500ms A.down@0,100 10ms A.move@30,100 A.up")
        #expect(Self.samples(t) == [
            "P pen 0.25", "P pen 0.5", "P pen 0.75", "E eraser 1.0", "E eraser 0.5", "E eraser 0.0",
            "A mouse none", "A mouse none", "A mouse none",
        ])
        t.expectRest()
    }

    @Test("A pen takes the mouse's thresholds: its second tap 5 px away is a double tap, 6 px is not",
          arguments: [(5.0, true), (6.0, false)])
    func penThresholds(apart: Double, double: Bool) {
        var t = Timeline(appEngine())
        t.run("P.down@0,0 50ms P.up 100ms P.down@\(apart),0 50ms P.up 500ms")
        #expect(t.gestures.contains("clear recognized") == double)
        t.expectRest()
    }

    @Test("An eraser's drag begins past the mouse's 8 px drag threshold, not the touch's 16 px")
    func eraserThresholds() {
        var t = Timeline(appEngine())
        t.run("E.down@0,0 10ms E.move@9,0")
        #expect(t.canvas == ["E began (0, 0)", "E moved (9, 0)"])
        t.run("E.up")
        t.expectRest()
    }

    @Test("Pen and eraser are pointers: they group with mice, never with fingers")
    func sourcesAndFamilies() {
        #expect(!InputSource.pen.isTouch && !InputSource.eraser.isTouch && InputSource.touch.isTouch)
        #expect(InputSources.pointers.contains(.pen) && InputSources.pointers.contains(.eraser))
        #expect(!InputSources.pointers.contains(.touch) && InputSources.all.contains(.touch))
        var t = Timeline(MultiContactRecognizerTests.circleEngine())
        t.run("P.down@10,10 100ms A.down@50,50 10ms A.up P.up 500ms P.down@10,10 100ms T1.down@50,50 10ms T1.up P.up")
        #expect(t.gestures == ["circle began", "circle ended"])
        t.expectRest()
    }
}
