// Rendering: draws a drawing onto any Cairo surface.
import CCairo
import Document
