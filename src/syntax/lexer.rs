//! The lexer (spec 2), built with logos.
