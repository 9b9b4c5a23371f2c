import Storage
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Work shared among the cores")
struct ParallelTests {
    @Test(arguments: [0, 1, 5, 39_999, 40_000, 123_457])
    func thePartsCoverTheRangeOnceInOrder(count: Int) {
        let parts = Parallel.map(count, minimum: 20_000) { $0 }
        #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == count)
        #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(parts.count == max(1, min(Parallel.cores, count / 20_000)))
    }

    @Test func eachPartIsWorkedOnAndTheResultsComeInOrder() {
        let sums: [Int] = Parallel.map(100_000, minimum: 10_000) { (part: Range<Int>) -> Int in part.reduce(0, +) }
        let expected: Int = (0..<100_000).reduce(0, +)
        #expect(sums.reduce(0, +) == expected)
        #expect(sums == sums.sorted(), "later parts hold larger numbers")
    }

    @Test func theCallersThreadWorksOnTheFirstPartAndAThreadOfItsOwnOnEachOfTheOthers() {
        let parts = Parallel.cores
        let threads = Parallel.map(parts, minimum: 1) { _ in pthread_self() }
        #expect(threads.count == parts)
        #expect(threads.first == pthread_self())
        #expect(Set(threads).count == parts, "each part on its own thread, all at once (a thread is joined only at the end)")
    }
}
