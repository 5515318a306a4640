// The Nib module: nib containers, the nib document model, loading and storyboards.
// Built on KeyedArchive's object graph and Unarchiver.
import KeyedArchive
