import DrawingTesting
import SeededRandom
import Storage
import TestSupport
import Testing

@Suite struct DocumentFuzzTests {
    /// 25,000 documents; `make test-long` 100,000, the bench's `--long` 2,000,000.
    @Test func theLoaderSurvivesTensOfThousandsOfDamagedDocumentsWithAClearErrorForEach() {
        let count = TestLength.pick(25_000, long: 100_000)
        let report = DocumentFuzzing.run(seed: 20261130, count: count)
        #expect(report.failures == [], "\(report)")
        #expect(report.documents == count)
        // The damage is varied enough to matter: most documents are refused, for many reasons,
        // and some survive (damage inside a number or whitespace can leave a valid drawing).
        #expect(report.rejected > count / 2, "\(report)")
        #expect(report.accepted > count / 100, "\(report)")
        #expect(report.rejectionsByKind.count >= 9, "\(report)")
    }

    @Test func theSameSeedDamagesTheSameWay() {
        var first = SeededGenerator(seed: 42), second = SeededGenerator(seed: 42)
        let document = DocumentFuzzing.randomDocument(using: &first)
        #expect(DocumentFuzzing.randomDocument(using: &second) == document)
        let damaged = DocumentFuzzing.damage(document, using: &first)
        #expect(DocumentFuzzing.damage(document, using: &second) == damaged)
        #expect(damaged != document, "the damage changes the document")
    }

    @Test func theGeneratedDocumentsHoldTheGeneratedDrawingsBeforeDamage() throws {
        var drawings = SeededGenerator(seed: 1), documents = SeededGenerator(seed: 1)
        var lineCounts = Set<Int>()
        for _ in 0..<1_000 {
            let drawing = DocumentFuzzing.randomDrawing(using: &drawings)
            #expect(try DrawingFormat.decode(DocumentFuzzing.randomDocument(using: &documents)) == drawing)
            lineCounts.insert(drawing.shapes.count)
        }
        #expect(lineCounts == Set(0...5), "drawings of every size from empty to five lines")
    }
}
