// Shapes: the drawing itself, as values. Pure Swift: no files, no X, no Cairo (Synchronization only, for
// revision numbers); everything is a value type, so tests compare states.
//
// Start at `Shape` (an id, the geometry of its kind, a style) and `Drawing` (the finished shapes in
// drawing order, each change remembered for the caches that follow it: `DrawingChange`). Then:
//
//   Geometry, Colour       points, vectors, rectangles; sRGB colours
//   ShapeGeometry          the kinds of shape, and the one switch over them: bounds, exact distance, moved
//   Segment, Ellipse, Ink  each kind's own geometry (a line's, an ellipse's, a freehand stroke's: points in a
//                          shared buffer, drawn as CubicBezier pieces; simplified when finished, erased in parts)
//   ShapeStyle             a shape's colour and width, packed
//   ShapeInProgress        a shape a contact is still drawing (red), as wide as it will be
//   Edit, History          one undoable change to the drawing, and the undo and redo stacks
//   ShapeIndex             the spatial index: the shape nearest a point, the shapes meeting a rectangle
//   IndexedDrawing         a drawing and its index kept in step (every edit goes through it)
//   DrawingMerge           a three-way merge by shape content, for a file another program wrote
//
// Reading and writing drawings is Storage's; what a frame shows is Canvas's.
