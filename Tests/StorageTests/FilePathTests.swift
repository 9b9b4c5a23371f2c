@testable import Storage
import Testing

@Suite("File paths are bytes")
struct FilePathTests {
    @Test func aNameThatIsNotUTF8KeepsItsBytesAndShowsThemEscaped() {
        let path = FilePath(bytes: Array("/tmp/m".utf8) + [0xFC] + Array("ller.json".utf8))
        #expect(path.fileName.bytes == [UInt8(ascii: "m"), 0xFC] + Array("ller.json".utf8))
        #expect(path.folder == "/tmp")
        #expect(path.description == "/tmp/m\\xFCller.json")
        #expect(path.replacingExtension(with: "png").bytes == Array("/tmp/m".utf8) + [0xFC] + Array("ller.png".utf8))
    }

    @Test func validUTF8IsShownAsItIsAndControlCharactersEscaped() {
        #expect(FilePath("/tmp/Müller ✓.json").description == "/tmp/Müller ✓.json")
        #expect(FilePath("a\nb").description == "a\\u{a}b")
        // Overlong and surrogate encodings are not UTF-8.
        #expect(FilePath(bytes: [0xC0, 0xAF]).description == "\\xC0\\xAF")
        #expect(FilePath(bytes: [0xED, 0xA0, 0x80]).description == "\\xED\\xA0\\x80")
        #expect(FilePath(bytes: [0xE2, 0x9C]).description == "\\xE2\\x9C")
    }

    @Test(arguments: [
        ("drawing.json", ".", "drawing.json"), ("/drawing.json", "/", "drawing.json"),
        ("a/b/c.json", "a/b", "c.json"), ("a//b//", "a", "b"), ("/", "/", "/"),
    ])
    func folderAndName(path: String, folder: String, name: String) {
        #expect(FilePath(path).folder == FilePath(folder))
        #expect(FilePath(path).fileName == FilePath(name))
    }

    @Test func extensionsIgnoreALeadingDotAndDotsInFolders() {
        #expect(FilePath("a.b/notes").pathExtension == nil)
        #expect(FilePath(".hidden").pathExtension == nil)
        #expect(FilePath("x/Sketch.PNG").pathExtension == "png")
        #expect(FilePath("a.b/notes").replacingExtension(with: "png") == "a.b/notes.png")
        #expect(FilePath("a/drawing.json").replacingExtension(with: "png") == "a/drawing.png")
    }

    @Test func joiningUsesExactlyOneSlash() {
        #expect(FilePath("/a").appending("b") == "/a/b")
        #expect(FilePath("/a/").appending("b") == "/a/b")
        #expect(FilePath("/a").appending("/abs") == "/abs")
    }

    @Test func aCStringFromTheSystemBecomesItsBytes() {
        let bytes: [CChar] = [0x2F, CChar(bitPattern: 0xFC), 0x61, 0]
        #expect(bytes.withUnsafeBufferPointer { FilePath(cString: $0.baseAddress!) }.bytes == [0x2F, 0xFC, 0x61])
    }

    @Test func theCStringCarriesTheBytes() {
        let path = FilePath(bytes: [0x61, 0xFC])
        let copied = path.withCString { pointer in [UInt8(bitPattern: pointer[0]), UInt8(bitPattern: pointer[1]), UInt8(bitPattern: pointer[2])] }
        #expect(copied == [0x61, 0xFC, 0])
    }
}
