// DrawingTesting: references and generators for the tests and the bench, never linked into the program.
// Uses only the public API of Shapes and Storage (and SeededRandom), so it can check them from outside.
//
//   DocumentFuzzing         seeded valid documents, damaged at random and fed to the loader: no crash, a
//                           one-line error for each rejection, a round trip for each acceptance
//   SampledHitTest          the book's 21-sample `lineAtPoint:`, the baseline `ShapeIndex` is tested and
//                           measured against
//   ShapeGeometry+Segments  lines and ellipses made and read by the segment that gives them
