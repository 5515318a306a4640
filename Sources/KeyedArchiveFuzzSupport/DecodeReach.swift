import Synchronization

/// How many fuzz inputs reached a test class's `decode(with:)`: the measure the structure-aware mutator
/// is judged by (issue #14). `FuzzUnarchiver` counts; a harness prints ``summary`` at exit when
/// `FUZZ_REPORT_DECODES` is set.
public enum DecodeReach {
    private static let inputs = Atomic<Int>(0)
    private static let reaching = Atomic<Int>(0)
    private static let decodes = Atomic<Int>(0)
    /// `decodes` when the current input started (harness inputs run one at a time).
    private static let mark = Atomic<Int>(0)

    static func startInput() {
        inputs.add(1, ordering: .relaxed)
        mark.store(decodes.load(ordering: .relaxed), ordering: .relaxed)
    }

    static func endInput() {
        if decodes.load(ordering: .relaxed) > mark.load(ordering: .relaxed) { reaching.add(1, ordering: .relaxed) }
    }

    static func noteDecode() { decodes.add(1, ordering: .relaxed) }

    /// `decode-reach: <inputs> inputs, <n> reached a test class's decode(with:) (<p> %), <d> decode calls`.
    public static var summary: String {
        let n = inputs.load(ordering: .relaxed), r = reaching.load(ordering: .relaxed)
        let share = n == 0 ? 0 : Double(r) * 100 / Double(n)
        return "decode-reach: \(n) inputs, \(r) reached a test class's decode(with:) (\((share * 10).rounded() / 10) %), \(decodes.load(ordering: .relaxed)) decode calls"
    }
}
