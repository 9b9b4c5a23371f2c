import Storage

/// Why a drawing could not be exported; one line, for "cannot export OUT: ".
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// The drawing needs a page larger than the format allows (a PNG is at most
    /// `Exporter.largestImageSide` pixels a side): nothing was written.
    case pageTooLarge(width: Int, height: Int, format: Exporter.Format, limit: Int)
    /// Cairo could not create, draw or encode the file: nothing was written.
    case cairo(CairoError)
    /// Writing the file failed (a full disk, a missing folder): an existing file is as it was.
    case write(WriteError)

    public var description: String {
        switch self {
        case let .pageTooLarge(width, height, format, limit):
            "the drawing needs a \(width)x\(height) page, but a \(format.rawValue.uppercased()) can be at most "
                + "\(limit) pixels a side; export it as SVG or PDF instead"
        case let .cairo(error):
            error.description
        case let .write(error):
            error.description
        }
    }
}
