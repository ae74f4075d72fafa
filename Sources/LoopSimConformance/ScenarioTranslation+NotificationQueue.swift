import LoopSimKernel

/// `NotificationQueue`'s steps (docs/scenario-format.md §7.9) as calls on `NotificationQueue.default`.
extension ScenarioTranslation {
    /// The Swift of `step` when it is one of these steps; false (nothing written) for any other.
    mutating func emitNotificationQueue(
        _ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter
    ) -> Bool {
        switch step {
        case let s as EnqueueNotificationStep:
            // NotificationQueue.swift (swift-corelibs-foundation): the Notification, holding its sender and
            // userInfo, is made before the enqueue, which keeps it until it posts it.
            let sender = s.object.map { "LS.obj(\(expr($0, context)))" } ?? "nil"
            let name = "Notification.Name(\(SwiftWriter.literal(s.name)))"
            w.block("do") { w in
                let senderValue = temporary()
                w.line("let \(senderValue): AnyObject? = \(sender)")
                var entries: [String] = []
                for entry in s.userInfo ?? [] {
                    let value = temporary()
                    w.line("let \(value) = \(expr(entry.value, context))")
                    entries.append("(\(SwiftWriter.literal(entry.key)), \(value))")
                }
                w.line("LS.flushInits()")
                let userInfo = s.userInfo == nil ? "nil" : "LS.userInfo([" + entries.joined(separator: ", ") + "])"
                let modes = s.modes.map { list in
                    "[" + list.map { "RunLoop.Mode(\(modeLiteral($0)))" }.joined(separator: ", ") + "]"
                }
                w.line(
                    "NotificationQueue.default.enqueue(Notification(name: \(name), object: \(senderValue), "
                        + "userInfo: \(userInfo)), postingStyle: .\(s.style.rawValue), "
                        + "coalesceMask: \(coalesceMask(s.coalesceOnName, s.coalesceOnSender)), "
                        + "forModes: \(modes ?? "nil"))")
            }
        case let s as DequeueNotificationsStep:
            let sender = s.object.map { "LS.obj(\(expr($0, context)))" } ?? "nil"
            w.line(
                "NotificationQueue.default.dequeueNotifications(matching: Notification(name: "
                    + "Notification.Name(\(SwiftWriter.literal(s.name))), object: \(sender)), "
                    + "coalesceMask: \(coalesceMask(s.coalesceOnName, s.coalesceOnSender)))")
        default:
            return false
        }
        return true
    }
}
