// Entry points shared by the libFuzzer harnesses in FuzzTesting/ and the regression unit tests.
import KeyedArchive

/// One decoder surface under fuzzing.
///
/// Each case is one libFuzzer executable in `FuzzTesting/` (``executableName``) and one corpus folder
/// `FuzzCorpus/<corpusName>/` with regressions under `FuzzCorpus/regressions/<corpusName>/`.
/// ``run(_:)`` never throws: decoding errors are expected and ignored; only a crash, a sanitizer
/// report, a hang or an out-of-memory counts as a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Binary plist reader, then every value walked and materialised.
    case bplist
    /// XML plist reader, then every value walked and materialised.
    case xmlPlist = "xmlplist"
    /// Keyed archive → ``ArchiveGraph``, then every object and value walked.
    case keyedGraph = "keyedgraph"
    /// Typed unarchiving of the fuzz test classes and Foundation shapes, secure or not.
    case unarchiver
    /// ``KeyedArchiveDecoder`` into a generic mirror, typed structs and a class graph; then the mirror
    /// re-encoded with ``KeyedArchiveEncoder`` and decoded again.
    case codable
    /// NIBArchive reader → ``ArchiveGraph``, then every object and value walked.
    case nibArchive = "nibarchive"
    /// Nib document model over any nib container, and the document tools (`ArchiveValidation`,
    /// `ArchiveInventory`, `ArchiveDiff`) on the same bytes.
    case nibModel = "nibmodel"
    /// Nib instantiation with generic objects.
    case nibInstantiate = "nibinstantiate"
    /// Decode, re-encode, decode again: the two decodes must be equal (a mismatch traps).
    case roundTrip = "roundtrip"
    /// XIB reader and compiler, then the compiled nib read back and instantiated.
    case xib
    /// Typedstream reader, Foundation shapes and text report, then a write → read → write fixed point.
    case typedstream

    /// The folder name under `FuzzCorpus/` (and `FuzzCorpus/regressions/`).
    public var corpusName: String { rawValue }

    /// The harness executable in `FuzzTesting/`.
    public var executableName: String {
        switch self {
        case .bplist: "FuzzBPlist"
        case .xmlPlist: "FuzzXMLPlist"
        case .keyedGraph: "FuzzKeyedGraph"
        case .unarchiver: "FuzzUnarchiver"
        case .codable: "FuzzCodable"
        case .nibArchive: "FuzzNIBArchive"
        case .nibModel: "FuzzNibModel"
        case .nibInstantiate: "FuzzNibInstantiate"
        case .roundTrip: "FuzzRoundTrip"
        case .xib: "FuzzXIB"
        case .typedstream: "FuzzTypedstream"
        }
    }

    /// The token dictionary under `FuzzCorpus/` that suits this target's input format.
    public var dictionaryName: String {
        switch self {
        case .bplist, .keyedGraph, .unarchiver, .codable: "keyed.dict"
        case .xmlPlist: "xml.dict"
        case .nibArchive, .nibModel, .nibInstantiate: "nib.dict"
        case .roundTrip: "all.dict"
        case .xib: "xib.dict"
        case .typedstream: "typedstream.dict"
        }
    }

    /// Runs one input through this target. Errors are swallowed; only crashes are findings.
    public func run(_ input: UnsafeRawBufferPointer) {
        run(Array(input))
    }

    /// Runs one input through this target. Errors are swallowed; only crashes are findings (a round-trip
    /// mismatch traps, so that libFuzzer records it).
    public func run(_ bytes: [UInt8]) {
        if let failure = replay(bytes) { failure.trap() }
    }

    /// Runs one input through this target as `run(_:)` does, but returns a round-trip mismatch
    /// instead of trapping. Other findings (traps, overflows) still crash: there is nothing to return.
    public func replay(_ bytes: [UInt8]) -> RoundTripFailure? {
        switch self {
        case .bplist: FuzzBPlist.run(bytes)
        case .xmlPlist: FuzzXMLPlist.run(bytes)
        case .keyedGraph: FuzzKeyedGraph.run(bytes)
        case .unarchiver: FuzzUnarchiver.run(bytes)
        case .codable: return FuzzCodable.run(bytes)
        case .nibArchive: FuzzNIBArchive.run(bytes)
        case .nibModel: FuzzNibModel.run(bytes)
        case .nibInstantiate: FuzzNibInstantiate.run(bytes)
        case .xib: FuzzXIB.run(bytes)
        case .typedstream:
            do throws(RoundTripFailure) { try FuzzTypedstream.run(bytes) } catch { return error }
        case .roundTrip:
            do throws(RoundTripFailure) { try FuzzRoundTrip.run(bytes) } catch { return error }
        }
        return nil
    }
}
