// Canvas: what a frame shows, as plain values: the `Scene` (the drawing and its index, the shapes in
// progress, the selection) and the `Overlay`s drawn over it (menus, the help, notices). Pure Swift, no
// Cairo: the app (TouchTracker) makes scenes, Rendering is their only painter.
