// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites this file (the test fails
// while it differs from what the declarations make). Do not edit by hand.

// MARK: App/AppLifecycle+Steps.swift

extension BeginBackgroundTaskStep {
    public static func make(expiration: Expr?, into: LValue?) -> Self {
        Self(expiration: expiration, into: into)
    }
}

extension EndBackgroundTaskStep {
    public static func make(task: Expr) -> Self {
        Self(task: task)
    }
}

extension SampleStep {
    public static func make(name: String, value: Expr) -> Self {
        Self(name: name, value: value)
    }
}

// MARK: Concurrency/Awaits+Steps.swift

extension AwaitCallStep {
    public static func make(receiver: Expr, classIndex: Int, method: Int, arguments: [Expr],
                            isolation: CalleeIsolation) -> Self {
        Self(receiver: receiver, classIndex: classIndex, method: method, arguments: arguments, isolation: isolation)
    }
}

extension AwaitTaskStep {
    public static func make(task: Expr) -> Self {
        Self(task: task)
    }
}

extension TaskGroupStep {
    public static func make(children: [Expr]) -> Self {
        Self(children: children)
    }
}

// MARK: Concurrency/Tasks+Steps.swift

extension MakeTaskStep {
    public static func make(closure: Expr, detached: Bool, actor: TaskExecutor?, into: LValue?, label: String) -> Self {
        Self(closure: closure, detached: detached, actor: actor, into: into, label: label)
    }
}

extension TaskSleepStep {
    public static func make(delay: DurationSpec, throwing: Bool) -> Self {
        Self(delay: delay, throwing: throwing)
    }
}

extension CancelTaskStep {
    public static func make(task: Expr) -> Self {
        Self(task: task)
    }
}

extension MainActorRunStep {
    public static func make(enter: Bool) -> Self {
        Self(enter: enter)
    }
}

// MARK: Dispatch/DispatchQueues+Steps.swift

extension DispatchAfterStep {
    public static func make(delay: DurationSpec, queue: QueueRef, block: Expr) -> Self {
        Self(delay: delay, queue: queue, block: block)
    }
}

extension MakeDispatchTimerStep {
    public static func make(spec: DispatchTimerSpec, into: LValue?) -> Self {
        Self(spec: spec, into: into)
    }
}

extension DispatchSourceStep {
    public static func make(call: Call, source: Expr) -> Self {
        Self(call: call, source: source)
    }
}

extension SemaphoreWaitStep {
    public static func make(semaphore: Expr, timeout: SimDuration?, result: LValue?,
                            timeoutExpression: Expr? = nil) -> Self {
        Self(semaphore: semaphore, timeout: timeout, result: result, timeoutExpression: timeoutExpression)
    }
}

extension SemaphoreSignalStep {
    public static func make(semaphore: Expr) -> Self {
        Self(semaphore: semaphore)
    }
}

extension DispatchAsyncStep {
    public static func make(queue: QueueRef, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

// MARK: Dispatch/DispatchQueues+SyncSteps.swift

extension DispatchSyncStep {
    public static func make(queue: QueueRef, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

extension DispatchGroupStep {
    public static func make(call: Call, group: Expr) -> Self {
        Self(call: call, group: group)
    }
}

extension DispatchGroupBlockStep {
    public static func make(call: Call, group: Expr, queue: QueueRef, block: Expr) -> Self {
        Self(call: call, group: group, queue: queue, block: block)
    }
}

extension DispatchGroupWaitStep {
    public static func make(group: Expr, timeout: SimDuration?, result: LValue?,
                            timeoutExpression: Expr? = nil) -> Self {
        Self(group: group, timeout: timeout, result: result, timeoutExpression: timeoutExpression)
    }
}

extension DispatchOnceStep {
    public static func make(token: Expr, place: LValue, block: Expr) -> Self {
        Self(token: token, place: place, block: block)
    }
}

extension DispatchBarrierAsyncStep {
    public static func make(queue: QueueRef, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

// MARK: Dispatch/DispatchQueues+WorkItemSteps.swift

extension MakeWorkItemStep {
    public static func make(block: Expr, into: LValue, label: String) -> Self {
        Self(block: block, into: into, label: label)
    }
}

extension WorkItemStep {
    public static func make(call: Call, item: Expr) -> Self {
        Self(call: call, item: item)
    }
}

extension ConcurrentPerformStep {
    public static func make(iterations: Expr, block: Expr) -> Self {
        Self(iterations: iterations, block: block)
    }
}

// MARK: Dispatch/OperationQueues+PropertySteps.swift

extension OperationQueuePropertyStep {
    public static func make(queue: Int, property: OperationQueueProperty, into: LValue) -> Self {
        Self(queue: queue, property: property, into: into)
    }
}

extension OperationQualityOfServiceStep {
    public static func make(operation: Expr, into: LValue) -> Self {
        Self(operation: operation, into: into)
    }
}

// MARK: Dispatch/OperationQueues+Steps.swift

extension AddOperationStep {
    public static func make(queue: Int, dependsOnLast: Bool, block: Expr, isOperation: Bool = false) -> Self {
        Self(queue: queue, dependsOnLast: dependsOnLast, block: block, isOperation: isOperation)
    }
}

extension MakeOperationStep {
    public static func make(block: Expr, into: LValue, label: String, isAsynchronous: Bool = false) -> Self {
        Self(block: block, into: into, label: label, isAsynchronous: isAsynchronous)
    }
}

extension AddDependencyStep {
    public static func make(operation: Expr, dependency: Expr) -> Self {
        Self(operation: operation, dependency: dependency)
    }
}

extension SetCompletionBlockStep {
    public static func make(operation: Expr, block: Expr) -> Self {
        Self(operation: operation, block: block)
    }
}

extension CancelOperationStep {
    public static func make(target: Target) -> Self {
        Self(target: target)
    }
}

extension WaitForOperationsStep {
    public static func make(queue: Int) -> Self {
        Self(queue: queue)
    }
}

extension WaitUntilFinishedStep {
    public static func make(operation: Expr) -> Self {
        Self(operation: operation)
    }
}

extension AddOperationsStep {
    public static func make(queue: Int, operations: [Expr], waitUntilFinished: Bool) -> Self {
        Self(queue: queue, operations: operations, waitUntilFinished: waitUntilFinished)
    }
}

extension OperationSetterStep {
    public static func make(setter: Setter) -> Self {
        Self(setter: setter)
    }
}

extension OperationCountStep {
    public static func make(queue: Int, into: LValue) -> Self {
        Self(queue: queue, into: into)
    }
}

extension AddBarrierBlockStep {
    public static func make(queue: Int, block: Expr) -> Self {
        Self(queue: queue, block: block)
    }
}

extension AddExecutionBlockStep {
    public static func make(operation: Expr, block: Expr) -> Self {
        Self(operation: operation, block: block)
    }
}

extension FinishOperationStep {
    public static func make(operation: Expr) -> Self {
        Self(operation: operation)
    }
}

// MARK: KVO/KeyValueObserving+Steps.swift

extension AddKeyPathObserverStep {
    public static func make(object: Expr, slot: Int, keyPath: String, observer: Expr) -> Self {
        Self(object: object, slot: slot, keyPath: keyPath, observer: observer)
    }
}

extension RemoveKeyPathObserverStep {
    public static func make(object: Expr, keyPath: String, observer: Expr) -> Self {
        Self(object: object, keyPath: keyPath, observer: observer)
    }
}

extension ObserveKeyPathStep {
    public static func make(object: Expr, slot: Int, keyPath: String, block: Expr, into: LValue?,
                            passes: [KeyValueChangeArgument] = [], initial: Bool = false) -> Self {
        Self(object: object, slot: slot, keyPath: keyPath, block: block, into: into, passes: passes, initial: initial)
    }
}

// MARK: Locks/Locks+Steps.swift

extension MakeLockStep {
    public static func make(kind: LockKind, condition: Int, into: LValue, label: String, name: String? = nil) -> Self {
        Self(kind: kind, condition: condition, into: into, label: label, name: name)
    }
}

extension LockStep {
    public static func make(lock: Expr, isTry: Bool, before: SimDuration?, whenCondition: Expr?,
                            result: LValue?) -> Self {
        Self(lock: lock, isTry: isTry, before: before, whenCondition: whenCondition, result: result)
    }
}

extension UnlockStep {
    public static func make(lock: Expr, withCondition: Expr?) -> Self {
        Self(lock: lock, withCondition: withCondition)
    }
}

extension ConditionWaitStep {
    public static func make(condition: Expr, until: SimDuration?, result: LValue?) -> Self {
        Self(condition: condition, until: until, result: result)
    }
}

extension ConditionSignalStep {
    public static func make(condition: Expr, broadcast: Bool) -> Self {
        Self(condition: condition, broadcast: broadcast)
    }
}

extension LockConditionStep {
    public static func make(lock: Expr, into: LValue) -> Self {
        Self(lock: lock, into: into)
    }
}

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

// MARK: Objects/Objects+Steps.swift

extension RetainStep {
    public static func make(object: Expr) -> Self {
        Self(object: object)
    }
}

// MARK: Program/Arrays+Steps.swift

extension ArrayStep {
    public static func make(place: LValue, operation: ArrayOperation) -> Self {
        Self(place: place, operation: operation)
    }
}

// MARK: Program/Log+Steps.swift

extension InterpolatedLogStep {
    public static func make(parts: [LogPart]) -> Self {
        Self(parts: parts)
    }
}

// MARK: Program/Step.swift

extension DispatchTimerSpec {
    public static func make(queue: QueueRef, start: DurationSpec, interval: SimDuration?, leeway: SimDuration,
                            wallClock: Bool, handler: Expr, resume: Bool, label: String,
                            intervalExpression: Expr? = nil, leewayExpression: Expr? = nil) -> Self {
        Self(queue: queue, start: start, interval: interval, leeway: leeway, wallClock: wallClock, handler: handler,
             resume: resume, label: label, intervalExpression: intervalExpression, leewayExpression: leewayExpression)
    }
}

extension TimerSpec {
    public static func make(interval: SimDuration, repeats: Bool, action: Action, userInfo: Expr? = nil,
                            scheduleMode: String?, firstFireAfter: SimDuration? = nil, isBlockInitializer: Bool = false,
                            tolerance: SimDuration = .zero, label: String, intervalExpression: Expr? = nil,
                            firstFireExpression: Expr? = nil, toleranceExpression: Expr? = nil) -> Self {
        Self(interval: interval, repeats: repeats, action: action, userInfo: userInfo, scheduleMode: scheduleMode,
             firstFireAfter: firstFireAfter, isBlockInitializer: isBlockInitializer, tolerance: tolerance, label: label,
             intervalExpression: intervalExpression, firstFireExpression: firstFireExpression,
             toleranceExpression: toleranceExpression)
    }
}

// MARK: Program/Trap+Steps.swift

extension TrapStep {
    public static func make(message: String) -> Self {
        Self(message: message)
    }
}

// MARK: RunLoop/Performs+Steps.swift

extension PerformAfterDelayStep {
    public static func make(target: Expr, classIndex: Int, method: Int, argument: Expr?, delay: SimDuration,
                            modes: [String], delayExpression: Expr? = nil) -> Self {
        Self(target: target, classIndex: classIndex, method: method, argument: argument, delay: delay, modes: modes,
             delayExpression: delayExpression)
    }
}

extension PerformOnThreadStep {
    public static func make(target: Expr, classIndex: Int, method: Int, argument: Expr?, runLoop: Expr,
                            waitUntilDone: Bool, modes: [String]) -> Self {
        Self(target: target, classIndex: classIndex, method: method, argument: argument, runLoop: runLoop,
             waitUntilDone: waitUntilDone, modes: modes)
    }
}

extension CancelPerformRequestsStep {
    public static func make(target: Expr, selector: (classIndex: Int, method: Int)?, object: Expr?) -> Self {
        Self(target: target, selector: selector, object: object)
    }
}

// MARK: RunLoop/Ports+Steps.swift

extension MakePortStep {
    public static func make(block: Expr?, into: LValue?) -> Self {
        Self(block: block, into: into)
    }
}

extension AddPortStep {
    public static func make(port: Expr, runLoop: Expr, mode: String, removes: Bool) -> Self {
        Self(port: port, runLoop: runLoop, mode: mode, removes: removes)
    }
}

extension SendPortMessageStep {
    public static func make(port: Expr, after: SimDuration?, data: String?) -> Self {
        Self(port: port, after: after, data: data)
    }
}

extension StreamStep {
    public static func make(runLoop: Expr, mode: String, deliveries: [SimDuration], block: Expr,
                            into: LValue?) -> Self {
        Self(runLoop: runLoop, mode: mode, deliveries: deliveries, block: block, into: into)
    }
}

extension ConnectionStep {
    public static func make(runLoop: Expr, mode: String, deliveries: [SimDuration], onData: Expr, onFinish: Expr?,
                            into: LValue?) -> Self {
        Self(runLoop: runLoop, mode: mode, deliveries: deliveries, onData: onData, onFinish: onFinish, into: into)
    }
}

extension CancelConnectionStep {
    public static func make(connection: Expr) -> Self {
        Self(connection: connection)
    }
}

// MARK: RunLoop/RunLoops+Steps.swift

extension RunStep {
    public static func make(call: RunCall, durationExpression: Expr? = nil) -> Self {
        Self(call: call, durationExpression: durationExpression)
    }
}

extension StopOrWakeUpStep {
    public static func make(runLoop: Expr, stops: Bool) -> Self {
        Self(runLoop: runLoop, stops: stops)
    }
}

extension AddCommonModeStep {
    public static func make(runLoop: Expr, mode: String) -> Self {
        Self(runLoop: runLoop, mode: mode)
    }
}

extension PerformBlockStep {
    public static func make(runLoop: Expr, mode: String, block: Expr) -> Self {
        Self(runLoop: runLoop, mode: mode, block: block)
    }
}

extension AddObserverStep {
    public static func make(runLoop: Expr, mode: String, activities: RunLoopActivity, repeats: Bool, order: Int,
                            block: Expr, into: LValue? = nil) -> Self {
        Self(runLoop: runLoop, mode: mode, activities: activities, repeats: repeats, order: order, block: block,
             into: into)
    }
}

extension RemoveFromRunLoopStep {
    public static func make(item: Expr, runLoop: Expr, mode: String, isObserver: Bool) -> Self {
        Self(item: item, runLoop: runLoop, mode: mode, isObserver: isObserver)
    }
}

extension InvalidateRunLoopItemStep {
    public static func make(item: Expr, isObserver: Bool) -> Self {
        Self(item: item, isObserver: isObserver)
    }
}

extension AddSourceStep {
    public static func make(runLoop: Expr, mode: String, order: Int, block: Expr, into: LValue?) -> Self {
        Self(runLoop: runLoop, mode: mode, order: order, block: block, into: into)
    }
}

extension SignalStep {
    public static func make(source: Expr) -> Self {
        Self(source: source)
    }
}

extension LimitDateStep {
    public static func make(mode: String, runLoop: Expr, result: LValue?) -> Self {
        Self(mode: mode, runLoop: runLoop, result: result)
    }
}

// MARK: RunLoop/SocketPorts+Steps.swift

extension MakeSocketPortStep {
    public static func make(block: Expr?, remote: Expr?, into: LValue?) -> Self {
        Self(block: block, remote: remote, into: into)
    }
}

extension ScheduleSocketPortStep {
    public static func make(port: Expr, runLoop: Expr, mode: String, removes: Bool) -> Self {
        Self(port: port, runLoop: runLoop, mode: mode, removes: removes)
    }
}

extension InvalidatePortStep {
    public static func make(port: Expr) -> Self {
        Self(port: port)
    }
}

// MARK: Threads/Threads+Steps.swift

extension DetachThreadStep {
    public static func make(name: String, block: Expr, into: LValue? = nil) -> Self {
        Self(name: name, block: block, into: into)
    }
}

// MARK: Timers/Timers+Steps.swift

extension MakeDisplayLinkStep {
    public static func make(target: Expr, classIndex: Int, method: Int, fps: Int, label: String,
                            into: LValue?) -> Self {
        Self(target: target, classIndex: classIndex, method: method, fps: fps, label: label, into: into)
    }
}

extension MakeTimerStep {
    public static func make(spec: TimerSpec, into: LValue?) -> Self {
        Self(spec: spec, into: into)
    }
}

extension AddTimerStep {
    public static func make(timer: Expr, runLoop: Expr, mode: String) -> Self {
        Self(timer: timer, runLoop: runLoop, mode: mode)
    }
}

extension InvalidateOrFireStep {
    public static func make(timer: Expr, fires: Bool) -> Self {
        Self(timer: timer, fires: fires)
    }
}

extension SetPausedStep {
    public static func make(link: Expr, paused: Expr) -> Self {
        Self(link: link, paused: paused)
    }
}

extension SetFireDateStep {
    public static func make(timer: Expr, at: Expr?, after: SimDuration) -> Self {
        Self(timer: timer, at: at, after: after)
    }
}

// MARK: UIKit/UIKit+Steps.swift

extension MakeNavigationControllerStep {
    public static func make(root: Expr, into: LValue?, site: String = "") -> Self {
        Self(root: root, into: into, site: site)
    }
}

extension PushStep {
    public static func make(controller: Expr, navigationController: Expr, animated: Bool, site: String = "") -> Self {
        Self(controller: controller, navigationController: navigationController, animated: animated, site: site)
    }
}

extension PopStep {
    public static func make(navigationController: Expr, toRoot: Bool, animated: Bool = true) -> Self {
        Self(navigationController: navigationController, toRoot: toRoot, animated: animated)
    }
}

extension SetRightBarButtonStep {
    public static func make(controller: Expr, content: BarButtonContent, target: Expr? = nil) -> Self {
        Self(controller: controller, content: content, target: target)
    }
}

extension PresentStep {
    public static func make(controller: Expr, presenter: Expr, animated: Bool, style: PresentationStyle = .fullScreen,
                            completion: Expr? = nil, site: String = "") -> Self {
        Self(controller: controller, presenter: presenter, animated: animated, style: style, completion: completion,
             site: site)
    }
}

extension DismissStep {
    public static func make(controller: Expr, animated: Bool, completion: Expr? = nil) -> Self {
        Self(controller: controller, animated: animated, completion: completion)
    }
}

extension ScrollStep {
    public static func make(drag: DurationSpec, decelerate: DurationSpec) -> Self {
        Self(drag: drag, decelerate: decelerate)
    }
}
