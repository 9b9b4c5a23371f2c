import Shapes

/// The pen as the file that remembers it between runs holds it: three or four lines of text,
///
///     colour #1E50DC        (or: colour by-angle)
///     width 16
///     speed off             (or: speed on)
///     tool circle           (a name in `Tool.table`; only when not the standard tool)
///     toolbar off           (only when the toolbar is hidden)
///
/// read strictly: anything else is no pen (the default is used). A pen with the standard tool is written
/// in three lines, as before there were tools, so a file from before tools reads as the line tool and an
/// earlier version of the program still reads the pens it can draw with.
extension Pen {
    public var fileBytes: [UInt8] {
        let colourText: String
        switch colour {
        case .fixed(let colour): colourText = colour.description
        case .byAngle: colourText = "by-angle"
        }
        let widthText = width == width.rounded() ? String(Int(width)) : String(width)
        let toolText = tool == .standard ? "" : "tool \(tool.name)\n"
        let toolbarText = showsToolbar ? "" : "toolbar off\n"
        return Array("colour \(colourText)\nwidth \(widthText)\nspeed \(widthBySpeed ? "on" : "off")\n\(toolText)\(toolbarText)".utf8)
    }

    public init?(fileBytes: [UInt8]) {
        guard let text = String(validating: fileBytes, as: UTF8.self), text.hasSuffix("\n") else { return nil }
        var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        let showsToolbar = lines.last != "toolbar off"
        if !showsToolbar { lines.removeLast() }
        guard lines.count == 3 || lines.count == 4,
              lines[0].hasPrefix("colour "), lines[1].hasPrefix("width "), lines[2].hasPrefix("speed ") else { return nil }
        let colourText = lines[0].dropFirst("colour ".count)
        let colour: ColourChoice
        if colourText == "by-angle" {
            colour = .byAngle
        } else if let fixed = Colour(parsing: colourText) {
            colour = .fixed(fixed)
        } else {
            return nil
        }
        guard let width = Double(lines[1].dropFirst("width ".count)), Pen.widths.contains(where: { $0.pixels == width })
        else { return nil }
        let speed = lines[2].dropFirst("speed ".count)
        guard speed == "on" || speed == "off" else { return nil }
        var tool = Tool.standard
        if lines.count == 4 {
            guard lines[3].hasPrefix("tool "), let named = Tool.named(lines[3].dropFirst("tool ".count)) else { return nil }
            tool = named
        }
        self.init(colour: colour, width: width, widthBySpeed: speed == "on", tool: tool, showsToolbar: showsToolbar)
    }
}
