//! A heads-up no-limit dealer that plays bots against each other (`hus match`).
