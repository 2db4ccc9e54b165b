//! `hus names [NAME]`: every name a script can use with its one-line meaning, or one name's
//! full entry (reference §11).

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
            let names = hus::names();
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
