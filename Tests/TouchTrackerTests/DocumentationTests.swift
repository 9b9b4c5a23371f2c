import Foundation
import Testing
@testable import TouchTracker

/// The README and the man page list the keys of `KeyBindings.table` and the tools of `Tool.table`, row for
/// row, and the help and `--help` name every tool: a binding or a tool added, changed or removed in the code
/// without the documents (or the other way round) fails here.
@Suite("The documents list the key table and the tools")
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
            [".TP", ".B " + troff(binding.keys), troff(binding.effect.prefix(1).uppercased() + binding.effect.dropFirst() + ".")]
        }
        #expect(rows.map(String.init) == expected)
    }

    /// `text` as troff spells it: an en dash \(en, a degree sign \(de.
    private func troff(_ text: String) -> String {
        text.replacingOccurrences(of: "–", with: "\\(en").replacingOccurrences(of: "°", with: "\\(de")
    }

    @Test func theReadmesToolTableIsTheToolTable() throws {
        let rows = try section(of: try text("README.md"), from: "| tool | key | cursor | what it does |", until: "#")
        let expected = ["|---|---|---|---|"] + Tool.table.map { "| \($0.name) | \($0.key.uppercased()) | \($0.cursor) | \($0.help) |" }
        #expect(rows.map(String.init) == expected)
    }

    @Test func theManPagesToolsAreTheToolTable() throws {
        let rows = try section(of: try text("assets/touchtracker.1"), from: ".SH TOOLS", until: ".SH")
        let expected = Tool.table.flatMap { tool in
            [".TP", ".BR \(tool.name) \" (\(tool.key.uppercased()))\"", troff(tool.help.prefix(1).uppercased() + tool.help.dropFirst() + ".")]
        }
        #expect(Array(rows.drop { $0 != ".TP" }.map(String.init)) == expected)
    }

    @Test func theHelpAndTheUsageListEveryTool() {
        for tool in Tool.table {
            #expect(HelpPanel.rows.contains { $0.hasPrefix("\(tool.key.uppercased()): ") && $0.hasSuffix(tool.help) }, "\(tool.name)")
            #expect(LaunchOptions.usage.split(separator: "\n").contains {
                $0.hasPrefix("  \(tool.key.uppercased()) ") && $0.hasSuffix("\(tool.name) tool: \(tool.help)")
            }, "\(tool.name)")
        }
    }

    @Test func theUsageListsEveryBinding() {
        for binding in KeyBindings.table {
            #expect(LaunchOptions.usage.split(separator: "\n").contains {
                $0.hasPrefix("  \(binding.keys) ") && $0.hasSuffix(binding.effect)
            }, "\(binding.keys)")
        }
    }
}
