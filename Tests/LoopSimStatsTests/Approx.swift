/// `|a - b| <= tolerance`, for floating-point expectations.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    (a - b).magnitude <= tolerance
}

/// Element-wise `isClose` for equal-length arrays.
func isClose(_ a: [Double], _ b: [Double], tolerance: Double = 1e-12) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { isClose($0, $1, tolerance: tolerance) }
}
