extension Kernel {
    // MARK: Allocation

    /// `new ClassName`: an instance with its fields' initial values, retain count 1 (owned by the caller).
    func allocateInstance(classIndex: Int, label: String?, on thread: SimThread) -> ObjectID {
        let info = program.classes[classIndex]
        let o = heap.allocate(
            kind: .instance(classIndex: classIndex), className: info.name, label: label,
            slotNames: classSlotLayouts[classIndex].names, slotStrengths: classSlotLayouts[classIndex].strengths,
            slots: info.fields.map(\.initial), isDeclaredRoot: info.isRoot, at: now, on: thread.name)
        record(thread, .objectAlloc(object: name(o), className: name(info.name)))
        if info.initializer != nil { pendingInitializers.append(o.id) }
        return o.id
    }

    /// A block literal: its captures are evaluated and stored now (strong ones retained). A literal that captures
    /// nothing is its global block, which is never allocated.
    func allocateBlock(templateIndex: Int, in frame: ProgramFrame, on thread: SimThread) throws(RuntimeFault) -> ObjectID {
        let template = program.blocks[templateIndex]
        if template.captures.isEmpty { return globalBlock(templateIndex: templateIndex) }
        var values: [Value] = []
        var owned: [Bool] = []
        for capture in template.captures {
            let (v, isOwned) = try evaluateOwned(capture.value, in: frame, on: thread)
            values.append(v)
            owned.append(isOwned)
            if capture.strength == .strong, !isOwned { try requireRetainable(v) }
        }
        blockCounter += 1
        let o = heap.allocate(
            kind: .block(templateIndex: templateIndex), className: "block", label: "block#\(blockCounter)",
            slotNames: blockSlotLayouts[templateIndex].names, slotStrengths: blockSlotLayouts[templateIndex].strengths,
            slots: values, isDeclaredRoot: false, at: now, on: thread.name)
        for (i, capture) in template.captures.enumerated() {
            guard case .object(let id) = values[i] else { continue }
            switch (capture.strength, owned[i]) {
            case (.strong, false): retain(id)
            case (.strong, true): break
            case (_, true): release(id, on: thread)
            case (_, false): break
            }
        }
        record(thread, .blockAlloc(object: labelName(o), className: NameTable.block,
                                   captures: template.captures.map { name("\($0.strength.rawValue) \($0.name)") }))
        return o.id
    }

    /// The global block of a literal that captures nothing: the same object every time, with no `obj.alloc`
    /// (nothing is allocated: ``ObjectHeap/makeGlobalBlock(templateIndex:label:at:)``). Its name counts block
    /// literals in the scenario's order, after what a debugger prints (`<__NSGlobalBlock__: 0x…>`).
    private func globalBlock(templateIndex: Int) -> ObjectID {
        if let id = globalBlocks[templateIndex] { return id }
        let id = heap.makeGlobalBlock(templateIndex: templateIndex, label: "__NSGlobalBlock__#\(templateIndex + 1)",
                                      at: now).id
        globalBlocks[templateIndex] = id
        return id
    }

    // MARK: Counting

    /// +1 on `id`. A live or deallocating object counts it (a reference its dealloc takes and keeps is left
    /// dangling when it is freed: see ``destroy(_:on:)``). Retaining a freed object (reached through an
    /// unretained reference) crashes the app; paths that can throw check first with ``requireRetainable(_:)``.
    func retain(_ id: ObjectID) {
        guard heap.object(id) != nil else {
            appCrashed(deallocatedMessage(id).message, on: threads.all.first { $0.state == .running })
            return
        }
        heap.retain(id)
    }

    /// The fault of retaining `value` when it names a freed object: `objc_retain` on a dangling pointer.
    func requireRetainable(_ value: Value) throws(RuntimeFault) {
        if case .object(let id) = value, heap.object(id) == nil { throw deallocatedMessage(id) }
    }

    /// -1 on `id`, released by `thread`; at zero the object's dealloc is queued to run on that thread.
    /// Releasing a freed object is a use-after-free: the app crashes (a reference its dealloc took outlived it,
    /// or an unretained one did).
    func release(_ id: ObjectID, on thread: SimThread) {
        guard heap.object(id) != nil else {
            if let name = heap.danglingObjects[id] {
                appCrashed("message sent to deallocated instance \(id) (\(name)): a reference taken during its dealloc "
                    + "outlived it (the ObjC runtime ignores a retain of a deallocating object; releasing it is a "
                    + "use-after-free)", on: thread)
            } else {
                appCrashed(deallocatedMessage(id).message, on: thread)
            }
            return
        }
        if let dying = heap.release(id) {
            thread.pendingDeallocs.append(dying)
        }
    }

    /// The modelled app crashed here: the run stops after the step under way (a `crash` event is traced).
    func appCrashed(_ message: String, on thread: SimThread?) {
        guard crash == nil else { return }
        crash = Crash(message: message, at: now, thread: thread?.name ?? "kernel")
        record(thread, .crash(message: name(message)))
    }

    /// The end of a dealloc: release every strong slot (fields of a dead owner count as let go), free the object.
    func destroy(_ object: HeapObject, on thread: SimThread) {
        let isInstance: Bool
        if case .instance = object.kind { isInstance = true } else { isInstance = false }
        for i in 0..<object.slotCount where object.slotStrengths[i] == .strong {
            guard case .object(let id) = object[slot: i] else { continue }
            object[slot: i] = .null
            release(id, on: thread)
            if isInstance, let child = heap.object(id), child.state == .alive { abandon(child, because: "owner died") }
        }
        if let links = uikit.removeLinks(of: object.id) {
            for (_, id) in links.strongLinks {
                release(id, on: thread)
                if let child = heap.object(id), child.state == .alive { abandon(child, because: "owner died") }
            }
        }
        if object.isTimer { records.finishedTimers.append(RunOutcome.record(object)) }
        if object.dispatchSource != nil { records.finishedSources.append(RunOutcome.record(source: object)) }
        // References taken while it was deallocating (its dealloc retained it: a block capturing self, self stored
        // into a strong field) do not keep it: the ObjC runtime ignores a retain of a deallocating object. It is
        // freed anyway, and those references dangle; releasing one later crashes the app (``release(_:on:)``).
        let dangling = object.retainCount
        heap.finishDealloc(object)
        records.deaths.append(DeathRecord(object: object.label, className: object.className, serial: object.serial, at: now,
                                  thread: thread.name))
        record(thread, .dealloc(object: name(object)))
        if dangling > 0 {
            record(thread, .dangling(object: name(object), references: Int64(dangling)))
        }
    }

    /// Marks an object the scenario let go of: from now on, being alive at the end is a leak. What only it owns
    /// (strong references held by nothing else) is let go with it: a controller's navigation item takes its bar
    /// button and the bar button its custom view.
    func abandon(_ object: HeapObject, because reason: String) {
        guard !object.isAbandoned, object.canLeak else { return }
        object.isAbandoned = true
        record(nil, .letGo(object: name(object), reason: name(reason)))
        for (_, id) in LeakAnalysis(kernel: self).edges(object) {
            if let child = heap.object(id), child.state == .alive, child.retainCount == 1 {
                abandon(child, because: "owned only by \(object.displayName)")
            }
        }
    }

    // MARK: Slots

    /// Reads slot `index` of `id`, as Objective-C would: nil for a zeroing-weak slot whose object is dying.
    func readSlot(_ id: ObjectID, _ index: Int) -> Value {
        guard let o = heap.object(id) else { return .null }
        let value = o[slot: index]
        if o.slotStrengths[index] == .weak, case .object(let target) = value, !heap.isAlive(target) { return .null }
        return value
    }

    /// Stores `value` (owned or borrowed) into slot `index` of `id`, honouring the slot's strength.
    /// Returns the object the store dropped a strong reference to, if any.
    @discardableResult
    func writeSlot(_ id: ObjectID, _ index: Int, _ value: Value, owned: Bool, on thread: SimThread) -> ObjectID? {
        guard let o = heap.object(id) else { return nil }
        let strength = o.slotStrengths[index]
        let old = o[slot: index]
        o[slot: index] = value
        if case .object(let newID) = value {
            switch (strength, owned) {
            case (.strong, false): retain(newID)
            case (.strong, true): break
            case (_, true): release(newID, on: thread)
            case (_, false): break
            }
        }
        if strength == .strong, case .object(let oldID) = old {
            release(oldID, on: thread)
            return oldID
        }
        return nil
    }
}
