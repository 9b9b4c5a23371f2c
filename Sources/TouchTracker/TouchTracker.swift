// TouchTracker: the app's behaviour (the book's BNRDrawView), testable without a display.
//
// Start at CanvasModel.swift: the state (drawing + index, history, selection, menu, help)
// and the shared steps every gesture uses. Each kind of input has its own extension file:
//   CanvasModel+Contacts  drawing with one or many contacts (red in progress, black when done)
//   CanvasModel+Taps      click selects (provisionally until the double click fails), double click clears
//   CanvasModel+Dragging  long press picks a line up; a drag on the selected line moves it
//   CanvasModel+Menu      right click opens the context menu (ContextMenu.swift holds its geometry)
//   CanvasModel+Keys      Delete, Escape, undo/redo, nudges, help; AppCommand for what the shell does
// Interaction.swift holds the two small state machines in flight (a pending click, a dragged line).
// The model knows nothing of X or of the gesture engine's types: an adapter calls these methods.
import Document
