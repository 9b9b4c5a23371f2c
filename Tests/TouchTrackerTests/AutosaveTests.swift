import SeededRandom
import Testing
import Timing
@testable import TouchTracker

private func at(_ milliseconds: Int64) -> Deadline { .zero + .milliseconds(1_000 + milliseconds) }

@Suite struct AutosaveTests {
    @Test func nothingIsDueBeforeAnyEdit() {
        let autosave = Autosave()
        #expect(autosave.nextDeadline == nil)
        #expect(!autosave.saveIsDue(now: at(1_000_000)))
        #expect(!autosave.hasUnsavedEdits)
    }

    @Test func aSaveFallsDueHalfASecondAfterAnEditAndNotBefore() {
        var autosave = Autosave()
        autosave.noteEdit(now: at(0))
        #expect(autosave.hasUnsavedEdits)
        #expect(autosave.nextDeadline == at(500))
        #expect(!autosave.saveIsDue(now: at(500) - .nanoseconds(1)))
        #expect(autosave.saveIsDue(now: at(500)))
    }

    @Test func eachEditPostponesTheSaveToHalfASecondAfterIt() {
        var autosave = Autosave()
        autosave.noteEdit(now: at(0))
        autosave.noteEdit(now: at(300))
        #expect(!autosave.saveIsDue(now: at(500)))
        #expect(autosave.nextDeadline == at(800))
    }

    @Test func continuousEditingIsSavedTwoSecondsAfterTheFirstUnsavedEdit() {
        var autosave = Autosave()
        for t in stride(from: Int64(0), through: 3_000, by: 100) { autosave.noteEdit(now: at(t)) }
        #expect(autosave.nextDeadline == at(2_000))
        autosave.didSave()
        autosave.noteEdit(now: at(3_100))
        #expect(autosave.nextDeadline == at(3_600))
    }

    @Test func afterASaveNothingIsDue() {
        var autosave = Autosave()
        autosave.noteEdit(now: at(0))
        autosave.didSave()
        #expect(autosave.nextDeadline == nil)
        #expect(!autosave.saveIsDue(now: at(10_000)))
        #expect(!autosave.hasUnsavedEdits)
    }

    @Test func aFailedSaveIsRetriedFiveSecondsLaterAndEditsDoNotHastenIt() {
        var autosave = Autosave()
        autosave.noteEdit(now: at(0))
        autosave.didFailToSave(now: at(500))
        #expect(autosave.hasUnsavedEdits)
        autosave.noteEdit(now: at(1_000))
        #expect(autosave.nextDeadline == at(5_500))
        #expect(!autosave.saveIsDue(now: at(5_499)))
        #expect(autosave.saveIsDue(now: at(5_500)))
        autosave.didSave()
        #expect(!autosave.hasUnsavedEdits)
    }

    @Test func theSaveIsNeverLaterThanHalfASecondAfterTheLastEditNorBeforeTheFirst() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<1_000 {
            var autosave = Autosave()
            var now = at(0)
            var firstUnsavedEdit: Deadline?
            for _ in 0..<Int(random.next() % 20 + 1) {
                now = now + .milliseconds(Int64(random.next() % 700))
                if autosave.saveIsDue(now: now) {  // The loop saves whenever it wakes after the deadline.
                    autosave.didSave()
                    firstUnsavedEdit = nil
                }
                autosave.noteEdit(now: now)
                firstUnsavedEdit = firstUnsavedEdit ?? now
                let due = autosave.nextDeadline!
                #expect(due <= now + Autosave.quietPeriod)
                #expect(due <= firstUnsavedEdit! + Autosave.longestDelay)
                #expect(due > now)
            }
        }
    }
}
