/// How wide text is in the panels' face (Cairo's "sans-serif"), without Cairo: the app lays panels out
/// (menus, the help, notices, tooltips) and must know that their text fits before Rendering draws it.
///
/// An upper bound, not a guess: each printable ASCII character takes its advance in DejaVu Sans (the
/// widest of the sans-serif faces desktops map "sans-serif" to; Liberation Sans and Noto Sans are
/// narrower), in thousandths of the font size, rounded up to a whole pixel (Cairo hints metrics: each
/// advance is rounded to the device's pixels); any other character takes a whole em, as wide as the
/// widest ("…", "—"). Cairo's toy text API neither kerns nor shapes, so a string is as wide as its
/// characters' advances. `Tests/RenderingTests` measures the face installed against this table.
public enum TextMeasure {
    /// The advances of " " (32) to "~" (126), in 1/1000 em.
    private static let asciiAdvances: [Int] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,  // space to /
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,  // 0 to ?
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,  // @ to O
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,  // P to _
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,  // ` to o
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,  // p to ~
    ]

    /// The advance of `character` in 1/1000 em.
    static func advance(of character: Character) -> Int {
        guard let ascii = character.asciiValue, ascii >= 32, ascii < 127 else { return 1000 }
        return asciiAdvances[Int(ascii) - 32]
    }

    /// How wide `text` is at `fontSize` px: at most this.
    public static func width(of text: some StringProtocol, fontSize: Double) -> Double {
        text.reduce(0) { $0 + (Double(advance(of: $1)) * fontSize / 1000).rounded(.up) }
    }

    /// `text` broken into lines no wider than `width` at `fontSize`: at spaces where it can be, inside a word
    /// only where one word alone is wider. Never an empty list (an empty text is one empty line).
    public static func wrap(_ text: String, toWidth width: Double, fontSize: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if self.width(of: candidate, fontSize: fontSize) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if !line.isEmpty, self.width(of: line + String(character), fontSize: fontSize) > width {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        lines.append(line)
        return lines
    }
}
