/// A round trip that did not give back what went in.
///
/// The libFuzzer entry point turns it into the one deliberate trap of the fuzz support library, so that
/// libFuzzer saves the input; ``FuzzTarget/replay(_:)`` returns it instead, so that a unit test replaying a
/// regression reports a failure rather than crashing the test process.
public struct RoundTripFailure: Error, CustomStringConvertible {
    /// Which format's round trip failed.
    public let surface: String
    /// What changed.
    public let what: String

    init(_ surface: String, _ what: String) {
        self.surface = surface
        self.what = what
    }

    /// `round trip through <surface> changed the data: <what>`.
    public var description: String { "round trip through \(surface) changed the data: \(what)" }

    /// The crash libFuzzer needs to record the input.
    func trap() -> Never {
        fatalError(description)
    }
}
