//! Hand strength (spec 11): a 7-card evaluator and the constants `handStrength`, `equity`,
//! `ppot`, `npot`, `ehs`.
