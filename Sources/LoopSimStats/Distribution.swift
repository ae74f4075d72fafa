#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parametric probability distribution for simulation inputs
/// (durations, sizes, delays). Sampling is delegated to GSL through a
/// `RandomSource`, so results are deterministic for a given seed.
public enum Distribution: Hashable, Sendable {
    /// Always `value`.
    case fixed(Double)
    /// Uniform on `[lower, upper)`; `lower == upper` is allowed and yields `lower`.
    case uniform(lower: Double, upper: Double)
    /// Exponential with the given mean (> 0).
    case exponential(mean: Double)
    /// Lognormal: `log X` is normal with mean `mu` and standard deviation `sigma` (>= 0).
    case lognormal(mu: Double, sigma: Double)
    /// Gamma with `shape` (> 0) and `scale` (> 0); mean `shape * scale`.
    case gamma(shape: Double, scale: Double)
    /// Normal with mean `mean` and standard deviation `sd` (>= 0).
    case normal(mean: Double, sd: Double)

    /// Draws one value.
    ///
    /// Consumes a distribution-dependent number of steps of `random`
    /// (zero for `.fixed`).
    /// - Precondition: `validationMessage == nil`. Invalid parameters are a
    ///   programming error here (GSL could loop forever on e.g. a NaN gamma
    ///   shape); call `validate()` when the parameters come from user input.
    public func sample(using random: RandomSource) -> Double {
        precondition(isValid, "invalid distribution \(self): \(validationMessage ?? "")")
        switch self {
        case .fixed(let value):
            return value
        case .uniform(let lower, let upper):
            return random.flat(lower: lower, upper: upper)
        case .exponential(let mean):
            return random.exponential(mean: mean)
        case .lognormal(let mu, let sigma):
            return random.lognormal(zeta: mu, sigma: sigma)
        case .gamma(let shape, let scale):
            return random.gamma(shape: shape, scale: scale)
        case .normal(let mean, let sd):
            return mean + random.gaussian(sigma: sd)
        }
    }

    /// The expected value of the distribution.
    public var mean: Double {
        switch self {
        case .fixed(let value): value
        case .uniform(let lower, let upper): lower + (upper - lower) / 2
        case .exponential(let mean): mean
        case .lognormal(let mu, let sigma): exp(mu + sigma * sigma / 2)
        case .gamma(let shape, let scale): shape * scale
        case .normal(let mean, _): mean
        }
    }

    /// Whether all parameters are finite and within their domains.
    public var isValid: Bool { validationMessage == nil }

    /// A description of the first invalid parameter, or `nil` when the
    /// distribution is valid.
    public var validationMessage: String? {
        switch self {
        case .fixed(let value):
            return value.isFinite ? nil : "fixed value must be finite"
        case .uniform(let lower, let upper):
            guard lower.isFinite, upper.isFinite else { return "uniform bounds must be finite" }
            return lower <= upper ? nil : "uniform lower bound must not exceed upper bound"
        case .exponential(let mean):
            return mean.isFinite && mean > 0 ? nil : "exponential mean must be finite and > 0"
        case .lognormal(let mu, let sigma):
            guard mu.isFinite else { return "lognormal mu must be finite" }
            return sigma.isFinite && sigma >= 0 ? nil : "lognormal sigma must be finite and >= 0"
        case .gamma(let shape, let scale):
            guard shape.isFinite, shape > 0 else { return "gamma shape must be finite and > 0" }
            return scale.isFinite && scale > 0 ? nil : "gamma scale must be finite and > 0"
        case .normal(let mean, let sd):
            guard mean.isFinite else { return "normal mean must be finite" }
            return sd.isFinite && sd >= 0 ? nil : "normal sd must be finite and >= 0"
        }
    }

    /// Throws a `GSLError` with code `GSL_EDOM` and `validationMessage` as
    /// its message when a parameter is invalid.
    public func validate() throws(GSLError) {
        if let message = validationMessage {
            throw GSLError.domain(message)
        }
    }
}
