import CNcurses
import Testing
@testable import TminusTerminal
import TminusViewModel

@Suite("Mouse reports")
struct MouseReportTests {
    @Test func sgrReportsBecomePressesAndWheelNotches() {
        #expect(KeyReader.parseSGRMouse("0;12;6M") == MouseEvent(.press, x: 11, y: 5))
        #expect(KeyReader.parseSGRMouse("64;1;1M") == MouseEvent(.wheelUp, x: 0, y: 0))
        #expect(KeyReader.parseSGRMouse("65;30;10M") == MouseEvent(.wheelDown, x: 29, y: 9))
        // With Shift/Ctrl held: the same.
        #expect(KeyReader.parseSGRMouse("16;3;4M") == MouseEvent(.press, x: 2, y: 3))
    }

    @Test func releasesMotionOtherButtonsAndJunkAreDropped() {
        #expect(KeyReader.parseSGRMouse("0;12;6m") == nil)
        #expect(KeyReader.parseSGRMouse("32;12;6M") == nil)
        #expect(KeyReader.parseSGRMouse("2;12;6M") == nil)
        #expect(KeyReader.parseSGRMouse("0;12M") == nil)
        #expect(KeyReader.parseSGRMouse("0;0;6M") == nil)
        #expect(KeyReader.parseSGRMouse("0;x;6M") == nil)
        #expect(KeyReader.parseSGRMouse("0;12;6") == nil)
    }

    @Test func ncursesEventsBecomePressesAndWheelNotches() {
        #expect(KeyReader.translateMouse(buttons: tm_button1_pressed(), x: 4, y: 7) == MouseEvent(.press, x: 4, y: 7))
        #expect(KeyReader.translateMouse(buttons: tm_button4_pressed(), x: 1, y: 2) == MouseEvent(.wheelUp, x: 1, y: 2))
        #expect(KeyReader.translateMouse(buttons: tm_button5_pressed(), x: 1, y: 2) == MouseEvent(.wheelDown, x: 1, y: 2))
        #expect(KeyReader.translateMouse(buttons: 0, x: 1, y: 2) == nil)
    }

    @Test func theSGRCodeIsNoNcursesKey() {
        #expect(KeyReader.sgrMouseCode > CursesKey.codes.max)
        #expect(KeyReader.sgrMouseCode != CursesKey.codes.mouse)
    }
}
