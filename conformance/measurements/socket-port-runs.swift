// The SocketPort measurement behind docs/fidelity.md, "SocketPort" (issue 34, item 3). Not part of the package.
// Build and run on the machine whose Foundation is measured:
//   swiftc -O conformance/measurements/socket-port-runs.swift -o /tmp/socket-port-runs
//   /tmp/socket-port-runs [MODE] [main|thread] [MESSAGES] [PAYLOAD]
// MODE: the mode the receive port is scheduled in (`default`, or any other name: a custom mode); `main` sends
// every message from the main thread before the runs, `thread` from a detached thread 50 ms apart. It prints each
// run(mode:before:) return, the delegate calls and the send -> delegate latency. Results on this machine (Swift
// 6.3.1): the first message ends run(mode:before:) twice in 10 of 10 runs, later ones once; a custom mode: every
// run times out; PAYLOAD of 11 bytes: no delegate call, 12 bytes: one.

// behaviour when the port is scheduled in another mode.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class D: NSObject, PortDelegate {
    var got: [Double] = []
    func handle(_ message: PortMessage) { got.append(Date().timeIntervalSinceReferenceDate)
        print("  delegate components=\(message.components?.count ?? -1) thread main=\(Thread.isMainThread)") }
}
func tcpPort(_ p: SocketPort) -> UInt16 {
    let d = p.address
    return d.withUnsafeBytes { b in var s = sockaddr_in(); withUnsafeMutableBytes(of: &s) { $0.copyMemory(from: b) }; return UInt16(bigEndian: s.sin_port) }
}
let args = CommandLine.arguments
let scheduleMode = args.count > 1 ? args[1] : "default"   // mode the receive port is scheduled in
let fromThread = args.count > 2 && args[2] == "thread"
let messages = args.count > 3 ? Int(args[3])! : 1
let payload = args.count > 4 ? args[4] : "I cannot weave"
let local = SocketPort(tcpPort: 0)!
let d = D()
local.setDelegate(d)
local.schedule(in: .main, forMode: scheduleMode == "default" ? .default : RunLoop.Mode(scheduleMode))
let p = tcpPort(local)
let remote = SocketPort(remoteWithTCPPort: p, host: "127.0.0.1")!
var sendTimes: [Double] = []
func sendOne() {
    sendTimes.append(Date().timeIntervalSinceReferenceDate)
    let ok = remote.send(before: Date(timeIntervalSinceNow: 5), components: NSMutableArray(array: [Data(payload.utf8)]), from: nil, reserved: 0)
    print("  sent ok=\(ok) at +\(String(format: "%.3f", (sendTimes.last! - t0) * 1000)) ms")
}
let t0 = Date().timeIntervalSinceReferenceDate
if fromThread {
    Thread.detachNewThread { for _ in 0..<messages { sendOne(); usleep(50_000) } }
} else { for _ in 0..<messages { sendOne() } }
var runs = 0
let end = Date(timeIntervalSinceNow: 1.0)
while Date() < end && d.got.count < messages {
    let a = Date().timeIntervalSinceReferenceDate
    let r = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.5))
    runs += 1
    print("run #\(runs) returned \(r) after \(String(format: "%.3f", (Date().timeIntervalSinceReferenceDate - a) * 1000)) ms, delegate calls=\(d.got.count)")
}
for (i, g) in d.got.enumerated() where i < sendTimes.count { print(String(format: "latency %d: %.3f ms", i, (g - sendTimes[i]) * 1000)) }
print("runs=\(runs) delegateCalls=\(d.got.count)")
