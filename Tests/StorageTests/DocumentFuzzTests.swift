import DrawingTesting
import SeededRandom
import Storage
import Testing

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
