/// Why a drawing could not be exported.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// The drawing needs a page larger than the format allows (a PNG is at most
    /// `Exporter.largestImageSide` pixels a side): nothing was written.
    case pageTooLarge(width: Int, height: Int, format: Exporter.Format, limit: Int)
    /// Cairo could not create, draw or write the file.
    case cairo(CairoError)

    public var description: String {
        switch self {
        case let .pageTooLarge(width, height, format, limit):
            "the drawing needs a \(width)x\(height) page, but a \(format.rawValue.uppercased()) can be at most "
                + "\(limit) pixels a side; export it as SVG or PDF instead"
        case let .cairo(error):
            error.description
        }
    }
}
