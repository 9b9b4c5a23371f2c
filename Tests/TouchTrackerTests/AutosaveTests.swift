import SeededRandom
import Testing
import Timing
@testable import TouchTracker

@Suite struct AutosaveTests {
    @Test func nothingIsUnsavedBeforeAnyEdit() {
        #expect(!Autosave().hasUnsavedEdits)
    }

    @Test func aSaveFallsDueHalfASecondAfterAnEdit() {
        var autosave = Autosave()
        #expect(autosave.noteEdit(now: at(0)) == at(500))
        #expect(autosave.hasUnsavedEdits)
    }

    @Test func eachEditPostponesTheSaveToHalfASecondAfterIt() {
        var autosave = Autosave()
        _ = autosave.noteEdit(now: at(0))
        #expect(autosave.noteEdit(now: at(300)) == at(800))
    }

    @Test func continuousEditingIsSavedTwoSecondsAfterTheFirstUnsavedEdit() {
        var autosave = Autosave()
        var due: Deadline?
        for t in stride(from: Int64(0), through: 3_000, by: 100) { due = autosave.noteEdit(now: at(t)) }
        #expect(due == at(2_000))
        autosave.didSave()
        #expect(autosave.noteEdit(now: at(3_100)) == at(3_600))
    }

    @Test func afterASaveNothingIsUnsaved() {
        var autosave = Autosave()
        _ = autosave.noteEdit(now: at(0))
        autosave.didSave()
        #expect(!autosave.hasUnsavedEdits)
    }

    @Test func aFailedSaveIsRetriedFiveSecondsLaterAndEditsDoNotHastenIt() {
        var autosave = Autosave()
        _ = autosave.noteEdit(now: at(0))
        #expect(autosave.didFailToSave(now: at(500)) == at(5_500))
        #expect(autosave.hasUnsavedEdits)
        #expect(autosave.noteEdit(now: at(1_000)) == nil, "the retry stands")
        autosave.didSave()
        #expect(!autosave.hasUnsavedEdits)
    }

    @Test func theSaveIsNeverLaterThanHalfASecondAfterTheLastEditNorBeforeTheFirst() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<1_000 {
            var autosave = Autosave()
            var now = at(0)
            var firstUnsavedEdit: Deadline?
            var due: Deadline?
            for _ in 0..<Int(random.next() % 20 + 1) {
                now = now + .milliseconds(Int64(random.next() % 700))
                if let scheduled = due, scheduled <= now {  // The loop saves whenever it wakes after the deadline.
                    autosave.didSave()
                    firstUnsavedEdit = nil
                }
                due = autosave.noteEdit(now: now)
                firstUnsavedEdit = firstUnsavedEdit ?? now
                let scheduled = try #require(due)
                #expect(scheduled <= now + Autosave.quietPeriod)
                let first = try #require(firstUnsavedEdit)
                #expect(scheduled <= first + Autosave.longestDelay)
                #expect(scheduled > now)
            }
        }
    }
}
