import LoopSimKernel

extension SimDuration {
    /// A random draw (in nanoseconds) as a duration: rounded, and clamped to `minimum`…100 years, so that a
    /// heavy-tailed distribution (a lognormal with a large sigma, a normal with a huge mean) can neither trap
    /// the conversion to integer nanoseconds nor push an instant past 64 bits. NaN gives `minimum`.
    /// - Parameters:
    ///   - nanoseconds: The draw.
    ///   - minimum: The smallest duration to return, in nanoseconds (0 or 1).
    static func drawn(_ nanoseconds: Double, atLeast minimum: Int64 = 0) -> SimDuration {
        let longest = ScenarioCompiler.longestDuration.nanoseconds
        guard nanoseconds.isFinite || nanoseconds == .infinity else { return SimDuration(nanoseconds: minimum) }
        let rounded = nanoseconds.rounded()
        if rounded >= Double(longest) { return SimDuration(nanoseconds: longest) }
        return SimDuration(nanoseconds: max(minimum, Int64(max(rounded, Double(minimum)))))
    }
}
