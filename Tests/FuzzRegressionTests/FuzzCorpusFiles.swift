import Foundation
import KeyedArchiveFuzzSupport
import Testing

/// A committed fuzz input: a seed under `FuzzCorpus/<target>/` or a regression under
/// `FuzzCorpus/regressions/<target>/`.
struct FuzzCorpusFile: Sendable, CustomTestStringConvertible {
    var path: String
    var target: FuzzTarget
    var isRegression: Bool

    var testDescription: String {
        (isRegression ? "regressions/" : "") + target.corpusName + "/" + (path as NSString).lastPathComponent
    }

    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

enum FuzzCorpusFiles {
    /// `FuzzCorpus/` at the package root, found from this file's location.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("FuzzCorpus").path
    }()

    static func files(in folder: String, target: FuzzTarget, isRegression: Bool) -> [FuzzCorpusFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map {
            FuzzCorpusFile(path: folder + "/" + $0, target: target, isRegression: isRegression)
        }
    }

    /// Every regression file, for every target.
    static let regressions: [FuzzCorpusFile] = FuzzTarget.allCases.flatMap {
        files(in: root + "/regressions/" + $0.corpusName, target: $0, isRegression: true)
    }

    /// Every seed file, for every target.
    static let seeds: [FuzzCorpusFile] = FuzzTarget.allCases.flatMap {
        files(in: root + "/" + $0.corpusName, target: $0, isRegression: false)
    }
}
