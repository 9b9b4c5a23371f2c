import SeededRandom
import Testing
@testable import Timing

// One suite per requirement T1–T8 of the timer wheel (defined in Timing.swift); T9 is the bench's.

@Suite struct TimerWheelNeverFiresEarly {  // T1
    @Test func aTimerOneNanosecondInTheFutureDoesNotFire() {
        var wheel = TimerWheel<String>(now: .zero)
        wheel.schedule(at: ns(1_000_000_123), "late")
        #expect(wheel.drain(now: ns(1_000_000_122)) == [])
        #expect(wheel.drain(now: ns(1_000_000_123)) == ["late"])
        expectSound(wheel)
    }

    @Test func timersSharingATickFireOnlyAsTheirOwnDeadlinesPass() {
        // 10 µs apart: one 65 µs tick holds them all.
        var wheel = TimerWheel<Int>(now: .zero)
        for i in 0..<4 { wheel.schedule(at: ns(5 * millisecond + UInt64(i) * 10_000), i) }
        #expect(wheel.drain(now: ns(5 * millisecond + 15_000)) == [0, 1])
        #expect(wheel.drain(now: ns(5 * millisecond + 29_999)) == [2])
        #expect(wheel.drain(now: ns(5 * millisecond + 30_000)) == [3])
        expectSound(wheel)
    }
}

@Suite struct TimerWheelUnderAnInjectedClock {  // T2
    @Test func advancingExactlyToADeadlineFiresIt() {
        var wheel = TimerWheel<Int>(now: ns(17))
        wheel.schedule(at: ns(17 + 300 * millisecond), 1)
        #expect(wheel.drain(now: ns(17 + 300 * millisecond)) == [1])
        #expect(wheel.isEmpty)
    }

    @Test func schedulingAtNowFiresOnTheNextPopWithoutAdvancingTime() {
        var wheel = TimerWheel<Int>(now: ns(42 * millisecond + 7))
        wheel.schedule(at: wheel.now, 1)
        #expect(wheel.nextDeadline == wheel.now)
        #expect(wheel.pollTimeout(now: wheel.now) == 0)
        #expect(wheel.drain(now: ns(42 * millisecond + 7)) == [1])
    }

    @Test func schedulingInThePastFiresAtOnce() {
        var wheel = TimerWheel<Int>(now: ns(10 * second))
        wheel.schedule(at: ns(1), 1)
        #expect(wheel.drain(now: ns(10 * second)) == [1])
    }

    @Test func anEarlierNowDoesNotMoveTheWheelBackNorFireLaterTimers() {
        var wheel = TimerWheel<Int>(now: .zero)
        wheel.schedule(at: ns(5 * millisecond), 5)
        wheel.schedule(at: ns(9 * millisecond), 9)
        #expect(wheel.drain(now: ns(8 * millisecond)) == [5])
        #expect(wheel.drain(now: ns(2 * millisecond)) == [])
        #expect(wheel.now == ns(8 * millisecond))
        #expect(wheel.drain(now: ns(9 * millisecond)) == [9])
    }
}

@Suite struct TimerWheelPathIndependence {  // T3
    @Test func oneJumpAndManySmallStepsFireTheSameSequence() {
        var random = SeededGenerator(seed: 3)
        var oneJump = TimerWheel<Int>(now: .zero)
        for i in 0..<2_000 {
            let spread: [UInt64] = [100_000, 70 * millisecond, 5 * second, 3_600 * second]
            oneJump.schedule(at: ns(UInt64.random(in: 0...spread.randomElement(using: &random)!, using: &random)), i)
        }
        var steps = oneJump
        let end = ns(3_600 * second)
        let together = oneJump.drain(now: end)

        var stepped: [Int] = []
        var now = Deadline.zero
        while now < end {
            now = min(end, now + .nanoseconds(Int64.random(in: 1...(Int64(second) * 4), using: &random)))
            stepped += steps.drain(now: now)
        }
        #expect(together.count == 2_000)
        #expect(stepped == together)
        expectSound(steps)
    }
}

@Suite struct TimerWheelOrdering {  // T4
    @Test func timersInOneSlotComeOutByDeadlineWhateverTheInsertionOrder() {
        var wheel = TimerWheel<UInt64>(now: .zero)
        let base = 10 * millisecond
        for offset: UInt64 in [900, 100, 500, 300, 700] { wheel.schedule(at: ns(base + offset), offset) }
        #expect(wheel.drain(now: ns(base + 1_000)) == [100, 300, 500, 700, 900])
    }

    @Test func equalDeadlinesComeOutInInsertionOrder() {
        var wheel = TimerWheel<Int>(now: .zero)
        for i in 0..<10 { wheel.schedule(at: ns(2 * second), i) }
        #expect(wheel.drain(now: ns(3 * second)) == Array(0..<10))
    }

    @Test func manyTimersSharingAFarDeadlineFireInInsertionOrder() {
        // They cascade down every level together; arrival order is kept, so this stays linear.
        var wheel = TimerWheel<Int>(now: .zero)
        for i in 0..<20_000 { wheel.schedule(at: ns(3_600 * second + 5), i) }
        #expect(wheel.drain(now: ns(3_600 * second + 5)) == Array(0..<20_000))
    }

    @Test func orderHoldsForTimersThatShareAHigherLevelSlotAndAreCascadedDown() {
        // Minutes away: they start in the same coarse slot and are cascaded level by level.
        var wheel = TimerWheel<Int>(now: .zero)
        let base = 600 * second
        let offsets: [UInt64] = [50, 7, 50, 3, 20_000_000, 7, 0]
        for (i, offset) in offsets.enumerated() { wheel.schedule(at: ns(base + offset), i) }
        #expect(wheel.drain(now: ns(base + 7)) == [6, 3, 1, 5])
        #expect(wheel.drain(now: ns(base + 30 * millisecond)) == [0, 2, 4])
        expectSound(wheel)
    }
}

@Suite struct TimerWheelNextDeadline {  // T5
    @Test func nextDeadlineIsExactNotRoundedToASlot() {
        var wheel = TimerWheel<Int>(now: .zero)
        #expect(wheel.nextDeadline == nil)
        let far = ns(3_600 * second + 7)
        wheel.schedule(at: far, 1)
        #expect(wheel.nextDeadline == far)
        wheel.schedule(at: ns(12_345), 2)
        #expect(wheel.nextDeadline == ns(12_345))
    }

    @Test func nextDeadlineFollowsCancellationsAndFiring() {
        var wheel = TimerWheel<Int>(now: .zero)
        let a = wheel.schedule(at: ns(5 * second + 3), 1)
        wheel.schedule(at: ns(5 * second + 1_000_001), 2)
        wheel.schedule(at: ns(9 * second + 11), 3)
        wheel.cancel(a)
        #expect(wheel.nextDeadline == ns(5 * second + 1_000_001))
        #expect(wheel.drain(now: ns(6 * second)) == [2])
        #expect(wheel.nextDeadline == ns(9 * second + 11))
        #expect(wheel.drain(now: ns(9 * second + 11)) == [3])
        #expect(wheel.nextDeadline == nil)
        expectSound(wheel)
    }

    @Test func theLoopNeverGetsAZeroTimeoutWhileTheDeadlineIsAhead() {
        var wheel = TimerWheel<Int>(now: .zero)
        let deadline = ns(3 * millisecond + 1)
        wheel.schedule(at: deadline, 1)
        var now = ns(0)
        while now < deadline {
            #expect(wheel.drain(now: now) == [])
            let timeout = wheel.pollTimeout(now: now)
            #expect(timeout >= 1)
            now = now + .milliseconds(Int64(timeout))
        }
        #expect(wheel.drain(now: now) == [1])
        #expect(wheel.pollTimeout(now: now) == -1)
    }
}

@Suite struct TimerWheelHandles {  // T6
    @Test func cancellingReturnsThePayloadAndTheTimerNeverFires() {
        var wheel = TimerWheel<String>(now: .zero)
        let handle = wheel.schedule(at: ns(second), "x")
        #expect(wheel.isPending(handle))
        #expect(wheel.cancel(handle) == "x")
        #expect(!wheel.isPending(handle))
        #expect(wheel.drain(now: ns(2 * second)) == [])
    }

    @Test func cancellingTwiceIsAHarmlessNoOp() {
        var wheel = TimerWheel<Int>(now: .zero)
        let handle = wheel.schedule(at: ns(second), 1)
        wheel.cancel(handle)
        #expect(wheel.cancel(handle) == nil)
        #expect(wheel.count == 0)
        expectSound(wheel)
    }

    @Test func aStaleHandleDoesNotTouchTheTimerThatReusedItsStorage() {
        var wheel = TimerWheel<Int>(now: .zero)
        let old = wheel.schedule(at: ns(second), 1)
        #expect(wheel.drain(now: ns(second)) == [1])
        let new = wheel.schedule(at: ns(2 * second), 2)
        #expect(new.index == old.index)  // the node was reused...
        #expect(wheel.cancel(old) == nil)  // ...yet the old handle matches nothing
        #expect(!wheel.isPending(old))
        #expect(wheel.isPending(new))
        #expect(wheel.drain(now: ns(2 * second)) == [2])
    }

    @Test func aHandleTellsItsTimersDeadlineUntilTheTimerFiresOrIsCancelled() {
        var wheel = TimerWheel<Int>(now: .zero)
        let early = wheel.schedule(at: ns(second + 7), 1)
        let late = wheel.schedule(at: ns(3_600 * second + 11), 2)
        #expect(wheel.deadline(of: early) == ns(second + 7))
        #expect(wheel.deadline(of: late) == ns(3_600 * second + 11))
        #expect(wheel.drain(now: ns(2 * second)) == [1])
        #expect(wheel.deadline(of: early) == nil)
        #expect(wheel.deadline(of: late) == ns(3_600 * second + 11), "moving down the levels keeps the exact deadline")
        wheel.cancel(late)
        #expect(wheel.deadline(of: late) == nil)
        let reuse = wheel.schedule(at: ns(5 * second), 3)
        #expect(reuse.index == late.index || reuse.index == early.index)
        #expect(wheel.deadline(of: early) == nil && wheel.deadline(of: late) == nil, "a stale handle has no deadline")
        #expect(wheel.deadline(of: reuse) == ns(5 * second))
    }

    @Test func storageStaysFlatUnderScheduleCancelChurn() {
        var wheel = TimerWheel<Int>(now: .zero)
        var random = SeededGenerator(seed: 6)
        var handles = (0..<1_000).map { wheel.schedule(at: ns(UInt64.random(in: 1...60 * second, using: &random)), $0) }
        let peak = wheel.storageCapacity
        for round in 0..<100_000 {
            let slot = Int.random(in: 0..<handles.count, using: &random)
            wheel.cancel(handles[slot])
            handles[slot] = wheel.schedule(at: ns(UInt64.random(in: 1...60 * second, using: &random)), round)
        }
        #expect(wheel.count == 1_000)
        #expect(wheel.storageCapacity == peak)
        expectSound(wheel)
    }

    @Test func firedAndCancelledTimersReleaseTheirPayloadsAtOnce() {
        final class Token {}
        var wheel = TimerWheel<Token>(now: .zero)
        weak var fired: Token?
        weak var cancelled: Token?
        do {
            let a = Token(), b = Token()
            fired = a
            cancelled = b
            wheel.schedule(at: ns(1), a)
            let handle = wheel.schedule(at: ns(second), b)
            _ = wheel.popExpired(now: ns(1))
            wheel.cancel(handle)
        }
        #expect(fired == nil)
        #expect(cancelled == nil)
    }
}

@Suite struct TimerWheelBigJumps {  // T7
    @Test func aHugeJumpFiresEveryDueTimerOnceInOrder() {
        var wheel = TimerWheel<Int>(now: .zero)
        let deadlines: [UInt64] = [3, 65_536, 1 * second, 86_400 * second, 365 * 86_400 * second, 1 << 62, .max - 1]
        for (i, deadline) in deadlines.enumerated().reversed() { wheel.schedule(at: ns(deadline), i) }
        #expect(wheel.drain(now: ns(.max - 1)) == Array(0..<deadlines.count))
        #expect(wheel.isEmpty)
        expectSound(wheel)
    }

    @Test func theDistantFutureIsAValidDeadline() {
        var wheel = TimerWheel<Int>(now: ns(5))
        wheel.schedule(at: .distantFuture, 1)
        #expect(wheel.nextDeadline == .distantFuture)
        #expect(wheel.drain(now: .distantFuture - .nanoseconds(1)) == [])
        #expect(wheel.drain(now: .distantFuture) == [1])
    }

    @Test func jumpWorkIsBoundedByTheTimersNotTheTicksSkipped() {
        // 2^47 ticks skipped; each timer may move down at most once per level (8).
        var wheel = TimerWheel<Int>(now: .zero)
        var random = SeededGenerator(seed: 7)
        for i in 0..<100 { wheel.schedule(at: ns(UInt64.random(in: 0...(UInt64.max - 1), using: &random)), i) }
        #expect(wheel.drain(now: .distantFuture).count == 100)
        #expect(wheel.timersCascaded <= 100 * WheelGeometry.levelCount)
    }
}

@Suite struct TimerWheelReentrancy {  // T8
    @Test func aTimerScheduledAtOrBeforeNowDuringADrainIsReturnedByTheSameDrainInOrder() {
        var wheel = TimerWheel<String>(now: .zero)
        wheel.schedule(at: ns(10), "a")
        wheel.schedule(at: ns(30), "c")
        let now = ns(50)
        var fired: [String] = []
        while let timer = wheel.popExpired(now: now) {
            fired.append(timer.payload)
            if timer.payload == "a" {
                wheel.schedule(at: ns(20), "b")  // between the remaining ones
                wheel.schedule(at: now, "d")     // exactly now: same drain, last
                wheel.schedule(at: ns(51), "later")
            }
        }
        #expect(fired == ["a", "b", "c", "d"])
        #expect(wheel.nextDeadline == ns(51))
    }

    @Test func aTimerScheduledDuringADrainBeforeTheLastOneFiredComesNextNotFirst() {
        var wheel = TimerWheel<Int>(now: .zero)
        wheel.schedule(at: ns(10), 10)
        wheel.schedule(at: ns(20), 20)
        var fired: [Int] = []
        while let timer = wheel.popExpired(now: ns(30)) {
            fired.append(timer.payload)
            if timer.payload == 20 { wheel.schedule(at: ns(5), 5) }  // already overdue
        }
        #expect(fired == [10, 20, 5])
    }

    @Test func aTimerCancelledDuringADrainIsNotReturned() {
        var wheel = TimerWheel<Int>(now: .zero)
        wheel.schedule(at: ns(1), 1)
        let doomed = wheel.schedule(at: ns(2), 2)
        wheel.schedule(at: ns(3), 3)
        var fired: [Int] = []
        while let timer = wheel.popExpired(now: ns(10)) {
            fired.append(timer.payload)
            if timer.payload == 1 { #expect(wheel.cancel(doomed) == 2) }
        }
        #expect(fired == [1, 3])
        expectSound(wheel)
    }

    @Test func cancellingTheTimerBeingHandledIsANoOp() {
        var wheel = TimerWheel<Int>(now: .zero)
        wheel.schedule(at: ns(1), 1)
        let timer = wheel.popExpired(now: ns(1))
        #expect(timer?.payload == 1)
        #expect(wheel.cancel(timer!.handle) == nil)
        #expect(!wheel.isPending(timer!.handle))
    }
}

@Suite struct TimerWheelValueSemantics {
    @Test func aCopyIsIndependentOfTheOriginal() {
        var original = TimerWheel<Int>(now: .zero)
        let kept = original.schedule(at: ns(second), 1)
        original.schedule(at: ns(2 * second), 2)
        var copy = original
        copy.cancel(kept)
        copy.schedule(at: ns(500 * millisecond), 3)
        #expect(original.isPending(kept))
        #expect(original.drain(now: ns(3 * second)) == [1, 2])
        #expect(copy.drain(now: ns(3 * second)) == [3, 2])
        expectSound(original)
        expectSound(copy)
    }

    @Test func aCopyTakenWhileGrowingKeepsItsOwnTimers() {
        var original = TimerWheel<Int>(now: .zero)
        for i in 0..<10 { original.schedule(at: ns(UInt64(i) * millisecond), i) }
        let snapshot = original
        for i in 10..<5_000 { original.schedule(at: ns(UInt64(i) * millisecond), i) }  // forces growth
        var copy = snapshot
        #expect(copy.count == 10)
        #expect(copy.drain(now: ns(second)) == Array(0..<10))
        #expect(original.drain(now: ns(10 * second)).count == 5_000)
    }
}
