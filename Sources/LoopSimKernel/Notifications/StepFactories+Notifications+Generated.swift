// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: Notifications/NotificationCenter+Steps.swift

extension AddBlockObserverStep {
    public static func make(name: String?, object: Expr?, queue: QueueRef?, operationQueue: Int? = nil, block: Expr,
                            into: LValue?) -> Self {
        Self(name: name, object: object, queue: queue, operationQueue: operationQueue, block: block, into: into)
    }
}

extension AddSelectorObserverStep {
    public static func make(observer: Expr, classIndex: Int, method: Int, name: String?, object: Expr?) -> Self {
        Self(observer: observer, classIndex: classIndex, method: method, name: name, object: object)
    }
}

extension RemoveObserverStep {
    public static func make(observer: Expr) -> Self {
        Self(observer: observer)
    }
}

extension PostNotificationStep {
    public static func make(name: String, object: Expr?, userInfo: [(key: String, value: Expr)]? = nil) -> Self {
        Self(name: name, object: object, userInfo: userInfo)
    }
}

// MARK: Notifications/NotificationQueues+Steps.swift

extension EnqueueNotificationStep {
    public static func make(name: String, object: Expr?, userInfo: [(key: String, value: Expr)]? = nil,
                            style: NotificationPostingStyle, coalesceOnName: Bool = true, coalesceOnSender: Bool = true,
                            modes: [String]? = nil) -> Self {
        Self(name: name, object: object, userInfo: userInfo, style: style, coalesceOnName: coalesceOnName,
             coalesceOnSender: coalesceOnSender, modes: modes)
    }
}

extension DequeueNotificationsStep {
    public static func make(name: String, object: Expr?, coalesceOnName: Bool, coalesceOnSender: Bool) -> Self {
        Self(name: name, object: object, coalesceOnName: coalesceOnName, coalesceOnSender: coalesceOnSender)
    }
}
