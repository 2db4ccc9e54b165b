//! `external` programs (spec 9): substitution, shell-like word splitting without a shell,
//! opt-in policy, time limits.
