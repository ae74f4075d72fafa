/// One row of ``eventCatalog``: everything about one kind of trace event.
struct EventDeclaration {
    /// A field of the event: its Swift label, its type and its JSON key.
    struct Field {
        /// How a field is typed, written, folded and read: the ``EventFieldVisitor`` and ``EventFieldReader``
        /// method of that name takes it.
        enum Shape: String {
            case name, int, bool, instant, duration, optionalDuration, names, waitSet, entered

            /// The field's Swift type in ``SimEvent/Body``.
            var swiftType: String {
                switch self {
                case .name: "Name"
                case .int: "Int64"
                case .bool, .entered: "Bool"
                case .instant: "SimInstant"
                case .duration: "SimDuration"
                case .optionalDuration: "SimDuration?"
                case .names: "[Name]"
                case .waitSet: "WaitSet"
                }
            }
        }

        var label: String
        var shape: Shape
        var key: String

        static func name(_ label: String, key: String? = nil) -> Field { Field(label, .name, key) }
        static func int(_ label: String, key: String? = nil) -> Field { Field(label, .int, key) }
        static func bool(_ label: String, key: String? = nil) -> Field { Field(label, .bool, key) }
        static func instant(_ label: String, key: String? = nil) -> Field { Field(label, .instant, key) }
        static func duration(_ label: String, key: String? = nil) -> Field { Field(label, .duration, key) }
        static func optionalDuration(_ label: String, key: String? = nil) -> Field {
            Field(label, .optionalDuration, key)
        }
        static func names(_ label: String, key: String? = nil) -> Field { Field(label, .names, key) }
        static func waitSet(_ label: String, key: String? = nil) -> Field { Field(label, .waitSet, key) }
        /// `rl.exit`'s `entered`: the trace writes it only when false.
        static func entered(_ label: String, key: String? = nil) -> Field { Field(label, .entered, key) }

        private init(_ label: String, _ shape: Shape, _ key: String?) {
            self.label = label
            self.shape = shape
            self.key = key ?? label
        }
    }

    /// The case of ``EventKind`` and of ``SimEvent/Body``.
    var name: String
    /// The name the trace line gives it (`ev`); two kinds may share one (`obj.alloc`), told apart by a field.
    var trace: String
    /// What it means (the case's doc comment).
    var doc: String
    var fields: [Field]
    /// The phrase the views say it with (a Swift expression); nil: its name and fields.
    var text: String?

    init(_ name: String, _ trace: String, _ doc: String, _ fields: Field..., text: String? = nil) {
        self.name = name
        self.trace = trace
        self.doc = doc
        self.fields = fields
        self.text = text
    }
}
