/// One registration in the default notification center.
public struct NotificationRegistration: Sendable {
    public enum Kind: Sendable {
        /// `addObserverForName:object:queue:usingBlock:`: the token (held strongly by the center) holds the block.
        case block(token: ObjectID, queue: QueueRef?)
        /// `addObserver:selector:name:object:`: the observer is held weakly or unretained, per the variant.
        case selector(observer: ObjectID, classIndex: Int, method: Int)
    }
    public var id: Int
    public var name: String
    /// The `object:` filter; `.null` matches every sender.
    public var object: Value
    public var kind: Kind
}
