import LoopSimKernel

/// A JSON Lines trace written while its run goes on (`loopsim run --trace F.jsonl`): each event the kernel records
/// is encoded at once into the staged file's buffer, which is written out a 1 MiB block at a time, so memory holds
/// a block of the trace, never the trace. The file is renamed over its target only when the command's outputs are
/// all complete (``OutputTarget/writeTogether(_:streamed:)``); after Ctrl-C or a limit the run ends with its
/// `limit` and `run.end` events, so what is written is a whole trace of the run so far.
final class TraceFileSink: TraceSink {
    let file: StagedFile
    private var encoder = TraceEncoder()

    /// Creates the target's temporary file.
    /// - Throws: ``OutputTarget/WriteError`` when it cannot be created.
    init(_ target: OutputTarget) throws(OutputTarget.WriteError) {
        file = try StagedFile(target)
    }

    func record(_ event: SimEvent, seq: Int, names: borrowing NameTable) {
        guard file.failure == nil else { return }
        encoder.append(event, seq: seq, names: names, to: &file.writer.buffer)
        file.writer.buffer.append(UInt8(ascii: "\n"))
        file.flushIfFull()
    }
}
