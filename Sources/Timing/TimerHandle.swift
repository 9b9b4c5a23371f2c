/// Identifies one scheduled timer: a node index plus the node's generation at scheduling time.
///
/// When the timer fires or is cancelled its node's generation moves on, so the handle no longer
/// matches anything: cancelling it again, or after the node is reused by another timer, is a
/// harmless no-op (T6). (A node would have to be reused 2^32 times for a stale handle to match again.)
public struct TimerHandle: Hashable, Sendable {
    @usableFromInline let index: UInt32
    @usableFromInline let generation: UInt32

    @usableFromInline init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
}
