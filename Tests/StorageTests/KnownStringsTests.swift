@testable import Storage
import Testing

/// A shape's keys are read by comparing their bytes with the keys a file holds (`readString(mostOften:)`):
/// whatever the bytes, the string read and where the reading stops are `readString`'s.
@Suite("Keys read as known strings")
struct KnownStringsTests {
    let known = JSONScanner.KnownStrings(["id", "begin", "end", "kind"])

    /// The string each way reads from `json`, and where each stopped; the error's text when it fails.
    func read(_ json: String) -> (known: String, plain: String) {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            func outcome(_ body: (inout JSONScanner) throws(DocumentError) -> String) -> String {
                var scanner = JSONScanner(buffer)
                do { return "\(try body(&scanner)) @\(scanner.offset)" } catch { return "error: \(error)" }
            }
            return (outcome { scanner throws(DocumentError) in try scanner.readString(mostOften: known) },
                    outcome { scanner throws(DocumentError) in try scanner.readString() })
        }
    }

    @Test(arguments: [#""id":1"#, #" "begin":[0,0]"#, #""end""#, #""kind":"line""#, #""idx":1"#, #""i":1"#, #""begins":1"#,
                      #""":1"#, #""\u0069d":1"#, #""en\"d""#, #""id"#, #""begin"#, #"id"#, "", #""kïnd":1"#, "\"\u{1}\""])
    func aKeyReadsAsAnyStringDoes(json: String) {
        let (known, plain) = read(json)
        #expect(known == plain)
    }

    @Test func aKnownKeyIsTheKnownStringItself() {
        #expect(read(#""begin":[1,2]"#).known == "begin @7")
        #expect(read(#""\u0069d":1"#).known == "id @9", "escaped: read as any string, to the same text")
    }
}
