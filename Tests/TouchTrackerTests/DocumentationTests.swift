import Foundation
import Testing
@testable import TouchTracker

/// The documents say what the code's tables say: the README, `docs/` and the man page list the keys of
/// `KeyBindings.table`, the pointer actions of `PointerActions.table`, the tools of `Tool.table` and the options
/// of `LaunchOptions.table` row for row, and the help and `--help` are made from the same tables. A row added,
/// changed or removed in the code without the documents (or the other way round) fails here; so does a
/// relative link in the README or `docs/` to a file or heading that is not there, and a type the
/// architecture's event path names that `Sources` does not declare.
@Suite("The documents list the code's tables, and their links lead somewhere")
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

    /// A Markdown table's rows under `header`: the separator, then one row a line.
    private func table(in path: String, header: String) throws -> [String] {
        try section(of: try text(path), from: header, until: "#").map(String.init)
    }

    /// `text` as troff spells it: an en dash \(en, a degree sign \(de.
    private func troff(_ text: String) -> String {
        text.replacingOccurrences(of: "–", with: "\\(en").replacingOccurrences(of: "°", with: "\\(de")
    }

    /// A man page entry: the term in bold, then the description as a sentence.
    /// A section's lines as strings (typed, so that the comparisons with them type-check quickly).
    private func strings(_ lines: some Sequence<Substring>) -> [String] { lines.map { (line: Substring) -> String in String(line) } }

    private func manEntry(_ term: String, _ description: String) -> [String] {
        [".TP", ".B " + troff(term), troff(description.prefix(1).uppercased() + description.dropFirst() + ".")]
    }

    /// `--help`'s text with every run of spaces and line breaks made one space, so that a wrapped row reads whole.
    private var usageWords: String {
        LaunchOptions.usage.split(whereSeparator: \.isWhitespace).joined(separator: " ") + " "
    }

    // MARK: - Keys

    @Test func theReadmesKeyTableIsTheKeyTable() throws {
        let expected = ["|---|---|"] + KeyBindings.table.map { "| \($0.keys) | \($0.effect) |" }
        #expect(try table(in: "README.md", header: "| key | effect |") == expected)
    }

    @Test func theManPagesKeysAreTheKeyTable() throws {
        let rows = try section(of: try text("assets/touchtracker.1"), from: ".SH KEYS", until: ".SH")
        let expected: [String] = KeyBindings.table.flatMap { (binding: KeyBinding) -> [String] in manEntry(binding.keys, binding.effect) }
        #expect(strings(rows) == expected)
    }

    @Test func theUsageListsEveryBinding() {
        for binding in KeyBindings.table {
            #expect(usageWords.contains(" \(binding.keys) \(binding.effect) "), "\(binding.keys)")
        }
    }

    // MARK: - Pointer actions

    @Test func theReadmesPointerTablesAreThePointerTable() throws {
        let groups: [(header: String, group: PointerAction.Group)] = [
            ("| mouse | effect |", .mouse), ("| touch and stylus | effect |", .touchAndStylus),
        ]
        for (header, group) in groups {
            let expected = ["|---|---|"] + PointerActions.rows(group).map { "| \($0.action) | \($0.effect) |" }
            #expect(try table(in: "README.md", header: header) == expected, "\(header)")
        }
    }

    @Test func theManPagesPointerActionsAreThePointerTable() throws {
        let man = try text("assets/touchtracker.1")
        let mouse = try section(of: man, from: ".SH MOUSE", until: ".SH")
        func entries(_ rows: [PointerAction]) -> [String] { rows.flatMap { (row: PointerAction) -> [String] in manEntry(row.action, row.effect) } }
        #expect(strings(mouse) == entries(PointerActions.rows(.mouse)))
        let touch = try section(of: man, from: ".SH TOUCH AND STYLUS", until: ".SH").drop { $0 != ".TP" }
        #expect(strings(touch) == entries(PointerActions.rows(.touchAndStylus)))
    }

    @Test func theHelpAndTheUsageListEveryPointerAction() {
        for action in PointerActions.table {
            #expect(HelpPanel.rows.contains("\(action.action): \(action.effect)"), "\(action.action)")
            #expect(usageWords.contains(" \(action.action) \(action.effect) "), "\(action.action)")
        }
    }

    @Test func everyGestureOfTheAppHasARowInThePointerTable() {
        for gesture in AppGesture.allCases {
            #expect(PointerActions.table.contains { $0.gesture == gesture }, "\(gesture)")
        }
    }

    // MARK: - Tools

    @Test func theReadmesToolTableIsTheToolTable() throws {
        let expected = ["|---|---|---|---|"] + Tool.table.map { "| \($0.name) | \($0.key.uppercased()) | \($0.cursor) | \($0.help) |" }
        #expect(try table(in: "README.md", header: "| tool | key | cursor | what it does |") == expected)
    }

    @Test func theManPagesToolsAreTheToolTable() throws {
        let rows = try section(of: try text("assets/touchtracker.1"), from: ".SH TOOLS", until: ".SH")
        let expected: [String] = Tool.table.flatMap { (tool: Tool) -> [String] in
            let help: String = tool.help.prefix(1).uppercased() + tool.help.dropFirst() + "."
            return [".TP", ".BR \(tool.name) \" (\(tool.key.uppercased()))\"", troff(help)]
        }
        #expect(strings(rows.drop { $0 != ".TP" }) == expected)
    }

    @Test func theHelpAndTheUsageListEveryTool() {
        for tool in Tool.table {
            #expect(HelpPanel.rows.contains { $0.hasPrefix("\(tool.key.uppercased()): ") && $0.hasSuffix(tool.help) }, "\(tool.name)")
            #expect(usageWords.contains(" \(tool.key.uppercased()) \(tool.name) tool: \(tool.help) "), "\(tool.name)")
        }
    }

    // MARK: - Options

    @Test func theCommandLineDocsOptionTableIsTheOptionTable() throws {
        let expected = ["|---|---|"] + LaunchOptions.table.map { option in
            "| `\(option.synopsis.replacingOccurrences(of: "|", with: "\\|"))` | \(option.meaning) |"
        }
        #expect(try table(in: "docs/command-line.md", header: "| option | meaning |") == expected)
    }

    @Test func theUsageAndTheManPageNameEveryOption() throws {
        let options = try section(of: try text("assets/touchtracker.1"), from: ".SH OPTIONS", until: ".SH")
        for option in LaunchOptions.table {
            #expect(usageWords.contains(" \(option.synopsis) \(option.meaning) "), "\(option.synopsis)")
            let name = option.name.replacingOccurrences(of: "-", with: "\\-")
            #expect(options.contains { $0.hasPrefix(".") && $0.split(separator: " ").dropFirst().first.map(String.init) == name },
                    "the man page's OPTIONS has no entry for \(option.name)")
        }
    }

    @Test func everyOptionOfTheTableIsOneTheCommandLineKnows() {
        for option in LaunchOptions.table where option.name.hasPrefix("--") {
            if case .invalid(let message) = LaunchOptions.parse([String(option.name)]) {
                #expect(!message.hasPrefix("unknown option"), "\(option.name): \(message)")
            }
        }
    }

    // MARK: - Links and names

    /// The Markdown files a reader starts from: the README and everything in docs/.
    private func markdownFiles() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The anchors GitHub gives the headings of a Markdown text: lower case, spaces as hyphens, punctuation
    /// other than hyphens and underscores dropped. Code blocks hold no headings.
    private func anchors(of markdown: String) -> Set<String> {
        var anchors: Set<String> = [], inCode = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            anchors.insert(String(title.compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            }))
        }
        return anchors
    }

    /// `link`, relative to the folder of `file`, as a path from the repository's root ("../README.md" from
    /// "docs/tests.md" is "README.md").
    private func resolved(_ link: String, from file: String) -> String {
        var components = file.split(separator: "/").dropLast().map(String.init)
        for component in link.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    @Test func everyRelativeLinkLeadsToAFileAndAHeadingThatExist() throws {
        let files = try markdownFiles()
        #expect(files.count >= 8, "the README and the seven documents of docs/: \(files)")
        let link = #/\]\(([^)\s]+)\)/#
        var checked = 0
        for file in files {
            let markdown = try text(file)
            for match in markdown.matches(of: link) {
                let target = String(match.output.1)
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = parts[0].isEmpty ? file : resolved(String(parts[0]), from: file)
                let full = Self.root.appendingPathComponent(path).path
                #expect(FileManager.default.fileExists(atPath: full), "\(file): \(target) leads to no file")
                if parts.count == 2, path.hasSuffix(".md"), let linked = try? text(path) {
                    #expect(anchors(of: linked).contains(String(parts[1])), "\(file): \(target) leads to no heading")
                }
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    /// Every capitalised name in the architecture's event path is a type declared in `Sources` or a module
    /// there, and every `Type.member` names something declared (X's own calls and events aside).
    @Test func theEventPathNamesOnlyWhatSourcesDeclares() throws {
        let architecture = try text("docs/architecture.md")
        let afterHeading = try #require(architecture.range(of: "## One event's path")).upperBound
        let block = try #require(architecture[afterHeading...].firstMatch(of: #/```\n([\s\S]*?)```/#)).output.1
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        // What Sources declares: the word after each of these keywords; a type's members are those declared in
        // the files that declare or extend it.
        let typeKeywords: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        let memberKeywords: Set<Substring> = ["func", "case", "var", "let"]
        var types: Set<String> = Set(sources.filter { !$0.contains("/") }), members: [String: Set<String>] = [:]
        for file in sources where file.hasSuffix(".swift") {
            let words = try text("Sources/" + file).split { !($0.isLetter || $0.isNumber || $0 == "_") }
            var fileTypes: Set<String> = [], fileMembers: Set<String> = []
            for (keyword, word) in zip(words, words.dropFirst()) {
                if typeKeywords.contains(keyword) { types.insert(String(word)); fileTypes.insert(String(word)) }
                if keyword == "extension" { fileTypes.insert(String(word)) }
                if memberKeywords.contains(keyword) { fileMembers.insert(String(word)) }
            }
            for type in fileTypes { members[type, default: []].formUnion(fileMembers) }
        }
        let fromX: Set<Substring> = ["XEvent", "XIDeviceEvent", "XShmPutImage", "XPutImage"]
        var names = 0
        for match in block.matches(of: #/\b([A-Z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*))?/#) where !fromX.contains(match.output.1) {
            let isDeclared = types.contains(String(match.output.1))
            #expect(isDeclared, "\(match.output.1) is neither a type nor a module in Sources")
            if let member = match.output.2 {
                let isMember = members[String(match.output.1)]?.contains(String(member)) == true
                #expect(isMember, "\(match.output.1).\(member) is not declared in Sources")
            }
            names += 1
        }
        #expect(names > 20)
    }
}
