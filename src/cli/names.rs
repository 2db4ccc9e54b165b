//! `hus names [NAME]`: every name a script can use with its one-line meaning, or one name's
//! full entry (reference §11).

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// A predicate, constant (`villainFlopRaise` too), action, table cell or act; all of
    /// them when left out.
    pub name: Option<String>,
    /// List the names whose name, meaning or definition mentions every word given
    /// (`--search fold`), instead of one name's entry.
    #[arg(long, value_name = "WORDS", conflicts_with = "name")]
    pub search: Option<String>,
}

/// The lines of a list of names, aligned as `hus names` prints them.
fn listing(names: &[hus::Name]) -> String {
    let width = names.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut s = String::new();
    for e in names {
        s.push_str(&format!(
            "{:width$}  {:16}  {}\n",
            e.name, e.kind, e.meaning
        ));
    }
    s
}

pub fn run(args: Args) -> u8 {
    if let Some(words) = &args.search {
        let found = hus::search_names(words);
        if found.is_empty() {
            errln!("hus names: no name's entry mentions `{words}`; `hus names` lists them all");
            return exit::USAGE;
        }
        return match super::to_stdout(&listing(&found)) {
            Ok(()) => exit::OK,
            Err(code) => code,
        };
    }
    let text = match &args.name {
        None => listing(&hus::names()),
        Some(name) => match hus::describe_name(name) {
            Ok(entry) => entry,
            Err(unknown) => {
                errln!("hus names: {unknown}");
                return exit::USAGE;
            }
        },
    };
    match super::to_stdout(&text) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}
