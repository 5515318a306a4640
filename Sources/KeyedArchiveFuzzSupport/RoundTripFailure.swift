/// The one deliberate trap of the fuzz support library: a round trip that did not give back what
/// went in. libFuzzer reports it as a crash and saves the input; unit tests replaying a committed
/// regression would crash the same way, which is why regressions are committed only once fixed.
enum RoundTripFailure {
    static func trap(_ surface: String, _ what: String) -> Never {
        fatalError("round trip through \(surface) changed the data: \(what)")
    }
}
