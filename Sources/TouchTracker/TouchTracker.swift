// TouchTracker: the app's behaviour (the book's BNRDrawView), testable without a display.
import Document
