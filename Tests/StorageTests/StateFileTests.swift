import Storage
import TestSupport
import Testing

@Suite("The app's state files")
struct StateFileTests {
    @Test func aFileIsReadBackAndNoFileIsNil() throws {
        let folder = try TemporaryFolder()
        #expect(try StateFile.read(folder.filePath("touchtracker/pen")) == nil)
        try StateFile.write(Array("colour #1E50DC\n".utf8), to: folder.filePath("touchtracker/pen"))
        #expect(try StateFile.read(folder.filePath("touchtracker/pen")) == Array("colour #1E50DC\n".utf8))
    }

    @Test func aFolderOrAFileTooLargeIsAnErrorThatSaysSo() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "pen/inside")
        let folderError = #expect(throws: StateFile.ReadError.self) { try StateFile.read(folder.filePath("pen")) }
        #expect(folderError?.description == "cannot read \(folder.path)/pen: not a regular file")
        try folder.write(String(repeating: "x", count: 5000), to: "large")
        let sizeError = #expect(throws: StateFile.ReadError.self) { try StateFile.read(folder.filePath("large")) }
        #expect(sizeError?.description == "cannot read \(folder.path)/large: 5000 bytes, more than 4096")
    }
}
