import LoopSimKernel

extension ScenarioCompiler {
    /// `NotificationQueue`'s verbs (docs/scenario-format.md §7.9): enqueueing on the current thread's default queue
    /// and dequeueing from it. Each makes its step of `Notifications/NotificationQueues+Steps.swift`.
    static let notificationQueueVerbs: [StepVerb] = [
        StepVerb("enqueueNotification", keys: ["object", "userInfo", "style", "coalesce", "forModes"]) { c, s in
            guard let name = c.queuedNotificationName(s) else { return [] }
            guard let styleNode = s.map["style"] else {
                c.bag.error(
                    .keyMissing,
                    "enqueueNotification needs style: now, asap or whenIdle (the postingStyle)", at: s.at)
                return []
            }
            guard let style = c.postingStyle(styleNode) else { return [] }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            guard let userInfo = c.userInfo(s.map["userInfo"], scope: s.scope) else { return [] }
            // `enqueue(_:postingStyle:)` coalesces on the name and the sender (NotificationQueue.swift line 84).
            guard let mask = s.map["coalesce"].map({ c.coalesceMask($0) }) ?? (true, true) else { return [] }
            var modes: [String]?
            if let node = s.map["forModes"] {
                guard let list = c.queueModes(node) else { return [] }
                modes = list
            }
            return [
                .perform(
                    EnqueueNotificationStep.make(
                        name: name, object: object, userInfo: userInfo, style: style, coalesceOnName: mask.onName,
                        coalesceOnSender: mask.onSender, modes: modes))
            ]
        },
        StepVerb("dequeueNotifications", keys: ["object", "coalesce"]) { c, s in
            guard let name = c.queuedNotificationName(s) else { return [] }
            guard let maskNode = s.map["coalesce"] else {
                c.bag.error(
                    .keyMissing,
                    "dequeueNotifications needs coalesce: onName, onSender, [onName, onSender] or none "
                        + "(the coalesceMask; none removes nothing)", at: s.at)
                return []
            }
            guard let mask = c.coalesceMask(maskNode) else { return [] }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            return [
                .perform(
                    DequeueNotificationsStep.make(
                        name: name, object: object, coalesceOnName: mask.onName, coalesceOnSender: mask.onSender))
            ]
        },
    ]

    /// The name of a notification a queue takes: a `Notification` always has one.
    private func queuedNotificationName(_ s: StepSite) -> String? {
        guard let name = string(s.arg, what: "the notification name") else { return nil }
        if let scalar = s.arg.scalar, scalar.isPlain, name == "nil" {
            bag.error(
                .valueInvalid,
                "a queued notification needs a name (Notification(name:)); quote it, \"nil\", for a notification "
                    + "named nil", at: s.arg.location)
            return nil
        }
        return name
    }

    /// `style:`, the `NotificationQueue.PostingStyle`: `now`, `asap` or `whenIdle` (Objective-C's `NSPostNow`,
    /// `NSPostASAP`, `NSPostWhenIdle` are accepted too).
    private func postingStyle(_ node: LocatedNode) -> NotificationPostingStyle? {
        let names: [String: NotificationPostingStyle] = [
            "now": .now, "asap": .asap, "whenIdle": .whenIdle,
            "NSPostNow": .now, "NSPostASAP": .asap, "NSPostWhenIdle": .whenIdle,
        ]
        guard let text = node.scalar?.text, let style = names[text] else {
            bag.error(
                .valueInvalid, "style: is now, asap or whenIdle (NotificationQueue.PostingStyle)",
                at: node.location)
            return nil
        }
        return style
    }

    /// `coalesce:`, the `NotificationQueue.NotificationCoalescing` mask: `onName`, `onSender`, a list of them, or
    /// `none` (also `[]`).
    private func coalesceMask(_ node: LocatedNode) -> (onName: Bool, onSender: Bool)? {
        let items = node.sequence?.items ?? [node]
        var mask = (onName: false, onSender: false)
        for item in items {
            switch item.scalar?.text {
            case "onName", "NSNotificationCoalescingOnName": mask.onName = true
            case "onSender", "NSNotificationCoalescingOnSender": mask.onSender = true
            case "none", "NSNotificationNoCoalescing": break
            default:
                bag.error(
                    .valueInvalid,
                    "coalesce: takes onName, onSender, a list of both, or none (NotificationCoalescing)",
                    at: item.location)
                return nil
            }
        }
        return mask
    }

    /// `forModes:`: a mode or a list of modes (short names for CF's); an empty list is allowed, with a warning: the
    /// notification can never be posted.
    private func queueModes(_ node: LocatedNode) -> [String]? {
        let items = node.sequence?.items ?? [node]
        if items.isEmpty {
            bag.warning(
                .valueInvalid, "an empty forModes: list is never posted: no mode is in it", at: node.location)
        }
        var modes: [String] = []
        for item in items {
            guard let mode = modeName(item) else { return nil }
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
    }
}
