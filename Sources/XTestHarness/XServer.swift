/// An X server the tests or the bench started (`XvfbServer`, `XorgServer`): its display's name and its process.
public protocol XServer: AnyObject {
    /// The display name to connect to, ":N".
    var name: String { get }
    var process: ChildProcess { get }
}
