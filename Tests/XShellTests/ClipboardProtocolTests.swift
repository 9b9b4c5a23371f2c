import Testing
import Timing
@testable import XShell

// The clipboard's protocol machines against a fake X server: what the owner answers (targets, conversions,
// MULTIPLE, SAVE_TARGETS, INCR out), how a paste reads (fallbacks, INCR in), timeouts with time passed in,
// and the two talking to each other through the fake server. No display.

private let atoms = SelectionAtoms(clipboard: 1, targets: 2, timestamp: 3, multiple: 4, saveTargets: 5, incr: 6, atom: 7,
                           integer: 8, atomPair: 9, null: 10, clipboardManager: 11, landing: 12)
/// Our formats: the shapes, a picture, text.
private let shapesTarget: XAtom = 20, pngTarget: XAtom = 21, textTarget: XAtom = 22
/// Windows: ours (the owner or the reader) and another client's.
private let ours: XWindow = 100, theirs: XWindow = 200
private let start = Deadline(nanoseconds: 1_000_000_000)

/// An owner that took the clipboard at server time 5000 with shapes, a PNG (`picture`) and text, converting
/// `failing` to nothing.
private func owner(picture: [UInt8] = [0x89, 0x50], chunkSize: Int = 16, failing: XAtom? = nil) -> SelectionOwner {
    var owner = SelectionOwner(atoms: atoms, window: ours, chunkSize: chunkSize, now: start)
    owner.own(SelectionOwner.Offer(time: 5000, formats: [shapesTarget, pngTarget, textTarget]) { target in
        guard target != failing else { return nil }
        switch target {
        case shapesTarget, textTarget: return Array("{\"shapes\":[]}".utf8)
        case pngTarget: return picture
        default: return nil
        }
    })
    return owner
}

private func request(_ target: XAtom, into property: XAtom = 30, time: XTime = 6000, pairs: [XAtom]? = nil) -> ConversionRequest {
    ConversionRequest(requestor: theirs, selection: atoms.clipboard, target: target, property: property, time: time, pairs: pairs)
}

private func notify(_ target: XAtom, _ property: XAtom, time: XTime = 6000) -> SelectionAction {
    .notify(requestor: theirs, selection: atoms.clipboard, target: target, property: property, time: time)
}

private func set(_ property: XAtom, _ type: XAtom, _ value: PropertyValue, on window: XWindow = theirs) -> SelectionAction {
    .setProperty(window: window, property: property, type: type, value: value)
}

@Suite("The clipboard's owner answers as ICCCM says")
struct SelectionOwnerTests {
    @Test func targetsListsTheProtocolsTargetsThenEveryFormat() {
        var owner = owner()
        #expect(owner.handle(request(atoms.targets), now: start) == [
            set(30, atoms.atom, .items([2, 3, 4, 5, shapesTarget, pngTarget, textTarget])), notify(atoms.targets, 30),
        ])
    }

    @Test func timestampIsWhenTheClipboardWasTaken() {
        var owner = owner()
        #expect(owner.handle(request(atoms.timestamp), now: start) == [set(30, atoms.integer, .items([5000])), notify(atoms.timestamp, 30)])
    }

    @Test func aFormatIsConvertedWithItsOwnType() {
        var owner = owner()
        #expect(owner.handle(request(pngTarget), now: start) == [set(30, pngTarget, .bytes([0x89, 0x50])), notify(pngTarget, 30)])
    }

    @Test func saveTargetsAskedOfUsIsAnEmptyNullProperty() {
        var owner = owner()
        #expect(owner.handle(request(atoms.saveTargets), now: start) == [set(30, atoms.null, .items([])), notify(atoms.saveTargets, 30)])
    }

    @Test func anObsoleteClientThatNamesNoPropertyGetsTheTargetsName() {
        var owner = owner()
        #expect(owner.handle(request(pngTarget, into: 0), now: start) == [
            set(pngTarget, pngTarget, .bytes([0x89, 0x50])), notify(pngTarget, pngTarget),
        ])
    }

    @Test func whatCannotBeConvertedIsRefused() {
        var owner = owner(failing: pngTarget)
        #expect(owner.handle(request(99), now: start) == [notify(99, 0)], "a target we do not offer")
        #expect(owner.handle(request(pngTarget), now: start) == [notify(pngTarget, 0)], "a conversion that fails")
        var other = request(shapesTarget)
        other.selection = 77
        #expect(owner.handle(other, now: start) == [.notify(requestor: theirs, selection: 77, target: shapesTarget, property: 0, time: 6000)])
    }

    @Test func aRequestStampedBeforeWeTookTheClipboardIsRefused() {
        var owner = owner()
        #expect(owner.handle(request(shapesTarget, time: 4999), now: start) == [notify(shapesTarget, 0, time: 4999)])
        #expect(owner.handle(request(shapesTarget, time: 0), now: start).count == 2, "CurrentTime is answered")
        // Across the server clock's wrap-around: 2^32 - 10 is before 5000, 5000 + 2^31 - 1 after.
        #expect(isAtOrAfter(5_000 + (1 << 31) - 1, 5000) && !isAtOrAfter((1 << 32) - 10, 5000) && isAtOrAfter(3, (1 << 32) - 10))
    }

    @Test func afterLosingTheClipboardEveryRequestIsRefused() {
        var owner = owner()
        owner.lost()
        #expect(owner.handle(request(atoms.targets), now: start) == [notify(atoms.targets, 0)])
    }

    @Test func multipleConvertsEachPairAndMarksTheFailuresNone() {
        var owner = owner(failing: textTarget)
        let actions = owner.handle(request(atoms.multiple, into: 40, pairs: [pngTarget, 41, textTarget, 42, atoms.targets, 43, 99, 44]),
                                   now: start)
        #expect(actions == [
            set(41, pngTarget, .bytes([0x89, 0x50])),
            set(43, atoms.atom, .items([2, 3, 4, 5, shapesTarget, pngTarget, textTarget])),
            set(40, atoms.atomPair, .items([pngTarget, 41, textTarget, 0, atoms.targets, 43, 99, 0])),
            notify(atoms.multiple, 40),
        ])
    }

    @Test func multipleWithoutPairsIsRefused() {
        var owner = owner()
        #expect(owner.handle(request(atoms.multiple, into: 40, pairs: nil), now: start) == [notify(atoms.multiple, 0)])
        #expect(owner.handle(request(atoms.multiple, into: 40, pairs: [pngTarget]), now: start) == [notify(atoms.multiple, 0)])
    }

    @Test(arguments: [(65_535, 262_040), (4_194_303, 262_144), (4_096, 16_284), (10, 1_024)])
    func theChunkSizeFollowsTheServersLargestRequest(units: Int, chunk: Int) {
        #expect(SelectionOwner.chunkSize(maxRequestUnits: units) == chunk)
    }
}

@Suite("INCR: large transfers in chunks, both ways")
struct IncrementalTransferTests {
    let picture = (0..<50).map { UInt8($0) }

    @Test func aLargeConversionIsAnnouncedThenSentAChunkAtEachDeletion() {
        var owner = owner(picture: picture, chunkSize: 16)
        #expect(owner.handle(request(pngTarget), now: start) == [
            .watchProperties(theirs, true), set(30, atoms.incr, .items([50])), notify(pngTarget, 30),
        ])
        #expect(owner.isTransferring)
        var received: [UInt8] = []
        for chunk in 0..<4 {
            let actions = owner.propertyDeleted(window: theirs, property: 30, now: start + .milliseconds(Int64(chunk)))
            guard case .setProperty(theirs, 30, pngTarget, .bytes(let bytes)) = actions.first, actions.count == 1 else {
                Issue.record("chunk \(chunk): \(actions)")
                return
            }
            #expect(bytes.count == (chunk < 3 ? 16 : 2))
            received += bytes
        }
        #expect(received == picture)
        #expect(owner.propertyDeleted(window: theirs, property: 30, now: start) == [
            set(30, pngTarget, .bytes([])), .watchProperties(theirs, false),
        ], "an empty chunk ends it, and we stop hearing of the requestor")
        #expect(!owner.isTransferring && owner.nextDeadline == nil)
        #expect(owner.propertyDeleted(window: theirs, property: 30, now: start) == [], "its deletion of the empty one is nothing")
    }

    @Test func aStalledTransferIsDroppedAfterItsTimeoutAndNotBefore() {
        var owner = owner(picture: picture)
        _ = owner.handle(request(pngTarget), now: start)
        _ = owner.propertyDeleted(window: theirs, property: 30, now: start + .seconds(1))
        #expect(owner.nextDeadline == start + .seconds(1) + SelectionOwner.stallTimeout, "each chunk read moves the deadline")
        #expect(owner.advance(to: start + .seconds(30)) == [])
        #expect(owner.advance(to: start + .seconds(31)) == [.watchProperties(theirs, false)])
        #expect(!owner.isTransferring)
        #expect(owner.propertyDeleted(window: theirs, property: 30, now: start + .seconds(32)) == [])
    }

    @Test func oneRequestorReadsSeveralTransfersAtOnce() {
        var owner = owner(picture: picture)
        let actions = owner.handle(request(atoms.multiple, into: 40, pairs: [pngTarget, 41, pngTarget, 42]), now: start)
        #expect(actions.filter { $0 == .watchProperties(theirs, true) }.count == 1)
        for property: XAtom in [41, 42] {
            for _ in 0..<4 { _ = owner.propertyDeleted(window: theirs, property: property, now: start) }
        }
        #expect(owner.propertyDeleted(window: theirs, property: 41, now: start) == [set(41, pngTarget, .bytes([]))],
                "the other transfer still runs")
        #expect(owner.propertyDeleted(window: theirs, property: 42, now: start) == [set(42, pngTarget, .bytes([])), .watchProperties(theirs, false)])
    }

    @Test func aPasteReadsAnIncrementalAnswerChunkByChunk() {
        var reader = SelectionReader(atoms: atoms, wanted: [shapesTarget, textTarget])
        #expect(reader.begin(time: 7000, now: start) == [.convert(selection: 1, target: shapesTarget, property: 12, time: 7000)])
        #expect(reader.propertyChanged(property: 12, now: start) == [], "the INCR announcement's own new value is not a chunk")
        #expect(reader.notified(selection: 1, target: shapesTarget, property: 12, now: start) == [.readAndDelete(property: 12)])
        #expect(reader.read(PropertyContent(type: atoms.incr, value: .items([6])), now: start) == [])
        for chunk in [[1, 2, 3], [4, 5, 6]] as [[UInt8]] {
            #expect(reader.propertyChanged(property: 12, now: start) == [.readAndDelete(property: 12)])
            #expect(reader.read(PropertyContent(type: shapesTarget, value: .bytes(chunk)), now: start) == [])
        }
        #expect(reader.takeOutcome() == nil, "not over until the empty chunk")
        #expect(reader.propertyChanged(property: 12, now: start) == [.readAndDelete(property: 12)])
        _ = reader.read(PropertyContent(type: shapesTarget, value: .bytes([])), now: start)
        #expect(reader.takeOutcome() == .received(type: shapesTarget, bytes: [1, 2, 3, 4, 5, 6]))
        #expect(!reader.isReading && reader.nextDeadline == nil)
    }

    @Test func anOwnerAndAReaderMoveAMegabyteThroughTheFakeServer() {
        let picture = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let server = FakeSelectionServer(owner: owner(picture: picture, chunkSize: 65_536),
                                         reader: SelectionReader(atoms: atoms, wanted: [pngTarget]))
        server.paste(time: 7000, now: start)
        #expect(server.reader.takeOutcome() == .received(type: pngTarget, bytes: picture))
        #expect(server.chunksWritten == 16 + 1, "15 full chunks, the rest, and the empty one")
        #expect(!server.owner.isTransferring && server.watched.isEmpty)
    }
}

@Suite("A paste asks for shapes, then text")
struct SelectionReaderTests {
    @Test func aRefusalOfShapesAsksForTextAndARefusalOfBothEndsThePaste() {
        var reader = SelectionReader(atoms: atoms, wanted: [shapesTarget, textTarget])
        _ = reader.begin(time: 7000, now: start)
        #expect(reader.notified(selection: 1, target: shapesTarget, property: 0, now: start) == [
            .convert(selection: 1, target: textTarget, property: 12, time: 7000),
        ])
        #expect(reader.notified(selection: 1, target: textTarget, property: 0, now: start) == [])
        #expect(reader.takeOutcome() == .refused)
    }

    @Test func theAnswerIsTakenWithTheTypeItCameWith() {
        var reader = SelectionReader(atoms: atoms, wanted: [shapesTarget, textTarget])
        _ = reader.begin(time: 7000, now: start)
        _ = reader.notified(selection: 1, target: shapesTarget, property: 12, now: start)
        _ = reader.read(PropertyContent(type: textTarget, value: .bytes([104, 105])), now: start)
        #expect(reader.takeOutcome() == .received(type: textTarget, bytes: [104, 105]), "an owner that answers anything with its text")
    }

    @Test func anOwnerThatNeverAnswersCostsThePasteAfterItsTimeout() {
        var reader = SelectionReader(atoms: atoms, wanted: [shapesTarget])
        _ = reader.begin(time: 7000, now: start)
        #expect(reader.begin(time: 7001, now: start) == [], "one paste at a time")
        #expect(reader.nextDeadline == start + SelectionReader.timeout)
        reader.advance(to: start + SelectionReader.timeout - .nanoseconds(1))
        #expect(reader.takeOutcome() == nil)
        reader.advance(to: start + SelectionReader.timeout)
        #expect(reader.takeOutcome() == .failed("the clipboard's owner stopped answering (5 s)"))
        #expect(!reader.isReading)
    }

    @Test func otherSelectionsAndLateAnswersAreNotOurs() {
        var reader = SelectionReader(atoms: atoms, wanted: [shapesTarget])
        #expect(reader.notified(selection: 1, target: shapesTarget, property: 12, now: start) == [], "no paste under way")
        _ = reader.begin(time: 7000, now: start)
        #expect(reader.notified(selection: 77, target: shapesTarget, property: 12, now: start) == [])
        #expect(reader.notified(selection: 1, target: textTarget, property: 12, now: start) == [])
        #expect(reader.read(nil, now: start) == [])
        #expect(reader.takeOutcome() == .failed("the clipboard's owner said it answered, but its answer is not there"))
    }
}

@Suite("Quitting hands the clipboard to a clipboard manager")
struct ClipboardHandOverTests {
    @Test func theManagerIsAskedToSaveOurFormatsAndItsAnswerEndsTheWait() {
        var owner = owner()
        #expect(owner.handOver(time: 9000, now: start) == [
            set(atoms.landing, atoms.atom, .items([shapesTarget, pngTarget, textTarget]), on: ours),
            .convert(selection: atoms.clipboardManager, target: atoms.saveTargets, property: atoms.landing, time: 9000),
        ])
        #expect(owner.isHandingOver && owner.nextDeadline == start + SelectionOwner.handOverTimeout)
        // Meanwhile the manager reads what we offer, as any requestor does.
        #expect(owner.handle(request(shapesTarget, time: 9001), now: start).count == 2)
        owner.notified(selection: atoms.clipboard, target: atoms.saveTargets)
        #expect(owner.isHandingOver, "only CLIPBOARD_MANAGER's answer counts")
        owner.notified(selection: atoms.clipboardManager, target: atoms.saveTargets)
        #expect(!owner.isHandingOver)
    }

    @Test func aManagerThatDoesNotAnswerIsGivenUpAfterTwoSeconds() {
        var owner = owner()
        _ = owner.handOver(time: 9000, now: start)
        _ = owner.advance(to: start + .milliseconds(1_999))
        #expect(owner.isHandingOver)
        _ = owner.advance(to: start + .seconds(2))
        #expect(!owner.isHandingOver && owner.nextDeadline == nil)
    }

    @Test func withoutTheClipboardThereIsNothingToHandOver() {
        var owner = owner()
        owner.lost()
        #expect(owner.handOver(time: 9000, now: start) == [] && !owner.isHandingOver)
    }
}

/// A fake X server between an owner (on `ours`... as a client of its own) and a reader on `theirs`'s side:
/// it keeps windows' properties, delivers SelectionRequest, SelectionNotify and PropertyNotify in order,
/// and tells the owner of deletions on the windows it watches.
private final class FakeSelectionServer {
    var owner: SelectionOwner
    var reader: SelectionReader
    /// Properties of the reader's window.
    var properties: [XAtom: PropertyContent] = [:]
    /// Windows whose property changes the owner hears of.
    var watched: Set<XWindow> = []
    var chunksWritten = 0
    private var events: [Event] = []

    private enum Event {
        case request(ConversionRequest)
        case notified(selection: XAtom, target: XAtom, property: XAtom)
        case readerPropertyChanged(XAtom)
        case ownerHearsDeletion(XAtom)
    }

    init(owner: SelectionOwner, reader: SelectionReader) {
        self.owner = owner
        self.reader = reader
    }

    /// A paste from start to end: every event delivered until none is left.
    func paste(time: XTime, now: Deadline) {
        performReader(reader.begin(time: time, now: now), now: now)
        while !events.isEmpty {
            switch events.removeFirst() {
            case .request(let request): performOwner(owner.handle(request, now: now))
            case .notified(let selection, let target, let property):
                performReader(reader.notified(selection: selection, target: target, property: property, now: now), now: now)
            case .readerPropertyChanged(let property): performReader(reader.propertyChanged(property: property, now: now), now: now)
            case .ownerHearsDeletion(let property): performOwner(owner.propertyDeleted(window: theirs, property: property, now: now))
            }
        }
    }

    private func performOwner(_ actions: [SelectionAction]) {
        for action in actions {
            switch action {
            case .setProperty(let window, let property, let type, let value):
                #expect(window == theirs)
                properties[property] = PropertyContent(type: type, value: value)
                if type != atoms.incr { chunksWritten += 1 }
                events.append(.readerPropertyChanged(property))
            case .notify(let requestor, let selection, let target, let property, _):
                #expect(requestor == theirs)
                events.append(.notified(selection: selection, target: target, property: property))
            case .watchProperties(let window, let on):
                if on { watched.insert(window) } else { watched.remove(window) }
            case .convert, .readAndDelete:
                Issue.record("an owner does not \(action)")
            }
        }
    }

    private func performReader(_ actions: [SelectionAction], now: Deadline) {
        var pending = actions[...]
        while let action = pending.popFirst() {
            switch action {
            case .convert(let selection, let target, let property, let time):
                events.append(.request(ConversionRequest(requestor: theirs, selection: selection, target: target, property: property,
                                                         time: time)))
            case .readAndDelete(let property):
                let content = properties.removeValue(forKey: property)
                if content != nil, watched.contains(theirs) { events.append(.ownerHearsDeletion(property)) }
                pending = reader.read(content, now: now)[...] + pending
            default:
                Issue.record("a reader does not \(action)")
            }
        }
    }
}
