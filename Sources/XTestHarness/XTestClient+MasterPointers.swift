import CX11
import CXTest
#if canImport(Glibc)
import Glibc
#endif

/// A master pointer (MPX) and the XTEST slave device through which the test moves it and presses its buttons.
public struct MasterPointer: Sendable {
    public let id: Int32
    public let xtestSlave: Int32
}

/// Where a master pointer is and which of its buttons are down, as the server sees it.
public struct PointerState: Hashable, Sendable {
    public let x: Int
    public let y: Int
    /// The buttons held down (1 = left).
    public let buttons: Set<Int>

    public init(x: Int, y: Int, buttons: Set<Int>) {
        self.x = x
        self.y = y
        self.buttons = buttons
    }
}

/// Several pointers at once: XInput 2 adds master pointers, each with its own XTEST slave, and XTest's device
/// requests drive each slave (so each master) separately. XTest cannot inject touches; touches are tested with
/// constructed events in XShellTests. Input here is flushed, whatever the client's `InputDelivery`.
extension XTestClient {
    /// The virtual core pointer (the master that `move(to:)` / `press()` drive).
    public func corePointer() throws -> MasterPointer {
        try masterPointer(named: "Virtual core pointer")
    }

    /// Adds a master pointer (and its keyboard) called "`name` pointer" with XIChangeHierarchy.
    public func addMasterPointer(named name: String) throws -> MasterPointer {
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success else {
            throw Failure(description: "the X server has no XInput 2")
        }
        let cName = strdup(name)
        defer { free(cName) }
        var change = XIAnyHierarchyChangeInfo()
        change.add = XIAddMasterInfo(type: XIAddMaster, name: cName, send_core: 1, enable: 1)
        guard XIChangeHierarchy(display, &change, 1) == Success else {
            throw Failure(description: "XIChangeHierarchy could not add master \(name)")
        }
        XSync(display, 0)
        return try masterPointer(named: "\(name) pointer")
    }

    /// Removes a master pointer (and its keyboard) added with `addMasterPointer`; its slaves float.
    public func removeMasterPointer(_ pointer: MasterPointer) {
        var change = XIAnyHierarchyChangeInfo()
        change.remove = XIRemoveMasterInfo(type: XIRemoveMaster, deviceid: pointer.id, return_mode: XIFloating,
                                           return_pointer: 0, return_keyboard: 0)
        XIChangeHierarchy(display, &change, 1)
        XFlush(display)
    }

    /// Moves `pointer` to (x, y) on the screen.
    public func move(_ pointer: MasterPointer, to x: Int, _ y: Int) {
        withDevice(pointer.xtestSlave) { device in
            var axes = [Int32(x), Int32(y)]
            XTestFakeDeviceMotionEvent(display, device, 0, 0, &axes, 2, 0)
        }
    }

    /// Where `pointer` is on the screen and which buttons it holds now (XIQueryPointer); nil if the server
    /// does not know it.
    public func state(of pointer: MasterPointer) -> PointerState? {
        var rootReturn: Window = 0, child: Window = 0
        var rootX = 0.0, rootY = 0.0, windowX = 0.0, windowY = 0.0
        var buttons = XIButtonState(), modifiers = XIModifierState(), group = XIGroupState()
        guard XIQueryPointer(display, pointer.id, root, &rootReturn, &child, &rootX, &rootY, &windowX, &windowY,
                             &buttons, &modifiers, &group) != 0 else { return nil }
        defer { XFree(buttons.mask) }
        let mask = UnsafeBufferPointer(start: buttons.mask, count: Int(buttons.mask_len))
        let down = (0..<mask.count * 8).filter { mask[$0 / 8] & (1 << ($0 % 8)) != 0 }
        return PointerState(x: Int(rootX), y: Int(rootY), buttons: Set(down))
    }

    /// Presses `button` of `pointer`.
    public func press(_ pointer: MasterPointer, button: UInt32 = 1) { fakeButton(pointer, button, isPress: true) }
    /// Releases `button` of `pointer`.
    public func release(_ pointer: MasterPointer, button: UInt32 = 1) { fakeButton(pointer, button, isPress: false) }

    private func fakeButton(_ pointer: MasterPointer, _ button: UInt32, isPress: Bool) {
        withDevice(pointer.xtestSlave) { device in
            XTestFakeDeviceButtonEvent(display, device, button, isPress ? 1 : 0, nil, 0, 0)
        }
    }

    /// Opens the slave device for XTest's device requests around `body`, then flushes.
    private func withDevice(_ id: Int32, _ body: (UnsafeMutablePointer<XDevice>) -> Void) {
        guard let device = XOpenDevice(display, XID(id)) else { return }
        body(device)
        XCloseDevice(display, device)
        XFlush(display)
    }

    /// The master pointer called `name` and its XTEST slave, from the server's device list.
    private func masterPointer(named name: String) throws -> MasterPointer {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else {
            throw Failure(description: "XIQueryDevice failed")
        }
        defer { XIFreeDeviceInfo(devices) }
        let all = UnsafeBufferPointer(start: devices, count: Int(count))
        guard let master = all.first(where: { $0.use == XIMasterPointer && String(cString: $0.name) == name }) else {
            throw Failure(description: "no master pointer called \(name)")
        }
        guard let slave = all.first(where: {
            $0.use == XISlavePointer && $0.attachment == master.deviceid && String(cString: $0.name).contains("XTEST")
        }) else {
            throw Failure(description: "master pointer \(name) has no XTEST slave")
        }
        return MasterPointer(id: master.deviceid, xtestSlave: slave.deviceid)
    }
}
