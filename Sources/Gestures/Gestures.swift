// Gestures: pointer/touch events, recognizers and the arbiter. Depends on Timing only.
// (Placeholder: the engine lands with the gesture-engine issue.)
import Timing
