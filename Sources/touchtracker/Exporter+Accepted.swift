import Rendering
import Storage

extension Exporter.Format {
    /// The format of an OUT the command line accepted: `LaunchOptions.parse` takes only these extensions.
    init(accepted path: FilePath) {
        guard let format = Self(path: path) else {
            preconditionFailure("LaunchOptions.parse accepts only .png, .svg and .pdf")
        }
        self = format
    }
}
