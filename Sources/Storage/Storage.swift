// Storage: drawings on disk. Reads and writes the drawing format and keeps the document's file safe;
// depends on Shapes, and on libc (Glibc: files, fsync, rename, flock, inotify, local time).
//
// Start at `DocumentStore` (open a drawing, damaged files kept aside, newer versions refused; save
// atomically, never over bytes it has not read) and `DrawingFormat` (the versioned JSON, read strictly
// by `DrawingDecoder` on `JSONScanner`, written deterministically). Then:
//
//   DocumentLimits         the bounds every saved drawing keeps (they fit together)
//   DocumentError          why bytes are not a drawing, each a one-line message with its place
//   DocumentLock, LockHolder, DocumentWatcher   one window per drawing; another program's changes
//   DocumentLocation       where the drawing and the pen live (XDG folders), exports and new drawings' names
//   PictureFormat          the formats a drawing is exported to, by extension
//   DiskVersion, SaveOutcome, FileIdentity      what is on disk, and what became of a save
//   FileSystem, FilePath, FileWriter, StateFile, AppendOnlyFile, SystemError, WriteError
//                          the file system through libc: paths as bytes, atomic writes, errors in words
//   JSONValue, DecimalNumber, CivilTime         JSON for recordings, exact numbers, local time for names
