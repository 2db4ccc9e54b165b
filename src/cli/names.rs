//! `hus names [NAME]`: every name a script can use with its one-line meaning, or one name's
//! full entry (reference §11).

use hus::check::glossary::{lookup, render, ENTRIES};

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// A predicate, constant (`villainFlopRaise` too), action, table cell or act; all of
    /// them when left out.
    pub name: Option<String>,
}

pub fn run(args: Args) -> u8 {
    let text = match &args.name {
        None => {
            let width = ENTRIES.iter().map(|e| e.name.len()).max().unwrap_or(0);
            let mut s = String::new();
            for e in ENTRIES {
                s.push_str(&format!(
                    "{:width$}  {:16}  {}\n",
                    e.name,
                    e.kind.word(),
                    e.meaning
                ));
            }
            s
        }
        Some(name) => match lookup(name) {
            Some((entry, member)) => {
                // The canonical spelling: `potOdds` for `potodds`.
                let shown = match &member {
                    Some(_) => {
                        hus::game::Constant::from_name(name).map_or(name.clone(), |c| c.name())
                    }
                    None => entry.name.to_string(),
                };
                render(entry, member.as_deref(), &shown)
            }
            None => {
                let hint = match hus::check::names::habit(name) {
                    Some(h) => format!("; in HUS, {h}"),
                    None => hus::check::names::suggestion(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default(),
                };
                errln!("hus names: `{name}` is not a name HUS knows{hint}");
                return exit::USAGE;
            }
        },
    };
    match super::to_stdout(&text) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}
