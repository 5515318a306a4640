// Entry points shared by the libFuzzer harnesses in FuzzTesting/ and the regression unit tests.
import KeyedArchive
import Nib
