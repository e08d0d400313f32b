import CTerminal
import Foundation

/// A pipe whose only job is to wake the player's wait: signal handlers and
/// other threads write a byte, the player drains it.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    /// Both ends -1 when the process has no descriptors left; the player then
    /// refuses to play.
    init() {
        var fds: (Int32, Int32) = (-1, -1)
        if segue_wake_pipe(&fds.0, &fds.1) != 0 { fds = (-1, -1) }
        (readEnd, writeEnd) = fds
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    func wake() {
        var byte: UInt8 = 1
        if writeEnd >= 0 { _ = Foundation.write(writeEnd, &byte, 1) }  // a full pipe already wakes the player
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while readEnd >= 0 && read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
