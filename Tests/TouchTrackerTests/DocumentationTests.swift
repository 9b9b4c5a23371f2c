import Foundation
import Testing
import TouchTracker

/// The README and the man page list the keys of `KeyBindings.table`, row for row: a binding added, changed
/// or removed in the code without the documents (or the other way round) fails here.
@Suite("The documents list the key table")
struct DocumentationTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of `text` from the one starting with `start` up to (not including) the next blank line or
    /// line starting with `end`.
    private func section(of text: String, from start: String, until end: String) throws -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix(start) }, "no \(start)")
        let rest = lines[(first + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(end) && !$0.isEmpty })
    }

    @Test func theReadmesKeyTableIsTheKeyTable() throws {
        let rows = try section(of: try text("README.md"), from: "| key | effect |", until: "#")
        let expected = ["|---|---|"] + KeyBindings.table.map { "| \($0.keys) | \($0.effect) |" }
        #expect(rows.map(String.init) == expected)
    }

    @Test func theManPagesKeysAreTheKeyTable() throws {
        let rows = try section(of: try text("assets/touchtracker.1"), from: ".SH KEYS", until: ".SH")
        let expected = KeyBindings.table.flatMap { binding in
            // troff spells an en dash \(en
            [".TP", ".B " + binding.keys.replacingOccurrences(of: "–", with: "\\(en"),
             binding.effect.prefix(1).uppercased() + binding.effect.dropFirst() + "."]
        }
        #expect(rows.map(String.init) == expected)
    }

    @Test func theUsageListsEveryBinding() {
        for binding in KeyBindings.table {
            #expect(LaunchOptions.usage.split(separator: "\n").contains {
                $0.hasPrefix("  \(binding.keys) ") && $0.hasSuffix(binding.effect)
            }, "\(binding.keys)")
        }
    }
}
