import SeededRandom
@testable import Storage
import Testing

@Suite("Numbers read without strtod")
struct DecimalNumberTests {
    /// `text` read by `DecimalNumber`, when it answers, is `Double(text)` bit for bit.
    func expectAgreement(_ text: String, answers: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let ours = bytes.withUnsafeBufferPointer { DecimalNumber.double($0) }
        if let answers { #expect((ours != nil) == answers, "\(text)", sourceLocation: sourceLocation) }
        guard let ours else { return }
        let expected = Double(text)!
        #expect(ours.bitPattern == expected.bitPattern, "\(text): \(ours) instead of \(expected)", sourceLocation: sourceLocation)
    }

    /// Whether `text` lies within `range` by its exact value, as `DecimalNumber.isWithin` says.
    private func isWithin(_ range: ClosedRange<Double>, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.isWithin(range, Double(text)!, writtenAs: $0) }
    }

    /// A stroke's numbers are read as `Float(text)` reads them, bit for bit, through their Double: shortest forms
    /// of random Floats (as the program writes them), random decimals, and the points halfway between two
    /// Floats, exactly and a hair above (where the Double rounds to the halfway point and only the text knows).
    @Test func aFloatIsReadAsFloatReadsItsText() {
        var random = SeededGenerator(seed: 11)
        var texts: [String] = ["0", "-0", "1e6", "-1000000", "0.5", "100", "3.4028235e38"]
        for _ in 0..<3_000 {
            let float = Float(bitPattern: UInt32.random(in: 0x3000_0000...0x4974_2400, using: &random))  // 5e-10 to 1e6
            let halfway = (Double(float) + Double(float.nextUp)) / 2
            let above = halfway.description.contains("e") ? halfway.description : halfway.description + "000000001"
            let decimal = "\(Int.random(in: -999_999...999_999, using: &random)).\(Int.random(in: 0...99_999_999, using: &random))"
            texts += [float.description, (-float).description, halfway.description, above, decimal]
        }
        for text in texts {
            let read = Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.float(Double(text)!, writtenAs: $0) }
            #expect(read?.bitPattern == Float(text)?.bitPattern, "\(text): \(String(describing: read)) instead of \(String(describing: Float(text)))")
        }
    }

    @Test func aNumberIsWithinBoundsByItsExactValueNotItsNearestDouble() {
        let coordinates = -1_000_000.0...1_000_000.0
        for inside in ["1000000", "1e6", "1000000.0000", "999999.999999999999999999999", "-1000000", "-0.1e7", "0", "-0", "5"] {
            #expect(isWithin(coordinates, inside), "\(inside)")
        }
        for outside in ["1000000.00000000000000000001", "1.0000000000000000000000001e6", "-1000000.000000000000000000001",
                        "10000000000000000000000001e-19", "1e7", "1e99999999999"] {
            #expect(!isWithin(coordinates, outside), "\(outside)")
        }
        let widths = 0.5...100.0
        for inside in ["0.5", "5e-1", "0.50000000000000000000000001", "100", "99.9999999999999999999", "0.1e3"] {
            #expect(isWithin(widths, inside), "\(inside)")
        }
        for outside in ["0.49999999999999999999999", "0.4999999999999999999999999999e0", "100.00000000000000000001", "1e-99999999999"] {
            #expect(!isWithin(widths, outside), "\(outside)")
        }
    }

    @Test func theNumbersADrawingHoldsAreReadAsDoubleReadsThem() {
        for text in ["0", "-0", "1", "-1", "300.0", "412.53123474121094", "-999999.9999999999", "1000000", "0.1", "0.30000000000000004",
                     "123.45678901234567", "5e-324", "1e19", "1.5e-19", "9999999999999999999", "0.0000001", "7.0e+2", "2E3"] {
            expectAgreement(text)
        }
        expectAgreement("412.53123474121094", answers: true)
        expectAgreement("12345678901234567890", answers: false)  // 20 digits: left to Double(String)
        expectAgreement("1e20", answers: false)
    }

    @Test func tiesGoToTheEvenNeighbour() {
        // 2^53 + 1 and 2^54 + 2 lie halfway between two doubles; 2^53 + 3 rounds up to the even one.
        for text in ["9007199254740993", "18014398509481986", "9007199254740995", "-9007199254740993", "900719925474099.3e1",
                     "9007199254740993.000", "4503599627370496.5", "4503599627370497.5"] {
            expectAgreement(text, answers: true)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomNumbersOfUpTo19DigitsAgreeWithDouble(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<50_000 {
            let digits = Int.random(in: 1...19, using: &random)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            if Bool.random(using: &random) { text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 1...digits, using: &random))) }
            if text.hasSuffix(".") { text += "5" }
            if Int.random(in: 0..<4, using: &random) == 0 { text += "e\(Int.random(in: -22...22, using: &random))" }
            if Bool.random(using: &random) { text = "-" + text }
            expectAgreement(text)
        }
    }

    @Test func coordinatesWrittenAsSwiftWritesRandomDoublesAgree() {
        var random = SeededGenerator(seed: 9)
        for _ in 0..<50_000 {
            let value = Double.random(in: -1_000_000...1_000_000, using: &random)
            expectAgreement("\(value)", answers: true)
        }
    }
}
