import SeededRandom
import Testing
@testable import Document

@Suite struct DocumentFuzzTests {
    @Test func theLoaderSurvivesAHundredThousandDamagedDocumentsWithAClearErrorForEach() {
        let report = DocumentFuzzing.run(seed: 20261130, count: 100_000)
        #expect(report.failures == [], "\(report)")
        #expect(report.documents == 100_000)
        // The damage is varied enough to matter: most documents are refused, for many reasons,
        // and some survive (damage inside a number or whitespace can leave a valid drawing).
        #expect(report.rejected > 50_000, "\(report)")
        #expect(report.accepted > 1_000, "\(report)")
        #expect(report.rejectionsByKind.count >= 9, "\(report)")
    }

    @Test func theSameSeedDamagesTheSameWay() {
        var first = SeededGenerator(seed: 42), second = SeededGenerator(seed: 42)
        let document = DocumentFuzzing.randomDocument(using: &first)
        #expect(DocumentFuzzing.randomDocument(using: &second) == document)
        #expect(DocumentFuzzing.damage(document, using: &first) == DocumentFuzzing.damage(document, using: &second))
    }

    @Test func theGeneratedDocumentsAreValidBeforeDamage() throws {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<1_000 {
            _ = try DrawingFormat.decode(DocumentFuzzing.randomDocument(using: &random))
        }
    }
}
