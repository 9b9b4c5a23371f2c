import CX11
import Testing
import TouchTracker
@testable import XShell

@Suite("Keys from X to the app")
struct KeyInputTests {
    func key(_ keysym: Int32, _ state: Int32 = 0) -> KeyInput { KeyInput(keysym: UInt(keysym), state: UInt32(state)) }

    @Test func editingKeysAndArrowsAreNamed() {
        #expect(key(XK_Delete).appKey! == (.delete, []))
        #expect(key(XK_KP_Delete).appKey! == (.delete, []))
        #expect(key(XK_BackSpace).appKey! == (.backspace, []))
        #expect(key(XK_Escape).appKey! == (.escape, []))
        #expect(key(XK_Down, ShiftMask).appKey! == (.down, .shift))
        #expect(key(XK_KP_Left).appKey! == (.left, []))
        #expect(key(XK_F1).appKey! == (.f1, []))
    }

    @Test func theKeysOfMenusAreNamed() {
        #expect(key(XK_Menu).appKey! == (.menu, []))
        #expect(key(XK_F10, ShiftMask).appKey! == (.f10, .shift))
        #expect(key(XK_Home).appKey! == (.home, []) && key(XK_KP_End).appKey! == (.end, []))
        #expect(key(XK_Return).appKey! == (.enter, []) && key(XK_KP_Enter).appKey! == (.enter, []))
        #expect(key(XK_space).appKey! == (.character(" "), []))
        #expect(key(XK_F9).appKey! == (.f9, []))
    }

    @Test func printableKeysAreTheirCharactersWithTheModifiersHeld() {
        #expect(key(XK_z, ControlMask).appKey! == (.character("z"), .control))
        #expect(key(XK_Z, ControlMask | ShiftMask).appKey! == (.character("Z"), [.control, .shift]))
        #expect(key(XK_question, ShiftMask).appKey! == (.character("?"), .shift))
        #expect(key(XK_KP_2, Mod2Mask).appKey! == (.character("2"), []), "the keypad's digits, NumLock on")
        #expect(key(XK_KP_0).appKey! == (.character("0"), []))
    }

    @Test func keysTheAppDoesNotUseAreDropped() {
        #expect(key(XK_Shift_L, ShiftMask).appKey == nil)
        #expect(key(XK_F2).appKey == nil)
        #expect(key(XK_eacute).appKey == nil, "beyond ASCII")
    }
}
