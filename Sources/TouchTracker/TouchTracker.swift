// TouchTracker: the app's behaviour (the book's BNRDrawView), testable without a display.
//
// Start at AppCore.swift: the event loop's step with the I/O taken out. The shell hands it `AppInput`s
// and the time and performs the `AppEffect`s it returns (saves, exports, titles, messages, exit); it
// paints `AppCore.scene`. Below it:
//   AppController         the gesture engine set up with the book's recognizers, driving the model
//   CanvasModel           the state (drawing + index, history, selection, menu, help, shapes in progress)
//                         and the shared steps; one extension file per kind of input:
//     +Contacts           drawing with one or many contacts (red in progress, black when done); each
//                         contact's ToolStroke holds the shape it draws and its speed and pressure
//     +Taps               click selects (provisionally until the double click fails), double click clears
//     +Dragging           long press picks a shape up; a drag on the selected shape moves it
//     +Menu               right click opens the context menu (ContextMenu.swift holds its geometry)
//     +Keys               commands from the key table
//     +Clipboard          which shapes Ctrl+C copies; where pasted shapes go
//   AppCore+Clipboard     copy, cut and paste as effects and inputs (the shell speaks X's selections)
//   AppCore+Files         the file chooser, opening and saving as, exports, new windows, as effects and inputs
//   KeyBindings           every key binding, once: dispatch, the help overlay, --help, README, man page
//   PointerActions        every pointer action, once, in words: the help overlay, --help, README, man page
//   Tool                  every tool, once: what a drag draws (line, circle), its key, cursor and help
//   Pen                   what the next shape is drawn with (tool, colour, width), and its file
//   DocumentSession       the open document: edits noticed, autosave state (Autosave), title
//   Interaction           the two small state machines in flight (a pending click, a dragged shape)
//   PanelStyle            the panels' one layout helper: text sizes at the screen's scale, text widths
//   HelpPanel             the help overlay's layout (smaller text, columns, scrolling) and the notices'
// The model names contacts with the engine's `ContactID`; it knows nothing else of the engine or of X.
