import Glibc

// Counts Swift heap allocations (class instances, array and string buffers, boxes, closure
// contexts) made by the measuring thread, so the bench can report allocations per operation: the
// wheel's promise is zero in steady state.
//
// How: the Swift runtime keeps `_swift_allocObject` as a replaceable function pointer for
// instrumentation tools, honoured while `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_
// forInstrumentsOnly` is set. While counting, we install a hook that tallies calls made on the
// counting thread and forwards to the original. Raw C `malloc` (e.g. inside libdispatch) is not
// seen, so figures for DispatchSource are a lower bound.

private typealias AllocObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

private nonisolated(unsafe) var originalAllocObject: AllocObject?
private nonisolated(unsafe) var countingThread: pthread_t = 0
private nonisolated(unsafe) var allocationTally = 0

private let countingAllocObject: AllocObject = { metadata, size, alignmentMask in
    if pthread_equal(pthread_self(), countingThread) != 0 { allocationTally &+= 1 }
    return originalAllocObject!(metadata, size, alignmentMask)
}

/// The number of Swift heap allocations `body` made on the calling thread, or nil when this runtime
/// offers no allocation hook.
func countAllocations(_ body: () -> Void) -> Int? {
    guard let hookAddress = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_swift_allocObject"),
          let switchAddress = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
    else { body(); return nil }
    let hook = hookAddress.assumingMemoryBound(to: AllocObject.self)
    let enabled = switchAddress.assumingMemoryBound(to: Bool.self)
    originalAllocObject = hook.pointee
    allocationTally = 0
    countingThread = pthread_self()
    hook.pointee = countingAllocObject
    enabled.pointee = true
    body()
    enabled.pointee = false
    hook.pointee = originalAllocObject!
    countingThread = 0
    return allocationTally
}
