//! The reference's table of names (docs/language.md §11) is the checker's glossary, rendered:
//! `HUS_UPDATE_GOLDEN=1 cargo test --test it reference_names::` rewrites it.

use hus_lang::check::glossary::reference_section;

use crate::support::{golden, root};

const MARK_START: &str = "<!-- names:start -->";
const MARK_END: &str = "<!-- names:end -->";

/// Where the generated table starts and ends in the reference.
fn section(doc: &str) -> (usize, usize) {
    (
        doc.find(MARK_START).expect("start marker") + MARK_START.len(),
        doc.find(MARK_END).expect("end marker"),
    )
}

/// docs/language.md section 11 is this table.
#[test]
fn the_reference_lists_exactly_these_names() {
    let want = reference_section();
    let doc = golden::committed(&root().join("docs/language.md"), |doc| {
        let (a, b) = section(doc);
        format!("{}{}\n{}", &doc[..a], want, &doc[b..])
    });
    let (a, b) = section(&doc);
    assert_eq!(
        doc[a..b].trim_end(),
        want.trim_end(),
        "HUS_UPDATE_GOLDEN=1 cargo test --test it reference_names:: rewrites it"
    );
}
