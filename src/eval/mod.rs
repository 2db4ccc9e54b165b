//! The evaluator (spec 7): a checked [`crate::ir::Program`] and a [`crate::game::GameState`]
//! make a decision.
